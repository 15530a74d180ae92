"""`printkit render luckdraw cards`: the 16 game cards of Luck of the Draw.

Each card shows its symbol (the cheat sheet's code), its name, the game action that scores and
its points, all from engine/luckdraw/cards.toml (the rules' "Game Card Scoring Cheat Sheet",
decisions in docs/rules/luckdraw.md). The Quarterback's default cards carry yellow symbols, as
the rules print them (L15). Imposed by printkit/cardsheet; the back is one form XObject.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.cardsheet import CardFrame, SheetCard, render_cards
from printkit.cardsheet import text as cardtext
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.units import MM
from printkit_engine.luckdraw.cards import MAX_PLAYERS, MIN_PLAYERS, GameCard, Scoring, load_cards
from printkit_engine.luckdraw.game import GAME

TEXT_FLOOR = 8.0        # rules text never under 8 pt (the house minimum)
NAME_FLOOR = 8.0
PER = {"occurrence": "per occurrence", "drive": "per drive", "bonus": "bonus"}


def mix(colour: Color, amount: float) -> Color:
    """`colour` washed towards white: amount 1 is the colour, 0 is white."""
    return Color(*(1 - amount * (1 - v) for v in (colour.red, colour.green, colour.blue)))


@dataclass(frozen=True)
class Style:
    layout: Layout
    ink_saver: bool

    def length(self, key: str) -> float:
        return self.layout.length(f"face.{key}")

    def colour(self, key: str) -> Color:
        return self.layout.colour(f"face.{key}")

    def font(self, bold: bool = False) -> str:
        return self.layout.font("face.bold_font" if bold else "face.font")


def yellow(card: GameCard) -> bool:
    """L15: the symbol is yellow on the QB's default cards, the ones the QB holds whatever
    the number of players ("these 2 QB default cards": PTD and INT)."""
    return card.qb_players == (MIN_PLAYERS, MAX_PLAYERS)


def qb_tag(card: GameCard) -> str:
    """What the panel says about the QB holding the card, from `qb_players`."""
    if card.qb_players is None:
        return ""
    low, high = card.qb_players
    if (low, high) == (MIN_PLAYERS, MAX_PLAYERS):
        return "QB CARD"
    return f"QB CARD, {low}\u2013{high} PLAYERS"


def points_line(s: Scoring) -> tuple[str, str]:
    """One scoring line as (points, what for): ("4 pts", "lost fumble, per occurrence")."""
    pts = f"{'+' if s.per == 'bonus' else ''}{s.points} pt{'' if s.points == 1 else 's'}"
    what = f"bonus: {s.event}" if s.per == "bonus" else f"{s.event}, {PER[s.per]}"
    return pts, what


# -- the face ---------------------------------------------------------------------------------

def _panel(c: Canvas, style: Style, card: GameCard, frame: CardFrame) -> float:
    """The symbol on its panel across the top; returns the panel's bottom."""
    w, h, b = frame.width, frame.height, frame.bleed
    depth = style.length("badge")
    inset = style.length("inset")
    navy = style.colour("badge_colour")
    symbol_colour = style.colour("qb_colour") if yellow(card) else style.colour("symbol_colour")
    if style.ink_saver:
        c.setFillColor(mix(navy, 0.1))
        c.rect(-b, h - depth, w + 2 * b, depth + b, stroke=0, fill=1)
        c.setStrokeColor(navy)
        c.setLineWidth(1.2)
        c.line(-b, h - depth, w + b, h - depth)
        if not yellow(card):
            symbol_colour = navy
    else:
        c.setFillColor(navy)
        c.rect(-b, h - depth, w + 2 * b, depth + b, stroke=0, fill=1)
    block = cardtext.fit_line(card.code, style.font(True), style.length("symbol_size"),
                              NAME_FLOOR, w - 2 * inset - 4 * MM)
    y = h - depth / 2 - block.size * 0.36
    tag = qb_tag(card)
    if tag:
        y += style.length("tag_size") * 0.55
    c.saveState()                                  # the outline mode must not outlive it
    text = c.beginText()
    text.setFont(block.font, block.size)
    text.setFillColor(symbol_colour)
    if style.ink_saver and yellow(card):           # yellow on a pale panel: outline it
        text.setTextRenderMode(2)
        text.setStrokeColor(navy)
        c.setLineWidth(0.6)
    width = c.stringWidth(block.lines[0], block.font, block.size)
    text.setTextOrigin(w / 2 - width / 2, y)
    text.textOut(block.lines[0])
    c.drawText(text)
    c.restoreState()
    if tag:
        size = style.length("tag_size")
        c.setFillColor(style.colour("qb_colour") if not style.ink_saver else navy)
        c.setFont(style.font(True), size)
        c.drawCentredString(w / 2, h - depth + 2 * MM, tag)
    return h - depth


