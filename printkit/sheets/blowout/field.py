"""`printkit render blowout field`: the field to scale, the counters and the markers to cut out.

Page 1 is the field: 100 yards and two 10-yard end zones at the layout's scale (`field.yard`,
stated in the title), yard lines every 5 yards, numbers every 10, and the red line of FIELD
GOAL range on each half ("If the OFFENSE is in FIELD GOAL range (after the red line on the
field)"; where it is comes from engine/blowout/rules.toml, decision B8). Page 2 has what the
rules' setup asks for besides: the DOWN and YARDS TO GO counters, both SCORE counters, a
QUARTERS / HALVES / FULL GAME tracker (period names from the rules data), the LINE OF
SCRIMMAGE and FIRST DOWN markers (as long as the field is wide, to lay across it), a strip
as long as a first down at the field's scale, and round tokens, all with dashed cut lines.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.text import draw_fitted
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.sheets.common.endzone import end_zone_names
from printkit.sheets.common.heading import check_bars, floor, scale_text, title
from printkit.units import MM
from printkit_engine import datafile
from printkit_engine.blowout.rules import FIELD, Rules, load_rules


class Field:
    """Field geometry in points, origin at the lower-left corner (HOME end line, sideline)."""

    def __init__(self, layout: Layout, rules: Rules, home: str, away: str) -> None:
        self.layout = layout
        self.rules = rules
        self.end = rules.field.end_zone
        self.yards = FIELD + 2 * self.end
        self.yd = layout.length("field.yard")
        self.length = self.yards * self.yd
        self.height = layout.number("field.width_yards") * self.yd
        self.home, self.away = home, away

    def x(self, yard: float) -> float:
        """Yards from the HOME end line to points."""
        return yard * self.yd

    def draw(self, c: Canvas) -> None:
        lay = self.layout
        c.setFillColor(lay.fill("field.turf"))
        c.rect(0, 0, self.length, self.height, stroke=0, fill=1)
        for key, start in (("field.endzone_home", 0), ("field.endzone_away", self.end + FIELD)):
            c.setFillColor(lay.fill(key))
            c.rect(self.x(start), 0, self.x(self.end), self.height, stroke=0, fill=1)
        c.setStrokeColor(lay.colour("field.line"))
        for yard in range(5, FIELD, 5):
            c.setLineWidth(lay.length("field.ten_width" if yard % 10 == 0 else
                                      "field.five_width"))
            c.line(self.x(self.end + yard), 0, self.x(self.end + yard), self.height)
        tick = lay.length("field.tick_length")
        c.setLineWidth(lay.length("field.five_width"))
        for yard in range(1, FIELD):
            if yard % 5:
                x = self.x(self.end + yard)
                c.line(x, 0, x, tick)
                c.line(x, self.height - tick, x, self.height)
        c.setLineWidth(lay.length("field.goal_width"))
        for yard in (self.end, self.end + FIELD):
            c.line(self.x(yard), 0, self.x(yard), self.height)
        c.setLineWidth(lay.length("field.sideline_width"))
        c.rect(0, 0, self.length, self.height, stroke=1, fill=0)
        self._numbers(c)
        self._red_lines(c)

    def _numbers(self, c: Canvas) -> None:
        lay = self.layout
        size = lay.length("field.number_size")
        off = lay.number("field.number_from_sideline") * self.yd
        c.setFillColor(lay.colour("field.number_colour"))
        c.setFont(lay.font("field.number_font"), size)
        for line in range(10, FIELD, 10):
            label = str(min(line, FIELD - line))
            x = self.x(self.end + line)
            c.drawCentredString(x, off - size * 0.35, label)
            c.saveState()
            c.translate(x, self.height - off)
            c.rotate(180)
            c.drawCentredString(0, -size * 0.35, label)
            c.restoreState()

    def red_yards(self) -> tuple[int, int]:
        """The red lines, in yards from the HOME end line: each side's FIELD GOAL range
        starts that far from the goal line it attacks."""
        red = self.rules.field.red_line
        return self.end + red, self.end + FIELD - red

    def _red_lines(self, c: Canvas) -> None:
        lay = self.layout
        size = lay.length("field.red_size")
        c.setStrokeColor(lay.colour("field.red_line"))
        c.setFillColor(lay.colour("field.red_line"))
        c.setLineWidth(lay.length("field.red_width"))
        c.setFont(lay.font("page.bold_font"), size)
        # each label on the range side of its line: HOME's 35 is AWAY's range, toward the left
        for yard, label, left in zip(self.red_yards(), ("\u2190 FIELD GOAL RANGE",
                                                        "FIELD GOAL RANGE \u2192"),
                                     (True, False), strict=True):
            x = self.x(yard)
            c.line(x, 0, x, self.height)
            base = self.height / 2 - size * 0.35
            width = c.stringWidth(label, lay.font("page.bold_font"), size)
            start = x - size * 0.5 - width if left else x + size * 0.5
            # on a patch of turf, so the yard lines it sits across do not run through it
            c.setFillColor(lay.fill("field.turf"))
            c.rect(start - size * 0.3, base - size * 0.35, width + size * 0.6, size * 1.3,
                   stroke=0, fill=1)
            c.setFillColor(lay.colour("field.red_line"))
            c.drawString(start, base, label)

    def end_zone_names(self, c: Canvas) -> None:
        """The teams' names up their end zones (printkit.sheets.common.endzone)."""
        home, away = self.x(self.end / 2), self.x(self.yards - self.end / 2)
        end_zone_names(c, self.layout, self.height, ((home, self.home), (away, self.away)))


