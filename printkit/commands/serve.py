"""`printkit serve [CLASSDIR]`: the teacher's page in a browser (printkit/server/).

Serves on 127.0.0.1 only; the class folder holds the state (printkit.sqlite) and every
class's files. Ctrl-C stops it.
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
) -> None:
    """Serve the teacher's page: make a class, hand in sheets, audit, standings."""
    from printkit.server.run import serve as run

    if class_dir.exists() and not class_dir.is_dir():
        raise UserError(f"{class_dir}: not a directory")
    try:
        run(class_dir, port, browser, lambda line: typer.echo(line, err=True))
    except OSError as exc:
        raise UserError(f"--port {port}: cannot listen on 127.0.0.1 ({exc.strerror or exc})"
                        ) from None


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
