"""Print-and-play card sheets: cards of any size imposed on Letter or A4, with crop marks,
optional bleed, backs mirrored for long-edge duplex and a duplex calibration sheet.

A game's card printable supplies a face (and back) callback per card and a card size; this
package does the rest. Sketch::

    from printkit.cardsheet import SheetCard, SheetOptions, SheetStyle, card_size, render_cards

    def draw(doc, opts, layout):             # the sheet module's draw()
        cards = [SheetCard(face=partial(my_face, card), back=my_back) for card in deck]
        render_cards(doc, opts, layout, cards, title="My game cards")   # size from [card]

    def my_face(card, doc, frame):           # frame: CardFrame (width, height, bleed,
        c = doc.canvas                        #   ink_saver, index, side); origin = the trim's
        ...                                   #   lower-left, upright; paint to -bleed

    def my_back(doc, frame):                 # the same on many cards: one form XObject
        name = doc.form(f"back{frame.bleed:.2f}", frame.width + 2 * frame.bleed, ...)
        doc.place(name, -frame.bleed, -frame.bleed)

The layout needs the [card] (width, height) and [sheet] tables (docs/layouts.md); the
Printable is declared with `cards=True` so `--bleed`, `--per-page`, `--back-offset` and
`--calibration` reach it (through RenderOptions.extra). Pass `size=` (e.g. INDEX_4X6, A6) to
override [card], `per_page=` for a default other than "as many as fit".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

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
                 title: str, size: CardSize | None = None,
                 per_page: int | None = None) -> Grid | None:
    """A card printable's whole draw(): the cards (or, with --calibration, only the duplex
    calibration sheet) with the layout's card size unless `size` is given. `per_page` is the
    printable's own default (e.g. 2-up reference cards); --per-page overrides it."""
    options = SheetOptions.from_render(opts)
    if options.per_page is None and per_page is not None:
        options = replace(options, per_page=per_page)
    style = SheetStyle.from_layout(layout)
    if options.calibration:
        calibration_pages(doc, options, style, title)
        return None
    return impose(doc, cards, size or card_size(layout), options, style, title)
