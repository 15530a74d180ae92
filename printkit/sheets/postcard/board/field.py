"""The field: the goal lines and two end zones, a line every step of the ball, yard numbers,
the Time Trackers in the end zones, field-goal ranges, kickoff and onside dice, and kick marks.

Sizes come from the engine (the field's yards, engine/postcard/state.py) and the rules data
(yards per step, the spots of the marks); the layout gives the length of one step on paper.
"""

from __future__ import annotations

import math
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.text import fit_names, wrap
from printkit.draw.texts import Texts
from printkit.sheets.postcard.board.context import Board
from printkit.sheets.postcard.board.notes import time_triggers
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


Box = tuple[float, float, float, float]      # left, bottom, right, top (points)
DESCENT = 0.236          # DejaVu Sans: a line of type reaches this far (ems) under its baseline
CLEAR = 1.0              # pt: the room a yard line or hash mark leaves around a word or a die


class Labels:
    """The field's words, centred where they go: collected (their boxes keep the yard lines
    off them), then set together, one text object per font and colour."""

    def __init__(self) -> None:
        self.boxes: list[Box] = []
        self.texts = Texts()

    def add(self, x: float, y: float, text: str, font: str, size: float, colour: Color) -> None:
        w = stringWidth(text, font, size)
        self.boxes.append((x - w / 2, y - DESCENT * size, x + w / 2,
                           y + (1 - DESCENT) * size))
        self.texts.add(font, size, colour, x, y, text, align="centre")

    def draw(self, c: Canvas) -> None:
        self.texts.draw(c)


def line_x(b: Board, index: float) -> float:
    return b.x("field.x") + index * b.L("field.step")


def index_of(b: Board, yard_line: int, side: str) -> float:
    """Line index of `yard_line` measured from `side`'s goal (negative = in its end zone); a
    yard line between two lines has a fractional index."""
    steps = yard_line / b.rules.field.yards_per_step
    return goal(b, side) + steps if side == "home" else goal(b, side) - steps


def draw_field(b: Board) -> None:
    """Turf and end zones, then where every word, die and circle goes; the yard lines and
    hash marks are ruled around those (a line never runs through a word, a die or a Time
    Tracker circle), then the words, dice and circles are drawn. The team names outside the
    end lines are draw_end_zone_names'."""
    c, lay = b.c, b.layout
    x0, y0 = b.x("field.x"), b.y("field.y")
    step, h = b.L("field.step"), b.L("field.height")
    c.saveState()
    c.setFillColor(lay.fill("field.turf"))
    c.rect(x0, y0, lines(b) * step, h, stroke=0, fill=1)
    for side, first in (("home", 0), ("away", goal(b, "away"))):
        c.setFillColor(lay.fill(f"field.endzone_{side}"))
        c.rect(x0 + first * step, y0, goal(b, "home") * step, h, stroke=0, fill=1)
    labels = Labels()
    arrows = _yard_numbers(b, labels, y0, h)
    _field_goal_band(b, labels, y0 + h)
    _kick_marks(b, labels, y0 + h)
    dice = [*_kickoff_dice(b, "home", y0), *_kickoff_dice(b, "away", y0),
            *_onside_dice(b, labels, y0)]
    circles = [*_time_tracker(b, "home"), *_time_tracker(b, "away")]
    keep_off = [*labels.boxes, *(_die_box(b, d) for d in dice),
                *((cx - d / 2, cy - d / 2, cx + d / 2, cy + d / 2) for cx, cy, d, _ in circles)]
    _yard_lines(b, x0, y0, step, h, keep_off)
    labels.draw(c)
    c.setFillColor(lay.colour("field.number_colour"))
    c.drawPath(arrows, stroke=0, fill=1)
    width = lay.length("time_tracker.line_width")
    sr = lay.length("time_tracker.star_radius")
    for cx, cy, d, stars in circles:
        b.ring(cx, cy, d, width, stars, sr if stars < 3 else sr * 0.85)
    for die in dice:
        _die_with_stars(b, *die)
    c.restoreState()


def draw_end_zone_names(b: Board) -> None:
    """The teams' names and Time Tracker notes outside each end line (drawn apart from the
    field: the rest of the field is the same on every board, see board.draw)."""
    y0, h = b.y("field.y"), b.L("field.height")
    for side in ("home", "away"):
        _end_zone_name(b, side, y0, h)


def _open(low: float, high: float, x: float, half: float,
          boxes: list[Box]) -> list[tuple[float, float]]:
    """The stretches of the vertical line at `x` (`half` its width) from `low` to `high`
    that no box (grown by CLEAR) covers."""
    cuts = sorted((by0 - CLEAR, by1 + CLEAR) for bx0, by0, bx1, by1 in boxes
                  if bx0 - half - CLEAR < x < bx1 + half + CLEAR
                  and by0 - CLEAR < high and low < by1 + CLEAR)
    out, at = [], low
    for a, z in cuts:
        if a > at:
            out.append((at, a))
        at = max(at, z)
    if at < high:
        out.append((at, high))
    return out


