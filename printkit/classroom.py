"""A classroom pack: every match's sheets and play book for one class, and the teacher's
papers, made in one run.

What a match gets is the game's pack recipe: ``PACK`` (names of its printables) in
``printkit/sheets/<game>/__init__.py``, else :data:`DEFAULT_PACK`; only printables the game
has are used, so a sheet added later joins the pack by existing. The play book always ends a
match. Every page carries a stamp (class, match, teams, verification code).

One :class:`~printkit.pdfdoc.Document` holds the whole combined pack, so shared artwork is one
form XObject in it: a printable that draws the same whatever the match (a board, a field) is
drawn once per document as forms and placed on each match's pages (found out by drawing it
with two different matches and comparing).

Printed duplex (the default), a match's pages follow printkit.imposition: blank backs keep a
reference card's two sides on one sheet, keep sheets used at the same time (board and drive
log, field and markers) off each other's backs, and start each match on a front. Simplex: the
pages as they come, no blanks.
"""

from __future__ import annotations

import csv
import importlib
import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from printkit import sheets
from printkit.books.page import Page as BookPage
from printkit.draw.text import fit_names
from printkit.imposition import Part, Sheets, book_part, page_parts
from printkit.layout import Layout, load_layout
from printkit.papers import page_size
from printkit.pdfdoc import CREATOR, Document, probe
from printkit_engine import registry
from printkit_engine.classkey import ClassKey
from printkit_engine.playbook import build, make_spec
from printkit_engine.roster import Roster
from printkit_engine.tournament import Match, Schedule

if TYPE_CHECKING:
    from printkit.output import FileSet
    from printkit.pdfruns import Index

DEFAULT_PACK = ("board", "field", "drivelog", "scoresheet", "bubblelog", "refcard")
BLANK_SIZE = 8.0
SAFE = 18.0                     # points: the 0.25 in band along each edge no printer prints
RESULTS_COLUMNS = ("match", "round", "home", "away", "seed", "code", "home_points",
                   "away_points")


def recipe(game: str) -> tuple[sheets.Printable, ...]:
    """The printables of one match, in print order (the play book follows them)."""
    try:
        names = tuple(getattr(importlib.import_module(f"printkit.sheets.{game}"), "PACK",
                              DEFAULT_PACK))
    except ModuleNotFoundError:
        names = DEFAULT_PACK
    have = {p.sheet: p for p in sheets.printables(game)}
    return tuple(have[n] for n in names if n in have)


@dataclass(frozen=True)
class MatchPlan:
    match: Match
    seed: str
    code: str

    @property
    def stem(self) -> str:
        return f"match-{self.match.number:03d}"


@dataclass(frozen=True)
class Plan:
    game: str
    paper: str
    class_id: str
    schedule: Schedule
    matches: tuple[MatchPlan, ...]
    roster: Roster | None = None


def make_plan(game: str, schedule: Schedule, key: ClassKey, paper: str,
              roster: Roster | None = None) -> Plan:
    plans = tuple(MatchPlan(m, key.seed(game, m.id), key.code(game, m.id))
                  for m in schedule.matches)
    return Plan(game, paper, key.class_id, schedule, plans, roster)


@dataclass(frozen=True)
class StampStyle:
    """Where and how a page's stamp is set: a layout's `[stamp]` table (the house style's,
    layouts/base.toml, unless the printable's own layout has one: a bubble log's is at the
    top, its bottom edge being its legend's). At the bottom it stands in the strip every
    sheet leaves empty for it (`page.stamp_strip`)."""

    font: str
    size: float
    colour: Any
    top: bool
    baseline: float             # from the edge it stands along (points)
    right: float                # from the right edge to its end
    width: float                # the longest it may be (and never within SAFE of the left)

    @classmethod
    def of(cls, layout: Layout | None = None) -> StampStyle:
        lay = layout if layout is not None and "stamp" in layout.data else load_layout("base")
        side = lay.text("stamp.side")
        if side not in ("top", "bottom"):
            raise lay.blame(["stamp.side"], f"expected top or bottom, found {side!r}")
        return cls(lay.font("stamp.font"), lay.length("stamp.size"), lay.colour("stamp.colour"),
                   side == "top", lay.length("stamp.baseline"), lay.length("stamp.right"),
                   lay.length("stamp.width"))


