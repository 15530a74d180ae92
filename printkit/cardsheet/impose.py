"""Imposing cards: fronts page, then (for duplex) the backs page mirrored behind it.

A game hands a list of `SheetCard`s (a face callback and a back callback each) and a
`CardSize`; `impose` lays them out on as many pages as needed. Each callback draws one side
of one card in the card's own coordinates: origin at the trim's lower-left corner, `frame.
width` x `frame.height` points upright, artwork may run `frame.bleed` past the trim (it is
clipped to the bleed edge, so it never spills onto a neighbour or a crop mark).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printkit.cardsheet.geometry import CardSize, Grid, Slot, fit
from printkit.cardsheet.marks import crop_marks
from printkit.cardsheet.style import SheetOptions, SheetStyle
from printkit.errors import UserError
from printkit.onpage import SAFE
from printkit.papers import page_size
from printkit.pdfdoc import Document


@dataclass(frozen=True)
class CardFrame:
    """What a side callback knows about the card it draws."""

    width: float          # trim size, points, upright
    height: float
    bleed: float          # artwork should reach this far past the trim (0 without --bleed)
    ink_saver: bool       # draw the lighter design: outlines and pale tints, no solid fills
    index: int            # the card's position in the list handed to impose()
    side: str             # "front" or "back"


Side = Callable[[Document, CardFrame], None]


@dataclass(frozen=True)
class SheetCard:
    """One card to print: its face, and its back (None: a blank back)."""

    face: Side
    back: Side | None = None


def grid_for(paper: str, card: CardSize, options: SheetOptions, style: SheetStyle) -> Grid:
    """The page grid for these options; a one-line error when the cards cannot fit."""
    try:
        return fit(page_size(paper), card, bleed=style.bleed if options.bleed else 0.0,
                   gap=style.gutter, margin=style.margin, per_page=options.per_page)
    except ValueError as exc:
        raise UserError(f"--per-page: {exc}" if options.per_page else str(exc)) from None


def draw_side(doc: Document, slot: Slot, side: Side, frame: CardFrame) -> None:
    """Run one side callback inside its slot: moved, turned and clipped to the bleed edge."""
    c = doc.canvas
    c.saveState()
    if slot.turn == 90:
        c.translate(slot.x + slot.width, slot.y)
        c.rotate(90)
    elif slot.turn == -90:
        c.translate(slot.x, slot.y + slot.height)
        c.rotate(-90)
    else:
        c.translate(slot.x, slot.y)
    b = frame.bleed
    path = c.beginPath()
    path.rect(-b, -b, frame.width + 2 * b, frame.height + 2 * b)
    c.clipPath(path, stroke=0, fill=0)
    side(doc, frame)
    c.restoreState()


def _boxes(c: Canvas, slots: list[Slot], bleed: float) -> None:
    """TrimBox around the trimmed cards, BleedBox that plus the bleed (for print shops)."""
    x0 = min(s.x for s in slots)
    y0 = min(s.y for s in slots)
    x1 = max(s.x + s.width for s in slots)
    y1 = max(s.y + s.height for s in slots)
    c.setTrimBox((x0, y0, x1, y1))
    c.setBleedBox((x0 - bleed, y0 - bleed, x1 + bleed, y1 + bleed))


MIN_CAPTION = 8.0       # pt: text a person reads (STYLE), the caption included


def _caption(c: Canvas, grid: Grid, text: str, style: SheetStyle) -> None:
    """A small line beside the full grid, the same place on every page (the last one too),
    inside the page's safe area: under the grid centred on a column (never on a crop mark),
    or, where the cards leave no room there (nine cards on Letter), turned up the left
    margin centred on a row; on two lines split at its last ' \u00b7 ' when one is too long.
    A page with room for neither has none: the caption is a convenience, the edge band not
    printable."""
    whole = [grid.front(k) for k in range(grid.count)]
    size = max(style.caption_size, MIN_CAPTION)
    below = min(s.y for s in whole) - grid.bleed - SAFE
    beside = min(s.x for s in whole) - grid.bleed - SAFE
    col = whole[min((grid.cols - 1) // 2, len(whole) - 1)]
    row = whole[min(((grid.rows - 1) // 2) * grid.cols, len(whole) - 1)]
    for room, across, along, turned in ((below, col.x + col.width / 2, col.width, False),
                                        (beside, row.y + row.height / 2, row.height, True)):
        lines = _caption_lines(c, text, style.font, size, along - 4 * style.mark_gap)
        if lines and room >= len(lines) * size * 1.2 + 2 * style.mark_gap:
            _draw_caption(c, lines, size, style, across, SAFE + room / 2, turned)
            return


def _caption_lines(c: Canvas, text: str, font: str, size: float, room: float) -> list[str]:
    """`text` on one line, or two split at its last ' \u00b7 ', within `room`; none if not."""
    if c.stringWidth(text, font, size) <= room:
        return [text]
    head, dot, tail = text.rpartition(" \u00b7 ")
    if dot and max(c.stringWidth(head, font, size), c.stringWidth(tail, font, size)) <= room:
        return [head, tail]
    return []


def _draw_caption(c: Canvas, lines: list[str], size: float, style: SheetStyle,
                  across: float, middle: float, turned: bool) -> None:
    """The lines centred on `across` (x, or y when turned) with their block centred on
    `middle` (the centre of the free band, measured from the page edge)."""
    c.saveState()
    if turned:                       # reads bottom to top up the left margin
        c.translate(middle, across)
        c.rotate(90)
        centre, base = 0.0, 0.0
    else:
        centre, base = across, middle
    c.setFont(style.font, size)
    c.setFillColor(style.muted)
    y = base + (len(lines) - 1) * size * 0.6 - size * 0.35
    for line in lines:
        c.drawCentredString(centre, y, line)
        y -= size * 1.2
    c.restoreState()


def impose(doc: Document, cards: Sequence[SheetCard], card: CardSize, options: SheetOptions,
           style: SheetStyle, title: str) -> Grid:
    """Draw `cards` on pages of `options.paper`: a fronts page with crop marks, then (when any
    card on it has a back and backs are on) its backs page for long-edge duplex. Returns the
    grid used, so callers and tests know where every card went."""
    grid = grid_for(options.paper, card, options, style)
    bleed = grid.bleed
    c = doc.canvas
    per = grid.count
    sheets = max(1, -(-len(cards) // per))
    for n in range(sheets):
        batch = list(cards[n * per:(n + 1) * per])
        fronts = [grid.front(k) for k in range(len(batch))]
        doc.page_size(grid.page)
        _boxes(c, fronts, bleed)
        crop_marks(c, grid.page, fronts, bleed, style)
        for k, (sc, slot) in enumerate(zip(batch, fronts, strict=True)):
            draw_side(doc, slot, sc.face, CardFrame(card.width, card.height, bleed,
                                                    options.ink_saver, n * per + k, "front"))
        _caption(c, grid, f"{title} \u00b7 fronts {n + 1}/{sheets} \u00b7 cut on the "
                                  f"marks", style)
        doc.show_page()
        if not options.backs or all(sc.back is None for sc in batch):
            continue
        backs = [grid.back(k, options.back_offset) for k in range(len(batch))]
        doc.page_size(grid.page)
        _boxes(c, backs, bleed)
        for k, (sc, slot) in enumerate(zip(batch, backs, strict=True)):
            if sc.back is not None:
                draw_side(doc, slot, sc.back, CardFrame(card.width, card.height, bleed,
                                                        options.ink_saver, n * per + k, "back"))
        _caption(c, grid, f"{title} \u00b7 backs {n + 1}/{sheets} \u00b7 flip on the long "
                                 f"edge", style)
        doc.show_page()
    c.setTrimBox(None)
    c.setBleedBox(None)
    return grid