def _field_page(doc: Document, layout: Layout, opts: RenderOptions, field: Field,
                size: tuple[float, float]) -> None:
    margin = layout.length("page.margin")
    label = layout.length("page.label_size")
    usable = size[0] - 2 * margin
    top = size[1] - margin - layout.length("page.title_size")
    bottom = floor(layout) + label * 4.4 + label * 2
    room = top - label * 3 - bottom
    if field.length > usable or field.height > room:
        most = min(usable / field.yards, room / layout.number("field.width_yards"))
        raise layout.blame(["field.yard", "page.margin", "field.width_yards",
                            "page.title_size", "page.label_size"],
                           f"expected a field that fits {opts.paper} (at most "
                           f"{most / MM:.2f} mm a yard with these margins), found "
                           f"{datafile.found(layout.raw('field.yard'))} a yard")
    doc.form("blowout-field", field.length, field.height, field.draw)
    c = doc.canvas
    title(c, layout, margin, top, f"{layout.text('page.title')}   {opts.home} v {opts.away}   "
                                  f"{scale_text(field.yd)}")
    fx = margin + (usable - field.length) / 2
    fy = bottom + (room - field.height) / 2
    doc.place("blowout-field", fx, fy)
    c.saveState()
    c.translate(fx, fy)
    field.end_zone_names(c)
    c.restoreState()
    red = field.rules.field.red_line
    c.setFont(layout.font("page.label_font"), label)
    c.setFillColor(layout.colour("page.muted"))
    c.drawString(fx, fy + field.height + label * 0.8,
                 f"Red lines: FIELD GOAL range is on or inside the opponent's {red}. "
                 f"A SPECIAL TEAMS card on FOURTH DOWN is a FIELD GOAL try in FIELD GOAL "
                 f"range, elsewhere a punt.")
    check_bars(doc, layout, margin, floor(layout))
    doc.show_page()


def _cut(c: Canvas, layout: Layout, x: float, y: float, w: float, h: float) -> None:
    """A dashed cut line around a piece."""
    c.saveState()
    c.setStrokeColor(layout.colour("page.muted"))
    c.setLineWidth(layout.length("markers.cut_line"))
    c.setDash(layout.length("markers.cut_dash"), layout.length("markers.cut_dash"))
    c.rect(x, y, w, h, stroke=1, fill=0)
    c.restoreState()


def _track(c: Canvas, layout: Layout, x: float, y: float, name: str,
           cells: list[str]) -> float:
    """A labelled row of squares a token moves along; returns its width."""
    box = layout.length("counters.box")
    size = layout.length("counters.cell_size")
    bold = layout.font("page.bold_font")
    c.setFont(bold, size)
    c.setFillColor(layout.colour("page.ink"))
    c.drawRightString(x + box * 1.6, y + box / 2 - size * 0.35, name)
    cx = x + box * 1.8
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(0.6)
    for cell in cells:
        c.setFillColor(layout.fill("counters.fill"))
        c.rect(cx, y, box, box, stroke=1, fill=1)
        c.setFillColor(layout.colour("page.ink"))
        c.setFont(layout.font("page.label_font"), size)
        c.drawCentredString(cx + box / 2, y + box / 2 - size * 0.35, cell)
        cx += box
    return cx - x


def _heading(c: Canvas, layout: Layout, x: float, y: float, text: str,
             width: float = float("inf")) -> None:
    """A counter's heading; one holding a team name is fitted to `width` (its column)."""
    c.setFillColor(layout.colour("page.ink"))
    size = layout.length("counters.heading_size")
    draw_fitted(c, x, y, text, layout.font("page.bold_font"), size, width)