class _Stamped:
    """A document stand-in that stamps each page before showing it (delegates the rest):
    `stamp` is a line template with `{home}` and `{away}` (`names`), cut (the names, with an
    ellipsis) to the room the style gives; `style` is set per printable."""

    def __init__(self, doc: Document, stamp: str, names: dict[str, str] | None = None,
                 ) -> None:
        self._doc, self._stamp, self._names = doc, stamp, names or {}
        self.style = StampStyle.of()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._doc, name)

    def show_page(self) -> None:
        if not self._stamp:                # a kit's pages: nothing to stamp
            self._doc.show_page()
            return
        st = self.style
        w, h = self._doc.width, self._doc.height
        room = min(st.width, w - st.right - SAFE)
        text, size = fit_names(self._stamp, self._names, st.font, st.size, room, floor=st.size)
        c = self._doc.canvas
        c.saveState()
        c.setFont(st.font, size)
        c.setFillColor(st.colour)
        c.drawRightString(w - st.right, h - st.baseline if st.top else st.baseline, text)
        c.restoreState()
        self._doc.show_page()


class _Capture:
    """A document stand-in whose pages become form XObjects instead of pages."""

    def __init__(self, doc: Document, prefix: str) -> None:
        self._doc, self._prefix = doc, prefix
        self.pages: list[tuple[str, tuple[float, float]]] = []
        self._open = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._doc, name)

    @property
    def width(self) -> float:
        return self._doc.pagesize[0]

    @property
    def height(self) -> float:
        return self._doc.pagesize[1]

    def page_size(self, size: tuple[float, float]) -> None:
        self._doc.pagesize = size
        if not self._open:
            name = f"{self._prefix}p{len(self.pages) + 1}"
            self._doc.canvas.beginForm(name, 0, 0, size[0], size[1])
            self.pages.append((name, size))
            self._open = True

    def show_page(self) -> None:
        self._doc.flush_texts()            # the page's batched text belongs in its form
        self._doc.canvas.endForm()
        self._open = False


def bubble_sheets(game: str, opts: sheets.RenderOptions, layout: Layout) -> int:
    """The bubble sheets a match's pack holds: a typical game's (`game_sheets`), its sheets
    drawn for a play book (any seed: a match's is its own)."""
    from printkit.omr.sheet import game_sheets

    probe = replace(opts, extra={**opts.extra, "seed": "aaaaa-aaaaa"})
    return game_sheets(game, probe, layout)


def class_table(game: str, opts: sheets.RenderOptions) -> sheets.RenderOptions:
    """`opts` with the table's size a class plays at, for a game whose play book deals to
    a number of players: a match is two teams at the book's default table (Luck of the
    Draw's four seats, docs/rules/luckdraw.md L20), so its bubble sheets' codes say so and a
    sheet handed back with its Players bubble left blank is replayed at that table, not
    refused for the missing count."""
    scheme = registry.get(game).book.players
    if scheme is None or opts.players is not None:
        return opts
    return replace(opts, players=scheme.default)


