"""The duplex calibration sheet: crosses on the front, scales behind them on the back.

Print it double-sided (flip on long edge) and hold it against a light, back towards you: each
front cross shows through onto a pair of millimetre scales printed where a perfect printer
would put it. Where the cross lines meet the scales is the correction to add to
`--back-offset` (X across, Y up, as seen on the back). The back is drawn with the offset the
sheet was rendered with, so a re-print checks a correction.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.cardsheet.style import MAX_OFFSET_MM, SheetOptions, SheetStyle
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.units import MM

SCALE = int(MAX_OFFSET_MM)   # scales run -SCALE..+SCALE mm: all --back-offset accepts
OFF = (SCALE + 6) * MM       # a scale's line this far from its cross, clear of the other one
ARM = 12 * MM                # a front cross's arm away from its scales
REACH = OFF + (SCALE + 4) * MM   # its arm towards them: past the scale however far it drifts
INSET = 35 * MM              # corner crosses this far from the paper edges
DIGITS = 8.0                 # pt: the scales' numbers (text a person reads)


def targets(page: tuple[float, float]) -> list[tuple[float, float]]:
    """Cross centres on the front: the page centre and four near the corners."""
    w, h = page
    return [(w / 2, h / 2), (INSET, INSET), (w - INSET, INSET), (INSET, h - INSET),
            (w - INSET, h - INSET)]


def sides(page: tuple[float, float], x: float, y: float) -> tuple[int, int]:
    """Where the scales of the back's target at (x, y) go, so both point into the page: the
    Y scale to the right (+1) or left (-1) of it, the X scale above (+1) or below (-1)."""
    w, h = page
    return (1 if x <= w / 2 + 1e-6 else -1), (-1 if y >= h / 2 - 1e-6 else 1)


def _cross(c: Canvas, page: tuple[float, float], x: float, y: float, line: float) -> None:
    """A front cross whose arms reach the back's scales: the back is the front mirrored, so
    the arm across runs opposite to the back's Y scale, the arm up or down with its X scale."""
    sx, sy = sides(page, page[0] - x, y)
    c.setLineWidth(line)
    c.line(x + sx * ARM, y, x - sx * REACH, y)
    c.line(x, y - sy * ARM, x, y + sy * REACH)
    c.circle(x, y, 1.5 * MM, stroke=1, fill=0)


def _scales(c: Canvas, page: tuple[float, float], x: float, y: float,
            style: SheetStyle) -> None:
    """A horizontal and a vertical millimetre scale for the target at (x, y), each OFF from
    it on the page's inner side: -SCALE..+SCALE mm (all --back-offset accepts), a tick every
    0.5 mm, numbers every 5 mm at 8 pt, the sign at the ends (minus left and down, plus
    right and up)."""
    sx, sy = sides(page, x, y)
    c.setLineWidth(0.3)
    c.setFont(style.font, DIGITS)
    ay = y + sy * OFF              # the X scale's line (across)
    ax = x + sx * OFF              # the Y scale's line (up)
    for i in range(-2 * SCALE, 2 * SCALE + 1):
        v = i / 2
        tick = 3.2 * MM if i % 10 == 0 else 2.2 * MM if i % 2 == 0 else 1.2 * MM
        c.line(x + v * MM, ay, x + v * MM, ay + sy * tick)          # X scale, ticks outward
        c.line(ax, y + v * MM, ax + sx * tick, y + v * MM)          # Y scale
        if i % 10 == 0:
            label = f"{abs(v):g}"
            base = ay + sy * 4 * MM - (DIGITS * 0.75 if sy < 0 else 0)
            c.drawCentredString(x + v * MM, base, label)
            lx = ax + sx * 4 * MM
            if sx > 0:
                c.drawString(lx, y + v * MM - DIGITS * 0.35, label)
            else:
                c.drawRightString(lx, y + v * MM - DIGITS * 0.35, label)
    c.line(x - SCALE * MM, ay, x + SCALE * MM, ay)
    c.line(ax, y - SCALE * MM, ax, y + SCALE * MM)
    c.setFont(style.bold_font, DIGITS)
    c.drawRightString(x - SCALE * MM - 1.5, ay - DIGITS * 0.35, "X \u2212")
    c.drawString(x + SCALE * MM + 1.5, ay - DIGITS * 0.35, "+")
    c.drawCentredString(ax, y + SCALE * MM + 3, "Y +")
    c.drawCentredString(ax, y - SCALE * MM - 3 - DIGITS * 0.75, "\u2212")


def _text(c: Canvas, lines: list[str], x: float, y: float, style: SheetStyle,
          size: float = 9) -> None:
    c.setFillColor(style.ink)
    for i, line in enumerate(lines):
        c.setFont(style.bold_font if i == 0 else style.font, size * (1.3 if i == 0 else 1))
        c.drawCentredString(x, y - i * size * 1.5, line)


def calibration_pages(doc: Document, options: SheetOptions, style: SheetStyle,
                      title: str) -> None:
    """The front and the back of the calibration sheet, as two pages."""
    page = page_size(options.paper)
    w, h = page
    c = doc.canvas
    dx, dy = options.back_offset
    doc.page_size(page)
    c.setStrokeColor(style.ink)
    for x, y in targets(page):
        _cross(c, page, x, y, 0.5)
    _text(c, [f"{title}: duplex calibration, FRONT",
              "Print this sheet double-sided, flip on long edge, at 100% (no scaling).",
              "Then hold it against a light with the BACK towards you:",
              "each cross shows through onto its two scales."],
          w / 2, h / 2 + 50 * MM, style)
    doc.show_page()
    doc.page_size(page)
    c.setStrokeColor(style.ink)
    c.setFillColor(style.ink)
    for x, y in targets(page):
        _scales(c, page, w - x + dx, y + dy, style)
    now = f"{dx / MM:g},{dy / MM:g}"
    example = f"{dx / MM + 1.5:g},{dy / MM - 0.5:g}"
    _text(c, [f"{title}: duplex calibration, BACK",
              "Read where the cross lines meet the X and Y scales (mm, seen from this side).",
              f"This sheet was printed with --back-offset {now}: add your readings to it.",
              f"E.g. X reads +1.5, Y reads -0.5: print the cards with --back-offset {example}.",
              "All five crosses should agree; if not, the printer scales the page."],
          w / 2, h / 2 + 50 * MM, style)
    doc.show_page()
