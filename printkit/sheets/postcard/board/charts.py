"""The charts under the field, built from engine/postcard rules data (never typed here):
passing, rushing, running with the ball, field goals, punts, kickoffs and onside kicks."""

from __future__ import annotations

from reportlab.lib.colors import Color

from printkit.draw.table import Cell, TableStyle, draw_table
from printkit.draw.text import paragraph
from printkit.sheets.postcard.board.context import Board
from printkit.sheets.postcard.board.notes import kicking_note, passing_note, running_note
from printkit_engine.postcard.rules import DIE, Chart, Rules

OUTCOME_TEXT = {
    "sack": "SACK {yards}",
    "interception_chance": "INT?",
    "incomplete": "INC",
    "fumble": "FUM",
    "loss": "−{yards}",
    "stopped": "0",
    "gain": "+{yards}",
    "tackle": "TKL",
    "penalty_offense": "P−{yards}",
    "penalty_defense": "P+{yards}",
}


def _fmt(outcome: str, yards: int) -> str:
    return OUTCOME_TEXT[outcome].format(yards=yards)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def stars(n: int) -> str:
    """Bonus as stars, as on the field; four or more would not fit a cell."""
    return "★" * n if n <= 3 else f"{n}★"


def _fills(b: Board) -> dict[str, Color]:
    lay = b.layout
    return {"good": lay.fill("charts.good_fill"), "bad": lay.fill("charts.bad_fill"),
            "warn": lay.fill("charts.warn_fill"), "none": lay.fill("charts.header_fill")}


KIND = {"sack": "bad", "interception_chance": "warn", "incomplete": "warn", "fumble": "bad",
        "loss": "bad", "stopped": "warn", "gain": "good", "tackle": "warn",
        "penalty_offense": "bad", "penalty_defense": "good"}


Rows = list[tuple[str, list[Cell]]]     # (label, cells) per chart row


def passing_rows(rules: Rules, fills: dict[str, Color], level_fills: list[Color]) -> Rows:
    results = range(rules.passing.min, rules.passing.max + 1)
    head, play, level, catch = [], [], [], []
    for r in results:
        head.append(Cell(_signed(r), fills["none"], bold=True))
        if r <= 0:
            row = rules.passing.row(r)
            play.append(Cell(_fmt(row.outcome, abs(row.yards)), fills[KIND[row.outcome]]))
            level.append(Cell("", fills["none"]))
            catch.append(Cell("", fills["none"]))
        else:
            lv = rules.passing.level_of(r)
            fill = level_fills[lv.level]
            play.append(Cell(f"{rules.throw_yards(r)} yd", fill, bold=True))
            level.append(Cell(f"L{lv.level}", fill))
            catch.append(Cell(f"{lv.catch}-{DIE}", fill))
    return [("PASS O−D", head), ("throw", play), ("catch level", level), ("catch on", catch)]


def chart_rows(chart: Chart, label: str, fills: dict[str, Color]) -> Rows:
    head = [Cell(_signed(r.result), fills["none"], bold=True) for r in chart.rows]
    body = []
    for r in chart.rows:
        text = _fmt(r.outcome, abs(r.yards))
        small = 0.0
        if r.outcome == "fumble" and r.yards:
            text, small = f"FUM{r.yards}", 5.6
        body.append(Cell(text, fills[KIND[r.outcome]], size=small))
    return [(f"{label} O−D", head), ("result", body)]


def field_goal_rows(rules: Rules, fills: dict[str, Color]) -> Rows:
    ranges = rules.field_goal.ranges
    spots = [Cell(str(r.spot), fills["none"], bold=True) for r in ranges]
    need = [Cell(f"{r.low}-{r.high}" if r.low != r.high else str(r.low), fills["good"])
            for r in ranges]
    return [("FG spot", spots), ("2d6 needed", need)]


