"""The duplex calibration sheet: crosses on the front, scales behind them on the back.

Print it double-sided (flip on long edge) and hold it against a light, back towards you: each
front cross shows through onto a pair of millimetre scales printed where a perfect printer
would put it. Where the cross lines meet the scales is the correction to add to
`--back-offset` (X across, Y up, as seen on the back). The back is drawn with the offset the
sheet was rendered with, so a re-print checks a correction.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.cardsheet.style import SheetOptions, SheetStyle
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.units import MM

ARM = 12 * MM          # half the length of a front cross's lines
SCALE = 5              # scales run -SCALE..+SCALE mm
INSET = 35 * MM        # corner crosses this far from the paper edges


def targets(page: tuple[float, float]) -> list[tuple[float, float]]:
    """Cross centres on the front: the page centre and four near the corners."""
    w, h = page
    return [(w / 2, h / 2), (INSET, INSET), (w - INSET, INSET), (INSET, h - INSET),
            (w - INSET, h - INSET)]


def _cross(c: Canvas, x: float, y: float, line: float) -> None:
    c.setLineWidth(line)
    c.line(x - ARM, y, x + ARM, y)
    c.line(x, y - ARM, x, y + ARM)
    c.circle(x, y, 1.5 * MM, stroke=1, fill=0)


def _scales(c: Canvas, x: float, y: float, style: SheetStyle) -> None:
    """A horizontal and a vertical millimetre scale centred on (x, y): a tick every 0.5 mm,
    numbers every 2 mm, the sign at the ends (minus left and down, plus right and up)."""
    c.setLineWidth(0.3)
    size = 4.5
    c.setFont(style.font, size)
    off = 7 * MM                  # beside the centre, clear of each other (scales are ±5 mm)
    for i in range(-2 * SCALE, 2 * SCALE + 1):
        v = i / 2
        tick = 3.2 * MM if i % 10 == 0 else 2.2 * MM if i % 2 == 0 else 1.2 * MM
        c.line(x + v * MM, y - off, x + v * MM, y - off - tick)        # X scale, below
        c.line(x + off, y + v * MM, x + off + tick, y + v * MM)        # Y scale, right
        if i % 4 == 0:
            label = f"{abs(v):g}"
            c.drawCentredString(x + v * MM, y - off - 3.4 * MM - size, label)
            c.drawString(x + off + 3.6 * MM, y + v * MM - size * 0.35, label)
    c.line(x - SCALE * MM, y - off, x + SCALE * MM, y - off)
    c.line(x + off, y - SCALE * MM, x + off, y + SCALE * MM)
    c.setFont(style.bold_font, 6)
    c.drawRightString(x - SCALE * MM - 1.5, y - off - 2 * MM, "X \u2212")
    c.drawString(x + SCALE * MM + 1.5, y - off - 2 * MM, "+")
    c.drawCentredString(x + off + 1.6 * MM, y + SCALE * MM + 2, "Y +")
    c.drawCentredString(x + off + 1.6 * MM, y - SCALE * MM - 7, "\u2212")


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
        _cross(c, x, y, 0.5)
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
        _scales(c, w - x + dx, y + dy, style)
    now = f"{dx / MM:g},{dy / MM:g}"
    example = f"{dx / MM + 1.5:g},{dy / MM - 0.5:g}"
    _text(c, [f"{title}: duplex calibration, BACK",
              "Read where the cross lines meet the X and Y scales (mm, seen from this side).",
              f"This sheet was printed with --back-offset {now}: add your readings to it.",
              f"E.g. X reads +1.5, Y reads -0.5: print the cards with --back-offset {example}.",
              "All five crosses should agree; if not, the printer scales the page."],
          w / 2, h / 2 + 50 * MM, style)
    doc.show_page()
