"""`printkit render blowout cards`: each player's OFFENSE, DEFENSE and SPECIAL TEAMS decks.

Every card comes from engine/blowout/decks.toml (decisions B1-B5, docs/rules/blowout.md): its
type, its yards or its name, when it may be played and what it does (the rules' words, kept in
the deck file) and the stable code play books and records use. The two players' decks differ
by a colour band with the team's name (--home / --away); the backs name the deck and the team.
The card sheet machinery (printkit/cardsheet) imposes them; repeated artwork (the band of each
team's deck, each back) is one form XObject per document.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
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
from printkit_engine.blowout.decks import DECK_NAMES, Card, Deck, load_decks
from printkit_engine.blowout.game import GAME

TEXT_FLOOR = 8.0        # rules text never under 8 pt (the house minimum)
NAME_FLOOR = 8.0        # card names never under 8 pt


def mix(colour: Color, amount: float) -> Color:
    """`colour` washed towards white: amount 1 is the colour, 0 is white."""
    return Color(*(1 - amount * (1 - v) for v in (colour.red, colour.green, colour.blue)))


@dataclass(frozen=True)
class Team:
    side: str           # "home" or "away"
    name: str
    colour: Color
    mark: str = ""      # a large letter on the backs (H, A): the sides apart without colour
    stripes: bool = False   # diagonal stripes over the band and the back: apart in grey-scale


STRIPE_PITCH = 2.4 * MM
STRIPE_WIDTH = 0.9 * MM


def _stripes(c: Canvas, x: float, y: float, w: float, h: float, ink: Color) -> None:
    """Diagonal stripes over the rectangle, clipped to it: the away side's texture, so a
    grey-scale print tells the sides apart where their colours print as the same grey."""
    c.saveState()
    path = c.beginPath()
    path.rect(x, y, w, h)
    c.clipPath(path, stroke=0, fill=0)
    c.setStrokeColor(ink)
    c.setLineWidth(STRIPE_WIDTH)
    k = 0.0
    while k < w + h:
        c.line(x + k, y, x + k - h, y + h)
        k += STRIPE_PITCH
    c.restoreState()


@dataclass(frozen=True)
class Style:
    """The [face] and [back] tables, read once per document."""

    layout: Layout
    ink_saver: bool

    def length(self, key: str) -> float:
        return self.layout.length(key)

    def font(self, bold: bool = False) -> str:
        return self.layout.font("face.bold_font" if bold else "face.font")

    def type_colour(self, card: Card) -> Color:
        return self.layout.colour(f"types.{card.type.key}")


def initials(title: str) -> str:
    """A deck's mark on its back: OFFENSE -> O, SPECIAL TEAMS -> ST."""
    return "".join(word[0] for word in title.split())


def _key(*parts: object) -> str:
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:12]


def _bled_form(doc: Document, name: str, frame: CardFrame,
               draw: Callable[[Canvas], None]) -> None:
    """Card artwork reaching into the bleed as one form: defined once, placed here."""
    b = frame.bleed

    def shifted(c: Canvas) -> None:
        c.translate(b, b)
        draw(c)

    doc.place(doc.form(name, frame.width + 2 * b, frame.height + 2 * b, shifted), -b, -b)


# -- the face ---------------------------------------------------------------------------------

def _band(style: Style, team: Team, deck: Deck, frame: CardFrame, c: Canvas) -> None:
    """The team band across the top: team name and deck, in the team's colour."""
    w, h, b = frame.width, frame.height, frame.bleed
    band = style.length("face.band")
    inset = style.length("face.inset")
    if style.ink_saver:
        c.setFillColor(mix(team.colour, 0.15))
        c.rect(-b, h - band, w + 2 * b, band + b, stroke=0, fill=1)
        c.setStrokeColor(team.colour)
        c.setLineWidth(1.2)
        c.line(-b, h - band, w + b, h - band)
        c.setFillColor(team.colour)
    else:
        c.setFillColor(team.colour)
        c.rect(-b, h - band, w + 2 * b, band + b, stroke=0, fill=1)
        c.setFillColor(white)
    if team.stripes:
        _stripes(c, -b, h - band, w + 2 * b, band + b, mix(team.colour, 0.7))
        c.setFillColor(team.colour if style.ink_saver else white)
    code = max(c.stringWidth(card.code, style.font(True), style.length("face.code_size"))
               for card in deck.cards)
    room = w - 2 * inset - code - 2 * MM          # right of the longest code in the deck
    name = cardtext.fit_line(team.name, style.font(True), style.length("face.team_size"),
                             TEXT_FLOOR, room)
    cardtext.draw(c, name, w - inset, h - band / 2 + name.size * 0.95, "right")
    title = cardtext.fit_line(deck.title, style.font(), style.length("face.deck_size"),
                              TEXT_FLOOR, room)
    cardtext.draw(c, title, w - inset, h - band / 2 - 0.4, "right")


