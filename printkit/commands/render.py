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


def check_players(game: str, sheet: str, players: int | None) -> int | None:
    """The player count for a sheet drawn per player count (a game whose play book counts
    players): the book's default when not given, a one-line error outside its range or for
    a sheet that has no players option."""
    from engine import registry

    printable = sheets.get(game, sheet)
    scheme = registry.get(game).book.players
    if scheme is None or not printable.players:
        if players is not None:
            raise UserError(f"--players is not an option of the {game} {sheet} sheet")
        return None
    players = scheme.default if players is None else players
    if not scheme.low <= players <= scheme.high:
        raise UserError(f"--players: {registry.get(game).title} is for {scheme.low}-"
                        f"{scheme.high} players, not {players}")
    return players


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
    players: Annotated[int | None, typer.Option("--players", help="Players at the table "
                                                "(sheets of games with a player count).")
                       ] = None,
) -> None:
    """Render one printable to PDF."""
    opts = sheets.RenderOptions(paper=paper.value, home=home, away=away, ink_saver=ink_saver,
                                layout_file=layout, rules_file=rules,
                                players=check_players(game, sheet, players))
    for path in render_to_file(game, sheet, opts, out, png, force):
        typer.echo(str(path))


def register(app: typer.Typer) -> None:
    app.command("render")(render)
