"""Crop marks: short lines in the margin on the line of every card edge.

They sit outside the block of cards (bleed included), so cutting along one mark's line never
cuts another mark off: after the first cut every remaining edge still has its marks.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.cardsheet.geometry import Slot
from printkit.cardsheet.style import SheetStyle
from printkit.onpage import SAFE


def edges(slots: list[Slot]) -> tuple[list[float], list[float]]:
    """The distinct x and y of every trim edge on the page, sorted."""
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.x + s.width)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.y + s.height)})
    return xs, ys


def crop_marks(c: Canvas, page: tuple[float, float], slots: list[Slot], bleed: float,
               style: SheetStyle) -> None:
    """Marks above and below the block for each vertical edge, left and right of it for each
    horizontal edge; each as long as the margin allows short of the page's safe band (0.25
    in: a home printer does not print there, and a mark it drops is an edge nobody can cut
    on). The layout's margin leaves every mark some length (SheetStyle checks it)."""
    if not slots:
        return
    left = min(s.x for s in slots) - bleed
    right = max(s.x + s.width for s in slots) + bleed
    bottom = min(s.y for s in slots) - bleed
    top = max(s.y + s.height for s in slots) + bleed
    gap = style.mark_gap
    c.saveState()
    c.setStrokeColor(style.mark_colour)
    c.setLineWidth(style.mark_line)
    xs, ys = edges(slots)
    up = min(style.mark_length, page[1] - SAFE - top - gap)
    down = min(style.mark_length, bottom - SAFE - gap)
    for x in xs:
        if up > 0:
            c.line(x, top + gap, x, top + gap + up)
        if down > 0:
            c.line(x, bottom - gap, x, bottom - gap - down)
    out_left = min(style.mark_length, left - SAFE - gap)
    out_right = min(style.mark_length, page[0] - SAFE - right - gap)
    for y in ys:
        if out_left > 0:
            c.line(left - gap, y, left - gap - out_left, y)
        if out_right > 0:
            c.line(right + gap, y, right + gap + out_right, y)
    c.restoreState()
