"""`printkit render cardbowl clock`: the game-clock sheet from the rules' "Game Clock".

The rules' grid ("mark off boxes to keep track - each line is 1 minute"): one grid per quarter,
the two-minute warning marked in each half, the rows under the special clock rules shaded,
timeouts per team and half, the time between plays with its extra defence cards, and the
Simple Timing 2 and Complex Timing costs. Every number comes from engine/cardbowl/rules.toml,
the data the verifier also reads.
"""

from __future__ import annotations

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.text import fit_line
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.sheets.common.heading import check_bars, floor, match_teams, title
from printkit_engine.cardbowl.rules import Clock, ClockCost, Rules, load_rules

ORDINAL = ("1st", "2nd", "3rd", "4th")


def _grid(c: Canvas, layout: Layout, rules: Rules, quarter: int, x: float, top: float) -> None:
    """One quarter: rows are minutes (the first at the top), columns the clock's intervals."""
    clock = rules.clock
    cols, rows = clock.grid_columns, clock.grid_rows
    cell = layout.length("grid.cell")
    size = layout.length("page.label_size")
    per_row = cols
    half_end = quarter in (2, 4)
    special = clock.special_first_half if quarter == 2 else \
        clock.special_second_half if quarter == 4 else 0
    c.setFillColor(layout.colour("page.ink"))
    c.setFont(layout.font("page.bold_font"), size * 1.2)
    c.drawString(x, top + size * 1.9, f"{ORDINAL[quarter - 1]} quarter")
    c.setFont(layout.font("page.label_font"), size)
    c.setFillColor(layout.colour("page.muted"))
    seconds = clock.interval_seconds
    for col in range(cols):
        if (col + 1) % 3 == 0:
            c.drawCentredString(x + (col + 0.5) * cell, top + size * 0.4,
                                f"{(col + 1) * seconds}s")
    y0 = top - rows * cell
    for row in range(rows):
        y = top - (row + 1) * cell
        remaining = rows - row
        c.setFillColor(layout.colour("page.muted"))
        c.drawRightString(x - size * 0.4, y + cell / 2 - size * 0.3,
                          _mm_ss(remaining * cols * seconds))
        late = (rows - row) * per_row <= special
        c.setFillColor(layout.fill("grid.special_fill"))
        c.setStrokeColor(layout.colour("page.ink"))
        c.setLineWidth(layout.length("grid.line"))
        for col in range(cols):
            c.rect(x + col * cell, y, cell, cell, stroke=1, fill=1 if late else 0)
    c.setLineWidth(layout.length("grid.half_minute_line"))
    c.line(x + cols / 2 * cell, y0, x + cols / 2 * cell, top)
    c.rect(x, y0, cols * cell, rows * cell, stroke=1, fill=0)
    if half_end:
        warn_row = rows - clock.two_minute_warning // per_row
        wy = top - warn_row * cell
        c.setStrokeColor(layout.colour("grid.warning"))
        c.setLineWidth(layout.length("grid.warning_line"))
        c.line(x - cell * 0.3, wy, x + cols * cell + cell * 0.3, wy)
        c.setFillColor(layout.colour("grid.warning"))
        c.setFont(layout.font("page.bold_font"), size)
        c.drawString(x + cols * cell + cell * 0.4, wy - size * 0.3,
                     _mm_ss(clock.two_minute_warning * seconds))
        c.drawString(x + cols * cell + cell * 0.4, wy - size * 1.3, "warning")


def _stops(c: Canvas, layout: Layout, stops: tuple[str, ...], x: float, y: float,
           width: float) -> None:
    """What stops the clock, as a bulleted list under its heading."""
    size = layout.length("legend.size")
    font = layout.font("page.label_font")
    c.setFillColor(layout.colour("page.ink"))
    c.setFont(layout.font("page.bold_font"), layout.length("legend.heading_size"))
    c.drawString(x, y, "The clock stops")
    cy = y - layout.length("legend.heading_size") * 1.4
    c.setFont(font, size)
    indent = size * 1.2
    for stop in stops:
        c.drawString(x, cy, "\u2022")
        for line in simpleSplit(stop, font, size, width - indent):
            c.drawString(x + indent, cy, line)
            cy -= size * 1.2
        cy -= layout.length("legend.row_gap")


def _between(clock: Clock) -> ClockCost:
    """Complex Timing's time between plays, with the extra defense cards a hurry-up costs."""
    return ClockCost(f"{clock.between_plays_min}-{clock.between_plays_max}",
                     f"Between plays while the clock runs (offense's choice, default "
                     f"{clock.between_plays_default}); for each interval under "
                     f"{clock.extra_card_below} the defense is dealt one extra card and discards "
                     "its lowest")


