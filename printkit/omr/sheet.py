"""A game's bubble log as pages: blank (numbered sheets) or shaded from a record (`--from`).

The render options carry `from` (a record path), `seed` and `match` (tags a blank log's QR
carries); everything else comes from the game's grammar and the layout.
"""

from __future__ import annotations

from pathlib import Path

from engine import registry
from engine.bubbles import EncodeError, Grammar, encode, split_record
from engine.textfile import read_text
from printkit.errors import UserError
from printkit.layout import Layout
from printkit.omr.draw import Page, draw_page
from printkit.omr.geometry import Geometry, sheet_geometry
from printkit.omr.payload import PayloadError, SheetId
from printkit.pdfdoc import Document
from printkit.text import printable

BLANK_SHEETS = 1       # a blank log is one numbered sheet; --sheets N prints N


def grammar_of(game_id: str) -> Grammar:
    game = registry.get(game_id)
    if game.bubbles is None:
        raise UserError(f"{game_id} has no bubble log")
    return game.bubbles()


def geometry(game_id: str, layout: Layout, paper: str) -> Geometry:
    try:
        return sheet_geometry(grammar_of(game_id), layout, paper)
    except ValueError as exc:
        raise UserError(f"bubble log layout: {exc}") from None


def _from_record(path: Path, grammar: Grammar, geo: Geometry,
                 ) -> tuple[list[tuple[str, str]], list[Page], list[str]]:
    text = read_text(path, "record")
    tags, lines = split_record(grammar, text)
    name = printable(str(path))
    bands = []
    notes: list[str] = []
    for number, line in lines:
        try:
            enc = encode(grammar, line, dict(tags))
        except EncodeError as exc:
            raise UserError(f"{name}:{number}: cannot be shaded on a bubble sheet: {exc} "
                            f"({printable(line, 60)!r})") from None
        if enc.dropped:
            notes.append(f"{name}:{number}: not on the sheet: {' '.join(enc.dropped)}")
        bands.append(enc.marks)
    header = {}
    for tag, slot in grammar.header:
        value = dict(tags).get(tag)
        if value and value in slot.table:
            header[slot.name] = slot.table[value]
    per = geo.bands
    count = max(1, -(-len(bands) // per))
    pages = [Page(k + 1, count, k * per + 1, tuple(bands[k * per:(k + 1) * per]),
                  header if k == count - 1 else None, last=k == count - 1)
             for k in range(count)]
    keep = [(k, v) for k, v in tags if k not in dict(grammar.header)]
    return keep, pages, notes


def report_notes(opts, notes: list[str]) -> None:
    """Hand `--from`'s notes (record parts the sheet leaves off) to whoever asked for them:
    `render` puts a list in `opts.extra["notes"]` and prints it on stderr once the PDF is
    written (the sheet modules' draw() returns nothing)."""
    sink = opts.extra.get("notes")
    if isinstance(sink, list):
        sink.extend(notes)


def draw_log(doc: Document, opts, layout: Layout, game_id: str) -> list[str]:
    """Draw the pages; returns notes (record parts the sheet leaves off), also handed to
    `opts.extra["notes"]` when it is a list."""
    grammar = grammar_of(game_id)
    geo = geometry(game_id, layout, opts.paper)
    title = f"{registry.get(game_id).title} bubble log"
    source = opts.extra.get("from")
    notes: list[str] = []
    if source:
        tags, pages, notes = _from_record(Path(str(source)), grammar, geo)
    else:
        tags = [("Game", game_id)]
        for key, tag in (("seed", "Seed"), ("match", "Match")):
            if opts.extra.get(key):
                tags.append((tag, str(opts.extra[key])))
        if opts.home != "HOME":
            tags.append(("Home", opts.home))
        if opts.away != "AWAY":
            tags.append(("Away", opts.away))
        count = int(opts.extra.get("sheets") or BLANK_SHEETS)
        pages = [Page(k + 1, count, k * geo.bands + 1) for k in range(count)]
    tags = [(k, v) for k, v in tags if k != "Game"]       # the code names the game already
    for page in pages:
        try:
            sheet = SheetId(game_id, opts.paper, geo.key, page.sheet, tuple(tags))
            sheet.text()
        except PayloadError as exc:
            raise UserError(str(exc)) from None
        draw_page(doc, geo, layout, grammar, title, sheet, page)
    report_notes(opts, notes)
    return notes