def _pill(c: Canvas, style: Style, card: Card, cx: float, top: float) -> float:
    """The card type (RUN, DEFENSIVE PENALTY, ...) in a rounded pill; returns its bottom."""
    colour = style.type_colour(card)
    size = style.length("face.type_size")
    font = style.font(True)
    width = c.stringWidth(card.type.title, font, size) + 4 * MM
    height = size * 1.55
    if style.ink_saver:
        c.setStrokeColor(colour)
        c.setFillColor(mix(colour, 0.12))
        c.setLineWidth(0.8)
        c.roundRect(cx - width / 2, top - height, width, height, height / 2, stroke=1, fill=1)
        c.setFillColor(colour)
    else:
        c.setFillColor(colour)
        c.roundRect(cx - width / 2, top - height, width, height, height / 2, stroke=0, fill=1)
        c.setFillColor(white)
    c.setFont(font, size)
    c.drawCentredString(cx, top - height / 2 - size * 0.34, card.type.title)
    return top - height


def _headline(c: Canvas, style: Style, card: Card, cx: float, top: float,
              width: float) -> float:
    """The yards (big) and what they are, or the card's name; returns the bottom."""
    c.setFillColor(style.layout.colour("face.ink"))
    if card.yards is not None:
        size = style.length("face.value_size")
        c.setFont(style.font(True), size)
        c.drawCentredString(cx, top - size * 0.82, card.label)
        bottom = top - size * 0.9
        caption = cardtext.fit(card.type.value, style.font(), style.length("face.caption_size"),
                               TEXT_FLOOR, width, 3 * MM + 6, max_lines=1)
        c.setFillColor(style.layout.colour("face.muted"))
        return cardtext.draw(c, caption, cx, bottom - 1.2 * MM, "centre")
    block = cardtext.fit(card.label, style.font(True), style.length("face.name_size"),
                         NAME_FLOOR, width, 15 * MM, max_lines=2)
    return cardtext.draw(c, block, cx, top - 2 * MM, "centre")


def _rules_text(c: Canvas, style: Style, card: Card, x: float, top: float, width: float,
                bottom: float) -> None:
    """WHEN (it may be played) and EFFECT, fitted together into the space left."""
    heading = style.length("face.heading_size")
    parts = [("WHEN", card.timing), ("EFFECT", card.effect)]
    gap = 1.4 * MM
    room = top - bottom - len(parts) * (heading * 1.25 + gap)
    size = style.length("face.text_size")
    while True:
        try:
            blocks = [cardtext.fit(t, style.font(), size, size, width, 1e6) for _, t in parts]
            if sum(b.height for b in blocks) <= room:
                break
        except cardtext.TextFitError:            # a word wider than the card at this size
            pass
        if size - cardtext.STEP < TEXT_FLOOR - 1e-9:
            raise cardtext.too_small(card.code, "WHEN and EFFECT", TEXT_FLOOR)
        size -= cardtext.STEP
    spare = room - sum(b.height for b in blocks)
    y = top - spare / 3                  # short text sits a little above the middle
    for (title, _), block in zip(parts, blocks, strict=True):
        c.setFillColor(style.type_colour(card))
        c.setFont(style.font(True), heading)
        c.drawString(x, y - heading * 0.86, title)
        y -= heading * 1.25
        c.setFillColor(style.layout.colour("face.ink"))
        y = cardtext.draw(c, block, x, y) - gap


def face(style: Style, team: Team, deck: Deck, card: Card, doc: Document,
         frame: CardFrame) -> None:
    """One card's face, in the card's own coordinates (origin: trim's lower-left)."""
    c = doc.canvas
    w, h, b = frame.width, frame.height, frame.bleed
    inset = style.length("face.inset")
    band = style.length("face.band")
    colour = style.type_colour(card)
    tint = 0.0 if style.ink_saver else style.layout.number("face.tint")
    c.setFillColor(mix(colour, tint) if tint else style.layout.colour("face.paper"))
    c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    _bled_form(doc, f"bo-band-{_key(team.side, team.name, deck.name, b, style.ink_saver)}",
               frame, partial(_band, style, team, deck, frame))
    # the card's frame: a rounded line inside the trim, under the band
    c.setStrokeColor(colour)
    c.setLineWidth(style.length("face.frame_line"))
    edge = inset * 0.55
    c.roundRect(edge, edge, w - 2 * edge, h - band - 2 * edge + edge / 2,
                style.length("face.corner"), stroke=1, fill=0)
    # code in the band, left (a fanned hand shows it)
    c.setFillColor(team.colour if style.ink_saver else white)
    c.setFont(style.font(True), style.length("face.code_size"))
    c.drawString(inset, h - band / 2 - style.length("face.code_size") * 0.35, card.code)
    width = w - 2 * inset - 1 * MM
    cx = w / 2
    y = _pill(c, style, card, cx, h - band - inset * 0.9)
    y = _headline(c, style, card, cx, y - 1.2 * MM, width)
    c.setStrokeColor(colour)
    c.setLineWidth(0.5)
    c.line(inset + 4 * MM, y - 1.2 * MM, w - inset - 4 * MM, y - 1.2 * MM)
    foot = inset + 3.4 * MM
    _rules_text(c, style, card, inset + 0.5 * MM, y - 2.6 * MM, width, foot)
    c.setFillColor(style.layout.colour("face.muted"))
    c.setFont(style.font(True), style.length("face.footer_size"))
    clear = edge + style.length("face.corner")     # the foot's words clear the frame's corners
    c.drawString(clear, inset, style.layout.text("back.title"))
    c.setFillColor(style.layout.colour("face.ink"))
    c.setFont(style.font(True), style.length("face.code_size") * 0.8)
    c.drawRightString(w - clear, inset, card.code)