def _points(c: Canvas, style: Style, card: GameCard, x: float, top: float, width: float,
            size: float) -> float:
    """The scoring lines: points in bold on the left, what for on the right."""
    bold, font = style.font(True), style.font()
    col = max(c.stringWidth(points_line(s)[0], bold, size) for s in card.scoring) + 1.5 * MM
    y = top
    for s in card.scoring:
        pts, what = points_line(s)
        block = cardtext.fit(what, font, size, size, width - col, 1e6)
        c.setFillColor(style.colour("ink"))
        c.setFont(bold, size)
        c.drawString(x, y - size * 0.86, pts)
        y = cardtext.draw(c, block, x + col, y) - size * 0.25
    return y


def _points_height(c: Canvas, style: Style, card: GameCard, width: float, size: float) -> float:
    bold = style.font(True)
    col = max(c.stringWidth(points_line(s)[0], bold, size) for s in card.scoring) + 1.5 * MM
    return sum(cardtext.fit(points_line(s)[1], style.font(), size, size, width - col,
                            1e6).height + size * 0.25 for s in card.scoring)


def face(style: Style, card: GameCard, doc: Document, frame: CardFrame) -> None:
    c = doc.canvas
    w, h, b = frame.width, frame.height, frame.bleed
    inset = style.length("inset")
    navy = style.colour("badge_colour")
    c.setFillColor(white)
    c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    top = _panel(c, style, card, frame)
    c.setStrokeColor(navy)
    c.setLineWidth(style.length("frame_line"))
    edge = inset * 0.55
    c.roundRect(edge, edge, w - 2 * edge, top - edge * 1.5, style.length("corner"), stroke=1,
                fill=0)
    width = w - 2 * inset - 1 * MM
    x = inset + 0.5 * MM
    name = cardtext.fit(card.name, style.font(True), style.length("name_size"), NAME_FLOOR,
                        width, 12 * MM, max_lines=2)
    c.setFillColor(style.colour("ink"))
    y = cardtext.draw(c, name, w / 2, top - 2.2 * MM, "centre") - 1.2 * MM
    c.setStrokeColor(navy)
    c.setLineWidth(0.5)
    c.line(inset + 4 * MM, y, w - inset - 4 * MM, y)
    y -= 1.6 * MM
    foot = inset + 3.6 * MM
    heading = style.length("heading_size")
    room = y - foot - 2 * heading * 1.25 - 2.4 * MM
    size = min(style.length("text_size"), style.length("points_size"))
    while True:                                   # action and points shrink together
        try:
            action = cardtext.fit(card.action, style.font(), size, size, width, 1e6)
            used = action.height + _points_height(c, style, card, width, size)
            if used <= room:
                break
        except cardtext.TextFitError:            # a word wider than the card at this size
            pass
        if size - cardtext.STEP < TEXT_FLOOR - 1e-9:
            raise cardtext.too_small(card.code, "the action and the points", TEXT_FLOOR)
        size -= cardtext.STEP
    y -= (room - used) / 3
    for title, draw_part in (("ACTION", lambda y0: cardtext.draw(c, action, x, y0)),
                             ("POINTS", lambda y0: _points(c, style, card, x, y0, width, size))):
        c.setFillColor(navy)
        c.setFont(style.font(True), heading)
        c.drawString(x, y - heading * 0.86, title)
        c.setFillColor(style.colour("ink"))
        y = draw_part(y - heading * 1.25) - 1.2 * MM
    c.setFillColor(style.colour("muted"))
    c.setFont(style.font(True), style.length("footer_size"))
    clear = edge + style.length("corner")     # the foot's words clear the frame's corners
    c.drawString(clear, inset, style.layout.text("face.title"))
    c.setFillColor(style.colour("ink"))
    c.setFont(style.font(True), style.length("footer_size"))
    c.drawRightString(w - clear, inset, card.code)