class PackRenderer:
    """Draws matches into documents, sharing what does not change between matches."""

    def __init__(self, plan: Plan, opts: sheets.RenderOptions, duplex: bool = True,
                 printables: tuple[sheets.Printable, ...] | None = None) -> None:
        self.plan = plan
        self.opts = class_table(plan.game, opts)
        self.duplex = duplex
        self.printables = recipe(plan.game) if printables is None else printables
        self.layouts: dict[str, Layout] = {
            p.sheet: load_layout(p.layout, opts.layout_file if p.sheet == "board" else None,
                                 ink_saver=opts.ink_saver) for p in self.printables}
        self.extras = {p.sheet: self._extra(p) for p in self.printables}
        self.stamp_styles = {p.sheet: StampStyle.of(self._stamp_layout(p))
                             for p in self.printables}
        self.counts: dict[str, int] = {}        # pages each printable draws (its probe's)
        self.static = {p.sheet for p in self.printables if self._is_static(p)}
        self.pages = {p.sheet: page_parts(p, self.counts[p.sheet]) for p in self.printables}
        self._forms: dict[tuple[int, str], list[tuple[str, tuple[float, float]]]] = {}

    def _extra(self, p: sheets.Printable) -> sheets.Extra:
        """What one printable is drawn with in a pack besides the match: a bubble log has
        sheets enough for a whole game, and so has the written log the table keeps its tally
        on (`Printable.tally`: Luck of the Draw's score sheet, whose totals the bubble
        sheet's checkpoints copy)."""
        if self.whole_game(p):
            return {"copies": int(p.module.game_pages(self.opts, self.layouts[p.sheet]))}
        if p.sheet != "bubblelog":
            return {}
        return {"sheets": bubble_sheets(self.plan.game, self.opts, self.layouts[p.sheet])}

    def whole_game(self, p: sheets.Printable) -> bool:
        """Whether a written log is printed a whole game's pages (its module's `game_pages`):
        in a pack, the one the table keeps its tally on (`Printable.tally`)."""
        return p.tally

    def _stamp_layout(self, p: sheets.Printable) -> Layout:
        """The layout whose `[stamp]` places a printable's stamp: a bubble log's as its
        sheets are drawn on the pack's paper (a portrait sheet's header has its own line for
        it), every other printable's own."""
        if p.sheet != "bubblelog":
            return self.layouts[p.sheet]
        from printkit.omr.sheet import blank_layout

        probe = replace(self.opts, extra={**self.opts.extra, "seed": "aaaaa-aaaaa"})
        return blank_layout(self.plan.game, probe, self.layouts[p.sheet])

    def match_opts(self, mp: MatchPlan, p: sheets.Printable | None = None,
                   ) -> sheets.RenderOptions:
        return replace(self.opts, home=mp.match.home, away=mp.match.away,
                       extra={**self.opts.extra, "seed": mp.seed, "match": mp.match.id,
                              "round": mp.match.round, "format": self.plan.schedule.format,
                              "code": mp.code,
                              "class_id": self.plan.class_id, "game": self.plan.game,
                              **(self.extras[p.sheet] if p else {})})

    def _is_static(self, p: sheets.Printable) -> bool:
        """Does the printable draw the same page whoever plays? (drawn twice, compared; its
        page count is kept)"""
        outs = []
        for home, seed in (("Home A", "aaaaa-aaaaa"), ("Other B", "bbbbb-bbbbb")):
            doc = probe(self.opts.paper)
            o = replace(self.opts, home=home, away=home + " 2",
                        extra={**self.opts.extra, "seed": seed, "match": "M1", "round": 1,
                               "code": "M1-0000", **self.extras[p.sheet]})
            p.draw(doc, o, self.layouts[p.sheet])
            outs.append(doc.finish())
            self.counts[p.sheet] = doc.pages
        return outs[0] == outs[1] and self._capturable(p)

    def _capturable(self, p: sheets.Printable) -> bool:
        """Can its pages be captured as forms? A sheet that starts a page without setting its
        size, or defines a form of its own inside a page, cannot: it is drawn per match."""
        doc = probe(self.opts.paper)
        cap = _Capture(doc, "probe")
        o = replace(self.opts, extra={**self.opts.extra, "seed": "aaaaa-aaaaa", "match": "M1",
                                      "round": 1, "code": "M1-0000", **self.extras[p.sheet]})
        try:
            p.draw(cap, o, self.layouts[p.sheet])      # type: ignore[arg-type]
        except (TypeError, AttributeError, ValueError):
            return False
        return not cap._open and bool(cap.pages)

    def stamp(self, mp: MatchPlan) -> str:
        m = mp.match
        return self.stamp_template(mp).format(home=m.home, away=m.away)

    def stamp_template(self, mp: MatchPlan) -> str:
        """The stamp with `{home}` and `{away}` for the team names (a long name is cut to
        fit the page; braces in the other words doubled)."""
        if not self.stamp_names(mp):
            return ""
        m = mp.match

        def lit(text: object) -> str:
            return str(text).replace("{", "{{").replace("}", "}}")

        return (f"class {lit(self.plan.class_id)} \u00b7 {lit(m.id)} (round {m.round}): "
                f"{{home}} v {{away}} \u00b7 seed {lit(mp.seed)} \u00b7 code {lit(mp.code)}")

    def stamp_names(self, mp: MatchPlan) -> dict[str, str]:
        """The names the stamp holds (none: pages without a stamp)."""
        return {"home": mp.match.home, "away": mp.match.away}

    def draw_match(self, doc: Document, mp: MatchPlan, order: Sheets | None = None) -> int:
        """Draw one match's pages into `doc`, blank backs put in by printkit.imposition as
        the pages come; returns how many pages it took before the filler that lets the next
        match start on a front (drawn too). `order`: the sheets so far when pages come before
        the match in the same run (a kit's cover), else a fresh start."""
        start = doc.pages
        order = Sheets(self.duplex) if order is None else order
        stamped = _Stamped(doc, self.stamp_template(mp), self.stamp_names(mp))

        def blanks(n: int) -> None:
            size = doc.pagesize
            for _ in range(n):
                blank_page(doc, self.plan.paper)
            doc.page_size(size)       # a printable's next page may rely on the size it set

        for p in self.printables:
            opts = self.match_opts(mp, p)
            pages = self.pages[p.sheet]
            stamped.style = self.stamp_styles[p.sheet]
            if p.sheet in self.static:
                key = (id(doc), p.sheet)
                if key not in self._forms:
                    cap = _Capture(doc, f"pack{p.sheet}")
                    p.draw(cap, opts, self.layouts[p.sheet])   # type: ignore[arg-type]
                    self._forms[key] = cap.pages
                for (name, size), (part, index) in zip(self._forms[key], pages, strict=True):
                    blanks(order.before(part, index))
                    doc.page_size(size)
                    doc.place(name, 0, 0)
                    stamped.show_page()
            else:
                blanks(order.before(*pages[0]))
                def between(i: int, pages: list[tuple[Part, int]] = pages) -> None:
                    blanks(order.before(*pages[i]))

                imposed = _Imposed(stamped, between, len(pages))
                p.draw(imposed, opts, self.layouts[p.sheet])   # type: ignore[arg-type]
                if imposed.shown != len(pages):
                    raise RuntimeError(f"{p.game} {p.sheet} drew {imposed.shown} pages for "
                                       f"{mp.match.id}, {len(pages)} for its probe")
            blanks(order.after(pages[-1][0], len(pages)))
        from printkit.books import draw_book

        book = build(make_spec(self.plan.game, mp.seed, None, None, None))

        def imposed_book(book_pages: Iterable[BookPage]) -> Iterator[BookPage]:
            index, last = 0, None
            for page in book_pages:
                part = book_part(page.tag)
                index = index + 1 if part == last else 0
                blanks(order.before(part, index))
                last = part
                yield page

        stamped.style = StampStyle.of()
        draw_book(stamped, book, self.opts.paper, progress=imposed_book)  # type: ignore[arg-type]
        count = doc.pages - start
        blanks(order.end())
        return count


