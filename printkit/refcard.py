"""Quick-reference cards (`printkit render GAME refcard`): content as data, one renderer.

A game's refcard module builds two :class:`Side` objects (front and back) out of blocks --
headings, formula lines, ruled charts, legends -- reading every value from the game's rules
object and its odds tables (engine/odds.py); this module lays the blocks out top-down on a
4 x 6 in card (Letter) or an A6 card (A4) and hands the cards to the card-sheet machinery
(printkit/cardsheet: imposition 2-up, crop marks, duplex backs).

Text sizes come from the layout and are never under 8 pt: a side whose blocks do not fit the
card at the layout's sizes is an error naming the game and side, never smaller print.
Reference cards are too dense to halve, so `--per-page 4` is refused with a one-line reason
(docs/cli.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

from reportlab.lib.colors import Color, white
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.cardsheet import A6, INDEX_4X6, CardFrame, CardSize, SheetCard, render_cards
from printkit.draw.table import Cell, TableStyle, draw_table
from printkit.errors import UserError
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.units import MM
from printkit_engine.odds import Figure, OddsTable

FLOOR = 8.0                 # no text on a reference card is smaller (points)
LEADING = 1.2
PER_PAGE = 2                # 4 x 6 in / A6: two to a Letter / A4 page
SIZES = {"letter": INDEX_4X6, "a4": A6}


# -- content ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Heading:
    """A section title: a rule in the game's colour with the title over it."""

    text: str


@dataclass(frozen=True)
class Lines:
    """Term / text pairs: a bold term, then its text wrapped with a hanging indent (formulas,
    legends). `term_width` 0: as wide as the widest term."""

    items: tuple[tuple[str, str], ...]
    term_width: float = 0.0


@dataclass(frozen=True)
class Note:
    """A short paragraph in the muted colour (what a chart's figures mean)."""

    text: str


