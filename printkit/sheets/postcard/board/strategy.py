"""The Strategy Circle: the numbers, an arrow from each to the numbers it beats, stars for
the winner's bonus, passing numbers as squares and rushing numbers as circles."""

from __future__ import annotations

import math

from reportlab.lib.colors import white

from printkit.draw.shapes import arrow
from printkit.sheets.postcard.board.context import Board


def node_centre(b: Board, n: int) -> tuple[float, float]:
    """Number 1 at the top, then clockwise."""
    angle = math.radians(90 - (n - 1) * 360 // len(b.rules.strategy.numbers))
    r = b.L("strategy.radius")
    return b.x("strategy.cx") + r * math.cos(angle), b.y("strategy.cy") + r * math.sin(angle)


def draw_strategy(b: Board) -> None:
    c, lay, rules = b.c, b.layout, b.rules
    node = lay.length("strategy.node")
    head = lay.length("strategy.arrow_head")
    c.saveState()
    for winner, losers in sorted(rules.strategy.beats.items()):
        x1, y1 = node_centre(b, winner)
        for loser in losers:
            x2, y2 = node_centre(b, loser)
            d = math.hypot(x2 - x1, y2 - y1)
            ux, uy = (x2 - x1) / d, (y2 - y1) / d
            # offset sideways a little so the two arrows of a pair never share a line
            arrow(c, x1 + ux * (node + 0.6), y1 + uy * (node + 0.6),
                  x2 - ux * (node + 1.0), y2 - uy * (node + 1.0), head,
                  width=lay.length("strategy.arrow_width"),
                  colour=lay.colour("strategy.arrow_colour"))
    for n in rules.strategy.numbers:
        _node(b, n, node)
    _legend(b)
    c.restoreState()


def _node(b: Board, n: int, r: float) -> None:
    c, lay = b.c, b.layout
    x, y = node_centre(b, n)
    passing = b.rules.play_type(n) == "pass"
    colour = lay.colour("strategy.pass_colour" if passing else "strategy.rush_colour")
    c.setLineWidth(1.4)
    c.setStrokeColor(colour)
    c.setFillColor(white)
    if passing:
        c.roundRect(x - r, y - r, 2 * r, 2 * r, r * 0.25, stroke=1, fill=1)
    else:
        c.circle(x, y, r, stroke=1, fill=1)
    size = lay.length("strategy.number_size")
    c.setFillColor(colour)
    c.setFont(b.bold, size)
    c.drawCentredString(x, y - size * 0.12, str(n))
    b.stars(x, y - r * 0.6, b.rules.strategy.stars[n], r * 0.2)


def _legend(b: Board) -> None:
    """Title top-left; play types bottom-left; how to read it bottom-right."""
    c, lay = b.c, b.layout
    left = b.x("panel.home_x") + b.L("panel.width") + 1.5 * 72 / 25.4
    right = b.x("panel.away_x") - 1.5 * 72 / 25.4
    bottom = b.y("panel.y") + 1.0
    top = bottom + b.L("panel.height") - 2
    small, label = b.L("board.small_size"), b.L("board.label_size")
    c.setFillColor(b.ink)
    c.setFont(b.bold, label)
    c.drawString(left, top - label, "STRATEGY")
    c.drawString(left, top - 2 * label - 1, "CIRCLE")
    passing = "·".join(map(str, b.rules.strategy.passing))
    rushing = "·".join(map(str, b.rules.strategy.rushing))
    c.setFont(b.bold, small)
    c.setFillColor(lay.colour("strategy.pass_colour"))
    c.drawString(left, bottom + small * 1.3, f"■ PASS {passing}")
    c.setFillColor(lay.colour("strategy.rush_colour"))
    c.drawString(left, bottom, f"● RUSH {rushing}")
    c.setFillColor(b.ink)
    c.setFont(b.font, small)
    c.drawRightString(right, bottom + small * 1.3, "arrow → beats")
    c.drawRightString(right, bottom, "★ winner's bonus")
