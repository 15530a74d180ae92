"""`printkit render cardbowl cribbage`: the field on a cribbage board's holes.

Per the rules' "Using a Cribbage Board": one hole a yard, end line to end line (engine state's
YARDS); the middle two holes are both the 50; each hole is labelled with its yard line from the
nearer goal (end-zone holes negative, yards deep, as the kickoff rule writes "-3 yards inside
end zone"; the goal line G). Page 1 is an overlay laid on a real board (its hole pitch,
diameter, group gap, row spacing and rows are layout values, so a measured board lines up);
page 2 is a stand-alone board to punch, with a strip for the down and first-down pegs.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printkit.errors import UserError
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.sheets.common.heading import check_bars, floor, title
from printkit_engine.cardbowl.state import END_ZONE, YARDS

HOLES = YARDS     # one hole a yard, end line to end line
STYLES = ("continuous", "twice")


def hole_label(hole: int) -> str:
    """Yard line of a hole (1 = the home end line) from the nearer goal: negative in an end
    zone, G on a goal line; the middle two holes are both the 50."""
    yard = hole - END_ZONE if hole <= HOLES // 2 else HOLES + 1 - END_ZONE - hole
    return "G" if yard == 0 else str(yard)


@dataclass(frozen=True)
class Hole:
    number: int
    x: float          # centre, from the track's left / top-row reference
    y: float


class Track:
    """Where each hole sits, from the layout's measured board values."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.style = layout.text("track.style")
        if self.style not in STYLES:
            raise UserError(f"{layout.sources[-1].path}: track.style must be "
                            f"{' or '.join(STYLES)}, not {self.style!r}")
        self.pitch = layout.length("track.pitch")
        self.gap = layout.length("track.group_gap")
        self.group = int(layout.number("track.group"))
        self.spacing = layout.length("track.spacing")
        halves = 1 if self.style == "continuous" else 2
        rows = int(layout.number("track.rows" if halves == 1 else "track.rows_per_half"))
        per_row = HOLES // halves // rows if rows > 0 else 0
        if rows <= 0 or per_row * rows * halves != HOLES or self.group <= 0 \
                or per_row % self.group:
            raise UserError(f"{layout.sources[-1].path}: {HOLES // halves} holes do not make "
                            f"{rows} rows of whole groups of {self.group}")
        self.rows, self.per_row, self.halves = rows, per_row, halves
        self.half_gap = layout.length("track.half_gap") if halves == 2 else 0.0

    def offset(self, i: int) -> float:
        return i * self.pitch + (i // self.group) * (self.gap - self.pitch)

    @property
    def width(self) -> float:
        return self.offset(self.per_row - 1)

    @property
    def height(self) -> float:
        return (self.rows * self.halves - 1) * self.spacing + self.half_gap

    def holes(self) -> list[Hole]:
        """Row by row from the top, back and forth like pegging up and down a board."""
        out = []
        for n in range(1, HOLES + 1):
            k = n - 1
            row, i = divmod(k, self.per_row)
            half = row // self.rows
            x = self.offset(i if row % 2 == 0 else self.per_row - 1 - i)
            y = -(row * self.spacing + half * self.half_gap)
            out.append(Hole(n, x, y))
        return out


def _draw_track(c: Canvas, layout: Layout, track: Track, x0: float, y0: float,
                home: str, away: str) -> None:
    lay = layout
    r = lay.length("track.hole") / 2
    size = lay.length("track.label_size")
    holes = track.holes()
    pad = track.pitch / 2
    for team, span, fill in ((home, range(1, 11), "track.endzone_home"),
                             (away, range(111, 121), "track.endzone_away")):
        members = [h for h in holes if h.number in span]
        for row_y in sorted({h.y for h in members}):
            xs = [h.x for h in members if h.y == row_y]
            c.setFillColor(lay.fill(fill))
            c.rect(x0 + min(xs) - pad, y0 + row_y - r - size * 1.6, max(xs) - min(xs) + 2 * pad,
                   r * 2 + size * 3.4, stroke=0, fill=1)
        first = members[0] if span.start == 1 else members[-1]
        c.setFillColor(lay.colour("page.ink"))
        # Smaller than the hole numbers: the next row's numbers sit just below it.
        c.setFont(lay.font("page.label_font"), size * 0.85)
        xs = [h.x for h in members if h.y == first.y]
        c.drawCentredString(x0 + (min(xs) + max(xs)) / 2, y0 + first.y - r - size * 1.0,
                            f"{team.upper()} END ZONE")
    c.setFillColor(lay.fill("track.fifty"))
    for h in holes:
        if h.number in (60, 61):
            c.circle(x0 + h.x, y0 + h.y, r + size * 0.5, stroke=0, fill=1)
    c.setStrokeColor(lay.colour("page.ink"))
    arm = lay.length("track.crosshair")
    c.setFont(lay.font("track.label_font"), size)
    for h in holes:
        x, y = x0 + h.x, y0 + h.y
        label = hole_label(h.number)
        c.setLineWidth(lay.length("track.goal_line" if label == "G" else "track.hole_line"))
        c.setFillColor(lay.colour("page.ink"))
        c.circle(x, y, r, stroke=1, fill=0)
        if arm > 0:
            c.setLineWidth(lay.length("track.hole_line"))
            c.line(x - arm, y, x + arm, y)
            c.line(x, y - arm, x, y + arm)
        c.setFillColor(lay.colour("track.label_colour"))
        c.drawCentredString(x, y + r + size * 0.35, label)


def _legend(c: Canvas, layout: Layout, x: float, y: float, text: str) -> None:
    c.setFillColor(layout.colour("page.muted"))
    c.setFont(layout.font("page.label_font"), layout.length("page.label_size"))
    c.drawString(x, y, text)


def _frame(c: Canvas, layout: Layout, x: float, y: float, w: float, h: float) -> None:
    c.setLineWidth(layout.length("pegboard.frame_line"))
    c.setStrokeColor(layout.colour("page.ink"))
    c.roundRect(x, y, w, h, layout.length("pegboard.frame"), stroke=1, fill=0)


def _strip(c: Canvas, layout: Layout, track: Track, x: float, y: float) -> float:
    """The down and first-down strip: one hole per label, same holes and pitch as the track."""
    r = layout.length("track.hole") / 2
    size = layout.length("track.label_size")
    labels = layout.list("pegboard.strip_labels")
    c.setFont(layout.font("page.label_font"), layout.length("page.label_size"))
    c.setFillColor(layout.colour("page.ink"))
    c.drawString(x, y - size * 0.4, "DOWN")
    step = max(track.gap, layout.length("track.label_size") * 9)
    hx = x + step * 1.2
    c.setFont(layout.font("track.label_font"), size)
    for label in labels:
        c.setLineWidth(layout.length("track.hole_line"))
        c.circle(hx, y, r, stroke=1, fill=0)
        c.drawCentredString(hx, y + r + size * 0.35, str(label))
        hx += step
    return hx - x


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    track = Track(layout)
    size = page_size(opts.paper, "landscape")
    doc.page_size(size)
    margin = layout.length("page.margin")
    if track.width + 2 * margin > size[0]:
        raise UserError(f"{layout.sources[-1].path}: a row of {track.per_row} holes is "
                        f"{track.width / 72:.2f} in long, wider than {opts.paper} landscape: "
                        "raise track.rows")
    c = doc.canvas
    top = size[1] - margin - layout.length("page.title_size")
    x0 = (size[0] - track.width) / 2
    label = layout.length("page.label_size")
    style = "one continuous track" if track.style == "continuous" else \
        "one track per half (played around twice)"
    for page in ("overlay", "pegboard"):
        heading = "overlay" if page == "overlay" else "peg board to punch"
        title(c, layout, margin, top, f"{layout.text('page.title')}: {heading}   "
              f"{opts.home} v {opts.away}")
        _legend(c, layout, margin, top - label * 2,
                f"{HOLES} holes = {YARDS} yards, {style}. Labels: yard line from the nearer goal; "
                f"G = goal line, -1 to -{END_ZONE - 1} = yards deep in the end zone.")
        _legend(c, layout, margin, top - label * 3.5,
                "The middle two holes are both the 50: skip one when you pass it. Pegs: ball "
                "(field position) and first-down marker.")
        frame = layout.length("pegboard.frame")
        head = layout.length("track.hole") / 2 + layout.length("track.label_size") * 1.5
        ty = top - label * 5 - frame - head
        foot = layout.length("track.hole") / 2 + layout.length("track.label_size") * 2
        if page == "overlay":
            c.saveState()
            c.setDash(3, 2)
            c.setLineWidth(0.4)
            c.setStrokeColor(layout.colour("page.muted"))
            c.rect(x0 - frame, ty - track.height - foot - frame / 2, track.width + 2 * frame,
                   track.height + head + foot + frame, stroke=1, fill=0)
            c.restoreState()
            _legend(c, layout, x0 - frame, ty - track.height - foot - frame / 2
                    - label * 1.5, "cut along the dashed line and lay the strip on your "
                    "board, each cross over a hole")
        else:
            strip_y = ty - track.height - layout.length("pegboard.strip_gap")
            _frame(c, layout, x0 - frame * 2, strip_y - foot - frame,
                   track.width + frame * 4, ty - strip_y + head + foot + frame * 2)
            _strip(c, layout, track, x0, strip_y)
            _legend(c, layout, margin, floor(layout) + label * 5,
                    "Glue to card, punch each hole at its cross; golf tees or matches make pegs.")
        _draw_track(c, layout, track, x0, ty, opts.home, opts.away)
        check_bars(doc, layout, margin, floor(layout))
        doc.show_page()
