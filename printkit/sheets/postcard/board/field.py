"""The field: the goal lines and two end zones, a line every step of the ball, yard numbers,
the Time Trackers in the end zones, field-goal ranges, kickoff and onside dice, and kick marks.

Sizes come from the engine (the field's yards, engine/postcard/state.py) and the rules data
(yards per step, the spots of the marks); the layout gives the length of one step on paper.
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.draw.text import fit_names
from printkit.draw.texts import Texts
from printkit.sheets.postcard.board.context import Board
from printkit_engine.postcard.state import END_ZONE, FIELD

NUMBERED = 10               # yards between numbered (and thicker) lines, as on a real field


def lines(b: Board) -> int:
    """Steps from end line to end line."""
    return (FIELD + 2 * END_ZONE) // b.rules.field.yards_per_step


def goal(b: Board, side: str) -> int:
    """Line index of `side`'s goal line."""
    end = END_ZONE // b.rules.field.yards_per_step
    return end if side == "home" else lines(b) - end


def marks(b: Board) -> list[tuple[int, str]]:
    """(yard line, mark) printed in both halves: where tries, touchbacks and kickoffs start."""
    scoring, kickoff = b.rules.scoring, b.rules.kickoff
    return [(scoring.two_point_spot, "2PT"), (scoring.extra_point_spot, "XP"),
            (kickoff.touchback, "TB"), (kickoff.from_, "KO")]


class Knockouts:
    """Centred labels on turf-coloured patches, so the yard line under a label does not cross
    it: collected, then drawn together (the patches as one path, the labels one text object
    per font and colour) instead of a text object and a saved state per label."""

    def __init__(self, b: Board) -> None:
        self.b = b
        self.patches: list[tuple[float, float, float, float]] = []
        self.texts = Texts()

    def add(self, x: float, y: float, text: str, font: str, size: float, colour: Color) -> None:
        w = stringWidth(text, font, size)
        self.patches.append((x - w / 2 - 0.8, y - size * 0.22, w + 1.6, size * 1.0))
        self.texts.add(font, size, colour, x, y, text, align="centre")

    def draw(self) -> None:
        c = self.b.c
        c.saveState()
        c.setFillColor(self.b.layout.fill("field.turf"))
        p = c.beginPath()
        for rect in self.patches:
            p.rect(*rect)
        c.drawPath(p, stroke=0, fill=1)
        c.restoreState()
        self.texts.draw(c)


def line_x(b: Board, index: float) -> float:
    return b.x("field.x") + index * b.L("field.step")


def index_of(b: Board, yard_line: int, side: str) -> float:
    """Line index of `yard_line` measured from `side`'s goal (negative = in its end zone); a
    yard line between two lines has a fractional index."""
    steps = yard_line / b.rules.field.yards_per_step
    return goal(b, side) + steps if side == "home" else goal(b, side) - steps


def draw_field(b: Board) -> None:
    c, lay = b.c, b.layout
    x0, y0 = b.x("field.x"), b.y("field.y")
    step, h = b.L("field.step"), b.L("field.height")
    c.saveState()
    c.setFillColor(lay.fill("field.turf"))
    c.rect(x0, y0, lines(b) * step, h, stroke=0, fill=1)
    for side, first in (("home", 0), ("away", goal(b, "away"))):
        c.setFillColor(lay.fill(f"field.endzone_{side}"))
        c.rect(x0 + first * step, y0, goal(b, "home") * step, h, stroke=0, fill=1)
    _yard_lines(b, x0, y0, step, h)
    labels = Knockouts(b)
    arrows = _yard_numbers(b, labels, y0, h)
    _field_goal_band(b, labels, y0 + h)
    _kick_marks(b, labels, y0 + h)
    labels.draw()
    c.setFillColor(lay.colour("field.number_colour"))
    c.drawPath(arrows, stroke=0, fill=1)
    for side in ("home", "away"):
        _time_tracker(b, side)
        _kickoff_dice(b, side, y0)
        _end_zone_name(b, side, y0, h)
    _onside_dice(b, y0)
    c.restoreState()