def _mm_ss(seconds: int) -> str:
    """A clock reading: 15:00, 2:00, 0:40."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def _duration(seconds: int) -> str:
    return "one minute" if seconds == 60 else f"{seconds} seconds"


def _timeouts(c: Canvas, layout: Layout, rules: Rules, x: float, y: float,
              teams: tuple[str, str]) -> float:
    box = layout.length("timeouts.box")
    size = layout.length("page.label_size")
    count = rules.clock.timeouts_per_half
    c.setFillColor(layout.colour("page.ink"))
    c.setFont(layout.font("page.bold_font"), size * 1.2)
    c.drawString(x, y, f"Timeouts ({count} per half)")
    c.setFont(layout.font("page.label_font"), size)
    c.setLineWidth(layout.length("grid.line"))
    c.setStrokeColor(layout.colour("page.ink"))
    font = layout.font("page.label_font")
    column = (c._pagesize[0] - 2 * x) / 4      # four equal columns: a long name is fitted
    col = x
    for team in teams:
        for half in ("1st half", "2nd half"):
            room = column - box * 2 - c.stringWidth(f" {half}", font, size)
            name, s = fit_line(team, font, size, room)
            c.setFont(font, s)
            c.drawString(col, y - size * 1.8, f"{name} {half}")
            for i in range(count):
                c.rect(col + i * box * 1.4, y - size * 2.6 - box, box, box, stroke=1, fill=0)
            col += column
    return size * 2.6 + box


def _costs(c: Canvas, layout: Layout, heading: str, costs: tuple[ClockCost, ...], x: float,
           y: float, width: float) -> float:
    """A two-column table of intervals and plays; returns the height used."""
    size = layout.length("legend.size")
    font = layout.font("page.label_font")
    first = layout.length("legend.intervals_width")
    gap = layout.length("legend.row_gap")
    c.setFillColor(layout.colour("page.ink"))
    c.setFont(layout.font("page.bold_font"), layout.length("legend.heading_size"))
    c.drawString(x, y, heading)
    cy = y - layout.length("legend.heading_size") * 1.4
    c.setFont(font, size)
    for cost in costs:
        lines = simpleSplit(cost.plays, font, size, width - first)
        c.setFont(layout.font("page.bold_font"), size)
        c.drawString(x, cy, cost.intervals)
        c.setFont(font, size)
        for line in lines:
            c.drawString(x + first, cy, line)
            cy -= size * 1.2
        cy -= gap
    return y - cy


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    rules = load_rules(opts.rules_file)
    size = page_size(opts.paper)
    doc.page_size(size)
    c = doc.canvas
    margin = layout.length("page.margin")
    label = layout.length("page.label_size")
    cell = layout.length("grid.cell")
    clock = rules.clock
    grid_w = clock.grid_columns * cell
    grid_h = clock.grid_rows * cell
    gap = layout.length("grid.gap")
    top = size[1] - margin - layout.length("page.title_size")
    title(c, layout, margin, top, f"{layout.text('page.title')}   {match_teams(opts)}")
    c.setFont(layout.font("page.label_font"), label)
    c.setFillColor(layout.colour("page.muted"))
    how = (f"Each box is {clock.interval_seconds} seconds, each line "
           f"{_duration(clock.grid_columns * clock.interval_seconds)}, "
           f"{clock.intervals_per_quarter} boxes a quarter. Mark a box for each interval "
           "used; shaded rows: special clock rules (late in each half).")
    lines = simpleSplit(how, layout.font("page.label_font"), label, size[0] - 2 * margin)
    for i, line in enumerate(lines):
        c.drawString(margin, top - label * (1.8 + 1.2 * i), line)

    left = (size[0] - 2 * grid_w - gap) / 2 + label
    y = top - label * (6.5 + 1.2 * (len(lines) - 1))
    for quarter in range(1, 5):
        col, row = (quarter - 1) % 2, (quarter - 1) // 2
        _grid(c, layout, rules, quarter, left + col * (grid_w + gap),
              y - row * (grid_h + label * 5))
    y -= 2 * grid_h + label * 8.5
    y -= _timeouts(c, layout, rules, margin, y, (opts.home, opts.away)) + label * 2.5
    width = (size[0] - 2 * margin - gap / 2) / 2
    used = _costs(c, layout, "Simple Timing 2 (intervals a play uses)", clock.simple,
                  margin, y, width)
    _stops(c, layout, clock.stops, margin, y - used - layout.length("legend.heading_size"),
           width)
    _costs(c, layout, "Complex Timing (intervals)", clock.complex + (_between(clock),),
           margin + width + gap / 2, y, width)
    check_bars(doc, layout, margin, floor(layout))
    doc.show_page()
