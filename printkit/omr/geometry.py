"""Where every mark of a bubble sheet is: one object for the drawing and for the reader.

`sheet_geometry(grammar, layout, paper)` flows a game's slots (engine/bubbles/) into the
rows of a band, left to right, a token never split across rows, and stacks as many bands as
the page holds between the header and the foot. Positions are in points from the page's
top-left corner (y down), the way an image is addressed; the drawing flips them for PDF.

A grammar with several lines a band (`Grammar.band`) flows each line's slots alone, then
builds the band's rows from the pieces the grammar names, side by side in a row with a timing
square between them; a piece sharing its row with another line's starts with a pointer (an
arrow towards the rest of its line). Every bubble and slot extent knows the line of the band
it belongs to.

Each band row has a timing square at its left and right end and one between every two tokens:
the reader finds them near where the corner markers put them and follows a crumpled or bent
page from square to square.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import cached_property

from printkit.layout import Layout
from printkit.papers import page_size
from printkit.units import MM
from printkit_engine.bubbles import Grammar, Slot, lines_per_band

MARKER_IDS = (0, 1, 2, 3)        # top-left, top-right, bottom-right, bottom-left (DICT_4X4_50)
TIMING = 1.5 * MM                 # side of a timing square


@dataclass(frozen=True)
class Bubble:
    slot: str
    part: int
    col: int
    opt: int
    x: float        # centre, from the band's left edge (points)
    row: int        # row of the band
    label: str
    line: int = 0   # line of the band (several lines a band: Grammar.band)
    w: float = 0.0  # its own width: an oval round a word (`bubble.word_pad`); 0: bubble_w


@dataclass(frozen=True)
class Placed:
    """A slot's extent in a band: for headings, dividers and prefixes."""

    slot: Slot
    x: float
    width: float
    row: int
    prefixes: tuple[tuple[float, str], ...]      # (x of the gap centre, text)
    line: int = 0                                # line of the band
    squares: tuple[float, ...] = ()              # x of timing squares inside the token
                                                 # (`bubble.column_squares`)
    inline: float = 0.0                          # room before its bubbles for its title,
                                                 # printed on the row (`heading.inline`)