def punt_rows(rules: Rules, fills: dict[str, Color]) -> Rows:
    targets = rules.punt.targets
    dist = [Cell(str(t.distance), fills["none"], bold=True) for t in targets]
    target = [Cell(f"{t.low}-{t.high}" if t.low != t.high else str(t.low), fills["good"])
              for t in targets]
    bonus = [Cell(stars(t.bonus), fills["warn"]) for t in targets]
    return [("PUNT yards", dist), ("target 2d6", target), ("bonus", bonus)]


def kickoff_rows(rules: Rules, fills: dict[str, Color]) -> Rows:
    spots = rules.kickoff.spots
    dice = [Cell(str(k.die), fills["none"], bold=True) for k in spots]
    spot = [Cell("EZ" if k.yard_line < 0 else str(k.yard_line), fills["good"]) for k in spots]
    bonus = [Cell(stars(k.bonus), fills["warn"]) for k in spots]
    return [("KICKOFF die", dice), ("to yard line", spot), ("bonus", bonus)]


def draw_charts(b: Board) -> None:
    c, lay, rules = b.c, b.layout, b.rules
    fills = _fills(b)
    level_fills = lay.fills("charts.level_fills")
    style = TableStyle(font=b.font, bold_font=b.bold, size=lay.length("charts.cell_size"),
                       grid=lay.colour("charts.grid"), ink=b.ink,
                       label_fill=fills["none"])
    small = lay.length("board.small_size")
    x0, width = b.x("charts.x"), b.L("board.width")
    row, label_w = lay.length("charts.row"), lay.length("charts.label_width")
    top = b.y("charts.top")
    mm = 72 / 25.4

    # Passing: the widest chart, full width
    n = rules.passing.max - rules.passing.min + 1
    y = draw_table(c, x0, top, label_w, (width - label_w) / n, row,
                   passing_rows(rules, fills, level_fills), style)
    y = _notes(b, x0, y - small - 0.6 * mm, small, [passing_note(rules)])

    # Rushing and running with the ball side by side
    rush_cells, rush_w = len(rules.rushing.rows), 7.0 * mm
    rush_label = 18 * mm
    y_rush = draw_table(c, x0, y - 0.8 * mm, rush_label, rush_w, row,
                        chart_rows(rules.rushing, "RUSH", fills), style)
    tx = x0 + rush_label + rush_cells * rush_w + 3 * mm
    tackle_label = 19 * mm
    tackle_w = (x0 + width - tx - tackle_label) / len(rules.tackle.rows)
    draw_table(c, tx, y - 0.8 * mm, tackle_label, tackle_w, row,
               chart_rows(rules.tackle, "TACKLE", fills), style)
    y = _notes(b, x0, y_rush - small - 0.6 * mm, small, [running_note(rules)])

    # Kicks: field goal, punt, kickoff
    y_k = y - 0.8 * mm
    fg_label, fg_w = 19 * mm, 7.6 * mm
    draw_table(c, x0, y_k, fg_label, fg_w, row, field_goal_rows(rules, fills), style)
    px = x0 + fg_label + len(rules.field_goal.ranges) * fg_w + 2.5 * mm
    punt_label, punt_w = 18 * mm, 7.6 * mm
    draw_table(c, px, y_k, punt_label, punt_w, row, punt_rows(rules, fills), style)
    kx = px + punt_label + len(rules.punt.targets) * punt_w + 2.5 * mm
    ko_label = 21 * mm
    ko_w = (x0 + width - kx - ko_label) / len(rules.kickoff.spots)
    draw_table(c, kx, y_k, ko_label, ko_w, row, kickoff_rows(rules, fills), style)
    _notes(b, x0, y_k - 3 * row - small - 0.5 * mm, small, [kicking_note(rules)])


def _notes(b: Board, x: float, y: float, size: float, lines: list[str],
           width: float | None = None) -> float:
    """Small print under a chart, wrapped to `width`; returns the y below the last line."""
    b.c.setFillColor(b.ink)
    width = width or b.L("board.width")
    for text in lines:
        y = paragraph(b.c, x, y, text, b.font, size, width, leading=1.18)
    return y + size * 0.2