BLANK_TEXT = "(this page is blank on purpose: printed on both sides, the next page starts a " \
    "new sheet)"


def blank_page(doc: Document, paper: str) -> None:
    """A blank back (printkit.imposition.BLANK): what follows starts on a new sheet when
    printed duplex."""
    doc.page_size(page_size(paper))
    c = doc.canvas
    c.setFont("DejaVuSans", BLANK_SIZE)
    c.setFillColorRGB(0.6, 0.6, 0.6)
    c.drawCentredString(doc.width / 2, doc.height / 2, BLANK_TEXT)
    doc.show_page()


class _Imposed:
    """A document stand-in that counts the pages a printable shows and, between them, lets
    the imposition put in blank backs (`between(i)` before page i, 0-based)."""

    def __init__(self, doc: _Stamped, between: Callable[[int], None], count: int) -> None:
        self._doc, self._between, self._count = doc, between, count
        self.shown = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._doc, name)

    def show_page(self) -> None:
        self._doc.show_page()
        self.shown += 1
        if self.shown < self._count:
            self._between(self.shown)


@dataclass(frozen=True)
class Span:
    """Where one match's pages are in the combined pack."""

    plan: MatchPlan
    first: int                  # 0-based page index
    count: int


SPLIT_PAGES = 500       # pack pages copied out of one opening of a run of the pack: qpdf keeps
#                         what it has read until it is closed (8-10 KB a page copied)


