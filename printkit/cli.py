"""The printkit command line. Each command lives in printkit/commands/<name>.py.

Exit codes are a contract scripts rely on: 0 success, 1 a finding or a mismatch (verify, scan,
audit), 2 bad input or a refused action (one line on stderr naming the file, line or option),
70 a bug in printkit itself (one line too; PRINTKIT_DEBUG=1 shows the traceback), 130 Ctrl-C.
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
from typing import Annotated

import typer

from engine.errors import ReadError
from printkit import __version__
from printkit.errors import UserError
from printkit.text import one_line

COMMANDS = (
    "listing",
    "render",
    "verify",
    "playbook",
    "scan",
    "simulate",
    "odds",
    "classroom",
    "audit",
)
EXIT_BUG = 70

app = typer.Typer(
    name="printkit",
    help="Print-and-play materials, seeded play books and record audits for paper football.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=True,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"printkit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Print-and-play materials, seeded play books and record audits for paper football."""


for _name in COMMANDS:
    importlib.import_module(f"printkit.commands.{_name}").register(app)


def _usage_message(exc: typer.TyperException) -> str:
    ctx = getattr(exc, "ctx", None)
    sub = ctx is not None and ctx.parent is not None and ctx.info_name
    where = f"{ctx.info_name}: " if sub else ""
    return one_line(f"{where}{exc.format_message()}")


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt     # unwinds like Ctrl-C: staged files are removed on the way out


def main(argv: list[str] | None = None) -> None:
    """Console entry point: bad input is one line on stderr and exit 2, never a traceback."""
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _terminate)
    try:
        code = app(args=argv, prog_name="printkit", standalone_mode=False)
    except (UserError, ReadError) as exc:
        typer.echo(f"printkit: error: {one_line(str(exc))}", err=True)
        sys.exit(2)
    except typer.TyperException as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            typer.echo(ctx.get_help())
            sys.exit(0)
        typer.echo(f"printkit: error: {_usage_message(exc)}", err=True)
        sys.exit(2 if exc.exit_code == 2 else exc.exit_code)
    except typer.Abort:
        typer.echo("printkit: aborted", err=True)
        sys.exit(130)
    except KeyboardInterrupt:
        typer.echo("printkit: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.stderr.close()      # a reader that went away (`| head`): nothing left to say
        sys.exit(1)
    except Exception as exc:   # noqa: BLE001 - the last line of defence: never a traceback
        if os.environ.get("PRINTKIT_DEBUG"):
            raise
        typer.echo(f"printkit: internal error: {type(exc).__name__}: {one_line(str(exc))} "
                   "(a bug in printkit; PRINTKIT_DEBUG=1 shows the traceback)", err=True)
        sys.exit(EXIT_BUG)
    sys.exit(code if isinstance(code, int) else 0)
