"""`printkit serve [CLASSDIR]`: the teacher's page in a browser (printkit/server/).

Serves on 127.0.0.1 only, unless --lan (the local network too, phones behind a passcode);
the class folder holds the state (printkit.sqlite) and every class's files. Ctrl-C stops it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printkit.errors import UserError


def serve(
    class_dir: Annotated[Path, typer.Argument(
        metavar="CLASSDIR", help="The class folder: its state and every class's files (made "
                                 "if missing).")] = Path("printkit-classes"),
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port on 127.0.0.1 (0: any free "
                                                             "port, printed).")] = 8000,
    browser: Annotated[bool, typer.Option("--browser/--no-browser", help="Open the page in "
                                                                         "the browser.")]
    = True,
    lan: Annotated[bool, typer.Option("--lan", help="Serve the local network too: phones hand "
                                                    "in photos behind a passcode (printed, "
                                                    "and a QR code on each class's page).")]
    = False,
) -> None:
    """Serve the teacher's page: make a class, hand in sheets, audit, standings."""
    from printkit.server.run import serve as run

    if class_dir.exists() and not class_dir.is_dir():
        raise UserError(f"{class_dir}: not a directory")
    try:
        run(class_dir, port, browser, lambda line: typer.echo(line, err=True), lan)
    except OSError as exc:
        where = "the local network" if lan else "127.0.0.1"
        raise UserError(f"--port {port}: cannot listen on {where} ({exc.strerror or exc})"
                        ) from None


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
