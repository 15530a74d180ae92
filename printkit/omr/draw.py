"""Drawing a bubble-sheet drive log: blank, or shaded from a record (`--from`).

Every position comes from :mod:`printkit.omr.geometry`, the object the reader uses too. A
band's bubbles are one form XObject placed once per band; the shading of `--from` is drawn
over it like a pen's marks.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.qr import draw_qr
from printkit.draw.text import fit_line, wrap_items
from printkit.layout import Layout
from printkit.omr.geometry import (
    TIMING,
    Geometry,
    Placed,
    head_size,
    legend_lines,
    legend_rise,
)
from printkit.omr.markers import draw_marker
from printkit.omr.payload import SheetId
from printkit.pdfdoc import Document
from printkit.units import MM
from printkit_engine.bubbles import Grammar, Marks


@dataclass(frozen=True)
class Page:
    sheet: int
    sheets: int
    first_line: int                       # the number printed on the sheet's first line
    lines: tuple[Marks | None, ...] = ()  # shading per line (--from), None = blank line
    header: Marks | None = None
    last: bool = False                    # "last sheet (game over)" shaded (--from)


def _line_number(c: Canvas, layout: Layout, right: float, y: float, text: str) -> None:
    """A band's printed line number, right-aligned at `right` and clear of the paper's 0.25
    in edge band: at the label size, smaller down to 8 pt, then squeezed sideways (a third
    digit, line 100 on, beside a number column drawn for two)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printkit.draw.text import FLOOR
    from printkit.onpage import SAFE

    font, size = layout.font("page.bold_font"), layout.length("page.label_size")
    room = right - SAFE - 0.5 * MM
    while size > FLOOR and stringWidth(text, font, size) > room:
        size = max(FLOOR, size - 0.25)
    width = stringWidth(text, font, size)
    c.setFont(font, size)
    if width <= room:
        c.drawRightString(right, y, text)
        return
    c.saveState()
    c.translate(right, y)
    c.scale(room / width, 1)
    c.drawRightString(0, 0, text)
    c.restoreState()


def _fit(c: Canvas, text: str, font: str, size: float, width: float) -> float:
    while size > 3.5 and c.stringWidth(text, font, size) > width:
        size -= 0.2
    return size


def bubble_label(c: Canvas, layout: Layout, x: float, cy: float, text: str,
                 width: float, room: float = 0.0) -> None:
    """A bubble's letters centred at (x, cy): the bubble label font at its size, squeezed
    sideways (down to `bubble.label_squeeze`) to fit the bubble, then smaller if need be: a
    condensed bold face as large as the bubble allows."""
    font = layout.font("bubble.label_font")
    size = layout.length("bubble.label_size")
    squeeze = layout.number("bubble.label_squeeze")
    room = room or width * 0.86         # a word's oval (`bubble.word_pad`) says its own
    wide = c.stringWidth(text, font, size)
    scale = 1.0 if wide <= room else max(squeeze, room / wide)
    if wide * scale > room:
        size *= room / (wide * scale)
    t = c.beginText(x - c.stringWidth(text, font, size) * scale / 2, cy - size * 0.36)
    t.setFont(font, size)
    t.setHorizScale(scale * 100)
    t.textOut(text)
    c.drawText(t)


