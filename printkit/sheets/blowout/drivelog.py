"""`printkit render blowout drivelog`: the play log, one row per snap.

The columns are the record notation's fields (docs/notation.md): period, side on offense,
both cards played (and a response card), the yards, then the state after the snap - side
with the ball, down & to go, ball on, score. A log filled in this way is a record
`printkit verify` reads line by line. The header has the play book's Seed (with it every card
is checked against the hands the book deals), the game length (from the rules data), the
date, and the legend of the card codes (from the deck data).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.books.header import fit_text
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.sheets.common.copies import written_log
from printkit.sheets.common.heading import check_bars, floor, match_teams, title
from printkit.sheets.common.logtable import frame, ruled_table
from printkit_engine.blowout.legend import entries
from printkit_engine.blowout.rules import load_rules

COLUMNS = (("Period", "period"), ("Off.", "side"), ("OFFENSE", "offense"),
           ("DEFENSE", "defense"), ("Response", ""), ("Yards", "yards"),
           ("Ball", "ball"), ("Down & to go", "down"), ("Ball on", "spot"),
           ("Score H - A", "score"))
HINTS = {"Down & to go": "&", "Score H - A": "-"}


def widths(layout: Layout, width: float) -> list[float]:
    fixed = {key: layout.length(f"table.{key}_width") for _, key in COLUMNS if key}
    rest = width - sum(fixed.values())
    return [fixed[key] if key else rest for _, key in COLUMNS]


def _field(c: Canvas, layout: Layout, x: float, y: float, name: str, w: float,
           value: str = "") -> float:
    """A labelled box; returns the x after it."""
    size = layout.length("page.label_size")
    box = layout.length("header.box")
    bold = layout.font("page.bold_font")
    c.setFont(bold, size)
    c.setFillColor(layout.colour("page.ink"))
    c.drawString(x, y + box / 2 - size * 0.35, name)
    x += c.stringWidth(name, bold, size) + size * 0.6
    c.rect(x, y, w, box, stroke=1, fill=0)
    if value:
        font = layout.font("page.label_font")
        c.setFont(font, size)
        c.drawString(x + size * 0.4, y + box / 2 - size * 0.35,
                     fit_text(c, value, font, size, w - size * 0.8))
    return x + w + size * 1.5


def _header(c: Canvas, layout: Layout, x: float, y: float, width: float, seed: str) -> float:
    """Seed, date and game length boxes; the code legend; returns the height used."""
    rules = load_rules()
    box = layout.length("header.box")
    size = layout.length("page.label_size")
    font = layout.font("page.label_font")
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(layout.length("table.line"))
    row = y - box
    cx = _field(c, layout, x, row, "Seed", layout.length("header.seed_width"), seed)
    cx = _field(c, layout, cx, row, "Date", layout.length("header.date_width"))
    c.setFont(layout.font("page.bold_font"), size)
    c.drawString(cx, row + box / 2 - size * 0.35, "Length")
    cx += c.stringWidth("Length", layout.font("page.bold_font"), size) + size * 0.6
    c.setFont(font, size)
    for name in rules.lengths:
        c.rect(cx, row, box, box, stroke=1, fill=0)
        c.drawString(cx + box + size * 0.3, row + box / 2 - size * 0.35, name)
        cx += box + size * 1.3 + c.stringWidth(name, font, size)
    # the legend of the codes, in as many lines as it takes
    small = layout.length("page.small_size")
    c.setFont(font, small)
    c.setFillColor(layout.colour("page.muted"))
    parts = [f"{code} {meaning}" for code, meaning in entries()]
    line, lines = "Codes: ", []
    for part in parts:
        piece = part + ";  "
        if c.stringWidth(line + piece, font, small) > width:
            lines.append(line)
            line = "  "
        line += piece
    lines.append(line.rstrip("; "))
    ly = row - small * 1.6
    for text in lines:
        c.drawString(x, ly, text)
        ly -= small * 1.3
    c.drawString(x, ly, "Response: the side that played it and the card, e.g. H:CHAL. Ball on: "
                        "H25 = HOME's 25, A40, 50. State after the snap; one row per snap.")
    return y - ly + small * 0.6


def _table(c: Canvas, layout: Layout, x: float, top: float, width: float,
           floor: float) -> int:
    """The play log's ruled table, with each hinted column's hint in every row."""
    size = layout.length("page.label_size")
    ws = widths(layout, width)
    ruled = ruled_table(c, layout, x, top, width, floor, [h for h, _ in COLUMNS], ws,
                        centred=True)
    c.setFillColor(layout.colour("page.hint"))
    c.setFont(layout.font("page.label_font"), size)
    cx = x
    for (heading, _), w in zip(COLUMNS, ws, strict=True):
        if heading in HINTS:
            for i in range(ruled.rows):
                c.drawCentredString(cx + w / 2, ruled.baseline(top, i, size), HINTS[heading])
        cx += w
    frame(c, layout, x, top, width, ruled)
    return ruled.rows


def _example(c: Canvas, layout: Layout, x: float, y: float, width: float) -> float:
    if not layout.flag("example.show"):
        return 0.0
    size = layout.length("page.label_size")
    c.setFillColor(layout.colour("page.hint"))
    c.setFont(layout.font("page.label_font"), size)
    c.drawString(x, y, "Example (PASS INTERFERENCE on the A35: half the distance, +17):")
    cx = x
    for text, w in zip(layout.text("example.line").split("|"), widths(layout, width),
                       strict=False):
        c.drawCentredString(cx + w / 2, y - size * 1.5, text)
        cx += w
    return size * 3


def _page(doc: Document, opts: RenderOptions, layout: Layout) -> int:
    """One page of the log; the rows it holds."""
    size = page_size(opts.paper)
    doc.page_size(size)
    c = doc.canvas
    margin = layout.length("page.margin")
    width = size[0] - 2 * margin
    top = size[1] - margin - layout.length("page.title_size")
    label = layout.length("page.label_size")
    title(c, layout, margin, top, f"{layout.text('page.title')}   {match_teams(opts)}")
    c.setFont(layout.font("page.label_font"), label)
    c.setFillColor(layout.colour("page.muted"))
    c.drawRightString(margin + width, top, "sheet ____ of ____")
    y = top - label * 1.5
    y -= _header(c, layout, margin, y, width, str(opts.extra.get("seed") or "")) + label * 1.2
    y -= _example(c, layout, margin, y, width) + label * 0.2
    bars = check_bars(doc, layout, margin, floor(layout))
    rows = _table(c, layout, margin, y, width, floor(layout) + bars + label)
    doc.show_page()
    return rows


draw, game_pages = written_log(_page, "blowout")   # a kit prints a whole game's pages
