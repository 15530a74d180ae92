"""`printkit render cardbowl field`: the whole field, end zones included, to scale, landscape.

The scale is a layout value (`field.yard`, the length of one yard on paper). The field is drawn
once as a form and shown through a window per page: at the shipped scale it fits one page
of either paper; a larger scale spans several pages, cut at 10-yard lines, each page repeating
a strip of the last one with alignment marks to glue them together.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from printkit.layout import Layout, LayoutError
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.sheets.common.endzone import end_zone_names
from printkit.sheets.common.heading import check_bars, floor, scale_text, title
from printkit.units import MM
from printkit_engine import datafile
from printkit_engine.cardbowl.state import END_ZONE, YARDS


class Field:
    """Field geometry in points, origin at the lower-left corner (home end line, sideline)."""

    def __init__(self, layout: Layout, home: str, away: str) -> None:
        self.layout = layout
        self.yd = layout.length("field.yard")
        self.length = YARDS * self.yd
        self.height = layout.number("field.width_yards") * self.yd
        self.home, self.away = home, away

    def x(self, yard: float) -> float:
        return yard * self.yd

    def draw(self, c: Canvas) -> None:
        lay = self.layout
        c.setFillColor(lay.fill("field.turf"))
        c.rect(0, 0, self.length, self.height, stroke=0, fill=1)
        c.setFillColor(lay.fill("field.endzone_home"))
        c.rect(0, 0, self.x(END_ZONE), self.height, stroke=0, fill=1)
        c.setFillColor(lay.fill("field.endzone_away"))
        c.rect(self.x(YARDS - END_ZONE), 0, self.x(END_ZONE), self.height, stroke=0, fill=1)
        c.setStrokeColor(lay.colour("field.line"))
        self._lines(c)
        self._ticks(c)
        self._numbers(c)

    def _lines(self, c: Canvas) -> None:
        lay = self.layout
        for yard in range(END_ZONE + 5, YARDS - END_ZONE, 5):
            ten = (yard - END_ZONE) % 10 == 0
            c.setLineWidth(lay.length("field.ten_width" if ten else "field.five_width"))
            c.line(self.x(yard), 0, self.x(yard), self.height)
        c.setLineWidth(lay.length("field.goal_width"))
        for yard in (END_ZONE, YARDS - END_ZONE):
            c.line(self.x(yard), 0, self.x(yard), self.height)
        c.setLineWidth(lay.length("field.sideline_width"))
        c.rect(0, 0, self.length, self.height, stroke=1, fill=0)

    def _ticks(self, c: Canvas) -> None:
        """A tick every yard on both sidelines and both hash rows (the hash marks)."""
        lay = self.layout
        tick = lay.length("field.tick_length")
        hash_y = lay.number("field.hash_from_sideline") * self.yd
        c.setLineWidth(lay.length("field.five_width"))
        for yard in range(END_ZONE + 1, YARDS - END_ZONE):
            if yard % 5 == 0:
                continue
            x = self.x(yard)
            for y0, y1 in ((0, tick), (self.height - tick, self.height),
                           (hash_y - tick / 2, hash_y + tick / 2),
                           (self.height - hash_y - tick / 2, self.height - hash_y + tick / 2)):
                c.line(x, y0, x, y1)

    def _numbers(self, c: Canvas) -> None:
        lay = self.layout
        size = lay.length("field.number_size")
        off = lay.number("field.number_from_sideline") * self.yd
        c.setFillColor(lay.colour("field.number_colour"))
        c.setFont(lay.font("field.number_font"), size)
        for line in range(10, 100, 10):
            label = str(line if line <= 50 else 100 - line)
            x = self.x(END_ZONE + line)
            c.drawCentredString(x, off - size * 0.35, label)
            c.saveState()
            c.translate(x, self.height - off)
            c.rotate(180)
            c.drawCentredString(0, -size * 0.35, label)
            c.restoreState()

    def end_zone_names(self, c: Canvas) -> None:
        """The teams' names up their end zones (printkit.sheets.common.endzone)."""
        end_zone_names(c, self.layout, self.height, ((self.x(END_ZONE / 2), self.home),
                                                     (self.x(YARDS - END_ZONE / 2), self.away)))