# -- the back ---------------------------------------------------------------------------------

def _back_art(style: Style, frame: CardFrame, c: Canvas) -> None:
    w, h, b = frame.width, frame.height, frame.bleed
    c.translate(b, b)
    navy = style.colour("badge_colour")
    gold = style.colour("qb_colour")
    inset = style.length("inset")
    lay = style.layout
    if style.ink_saver:
        c.setFillColor(mix(navy, 0.08))
        ink, accent = navy, navy
    else:
        c.setFillColor(navy)
        ink, accent = white, gold
    c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    c.setStrokeColor(accent)
    c.setLineWidth(1.2)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, style.length("corner"))
    c.setLineWidth(0.6)
    c.roundRect(inset + 1.5 * MM, inset + 1.5 * MM, w - 2 * inset - 3 * MM,
                h - 2 * inset - 3 * MM, style.length("corner"))
    width = w - 4 * inset
    # the title on three lines, a football between the words
    words = lay.text("face.title").split()
    size = lay.length("back.title_size")
    c.setFillColor(accent)
    lines = [" ".join(words[:-2]), " ".join(words[-2:])] if len(words) > 2 else [" ".join(words)]
    y = h / 2 + 22 * MM
    for line in lines:
        block = cardtext.fit_line(line, style.font(True), size, NAME_FLOOR, width)
        y = cardtext.draw(c, block, w / 2, y, "centre") - 1.5 * MM
    # a football: an ellipse with laces
    cx, cy = w / 2, h / 2 - 4 * MM
    c.setStrokeColor(accent)
    c.setLineWidth(1.6)
    c.ellipse(cx - 16 * MM, cy - 9 * MM, cx + 16 * MM, cy + 9 * MM, stroke=1, fill=0)
    c.setLineWidth(1.0)
    c.line(cx - 7 * MM, cy, cx + 7 * MM, cy)
    for k in range(-3, 4):
        c.line(cx + k * 2 * MM, cy - 1.6 * MM, cx + k * 2 * MM, cy + 1.6 * MM)
    c.setFillColor(ink)
    sub = cardtext.fit_line(lay.text("back.subtitle"), style.font(), lay.length(
        "back.subtitle_size"), TEXT_FLOOR, width)
    cardtext.draw(c, sub, w / 2, cy - 14 * MM, "centre")


def back(style: Style, doc: Document, frame: CardFrame) -> None:
    """The one back every game card has (one form XObject for the document)."""
    b = frame.bleed
    name = doc.form(f"ld-back-{b:.3f}-{int(style.ink_saver)}", frame.width + 2 * b,
                    frame.height + 2 * b, partial(_back_art, style, frame))
    doc.place(name, -b, -b)


# -- the printable ----------------------------------------------------------------------------

def sheet_cards(opts: RenderOptions, layout: Layout) -> list[SheetCard]:
    """The 16 game cards in the cheat sheet's order."""
    style = Style(layout, opts.ink_saver)
    return [SheetCard(partial(face, style, card), partial(back, style))
            for card in load_cards().cards]


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    render_cards(doc, opts, layout, sheet_cards(opts, layout), f"{GAME.title} cards")