@dataclass(frozen=True)
class Geometry:
    paper: str
    page: tuple[float, float]          # width, height (points)
    margin: float
    marker: float                      # marker side
    qr: float
    left: float                        # band's left edge (after the line-number column)
    width: float                       # band width, timing squares outside it
    pitch_x: float
    pitch_y: float
    bubble_w: float
    bubble_h: float
    rows: int                          # rows per band
    band_height: float                 # rows plus the gap below
    first_band: float                  # top of the first band
    bands: int                         # bands per page
    header_top: float
    bubbles: tuple[Bubble, ...]        # one band's bubbles
    placed: tuple[Placed, ...]
    refs: tuple[tuple[float, ...], ...]   # per band row: x of its timing squares (band-relative)
    header_bubbles: tuple[tuple[str, Bubble], ...]   # (tag, bubble) at page positions
    header_x: float
    header_y: float
    last: tuple[float, float] = (0.0, 0.0)   # centre of the "last sheet (game over)" bubble
    header_refs: tuple[tuple[float, float], ...] = ()   # timing squares: the last bubble's
                                                         # two, then the header bubbles' two
    per_band: int = 1                  # record lines a band
    line_rows: tuple[tuple[int, ...], ...] = ((0,),)    # per line of a band: its band rows,
                                                         # the first the one numbered
    pointers: tuple[tuple[int, float, int], ...] = ()    # (row, x, line) of each arrow before
                                                         # a piece sharing its row
    headings: tuple[int, ...] = (0,)   # band rows with a heading line over the first band
                                       # (a row laid out as an earlier one has none)
    under: tuple[int, ...] = ()        # band rows whose heading line is under the last band
                                       # instead (`heading.under`: next to its own row)
    heads: float = 0.0                 # height of the column heads over the first band: the
                                       # labels of slots drawn as a table (`Slot.heads`),
                                       # turned upright, between the heading lines and it
    table: tuple[str, ...] = ()        # slots drawn as a table though not `Slot.heads`
                                       # (the layout's `bubble.table`)

    @cached_property
    def headed(self) -> frozenset[str]:
        """The slots drawn as a table: empty bubbles, each word once over its column."""
        return frozenset(p.slot.name for p in self.placed if p.slot.heads) | set(self.table)

    @property
    def lines(self) -> int:
        """Record lines a sheet holds."""
        return self.bands * self.per_band

    def place(self, index: int) -> tuple[int, int]:
        """(band, line of the band) of the sheet's line `index` (0-based)."""
        return divmod(index, self.per_band)

    def number_row(self, line: int) -> int:
        """The band row where a line of the band has its number printed."""
        return self.line_rows[line][0]

    def pointer(self, row: int, line: int) -> str:
        """"up" or "down": where the rest of a line is from a piece of it in `row`."""
        return "up" if self.number_row(line) < row else "down"

    def markers(self) -> list[tuple[int, float, float]]:
        """(id, x, y) of each marker's top-left corner."""
        w, h = self.page
        m, s = self.margin, self.marker
        return [(MARKER_IDS[0], m, m), (MARKER_IDS[1], w - m - s, m),
                (MARKER_IDS[2], w - m - s, h - m - s), (MARKER_IDS[3], m, h - m - s)]

    def marker_corners(self) -> dict[int, list[tuple[float, float]]]:
        """The four corners of each marker in ArUco's order (clockwise from top-left)."""
        s = self.marker
        return {i: [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]
                for i, x, y in self.markers()}

    def band_top(self, band: int) -> float:
        return self.first_band + band * self.band_height

    def row_y(self, band: int, row: int) -> float:
        """Centre line of one row of a band."""
        return self.band_top(band) + (row + 0.5) * self.pitch_y

    def timing(self, band: int, row: int) -> list[tuple[float, float]]:
        """Centres of a band row's timing squares, left to right (page points)."""
        y = self.row_y(band, row)
        return [(self.left + x, y) for x in self.refs[row]]

    @cached_property
    def groups(self) -> dict[tuple[int, str, int, int], tuple[list[int], list[int]]]:
        """Bubble indices and options of each one-choice group (line, slot, part, column)."""
        out: dict[tuple[int, str, int, int], tuple[list[int], list[int]]] = {}
        for k, b in enumerate(self.bubbles):
            index, opts = out.setdefault((b.line, b.slot, b.part, b.col), ([], []))
            index.append(k)
            opts.append(b.opt)
        return out

    @cached_property
    def key(self) -> str:
        """A short hash of everything the reader relies on: in the QR, checked on reading."""
        text = repr((self.page, self.marker, self.left, self.width, self.pitch_x,
                     self.pitch_y, self.first_band, self.band_height, self.bands,
                     [(b.slot, b.part, b.col, b.opt, round(b.x, 3), b.row)
                      + ((b.line,) if self.per_band > 1 else ()) + ((b.w,) if b.w else ())
                      for b in self.bubbles],
                     [(t, round(b.x, 3), b.row) for t, b in self.header_bubbles],
                     round(self.header_x, 3), round(self.header_y, 3), self.last,
                     self.header_refs) + ((self.under,) if self.under else ()))
        return hashlib.sha256(text.encode()).hexdigest()[:8]


def _gaps(slot: Slot, part_gap: float, set_gap: float) -> list[float]:
    """The space before each column of a token (0 before its first): `part_gap`, or
    `set_gap` between two one-bubble parts where the second prints no prefix (a set of
    cards shaded in any number: a run of labelled bubbles needs no gap to be told apart);
    none in a packed slot (`Slot.packed`: a table's columns, each its own word)."""
    if slot.packed:
        return [0.0] * sum(len(p.columns) for p in slot.parts)
    out: list[float] = []
    before = None
    for part in slot.parts:
        one = len(part.columns) == 1 and len(part.columns[0]) == 1
        for ci in range(len(part.columns)):
            if before is None:
                out.append(0.0)
            elif ci == 0 and one and before and not part.prefix.strip():
                out.append(set_gap)
            else:
                out.append(part_gap)
            before = one
    return out


def _widths(layout: Layout) -> tuple[float, float] | None:
    """(pad, bubble width) when the layout draws each label inside an oval as wide as the
    word needs (`bubble.word_pad`: a decision sheet's plain words at a readable size), else
    None: every bubble the layout's width, the label squeezed to fit."""
    if not layout.has("bubble.word_pad"):
        return None
    return layout.length("bubble.word_pad"), layout.length("bubble.width")


