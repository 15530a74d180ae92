"""One table's kit (`printkit kit GAME`): everything a table needs to play one game, in one
PDF that prints duplex correctly, opening with a cover page that says what is in it.

What a kit holds is the game's data: ``KIT`` (its printables in print order) and ``NEEDS``
(what else the table needs: dice, pencils, counters) in ``printkit/sheets/<game>/__init__.py``;
the physical deck a card game is played with comes from the game's own deck file
(engine/<game>/decks.toml, the rules' words quoted from it). The play book (seeded) always
ends the kit.

The kit is a classroom match drawn without its class (printkit.classroom.PackRenderer, fed
the kit's printables and no stamp), after the cover, through one :class:`Sheets` so the
duplex rule of printkit.imposition runs across the cover too. The cover's page numbers and
sheet counts come from the same rule, run on the pages' parts before anything is drawn
(:func:`contents`), and the drawing is checked against them.
"""

from __future__ import annotations

import importlib
import secrets
import shlex
import string
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from printkit import sheets
from printkit.classroom import MatchPlan, PackRenderer, Plan, class_table
from printkit.imposition import Item, Part, Sheets, book_part, duplex_order
from printkit.papers import page_size
from printkit.pdfdoc import Document, probe
from printkit_engine import registry
from printkit_engine.cards import JOKERS
from printkit_engine.playbook import Book, build, make_spec
from printkit_engine.tournament import Match, Schedule

DEFAULT_KIT = ("refcard", "board", "field", "drivelog", "scoresheet")
COVER = Part("cover")
BOOK_NAME = "play book"
SEED_ALPHABET = string.ascii_lowercase
TITLE_SIZE = 18.0
HEAD_SIZE = 11.5
BODY_SIZE = 10.0
MARGIN = 48.0            # points: 2/3 in, well inside the 0.25 in the printers need
LEADING = 1.35           # line height as a multiple of the font size


def recipe(game: str) -> tuple[sheets.Printable, ...]:
    """The kit's printables in print order (the play book follows them): the game's ``KIT``,
    else :data:`DEFAULT_KIT`; names the game does not have are skipped."""
    names = _game_data(game, "KIT", DEFAULT_KIT)
    have = {p.sheet: p for p in sheets.printables(game)}
    return tuple(have[n] for n in names if n in have)


def needs(game: str) -> tuple[str, ...]:
    """What else the table needs besides the printout (the game's ``NEEDS``)."""
    return tuple(_game_data(game, "NEEDS", ()))


def _game_data(game: str, name: str, default: Sequence[str]) -> Sequence[str]:
    try:
        module = importlib.import_module(f"printkit.sheets.{game}")
    except ModuleNotFoundError:
        return default
    return tuple(getattr(module, name, default))


def fresh_seed() -> str:
    """A new play-book seed, "abcde-fghij" (printed, so the table can make the book again)."""
    pick = [secrets.choice(SEED_ALPHABET) for _ in range(10)]
    return f"{''.join(pick[:5])}-{''.join(pick[5:])}"


def deck_line(game: str, home: str = "HOME", away: str = "AWAY") -> str:
    """Which physical deck a card game is played with, from the game's deck file (standard
    playing cards: its decks' cards, jokers and split), the rules' own words quoted; "" for a
    game that has no deck file (its cards are printed in the kit, or it uses none)."""
    from printkit_engine.decks import standard_decks

    try:
        module = importlib.import_module(f"{registry.PACKAGES[game]}.game")
    except (KeyError, ModuleNotFoundError):
        return ""
    path = getattr(module, "DECKS", None)
    if not isinstance(path, Path) or not path.is_file():
        return ""
    decks = standard_decks(game, path)
    cards = [c for d in decks.values() for c in d.cards]
    jokers = sum(c in JOKERS for c in cards)
    text = f"one standard {len(cards) - jokers}-card deck of playing cards"
    text += f" with its {jokers} jokers ({len(cards)} cards)" if jokers else ", jokers out"
    if len(decks) > 1:
        sides = {"home": home, "away": away}
        text += ", split in two: " + "; ".join(
            f"{sides.get(name, name)}, the {d.title}" for name, d in decks.items())
    quoted = dict.fromkeys(d.source for d in decks.values() if d.source)
    words = " ".join(f"\u201c{s.rstrip('.')}.\u201d" for s in quoted)
    return f"{text[0].upper()}{text[1:]}." + (f" The rules: {words}" if words else "")