def split_matches(pack: PackRenderer, combined: BinaryIO, spans: list[Span],
                  put: Callable[[str, bytes], object]) -> None:
    """Each match's own PDF: its pages copied out of the combined pack (qpdf, through
    pikepdf), not drawn again. The pages, their forms and fonts are the combined pack's
    own bytes, so a match's PDF prints exactly what the pack prints; its document id is
    computed from its content (same pack, same bytes). Each run of matches of about
    `SPLIT_PAGES` pages is opened on its own: qpdf holds every object it has read of an open
    file (about 10 KB a pack page copied) and an entry for every object the file lists (about
    4 KB a pack page, before any is read), which for a whole class grew with its size; a run
    is opened through a view of the pack that lists only its own pages and what they share
    (printkit/pdfruns.py), so qpdf holds one run's whatever the class (issue 28). The copies
    are the same bytes as copied from the whole pack (a test holds it)."""
    from printkit.pdfruns import index

    title = registry.get(pack.plan.game).title
    ix = index(combined)
    for run in _runs(spans, SPLIT_PAGES):
        _split_run(pack, combined, run, put, title, ix)


def _runs(spans: list[Span], pages: int) -> Iterator[list[Span]]:
    """The spans in runs of whole matches of at least `pages` pages (the last may be less)."""
    run: list[Span] = []
    count = 0
    for span in spans:
        run.append(span)
        count += span.count
        if count >= pages:
            yield run
            run, count = [], 0
    if run:
        yield run


def _split_run(pack: PackRenderer, combined: BinaryIO, spans: list[Span],
               put: Callable[[str, bytes], object], title: str, ix: Index | None) -> None:
    from printkit.pdfruns import open_run

    first = spans[0].first
    count = spans[-1].first + spans[-1].count - first
    shift = first if ix is not None else 0          # a run's view: its first page is page 0
    with open_run(combined, ix, first, count) as src:
        prefs = src.Root.get("/ViewerPreferences")
        pages = src.pages
        for span in spans:
            put(span.plan.stem, _copy_out(pages, replace(span, first=span.first - shift),
                                          prefs, title, pack))


def _copy_out(pages, span: Span, prefs, title: str, pack: PackRenderer) -> bytes:
    import pikepdf

    mp = span.plan
    with pikepdf.new() as one:
        one.pages.extend(pages[span.first:span.first + span.count])
        if prefs is not None:
            one.Root.ViewerPreferences = one.copy_foreign(prefs)
        one.docinfo["/Title"] = f"{title} {mp.match.id}: {mp.match.home} v {mp.match.away}"
        one.docinfo["/Subject"] = pack.stamp(mp)
        one.docinfo["/Keywords"] = f"printkit classroom {pack.plan.game} {mp.match.id}"
        one.docinfo["/Creator"] = one.docinfo["/Producer"] = CREATOR
        out = io.BytesIO()
        one.save(out, deterministic_id=True, compress_streams=False,
                 stream_decode_level=pikepdf.StreamDecodeLevel.none)
        return out.getvalue()