# -- the back ---------------------------------------------------------------------------------

def _back_art(style: Style, team: Team, deck: Deck, frame: CardFrame, c: Canvas) -> None:
    w, h, b = frame.width, frame.height, frame.bleed
    inset = style.length("face.inset")
    lay = style.layout
    if style.ink_saver:
        c.setFillColor(mix(team.colour, 0.12))
        c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        c.setStrokeColor(team.colour)
        ink = team.colour
    else:
        c.setFillColor(team.colour)
        c.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
        c.setStrokeColor(white)
        ink = white
    if team.stripes:
        _stripes(c, -b, -b, w + 2 * b, h + 2 * b, mix(team.colour, 0.7))
        c.setStrokeColor(ink)
    c.setLineWidth(1.2)
    c.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, lay.length("face.corner"))
    c.setFillColor(ink)
    width = w - 4 * inset
    title = cardtext.fit_line(lay.text("back.title"), style.font(True),
                              lay.length("back.title_size"), NAME_FLOOR, width)
    cardtext.draw(c, title, w / 2, h - 2.4 * inset, "centre")
    r = 15 * MM
    cy = h / 2 + 4 * MM
    c.setLineWidth(2)
    c.circle(w / 2, cy, r, stroke=1, fill=0)
    letter = cardtext.fit_line(initials(deck.title), style.font(True),
                               lay.length("back.letter_size"), NAME_FLOOR, 1.6 * r)
    c.setFont(letter.font, letter.size)
    c.drawCentredString(w / 2, cy - letter.size * 0.36, letter.lines[0])
    name = cardtext.fit_line(deck.title, style.font(True), lay.length("back.deck_size"),
                             NAME_FLOOR, width)
    y = cardtext.draw(c, name, w / 2, cy - r - 4 * MM, "centre")
    team_line = cardtext.fit_line(team.name, style.font(), lay.length("back.team_size"),
                                  NAME_FLOOR, width)
    cardtext.draw(c, team_line, w / 2, y - 2 * MM, "centre")
    if team.mark:           # H / A in the two lower corners, read in any colour
        c.setFont(style.font(True), lay.length("back.mark_size"))
        c.setFillColor(ink)
        c.drawString(2 * inset, 2 * inset, team.mark)
        c.drawRightString(w - 2 * inset, 2 * inset, team.mark)


def back(style: Style, team: Team, deck: Deck, doc: Document, frame: CardFrame) -> None:
    """A deck's back: the team's colour, the deck's initial and name, the team's name."""
    key = _key(team.side, team.name, deck.name, frame.bleed, style.ink_saver)
    _bled_form(doc, f"bo-back-{key}", frame, partial(_back_art, style, team, deck, frame))


# -- the printable ----------------------------------------------------------------------------

def teams(opts: RenderOptions, layout: Layout) -> tuple[Team, Team]:
    def team(side: str, name: str) -> Team:
        return Team(side, name, layout.colour(f"team.{side}_colour"),
                    layout.text(f"team.{side}_mark"), layout.flag(f"team.{side}_stripes"))

    return team("home", opts.home), team("away", opts.away)


def sheet_cards(opts: RenderOptions, layout: Layout) -> list[SheetCard]:
    """Home's OFFENSE, DEFENSE, SPECIAL TEAMS decks, then away's; each deck in its canonical
    order (each card repeated `count` times)."""
    decks = load_decks()
    style = Style(layout, opts.ink_saver)
    cards = []
    for team in teams(opts, layout):
        for name in DECK_NAMES:
            deck = decks.deck(name)
            for code in deck.order:
                cards.append(SheetCard(partial(face, style, team, deck, deck.card(code)),
                                       partial(back, style, team, deck)))
    return cards


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    render_cards(doc, opts, layout, sheet_cards(opts, layout), f"{GAME.title} cards")
