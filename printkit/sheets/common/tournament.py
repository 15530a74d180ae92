"""`printkit render GAME tournament`: the tournament sheet every game offers.

No game has its own copy: printkit.sheets adds this printable to every registered game. It
prints, from engine/tournament.py's schedules:
  * a round robin (circle method; an odd count rests one team a round): a cross table with a
    cell per pair (or, for many teams, a results table), then the rounds, each match with the
    id (M1, M2, ...) that its sheets, records and the teacher sheet carry;
  * a knock-out bracket to the next power of two, the top seeds' byes already moved on.

Options: ``RenderOptions.players`` (a count of numbered teams) or ``extra["teams"]`` (names,
from --roster), ``format`` ("both", "round-robin" or "knockout"), ``subtitle``.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.books.header import fit_text
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit_engine import registry
from printkit_engine.tournament import (
    DEFAULT_TEAMS,
    Match,
    Schedule,
    knockout,
    numbered,
    round_robin,
)

STATS = ("W", "D", "L", "PF", "PA", "Pts")


def teams_of(opts: RenderOptions) -> tuple[str, ...]:
    """The teams the options name: a roster's, else `players` numbered teams."""
    teams = opts.extra.get("teams")
    if teams:
        return tuple(teams)
    return numbered(opts.players or DEFAULT_TEAMS)


class Pages:
    """Page furniture shared by every page of the sheet: title line and page numbers."""

    def __init__(self, doc: Document, opts: RenderOptions, layout: Layout, title: str) -> None:
        self.doc, self.layout, self.title = doc, layout, title
        self.size = page_size(opts.paper)
        self.margin = layout.length("page.margin")
        self.subtitle = str(opts.extra.get("subtitle") or "")
        self.game = registry.get(str(opts.extra.get("game"))).title \
            if opts.extra.get("game") in registry.GAMES else ""

    @property
    def width(self) -> float:
        return self.size[0] - 2 * self.margin

    def start(self, heading: str) -> float:
        """Begin a page; returns the y below its title lines."""
        doc, lay = self.doc, self.layout
        doc.page_size(self.size)
        c = doc.canvas
        top = self.size[1] - self.margin - lay.length("page.title_size")
        c.setFillColor(lay.colour("page.ink"))
        c.setFont(lay.font("page.title_font"), lay.length("page.title_size"))
        head = f"{self.game} \u2014 {heading}" if self.game else heading
        c.drawString(self.margin, top, fit_text(c, head, lay.font("page.title_font"),
                                                lay.length("page.title_size"), self.width))
        size = lay.length("page.label_size")
        c.setFont(lay.font("page.label_font"), size)
        c.setFillColor(lay.colour("page.muted"))
        y = top - size * 1.8
        line = f"{self.title}. {self.subtitle}" if self.subtitle else self.title
        c.drawString(self.margin, y, fit_text(c, line, lay.font("page.label_font"), size,
                                              self.width))
        return y - size * 1.6

    def end(self) -> None:
        self.doc.show_page()


def _text(c: Canvas, layout: Layout, x: float, y: float, text: str, bold: bool = False,
          size: float | None = None, colour: str = "page.ink", width: float | None = None,
          align: str = "left") -> None:
    font = layout.font("page.bold_font" if bold else "page.label_font")
    size = size or layout.length("page.label_size")
    if width is not None:
        text = fit_text(c, text, font, size, width)
    c.setFont(font, size)
    c.setFillColor(layout.colour(colour))
    if align == "centre":
        c.drawCentredString(x, y, text)
    else:
        c.drawString(x, y, text)


# --- round robin -----------------------------------------------------------------------------

