"""`printkit render cardbowl drivelog`: play notes as in the rules' "Example of Play Notes".

"On a regular lined pad ... Draw a line to indicate a change of possession." The log has the
example's columns (team per possession, down & distance @ yard line, play and result, score)
plus a clock column, and boxes for the quarter, the game clock and each team's timeouts
(as many a half as engine/cardbowl/rules.toml says). A log filled in this way is what
`printkit verify` reads.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.books.header import fit_text
from printkit.draw.text import fit_line
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.sheets.common.copies import written_log
from printkit.sheets.common.heading import check_bars, floor, match_teams, title
from printkit.sheets.common.logtable import frame, ruled_table
from printkit_engine.cardbowl.rules import load_rules

HEADINGS = ("Team", "Down & dist. @ yd", "Play and result", "Cards", "Score", "Clock")


def _boxes(c: Canvas, layout: Layout, x: float, y: float, labels: list[str]) -> float:
    """A row of labelled tick boxes; returns the width used."""
    box = layout.length("header.box")
    size = layout.length("page.label_size")
    font = layout.font("page.label_font")
    c.setFont(font, size)
    cx = x
    for label in labels:
        c.rect(cx, y, box, box, stroke=1, fill=0)
        c.drawString(cx + box + size * 0.3, y + box / 2 - size * 0.35, label)
        cx += box + size * 0.6 + c.stringWidth(label, font, size) + size
    return cx - x


def _header(c: Canvas, layout: Layout, x: float, y: float, width: float,
            teams: tuple[str, str], timeouts: int, seed: str) -> float:
    """Quarter, clock and timeout boxes under the title; returns the height used."""
    size = layout.length("page.label_size")
    box = layout.length("header.box")
    bold = layout.font("page.bold_font")
    c.setStrokeColor(layout.colour("page.ink"))
    c.setFillColor(layout.colour("page.ink"))
    c.setLineWidth(layout.length("table.line"))
    row = y - box
    c.setFont(bold, size)
    c.drawString(x, row + box / 2 - size * 0.35, "Quarter")
    qx = x + c.stringWidth("Quarter", bold, size) + size
    qx += _boxes(c, layout, qx, row, ["1", "2", "3", "4", "OT"]) + size
    c.setFont(bold, size)
    c.drawString(qx, row + box / 2 - size * 0.35, "Clock")
    cx = qx + c.stringWidth("Clock", bold, size) + size
    c.rect(cx, row, layout.length("header.clock_width"), box, stroke=1, fill=0)
    c.setFillColor(layout.colour("page.hint"))
    c.setFont(layout.font("page.label_font"), size)
    c.drawCentredString(cx + layout.length("header.clock_width") / 2,
                        row + box / 2 - size * 0.35, ":")
    c.setFillColor(layout.colour("page.ink"))
    # the play book's seed: with it `printkit verify` checks every card line against the book
    sx = cx + layout.length("header.clock_width") + size * 2
    c.setFont(bold, size)
    c.drawString(sx, row + box / 2 - size * 0.35, "Seed")
    sx += c.stringWidth("Seed", bold, size) + size
    seed_width = min(layout.length("header.seed_width"), x + width - sx)
    c.rect(sx, row, seed_width, box, stroke=1, fill=0)
    if seed:
        c.setFont(layout.font("page.label_font"), size)
        c.drawString(sx + size * 0.5, row + box / 2 - size * 0.35,
                     fit_text(c, seed, layout.font("page.label_font"), size,
                              seed_width - size))
    row -= box * 1.8
    label = layout.font("page.label_font")
    halves = sum(c.stringWidth(h, label, size) + size * 2.1 + timeouts * box * 1.35
                 for h in ("1st half", "2nd half"))
    # a long name shrinks, then is cut, within its half of the row (the last half's trailing
    # gap, counted in `halves`, is the room between the name and its first box)
    room = width / 2 - halves - c.stringWidth(" timeouts", bold, size)
    # both teams on one row when their names fit whole; else a row each, the page wide
    whole = all(c.stringWidth(team, bold, size) <= room for team in teams)
    step = width / 2 if whole else 0.0
    if not whole:
        room += width / 2
    for i, team in enumerate(teams):
        if i and not whole:
            row -= box * 1.6
        name, s = fit_line(team, bold, size, room)
        c.setFont(bold, s)
        c.drawString(x, row + box / 2 - size * 0.35, f"{name} timeouts")
        tx = x + c.stringWidth(f"{name} timeouts", bold, s) + size
        for half in ("1st half", "2nd half"):
            c.setFont(layout.font("page.label_font"), size)
            c.drawString(tx, row + box / 2 - size * 0.35, half)
            tx += c.stringWidth(half, layout.font("page.label_font"), size) + size * 0.6
            for _ in range(timeouts):
                c.rect(tx, row, box, box, stroke=1, fill=0)
                tx += box * 1.35
            tx += size * 1.5
        x += step
    return y - row + box


def _columns(layout: Layout, width: float) -> list[float]:
    fixed = [layout.length(f"table.{k}_width") for k in ("team", "state")]
    tail = [layout.length(f"table.{k}_width") for k in ("cards", "score", "clock")]
    return fixed + [width - sum(fixed) - sum(tail)] + tail


def _table(c: Canvas, layout: Layout, x: float, top: float, width: float,
           floor: float) -> int:
    """The lined table down to `floor` (at most table.rows rows); returns the row count."""
    size = layout.length("page.label_size")
    widths = _columns(layout, width)
    ruled = ruled_table(c, layout, x, top, width, floor, HEADINGS, widths, centred=False)
    c.setFillColor(layout.colour("page.hint"))
    c.setFont(layout.font("page.label_font"), size)
    sx = x + widths[0]
    for i in range(ruled.rows):
        base = ruled.baseline(top, i, size)
        c.drawString(sx + widths[1] * 0.22, base, "&")
        c.drawString(sx + widths[1] * 0.52, base, "@")
    frame(c, layout, x, top, width, ruled)
    return ruled.rows


def _example(c: Canvas, layout: Layout, x: float, y: float, width: float) -> float:
    if not layout.flag("example.show"):
        return 0.0
    size = layout.length("page.label_size")
    widths = _columns(layout, width)
    c.setFillColor(layout.colour("page.hint"))
    c.setFont(layout.font("page.label_font"), size)
    c.drawString(x, y, "As in the rules' example (draw a line between possessions; cards: the "
                       "groups drawn, split by /):")
    lines = layout.list("example.lines")
    for n, line in enumerate(lines, start=1):
        cx = x + widths[0]
        for text, w in zip(str(line).split("|"), widths[1:], strict=False):
            c.drawString(cx + size * 0.5, y - n * size * 1.4, text)
            cx += w
    return size * 1.4 * (len(lines) + 1)


def _page(doc: Document, opts: RenderOptions, layout: Layout) -> int:
    """One page of the log; the rows it holds."""
    rules = load_rules(opts.rules_file)
    size = page_size(opts.paper)
    doc.page_size(size)
    c = doc.canvas
    margin = layout.length("page.margin")
    width = size[0] - 2 * margin
    top = size[1] - margin - layout.length("page.title_size")
    label = layout.length("page.label_size")
    sheet = "sheet ____ of ____"          # at the title's right: the title stops short of it
    title(c, layout, margin, top, f"{layout.text('page.title')}   {match_teams(opts)}",
          width - c.stringWidth(sheet, layout.font("page.label_font"), label) - label * 2)
    c.setFont(layout.font("page.label_font"), label)
    c.setFillColor(layout.colour("page.muted"))
    c.drawRightString(margin + width, top, sheet)
    y = top - label * 2
    y -= _header(c, layout, margin, y, width, (opts.home, opts.away),
                 rules.clock.timeouts_per_half, str(opts.extra.get("seed") or "")) + label
    y -= _example(c, layout, margin, y, width) + label * 0.6
    bars = check_bars(doc, layout, margin, floor(layout))
    rows = _table(c, layout, margin, y, width, floor(layout) + bars + label)
    doc.show_page()
    return rows


draw, game_pages = written_log(_page, "cardbowl")   # a kit prints a whole game's pages
