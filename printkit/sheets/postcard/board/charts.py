"""The charts under the field, built from engine/postcard rules data (never typed here):
passing, rushing, running with the ball, field goals, punts, kickoffs and onside kicks."""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth

from printkit.draw.table import Cell, TableStyle, draw_table
from printkit.draw.text import paragraph
from printkit.sheets.postcard.board.context import Board
from printkit.sheets.postcard.board.notes import kicking_note, passing_note, running_note
from printkit_engine.postcard.rules import DIE, Chart, Rules

DESCENT = 0.236          # DejaVu Sans: how far below the baseline a line reaches, in ems

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
        if r.outcome == "fumble" and r.yards:
            text = f"FUM−{abs(r.yards)}"
        body.append(Cell(text, fills[KIND[r.outcome]]))
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
    """The charts in three bands (passing; rushing and running with the ball; the kicks),
    each with its small print under it. A band's tables share the board's width: each column
    as wide as its longest word at the chart's size, the room left over shared equally."""
    lay, rules = b.layout, b.rules
    fills = _fills(b)
    style = TableStyle(font=b.font, bold_font=b.bold, size=lay.length("charts.cell_size"),
                       grid=lay.colour("charts.grid"), ink=b.ink,
                       label_fill=fills["none"])
    note = lay.length("charts.note_size")
    row, gap = lay.length("charts.row"), lay.length("charts.gap")
    y = b.y("charts.top")
    bands = (
        ([passing_rows(rules, fills, lay.fills("charts.level_fills"))], passing_note(rules)),
        ([chart_rows(rules.rushing, "RUSH", fills), chart_rows(rules.tackle, "TACKLE", fills)],
         running_note(rules)),
        ([field_goal_rows(rules, fills), punt_rows(rules, fills), kickoff_rows(rules, fills)],
         kicking_note(rules)),
    )
    for tables, text in bands:
        y = _band(b, style, y, row, tables)
        y = _notes(b, b.x("charts.x"), y - note - gap / 2, note, [text])
        y -= gap
    if y + gap < b.oy:
        raise lay.blame(["charts.top", "charts.row", "charts.note_size", "charts.cell_size",
                         "board.height"],
                        f"expected the charts to end on the board, found them "
                        f"{(b.oy - y - gap) / 72 * 25.4:.1f} mm below it")


def column_widths(tables: list[Rows], style: TableStyle, width: float, gap: float,
                  pad: float) -> list[tuple[float, list[float]]]:
    """(label width, cell widths) of tables set side by side in `width` with `gap` between:
    each column its widest text plus `pad` on both sides, the rest shared equally by the
    cells. Too little room is an error naming the shortfall, never text over a rule."""
    def wide(text: str, bold: bool, size: float = 0.0) -> float:
        return stringWidth(text, style.bold_font if bold else style.font,
                           size or style.size) + 2 * pad

    out = []
    for rows in tables:
        label = max(wide(label, True) for label, _ in rows)
        count = max(len(cells) for _, cells in rows)
        cells = [max(wide(r[i].text, r[i].bold, r[i].size) for _, r in rows if i < len(r))
                 for i in range(count)]
        out.append((label, cells))
    natural = sum(label + sum(cells) for label, cells in out) + gap * (len(tables) - 1)
    spare = width - natural
    if spare < 0:
        raise TooNarrow(f"expected the charts to fit the board's width, found them "
                        f"{(natural - width) / 72 * 25.4:.1f} mm wider")
    share = spare / sum(len(cells) for _, cells in out)
    return [(label, [w + share for w in cells]) for label, cells in out]


class TooNarrow(ValueError):
    """Charts whose words do not fit the width they are given."""


def _band(b: Board, style: TableStyle, top: float, row: float, tables: list[Rows]) -> float:
    """Tables side by side across the board from `top`; returns the lowest bottom edge."""
    gap = b.L("charts.table_gap")
    x = b.x("charts.x")
    bottom = top
    try:
        fitted = column_widths(tables, style, b.L("board.width"), gap, b.L("charts.cell_pad"))
    except TooNarrow as err:
        raise b.layout.blame(["board.width", "charts.cell_size", "charts.cell_pad",
                              "charts.table_gap"], str(err)) from None
    for rows, (label_w, widths) in zip(tables, fitted, strict=True):
        bottom = min(bottom, draw_table(b.c, x, top, label_w, widths, row, rows, style))
        x += label_w + sum(widths) + gap
    return bottom


def _notes(b: Board, x: float, y: float, size: float, lines: list[str],
           width: float | None = None) -> float:
    """Small print under a chart (first baseline at y), wrapped to `width`; returns the
    lowest point of its last line (the font's descent under the baseline)."""
    b.c.setFillColor(b.ink)
    width = width or b.L("board.width")
    leading = b.layout.number("charts.note_leading")
    for text in lines:
        y = paragraph(b.c, x, y, text, b.font, size, width, leading=leading)
    return y + size * leading - size * DESCENT
