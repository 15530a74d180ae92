"""`printkit render cardgrid field`: the Field Grid Layout, landscape.

"A small movable marker or counter ... is used to position each play on the field grid." The
strip has 12 grids; each side attacks in its own direction and numbers the grids from its own
end (docs/rules/cardgrid.md G3), so the strip carries one marker track per direction, each
with that side's numbers, lines and in-goal, all from engine/cardgrid/rules.toml. The six
tackle boxes and the card legend sit below. The strip is drawn once as a form.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.text import fit_names
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.sheets.cardgrid.common import legend
from printkit.sheets.common.heading import check_bars, floor, title
from printkit_engine.cardgrid.rules import Rules, load_rules


def _track(c: Canvas, layout: Layout, rules: Rules, y: float, side: str) -> None:
    """One direction's half of the strip (home left to right, away right to left)."""
    gw, h = layout.length("field.grid_width"), layout.length("field.track_height")
    grids = rules.field.grids
    colour = layout.colour(f"field.{side}_colour")
    for g in range(1, grids + 1):
        cell = g - 1 if side == "home" else grids - g
        x = cell * gw
        c.setFillColor(layout.fill("field.in_goal" if g == rules.field.in_goal else "field.turf"))
        c.rect(x, y, gw, h, stroke=0, fill=1)
        line = rules.field.line_at(g)
        if line and g != rules.field.in_goal:
            c.setStrokeColor(layout.colour("field.line"))
            c.setLineWidth(layout.length("field.line_width"))
            c.line(x + gw / 2, y, x + gw / 2, y + h)
        turf = layout.fill("field.in_goal" if g == rules.field.in_goal else "field.turf")
        number = layout.length("field.number_size")
        font = layout.font("page.bold_font")
        text_w = c.stringWidth(str(g), font, number)
        c.setFillColor(turf)       # the numbers, names and markers sit on the line, readable
        c.rect(x + gw / 2 - text_w / 2 - 1, y + h - number * 1.2, text_w + 2, number * 1.05,
               stroke=0, fill=1)
        c.setFillColor(colour)
        c.setFont(font, number)
        c.drawCentredString(x + gw / 2, y + h - number * 1.1, str(g))
        if line:
            size = layout.length("field.line_name_size")
            name_w = c.stringWidth(line, layout.font("page.label_font"), size)
            c.setFillColor(turf)
            c.rect(x + gw / 2 - name_w / 2 - 1, y + size * 0.3, name_w + 2, size * 1.1,
                   stroke=0, fill=1)
            c.setFont(layout.font("page.label_font"), size)
            c.setFillColor(layout.colour("page.ink"))
            c.drawCentredString(x + gw / 2, y + size * 0.6, line)
        r = layout.length("field.marker") / 2
        c.setStrokeColor(colour)
        c.setFillColor(turf)
        c.setLineWidth(layout.length("field.grid_line"))
        c.circle(x + gw / 2, y + h / 2 - r * 0.2, r, stroke=1, fill=1)
    c.setStrokeColor(layout.colour("page.ink"))
    c.setLineWidth(layout.length("field.grid_line"))
    for cell in range(grids + 1):
        c.line(cell * gw, y, cell * gw, y + h)
    c.rect(0, y, grids * gw, h, stroke=1, fill=0)


def _strip(c: Canvas, layout: Layout, rules: Rules) -> None:
    h = layout.length("field.track_height")
    _track(c, layout, rules, h, "home")
    _track(c, layout, rules, 0, "away")


def _tackles(c: Canvas, layout: Layout, rules: Rules, x: float, y: float) -> float:
    """The tackle count: one box per tackle, the last one marked as the kick."""
    box, gap = layout.length("tackles.box"), layout.length("tackles.gap")
    size = layout.length("page.label_size")
    c.setFont(layout.font("page.bold_font"), size)
    c.setFillColor(layout.colour("page.ink"))
    label = "Tackles"
    c.drawString(x, y + box / 2 - size * 0.35, label)
    bx = x + c.stringWidth(label, layout.font("page.bold_font"), size) + gap
    c.setLineWidth(layout.length("field.grid_line"))
    count = rules.tackles.count
    for n in range(1, count + 1):
        c.setStrokeColor(layout.colour("page.ink"))
        c.rect(bx, y, box, box, stroke=1, fill=0)
        c.setFont(layout.font("page.label_font"), size)
        c.drawCentredString(bx + box / 2, y + box / 2 - size * 0.35, str(n))
        bx += box + gap
    c.setFont(layout.font("page.label_font"), size)
    c.setFillColor(layout.colour("page.muted"))
    c.drawString(bx, y + box / 2 - size * 0.35,
                 f"tackle {count} is the last: kick {rules.tackles.kick_ahead} grids on "
                 f"(grid {rules.tackles.kick_limit} at most); possession changes")
    return box


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    rules = load_rules(opts.rules_file)
    size = page_size(opts.paper, "landscape")
    doc.page_size(size)
    c = doc.canvas
    margin = layout.length("page.margin")
    label = layout.length("page.label_size")
    gw, h = layout.length("field.grid_width"), layout.length("field.track_height")
    width = rules.field.grids * gw
    if width > size[0] - 2 * margin:
        raise layout.blame(["field.grid_width", "page.margin"],
                           f"the {rules.field.grids} grids need {width / 72 * 25.4:.0f} mm, "
                           f"the page has {(size[0] - 2 * margin) / 72 * 25.4:.0f} mm")
    x0 = margin + (size[0] - 2 * margin - width) / 2
    top = size[1] - margin - layout.length("page.title_size")
    title(c, layout, margin, top, f"{layout.text('page.title')}   {opts.home} v {opts.away}")
    y = top - label * 3
    home, away = layout.colour("field.home_colour"), layout.colour("field.away_colour")
    bold = layout.font("page.bold_font")
    c.setFillColor(home)
    line, s = fit_names(f"{{team}} attacks \u2192  (grids 1-{rules.field.grids} from "
                        "{team}'s end)", {"team": opts.home}, bold, label, width)
    c.setFont(bold, s)
    c.drawString(x0, y, line)
    strip_top = y - label * 0.8
    name = doc.form(f"cardgrid-field-{gw:.2f}x{h:.2f}", width, 2 * h,
                    lambda cv: _strip(cv, layout, rules))
    doc.place(name, x0, strip_top - 2 * h)
    y = strip_top - 2 * h - label * 1.6
    c.setFillColor(away)
    line, s = fit_names(f"\u2190 {{team}} attacks  (grids 1-{rules.field.grids} from "
                        "{team}'s end)", {"team": opts.away}, bold, label, width)
    c.setFont(bold, s)
    c.drawRightString(x0 + width, y, line)
    y -= label * 1.8
    c.setFont(layout.font("page.label_font"), label)
    c.setFillColor(layout.colour("page.muted"))
    c.drawString(x0, y, "Put the marker on the track of the side in possession; "
                        f"on a change of possession grid g becomes grid {rules.field.grids + 1}"
                        " - g on the other track (the ball stays where it is).")
    y -= label * 2 + layout.length("tackles.box")
    _tackles(c, layout, rules, x0, y)
    y -= label * 1.6
    c.setFont(layout.font("page.label_font"), layout.length("legend.size"))
    c.setFillColor(layout.colour("page.ink"))
    for line in legend(rules):
        y -= layout.length("legend.leading")
        c.drawString(x0, y, line)
    check_bars(doc, layout, margin, floor(layout))
    doc.show_page()