def render_pack(plan: Plan, opts: sheets.RenderOptions,
                progress: Callable[[list[MatchPlan]], Iterator[MatchPlan]] | None = None,
                sink: Callable[[str, bytes], object] | None = None, singles_too: bool = True,
                out: BinaryIO | None = None, duplex: bool = True,
                ) -> tuple[bytes, dict[str, bytes], int]:
    """(combined PDF, {file stem: that match's PDF}, pages in the combined PDF).

    Every match is drawn once, into the combined pack; its own PDF is then copied out of it.
    With `out` (an open binary file, read back for the copies) the combined PDF is written
    there page by page and b"" comes back, so memory stays flat whatever the class size;
    with `sink` each match's PDF is handed to it as it is made (and the dict comes back
    empty). `duplex`: blank backs as printkit.imposition puts them (else none)."""
    title = registry.get(plan.game).title
    pack = PackRenderer(plan, opts, duplex)
    combined = Document(page_size(plan.paper), title=f"{title} classroom pack (class "
                        f"{plan.class_id})", subject=f"{len(plan.matches)} matches",
                        keywords=f"printkit classroom {plan.game}", sink=out)
    spans: list[Span] = []
    for mp in (progress(list(plan.matches)) if progress else plan.matches):
        first = combined.pages
        spans.append(Span(mp, first, pack.draw_match(combined, mp)))
    pages = combined.pages
    data = combined.finish()
    singles: dict[str, bytes] = {}
    if singles_too:
        if out is not None:
            out.flush()
        split_matches(pack, out if out is not None else io.BytesIO(data), spans,
                      sink or singles.__setitem__)
        if out is not None:
            out.seek(0, io.SEEK_END)
    return data, singles, pages


def fillable_log(plan: Plan, mp: MatchPlan, opts: sheets.RenderOptions) -> bytes:
    """One match's fillable log (the game's bubble log as a PDF form): its own file, since a
    form's fields are named by line and column and two matches in one PDF would share them;
    its Match, Seed, Home and Away filled in, so the typed record belongs to the match, and
    the class table's size (`class_table`), as on the pack's bubble sheets."""
    p = sheets.get(plan.game, "bubblelog")
    o = replace(class_table(plan.game, opts), home=mp.match.home, away=mp.match.away,
                extra={**opts.extra, "fillable": True, "seed": mp.seed, "match": mp.match.id})
    return sheets.render(p, o, load_layout(p.layout, ink_saver=opts.ink_saver))


class _NextSheets(PackRenderer):
    """A class's bubble sheets alone, numbered `first` to `last` (`more_sheets`)."""

    def __init__(self, plan: Plan, opts: sheets.RenderOptions, first: int, last: int) -> None:
        self.span = (first, last)
        super().__init__(plan, opts, duplex=False,
                         printables=(sheets.get(plan.game, "bubblelog"),))

    def _extra(self, p: sheets.Printable) -> sheets.Extra:
        return {"sheets": self.span[1], "first_sheet": self.span[0]}


def pack_sheets(plan: Plan, opts: sheets.RenderOptions) -> int:
    """How many bubble sheets a match's pack holds (`bubble_sheets`, as `PackRenderer` asks
    with the class table's options), without drawing a pack's probes."""
    p = sheets.get(plan.game, "bubblelog")
    return bubble_sheets(plan.game, class_table(plan.game, opts),
                         load_layout(p.layout, ink_saver=opts.ink_saver))