def _band_form(doc: Document, geo: Geometry, layout: Layout) -> str:
    """The bubbles, prefixes and dividers of one band, drawn at the band's top-left."""
    height = geo.rows * geo.pitch_y

    def draw(c: Canvas) -> None:
        size = layout.length("heading.size")          # prefixes: "-", "&", "/" in the gaps
        ink = layout.colour("bubble.ink")
        c.setStrokeColor(ink)
        c.setFillColor(ink)
        c.setLineWidth(layout.length("bubble.line"))
        path = c.beginPath()
        for b in geo.bubbles:
            cy = height - (b.row + 0.5) * geo.pitch_y
            bw = b.w or geo.bubble_w
            path.ellipse(b.x - bw / 2, cy - geo.bubble_h / 2, bw, geo.bubble_h)
        c.drawPath(path, stroke=1, fill=0)
        if layout.has("bubble.label_ink"):
            c.setFillColor(layout.colour("bubble.label_ink"))
        pad = layout.length("bubble.word_pad") if layout.has("bubble.word_pad") else 0.0
        headed = geo.headed
        for b in geo.bubbles:
            if b.slot in headed:             # its word is over its column (`_column_heads`)
                continue
            bubble_label(c, layout, b.x, height - (b.row + 0.5) * geo.pitch_y, b.label,
                         b.w or geo.bubble_w,
                         max(b.w - 2 * pad, b.w * 0.86) + 0.01 if b.w else 0.0)
        c.setFillColor(layout.colour("page.muted"))
        c.setFont(layout.font("page.bold_font"), size)
        for p in geo.placed:
            cy = height - (p.row + 0.5) * geo.pitch_y
            for x, text in p.prefixes:
                c.drawCentredString(x, cy - size * 0.4, text)
        titled = [p for p in geo.placed if p.inline]
        if titled:                       # a title on its own row (`heading.inline`)
            c.setFillColor(layout.colour("page.ink"))
        for p in titled:
            c.drawString(p.x, height - (p.row + 0.5) * geo.pitch_y - size * 0.35,
                         p.slot.short or p.slot.title or p.slot.name)
        c.setFillColorRGB(0, 0, 0)
        for row, xs in enumerate(geo.refs):      # timing squares between tokens
            cy = height - (row + 0.5) * geo.pitch_y
            for x in xs[1:-1]:
                c.rect(x - TIMING / 2, cy - TIMING / 2, TIMING, TIMING, stroke=0, fill=1)
        c.setFillColor(layout.colour("page.muted"))
        for row, x, line in geo.pointers:       # which line a piece sharing its row is of
            _arrow(c, x, height - (row + 0.5) * geo.pitch_y, geo.pointer(row, line),
                   geo.bubble_w)

    return doc.form(f"bubbleband{geo.key}", geo.width, height, draw)


def _arrow(c: Canvas, x: float, cy: float, way: str, side: float) -> None:
    """A filled triangle centred at (x, cy) (PDF y up) pointing up or down: a shape no
    timing square is (it fills half its box), so the reader never takes it for one."""
    tip = 1 if way == "up" else -1
    half = side / 2
    path = c.beginPath()
    path.moveTo(x - half, cy - tip * half * 0.8)
    path.lineTo(x + half, cy - tip * half * 0.8)
    path.lineTo(x, cy + tip * half * 0.9)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def _shade(c: Canvas, geo: Geometry, layout: Layout, marks: Marks, band_top: float,
           line: int = 0) -> None:
    """Pen marks over the bubbles one line's marks name (band_top in page y-down points;
    `line`: the line of the band)."""
    h = geo.page[1]
    c.setFillColor(layout.colour("bubble.mark"))
    path = c.beginPath()
    for b in geo.bubbles:
        if b.line != line:
            continue
        shaded = marks.get(b.slot)
        if shaded and shaded[b.part][b.col] == b.opt:
            cy = h - (band_top + (b.row + 0.5) * geo.pitch_y)
            w, hh = (b.w or geo.bubble_w) * 0.9, geo.bubble_h * 0.88
            path.ellipse(geo.left + b.x - w / 2, cy - hh / 2, w, hh)
    c.drawPath(path, stroke=0, fill=1)