def _yard_lines(b: Board, x0: float, y0: float, step: float, h: float,
                keep_off: list[Box]) -> None:
    c, lay = b.c, b.layout
    c.setStrokeColor(lay.colour("field.line"))
    count, home, away = lines(b), goal(b, "home"), goal(b, "away")
    yards = b.rules.field.yards_per_step
    goal_w, ten, thin = (lay.length("field.goal_width"), lay.length("field.ten_width"),
                         lay.length("field.line_width"))
    hl = lay.length("field.hash_length")
    # each box in the bucket of every line it could touch (a line's or a hash mark's reach)
    reach = max(goal_w, ten, thin, hl) / 2 + CLEAR
    near: list[list[Box]] = [[] for _ in range(count + 1)]
    for box in keep_off:
        first = max(0, math.ceil((box[0] - reach - x0) / step))
        last = min(count, math.floor((box[2] + reach - x0) / step))
        for i in range(first, last + 1):
            near[i].append(box)
    by_width: dict[float, list[tuple[float, float, float, float]]] = {}
    for i in range(count + 1):
        if i in (home, away):
            width = goal_w
        elif i in (0, count) or (i - home) * yards % NUMBERED == 0:
            width = ten
        else:
            width = thin
        x = x0 + i * step
        for low, high in _open(y0, y0 + h, x, width / 2, near[i]):
            by_width.setdefault(width, []).append((x, low, x, high))
    by_width.setdefault(ten, []).extend([(x0, y0, x0 + count * step, y0),
                                         (x0, y0 + h, x0 + count * step, y0 + h)])
    # hash marks on each line of the field of play, a third of the way in from each
    # sideline, left out where one would touch a word or a die
    for i in range(home + 1, away):
        x = x0 + i * step
        for frac in (1 / 3, 2 / 3):
            yy = y0 + h * frac
            mark = (x - hl / 2, yy, x + hl / 2, yy)
            if not any(bx0 - CLEAR < mark[2] and mark[0] < bx1 + CLEAR
                       and by0 - CLEAR < yy < by1 + CLEAR for bx0, by0, bx1, by1 in near[i]):
                by_width.setdefault(thin, []).append(mark)
    for width, segments in by_width.items():
        c.setLineWidth(width)
        c.lines(segments)


def _yard_numbers(b: Board, labels: Labels, y0: float, h: float) -> Any:
    """The yard numbers (into `labels`) and the path of the arrows beside them, a small arrow
    towards the nearer goal as on a real field."""
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
            # clear of the number's box, a point of air between
            tip = x + direction * (stringWidth(label, font, size) / 2 + CLEAR + size * 0.3)
            p.moveTo(tip, y + size * 0.35)
            p.lineTo(tip - direction * size * 0.3, y + size * 0.55)
            p.lineTo(tip - direction * size * 0.3, y + size * 0.15)
            p.close()
    return p


def _field_goal_band(b: Board, labels: Labels, top: float) -> None:
    """2d6 needed for a field goal kicked from each spot, printed under the top sideline."""
    lay = b.layout
    size = lay.length("field.mark_size")
    band = lay.length("field.fg_band")
    ranges = b.rules.field_goal.ranges
    nearest = min(ranges, key=lambda r: r.spot)
    text = _range(nearest.low, nearest.high)
    # the label before the first range, a word's space clear of it (towards the goal line)
    reach = (stringWidth(text, b.font, size) + stringWidth("FG 2d6", b.bold, size)) / 2 \
        + stringWidth(" ", b.font, size) * 2
    for side, way in (("home", -1), ("away", 1)):
        labels.add(line_x(b, index_of(b, nearest.spot, side)) + way * reach,
                   top - band + 1.6, "FG 2d6", b.bold, size, b.ink)
    for r in ranges:
        for side in ("home", "away"):
            x = line_x(b, index_of(b, r.spot, side))
            labels.add(x, top - band + 1.6, _range(r.low, r.high), b.font, size, b.ink)
            if r.spot == FIELD // 2:      # midfield: one range for both halves
                break


def _range(low: int, high: int) -> str:
    return f"{low}-{high}" if low != high else f"{low}"


def _kick_marks(b: Board, labels: Labels, top: float) -> None:
    lay = b.layout
    size = lay.length("field.mark_size")
    y = top - lay.length("field.fg_band") - size - 0.8
    for yard, mark in marks(b):
        for side in ("home", "away"):
            labels.add(line_x(b, index_of(b, yard, side)), y, mark, b.bold, size,
                       lay.colour("board.muted"))


