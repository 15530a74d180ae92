"""`printkit playbook GAME --seed SEED`: a seeded, pre-drawn play book as PDF or JSON.

The book follows from (game, seed, counts) alone (docs/draws.md), so the same command always
gives byte-identical output, and `printkit scan` can re-derive any printed copy.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from printkit.commands.paper import Paper, paper_option
from printkit.completion import game_ids
from printkit.errors import UserError

PROGRESS_FROM = 200     # streams; below this a book is instant and needs no bar


def count_help(name: str) -> str:
    """What --plays / --drives means for each game that counts by that name, with defaults."""
    from printkit_engine import registry

    parts = [f"{g.id}: {g.book.count_help} (default {g.book.default_count})"
             for g in registry.GAMES.values() if g.book.count_name == name]
    return "; ".join(parts) + "."


def players_help() -> str:
    from printkit_engine import registry

    parts = [f"{g.id}: players, {g.book.players.low}-{g.book.players.high} (default "
             f"{g.book.players.default})" for g in registry.GAMES.values() if g.book.players]
    return "; ".join(parts) + "."


class Format(StrEnum):
    pdf = "pdf"
    json = "json"


def _wrap(labels):
    from printkit.progress import track

    labels = list(labels)
    if len(labels) < PROGRESS_FROM:
        return iter(labels)
    return track(labels, "Drawing", total=len(labels))


def _page_wrap(pages):
    """A bar over the pages as they are drawn (a book's pages are made as they are drawn:
    counted, never listed)."""
    from printkit.progress import track

    if len(pages) < 5:
        return iter(pages)
    return track(pages, "Rendering pages", total=len(pages))


def playbook(
    game: Annotated[str, typer.Argument(help="Game id (printkit list shows them).",
                                        autocompletion=game_ids)],
    seed: Annotated[str | None, typer.Option(
        "--seed", help="Any non-empty text (Unicode NFC); the same seed gives the same book "
                       "(required).")] = None,
    plays: Annotated[int | None, typer.Option(help=count_help("plays"))] = None,
    drives: Annotated[int | None, typer.Option(help=count_help("drives"))] = None,
    players: Annotated[int | None, typer.Option(help=players_help())] = None,
    paper: Annotated[Paper, paper_option()] = Paper.letter,
    out: Annotated[Path | None, typer.Option(help="Output file (PDF default "
                                                  "output/GAME-playbook-SEED-PAPER.pdf; JSON "
                                                  "default stdout).")] = None,
    fmt: Annotated[Format, typer.Option("--format", help="pdf or json.")] = Format.pdf,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
    png: Annotated[bool, typer.Option("--png", help="Also write a 150 dpi PNG per page "
                                                    "(PDF only).")] = False,
    layout: Annotated[Path | None, typer.Option(help="Your layout TOML laid over the shipped "
                                                     "playbook-*.toml.")] = None,
    answers: Annotated[bool, typer.Option("--answers", help="Add what the cards give, for the "
                                                            "teacher (games that have it; PDF "
                                                            "only).")] = False,
) -> None:
    """Print a seeded play book of dice rolls, card orders or deals."""
    from printkit.books import default_name, layout_name, render_book
    from printkit.layout import load_layout
    from printkit.output import FileSet, check_writable, pdf_target, write_atomic
    from printkit.preview import write_pdf
    from printkit_engine import registry
    from printkit_engine.playbook import BookError, build, lazy, make_spec, to_json

    if seed is None:
        raise UserError("playbook needs --seed SEED (any text; the same seed gives the same book)")
    try:
        spec = make_spec(game, seed, plays, drives, players)
    except BookError as exc:
        raise UserError(str(exc)) from None
    lines = None
    if answers:
        found = registry.get(spec.game)
        if found.answers is None:
            have = ", ".join(g.id for g in registry.with_part("answers"))
            raise UserError(f"--answers: {spec.game} has none (games that have: {have})")
        if fmt is Format.json:
            raise UserError("--answers needs --format pdf")
        lines = found.answers(spec)
    if fmt is Format.json:
        if png:
            raise UserError("--png needs --format pdf")
        text = to_json(build(spec, _wrap))
        if out is None:
            typer.echo(text, nl=False)
        else:
            typer.echo(str(write_atomic(out, text, force)))
        return
    out = pdf_target(out) if out else default_name(spec.game, spec.seed, paper.value)
    check_writable(out, force)
    lay = load_layout(layout_name(spec.scheme.kind), layout)
    book = lazy(spec, _wrap)        # drawn as the pages are: memory flat (issue 28)
    if not png:     # streamed to the staged file page by page: memory stays flat (issue #28)
        with FileSet(force) as files, files.writing(out) as sink:
            render_book(book, paper.value, lay, progress=_page_wrap, answers=lines, sink=sink)
        typer.echo(str(out))
        return
    pdf = render_book(book, paper.value, lay, progress=_page_wrap, answers=lines)
    for path in write_pdf(out, pdf, png, force):
        typer.echo(str(path))


def register(app: typer.Typer) -> None:
    app.command("playbook")(playbook)