def _cross_table(pages: Pages, s: Schedule, top: float, rows: range) -> float:
    """A row per team of `rows` (a page's share of the teams, numbered as in the whole
    class): a cell per opponent (the match id in grey), then W D L PF PA Pts. With more
    teams than fit across, the opponent cells are left out (the rounds list has them)."""
    lay, c = pages.layout, pages.doc.canvas
    n = len(s.teams)
    h = lay.length("table.row_height")
    name_w = lay.length("table.name_width")
    stat_w = lay.length("table.stat_width")
    cross = n <= int(lay.number("table.cross_max_teams"))
    cell = (pages.width - name_w - stat_w * len(STATS)) / n if cross else 0.0
    x0 = pages.margin
    width = name_w + cell * n + stat_w * len(STATS) if cross else pages.width
    name_w = width - stat_w * len(STATS) - cell * n
    small = lay.length("page.small_size")
    size = lay.length("page.label_size")
    ids = {frozenset((m.home, m.away)): m.id for m in s.matches}
    bottom = top - (len(rows) + 1) * h
    c.setFillColor(lay.fill("table.header_fill"))
    c.rect(x0, top - h, width, h, stroke=0, fill=1)
    for row, i in enumerate(rows):
        y = top - (row + 2) * h
        if i % 2:
            c.setFillColor(lay.fill("table.stripe_fill"))
            c.rect(x0, y, width, h, stroke=0, fill=1)
        if cross:
            c.setFillColor(lay.fill("table.diagonal_fill"))
            c.rect(x0 + name_w + i * cell, y, cell, h, stroke=0, fill=1)
    base = h / 2 - size * 0.35
    _text(c, lay, x0 + size * 0.4, top - h + base, "Team", bold=True)
    stats_x = x0 + name_w + cell * n
    for k, label in enumerate(STATS):
        _text(c, lay, stats_x + stat_w * (k + 0.5), top - h + base, label, bold=True,
              align="centre")
    for j in range(n if cross else 0):
        _text(c, lay, x0 + name_w + cell * (j + 0.5), top - h + base, str(j + 1), bold=True,
              align="centre")
    for row, i in enumerate(rows):
        team = s.teams[i]
        y = top - (row + 2) * h
        _text(c, lay, x0 + size * 0.4, y + base, f"{i + 1}. {team}",
              width=name_w - size * 0.8)
        for j, other in enumerate(s.teams if cross else ()):
            if i != j:
                _text(c, lay, x0 + name_w + cell * j + small * 0.3, y + h - small * 1.1,
                      ids[frozenset((team, other))], size=small, colour="page.hint")
    c.setStrokeColor(lay.colour("page.ink"))
    c.setLineWidth(lay.length("table.line"))
    for i in range(1, len(rows) + 1):
        c.line(x0, top - i * h, x0 + width, top - i * h)
    xs = [x0 + name_w + cell * j for j in range(n if cross else 0)]
    xs += [stats_x + stat_w * k for k in range(len(STATS))]
    for x in xs:
        c.line(x, bottom, x, top)
    c.setLineWidth(lay.length("table.frame_line"))
    c.rect(x0, bottom, width, top - bottom, stroke=1, fill=0)
    return top - bottom


Line = tuple[str, int | Match | tuple[str, ...]]   # ("round", r), ("match", m), ("bye", names)


def _round_lines(s: Schedule) -> list[Line]:
    """The rounds as lines to flow into columns: ("round", r), ("match", m), ("bye", names)."""
    out: list[Line] = []
    for r in range(1, s.rounds + 1):
        out.append(("round", r))
        out += [("match", m) for m in s.round(r)]
        if r in s.byes:
            out.append(("bye", s.byes[r]))
    return out