@dataclass(frozen=True)
class Entry:
    """One thing in the kit as the cover lists it: its pages in this PDF (1-based) and the
    sheets it is on, printed duplex and one-sided."""

    name: str
    pages: tuple[int, ...]
    sheets_duplex: int
    sheets_simplex: int

    @property
    def page_text(self) -> str:
        return pages_text(self.pages)


@dataclass(frozen=True)
class Contents:
    """What is in a kit: its entries (cover first), every page's entry name in this PDF's
    order ("" a blank back), the sheets in all both ways, and the cut list."""

    entries: tuple[Entry, ...]
    order: tuple[str, ...]
    sheets_duplex: int
    sheets_simplex: int
    cuts: tuple[tuple[str, tuple[int, ...], str], ...]     # (what, its pages, cut with)

    def entry(self, name: str) -> Entry:
        return next(e for e in self.entries if e.name == name)


def pages_text(pages: Sequence[int]) -> str:
    """Page numbers as a person reads them: "3", "5-6", "2, 4"."""
    runs: list[list[int]] = []
    for n in pages:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def pages_label(pages: Sequence[int]) -> str:
    """"page 3", "pages 3-4"."""
    return f"page{'s' if len(pages) > 1 else ''} {pages_text(pages)}"


def _items(pack: PackRenderer, book_tags: Sequence[str]) -> list[Item[tuple[str, str]]]:
    """The kit's pages as imposition items: (entry name, part name) per page, in print
    order, a run of one part per item (as PackRenderer.draw_match places them)."""
    items: list[Item[tuple[str, str]]] = [Item(COVER, [("cover", "cover")])]

    def add(name: str, parts: Sequence[Part]) -> None:
        for part in parts:
            if items and items[-1].part == part and items[-1].pages[-1][0] == name:
                items[-1] = Item(part, [*items[-1].pages, (name, part.name)])
            else:
                items.append(Item(part, [(name, part.name)]))

    for p in pack.printables:
        add(p.name, [part for part, _ in pack.pages[p.sheet]])
    add(BOOK_NAME, [book_part(tag) for tag in book_tags])
    return items


