"""The ruled table of a written log (drive log, play log): a shaded heading row, striped rows
down to a floor, the rules between rows and columns, and the frame. Each game's log adds its
own hints inside the cells between `ruled_table` and `frame`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printkit.layout import Layout


@dataclass(frozen=True)
class Ruled:
    """Where the table went: its rows (not counting the heading row), row height, bottom."""

    rows: int
    row_height: float
    bottom: float

    def baseline(self, top: float, row: int, size: float) -> float:
        """The text baseline centred in data row `row` (0 = first under the headings)."""
        return top - (row + 2) * self.row_height + self.row_height / 2 - size * 0.35


def ruled_table(c: Canvas, layout: Layout, x: float, top: float, width: float, floor: float,
                headings: Sequence[str], widths: Sequence[float], centred: bool) -> Ruled:
    """Headings, stripes and rules (keys `table.*`, `page.*`); at most `table.rows` rows."""
    h = layout.length("table.row_height")
    rows = min(int(layout.number("table.rows")), int((top - floor) / h) - 1)
    size = layout.length("page.label_size")
    bottom = top - (rows + 1) * h
    c.setFillColor(layout.fill("table.header_fill"))
    c.rect(x, top - h, width, h, stroke=0, fill=1)
    for i in range(rows):
        if i % 2:
            c.setFillColor(layout.fill("table.stripe_fill"))
            c.rect(x, top - (i + 2) * h, width, h, stroke=0, fill=1)
    c.setFillColor(layout.colour("page.ink"))
    c.setFont(layout.font("page.bold_font"), size)
    cx = x
    for heading, w in zip(headings, widths, strict=True):
        if centred:
            c.drawCentredString(cx + w / 2, top - h / 2 - size * 0.35, heading)
        else:
            c.drawString(cx + size * 0.5, top - h / 2 - size * 0.35, heading)
        cx += w
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(layout.length("table.line"))
    for i in range(1, rows + 1):
        c.line(x, top - i * h, x + width, top - i * h)
    cx = x
    for w in widths[:-1]:
        cx += w
        c.line(cx, bottom, cx, top)
    return Ruled(rows, h, bottom)


def frame(c: Canvas, layout: Layout, x: float, top: float, width: float, ruled: Ruled) -> None:
    c.setLineWidth(layout.length("table.frame_line"))
    c.rect(x, ruled.bottom, width, top - ruled.bottom, stroke=1, fill=0)
