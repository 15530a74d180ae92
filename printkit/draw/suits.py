"""Playing cards written compactly: rank plus suit symbol, red suits red, black suits black.

DejaVu Sans carries the four suit glyphs, so the symbols are real text (searchable, sharp)
rather than drawn shapes; jokers print as a small 'JKR' marked B or R.
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from printkit_engine.cards import JOKERS, is_red, rank, suit

SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
JOKER_TEXT = {"BJ": "B\u2605", "RJ": "R\u2605"}


@lru_cache(maxsize=64)
def card_text(card: str) -> str:
    """'10♠', 'A♥', 'B★' / 'R★' for the black and red jokers."""
    if card in JOKERS:
        return JOKER_TEXT[card]
    return rank(card) + SYMBOLS[suit(card)]


def draw_card(c: Canvas, card: str, x: float, y: float, font: str, size: float,
              red: Color, black: Color, align: str = "centre") -> None:
    """Write a card code at baseline y, coloured by suit."""
    text = card_text(card)
    c.setFillColor(red if is_red(card) else black)
    c.setFont(font, size)
    if align == "centre":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)
