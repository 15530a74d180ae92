"""`printkit render GAME SHEET`: one printable, on Letter or A4, to PDF (and PNG previews)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from printkit import sheets
from printkit.completion import game_ids, sheet_names
from printkit.errors import UserError
from printkit.output import OUTPUT_DIR, check_writable, pdf_target


class Paper(StrEnum):
    letter = "letter"
    a4 = "a4"


def default_out(game: str, sheet: str, paper: str) -> Path:
    return OUTPUT_DIR / f"{game}-{sheet}-{paper}.pdf"


def render_to_file(game: str, sheet: str, opts: sheets.RenderOptions, out: Path | None,
                   png: bool, force: bool) -> list[Path]:
    """Render one printable and write it; returns the files written (PDF first)."""
    from printkit.layout import load_layout
    from printkit.preview import write_pdf

    printable = sheets.get(game, sheet)
    if opts.rules_file is not None and not printable.rules:
        raise UserError(f"{opts.rules_file}: --rules is not used by the {game} {sheet} sheet")
    out = pdf_target(out) if out else default_out(game, sheet, opts.paper)
    check_writable(out, force)
    layout = load_layout(printable.layout, opts.layout_file, ink_saver=opts.ink_saver)
    return write_pdf(out, sheets.render(printable, opts, layout), png, force)


def render(
    game: Annotated[str, typer.Argument(help="Game id (printkit list shows every game and "
                                             "its sheets).", autocompletion=game_ids)],
    sheet: Annotated[str, typer.Argument(help="Sheet of that game (printkit list).",
                                         autocompletion=sheet_names)],
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.letter,
    out: Annotated[Path | None, typer.Option(help="Output PDF path "
                                                  "(default output/GAME-SHEET-PAPER.pdf).")] = None,
    png: Annotated[bool, typer.Option("--png", help="Also write a 150 dpi PNG per page.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
    layout: Annotated[Path | None, typer.Option(help="Your layout TOML laid over the shipped "
                                                     "one.")] = None,
    rules: Annotated[Path | None, typer.Option(help="Rules TOML with your own chart values "
                                                    "(games that support it).")] = None,
    home: Annotated[str, typer.Option(help="Home team name.")] = "HOME",
    away: Annotated[str, typer.Option(help="Away team name.")] = "AWAY",
    ink_saver: Annotated[bool, typer.Option("--ink-saver", help="Pale fills to save "
                                                                "toner.")] = False,
    from_record: Annotated[Path | None, typer.Option(
        "--from", help="bubblelog: shade the sheets from this record (demos, tests).")] = None,
    seed: Annotated[str | None, typer.Option(help="bubblelog: the play-book seed the sheets' "
                                                  "QR codes carry.")] = None,
    match: Annotated[str | None, typer.Option(help="bubblelog: a match name for the QR "
                                                   "codes.")] = None,
    sheets_count: Annotated[int | None, typer.Option(
        "--sheets", min=1, max=99, help="bubblelog: blank sheets to print, numbered 1..N "
                                        "(default 1; 6 pages for --fillable).")] = None,
    fillable: Annotated[bool, typer.Option("--fillable", help="bubblelog: a fillable PDF "
                                           "form (one field per cell) instead of bubbles.")]
    = False,
) -> None:
    """Render one printable to PDF."""
    extra: dict[str, object] = {}
    if from_record or seed or match or sheets_count or fillable:
        if sheet != "bubblelog":
            raise UserError("--from, --seed, --match, --sheets and --fillable are options of "
                            "the bubblelog sheet")
        extra = {"from": from_record, "seed": seed, "match": match, "sheets": sheets_count,
                 "fillable": fillable}
    opts = sheets.RenderOptions(paper=paper.value, home=home, away=away, ink_saver=ink_saver,
                                layout_file=layout, rules_file=rules, extra=extra)
    for path in render_to_file(game, sheet, opts, out, png, force):
        typer.echo(str(path))


def register(app: typer.Typer) -> None:
    app.command("render")(render)
