"""Printables: each game's sheets, found through the game registry.

A game's sheets live in ``printkit/sheets/<game id>/``; its ``__init__`` lists them as
:class:`Printable` data (cheap to import, so `printkit list` and `--help` stay fast), and each
sheet module has ``draw(doc, opts, layout)``, drawing its pages into a document it is handed.
One PDF can so hold many printables (a classroom pack, a sheet of reference cards) and reuse
each form XObject across all of them; :func:`render` is the thin one-printable wrapper.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, TypedDict

from printkit.errors import UserError
from printkit_engine import registry
from printkit_engine.teams import DEFAULT_TEAMS, MAX_TEAMS

if TYPE_CHECKING:
    from printkit.layout import Layout
    from printkit.pdfdoc import Document

SHEETS = ("board", "field", "cribbage", "drivelog", "clock", "scoresheet", "refcard", "cards",
          "tournament", "bubblelog")


# What a printable takes beyond the options every sheet has (RenderOptions.extra): each key
# read by the sheets named, given by the command or the class pack that draws them. A key a
# sheet does not read is ignored by it.
Extra = TypedDict("Extra", {
    "game": str,                 # a printable shared by the games (tournament): drawn for this
    # card sheets (printkit/cardsheet): `render --bleed --per-page --back-offset --calibration`
    "bleed": bool,
    "per_page": int,
    "back_offset": str,
    "calibration": bool,
    "backs": bool,               # False: fronts only (a classroom pack's cards)
    # bubble logs (printkit/omr): `render GAME bubblelog --from --seed --match --sheets ...`
    "from": Path | None,         # a record to shade the sheets from
    "seed": str | None,          # also the seed a drive log or score sheet prints in its box
    "match": str | None,         # also what a written log's match box prints, with its round
    "round": int,
    "sheets": int | None,
    "first_sheet": int | None,   # the first of the blank sheets printed (`--first-sheet`: a
                                 # long game's next sheets, numbered on from the pack's)
    "copies": int,               # a written log's page drawn so many times (a kit's game)
    "fillable": bool,
    "log": str,                  # which of a game's logs (the grid game's "scores")
    "dense": bool,               # the full-line sheet, not the decision sheet (the default
                                 # when the game has a decision log and a seed is known)
    "length": str | None,        # the game's length its blank sheets' codes carry (Length)
    # class packs (printkit/classroom)
    "code": str,
    "class_id": str,
    # the tournament sheet (printkit/sheets/common/tournament.py)
    "teams": tuple[str, ...],
    "subtitle": str,
    "format": str,
}, total=False)


@dataclass
class RenderOptions:
    paper: str = "letter"
    home: str = "HOME"
    away: str = "AWAY"
    ink_saver: bool = False
    layout_file: Path | None = None
    rules_file: Path | None = None
    extra: Extra = field(default_factory=lambda: Extra())
    players: int | None = None      # sheets drawn per player count (`Printable.players`)


@dataclass(frozen=True)
class Printable:
    """One sheet of one game: its layout file, what it is, and where its drawing lives."""

    game: str
    sheet: str
    layout: str           # name of the layout file in layouts/ (without .toml)
    name: str             # what it is, after the game's title: "board", "drive log"
    description: str
    rules: bool = False   # True: follows a player's own chart values given with --rules
    cards: bool = False   # True: a card sheet (printkit.cardsheet): --bleed, --per-page, ...
    source: str = ""      # module drawing it when not printkit.sheets.<game>.<sheet>
    players: bool = False  # True: drawn for a player count (--players, the game's book range)
    player_range: tuple[int, int, int] | None = None   # its own --players range and default
    players_tag: bool = False  # True: --players (the game's book range) is the table's size
    #   its codes carry (a bubble log: scanned, it is replayed for that many); not given, its
    #   sheets say the book's default and carry nothing (RenderOptions.players stays None)
    # How it prints duplex (printkit/imposition.py: a pack or kit puts in blank backs by it):
    sides: int = 1        # 2: its pages are the front and back of cards (page 2 backs page 1)
    parts: tuple[str, ...] = ()    # its pages' parts when they are different things used at
    #                                once: page i is parts[i] (the last repeats); else the sheet
    cut: tuple[str, ...] = ()      # parts cut out: nothing else is printed on their sheets
    cut_with: str = "scissors"     # what its cut parts are cut with (a kit's cover says it)
    tally: bool = False   # True: the table keeps the game's running tally on it, so a class
    #   pack prints a whole game's pages of it (its module's `game_pages`), as a kit does
    used_with: tuple[str, ...] = ()  # parts used at the same time as its own, never printed
    #   on their backs: sheet names, "playbook" (a match's play book, each of its sides) or a
    #   part of its own ("markers"); either side naming the other is enough

    @property
    def title(self) -> str:
        return f"{registry.get(self.game).title} {self.name}"

    def part_of(self, page: int) -> str:
        """The part page `page` (0-based) of this printable belongs to."""
        return self.parts[min(page, len(self.parts) - 1)] if self.parts else self.sheet

    @property
    def module(self) -> ModuleType:
        return importlib.import_module(self.source or f"printkit.sheets.{self.game}.{self.sheet}")

    def draw(self, doc: Document, opts: RenderOptions, layout: Layout) -> None:
        """Draw this printable's pages into `doc` (each page shown when finished). A generic
        printable learns the game it is drawn for from ``opts.extra["game"]``."""
        if self.source and opts.extra.get("game") != self.game:
            opts = replace(opts, extra={**opts.extra, "game": self.game})
        self.module.draw(doc, opts, layout)


def generic(game_id: str) -> tuple[Printable, ...]:
    """The printables every game offers from one module (no per-game copy): the tournament
    sheet. A game's own printable of the same sheet name takes precedence."""
    return (
        Printable(game_id, "tournament", "tournament", "tournament sheet",
                  "Round-robin table and rounds (circle method) and a knock-out bracket; "
                  "--players N or --roster CSV", source="printkit.sheets.common.tournament",
                  player_range=(2, MAX_TEAMS, DEFAULT_TEAMS)),
    )