def _counters_page(doc: Document, layout: Layout, opts: RenderOptions, field: Field,
                   size: tuple[float, float]) -> None:
    rules = field.rules
    c = doc.canvas
    margin = layout.length("page.margin")
    box = layout.length("counters.box")
    gap = layout.length("counters.gap")
    head = layout.length("counters.heading_size")
    top = size[1] - margin - layout.length("page.title_size")
    title(c, layout, margin, top, f"{layout.text('page.title')}: counters and markers   "
                                  f"{opts.home} v {opts.away}")
    digits = [str(d) for d in range(10)]
    # DOWN and YARDS TO GO
    y = top - gap - head
    _heading(c, layout, margin, y, "DOWN")
    downs = ["1ST", "2ND", "3RD", "4TH"][:rules.field.downs]
    _track(c, layout, margin, y - head * 0.6 - box, "", downs)
    tx = margin + box * (1.8 + len(downs)) + gap * 2
    _heading(c, layout, tx, y, "YARDS TO GO")
    _track(c, layout, tx, y - head * 0.6 - box, "TENS", digits)
    _track(c, layout, tx, y - head * 0.6 - 2 * box, "ONES", digits)
    # SCORE
    y -= head * 0.6 + 2 * box + gap + head
    for i, team in enumerate((opts.home, opts.away)):
        sx = margin + i * (box * 12.2 + gap)
        _heading(c, layout, sx, y, f"SCORE  {team}", box * 12.2)
        _track(c, layout, sx, y - head * 0.6 - box, "TENS", digits)
        _track(c, layout, sx, y - head * 0.6 - 2 * box, "ONES", digits)
    # QUARTERS / HALVES / FULL GAME
    y -= head * 0.6 + 2 * box + gap + head
    _heading(c, layout, margin, y, "GAME LENGTH (put the PERIOD token on the period played)")
    row = y - head * 0.6 - box
    for length in rules.lengths.values():
        cells = []
        for k in range(1, length.periods + 1):
            cells.append(length.period_name(k))
            if k == length.halftime:
                cells.append("HALF")
        cells.append("OT")
        c.setFont(layout.font("page.label_font"), layout.length("counters.cell_size"))
        w = _track(c, layout, margin + box * 2.2, row, "", cells)
        c.setFont(layout.font("page.bold_font"), layout.length("counters.cell_size"))
        c.drawString(margin, row + box / 2 - 3, length.name.upper())
        del w
        row -= box
    _markers(c, layout, field, margin, row - gap, size)
    check_bars(doc, layout, margin, floor(layout))
    doc.show_page()


def _markers(c: Canvas, layout: Layout, field: Field, x: float, top: float,
             size: tuple[float, float]) -> None:
    """The two markers to lay across the field, the first-down strip, and the tokens."""
    w = layout.length("markers.width")
    tab = layout.length("markers.tab")
    text = layout.length("markers.text_size")
    bold = layout.font("page.bold_font")
    long = field.height + tab
    y = top - w
    for key, name in (("markers.scrimmage", "LINE OF SCRIMMAGE"),
                      ("markers.first_down", "FIRST DOWN")):
        c.setFillColor(layout.fill(key))
        c.rect(x, y, long, w, stroke=0, fill=1)
        c.setFillColor(layout.colour("page.ink"))
        c.setFont(bold, text)
        c.drawString(x + tab + text * 0.6, y + w / 2 - text * 0.35, name)
        c.setStrokeColor(layout.colour("page.ink"))
        c.setLineWidth(0.8)
        c.line(x + tab, y, x + tab, y + w)              # the tab ends where the field begins
        _cut(c, layout, x, y, long, w)
        y -= w * 1.6
    # a first down at the field's scale, to set the FIRST DOWN marker from the line
    chain = field.x(field.rules.field.first_down)
    c.setFillColor(layout.colour("page.ink"))
    c.rect(x, y, chain, w * 0.5, stroke=0, fill=1)
    c.setFont(layout.font("page.label_font"), text)
    c.drawString(x + chain + text, y, f"{field.rules.field.first_down} yards at the field's "
                                      f"scale: the FIRST DOWN marker goes this far past the "
                                      f"LINE OF SCRIMMAGE")
    y -= w * 1.2
    token = layout.length("markers.token")
    names = ["DOWN", "TO GO 10", "TO GO 1", "HOME 10", "HOME 1", "AWAY 10", "AWAY 1", "PERIOD",
             "BALL"]
    c.setFont(bold, text)
    for i, name in enumerate(names):
        cx = x + i * token * 1.25 + token / 2
        c.setFillColor(layout.fill("markers.token_fill"))
        c.setStrokeColor(layout.colour("page.muted"))
        c.setLineWidth(layout.length("markers.cut_line"))
        c.setDash(layout.length("markers.cut_dash"), layout.length("markers.cut_dash"))
        c.circle(cx, y - token / 2, token / 2, stroke=1, fill=1)
        c.setDash()
        c.setFillColor(layout.colour("page.ink"))
        parts = name.split(" ")
        step = text * 1.1
        first = y - token / 2 + (len(parts) - 1) * step / 2 - text * 0.3
        for j, part in enumerate(parts):
            c.drawCentredString(cx, first - j * step, part)
    c.setFont(layout.font("page.label_font"), text)
    c.setFillColor(layout.colour("page.muted"))
    c.drawString(x, y - token - text * 1.5, "Cut out along the dashed lines. Lay the markers "
                                            "across the field, tab off the sideline.")


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    rules = load_rules(opts.rules_file)
    size = page_size(opts.paper, "landscape")
    doc.page_size(size)
    field = Field(layout, rules, opts.home, opts.away)
    _field_page(doc, layout, opts, field, size)
    _counters_page(doc, layout, opts, field, size)