def windows(field: Field, usable: float, overlap: float) -> list[tuple[float, float]]:
    """Pages' yard ranges (start, end), each fitting `usable` width with the glue strip.

    Pages are cut on the 5-yard lines between the numbers (15, 25, ...), never through one.
    """
    if field.length <= usable:
        return [(0.0, float(YARDS))]
    room = (usable - overlap) / field.yd
    count = math.ceil(YARDS / room)
    pages: list[tuple[float, float]] = []
    start = 0
    while start < YARDS:
        left = count - len(pages)
        if left <= 1 or start + room >= YARDS:
            end = YARDS
        else:
            target = start + (YARDS - start) / left
            cuts = [y for y in range(start + 1, int(start + room) + 1) if y % 10 == 5]
            end = min(cuts, key=lambda y: abs(y - target)) if cuts else int(start + room)
        pages.append((float(start), float(end)))
        start = end
    return pages


def _alignment_mark(c: Canvas, x: float, y: float, r: float) -> None:
    c.circle(x, y, r, stroke=1, fill=0)
    c.line(x - r * 1.6, y, x + r * 1.6, y)
    c.line(x, y - r * 1.6, x, y + r * 1.6)


def _no_room(layout: Layout, paper: str, most: float) -> LayoutError:
    """The field does not fit: blamed on the first of the keys deciding it that the user set."""
    fits = f"at most {most / MM:.2f} mm a yard" if most > 0 else "no yard"
    return layout.blame(["field.yard", "page.margin", "field.overlap", "page.title_size",
                         "page.label_size", "field.width_yards"],
                        f"expected a field that fits {paper} ({fits} with these margins and "
                        f"titles), found {datafile.found(layout.raw('field.yard'))} a yard")


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    size = page_size(opts.paper, "landscape")
    doc.page_size(size)
    field = Field(layout, opts.home, opts.away)
    margin = layout.length("page.margin")
    overlap = layout.length("field.overlap")
    usable = size[0] - 2 * margin
    pages = windows(field, usable, overlap)
    doc.form("field", field.length, field.height, field.draw)
    label_size = layout.length("page.label_size")
    title_size = layout.length("page.title_size")
    bars = label_size * 4.4
    top = size[1] - margin - title_size
    bottom = floor(layout) + bars + label_size * 2
    room = top - label_size * 3 - bottom
    if field.height > room or field.yd * 10 + overlap > usable:
        raise _no_room(layout, opts.paper, min(room / layout.number("field.width_yards"),
                                               (usable - overlap) / 10))
    fy = bottom + (room - field.height) / 2
    c = doc.canvas
    for number, (start, end) in enumerate(pages, start=1):
        left = start * field.yd - (overlap if number > 1 else 0)
        width = end * field.yd - left
        fx = margin + (usable - width) / 2 - left
        text = f"{layout.text('page.title')}   {opts.home} v {opts.away}   {scale_text(field.yd)}"
        if len(pages) > 1:
            text += f"   page {number} of {len(pages)}"
        title(c, layout, margin, top, text)
        c.saveState()
        p = c.beginPath()
        p.rect(fx + left, fy - 1, width, field.height + 2)
        c.clipPath(p, stroke=0, fill=0)
        doc.place("field", fx, fy)
        c.translate(fx, fy)
        field.end_zone_names(c)
        c.restoreState()
        c.setStrokeColor(layout.colour("page.ink"))
        c.setFillColor(layout.colour("page.muted"))
        c.setFont(layout.font("page.label_font"), label_size)
        c.setLineWidth(0.5)
        for seam in ([start] if number > 1 else []) + ([end] if number < len(pages) else []):
            x = fx + seam * field.yd
            for y in (fy - label_size * 1.2, fy + field.height + label_size * 1.2):
                _alignment_mark(c, x, y, label_size * 0.45)
        if number > 1:
            c.drawString(fx + left, fy + field.height + label_size * 2.2,
                         f"glue this strip under page {number - 1}: line up the marks")
        if number < len(pages):
            c.drawRightString(fx + end * field.yd - label_size, fy + field.height
                              + label_size * 2.2, f"trim here, lay on page {number + 1}")
        check_bars(doc, layout, margin, floor(layout))
        doc.show_page()