Die = tuple[float, float, float, int, int]     # centre x, bottom y, size, face, bonus stars


def _time_tracker(b: Board, side: str) -> list[tuple[float, float, float, int]]:
    """(centre x, centre y, diameter, stars) of `side`'s Time Tracker circles, top down."""
    lay = b.layout
    d, pitch = lay.length("time_tracker.diameter"), lay.length("time_tracker.pitch")
    first = 0 if side == "home" else goal(b, "away")
    cx = line_x(b, first) + goal(b, "home") / 2 * b.L("field.step")   # middle of the end zone
    top = b.y("field.y") + b.L("field.height") - lay.length("time_tracker.top")
    return [(cx, top - d / 2 - k * pitch, d, stars)
            for k, stars in enumerate(b.rules.time_tracker.stars)]


def _end_zone_name(b: Board, side: str, y0: float, h: float) -> None:
    """Outside the end line, reading along the end zone (turned, top outermost): the team's
    name, TIME TRACKER, and what crosses its circles and how many (notes.time_triggers)."""
    c, lay = b.c, b.layout
    size = b.L("board.label_size")
    lead = size * 1.15
    gap = DESCENT * size + 2.0                # the first line's descenders clear the end line
    x = line_x(b, 0) - gap if side == "home" else line_x(b, lines(b)) + gap
    name, fs = fit_names("{team}", {"team": b.team_name(side).upper()}, b.bold, size, h - 2)
    heading = [(name, b.bold, fs, b.team_colour(side)),
               ("TIME TRACKER (top down)", b.bold, size, b.team_colour(side))]
    sentence = [(line, b.font, size, lay.colour("board.ink"))
                for line in wrap(time_triggers(b.rules), b.font, size, h - 2)]
    c.saveState()
    c.translate(x, y0 + h / 2)
    c.rotate(90 if side == "home" else -90)
    shown = [*heading, *sentence]
    for k, (text, font, fs, colour) in enumerate(shown):
        c.setFillColor(colour)
        c.setFont(font, fs)
        c.drawCentredString(0, (len(shown) - 1 - k) * lead, text)
    c.restoreState()


def _die_box(b: Board, die: Die) -> Box:
    """What a die and the stars over it cover."""
    x, y, size, _, bonus = die
    top = y + size + (size * 0.52 if bonus else 0)
    return (x - max(size / 2, bonus * size * 0.21), y, x + max(size / 2, bonus * size * 0.21),
            top)


def _die_with_stars(b: Board, x: float, y: float, size: float, face: int, bonus: int) -> None:
    b.die(x - size / 2, y, size, face)
    b.stars(x, y + size + size * 0.32, bonus, size * 0.2)


def _kickoff_dice(b: Board, side: str, y0: float) -> list[Die]:
    """Kickoff spots by die near `side`'s end zone (the ball is kicked towards this goal)."""
    size = b.L("field.die_size")
    y = y0 + 0.9 * 72 / 25.4
    spots = b.rules.kickoff.spots
    in_end_zone = [k for k in spots if k.yard_line < 0]
    out = [(line_x(b, index_of(b, k.yard_line, side)), y, size, k.die, k.bonus)
           for k in spots if k.yard_line >= 0]
    centre = line_x(b, index_of(b, in_end_zone[0].yard_line, side)) if in_end_zone else 0
    gap = size * 1.25
    for i, k in enumerate(in_end_zone):
        x = centre + (i - (len(in_end_zone) - 1) / 2) * gap
        out.append((x, y, size, k.die, k.bonus))
    return out


def _onside_dice(b: Board, labels: Labels, y0: float) -> list[Die]:
    """Onside spots by die near midfield, one row per kicking direction, each row's ONSIDE
    label (into `labels`) beside it on the kicker's side."""
    size = b.L("field.die_size") * 0.85
    kick_from = b.rules.kickoff.from_
    rows = (("home", 1), ("away", 0))
    base = y0 + b.L("field.kick_band") + 0.5 * 72 / 25.4
    out: list[Die] = []
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
                out.append((x + dx, y, size, k.die, k.bonus))
        label = "ONSIDE ▸" if kicker == "home" else "◂ ONSIDE"
        mark = b.L("field.mark_size")
        half = stringWidth(label, b.bold, mark) / 2
        # beside the row's outermost die, clear of it
        if kicker == "home":
            x = min(d[0] for d in out if d[1] == y) - size / 2 - 1.5 * CLEAR - half
        else:
            x = max(d[0] for d in out if d[1] == y) + size / 2 + 1.5 * CLEAR + half
        labels.add(x, y + size * 0.3, label, b.bold, mark, b.team_colour(kicker))
    return out
