"""Print-and-play card sheets: cards of any size imposed on Letter or A4, with crop marks,
optional bleed, backs mirrored for long-edge duplex and a duplex calibration sheet.

A game's card printable supplies a face (and back) callback per card and a card size; this
package does the rest. Sketch::

    from printkit.cardsheet import SheetCard, SheetOptions, SheetStyle, card_size, render_cards

    def draw(doc, opts, layout):
        cards = [SheetCard(face=partial(my_face, card), back=my_back) for card in deck]
        render_cards(doc, opts, layout, cards, title="My game cards")

    def my_face(card, doc, frame):          # frame: CardFrame (width, height, bleed, ...)
        c = doc.canvas                        # origin = trim's lower-left, upright
        ...

The layout needs the [card] (width, height) and [sheet] tables (docs/layouts.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit.cardsheet.calibration import calibration_pages
from printkit.cardsheet.geometry import (
    A6,
    BRIDGE,
    INDEX_4X6,
    POKER,
    CardSize,
    FitError,
    Grid,
    Slot,
    fit,
)
from printkit.cardsheet.impose import CardFrame, SheetCard, Side, draw_side, grid_for, impose
from printkit.cardsheet.style import SheetOptions, SheetStyle, card_size, parse_offset
from printkit.layout import Layout
from printkit.pdfdoc import Document

__all__ = ["A6", "BRIDGE", "INDEX_4X6", "POKER", "CardFrame", "CardSize", "FitError", "Grid",
           "SheetCard", "SheetOptions", "SheetStyle", "Side", "Slot", "calibration_pages",
           "card_size", "draw_side", "fit", "grid_for", "impose", "parse_offset",
           "render_cards"]


def render_cards(doc: Document, opts: object, layout: Layout, cards: Sequence[SheetCard],
                 title: str, size: CardSize | None = None) -> Grid | None:
    """A card printable's whole draw(): the cards (or, with --calibration, only the duplex
    calibration sheet) with the layout's card size unless `size` is given."""
    options = SheetOptions.from_render(opts)
    style = SheetStyle.from_layout(layout)
    if options.calibration:
        calibration_pages(doc, options, style, title)
        return None
    return impose(doc, cards, size or card_size(layout), options, style, title)