def _header(c: Canvas, geo: Geometry, layout: Layout, grammar: Grammar, title: str,
            sheet: SheetId, page: Page,
            shown: tuple[tuple[str, tuple[str, str]], ...] = (),
            said: tuple[str, str] | None = None) -> None:
    w, h = geo.page
    m = geo.margin
    ink = layout.colour("page.ink")
    x = m + geo.marker + 3 * MM
    size = layout.length("page.label_size")
    c.setFillColor(ink)
    c.setFont(layout.font("page.title_font"), layout.length("page.title_size"))
    c.drawString(x, h - m - 4 * MM, title)
    tags = dict(sheet.tags)
    info = [f"sheet {page.sheet}" + (f" of {page.sheets}" if page.sheets else ""),
            f"lines {page.first_line}-{page.first_line + geo.lines - 1}"]
    if said:                         # a tag said in words, before the tags: "for 5 players"
        info.append(said[1])
    info += [f"{k}: {v}" for k, v in tags.items()
             if k != "Game" and (k, v) not in grammar.stamp      # the title says the log
             and not (said and k == said[0])]
    for after, (k, v) in shown:      # printed only (the code holds the tags): "Round: 2"
        at = next((i + 1 for i, t in enumerate(info) if t.startswith(f"{after}: ")), len(info))
        info.insert(at, f"{k}: {v}")
    text = "   ".join(info)
    room = w - m - geo.marker - 4 * MM - geo.qr - x          # up to the code's quiet zone
    font = layout.font("page.label_font")
    small = layout.length("page.small_size")
    # a landscape sheet: each on one line (the tags fitted to the room); a portrait sheet's
    # room beside the code is narrower: the tags on two lines at most (the second fitted),
    # the note in short; the line under them is a class pack's stamp's (`stamp.baseline`)
    wide = w > h
    lines = [fit_line(text, font, size, room)] if wide or stringWidth(text, font, size) <= room \
        else _two_lines(info, font, size, room)
    note, short = (NOTE, SHORT_NOTE) if not any(s.packed for s in grammar.slots) \
        else (SET_NOTE, SET_NOTE)
    notes = [note] if wide or stringWidth(note, font, small) <= room \
        else [fit_line(short, font, small, room)[0]]
    y = m + 8.5 * MM
    for line, fitted in lines:
        c.setFont(font, fitted)
        c.drawString(x, h - y, line)
        y += 3.5 * MM
    c.setFillColor(layout.colour("page.muted"))
    c.setFont(font, small)
    for line in notes:
        c.drawString(x, h - y, line)
        y += 3.5 * MM
    # header bubbles (Result) and their caption
    if geo.header_bubbles:
        cy = h - geo.header_y
        c.setFillColor(ink)
        c.setFont(layout.font("page.bold_font"), size)
        caption = "  ".join(s.title or t for t, s in grammar.header)
        c.drawRightString(geo.header_x - 2 * TIMING - 3 * MM, cy - size * 0.35, caption)
        c.setStrokeColor(layout.colour("bubble.ink"))
        c.setLineWidth(layout.length("bubble.line"))
        for _, b in geo.header_bubbles:
            bx = geo.header_x + b.x
            c.ellipse(bx - geo.bubble_w / 2, cy - geo.bubble_h / 2, bx + geo.bubble_w / 2,
                      cy + geo.bubble_h / 2, stroke=1, fill=0)
            c.setFillColor(layout.colour("bubble.ink"))
            bubble_label(c, layout, bx, cy, b.label, geo.bubble_w)
        if page.header:
            c.setFillColor(layout.colour("bubble.mark"))
            for tag, b in geo.header_bubbles:
                slot = next(s for t, s in grammar.header if t == tag)
                if page.header.get(slot.name, ())[b.part:b.part + 1] and \
                        page.header[slot.name][b.part][b.col] == b.opt:
                    bx = geo.header_x + b.x
                    c.ellipse(bx - geo.bubble_w * 0.45, cy - geo.bubble_h * 0.44,
                              bx + geo.bubble_w * 0.45, cy + geo.bubble_h * 0.44,
                              stroke=0, fill=1)
    _last(c, geo, layout, page.last)
    qr_x = w - m - geo.marker - 2 * MM - geo.qr
    draw_qr(c, sheet.text(), qr_x, h - m - geo.qr, geo.qr)


def _two_lines(info: list[str], font: str, size: float, room: float,
               ) -> list[tuple[str, float]]:
    """The header's tags on at most two lines no wider than `room` (each item whole where it
    fits; the second line fitted, cut with an ellipsis, when they need more)."""
    lines = wrap_items(tuple(info), "   ", font, size, room)
    if len(lines) > 2:
        lines = [lines[0], "   ".join(lines[1:])]
    return [fit_line(line, font, size, room) for line in lines]


NOTE = ("Shade one bubble per group, fully, with a dark pen or pencil; shade only what the "
        "line has. Keep the corner squares, the black marks and the code clean.")
SHORT_NOTE = ("Shade one bubble per group, fully, with a dark pen or pencil. Keep the marks "
              "and the code clean.")       # a portrait sheet's: one line beside the code
SET_NOTE = ("Shade each bubble fully, with a dark pen or pencil. Keep the marks and the code "
            "clean.")           # a sheet whose table columns are shaded in any number
LAST_LABEL = "\u2713"          # the "last sheet" bubble's letter: a tick
LAST_CAPTION = "last sheet: shade where the game ends"


