"""`printkit render postcard drivelog`: a blank drive log in the record notation.

One row per record line, the columns in the order a line is typed (docs/notation.md): action,
strategy picks, each side's dice, the outcome after `=`, Time Tracker marks, then the state
after the play. A filled-in log types up line by line into a record `printkit verify` reads:
"rush | 5v3 | 4 | 2 | +10" becomes `rush 5v3 H4 A2 = +10`.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.text import fit_names
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.sheets.common.copies import written_log
from printkit.sheets.common.heading import draw_label, match_of
from printkit.sheets.common.heading import floor as lowest

# (layout key, heading, pre-printed separator in each row, state column?)
COLUMNS = (
    ("number", "#", "", False),
    ("action", "Action", "", False),
    ("picks", "Picks O v D", "v", False),
    ("home_dice", "{home} dice", "", False),
    ("away_dice", "{away} dice", "", False),
    ("outcome", "= Outcome", "", False),
    ("marks", "Time marks", "", False),
    ("ball", "Ball", "", True),
    ("down", "Down & go", "&", True),
    ("spot", "Spot", "", True),
    ("score", "Score H-A", "-", True),
    ("time", "T H/A", "/", True),
    ("plays", "P H/A", "/", True),
    ("bonus", "B H/A", "/", True),
    ("sack", "Sack", "", True),
    ("comment", "; Comment", "", False),
)


def widths(layout: Layout, total: float) -> list[float]:
    fixed = [layout.length(f"table.{key}_width") for key, *_ in COLUMNS[:-1]]
    return [*fixed, max(0.0, total - sum(fixed))]


def _header(c: Canvas, layout: Layout, x: float, y: float, width: float,
            opts: RenderOptions) -> float:
    """Title, teams and the tag boxes; returns the height used."""
    size = layout.length("page.label_size")
    c.setFillColor(layout.colour("page.ink"))
    c.setFont(layout.font("page.title_font"), layout.length("page.title_size"))
    c.drawString(x, y, layout.text("page.title"))
    tx = x + c.stringWidth(layout.text("page.title"), layout.font("page.title_font"),
                           layout.length("page.title_size")) + size * 2
    match = match_of(opts)          # a classroom pack's match: "M7 (round 2)"
    if match:
        tx += draw_label(c, layout, tx, y, match, bold=True) + size * 1.5
    c.setFont(layout.font("page.label_font"), size)
    room = (x + width - tx - c.stringWidth("sheet ____ of ____", layout.font("page.label_font"),
                                           size) - size * 3) / 2
    for who, name in (("Home", opts.home), ("Away", opts.away)):   # each in half the room
        c.setFillColor(layout.colour(f"page.{who.lower()}_colour"))
        line, s = fit_names(f"{who}: {{team}}", {"team": name}, layout.font("page.bold_font"),
                            size, room)
        tx += draw_label(c, layout, tx, y, line, bold=True, size=s) + size * 1.5
    c.setFillColor(layout.colour("page.muted"))
    c.setFont(layout.font("page.label_font"), size)
    c.drawRightString(x + width, y, "sheet ____ of ____")
    box_h = layout.length("header.field_height")
    row = y - layout.length("header.gap") - box_h
    fields = (("Date", 0.16), ("Seed (play book)", 0.22), ("Result H-A", 0.12),
              ("Home team skill", 0.25), ("Away team skill", 0.25))
    fx = x
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(layout.length("table.line"))
    for label, share in fields:
        w = width * share - size
        c.setFillColor(layout.colour("page.ink"))
        lw = draw_label(c, layout, fx, row + box_h / 2 - size * 0.35, label, bold=True)
        c.rect(fx + lw + size * 0.5, row, w - lw - size * 0.5, box_h, stroke=1, fill=0)
        filled = str(opts.extra.get("seed") or "") if label.startswith("Seed") else ""
        if filled:      # a classroom pack fills in the match's play-book seed
            draw_label(c, layout, fx + lw + size, row + box_h / 2 - size * 0.35, filled)
        fx += w + size
    return y - row + layout.length("header.gap")


def _table(c: Canvas, layout: Layout, x: float, top: float, width: float, floor: float,
           opts: RenderOptions) -> int:
    h = layout.length("table.row_height")
    rows = min(int(layout.number("table.rows")), int((top - floor) / h) - 2)
    size = layout.length("page.label_size")
    small = layout.length("page.small_size")
    ws = widths(layout, width)
    head = 2 * h
    bottom = top - head - rows * h
    state_x = x + sum(ws[:7])
    state_w = sum(ws[7:15])
    # header band: "the line" over the action columns, "state after the play" over the rest
    c.setFillColor(layout.fill("table.header_fill"))
    c.rect(x, top - head, width, head, stroke=0, fill=1)
    c.setFillColor(layout.fill("table.state_fill"))
    c.rect(state_x, top - head, state_w, head, stroke=0, fill=1)
    for i in range(rows):
        if i % 2:
            c.setFillColor(layout.fill("table.stripe_fill"))
            c.rect(x, top - head - (i + 1) * h, width, h, stroke=0, fill=1)
    c.setFillColor(layout.colour("page.ink"))
    draw_label(c, layout, x + size * 0.5, top - h / 2 - size * 0.35,
          "The line: action, picks, dice = outcome, marks", bold=True)
    draw_label(c, layout, state_x + size * 0.5, top - h / 2 - size * 0.35,
          "{ State after the play }", bold=True)
    cx = x
    for (key, heading, _, _), w in zip(COLUMNS, ws, strict=True):
        label, fit = fit_names(heading, {"home": opts.home, "away": opts.away},
                               layout.font("page.bold_font"), size, w - size * 0.6)
        if key == "home_dice":
            c.setFillColor(layout.colour("page.home_colour"))
        elif key == "away_dice":
            c.setFillColor(layout.colour("page.away_colour"))
        else:
            c.setFillColor(layout.colour("page.ink"))
        draw_label(c, layout, cx + size * 0.3, top - h - h / 2 - size * 0.35, label, bold=True,
              size=fit)
        cx += w
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(layout.length("table.line"))
    c.line(x, top - h, x + width, top - h)
    for i in range(rows + 1):
        c.line(x, top - head - i * h, x + width, top - head - i * h)
    cx = x
    for w in ws[:-1]:
        cx += w
        c.line(cx, bottom, cx, top - h)
    c.setLineWidth(layout.length("table.group_line"))
    c.line(state_x, bottom, state_x, top)
    c.line(state_x + state_w, bottom, state_x + state_w, top)
    # pre-printed separators so the parts of a value land where the notation wants them
    c.setFillColor(layout.colour("page.hint"))
    c.setFont(layout.font("page.label_font"), small)
    cx = x
    for (_, _, sep, _), w in zip(COLUMNS, ws, strict=True):
        if sep:
            for i in range(rows):
                base = top - head - (i + 1) * h + h / 2 - small * 0.35
                c.drawCentredString(cx + w / 2, base, sep)
        cx += w
    c.setLineWidth(layout.length("table.frame_line"))
    c.rect(x, bottom, width, top - bottom, stroke=1, fill=0)
    return rows


EXAMPLE_TITLE = "Example: how a game's first lines are written (not rows to fill in)"


def example_height(layout: Layout) -> float:
    """The room the example takes under the table: a title row and a row per line (none
    when the layout turns it off)."""
    if not layout.flag("example.show"):
        return 0.0
    return (len(layout.list("example.lines")) + 1) * layout.length("table.row_height")


def _example(c: Canvas, layout: Layout, x: float, top: float, width: float) -> None:
    """Grey example entries beside the table, under it in their own frame, never in the
    rows players fill (issue 30): the opening lines of a game, as typed up: `toss H5 A2 = H
    {KO 0-0 T0/0 P0/0 B0/0}`, `kickoff A 4v2`, `touchback {A 1&10 A25 ...}`."""
    if not layout.flag("example.show"):
        return
    h = layout.length("table.row_height")
    size = layout.length("page.label_size")
    ws = widths(layout, width)
    lines = layout.list("example.lines")
    c.setFillColor(layout.colour("page.muted"))
    draw_label(c, layout, x, top - h / 2 - size * 0.35, EXAMPLE_TITLE, bold=True)
    c.setStrokeColor(layout.colour("page.hint"))
    c.setLineWidth(layout.length("table.line"))
    body = top - h
    c.rect(x, body - len(lines) * h, width, len(lines) * h, stroke=1, fill=0)
    cx = x
    for w in ws[:-1]:
        cx += w
        c.line(cx, body, cx, body - len(lines) * h)
    c.setFillColor(layout.colour("page.hint"))
    c.setFont(layout.font("page.label_font"), size)
    for n, line in enumerate(lines):
        base = body - (n + 1) * h + h / 2 - size * 0.35
        cx = x
        for text, w in zip(str(line).split("|"), ws, strict=False):
            if text:
                c.drawString(cx + size * 0.4, base, text)
            cx += w


def _legend(c: Canvas, layout: Layout, x: float, y: float) -> float:
    """The notation in three lines at the foot of the page; returns the height used."""
    if not layout.flag("legend.show"):
        return 0.0
    small = layout.length("page.small_size")
    c.setFillColor(layout.colour("page.muted"))
    lines = layout.list("legend.lines")
    for n, text in enumerate(reversed(lines)):
        draw_label(c, layout, x, y + n * small * 1.45, str(text), size=small)
    return small * 1.45 * len(lines)


def _page(doc: Document, opts: RenderOptions, layout: Layout) -> int:
    """One page of the log; the lines it holds."""
    size = page_size(opts.paper, "landscape")
    doc.page_size(size)
    c = doc.canvas
    margin = layout.length("page.margin")
    width = size[0] - 2 * margin
    top = size[1] - margin - layout.length("page.title_size")
    top -= _header(c, layout, margin, top, width, opts)
    low = lowest(layout)              # clear of a class pack's stamp strip
    legend = _legend(c, layout, margin, low)
    floor = low + legend + layout.length("page.label_size")
    example = example_height(layout)
    if example:
        _example(c, layout, margin, floor + example, width)
        floor += example + layout.length("page.label_size")
    rows = _table(c, layout, margin, top, width, floor, opts)
    doc.show_page()
    return rows


draw, game_pages = written_log(_page, "postcard")   # a kit prints a whole game's pages