@dataclass(frozen=True)
class Chart:
    """A ruled chart in the classic style: shaded header row, bold label column, equal cells.
    `header` names the label column then each cell column."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    label_width: float = 0.0       # 0: as wide as the widest label


@dataclass(frozen=True)
class Columns:
    """Blocks side by side (e.g. a long chart split in halves)."""

    columns: tuple[tuple[Block, ...], ...]


@dataclass(frozen=True)
class Box:
    """Blocks framed together (PostCard's hidden modifiers: one box to look in)."""

    blocks: tuple[Block, ...]


Block = Heading | Lines | Note | Chart | Columns | Box
BOX_PAD = 1.4 * MM


@dataclass(frozen=True)
class Side:
    """One side of a card: its title (the game's) and subtitle, then the blocks, top down."""

    title: str
    subtitle: str
    blocks: tuple[Block, ...]
    footer: str = ""


# -- odds as chart cells ----------------------------------------------------------------------

def percent(f: str | Figure, digits: int = 0) -> str:
    """A probability as a percent with `digits` decimals; '<1%' and '>99%' (or '<0.1%', ...)
    rather than 0% or 100% for a chance that is not nil; '-' for nil."""
    if isinstance(f, str):
        return f
    v = f.value
    if v <= 0:
        return "-"
    if v >= 1:
        return "100%"
    least = 10.0 ** -digits
    text = f"{v * 100:.{digits}f}"        # rounds half to even: 0.5% reads "0" at 0 digits
    if float(text) < least / 2:
        return f"<{least:g}%"
    if float(text) > 100 - least / 2:
        return f">{100 - least:g}%"
    return f"{text}%"


def odds_table(tables: Sequence[OddsTable], key: str) -> OddsTable:
    """The game's odds table `key` (the one `printkit odds GAME KEY` prints)."""
    for t in tables:
        if t.key == key:
            return t
    raise KeyError(f"no odds table {key!r}")


def odds_chart(table: OddsTable, columns: Sequence[str], header: Sequence[str] | None = None,
               rows: Sequence[int] | None = None, digits: int = 0) -> Chart:
    """Chart of `table`'s `columns` (by name; labels as text, figures as percents with
    `digits` decimals)."""
    index = [table.columns.index(c) for c in columns]
    picked = [table.rows[i] for i in rows] if rows is not None else list(table.rows)
    body = tuple(tuple(percent(row[i], digits) if isinstance(row[i], Figure) else str(row[i])
                       for i in index) for row in picked)
    return Chart(tuple(header or columns), body)


# -- style ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Style:
    """The [refcard] table of the layout, read once; sizes checked against the 8 pt floor."""

    layout: Layout
    ink_saver: bool
    sizes: dict[str, float] = field(default_factory=dict)

    @classmethod
    def from_layout(cls, layout: Layout, ink_saver: bool) -> Style:
        sizes = {k: layout.length(f"refcard.{k}")
                 for k in ("title_size", "subtitle_size", "heading_size", "text_size",
                           "chart_size")}
        for key, size in sizes.items():
            if size < FLOOR - 1e-9:
                raise UserError(f"layout refcard.{key}: {size:g} pt is under the {FLOOR:g} pt "
                                "floor of reference cards")
        return cls(layout, ink_saver, sizes)

    def length(self, key: str) -> float:
        return self.layout.length(f"refcard.{key}")

    def colour(self, key: str) -> Color:
        return self.layout.colour(f"refcard.{key}")

    def font(self, bold: bool = False) -> str:
        return self.layout.font("refcard.bold_font" if bold else "refcard.font")

    @property
    def text_size(self) -> float:
        return self.sizes["text_size"]

    @property
    def chart_size(self) -> float:
        return self.sizes["chart_size"]

    @property
    def row_height(self) -> float:
        return self.length("row_height")

    def table_style(self) -> TableStyle:
        return TableStyle(self.font(), self.font(True), self.chart_size, self.colour("grid"),
                          self.colour("ink"), self.colour("label_fill"), line_width=0.5)


# -- measuring and drawing --------------------------------------------------------------------

def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    return simpleSplit(text, font, size, width) or [""]


def _term_width(style: Style, block: Lines) -> float:
    if block.term_width:
        return block.term_width
    return max(stringWidth(t, style.font(True), style.text_size) for t, _ in block.items) + 1.6 * MM


def _chart_widths(style: Style, block: Chart, width: float) -> tuple[float, float]:
    size = style.chart_size
    labels = [block.header[0], *(r[0] for r in block.rows)]
    label_w = block.label_width or max(stringWidth(t, style.font(True), size)
                                       for t in labels) + 2.8
    cells = len(block.header) - 1
    cell_w = (width - label_w) / cells if cells else 0.0
    return label_w, cell_w


def _header_lines(style: Style, block: Chart, cell_w: float) -> list[list[str]]:
    return [_wrap(h, style.font(True), style.chart_size, cell_w - 2) for h in block.header[1:]]


def height(style: Style, block: Block, width: float) -> float:
    """How tall `block` is at `width` (points)."""
    ts = style.text_size
    if isinstance(block, Heading):
        return style.sizes["heading_size"] * 1.5
    if isinstance(block, Note):
        return len(_wrap(block.text, style.font(), ts, width)) * ts * LEADING
    if isinstance(block, Lines):
        tw = _term_width(style, block)
        return sum(len(_wrap(t, style.font(), ts, width - tw)) for _, t in block.items) \
            * ts * LEADING
    if isinstance(block, Chart):
        _, cell_w = _chart_widths(style, block, width)
        head = max((len(h) for h in _header_lines(style, block, cell_w)), default=1)
        header_h = max(style.row_height, head * style.chart_size * 1.1 + 3)
        return header_h + len(block.rows) * style.row_height
    if isinstance(block, Box):
        return stack_height(style, block.blocks, width - 2 * BOX_PAD) + 2 * BOX_PAD
    gap = style.length("column_gap")
    w = (width - gap * (len(block.columns) - 1)) / len(block.columns)
    return max(stack_height(style, col, w) for col in block.columns)


def stack_height(style: Style, blocks: Sequence[Block], width: float) -> float:
    gap = style.length("gap")
    return sum(height(style, b, width) for b in blocks) + gap * max(0, len(blocks) - 1)


def _check_fits(text: str, font: str, size: float, width: float, where: str) -> None:
    if stringWidth(text, font, size) > width + 0.01:
        raise UserError(f"reference card: {where} {text!r} does not fit its cell at "
                        f"{size:g} pt (widen the layout's card or shorten the header)")


def _draw_chart(c: Canvas, style: Style, block: Chart, x: float, top: float,
                width: float) -> float:
    size = style.chart_size
    label_w, cell_w = _chart_widths(style, block, width)
    heads = _header_lines(style, block, cell_w)
    lines = max((len(h) for h in heads), default=1)
    header_h = max(style.row_height, lines * size * 1.1 + 3)
    ink = style.colour("ink")
    # the header row: shaded, bold, wrapped
    c.saveState()
    c.setLineWidth(0.5)
    c.setStrokeColor(style.colour("grid"))
    c.setFillColor(style.colour("header_fill"))
    c.rect(x, top - header_h, label_w, header_h, stroke=1, fill=1)
    for i in range(len(heads)):
        c.rect(x + label_w + i * cell_w, top - header_h, cell_w, header_h, stroke=1, fill=1)
    header_ink = style.colour("header_ink")
    c.setFillColor(header_ink)
    c.setFont(style.font(True), size)
    _check_fits(block.header[0], style.font(True), size, label_w - 2, "chart header")
    c.drawString(x + 1.2, top - header_h / 2 - size * 0.35, block.header[0])
    for i, head in enumerate(heads):
        cx = x + label_w + (i + 0.5) * cell_w
        y = top - (header_h - len(head) * size * 1.1) / 2 - size * 0.85
        for line in head:
            _check_fits(line, style.font(True), size, cell_w - 1, "chart header")
            c.drawCentredString(cx, y, line)
            y -= size * 1.1
    c.restoreState()
    rows = []
    shade = style.colour("row_fill")
    for k, row in enumerate(block.rows):
        fill = shade if k % 2 else white
        _check_fits(row[0], style.font(True), size, label_w - 2, "chart label")
        for text in row[1:]:
            _check_fits(text, style.font(), size, cell_w - 1, "chart cell")
        rows.append((row[0], [Cell(t, fill=fill, colour=ink) for t in row[1:]]))
    return draw_table(c, x, top - header_h, label_w, cell_w, style.row_height, rows,
                      style.table_style())


def draw_block(c: Canvas, style: Style, block: Block, x: float, top: float,
               width: float) -> float:
    """Draw `block` with its top at `top`; returns the y under it."""
    ts = style.text_size
    ink = style.colour("ink")
    if isinstance(block, Heading):
        hs = style.sizes["heading_size"]
        h = hs * 1.5
        c.setFillColor(style.colour("heading_fill"))
        c.rect(x, top - h, width, h, stroke=0, fill=1)
        c.setFillColor(style.colour("heading_ink"))
        c.setFont(style.font(True), hs)
        c.drawString(x + 1.5, top - h / 2 - hs * 0.35, block.text)
        return top - h
    if isinstance(block, Note):
        c.setFillColor(style.colour("muted"))
        c.setFont(style.font(), ts)
        y = top
        for line in _wrap(block.text, style.font(), ts, width):
            c.drawString(x, y - ts * 0.95, line)
            y -= ts * LEADING
        return y
    if isinstance(block, Lines):
        tw = _term_width(style, block)
        y = top
        for term, text in block.items:
            c.setFillColor(style.colour("accent_ink"))
            c.setFont(style.font(True), ts)
            c.drawString(x, y - ts * 0.95, term)
            c.setFillColor(ink)
            c.setFont(style.font(), ts)
            for line in _wrap(text, style.font(), ts, width - tw):
                c.drawString(x + tw, y - ts * 0.95, line)
                y -= ts * LEADING
        return y
    if isinstance(block, Chart):
        return _draw_chart(c, style, block, x, top, width)
    if isinstance(block, Box):
        h = height(style, block, width)
        c.setStrokeColor(style.colour("accent"))
        c.setLineWidth(1.0)
        c.roundRect(x, top - h, width, h, 1.5 * MM, stroke=1, fill=0)
        draw_stack(c, style, block.blocks, x + BOX_PAD, top - BOX_PAD, width - 2 * BOX_PAD)
        return top - h
    gap = style.length("column_gap")
    w = (width - gap * (len(block.columns) - 1)) / len(block.columns)
    bottom = top
    for i, col in enumerate(block.columns):
        bottom = min(bottom, draw_stack(c, style, col, x + i * (w + gap), top, w))
    return bottom


def draw_stack(c: Canvas, style: Style, blocks: Sequence[Block], x: float, top: float,
               width: float) -> float:
    gap = style.length("gap")
    y = top
    for k, block in enumerate(blocks):
        y = draw_block(c, style, block, x, y - (gap if k else 0), width)
    return y


def draw_side(style: Style, side: Side, doc: Document, frame: CardFrame) -> None:
    """One side of a card in its own coordinates (origin: the trim's lower-left)."""
    c = doc.canvas
    w, h, b = frame.width, frame.height, frame.bleed
    inset = style.length("inset")
    band = style.length("band")
    accent = style.colour("accent")
    c.setFillColor(white)
    c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    # the title band (a rule and coloured title with --ink-saver)
    if style.ink_saver:
        c.setStrokeColor(accent)
        c.setLineWidth(1.5)
        c.line(-b, h - band, w + b, h - band)
        title_ink = style.colour("accent_ink")
    else:
        c.setFillColor(accent)
        c.rect(-b, h - band, w + 2 * b, band + b, stroke=0, fill=1)
        title_ink = style.colour("band_ink")
    ts, ss = style.sizes["title_size"], style.sizes["subtitle_size"]
    c.setFillColor(title_ink)
    c.setFont(style.font(True), ts)
    base = h - band / 2 - ts * 0.35
    c.drawString(inset, base, side.title)
    c.setFont(style.font(), ss)
    room = w - 2 * inset - stringWidth(side.title, style.font(True), ts) - 3 * MM
    _check_fits(side.subtitle, style.font(), ss, room, "subtitle")
    c.drawRightString(w - inset, base, side.subtitle)
    width = w - 2 * inset
    top = h - band - style.length("gap")
    foot = inset
    if side.footer:
        foot += style.text_size * LEADING
    need = stack_height(style, side.blocks, width)
    if need > top - foot + 0.01:
        raise UserError(f"reference card {side.title!r} {side.subtitle!r}: the content is "
                        f"{(need - (top - foot)) / MM:.1f} mm taller than the card at the "
                        f"layout's sizes (never under {FLOOR:g} pt)")
    draw_stack(c, style, side.blocks, inset, top, width)
    if side.footer:
        c.setFillColor(style.colour("muted"))
        c.setFont(style.font(), style.text_size)
        c.drawString(inset, inset, side.footer)


# -- the printable ----------------------------------------------------------------------------

def card_size_for(paper: str) -> CardSize:
    """Letter: a 4 x 6 in index card; A4: A6 (docs/cli.md, "Reference cards")."""
    return SIZES.get(paper, INDEX_4X6)


def render(doc: Document, opts: object, layout: Layout, front: Side, back: Side,
           title: str) -> None:
    """The whole draw() of a refcard printable: one two-sided card, 2-up (the page's second
    slot holds a second copy, so one sheet cut in half serves two players)."""
    extra = getattr(opts, "extra", {}) or {}
    per_page = extra.get("per_page")
    if per_page is not None and int(per_page) > PER_PAGE:
        raise UserError(f"--per-page {per_page}: reference cards are 4 x 6 in (Letter) or A6 "
                        f"(A4) and fit at most {PER_PAGE} to a page; smaller cards would need "
                        f"text under {FLOOR:g} pt")
    style = Style.from_layout(layout, bool(getattr(opts, "ink_saver", False)))
    size = card_size_for(str(getattr(opts, "paper", "letter")))
    count = int(per_page) if per_page is not None else PER_PAGE
    card = SheetCard(face=partial(draw_side, style, front), back=partial(draw_side, style, back))
    render_cards(doc, opts, layout, [card] * count, title=title, size=size, per_page=PER_PAGE)
