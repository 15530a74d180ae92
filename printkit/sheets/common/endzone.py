"""The teams' names written up their end zones (Card Bowl's and BLOWOUT!!!'s fields).

Drawn on each page over the field's form, never in it (a classroom pack shares the form
between matches). A name runs along the end zone, across the field's width: a long one is
fitted to that width (shrunk, then cut with an ellipsis), never over the sidelines.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.text import draw_fitted
from printkit.layout import Layout


def end_zone_names(c: Canvas, layout: Layout, height: float,
                   zones: tuple[tuple[float, str], tuple[float, str]]) -> None:
    """`zones`: the home and away end zones' centre x (points from the field's origin) and
    their team's name; the home name reads bottom to top, the away name top to bottom."""
    size = layout.length("field.endzone_size")
    font = layout.font("field.endzone_font")
    c.setFillColor(layout.colour("page.ink"))
    for (x, name), angle in zip(zones, (90, -90), strict=True):
        c.saveState()
        c.translate(x, height / 2)
        c.rotate(angle)
        draw_fitted(c, 0, -size * 0.35, name.upper(), font, size, height - 2 * size,
                    align="centre")
        c.restoreState()
