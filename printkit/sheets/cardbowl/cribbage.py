"""`printkit render cardbowl cribbage`: the field on a cribbage board's holes.

Per the rules' "Using a Cribbage Board": one hole a yard, end line to end line (engine state's
YARDS); the middle two holes are both the 50; each hole is labelled with its yard line from the
nearer goal (end-zone holes negative, yards deep, as the kickoff rule writes "-3 yards inside
end zone"; the goal line G). At the top, an overlay laid on a real board (its hole pitch,
diameter, group gap, row spacing and rows are layout values, so a measured board lines up);
below it a stand-alone board to punch, with a strip for the down and first-down pegs; each
on a page of its own when a measured board is too large for both to share one.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.text import fit_line
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
        first = members[0] if span.start == 1 else members[-1]
        # the name goes on the track's outer side: over the top row's numbers, under the
        # lowest row's holes (between two rows it would sit on the next row's numbers)
        over = first.y == max(h.y for h in holes)
        for row_y in sorted({h.y for h in members}):
            xs = [h.x for h in members if h.y == row_y]
            extra = size * 1.3 if over and row_y == first.y else 0.0
            c.setFillColor(lay.fill(fill))
            c.rect(x0 + min(xs) - pad, y0 + row_y - r - size * 1.6, max(xs) - min(xs) + 2 * pad,
                   r * 2 + size * 3.4 + extra, stroke=0, fill=1)
        c.setFillColor(lay.colour("page.ink"))
        xs = [h.x for h in members if h.y == first.y]
        y = first.y + r + size * 1.55 if over else first.y - r - size * 1.0
        name, fitted = fit_line(f"{team.upper()} END ZONE", lay.font("page.label_font"), size,
                                max(xs) - min(xs) + 2 * pad)      # within its shading
        c.setFont(lay.font("page.label_font"), fitted)
        c.drawCentredString(x0 + (min(xs) + max(xs)) / 2, y0 + y, name)
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


@dataclass(frozen=True)
class _Board:
    """The heights around a track, from the layout: what the overlay and the peg board
    take above and below their track."""

    frame: float      # the peg board's border
    head: float       # above the top row's holes: their numbers and an end zone's name
    foot: float       # below the bottom row's holes: the end-zone words
    label: float      # the page's label size

    @classmethod
    def of(cls, layout: Layout) -> _Board:
        hole, size = layout.length("track.hole") / 2, layout.length("track.label_size")
        return cls(layout.length("pegboard.frame"), hole + size * 2.8, hole + size * 2,
                   layout.length("page.label_size"))

    def overlay(self, track: Track) -> float:
        """From the top of the overlay's dashed box to below its cut line's words."""
        return self.head + track.height + self.foot + self.frame + self.label * 2.5

    def pegboard(self, track: Track, strip_gap: float) -> float:
        """From the top of the peg board's border to its bottom."""
        return self.head + track.height + strip_gap + self.foot + self.frame * 2


def _draw_overlay(c: Canvas, layout: Layout, track: Track, board: _Board, x0: float,
                  ty: float) -> None:
    """The overlay's dashed cut line and its words (the track is drawn by the caller)."""
    frame, foot, label = board.frame, board.foot, board.label
    c.saveState()
    c.setDash(3, 2)
    c.setLineWidth(0.4)
    c.setStrokeColor(layout.colour("page.muted"))
    c.rect(x0 - frame, ty - track.height - foot - frame / 2, track.width + 2 * frame,
           track.height + board.head + foot + frame, stroke=1, fill=0)
    c.restoreState()
    _legend(c, layout, x0 - frame, ty - track.height - foot - frame / 2 - label * 1.5,
            "cut along the dashed line and lay the strip on your board, each cross over a "
            "hole")


def _draw_pegboard(c: Canvas, layout: Layout, track: Track, board: _Board, x0: float,
                   ty: float) -> None:
    """The peg board's border and its down strip (the track is drawn by the caller)."""
    frame, foot = board.frame, board.foot
    strip_y = ty - track.height - layout.length("pegboard.strip_gap")
    _frame(c, layout, x0 - frame * 2, strip_y - foot - frame,
           track.width + frame * 4, ty - strip_y + board.head + foot + frame * 2)
    _strip(c, layout, track, x0, strip_y)


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    """The overlay and the peg board on one page where both fit (issue 30: each alone left
    its page more than half blank), else each on its own page."""
    track = Track(layout)
    size = page_size(opts.paper, "landscape")
    doc.page_size(size)
    margin = layout.length("page.margin")
    if track.width + 2 * margin > size[0]:
        raise UserError(f"{layout.sources[-1].path}: a row of {track.per_row} holes is "
                        f"{track.width / 72:.2f} in long, wider than {opts.paper} landscape: "
                        "raise track.rows")
    board = _Board.of(layout)
    label = board.label
    top = size[1] - margin - layout.length("page.title_size")
    first = top - label * 5 - board.frame - board.head      # the first track's top row
    second = first - board.overlay(track) - label - board.frame - board.head
    bottom = floor(layout) + label * 6.5   # above the glue words and the check bars
    peg_top = second + board.head + board.frame
    together = peg_top - board.pegboard(track, layout.length("pegboard.strip_gap")) >= bottom
    pages = [("overlay and peg board to punch", [("overlay", first), ("pegboard", second)])] \
        if together else [("overlay", [("overlay", first)]),
                          ("peg board to punch", [("pegboard", first)])]
    for heading, parts in pages:
        _page(doc, opts, layout, track, board, top, heading, parts)


def _page(doc: Document, opts: RenderOptions, layout: Layout, track: Track, board: _Board,
          top: float, heading: str, parts: list[tuple[str, float]]) -> None:
    """One page: title, the two lines of how to read the holes, each part at its track's
    top row, the glue words under a peg board, the check bars."""
    c = doc.canvas
    margin, label = layout.length("page.margin"), board.label
    x0 = (doc.width - track.width) / 2
    style = "one continuous track" if track.style == "continuous" else \
        "one track per half (played around twice)"
    title(c, layout, margin, top, f"{layout.text('page.title')}: {heading}   "
          f"{opts.home} v {opts.away}")
    _legend(c, layout, margin, top - label * 2,
            f"{HOLES} holes = {YARDS} yards, {style}. Labels: yard line from the nearer goal; "
            f"G = goal line, -1 to -{END_ZONE - 1} = yards deep in the end zone.")
    _legend(c, layout, margin, top - label * 3.5,
            "The middle two holes are both the 50: skip one when you pass it. Pegs: ball "
            "(field position) and first-down marker.")
    for part, ty in parts:
        if part == "overlay":
            _draw_overlay(c, layout, track, board, x0, ty)
        else:
            _draw_pegboard(c, layout, track, board, x0, ty)
            _legend(c, layout, margin, floor(layout) + label * 5,
                    "Glue to card, punch each hole at its cross; golf tees or matches make pegs.")
        _draw_track(c, layout, track, x0, ty, opts.home, opts.away)
    check_bars(doc, layout, margin, floor(layout))
    doc.show_page()