def _last(c: Canvas, geo: Geometry, layout: Layout, shaded: bool) -> None:
    """The header row's timing squares, and the "last sheet (game over)" bubble the players
    shade on the sheet where the game ends (a scan then knows no later sheet is missing)."""
    h = geo.page[1]
    c.setFillColorRGB(0, 0, 0)
    for x, y in geo.header_refs:
        c.rect(x - TIMING / 2, h - y - TIMING / 2, TIMING, TIMING, stroke=0, fill=1)
    c.setStrokeColor(layout.colour("bubble.ink"))
    c.setLineWidth(layout.length("bubble.line"))
    bx, cy = geo.last[0], h - geo.last[1]
    c.ellipse(bx - geo.bubble_w / 2, cy - geo.bubble_h / 2, bx + geo.bubble_w / 2,
              cy + geo.bubble_h / 2, stroke=1, fill=0)
    c.setFillColor(layout.colour("bubble.ink"))
    bubble_label(c, layout, bx, cy, LAST_LABEL, geo.bubble_w)
    label = layout.length("page.label_size")
    c.setFillColor(layout.colour("page.ink"))
    c.setFont(layout.font("page.bold_font"), label)
    c.drawString(geo.header_refs[1][0] + TIMING / 2 + 2.5 * MM, cy - label * 0.35, LAST_CAPTION)
    if shaded:
        c.setFillColor(layout.colour("bubble.mark"))
        c.ellipse(bx - geo.bubble_w * 0.45, cy - geo.bubble_h * 0.44,
                  bx + geo.bubble_w * 0.45, cy + geo.bubble_h * 0.44, stroke=0, fill=1)


def _key(c: Canvas, geo: Geometry, layout: Layout) -> None:
    """Each slot's name over its column, one line per band row (a row laid out as an earlier
    one has none: the earlier row's names serve it), the arrows of shared rows too. With two
    or more heading lines each starts with a picture of a band's rows, its own filled, and
    those over the first band stand on a band's stripe. A row whose line goes under the last
    band (`heading.under`) has it over the first band too, the top line rising into the
    header's room left of the QR (the sheet's geometry and key stay as they were), unless the
    top line would reach the QR's quiet zone (Card Bowl's decision sheet): then under only."""
    w, h = geo.page
    size = layout.length("heading.size")
    font = layout.font("page.bold_font")
    step = size * 1.25
    quiet = w - geo.margin - geo.marker - 4 * MM - geo.qr       # the QR code's quiet zone

    def end(rows: tuple[int, ...]) -> float:
        return max(geo.left + p.x + c.stringWidth(p.slot.title or p.slot.name, font, size)
                   for p in geo.placed if p.row in rows)

    over = geo.headings + geo.under
    if geo.under and end(geo.headings[:1]) > quiet:     # the top line would reach the QR
        over = geo.headings
    top = geo.first_band - len(over) * step - 1 * MM - geo.heads
    if geo.heads:
        _column_heads(c, geo, layout)
    below = geo.band_top(geo.bands - 1) + geo.rows * geo.pitch_y + 1 * MM
    lines = ([(top + k * step, row) for k, row in enumerate(over)]
             + [(below + k * step, row) for k, row in enumerate(geo.under)])
    marked = len(lines) > 1
    if len(over) > 1:                   # as far as the headings go: clear of the QR's margin
        c.setFillColor(layout.fill("band.stripe_fill"))
        c.rect(geo.margin, h - top - len(over) * step - 0.3 * MM,
               end(over) + 2 * MM - geo.margin, len(over) * step + 0.6 * MM, stroke=0, fill=1)
    for y, row in lines:
        c.setFillColor(layout.colour("page.ink"))
        for p in geo.placed:
            if p.row == row:
                title = p.slot.title or p.slot.name
                room = p.width + 1 * MM
                if p.slot.name in geo.table:    # a table's column: its words are over it
                    if not p.slot.title:
                        continue
                    room = _room(geo, p)
                c.setFont(font, _fit(c, title, font, size, room))
                c.drawString(geo.left + p.x, h - y - 0.8 * step, title)
        if marked:
            _row_icon(c, geo, layout, h - y - 0.5 * step, row, step)
    c.setFillColor(layout.colour("page.muted"))
    for row, x, line in geo.pointers:
        if row in over:
            y = top + (over.index(row) + 0.5) * step
            _arrow(c, geo.left + x, h - y, geo.pointer(row, line), geo.bubble_w)


def _room(geo: Geometry, placed: Placed) -> float:
    """A heading word's room over a slot drawn as a table (`bubble.table`): up to the next
    heading word of its row (a table's slot without a title of its own has none: its
    column's word says it), less a millimetre; its narrow columns would set it smaller."""
    after = [p.x for p in geo.placed if p.row == placed.row and p.x > placed.x
             and (p.slot.title or p.slot.name not in geo.table)]
    return min(after, default=geo.width) - placed.x - 1 * MM


