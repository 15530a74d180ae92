"""Each player's panel: score keeper with the Team Skill arcs, Bonus Bar, Play Tracker."""

from __future__ import annotations

import math

from reportlab.lib.colors import white

from printkit.sheets.postcard.board.context import Board

# Where the Team Skill arcs go around the score keeper, in the order of the rules' skills
# (offense above, defense below; rushing left, passing right): (start angle, extent).
QUADRANTS = ((95, 80), (5, 80), (185, 80), (275, 80))


def arcs(labels: tuple[str, ...]) -> list[tuple[str, float, float]]:
    """(label, start angle, extent) for each Team Skill: the four quadrants for four skills,
    else equal arcs clockwise from the top."""
    if len(labels) == len(QUADRANTS):
        return [(label, *q) for label, q in zip(labels, QUADRANTS, strict=True)]
    share = 360 / max(len(labels), 1)
    return [(label, 90 - (k + 1) * share + 5, share - 10) for k, label in enumerate(labels)]


def draw_panels(b: Board) -> None:
    for side in ("home", "away"):
        _panel(b, side)


def _panel(b: Board, side: str) -> None:
    c, lay = b.c, b.layout
    px, py = b.x(f"panel.{side}_x"), b.y("panel.y")
    pw, ph = b.L("panel.width"), b.L("panel.height")
    colour = b.team_colour(side)
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(lay.length("panel.line_width"))
    c.roundRect(px, py, pw, ph, 6, stroke=1, fill=0)
    c.setFillColor(colour)
    c.setFont(b.bold, b.L("board.label_size") * 1.2)
    team = b.team_name(side)
    name = side.upper() if team.upper() == side.upper() else f"{side.upper()}: {team}"
    outer = b.L("panel.score_radius") + b.L("panel.arc_gap") + b.L("panel.arc_width")
    keeper_w = 2 * outer + 4 * 72 / 25.4
    keeper_cx = px + keeper_w / 2 if side == "home" else px + pw - keeper_w / 2
    rest_x = px + keeper_w + 1.5 * 72 / 25.4 if side == "home" else px + 2.5 * 72 / 25.4
    rest_w = pw - keeper_w - 4 * 72 / 25.4
    c.drawString(rest_x, py + ph - 6.2 * 72 / 25.4, name)
    _score_keeper(b, keeper_cx, py + ph / 2 - 1.0 * 72 / 25.4, colour)
    _bonus_bar(b, rest_x, py + ph - 20 * 72 / 25.4, rest_w)
    _play_tracker(b, rest_x, py + 5 * 72 / 25.4, rest_w)
    c.restoreState()


def _score_keeper(b: Board, cx: float, cy: float, colour) -> None:
    c, lay = b.c, b.layout
    r = lay.length("panel.score_radius")
    gap, width = lay.length("panel.arc_gap"), lay.length("panel.arc_width")
    c.setLineWidth(lay.length("panel.line_width"))
    c.setStrokeColor(b.ink)
    c.setFillColor(white)
    c.circle(cx, cy, r, stroke=1, fill=1)
    c.setFillColor(lay.colour("board.muted"))
    c.setFont(b.bold, b.L("board.small_size"))
    c.drawCentredString(cx, cy + r * 0.55, "SCORE")
    r1, r2 = r + gap, r + gap + width
    small = b.L("board.small_size")
    for label, start, extent in arcs(tuple(s.label for s in b.rules.team_skill.skills)):
        p = c.beginPath()
        p.arc(cx - r2, cy - r2, cx + r2, cy + r2, start, extent)
        p.arcTo(cx - r1, cy - r1, cx + r1, cy + r1, start + extent, -extent)
        p.close()
        c.setFillColor(white)
        c.setStrokeColor(colour)
        c.drawPath(p, stroke=1, fill=1)
        mid = math.radians(start + extent / 2)
        lx, ly = cx + (r2 + 1.2) * math.cos(mid), cy + (r2 + 1.2) * math.sin(mid)
        c.setFillColor(b.ink)
        c.setFont(b.bold, small * 0.9)
        if math.sin(mid) > 0:   # above the ring's top: at the arc's end it crossed the arc
            c.drawCentredString(lx, max(ly + 1, cy + r2 + 1.5), label)
        else:
            c.drawCentredString(lx, ly - small, label)


def _bonus_bar(b: Board, x: float, y: float, width: float) -> None:
    """One place per bonus held: "A player may NEVER have more than 4 stored bonus'"."""
    c, lay = b.c, b.layout
    box = lay.length("panel.bonus_box")
    count = b.rules.bonus.max
    c.setFont(b.bold, b.L("board.label_size"))
    c.setFillColor(b.ink)
    c.drawString(x, y + box + 1.5, f"BONUS BAR (max {count})")
    gap = (width - count * box) / max(count - 1, 1)
    gap = min(gap, box * 0.45)
    c.setStrokeColor(b.ink)
    c.setLineWidth(lay.length("panel.line_width"))
    for i in range(count):
        bx = x + i * (box + gap)
        c.setFillColor(white)
        c.rect(bx, y, box, box, stroke=1, fill=1)
        c.setFillColor(lay.colour("board.muted"))
        c.setFont(b.font, b.L("board.small_size"))
        c.drawCentredString(bx + box / 2, y + box / 2 - 2, "+1")


def _play_tracker(b: Board, x: float, y: float, width: float) -> None:
    c, lay = b.c, b.layout
    d, pitch = lay.length("panel.play_diameter"), lay.length("panel.play_pitch")
    count = b.rules.play_tracker.circles
    full = b.rules.time_tracker.play_tracker_full
    circles = "a time circle" if full == 1 else f"{full} time circles"
    c.setFont(b.bold, b.L("board.label_size"))
    c.setFillColor(b.ink)
    c.drawString(x, y + d + 1.5, "PLAY TRACKER")
    c.setFont(b.font, b.L("board.small_size"))
    c.setFillColor(b.layout.colour("board.muted"))
    c.drawString(x, y - b.L("board.small_size") - 1,
                 f"lose a pick: cross 1 · all {count}: {circles}, reset")
    c.setStrokeColor(b.ink)
    c.setLineWidth(lay.length("panel.line_width"))
    for i in range(count):
        c.setFillColor(white)
        c.circle(x + d / 2 + i * pitch, y + d / 2, d / 2, stroke=1, fill=1)