def _rounds(pages: Pages, s: Schedule, top: float, heading: str) -> None:
    """Every round's matches, flowing down the columns and on to further pages."""
    lay = pages.layout
    h = lay.length("rounds.line_height")
    gap = lay.length("rounds.gap")
    columns = max(1, int(lay.number("rounds.columns")))
    col_gap = lay.length("page.label_size") * 2
    col_w = (pages.width - col_gap * (columns - 1)) / columns
    score_w = lay.length("rounds.score_width")
    size = lay.length("page.label_size")
    id_w = size * 3.6
    name_w = (col_w - id_w - score_w - size * 2) / 2
    floor = pages.margin
    col, y = 0, top
    c = pages.doc.canvas
    current = 0
    for kind, item in _round_lines(s):
        if kind == "round":
            assert isinstance(item, int)
            current = item
        # a round's heading never ends a column: it goes on with at least its first match
        need = h * 2 + gap if kind == "round" else h
        broke = y - need < floor
        if broke:
            col += 1
            y = top
            if col == columns:
                pages.end()
                top = y = pages.start(f"{heading} (continued)")
                col = 0
        x = pages.margin + col * (col_w + col_gap)
        c = pages.doc.canvas
        if kind == "round" or broke:
            if kind == "round" and y < top:
                y -= gap
            label = f"Round {current}" + ("" if kind == "round" else " (continued)")
            _text(c, lay, x, y - h * 0.7, label, bold=True)
            c.setStrokeColor(lay.colour("page.muted"))
            c.setLineWidth(lay.length("table.line"))
            c.line(x, y - h * 0.95, x + col_w, y - h * 0.95)
            if kind != "round":
                y -= h
        if kind == "match":
            assert isinstance(item, Match)
            m = item
            _text(c, lay, x, y - h * 0.7, m.id, colour="page.muted")
            _text(c, lay, x + id_w, y - h * 0.7, m.home, width=name_w)
            _text(c, lay, x + id_w + name_w, y - h * 0.7, "v", colour="page.muted")
            _text(c, lay, x + id_w + name_w + size * 1.2, y - h * 0.7, m.away,
                  width=name_w)
            sx = x + col_w - score_w
            c.setStrokeColor(lay.colour("page.ink"))
            c.setLineWidth(lay.length("table.line"))
            c.line(sx, y - h * 0.8, sx + score_w * 0.42, y - h * 0.8)
            c.line(sx + score_w * 0.58, y - h * 0.8, sx + score_w, y - h * 0.8)
            _text(c, lay, sx + score_w / 2, y - h * 0.7, ":", align="centre",
                  colour="page.muted")
        elif kind == "bye":
            assert isinstance(item, tuple)
            _text(c, lay, x + id_w, y - h * 0.7, "rests: " + ", ".join(item),
                  colour="page.muted", size=lay.length("page.small_size"),
                  width=col_w - id_w)
        y -= h


def draw_round_robin(pages: Pages, s: Schedule) -> None:
    n = len(s.teams)
    heading = "round robin"
    pages.title = (f"{n} teams, {len(s.matches)} matches in {s.rounds} rounds (circle method"
                   f"{'; one team rests each round' if n % 2 else ''}). Two points a win, "
                   f"one a draw")
    y = pages.start(heading)
    h = pages.layout.length("table.row_height")
    first = 0
    while True:                     # the table over as many pages as its rows need
        fit = max(1, int((y - pages.margin) / h) - 1)
        rows = range(first, min(first + fit, n))
        y -= _cross_table(pages, s, y, rows)
        first = rows.stop
        if first >= n:
            break
        pages.end()
        y = pages.start(f"{heading} (continued)")
    y -= pages.layout.length("rounds.gap") * 2
    if y - pages.layout.length("rounds.line_height") * 4 < pages.margin:
        pages.end()
        y = pages.start(f"{heading} (continued)")
    _rounds(pages, s, y, heading)
    pages.end()


# --- knock-out -------------------------------------------------------------------------------