def _yard_lines(b: Board, x0: float, y0: float, step: float, h: float) -> None:
    c, lay = b.c, b.layout
    c.setStrokeColor(lay.colour("field.line"))
    count, home, away = lines(b), goal(b, "home"), goal(b, "away")
    yards = b.rules.field.yards_per_step
    for i in range(count + 1):
        if i in (home, away):
            width = lay.length("field.goal_width")
        elif i in (0, count) or (i - home) * yards % NUMBERED == 0:
            width = lay.length("field.ten_width")
        else:
            width = lay.length("field.line_width")
        c.setLineWidth(width)
        c.line(x0 + i * step, y0, x0 + i * step, y0 + h)
    c.setLineWidth(lay.length("field.ten_width"))
    c.line(x0, y0, x0 + count * step, y0)
    c.line(x0, y0 + h, x0 + count * step, y0 + h)
    # hash marks on each line of the field of play, a third of the way in from each sideline
    c.setLineWidth(lay.length("field.line_width"))
    hl = lay.length("field.hash_length")
    for i in range(home + 1, away):
        for frac in (1 / 3, 2 / 3):
            yy = y0 + h * frac
            c.line(x0 + i * step - hl / 2, yy, x0 + i * step + hl / 2, yy)


def _yard_numbers(b: Board, labels: Knockouts, y0: float, h: float):
    """The yard numbers (into `labels`) and the path of the arrows beside them, a small arrow
    towards the nearer goal as on a real field (drawn after the labels' patches)."""
    c, lay = b.c, b.layout
    colour = lay.colour("field.number_colour")
    size = lay.length("field.number_size")
    font = lay.font("field.number_font")
    y = y0 + h * 0.5 - size * 0.35
    p = c.beginPath()
    for yards in range(NUMBERED, FIELD, NUMBERED):
        label = str(min(yards, FIELD - yards))
        x = line_x(b, index_of(b, yards, "home"))
        labels.add(x, y, label, font, size, colour)
        if yards != FIELD // 2:
            direction = -1 if yards < FIELD // 2 else 1
            tip = x + direction * (size * 0.95)
            p.moveTo(tip, y + size * 0.35)
            p.lineTo(tip - direction * size * 0.3, y + size * 0.55)
            p.lineTo(tip - direction * size * 0.3, y + size * 0.15)
            p.close()
    return p


def _field_goal_band(b: Board, labels: Knockouts, top: float) -> None:
    """2d6 needed for a field goal kicked from each spot, printed under the top sideline."""
    lay = b.layout
    size = lay.length("field.mark_size")
    band = lay.length("field.fg_band")
    ranges = b.rules.field_goal.ranges
    for side in ("home", "away"):       # the label one line before the first range
        first = min(r.spot for r in ranges) - b.rules.field.yards_per_step
        labels.add(line_x(b, index_of(b, first, side)), top - band + 1.6, "FG 2d6", b.bold,
                   size, b.ink)
    for r in ranges:
        for side in ("home", "away"):
            x = line_x(b, index_of(b, r.spot, side))
            text = f"{r.low}-{r.high}" if r.low != r.high else f"{r.low}"
            labels.add(x, top - band + 1.6, text, b.font, size, b.ink)
            if r.spot == FIELD // 2:      # midfield: one range for both halves
                break


def _kick_marks(b: Board, labels: Knockouts, top: float) -> None:
    lay = b.layout
    size = lay.length("field.mark_size")
    y = top - lay.length("field.fg_band") - size - 0.8
    for yard, mark in marks(b):
        for side in ("home", "away"):
            labels.add(line_x(b, index_of(b, yard, side)), y, mark, b.bold, size,
                       lay.colour("board.muted"))