@cache
def printables(game_id: str) -> tuple[Printable, ...]:
    """The sheets a registered game has: its own package's, then the generic ones."""
    name = f"printkit.sheets.{game_id}"
    try:
        own = tuple(getattr(importlib.import_module(name), "PRINTABLES", ()))
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        own = ()
    if game_id not in registry.GAMES:
        return own
    have = {p.sheet for p in own}
    return own + tuple(p for p in generic(game_id) if p.sheet not in have)


def available() -> list[tuple[str, str]]:
    """Every (game, sheet) that exists, in registry then sheet order."""
    return [(p.game, p.sheet) for g in registry.GAMES for p in printables(g)]


def get(game: str, sheet: str) -> Printable:
    """The printable (game, sheet), or a one-line error listing what exists."""
    if game not in registry.GAMES:
        raise UserError(f"unknown game {game!r} (games: {', '.join(registry.GAMES)})")
    have = {p.sheet: p for p in printables(game)}
    if sheet not in have:
        what = f"{game} has no {sheet} sheet" if sheet in SHEETS else f"unknown sheet {sheet!r}"
        raise UserError(f"{what} (sheets of {game}: {', '.join(have) or 'none yet'})")
    return have[sheet]


def render(printable: Printable, opts: RenderOptions, layout: Layout,
           notes: list[str] | None = None) -> bytes:
    """One printable as its own PDF (deterministic bytes); drawn from a person's data, every
    glyph is read back inside the page's safe area (printkit.onpage: an overflow is an error
    naming its cause). `notes` receives what the drawing noted (Document.notes: a bubble
    log's `--from` notes of record parts its sheets leave off)."""
    from printkit.onpage import check
    from printkit.papers import page_size
    from printkit.pdfdoc import Document

    doc = Document.for_sheet(page_size(opts.paper), printable, opts)
    printable.draw(doc, opts, layout)
    if notes is not None:
        notes.extend(doc.notes)
    pdf = doc.finish()
    if _given(opts):
        check(pdf, layout, f"{printable.game} {printable.sheet}", opts.rules_file)
    return pdf


def _given(opts: RenderOptions) -> bool:
    """Does a person's data reach the drawing (names, a player count, a layout or rules file,
    card or bubble options)? The shipped sheets with no such data are held inside the page by
    the tests (tests/printkit/test_names_on_page.py), so a plain render skips reading itself
    back."""
    return opts != RenderOptions(paper=opts.paper, ink_saver=opts.ink_saver)
