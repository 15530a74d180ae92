"""`printkit render cardgrid scoresheet`: the score sheet the rules call for.

"Scoring is recorded progressively on the attached score sheet in accordance with the
following table": one row per score, each player's code and running total, where play
restarts (the side that did not score, at the grid rules.toml says) and the time. The header
holds the players, the agreed finishing time ("at 'kick-off' make a note of the agreed
finishing time"), who kicked off, the play book's seed and, for a competition, the round. The
scoring table prints from the rules data. A filled sheet is what `printkit verify` reads
(docs/notation.md: `H T 4-0 > A2`).
"""

from __future__ import annotations

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printkit.books.header import fit_text
from printkit.draw.text import draw_fitted
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.sheets.cardgrid.common import restarts
from printkit.sheets.common.copies import written_log
from printkit.sheets.common.heading import check_bars, draw_label, floor, match_teams, title
from printkit_engine.cardgrid.rules import Rules, load_rules

WINNER_LINE = 72.0       # pt: the least room left to write the winner's name


def _label(c: Canvas, layout: Layout, x: float, y: float, text: str, bold: bool = True) -> float:
    return draw_label(c, layout, x, y, text, bold=bold)


COMPETITIONS = {"round-robin": "round-robin", "knockout": "knock-out"}   # schedule -> box


def _tick(c: Canvas, x: float, y: float, box: float) -> None:
    """A tick in the box at (x, y)."""
    c.saveState()
    c.setLineWidth(1.2)
    c.lines([(x + box * 0.2, y + box * 0.5, x + box * 0.42, y + box * 0.22),
             (x + box * 0.42, y + box * 0.22, x + box * 0.82, y + box * 0.8)])
    c.restoreState()


def _header(c: Canvas, layout: Layout, x: float, y: float, width: float,
            opts: RenderOptions) -> float:
    """Players, agreed finishing time, kick-off, seed, round; returns the height used."""
    size = layout.length("page.label_size")
    box = layout.length("header.box")
    c.setFillColor(layout.colour("page.ink"))
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(0.6)
    base = y - box + box / 2 - size * 0.35
    cx = x
    for who, name in (("Home", opts.home), ("Away", opts.away)):
        cx += _label(c, layout, cx, base, f"{who} player") + size
        c.line(cx, y - box, cx + layout.length("header.name_width"), y - box)
        if name not in ("HOME", "AWAY"):
            draw_fitted(c, cx + size * 0.3, base, name, layout.font("page.label_font"), size,
                        layout.length("header.name_width") - size * 0.6)
        cx += layout.length("header.name_width") + size * 2
    row = y - box * 2.2
    base = row + box / 2 - size * 0.35
    cx = x + _label(c, layout, x, base, "Agreed finishing time") + size
    c.rect(cx, row, layout.length("header.time_width"), box, stroke=1, fill=0)
    c.setFillColor(layout.colour("page.hint"))
    c.drawCentredString(cx + layout.length("header.time_width") / 2, base, ":")
    c.setFillColor(layout.colour("page.ink"))
    cx += layout.length("header.time_width") + size * 2
    cx += _label(c, layout, cx, base, "Kick-off (toss)") + size
    for side in ("H", "A"):
        c.rect(cx, row, box, box, stroke=1, fill=0)
        _label(c, layout, cx + box + size * 0.3, base, side, bold=False)
        cx += box + size * 2
    cx += size
    cx += _label(c, layout, cx, base, "Seed") + size
    seed_w = min(layout.length("header.seed_width"), x + width - cx)
    c.rect(cx, row, seed_w, box, stroke=1, fill=0)
    seed = str(opts.extra.get("seed") or "")
    if seed:
        c.setFont(layout.font("page.label_font"), size)
        c.drawString(cx + size * 0.4, base, fit_text(c, seed, layout.font("page.label_font"),
                                                      size, seed_w - size))
    row -= box * 1.6
    base = row + box / 2 - size * 0.35
    cx = x + _label(c, layout, x, base, "Competition") + size
    competition = COMPETITIONS.get(str(opts.extra.get("format") or ""))
    for choice in ("round-robin", "knock-out"):
        c.rect(cx, row, box, box, stroke=1, fill=0)
        if choice == competition:       # a classroom pack's match: its class's format
            _tick(c, cx, row, box)
        cx += box + size * 0.4 + _label(c, layout, cx + box + size * 0.4, base, choice,
                                        bold=False) + size * 1.5
    cx += _label(c, layout, cx, base, "Round") + size
    c.line(cx, row, cx + 20 * 2.835, row)
    if opts.extra.get("round"):
        _label(c, layout, cx + size * 0.3, base, str(opts.extra["round"]), bold=False)
    cx += 20 * 2.835 + size * 2
    cx += _label(c, layout, cx, base, "Date") + size
    c.line(cx, row, min(x + width, cx + 35 * 2.835), row)
    return y - row


