"""The printkit command line. Each command lives in printkit/commands/<name>.py."""

from __future__ import annotations

import importlib
import sys

import typer

from engine.errors import ReadError
from printkit.errors import UserError

COMMANDS = (
    "listing",
    "render",
    "verify",
    "playbook",
    "scan",
    "simulate",
)

app = typer.Typer(
    name="printkit",
    help="Print-and-play materials, seeded play books and record audits for paper football.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

for _name in COMMANDS:
    importlib.import_module(f"printkit.commands.{_name}").register(app)


def main() -> None:
    """Console entry point: bad input is one line on stderr and exit 2, never a traceback."""
    try:
        app()
    except (UserError, ReadError) as exc:
        typer.echo(f"printkit: error: {exc}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("printkit: interrupted", err=True)
        sys.exit(130)
