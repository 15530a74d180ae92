"""Each player's panel: score keeper with the Team Skill arcs, Bonus Bar, Play Tracker."""

from __future__ import annotations

import math

from reportlab.lib.colors import white
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.draw.text import fit_line
from printkit.draw.texts import Texts
from printkit.sheets.postcard.board.context import Board

# Where the Team Skill arcs go around the score keeper, in the order of the rules' skills
# (offense above, defense below; rushing left, passing right): (start angle, extent).
QUADRANTS = ((95, 80), (5, 80), (185, 80), (275, 80))
ASCENT, DESCENT = 0.76, 0.236   # DejaVu Sans: cap height above, and descent below, a baseline
CLEAR = 1.5                     # pt: from a word's box to the line or box next to it


def arcs(labels: tuple[str, ...]) -> list[tuple[str, float, float]]:
    """(label, start angle, extent) for each Team Skill: the four quadrants for four skills,
    else equal arcs clockwise from the top."""
    if len(labels) == len(QUADRANTS):
        return [(label, *q) for label, q in zip(labels, QUADRANTS, strict=True)]
    share = 360 / max(len(labels), 1)
    return [(label, 90 - (k + 1) * share + 5, share - 10) for k, label in enumerate(labels)]


def draw_panels(b: Board) -> None:
    """Both players' panels without their team names (draw_panel_names: the rest is the
    same on every board, see board.draw)."""
    for side in ("home", "away"):
        _panel(b, side)


def draw_panel_names(b: Board) -> None:
    """Each panel's heading: its side, and the team's name when it has one."""
    texts = Texts()
    for side in ("home", "away"):
        team = b.team_name(side)
        name = side.upper() if team.upper() == side.upper() else f"{side.upper()}: {team}"
        x, y, width = _name_spot(b, side)
        name, size = fit_line(name, b.bold, b.L("board.label_size") * 1.2, width)
        texts.add(b.bold, size, b.team_colour(side), x, y, name)
    texts.draw(b.c)


def _keeper_width(b: Board) -> float:
    outer = b.L("panel.score_radius") + b.L("panel.arc_gap") + b.L("panel.arc_width")
    return 2 * outer + 4 * 72 / 25.4


def _name_spot(b: Board, side: str) -> tuple[float, float, float]:
    """Where the panel's text column starts (x), its heading's baseline, and its width."""
    px, py = b.x(f"panel.{side}_x"), b.y("panel.y")
    pw, ph = b.L("panel.width"), b.L("panel.height")
    keeper_w = _keeper_width(b)
    rest_x = px + keeper_w + 1.5 * 72 / 25.4 if side == "home" else px + 2.5 * 72 / 25.4
    return rest_x, py + ph - 6.2 * 72 / 25.4, pw - keeper_w - 4 * 72 / 25.4


def _panel(b: Board, side: str) -> None:
    c, lay = b.c, b.layout
    px, py = b.x(f"panel.{side}_x"), b.y("panel.y")
    pw, ph = b.L("panel.width"), b.L("panel.height")
    colour = b.team_colour(side)
    c.saveState()
    c.setStrokeColor(colour)
    c.setLineWidth(lay.length("panel.line_width"))
    c.roundRect(px, py, pw, ph, 6, stroke=1, fill=0)
    texts = Texts()         # the panel's words, set together once its shapes are drawn
    keeper_w = _keeper_width(b)
    keeper_cx = px + keeper_w / 2 if side == "home" else px + pw - keeper_w / 2
    rest_x, _, rest_w = _name_spot(b, side)
    _score_keeper(b, texts, keeper_cx, py + ph / 2 - 1.0 * 72 / 25.4, colour, keeper_w)
    _bonus_bar(b, texts, rest_x, py + ph - 20 * 72 / 25.4, rest_w)
    _play_tracker(b, texts, rest_x, py + 9.5 * 72 / 25.4, rest_w)
    texts.draw(c)
    c.restoreState()


def _score_keeper(b: Board, texts: Texts, cx: float, cy: float, colour,
                  room: float) -> None:
    """The score circle, the Team Skill arcs around it and their labels, each label kept
    inside the keeper's `room` (its width) so it never reaches the panel's edge."""
    c, lay = b.c, b.layout
    r = lay.length("panel.score_radius")
    gap, width = lay.length("panel.arc_gap"), lay.length("panel.arc_width")
    c.setLineWidth(lay.length("panel.line_width"))
    c.setStrokeColor(b.ink)
    c.setFillColor(white)
    c.circle(cx, cy, r, stroke=1, fill=1)
    texts.add(b.bold, b.L("board.small_size"), lay.colour("board.muted"), cx, cy + r * 0.55,
              "SCORE", align="centre")
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
        # above the ring's top, or below its bottom: at the arc's end it crossed the arc
        ty = (max(ly + 1, cy + r2 + 1.5 + DESCENT * small) if math.sin(mid) > 0
              else min(ly - small, cy - r2 - 1.5 - ASCENT * small))
        half = stringWidth(label, b.bold, small) / 2
        lx = min(max(lx, cx - room / 2 + half + CLEAR), cx + room / 2 - half - CLEAR)
        texts.add(b.bold, small, b.ink, lx, ty, label, align="centre")


def _bonus_bar(b: Board, texts: Texts, x: float, y: float, width: float) -> None:
    """One place per bonus held: "A player may NEVER have more than 4 stored bonus'"."""
    c, lay = b.c, b.layout
    box = lay.length("panel.bonus_box")
    count = b.rules.bonus.max
    size = b.L("board.label_size")
    texts.add(b.bold, size, b.ink, x, y + box + CLEAR + DESCENT * size,
              f"BONUS BAR (max {count})")
    gap = (width - count * box) / max(count - 1, 1)
    gap = min(gap, box * 0.45)
    c.setStrokeColor(b.ink)
    c.setLineWidth(lay.length("panel.line_width"))
    for i in range(count):
        bx = x + i * (box + gap)
        c.setFillColor(white)
        c.rect(bx, y, box, box, stroke=1, fill=1)
        texts.add(b.font, b.L("board.small_size"), lay.colour("board.muted"), bx + box / 2,
                  y + box / 2 - b.L("board.small_size") * 0.36, "+1", align="centre")


def _play_tracker(b: Board, texts: Texts, x: float, y: float, width: float) -> None:
    lay = b.layout
    d, pitch = lay.length("panel.play_diameter"), lay.length("panel.play_pitch")
    count = b.rules.play_tracker.circles
    full = b.rules.time_tracker.play_tracker_full
    circles = "a time circle" if full == 1 else f"{full} time circles"
    size, small = b.L("board.label_size"), b.L("board.small_size")
    texts.add(b.bold, size, b.ink, x, y + d + CLEAR + DESCENT * size, "PLAY TRACKER")
    # two lines under the circles, inside the panel's text column (`width`)
    top = y - CLEAR - ASCENT * small
    for k, line in enumerate((f"lose a pick: cross 1 of {count}",
                              f"all {count} crossed: {circles}, reset")):
        line, fs = fit_line(line, b.font, small, width)
        texts.add(b.font, fs, lay.colour("board.muted"), x, top - k * small * 1.2, line)
    for i in range(count):
        b.ring(x + d / 2 + i * pitch, y + d / 2, d, lay.length("panel.line_width"))