def _codes(c: Canvas, layout: Layout, rules: Rules, x: float, y: float) -> float:
    """The scoring table, as in the rules: code, what it is, points."""
    h = layout.length("codes.row_height")
    widths = [layout.length(f"codes.{k}_width") for k in ("code", "name", "points")]
    size = layout.length("page.label_size")
    rows = [("Code", "Score", "Points"), *((s.code, s.name, str(s.points)) for s in rules.scoring)]
    c.setLineWidth(0.5)
    for i, row in enumerate(rows):
        top = y - i * h
        if i == 0:
            c.setFillColor(layout.fill("table.header_fill"))
            c.rect(x, top - h, sum(widths), h, stroke=0, fill=1)
        c.setFillColor(layout.colour("page.ink"))
        cx = x
        for j, (text, w) in enumerate(zip(row, widths, strict=True)):
            font = "page.bold_font" if i == 0 or j == 0 else "page.label_font"
            c.setFont(layout.font(font), size)
            c.drawString(cx + size * 0.5, top - h / 2 - size * 0.35, text)
            cx += w
        c.rect(x, top - h, sum(widths), h, stroke=1, fill=0)
    return len(rows) * h


def _notes(c: Canvas, layout: Layout, rules: Rules, x: float, y: float, width: float) -> None:
    size = layout.length("page.label_size")
    c.setFont(layout.font("page.label_font"), size)
    c.setFillColor(layout.colour("page.muted"))
    text = ("Write each score on its own row, in the scorer's column: the code and that "
            "player's running total. A conversion (C) only on the row after its try (T). "
            f"Restart: the side that did not score ({restarts(rules)}), written as side and "
            "grid, e.g. A2.")
    # wrapped to the room beside the code table (the restart list comes from the rules data)
    lines = simpleSplit(text, layout.font("page.label_font"), size, width)
    for n, line in enumerate(lines):
        c.drawString(x, y - size - n * size * 1.35, line)


def _columns(layout: Layout, width: float) -> list[float]:
    num = layout.length("table.number_width")
    code, total = layout.length("table.code_width"), layout.length("table.total_width")
    restart = layout.length("table.restart_width")
    return [num, code, total, code, total, restart, width - num - 2 * (code + total) - restart]