def more_sheets(plan: Plan, mp: MatchPlan, opts: sheets.RenderOptions, first: int,
                last: int) -> bytes:
    """A match's bubble sheets `first` to `last`, as its pack prints them (the class stamp,
    the match's seed, teams and code, the class table's size, the pack's log and length):
    the next sheets of a game longer than the pack's, each carrying its own number."""
    p = sheets.get(plan.game, "bubblelog")
    pack = _NextSheets(plan, opts, first, last)
    doc = Document(page_size(plan.paper), title=f"{registry.get(plan.game).title} bubble "
                   f"log, {mp.match.id}: sheets {first}-{last}",
                   subject=f"class {plan.class_id}", keywords=f"printkit classroom {plan.game}")
    stamped = _Stamped(doc, pack.stamp_template(mp), pack.stamp_names(mp))
    stamped.style = pack.stamp_styles[p.sheet]
    p.draw(stamped, pack.match_opts(mp, p), pack.layouts[p.sheet])  # type: ignore[arg-type]
    return doc.finish()


def schedule_pdf(plan: Plan, opts: sheets.RenderOptions) -> bytes:
    """The schedule: the game's tournament sheet for these teams and this format."""
    p = sheets.get(plan.game, "tournament")
    o = replace(opts, extra={**opts.extra, "teams": plan.schedule.teams,
                             "format": plan.schedule.format,
                             "subtitle": f"Class {plan.class_id}"})
    doc = Document.for_sheet(page_size(plan.paper), p, o)
    p.draw(doc, o, load_layout(p.layout))
    return doc.finish()


def teacher_pdf(plan: Plan, paper: str) -> bytes:
    """The teacher's list: each match, its seed and verification code, a box for the result."""
    from printkit.books.header import fit_text
    from printkit.draw.text import wrap
    from printkit.pdfdoc import register_fonts

    register_fonts()
    size = page_size(paper)
    doc = Document(size, title=f"Teacher sheet, class {plan.class_id}",
                   subject=f"{registry.get(plan.game).title}: {len(plan.matches)} matches",
                   keywords=f"printkit classroom {plan.game} teacher")
    margin = 34.0
    row = 17.0
    heads = (("Match", 0.08), ("Rd", 0.05), ("Home", 0.22), ("Away", 0.22), ("Seed", 0.15),
             ("Code", 0.12), ("Result", 0.16))
    width = size[0] - 2 * margin
    lines = list(plan.matches)
    n_page = 0
    while lines or n_page == 0:
        n_page += 1
        c = doc.canvas
        doc.page_size(size)
        y = size[1] - margin - 13
        c.setFillColorRGB(0.1, 0.1, 0.1)  # title, then the intro wrapped to the page
        c.setFont("DejaVuSans-Bold", 13)
        c.drawString(margin, y, f"{registry.get(plan.game).title} \u2014 teacher sheet, class "
                                f"{plan.class_id}")
        c.setFont("DejaVuSans", 8.5)
        intro = (f"{plan.schedule.format}, {len(plan.schedule.teams)} teams, "
                 f"{len(plan.matches)} matches. Keep this sheet and the class key file (never "
                 f"hand them out). A book or record belongs to this class when its code and "
                 f"seed are the ones listed here; printkit audit --class-key checks records.")
        for text in wrap(intro, "DejaVuSans", 8.5, width):
            y -= 12
            c.drawString(margin, y, text)
        y -= 20
        c.setFillColorRGB(0.91, 0.93, 0.96)
        c.rect(margin, y - 5, width, row, stroke=0, fill=1)
        c.setFillColorRGB(0.1, 0.1, 0.1)
        c.setFont("DejaVuSans-Bold", 8.5)
        x = margin
        for head, share in heads:
            c.drawString(x + 3, y, head)
            x += width * share
        y -= row
        c.setFont("DejaVuSans", 8.5)
        c.setLineWidth(0.4)
        while lines and y > margin + row:
            mp = lines.pop(0)
            m = mp.match
            home = plan.roster.label(m.home) if plan.roster else m.home
            away = plan.roster.label(m.away) if plan.roster else m.away
            cells = (m.id, str(m.round), home, away, mp.seed, mp.code, "____ : ____")
            x = margin
            for (_, share), text in zip(heads, cells, strict=True):
                font = "DejaVuSans-Bold" if text is mp.code else "DejaVuSans"
                c.setFont(font, 8.5)
                c.drawString(x + 3, y, fit_text(c, text, font, 8.5, width * share - 6))
                x += width * share
            c.setStrokeColorRGB(0.75, 0.75, 0.75)
            c.line(margin, y - 5, margin + width, y - 5)
            y -= row
        c.setFont("DejaVuSans", 7)
        c.setFillColorRGB(0.4, 0.4, 0.4)
        c.drawRightString(margin + width, margin - 14, f"page {n_page}")
        doc.show_page()
    return doc.finish()