def _bracket_part(pages: Pages, rounds: list[list], top: float, first_round: int,
                  final: bool) -> None:
    """Draw rounds (each a list of Slot) as a bracket below `top`: every slot a line with the
    name above it, each pair joined to the line it sends its winner to."""
    lay, c = pages.layout, pages.doc.canvas
    size = lay.length("page.label_size")
    small = lay.length("page.small_size")
    first = len(rounds[0])
    top -= size * 1.6                        # the round labels sit above
    pitch = (top - pages.margin) / first
    # a part that is not the last ends in "-> M193" beside its last lines: room for it (a
    # bracket of 256 ran its three-digit match ids off the right of the page)
    last = max((slot.match or 0) for slot in rounds[-1])
    tail = 0.0 if final else c.stringWidth(f"\u2192 M{last}", lay.font("page.label_font"),
                                           small)
    col_w = (pages.width - tail) / len(rounds)
    gap = lay.length("bracket.name_gap")
    c.setStrokeColor(lay.colour("page.ink"))
    c.setLineWidth(lay.length("bracket.line"))
    for k in range(len(rounds)):
        champion = final and k == len(rounds) - 1
        _text(c, lay, pages.margin + col_w * k, top + size * 0.4,
              "Winner" if champion else f"Round {first_round + k}", bold=True, size=small,
              colour="page.muted")
    for k, slots in enumerate(rounds):
        span = pitch * (2 ** k)
        x = pages.margin + col_w * k
        for i, slot in enumerate(slots):
            y = top - span * (i + 0.5) - size * 0.4
            line_w = col_w - size
            c.setStrokeColor(lay.colour("page.ink" if slot.name else "page.hint"))
            c.line(x, y, x + line_w, y)
            name = slot.name or "bye"
            winner = bool(slot.name and slot.name.startswith("Winner M"))
            _text(c, lay, x + size * 0.2, y + gap, name, width=line_w - size * 2.6,
                  colour="page.hint" if (winner or not slot.name) else "page.ink",
                  size=small if winner or not slot.name else size)
            if slot.match is not None and not final and k == len(rounds) - 1:
                _text(c, lay, x + line_w + size * 0.2, y - small * 0.35, f"\u2192 M{slot.match}",
                      size=small, colour="page.muted")       # its opponent is on another part
            elif slot.match is not None and i % 2 == 0:
                below = top - span * (i + 1.5) - size * 0.4
                c.setStrokeColor(lay.colour("page.ink"))
                c.line(x + line_w, y, x + line_w, below)
                _text(c, lay, x + line_w - size * 0.3 - c.stringWidth(
                    f"M{slot.match}", lay.font("page.label_font"), small),
                    (y + below) / 2 - small * 0.35, f"M{slot.match}", size=small,
                    colour="page.muted")


def draw_knockout(pages: Pages, s: Schedule) -> None:
    n = len(s.teams)
    size = len(s.bracket[0])
    byes = size - n
    rest = f"; {byes} top seed{'s' if byes != 1 else ''} start in round 2" if byes else ""
    pages.title = (f"{n} teams, a bracket of {size}{rest}. {len(s.matches)} matches; the "
                   f"winner of each moves right")
    most = max(2, int(pages.layout.number("bracket.max_slots")))
    rounds = [list(r) for r in s.bracket]
    if size <= most:
        top = pages.start("knock-out bracket")
        _bracket_part(pages, rounds, top, 1, final=True)
        pages.end()
        return
    parts = size // most
    depth = most.bit_length() - 1            # rounds inside one part
    for p in range(parts):
        top = pages.start(f"knock-out bracket, part {p + 1} of {parts + 1}")
        part = [r[p * len(r) // parts:(p + 1) * len(r) // parts] for r in rounds[:depth + 1]]
        _bracket_part(pages, part, top, 1, final=False)
        pages.end()
    top = pages.start(f"knock-out bracket, part {parts + 1} of {parts + 1}: the final rounds")
    _bracket_part(pages, [list(r) for r in rounds[depth:]], top, depth + 1, final=True)
    pages.end()


FORMATS = ("both", "round-robin", "knockout")


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    teams = teams_of(opts)
    fmt = str(opts.extra.get("format") or "both")
    pages = Pages(doc, opts, layout, "")
    if fmt in ("both", "round-robin"):
        draw_round_robin(pages, round_robin(teams))
    if fmt in ("both", "knockout"):
        draw_knockout(pages, knockout(teams))
