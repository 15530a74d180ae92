"""`printkit kit GAME`: one PDF with everything one table needs to play (printkit/kit.py)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from printkit.completion import game_ids
from printkit.errors import UserError


class Paper(StrEnum):
    letter = "letter"
    a4 = "a4"


def kit(
    game: Annotated[str, typer.Argument(help="Game id (printkit list shows them).",
                                        autocompletion=game_ids)],
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.letter,
    out: Annotated[Path | None, typer.Option(
        help="Output PDF (default output/GAME-kit-PAPER.pdf).")] = None,
    home: Annotated[str, typer.Option(help="Home team name.")] = "HOME",
    away: Annotated[str, typer.Option(help="Away team name.")] = "AWAY",
    seed: Annotated[str | None, typer.Option(
        help="The play book's seed (any text; default: a fresh seed, printed).")] = None,
    simplex: Annotated[bool, typer.Option(
        "--simplex", help="For a one-sided printer: the pages in plain order, no blank backs "
                          "(default: ordered for duplex printing).")] = False,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")]
    = False,
) -> None:
    """Print one table's kit: a cover (contents, sheets, what to cut, what else is needed),
    the game's sheets and a play book, ordered for duplex printing."""
    from printkit.kit import default_out, fresh_seed, render_kit
    from printkit.output import FileSet, pdf_target
    from printkit.sheets import RenderOptions
    from printkit.teamnames import check_name
    from printkit_engine import registry
    from printkit_engine.playbook import BookError, make_spec

    if game not in registry.GAMES:
        raise UserError(f"unknown game {game!r} (games: {', '.join(registry.GAMES)})")
    opts = RenderOptions(paper=paper.value, home=check_name("--home", home),
                         away=check_name("--away", away))
    given = seed is not None
    seed = seed if given else fresh_seed()
    try:
        seed = make_spec(game, seed or "").seed
    except BookError as exc:
        raise UserError(f"--seed: {exc}") from None
    target = pdf_target(out) if out else default_out(game, paper.value)
    with FileSet(force) as files:
        files.check(target)
        with files.writing(target) as sink:
            made = render_kit(game, opts, seed, duplex=not simplex, sink=sink)
    c = made.contents
    if not given:
        typer.echo(f"play book seed: {seed}", err=True)
    typer.echo(f"{target}: {made.pages} pages, {c.sheets_duplex} sheets duplex "
               f"({c.sheets_simplex} one-sided)")


def register(app: typer.Typer) -> None:
    app.command("kit")(kit)
