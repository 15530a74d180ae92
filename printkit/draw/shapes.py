"""Small vector shapes every board needs: stars, die faces, arrows, the 100% check bar."""

from __future__ import annotations

import math

from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.73), (0.73, 0.27)],
    3: [(0.27, 0.73), (0.5, 0.5), (0.73, 0.27)],
    4: [(0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.27, 0.73), (0.5, 0.5), (0.73, 0.27), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.27, 0.5), (0.27, 0.75), (0.73, 0.25), (0.73, 0.5), (0.73, 0.75)],
}


def star(c: Canvas, cx: float, cy: float, r: float, fill: Color = black) -> None:
    """A filled five-pointed star of outer radius r (inner radius 0.4 r)."""
    p = c.beginPath()
    for i in range(10):
        rad = r if i % 2 == 0 else r * 0.4
        a = math.pi / 2 + i * math.pi / 5
        x, y = cx + rad * math.cos(a), cy + rad * math.sin(a)
        if i == 0:
            p.moveTo(x, y)
        else:
            p.lineTo(x, y)
    p.close()
    c.saveState()
    c.setFillColor(fill)
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def die_face(c: Canvas, x: float, y: float, size: float, n: int,
             ink: Color = black, paper: Color = white, line: float = 0.6) -> None:
    """A die showing n pips, lower-left corner at (x, y)."""
    c.saveState()
    c.setLineWidth(line)
    c.setStrokeColor(ink)
    c.setFillColor(paper)
    c.roundRect(x, y, size, size, size * 0.18, stroke=1, fill=1)
    c.setFillColor(ink)
    for px, py in PIPS[n]:
        c.circle(x + px * size, y + py * size, size * 0.09, stroke=0, fill=1)
    c.restoreState()


def arrow(c: Canvas, x1: float, y1: float, x2: float, y2: float, head: float,
          width: float = 0.8, colour: Color = black) -> None:
    """A straight arrow from (x1, y1) to (x2, y2) with a filled head of length `head`."""
    a = math.atan2(y2 - y1, x2 - x1)
    bx, by = x2 - head * math.cos(a), y2 - head * math.sin(a)
    c.saveState()
    c.setStrokeColor(colour)
    c.setFillColor(colour)
    c.setLineWidth(width)
    c.line(x1, y1, bx, by)
    p = c.beginPath()
    p.moveTo(x2, y2)
    for side in (1, -1):
        p.lineTo(bx + side * head * 0.45 * math.sin(a), by - side * head * 0.45 * math.cos(a))
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    c.restoreState()


def check_bar(c: Canvas, x: float, y: float, length: float, label: str, font: str,
              size: float = 6.5, height: float = 2.5 * 72 / 25.4) -> None:
    """A bar of exact length with end ticks: measure it to confirm the print was not scaled."""
    c.saveState()
    c.setLineWidth(0.5)
    c.setFillColor(black)
    c.rect(x, y, length, height * 0.35, stroke=0, fill=1)
    c.line(x, y - 1.5, x, y + height)
    c.line(x + length, y - 1.5, x + length, y + height)
    c.setFont(font, size)
    c.drawString(x + length + 4, y, label)
    c.restoreState()
