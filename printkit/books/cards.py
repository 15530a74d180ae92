"""Card-order pages: each shuffle as a compact grid of cards (rank + suit symbol in red or
black, BLOWOUT!!! card codes), every position numbered, blocks between fold lines.

Card Bowl: one deal per play. The grid game: each side's half-pack shuffles on that side's
pages. BLOWOUT!!!: each side's offense, defense and special teams shuffles on that side's pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from reportlab.pdfgen.canvas import Canvas

from engine.cards import is_card
from engine.decks import standard_decks
from printkit.books.page import Block
from printkit.draw.suits import draw_card
from printkit.layout import Layout
from printkit.units import MM

SIDE_TAG = {"home": "HOME", "away": "AWAY"}
DECK_TITLES = {"offense": "OFFENSE", "defense": "DEFENSE", "special": "SPECIAL TEAMS"}


@dataclass(frozen=True)
class Grid:
    per_row: int
    rows: int


def grid_for(count: int, width: float, min_cell: float) -> Grid:
    """Fewest rows that fit, then cards spread evenly over them."""
    fit = max(1, int(width // min_cell))
    rows = -(-count // fit)
    return Grid(-(-count // rows), rows)


def _shuffle_block(layout: Layout, label: str, cite: str, cards: list[str],
                   min_cell: float, width_hint: float, colour_key: str) -> Block:
    row_h = layout.length("cards.row_height")
    label_w = layout.length("cards.label_width")
    grid = grid_for(len(cards), width_hint - label_w, min_cell)

    def draw(c: Canvas, x: float, top: float, width: float) -> None:
        cell_w = (width - label_w) / grid.per_row
        height = grid.rows * row_h
        c.saveState()
        c.setFillColor(layout.fill("cards.block_fill"))
        c.rect(x, top - height, label_w, height, stroke=0, fill=1)
        c.setFillColor(layout.colour(colour_key))
        c.setFont(layout.font("cards.label_font"), layout.length("cards.label_size"))
        c.drawCentredString(x + label_w / 2, top - height / 2 - 1, cite)
        c.setFont(layout.font("cards.index_font"), layout.length("cards.index_size") * 0.95)
        c.setFillColor(layout.colour("header.muted"))
        c.drawCentredString(x + label_w / 2, top - height / 2 - 3.2 * MM, label)
        c.setStrokeColor(layout.colour("cards.cell_line"))
        c.setLineWidth(layout.length("cards.cell_line_width"))
        red, black = layout.colour("cards.red"), layout.colour("cards.black")
        for pos, card in enumerate(cards):
            r, col = divmod(pos, grid.per_row)
            cx = x + label_w + col * cell_w
            cy = top - (r + 1) * row_h
            c.rect(cx, cy, cell_w, row_h, stroke=1, fill=0)
            c.setFillColor(layout.colour("header.muted"))
            c.setFont(layout.font("cards.index_font"), layout.length("cards.index_size"))
            c.drawString(cx + 0.6 * MM, cy + row_h - 1.9 * MM, str(pos + 1))
            if is_card(card):
                draw_card(c, card, cx + cell_w * 0.56, cy + 1.3 * MM,
                          layout.font("cards.card_font"), layout.length("cards.card_size"),
                          red, black)
            else:
                c.setFillColor(black)
                c.setFont(layout.font("cards.card_font"), layout.length("cards.code_size"))
                c.drawCentredString(cx + cell_w * 0.56, cy + 1.4 * MM, card)
        c.restoreState()

    return Block(grid.rows * row_h, draw)


def _title(layout: Layout, text: str, colour_key: str, new_page: bool) -> Block:
    size = layout.length("cards.title_size")

    def draw(c: Canvas, x: float, top: float, width: float) -> None:
        c.saveState()
        c.setFillColor(layout.colour(colour_key))
        c.setFont(layout.font("header.bold_font"), size)
        c.drawString(x, top - size, text)
        c.restoreState()

    return Block(size * 1.5, draw, new_page=new_page, keep_with_next=True, line_after="")


def blocks(book, layout: Layout) -> list[tuple[str, Block]]:
    """Blocks in book order (the order of the streams)."""
    from printkit.papers import page_size

    width = page_size("a4")[0] - 2 * layout.length("page.margin")   # narrower paper decides
    game = book.spec.game
    card_cell = layout.length("cards.min_cell_width")
    out: list[tuple[str, Block]] = []
    if game == "cardbowl":
        out.append(("", _title(layout, "Play K uses deal/K: 54 cards, read left to right, top "
                                       "row first", "header.ink", False)))
        for label, cards in book.streams.items():
            k = label.split("/")[1]
            out.append(("", _shuffle_block(layout, label, k, cards, card_cell, width,
                                           "header.ink")))
        return out
    heading = None
    for label, cards in book.streams.items():
        parts = label.split("/")
        side, k = parts[0], parts[-1]
        letter = side[0].upper()
        if game == "cardgrid":
            title = standard_decks()[("cardgrid", side)].title
            section, cite, min_cell = (f"{SIDE_TAG[side]} — {title}: one shuffle per block, "
                                       "cards left to right", f"{letter}{k}", card_cell)
        else:
            deck = parts[1]
            section = f"{SIDE_TAG[side]} \u2014 {DECK_TITLES[deck]} deck"
            cite = f"{letter}{deck[0].upper()}{k}"
            min_cell = layout.length("cards.min_code_width")
        colour = f"header.{side}_colour"
        if section != heading:
            new_page = heading is None or not heading.startswith(SIDE_TAG[side])
            out.append((SIDE_TAG[side], _title(layout, section, colour, new_page)))
            heading = section
        block = _shuffle_block(layout, label, cite, cards, min_cell, width, colour)
        block.continued = partial(_title, layout, f"{section} (continued)", colour, False)
        out.append((SIDE_TAG[side], block))
    return out


def summary(book) -> str:
    spec = book.spec
    what = {"cardbowl": f"{spec.plays} deals of 54 cards",
            "cardgrid": f"{spec.plays} shuffles per half pack",
            "blowout": f"{spec.plays} shuffles of each deck per side"}[spec.game]
    return f"{what} \u00b7 {book.draws} draws"
