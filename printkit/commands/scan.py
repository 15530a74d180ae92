"""`printkit scan FILE...`: check a printed play book, or read filled bubble sheets into a
record and verify it (the command line around printkit/playbookscan.py and
printkit/omr/scan.py).

The first file's first page is decoded and its codes read once: a bubble sheet's code there
(or several files) means bubble sheets, anything else a play book. A play book: exit 0
match, 1 mismatch (a copy whose QR does not re-derive must not be trusted), 2 unreadable (no
QR, not a play-book QR, not an image or PDF). Bubble sheets: exit 0 read and clean, 1
ambiguous bubbles or findings, 2 a file that cannot be read or a match whose sheets are no
whole game.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from printkit.errors import UserError


def scan(
    files: Annotated[list[Path], typer.Argument(
        help="A play-book PDF, or a PNG/JPEG scan or photo of a page; or bubble-log sheets "
             "(photos, scans, PDFs: all the sheets of a match).")],
    out: Annotated[Path | None, typer.Option(help="Bubble sheets: the record to write "
                                                  "(default: the first file's name, .rec).")]
    = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the record and crops.")]
    = False,
    rules: Annotated[Path | None, typer.Option(help="Bubble sheets: rules TOML the record is "
                                                    "verified with.")] = None,
) -> None:
    """Check a printed play book (decode its QR, re-derive its draws), or read filled bubble
    sheets into a record and verify it."""
    from printkit.omr.files import open_file

    first = open_file(files[0])          # its first page decoded and its codes read, once
    if len(files) > 1 or (first.first is not None and first.first[1].sheet is not None):
        from printkit.omr.scan import scan_sheets

        result = scan_sheets(files, out, force, rules, first)
        for line in result.lines:
            typer.echo(line)
        for error in result.errors:
            typer.echo(f"printkit: error: {error}", err=True)
        sys.exit(result.code)
    if out is not None or rules is not None:
        raise UserError("--out and --rules are for bubble sheets; a play book is only checked")
    from printkit.playbookscan import check_book

    book = check_book(first)
    for line in book.lines:
        typer.echo(line)
    sys.exit(book.code)


def register(app: typer.Typer) -> None:
    app.command("scan")(scan)