def _time_tracker(b: Board, side: str) -> None:
    lay = b.layout
    d, pitch = lay.length("time_tracker.diameter"), lay.length("time_tracker.pitch")
    first = 0 if side == "home" else goal(b, "away")
    cx = line_x(b, first) + goal(b, "home") / 2 * b.L("field.step")   # middle of the end zone
    top = b.y("field.y") + b.L("field.height") - lay.length("time_tracker.top")
    sr = lay.length("time_tracker.star_radius")
    for k, stars in enumerate(b.rules.time_tracker.stars):
        cy = top - d / 2 - k * pitch
        b.ring(cx, cy, d, lay.length("time_tracker.line_width"), stars,
               sr if stars < 3 else sr * 0.85)


def _end_zone_name(b: Board, side: str, y0: float, h: float) -> None:
    """Team name and TIME label outside the end line, reading along the end zone."""
    c = b.c
    x = line_x(b, 0) - 2.2 * 72 / 25.4 if side == "home" \
        else line_x(b, lines(b)) + 2.2 * 72 / 25.4
    c.saveState()
    c.translate(x, y0 + h / 2)
    c.rotate(90 if side == "home" else -90)
    c.setFillColor(b.team_colour(side))
    text, size = fit_names("{team}  ·  TIME TRACKER (top down)",
                           {"team": b.team_name(side).upper()}, b.bold,
                           b.L("board.label_size"), h - 2)
    c.setFont(b.bold, size)
    c.drawCentredString(0, 0, text)
    c.restoreState()


def _die_with_stars(b: Board, x: float, y: float, size: float, face: int, bonus: int) -> None:
    b.die(x - size / 2, y, size, face)
    b.stars(x, y + size + size * 0.32, bonus, size * 0.2)


def _kickoff_dice(b: Board, side: str, y0: float) -> None:
    """Kickoff spots by die near `side`'s end zone (the ball is kicked towards this goal)."""
    size = b.L("field.die_size")
    y = y0 + 0.9 * 72 / 25.4
    spots = b.rules.kickoff.spots
    in_end_zone = [k for k in spots if k.yard_line < 0]
    for k in spots:
        if k.yard_line >= 0:
            _die_with_stars(b, line_x(b, index_of(b, k.yard_line, side)), y, size, k.die,
                            k.bonus)
    centre = line_x(b, index_of(b, in_end_zone[0].yard_line, side)) if in_end_zone else 0
    gap = size * 1.25
    for i, k in enumerate(in_end_zone):
        x = centre + (i - (len(in_end_zone) - 1) / 2) * gap
        _die_with_stars(b, x, y, size, k.die, k.bonus)


def _onside_dice(b: Board, y0: float) -> None:
    """Onside spots by die near midfield, one row per kicking direction."""
    c = b.c
    size = b.L("field.die_size") * 0.85
    kick_from = b.rules.kickoff.from_
    rows = (("home", 1), ("away", 0))
    base = y0 + b.L("field.kick_band") + 0.5 * 72 / 25.4
    for kicker, row in rows:
        y = base + row * size * 2.7
        by_spot: dict[float, list] = {}
        for k in b.rules.onside.spots:
            yard_from_kicker_goal = kick_from + k.distance
            idx = index_of(b, yard_from_kicker_goal, kicker) \
                if yard_from_kicker_goal <= FIELD // 2 \
                else index_of(b, FIELD - yard_from_kicker_goal,
                              "away" if kicker == "home" else "home")
            by_spot.setdefault(idx, []).append(k)
        for idx, spots in by_spot.items():
            x = line_x(b, idx)
            for i, k in enumerate(spots):
                dx = (i - (len(spots) - 1) / 2) * size * 1.15
                _die_with_stars(b, x + dx, y, size, k.die, k.bonus)
        arrow_x = line_x(b, min(by_spot)) - size * 4.2 if kicker == "home" \
            else line_x(b, max(by_spot)) + size * 4.2
        c.setFillColor(b.team_colour(kicker))
        c.setFont(b.bold, b.L("field.mark_size"))
        label = "ONSIDE ▸" if kicker == "home" else "◂ ONSIDE"
        c.setFillColor(b.team_colour(kicker))
        c.drawCentredString(arrow_x, y + size * 0.3, label)