def _column_heads(c: Canvas, geo: Geometry, layout: Layout) -> None:
    """The words of the slots drawn as a table (`Slot.heads`), each turned upright over its
    column and reading upwards from just over the first band, in the heading lines' ink
    (a table's slots are in a band's first row)."""
    h = geo.page[1]
    size = head_size(layout)
    font = layout.font("page.bold_font")
    foot = h - (geo.first_band - 1 * MM)           # PDF y of the words' start
    headed = geo.headed
    c.setFillColor(layout.colour("page.ink"))
    c.setFont(font, size)
    for b in geo.bubbles:
        if b.slot not in headed or b.line:
            continue
        x = geo.left + b.x
        c.saveState()
        c.translate(x + size * 0.35, foot)
        c.rotate(90)
        c.drawString(0, 0, b.label)
        c.restoreState()


def _row_icon(c: Canvas, geo: Geometry, layout: Layout, cy: float, row: int,
              step: float) -> None:
    """A band's rows drawn small beside a heading line, its own row filled: with two or more
    heading lines stacked over the first band, each says which row of a band it names (a
    second line over the first band would otherwise read as the first row's)."""
    w = 4.5 * MM
    pitch = min(1.4 * MM, 0.85 * step / geo.rows)       # within its heading line
    bar = pitch * 0.65
    x = geo.left - 2 * TIMING - w
    top = cy + geo.rows * pitch / 2
    c.setLineWidth(0.5)
    c.setStrokeColor(layout.colour("page.ink"))
    c.setFillColor(layout.colour("page.ink"))
    for r in range(geo.rows):
        y = top - r * pitch - bar
        c.rect(x, y, w, bar, stroke=1, fill=1 if r == row else 0)


def _legend(c: Canvas, geo: Geometry, layout: Layout, grammar: Grammar) -> None:
    w, h = geo.page
    size = layout.length("page.small_size")
    x = geo.margin + geo.marker + 2 * MM
    width = w - 2 * x
    c.setFillColor(layout.colour("page.muted"))
    font = layout.font("page.label_font")
    top = h - geo.margin - geo.marker - legend_rise(grammar, layout, geo.page)
    for n, line in enumerate(legend_lines(grammar, layout, geo.page)):
        fs = _fit(c, line, font, size, width)
        c.setFont(font, fs)
        c.drawString(x, h - top - (n + 1) * size * 1.3, line)


def draw_page(doc: Document, geo: Geometry, layout: Layout, grammar: Grammar, title: str,
              sheet: SheetId, page: Page,
              shown: tuple[tuple[str, tuple[str, str]], ...] = (),
              said: tuple[str, str] | None = None) -> None:
    """One sheet: markers, header with QR, key, bands (shaded as `page` says), legend.
    `shown`: (after which tag, (name, value)) printed in the header's tag line but not in the
    code (a classroom match's round); `said`: (tag, words) printed first in that line instead
    of the tag's `Name: value` (Luck of the Draw's "for 5 players": whether its code carries
    the tag or not, the words say the table a scan of the sheet is replayed for)."""
    c = doc.canvas
    w, h = geo.page
    doc.page_size(geo.page)
    for marker, x, y in geo.markers():
        draw_marker(c, marker, x, h - y, geo.marker)
    _header(c, geo, layout, grammar, title, sheet, page, shown, said)
    _key(c, geo, layout)
    band = _band_form(doc, geo, layout)
    band_h = geo.rows * geo.pitch_y
    for i in range(geo.bands):
        top = geo.band_top(i)
        if i % 2:
            c.setFillColor(layout.fill("band.stripe_fill"))
            c.rect(geo.margin, h - top - band_h - 0.6 * MM, w - 2 * geo.margin,
                   band_h + 1.2 * MM, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        for row in range(geo.rows):
            squares = geo.timing(i, row)
            for tx, ty in (squares[0], squares[-1]):
                c.rect(tx - TIMING / 2, h - ty - TIMING / 2, TIMING, TIMING, stroke=0, fill=1)
        c.setFillColor(layout.colour("page.ink"))
        for line in range(geo.per_band):
            _line_number(c, layout, geo.left - 2 * TIMING,
                         h - geo.row_y(i, geo.number_row(line)) - 2.4,
                         str(page.first_line + i * geo.per_band + line))
        doc.place(band, geo.left, h - top - band_h)
        for line in range(geo.per_band):
            k = i * geo.per_band + line
            marks = page.lines[k] if k < len(page.lines) else None
            if marks:
                _shade(c, geo, layout, marks, top, line)
    _legend(c, geo, layout, grammar)
    doc.show_page()