def word_width(layout: Layout, label: str) -> float:
    """The width of a bubble's label at the bubble label font and size (the fonts shipped
    with printkit: the same on every machine, so the geometry key is too)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printkit.pdfdoc import register_fonts

    register_fonts()
    return stringWidth(label, layout.font("bubble.label_font"),
                       layout.length("bubble.label_size")) * layout.number("bubble.label_squeeze")


def _flow(grammar_slots: tuple[Slot, ...], layout: Layout, width: float,
          table: frozenset[str] = frozenset(), inline: bool = False,
          ) -> tuple[list[Bubble], list[Placed], int]:
    """The slots flowed into rows (`table`: slots drawn as a table's columns besides those
    with `Slot.heads`; `inline`: each slot's title printed before its bubbles on the row)."""
    px = layout.length("bubble.pitch_x")
    words = _widths(layout)
    part_gap = layout.length("bubble.part_gap")
    set_gap = layout.length("bubble.set_gap") if layout.has("bubble.set_gap") else part_gap
    slot_gap = layout.length("bubble.slot_gap")
    # a timing square also in the gap before each column of at least this many bubbles (a
    # long number's tens and ones: the reader follows a bent page along the token)
    tall = int(layout.number("bubble.column_squares")) if layout.has(
        "bubble.column_squares") else 0
    bubbles: list[Bubble] = []
    placed: list[Placed] = []
    x, row = 0.0, 0
    for slot in grammar_slots:
        spaces = _gaps(slot, part_gap, set_gap)
        gaps = iter(spaces)
        headed = slot.heads or slot.name in table
        title = inline_title(layout, slot) + part_gap if inline else 0.0
        if words is None or headed:
            need = sum(len(c) for p in slot.parts for c in p.bubble_labels) * px
        else:                           # each oval as wide as its word, the pitch's gap
            need = sum(px - words[1] + _size(words, layout, label)
                       for p in slot.parts for labels in p.bubble_labels for label in labels)
        need += sum(spaces) + title
        if need > width:
            raise ValueError(f"slot {slot.name} is wider than a band")
        if x > 0 and (x + need > width or slot.new_row):
            x, row = 0.0, row + 1
        start = x
        x += title
        prefixes = []
        squares = []
        for pi, part in enumerate(slot.parts):
            for ci, labels in enumerate(part.bubble_labels):
                gap = next(gaps)
                x += gap
                if (pi or ci) and ci == 0 and gap and part.prefix.strip():
                    prefixes.append((x - gap / 2, part.prefix.strip()))
                elif (pi or ci) and tall and len(labels) >= tall:
                    squares.append(x - gap / 2)
                for oi, label in enumerate(labels):
                    if words is None or headed:     # a table's column: the least width
                        bubbles.append(Bubble(slot.name, pi, ci, oi, x + px / 2, row, label))
                        x += px
                        continue
                    w = _size(words, layout, label)
                    step = px - words[1] + w              # the pitch's gap between ovals
                    bubbles.append(Bubble(slot.name, pi, ci, oi, x + step / 2, row, label,
                                          w=round(w, 3)))
                    x += step
        placed.append(Placed(slot, start, x - start, row, tuple(prefixes),
                             squares=tuple(squares), inline=title))
        x += slot_gap
    return bubbles, placed, row + 1


def inline_title(layout: Layout, slot: Slot) -> float:
    """The width of a slot's title printed on its row (`heading.inline`): its short title,
    at the heading lines' size in the bold face."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printkit.pdfdoc import register_fonts

    register_fonts()
    return stringWidth(slot.short or slot.title or slot.name, layout.font("page.bold_font"),
                       layout.length("heading.size"))


def table_slots(grammar: Grammar, layout: Layout) -> frozenset[str]:
    """The slots the layout draws as a table (`bubble.table`): those of a band's first line
    whose words need an oval wider than a bubble, each drawn empty at the least width, its
    words printed once, upright, over the first band (as `Slot.heads`); digits keep their
    bubbles' own labels. None without the key."""
    if not (layout.has("bubble.table") and layout.flag("bubble.table")):
        return frozenset()
    first = grammar.line_kind(0) if grammar.band else tuple(s.name for s in grammar.bubble_slots)
    return frozenset(name for name in first
                     if any(len(label) > 1 for part in grammar.slot(name).parts
                            for column in part.bubble_labels for label in column))


def inline_kinds(grammar: Grammar, layout: Layout) -> frozenset[tuple[str, ...]]:
    """The kinds of line whose slots carry their titles on their own rows (`heading.inline`:
    every band's "more" row says what it is where it is filled): every kind but the band's
    first line's. None without the key, or with one kind of line."""
    if not (layout.has("heading.inline") and layout.flag("heading.inline")) or \
            not grammar.line_slots:
        return frozenset()
    return frozenset(k for k in grammar.line_slots if k != grammar.line_kind(0))


def _size(words: tuple[float, float] | None, layout: Layout, label: str) -> float:
    """A bubble's width: the layout's, or round its word (`bubble.word_pad` either side)."""
    if words is None:
        return layout.length("bubble.width")
    pad, least = words
    return max(least, word_width(layout, label) + 2 * pad)


def _refs(placed: list[Placed], rows: int, width: float, slot_gap: float,
          ) -> tuple[tuple[float, ...], ...]:
    """Per band row: its timing squares, at both ends and in the gap before every token but
    the row's first."""
    out = []
    for r in range(rows):
        starts = sorted(p.x for p in placed if p.row == r)
        inner = [x for p in placed if p.row == r for x in p.squares]
        out.append((-TIMING, *sorted([x - slot_gap / 2 for x in starts[1:]] + inner),
                    width + TIMING))
    return tuple(out)


@dataclass(frozen=True)
class _Band:
    bubbles: list[Bubble]
    placed: list[Placed]
    rows: int
    line_rows: tuple[tuple[int, ...], ...]
    pointers: tuple[tuple[int, float, int], ...]
    headings: tuple[int, ...]
    refs: tuple[tuple[float, ...], ...]


def _band(grammar: Grammar, layout: Layout, width: float,
          table: frozenset[str] = frozenset()) -> _Band:
    """One band's bubbles and slot extents: the grammar's slots flowed into rows, or with
    several lines a band, each line's rows laid out as `grammar.band` says (pieces side by
    side, a slot gap and timing square between, an arrow's room before a piece sharing its
    row). A grammar with line kinds (`Grammar.line_slots`) flows each line's own slots."""
    slot_gap = layout.length("bubble.slot_gap")
    if not grammar.band:
        bubbles, placed, rows = _flow(grammar.bubble_slots, layout, width, table)
        return _Band(bubbles, placed, rows, (tuple(range(rows)),), (), tuple(range(rows)),
                     _refs(placed, rows, width, slot_gap))
    lines = lines_per_band(grammar)
    kinds = [grammar.line_kind(line) for line in range(lines)]
    inline = inline_kinds(grammar, layout)
    flows = {kind: _flow(tuple(s for s in grammar.bubble_slots if s.name in kind), layout,
                         width, table, kind in inline) for kind in dict.fromkeys(kinds)}
    band_rows = _more_rows(grammar.band, [flows[kind][2] for kind in kinds])
    pieces = [p for row in band_rows for p in row]
    want = [(line, r) for line in range(lines) for r in range(flows[kinds[line]][2])]
    if sorted(pieces) != want:
        raise ValueError(f"grammar band {grammar.band}: each of the {lines} lines' rows "
                         "must be in it once")
    px = layout.length("bubble.pitch_x")
    extent = {kind: [max(p.x + p.width for p in placed if p.row == r) for r in range(rows)]
              for kind, (_, placed, rows) in flows.items()}
    flow_refs = {kind: _refs(placed, rows, width, slot_gap)
                 for kind, (_, placed, rows) in flows.items()}
    out_b: list[Bubble] = []
    out_p: list[Placed] = []
    pointers = []
    refs = []
    for band_row, row in enumerate(band_rows):
        x = 0.0
        squares = [-TIMING]
        for line, r in row:
            bubbles, placed, _ = flows[kinds[line]]
            if x > 0:                    # between two pieces
                squares.append(x - slot_gap / 2)
            if len(row) > 1:
                pointers.append((band_row, x + px / 2, line))
                x += px
            out_b += [replace(b, x=b.x + x, row=band_row, line=line)
                      for b in bubbles if b.row == r]
            out_p += [replace(p, x=p.x + x, row=band_row, line=line,
                              prefixes=tuple((px_ + x, t) for px_, t in p.prefixes))
                      for p in placed if p.row == r]
            squares += [x + s for s in flow_refs[kinds[line]][r][1:-1]]
            x += extent[kinds[line]][r] + slot_gap
        if x - slot_gap > width:
            raise ValueError(f"band row {band_row + 1} is wider than a band")
        refs.append((*squares, width + TIMING))
    line_rows = tuple(tuple(k for r in range(flows[kinds[line]][2])
                            for k, row in enumerate(band_rows) if (line, r) in row)
                      for line in range(lines))
    if len({rows_[0] for rows_ in line_rows}) < lines:
        raise ValueError(f"grammar band {grammar.band}: each line's first row must be a band "
                         "row of its own (the line's number is printed there)")
    shapes = [tuple((kinds[line], r) for line, r in row) for row in band_rows]
    headings = tuple(k for k, shape in enumerate(shapes) if shape not in shapes[:k]
                     and not all(kinds[line] in inline for line, _ in band_rows[k]))
    return _Band(out_b, out_p, len(band_rows), line_rows, tuple(pointers), headings,
                 tuple(refs))


def _more_rows(band: tuple[tuple[tuple[int, int], ...], ...],
               rows: list[int]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The grammar's band with the rows a narrower page flows a line into beyond those the
    grammar names (a portrait page's "more" row in two): each a band row of its own, right
    after that line's last named row. The band as the grammar says where every row is named
    (every landscape sheet's)."""
    out = [list(row) for row in band]
    for line, count in enumerate(rows):
        named = [r for row in band for ln, r in row if ln == line]
        if not named or max(named) + 1 >= count:
            continue
        at = max(k for k, row in enumerate(out) if any(ln == line for ln, _ in row))
        for r in range(max(named) + 1, count):
            at += 1
            out.insert(at, [(line, r)])
    return tuple(tuple(row) for row in out)


def head_size(layout: Layout) -> float:
    """The size of a table's column heads (`Slot.heads`): the heading lines' size."""
    return layout.length("heading.size")


def column_heads(placed: list[Placed], layout: Layout,
                 table: frozenset[str] = frozenset()) -> float:
    """The room over the first band for the column heads of the slots drawn as a table
    (`Slot.heads`): the longest label turned upright, and a little air (0 without such
    slots: every other sheet's geometry as it was)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printkit.pdfdoc import register_fonts

    register_fonts()
    labels = [label for p in placed if p.slot.heads or p.slot.name in table
              for part in p.slot.parts
              for column in part.bubble_labels for label in column]
    if not labels:
        return 0.0
    font, size = layout.font("page.bold_font"), head_size(layout)
    return max(stringWidth(label, font, size) for label in labels) + 2 * MM


def legend_lines(grammar: Grammar, layout: Layout, page: tuple[float, float]) -> list[str]:
    """The legend's lines at the foot: the grammar's, each on one line (a landscape page's:
    a line too wide is set smaller to fit, as it always was), or on a portrait page each
    too wide for it wrapped at its words (its words stay at `page.small_size`)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printkit.draw.text import wrap
    from printkit.pdfdoc import register_fonts

    w, h = page
    if w > h:
        return list(grammar.legend)
    register_fonts()
    width = w - 2 * (layout.length("page.margin") + layout.length("marker.side") + 2 * MM)
    font, size = layout.font("page.label_font"), layout.length("page.small_size")
    return [part for line in grammar.legend
            for part in ([line] if stringWidth(line, font, size) <= width
                         else wrap(line, font, size, width))]


def legend_rise(grammar: Grammar, layout: Layout, page: tuple[float, float]) -> float:
    """How far the legend's first line stands over the bottom markers' top: a line of the
    legend for each line its wrapping added (0 where none wrapped: the legend between the
    markers, as every sheet had it)."""
    extra = len(legend_lines(grammar, layout, page)) - len(grammar.legend)
    return extra * layout.length("page.small_size") * 1.3


def orientation(layout: Layout) -> str:
    """The bubble log's page orientation: landscape (a dense sheet's long bands) unless the
    layout says `page.orientation = "portrait"`."""
    value = layout.text("page.orientation") if layout.has("page.orientation") else "landscape"
    if value not in ("portrait", "landscape"):
        raise ValueError(f"page.orientation: expected portrait or landscape, found {value!r}")
    return value


def sheet_layout(layout: Layout, grammar: Grammar, paper: str) -> Layout:
    """The layout a sheet of this grammar on this paper is drawn with: the grammar's variant
    (a decision sheet's `[decisions]`) laid over the layout, then that variant's table for
    the paper, if it has one (Card Bowl's `[decisions.a4]`: a portrait A4 sheet)."""
    return layout.variant(grammar.variant).variant(paper)


def sheet_geometry(grammar: Grammar, layout: Layout, paper: str) -> Geometry:
    """The page of a game's bubble log on one paper (landscape, or as the layout's
    `page.orientation` says: a decision sheet's rows narrow enough for a portrait page, which
    holds more of them), with the layout's table for the grammar's variant laid over it (a
    play-book sheet's `[book]`)."""
    layout = sheet_layout(layout, grammar, paper)
    w, h = page_size(paper, orientation(layout))
    margin = layout.length("page.margin")
    marker = layout.length("marker.side")
    qr = layout.length("qr.side")
    number_w = layout.length("band.number_width")
    left = margin + number_w
    width = w - margin - left - 2 * TIMING
    table = table_slots(grammar, layout)
    band = _band(grammar, layout, width, table)
    bubbles, placed, rows = band.bubbles, band.placed, band.rows
    py = layout.length("bubble.pitch_y")
    band_height = rows * py + layout.length("band.gap")
    head = layout.length("heading.size") * 1.25
    header_top = margin
    header_bottom = margin + max(marker, qr) + 1.5 * MM
    # a two-row band's second heading line over the first band reads as the first row's:
    # `heading.under` puts the last row's headings under the last band, next to that row
    under = band.headings[-1:] if (layout.has("heading.under") and layout.flag("heading.under")
                                   and len(band.headings) > 1) else ()
    over = tuple(r for r in band.headings if r not in under)
    heads = column_heads(placed, layout, table)
    first_band = header_bottom + len(over) * head + 1 * MM + heads
    floor = h - margin - marker - 1 * MM - len(under) * head - legend_rise(grammar, layout,
                                                                               (w, h))
    bands = int((floor - first_band + layout.length("band.gap")) // band_height)
    if bands < 1:
        raise ValueError("no band fits on the page")
    # header bubbles: on the title line's right, left of the QR, between two timing squares;
    # the "last sheet" bubble at the row's left, between two more
    hb: list[tuple[str, Bubble]] = []
    hx = w - margin - marker - qr - 3 * MM - 2 * TIMING
    header_slots = [s for _, s in grammar.header]
    hbubbles, _, _ = _flow(tuple(header_slots), layout, 1000 * MM)
    total = max((b.x for b in hbubbles), default=0) + layout.length("bubble.pitch_x")
    header_x = hx - total
    header_y = margin + 16 * MM
    by_slot = {s.name: t for t, s in grammar.header}
    hb = [(by_slot[b.slot], b) for b in hbubbles]
    px = layout.length("bubble.pitch_x")
    # a portrait sheet's header wraps its tags and note onto four lines: the row under them
    last = (margin + marker + 3 * MM + TIMING + px,
            header_y + (5.5 * MM if w > h else 8.5 * MM))
    header_refs: tuple[tuple[float, float], ...] = ((last[0] - px, last[1]),
                                                    (last[0] + px, last[1]))
    if hb:
        header_refs += ((header_x - TIMING, header_y), (hx + TIMING, header_y))
    return Geometry(paper, (w, h), margin, marker, qr, left, width,
                    layout.length("bubble.pitch_x"), py, layout.length("bubble.width"),
                    layout.length("bubble.height"), rows, band_height, first_band, bands,
                    header_top, tuple(bubbles), tuple(placed), band.refs, tuple(hb), header_x,
                    header_y, last, header_refs, lines_per_band(grammar), band.line_rows,
                    band.pointers, over, under, heads, tuple(sorted(table)))