def contents(pack: PackRenderer, book_tags: Sequence[str]) -> Contents:
    """The kit's contents by the duplex rule (printkit.imposition), before drawing: the
    pages of each entry in this PDF (duplex or not, as `pack`), and the sheets both ways."""
    items = _items(pack, book_tags)
    both = {duplex: duplex_order(items, duplex) for duplex in (True, False)}
    here = both[pack.duplex]
    names = [pg[0] for item in items for pg in item.pages]
    entries = []
    for name in dict.fromkeys(names):
        mine = {d: [i for i, pg in enumerate(o) if isinstance(pg, tuple) and pg[0] == name]
                for d, o in both.items()}
        entries.append(Entry(name, tuple(i + 1 for i in (mine[pack.duplex])),
                             len({i // 2 for i in mine[True]}), len(mine[False])))
    cuts = []
    for p in pack.printables:
        for part in p.cut:
            pages = tuple(i + 1 for i, pg in enumerate(here)
                          if isinstance(pg, tuple) and pg == (p.name, part))
            if pages:
                what = p.name if part == p.sheet else f"{p.name}: the {part}"
                cuts.append((what, pages, p.cut_with))
    order = tuple(pg[0] if isinstance(pg, tuple) else "" for pg in here)
    return Contents(tuple(entries), order, (len(both[True]) + 1) // 2, len(both[False]),
                    tuple(cuts))


class KitRenderer(PackRenderer):
    """A classroom match's renderer for one table: the kit's printables, no class stamp,
    nothing of a class on the sheets (no match id, round or verification code)."""

    def stamp_names(self, mp: MatchPlan) -> dict[str, str]:
        return {}

    def whole_game(self, p: sheets.Printable) -> bool:
        return written_log(p)

    def _is_static(self, p: sheets.Printable) -> bool:
        """One match: nothing to share between matches, so each printable is drawn once
        for its page count (not twice and captured, as a class pack probes it)."""
        doc = probe(self.opts.paper)
        p.draw(doc, self.match_opts(self.plan.matches[0], p), self.layouts[p.sheet])
        self.counts[p.sheet] = doc.pages
        return False

    def match_opts(self, mp: MatchPlan, p: sheets.Printable | None = None,
                   ) -> sheets.RenderOptions:
        opts = super().match_opts(mp, p)
        extra = {k: v for k, v in opts.extra.items()
                 if k not in ("match", "round", "code", "class_id", "format")}
        return replace(opts, extra=extra)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Kit:
    """A kit made: the PDF (b"" when written to a sink), its contents and play-book seed."""

    pdf: bytes
    contents: Contents
    seed: str
    pages: int


def _book(game: str, seed: str) -> Book:
    return build(make_spec(game, seed, None, None, None))


def book_tags(book: Book, paper: str) -> list[str]:
    """Each play-book page's side tag, laid out as draw_book lays it (nothing drawn)."""
    from printkit.books import book_pages, layout_name, renderer
    from printkit.layout import load_layout

    layout = load_layout(layout_name(book.spec.scheme.kind))
    return [page.tag for page in book_pages(book, paper, layout, renderer(book))]


def render_kit(game: str, opts: sheets.RenderOptions, seed: str, duplex: bool = True,
               sink: BinaryIO | None = None) -> Kit:
    """The kit of `game` for a table of opts.home v opts.away: cover, the KIT printables,
    the play book of `seed`; blank backs by printkit.imposition when `duplex`. Same inputs,
    same bytes."""
    title = registry.get(game).title
    match = Match(1, 1, opts.home, opts.away)
    mp = MatchPlan(match, seed, "")
    plan = Plan(game, opts.paper, "", Schedule("kit", (opts.home, opts.away), (match,)), (mp,))
    pack = KitRenderer(plan, opts, duplex, recipe(game))
    book = _book(game, seed)
    what = contents(pack, book_tags(book, opts.paper))
    doc = Document(page_size(opts.paper), title=f"{title} kit: {opts.home} v {opts.away}",
                   subject=f"play book seed {seed}", keywords=f"printkit kit {game}", sink=sink)
    order = Sheets(duplex)
    order.before(COVER, 0)
    draw_cover(doc, game, opts, seed, what, duplex)
    order.after(COVER, 1)
    pack.draw_match(doc, mp, order)
    if doc.pages != len(what.order):
        raise RuntimeError(f"{game} kit drew {doc.pages} pages, its cover lists "
                           f"{len(what.order)}")
    pages = doc.pages
    return Kit(doc.finish(), what, seed, pages)


def default_out(game: str, paper: str) -> Path:
    """Where a kit goes without --out."""
    return Path("output") / f"{game}-kit-{paper}.pdf"


def cover_lines(game: str, opts: sheets.RenderOptions, seed: str, what: Contents,
                duplex: bool) -> list[tuple[str, str]]:
    """The cover's text below its table as (style, text): "head" or "body" lines, "item"
    lines (a bullet each). Data only, so tests and the drawing read the same thing."""
    kit = recipe(game)
    ref = next((p for p in kit if p.sheet == "refcard"), None)
    out: list[tuple[str, str]] = []
    blanks = what.order.count("")
    out.append(("head", "Sheets in all"))
    out.append(("item", f"Printed on both sides (duplex): {what.sheets_duplex} sheets"
                        + (f"; this PDF is ordered for it, {blanks} pages are blank backs on "
                           "purpose" if duplex else "")))
    out.append(("item", f"Printed one-sided: {what.sheets_simplex} sheets"
                        + ("; this PDF is ordered for it (printed with --simplex)"
                           if not duplex else "")))
    out.append(("head", "Where to start"))
    if ref is not None:
        out.append(("body", f"Read the {ref.name} first ({pages_label(what.entry(ref.name).pages)}"
                            "): it teaches the game, and the table sets up and plays by it."))
    for log in filter(written_log, kit):
        pages = what.entry(log.name).pages
        out.append(("body", f"The {log.name} ({pages_label(pages)}) is the game's record: "
                            f"{len(pages)} pages, enough for a long game; write on them in "
                            "order, each page's number in its \u201csheet __ of __\u201d."))
    book = what.entry(BOOK_NAME)
    out.append(("body", f"The {BOOK_NAME} ({pages_label(book.pages)}, seed {seed}) holds this "
                        "game's draws in order; the command printkit playbook "
                        f"{game} --seed {shlex.quote(seed)} prints the same book again."))
    if what.cuts:
        out.append(("head", "To cut out"))
        for name, pages, tool in what.cuts:
            out.append(("item", f"{name[0].upper()}{name[1:]} ({pages_label(pages)}): {tool}"))
    out.append(("head", "Also needed"))
    if deck := deck_line(game, opts.home, opts.away):
        out.append(("item", deck))
    for need in needs(game):
        out.append(("item", f"{need[0].upper()}{need[1:]}"))
    return out


def written_log(p: sheets.Printable) -> bool:
    """Whether a printable is a written log a table records the game on (its module says how
    many pages a whole game fills, `game_pages`): a kit prints them all, since a kit is all
    the table prints."""
    return hasattr(p.module, "game_pages")


def table_words(game: str, opts: sheets.RenderOptions) -> str:
    """Who plays at the table: the two sides, or for a game whose play book deals to a
    number of players (Luck of the Draw), how many its book is dealt for (`class_table`)."""
    players = class_table(game, opts).players
    return f"{players} players" if players else f"{opts.home} v {opts.away}"


def draw_cover(doc: Document, game: str, opts: sheets.RenderOptions, seed: str,
               what: Contents, duplex: bool) -> None:
    """The cover page: title, the table of what is in the kit (pages and sheets), then
    :func:`cover_lines`."""
    from printkit.draw.text import wrap
    from printkit.pdfdoc import register_fonts

    register_fonts()
    size = page_size(opts.paper)
    doc.page_size(size)
    c = doc.canvas
    width = size[0] - 2 * MARGIN
    y = size[1] - MARGIN - TITLE_SIZE
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.setFont("DejaVuSans-Bold", TITLE_SIZE)
    for line in wrap(registry.get(game).title, "DejaVuSans-Bold",
                     TITLE_SIZE, width):
        c.drawString(MARGIN, y, line)
        y -= TITLE_SIZE * LEADING
    y -= BODY_SIZE * 2 - TITLE_SIZE * LEADING
    c.setFont("DejaVuSans", BODY_SIZE)
    mode = "ordered for duplex printing" if duplex else "ordered for one-sided printing"
    for line in wrap(f"Kit for one table \u00b7 {table_words(game, opts)} \u00b7 "
                     f"{opts.paper.capitalize()} paper "
                     f"\u00b7 {len(what.order)} pages, {mode} \u00b7 play book seed {seed}",
                     "DejaVuSans", BODY_SIZE, width):
        c.drawString(MARGIN, y, line)
        y -= BODY_SIZE * LEADING
    y -= BODY_SIZE
    c.setFont("DejaVuSans-Bold", HEAD_SIZE)
    c.drawString(MARGIN, y, "What is in it")
    y -= HEAD_SIZE * LEADING + 2
    cols = ((0.0, "Item", False), (0.4, "Pages", False), (0.76, "Sheets duplex", True),
            (1.0, "Sheets one-sided", True))
    row = BODY_SIZE * 1.7
    c.setFillColorRGB(0.91, 0.93, 0.96)
    c.rect(MARGIN, y - row * 0.35, width, row, stroke=0, fill=1)
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.setFont("DejaVuSans-Bold", BODY_SIZE)

    def cells(texts: Sequence[str]) -> None:
        for (at, _, right), text in zip(cols, texts, strict=True):
            x = MARGIN + at * width
            if right:
                c.drawRightString(x - 4, y, text)
            else:
                c.drawString(x + 4, y, text)

    cells([head for _, head, _ in cols])
    c.setFont("DejaVuSans", BODY_SIZE)
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0.75, 0.75, 0.75)
    for e in what.entries:
        y -= row
        name = "this cover" if e.name == "cover" else e.name
        cells([f"{name[0].upper()}{name[1:]}", e.page_text, str(e.sheets_duplex),
               str(e.sheets_simplex)])
        c.line(MARGIN, y - row * 0.35, MARGIN + width, y - row * 0.35)
    y -= row * 1.2
    for style, text in cover_lines(game, opts, seed, what, duplex):
        if style == "head":
            y -= HEAD_SIZE * 0.6
            c.setFont("DejaVuSans-Bold", HEAD_SIZE)
            c.drawString(MARGIN, y, text)
            y -= HEAD_SIZE * LEADING
            continue
        indent = 14.0 if style == "item" else 0.0
        c.setFont("DejaVuSans", BODY_SIZE)
        for k, line in enumerate(wrap(text, "DejaVuSans", BODY_SIZE, width - indent)):
            if style == "item" and k == 0:
                c.drawString(MARGIN + 4, y, "\u2022")
            c.drawString(MARGIN + indent, y, line)
            y -= BODY_SIZE * LEADING
        y -= 2
    if y < MARGIN:
        raise RuntimeError(f"{game} kit cover runs {MARGIN - y:.0f} pt past its margin")
    doc.show_page()