def _table(c: Canvas, layout: Layout, x: float, top: float, width: float, floor: float,
           opts: RenderOptions) -> int:
    h = layout.length("table.row_height")
    rows = max(1, min(int(layout.number("table.rows")), int((top - floor) / h) - 2))
    size = layout.length("page.label_size")
    widths = _columns(layout, width)
    head = 2 * h
    bottom = top - head - rows * h
    c.setFillColor(layout.fill("table.header_fill"))
    c.rect(x, top - head, width, head, stroke=0, fill=1)
    for i in range(rows):
        if i % 2:
            c.setFillColor(layout.fill("table.stripe_fill"))
            c.rect(x, top - head - (i + 1) * h, width, h, stroke=0, fill=1)
    c.setFillColor(layout.colour("page.ink"))
    bold = layout.font("page.bold_font")
    c.setFont(bold, size)
    edges = [x]
    for w in widths:
        edges.append(edges[-1] + w)
    for (left, right), name in (((edges[1], edges[3]), opts.home),
                                ((edges[3], edges[5]), opts.away)):
        draw_fitted(c, (left + right) / 2, top - h / 2 - size * 0.35, name, bold, size,
                    right - left - size, align="centre")
    c.setFont(bold, size)
    for i, text in enumerate(("No.", "Code", "Total", "Code", "Total", "Restart", "Time / notes")):
        c.drawCentredString((edges[i] + edges[i + 1]) / 2, top - 1.5 * h - size * 0.35, text)
    if layout.flag("table.example"):
        c.setFillColor(layout.colour("page.hint"))
        c.setFont(layout.font("page.label_font"), size)
        base = top - head - h / 2 - size * 0.35
        for i, text in enumerate(("e.g.", "T", "4", "", "0", "A2", "10:12")):
            c.drawCentredString((edges[i] + edges[i + 1]) / 2, base, text)
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(layout.length("table.line"))
    c.line(edges[1], top - h, edges[5], top - h)
    for i in range(rows + 1):
        c.line(x, top - head - i * h, x + width, top - head - i * h)
    for i, ex in enumerate(edges[1:-1], start=1):
        c.setLineWidth(layout.length("table.frame_line" if i in (1, 3, 5)
                                     else "table.line"))
        c.line(ex, bottom, ex, top if i in (1, 3, 5) else top - h)
    c.setLineWidth(layout.length("table.frame_line"))
    c.rect(x, bottom, width, top - bottom, stroke=1, fill=0)
    return rows


def _result(c: Canvas, layout: Layout, x: float, y: float, width: float,
            opts: RenderOptions) -> None:
    h = layout.length("result.height")
    size = layout.length("page.label_size")
    c.setLineWidth(layout.length("table.frame_line"))
    c.setStrokeColor(layout.colour("page.ink"))
    c.rect(x, y, width, h, stroke=1, fill=0)
    c.setFillColor(layout.colour("page.ink"))
    base = y + h / 2 - size * 0.35
    cx = x + size + _label(c, layout, x + size, base, "Final score") + size * 2
    font = layout.font("page.label_font")
    fixed = (cx - x) + 2 * (size * 5 + 18 * 2.835) + c.stringWidth(
        "Winner", layout.font("page.bold_font"), size) + size * 2 + WINNER_LINE
    for name in (opts.home, opts.away):     # a long name is fitted: "Winner" stays on
        cx += draw_fitted(c, cx, base, name, font, size, (width - fixed) / 2) + size
        c.rect(cx, y + h * 0.2, 18 * 2.835, h * 0.6, stroke=1, fill=0)
        cx += 18 * 2.835 + size * 3
    cx += _label(c, layout, cx, base, "Winner") + size
    c.line(cx, y + h * 0.25, x + width - size, y + h * 0.25)


def _page(doc: Document, opts: RenderOptions, layout: Layout) -> int:
    """One page of the score sheet; the score lines it holds."""
    rules = load_rules(opts.rules_file)
    size = page_size(opts.paper)
    doc.page_size(size)
    c = doc.canvas
    margin = layout.length("page.margin")
    width = size[0] - 2 * margin
    label = layout.length("page.label_size")
    top = size[1] - margin - layout.length("page.title_size")
    title(c, layout, margin, top, f"{layout.text('page.title')}   {match_teams(opts)}")
    y = top - label * 1.5
    y -= _header(c, layout, margin, y, width, opts) + label * 1.2
    used = _codes(c, layout, rules, margin, y)
    code_w = sum(layout.length(f"codes.{k}_width") for k in ("code", "name", "points"))
    _notes(c, layout, rules, margin + code_w + label * 2, y, width - code_w - label * 2)
    y -= used + label * 1.2
    bars = check_bars(doc, layout, margin, floor(layout))
    result_y = floor(layout) + bars + label
    _result(c, layout, margin, result_y, width, opts)
    rows = _table(c, layout, margin, y, width, result_y + layout.length("result.height") + label,
                  opts)
    doc.show_page()
    return rows


draw, game_pages = written_log(_page, "cardgrid", "scores")   # a kit prints a whole game's pages