def results_csv(plan: Plan) -> str:
    """The results template `printkit audit` reads back: a row per match, points blank."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(RESULTS_COLUMNS)
    for mp in plan.matches:
        m = mp.match
        w.writerow((m.id, m.round, m.home, m.away, mp.seed, mp.code, "", ""))
    return out.getvalue()


def pack_options(paper: str, length: str = "", dense: bool = False) -> sheets.RenderOptions:
    """The render options of a class pack, as `classroom` and the teacher's page both ask
    for one: the paper, the game length every blank sheet's code carries ("": the whole
    game), and the full-line bubble log instead of the decision sheet (`dense`)."""
    extra: sheets.Extra = {}
    if dense:
        extra["dense"] = True
    if length:
        extra["length"] = length
    return sheets.RenderOptions(paper=paper, extra=extra)


def write_class(files: FileSet, out: Path, plan: Plan, opts: sheets.RenderOptions, *,
                duplex: bool = True, fillable: bool = False, singles: bool = True,
                progress: Callable[[list[MatchPlan]], Iterator[MatchPlan]] | None = None,
                ) -> int:
    """A class's printouts and results.csv into `out`, through one all-or-nothing FileSet:
    the pack (and, `singles`, each match's own copy under matches/), each match's fillable
    log on request, the schedule and teacher sheets, results.csv. What `printkit classroom`
    and the teacher's page both write; returns the pack's pages. The caller checks the
    targets first (`class_targets`) when files may already be there."""
    from printkit.schedule_check import FILLABLE, MATCHES, PACK, RESULTS, SCHEDULE, TEACHER

    with files.writing(out / PACK) as pack_file:
        _, _, pages = render_pack(
            plan, opts, progress, out=pack_file, duplex=duplex, singles_too=singles,
            sink=(lambda stem, data: files.add(out / MATCHES / f"{stem}.pdf", data))
            if singles else None)
    if fillable:
        for mp in plan.matches:
            files.add(out / FILLABLE / f"{mp.stem}.pdf", fillable_log(plan, mp, opts))
    files.add(out / SCHEDULE, schedule_pdf(plan, opts))
    files.add(out / TEACHER, teacher_pdf(plan, opts.paper))
    files.add(out / RESULTS, results_csv(plan))
    return pages


def class_targets(out: Path, plan: Plan | None, fillable: bool = False,
                  singles: bool = True) -> list[Path]:
    """Every file `write_class` writes for this plan (checked before anything is drawn);
    without a plan, the class's own files (checked before a key is made for it)."""
    from printkit.schedule_check import FILLABLE, MATCHES, PACK, RESULTS, SCHEDULE, TEACHER

    paths = [out / n for n in (PACK, SCHEDULE, TEACHER, RESULTS)]
    for mp in plan.matches if plan is not None else ():
        paths += [out / MATCHES / f"{mp.stem}.pdf"] if singles else []
        paths += [out / FILLABLE / f"{mp.stem}.pdf"] if fillable else []
    return paths
