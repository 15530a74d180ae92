"""Card-order pages: each shuffle as a compact grid of cards (rank + suit symbol in red or
black, BLOWOUT!!! card codes), every position numbered, blocks between fold lines.

Which heading a stream sits under, its side and the code a record cites it by come from the
game's book scheme (engine/game.py Section), so one renderer serves every card game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache, partial

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.books.page import Block
from printkit.draw.suits import card_text
from printkit.draw.texts import Texts
from printkit.layout import Layout
from printkit.pdfdoc import Document, register_fonts
from printkit.units import MM
from printkit_engine.cards import is_card, is_red
from printkit_engine.playbook import Book


@dataclass(frozen=True)
class Grid:
    per_row: int
    rows: int


def grid_for(count: int, width: float, min_cell: float) -> Grid:
    """Fewest rows that fit, then cards spread evenly over them."""
    fit = max(1, int(width // min_cell))
    rows = -(-count // fit)
    return Grid(-(-count // rows), rows)


class _Shape:
    """What every stream block of one grid shares (the layout, the grid, the label colour, the
    frame form): made once per shape, so a block of a long book holds only its own cards and
    labels (issue #28: one closure set per stream was about 2.4 KB, most of a book's memory)."""

    __slots__ = ("layout", "grid", "colour_key", "looks", "count", "label_w", "row_h")

    def __init__(self, layout: Layout, grid: Grid, colour_key: str, count: int,
                 looks: Callable[[str], tuple[float, Color, str, float, float]]) -> None:
        self.layout, self.grid, self.colour_key, self.looks = layout, grid, colour_key, looks
        self.count = count
        self.label_w = layout.length("cards.label_width")
        self.row_h = layout.length("cards.row_height")

    def frame(self, c: Canvas, width: float) -> None:
        """What every block of this shape shares: label band, cells and their numbers."""
        layout, grid, label_w, row_h = self.layout, self.grid, self.label_w, self.row_h
        cell_w = (width - label_w) / grid.per_row
        height = grid.rows * row_h
        c.setFillColor(layout.fill("cards.block_fill"))
        c.rect(0, 0, label_w, height, stroke=0, fill=1)
        c.setStrokeColor(layout.colour("cards.cell_line"))
        c.setLineWidth(layout.length("cards.cell_line_width"))
        texts = Texts()
        font, size = layout.font("cards.index_font"), layout.length("cards.index_size")
        muted = layout.colour("header.muted")
        for pos in range(self.count):
            r, col = divmod(pos, grid.per_row)
            cx = label_w + col * cell_w
            cy = height - (r + 1) * row_h
            c.rect(cx, cy, cell_w, row_h, stroke=1, fill=0)
            texts.add(font, size, muted, cx + 0.6 * MM, cy + row_h - 1.9 * MM, str(pos + 1))
        texts.draw(c)


class _ShuffleDraw:
    """A stream block's draw function: the shared shape plus this stream's label, cite and
    cards (slots: a long book holds tens of thousands)."""

    __slots__ = ("shape", "label", "cite", "cards")

    def __init__(self, shape: _Shape, label: str, cite: str, cards: list[str]) -> None:
        self.shape, self.label, self.cite, self.cards = shape, label, cite, cards

    def __call__(self, doc: Document, x: float, top: float, width: float) -> None:
        shape, cards = self.shape, self.cards
        layout, grid, label_w, row_h = shape.layout, shape.grid, shape.label_w, shape.row_h
        cell_w = (width - label_w) / grid.per_row
        height = grid.rows * row_h
        name = doc.form(f"cards{len(cards)}x{grid.per_row}w{width:.2f}", width, height,
                        lambda c: shape.frame(c, width))
        doc.place(name, x, top - height)
        texts = doc.texts         # set when the page is finished
        texts.add(layout.font("cards.label_font"), layout.length("cards.label_size"),
                  layout.colour(shape.colour_key), x + label_w / 2, top - height / 2 - 1,
                  self.cite, "centre")
        texts.add(layout.font("cards.index_font"), layout.length("cards.index_size") * 0.95,
                  layout.colour("header.muted"), x + label_w / 2, top - height / 2 - 3.2 * MM,
                  self.label, "centre")
        font = layout.font("cards.card_font")
        looks = shape.looks
        groups: dict[tuple[float, int], tuple[Color, list]] = {}
        for pos, card in enumerate(cards):
            r, col = divmod(pos, grid.per_row)
            size, colour, text, half, lift = looks(card)
            group = groups.get((size, id(colour)))
            if group is None:
                group = groups[(size, id(colour))] = (colour, [])
            group[1].append((x + label_w + col * cell_w + cell_w * 0.56 - half,
                             top - (r + 1) * row_h + lift, text))
        for (size, _), (colour, runs) in groups.items():
            texts.extend(font, size, colour, runs)


def _shuffle_block(layout: Layout, label: str, cite: str, cards: list[str],
                   min_cell: float, width_hint: float, colour_key: str,
                   looks: Callable[[str], tuple[float, Color, str, float, float]],
                   shapes: dict[tuple, _Shape] | None = None) -> Block:
    """One stream's block; `shapes` (one per book) shares each grid's _Shape between the
    streams of that shape."""
    label_w = layout.length("cards.label_width")
    key = (len(cards), width_hint - label_w, min_cell, colour_key)
    shape = shapes.get(key) if shapes is not None else None
    if shape is None:
        grid = grid_for(len(cards), width_hint - label_w, min_cell)
        shape = _Shape(layout, grid, colour_key, len(cards), looks)
        if shapes is not None:
            shapes[key] = shape
    return Block(shape.grid.rows * shape.row_h, _ShuffleDraw(shape, label, cite, cards))


def _looks(layout: Layout) -> Callable[[str], tuple[float, Color, str, float, float]]:
    """How each code prints, remembered per book: (size, colour, text, half its width, its
    baseline above the cell's bottom); a card as rank and suit symbol in red or black, any
    other code (BLOWOUT!!!'s) as it is."""
    red, black = layout.colour("cards.red"), layout.colour("cards.black")
    font = layout.font("cards.card_font")
    card_size, code_size = layout.length("cards.card_size"), layout.length("cards.code_size")

    @lru_cache(maxsize=256)
    def look(code: str) -> tuple[float, Color, str, float, float]:
        if is_card(code):
            text = card_text(code)
            return (card_size, red if is_red(code) else black, text,
                    Texts.width(text, font, card_size) / 2, 1.3 * MM)
        return code_size, black, code, Texts.width(code, font, code_size) / 2, 1.4 * MM

    return look


def _title(layout: Layout, text: str, colour_key: str, new_page: bool) -> Block:
    size = layout.length("cards.title_size")

    def draw(doc: Document, x: float, top: float, width: float) -> None:
        doc.texts.add(layout.font("header.bold_font"), size, layout.colour(colour_key), x,
                      top - size, text)

    return Block(size * 1.5, draw, new_page=new_page, keep_with_next=True, line_after="",
                 keys="cards.title_size")


def blocks(book: Book, layout: Layout) -> Iterator[tuple[str, Block]]:
    """Blocks in book order (the order of the streams), under each stream's section heading,
    made one at a time as the pages are laid out (a lazy book draws each stream then).

    A stream with a side sits on that side's pages in the side's colour, and its heading is
    repeated on a page it continues onto; a stream of no side shares one heading.
    """
    out = _stream_blocks(book, layout)
    legend = book.spec.scheme.legend
    if legend is not None:
        out = _with_legends(out, layout, list(legend()))
    return out


def _stream_blocks(book: Book, layout: Layout) -> Iterator[tuple[str, Block]]:
    """Each section's heading and each stream's block, in book order."""
    from printkit.papers import page_size

    width = page_size("a4")[0] - 2 * layout.length("page.margin")   # narrower paper decides
    section_of = book.spec.scheme.section
    looks = _looks(layout)
    heading = None
    shapes: dict[tuple, _Shape] = {}
    shared: dict[tuple[str, str], tuple[str, Callable[[], Block] | None]] = {}
    for label, cards in book.streams.items():
        section = section_of(label)
        tag = section.side.upper()
        colour = f"header.{section.side}_colour" if section.side else "header.ink"
        min_key = "cards.min_cell_width" if all(map(is_card, cards)) else "cards.min_code_width"
        min_cell = layout.length(min_key)
        if min_key == "cards.min_code_width":
            min_cell = min(min_cell, _code_cell(layout, cards))
        if section.heading != heading:
            new_page = bool(section.side) and (heading is None or not heading.startswith(tag))
            yield tag, _title(layout, section.heading, colour, new_page)
            heading = section.heading
        block = _shuffle_block(layout, label, section.cite, cards, min_cell, width, colour,
                               looks, shapes)
        # the keys and the repeated heading are the same for every stream of a section and
        # kind of cell: made once and shared, not once per stream
        keys, continued = shared.get((section.heading, min_key), ("", None))
        if not keys:
            keys = f"cards.row_height, {min_key}, cards.label_width"
            if section.side:
                continued = partial(_title, layout, f"{section.heading} (continued)", colour,
                                    False)
            shared[(section.heading, min_key)] = (keys, continued)
        block.keys = keys
        block.continued = continued
        yield tag, block


def _code_cell(layout: Layout, cards: list[str]) -> float:
    """How wide a cell the stream's longest code needs (its text, the position number's room
    on the left, a margin on the right)."""
    register_fonts()
    font, size = layout.font("cards.card_font"), layout.length("cards.code_size")
    widest = max((stringWidth(card, font, size) for card in cards), default=0.0)
    return widest / 0.88 + 3 * MM


def _with_legends(blocks: Iterable[tuple[str, Block]], layout: Layout,
                  entries: list[tuple[str, str]]) -> Iterator[tuple[str, Block]]:
    """The legend of the codes after each side's last block (once, at the end, for a book
    of no sides): every player's own pages say what the codes mean."""
    it = iter(blocks)
    current = next(it, None)
    while current is not None:
        following = next(it, None)
        yield current
        if following is None or following[0] != current[0]:
            yield current[0], legend_block(layout, entries)
        current = following


def _legend_lines(layout: Layout, entries: list[tuple[str, str]], width: float
                  ) -> list[list[tuple[str, str]]]:
    """Entries flowed into lines `width` wide, never split inside an entry."""
    register_fonts()
    size = layout.length("legend.size")
    bold, text = layout.font("cards.card_font"), layout.font("header.text_font")
    sep = size * 1.6
    lines: list[list[tuple[str, str]]] = [[]]
    used = 0.0
    for code, meaning in entries:
        w = stringWidth(code, bold, size) + stringWidth(f" {meaning}", text, size)
        if lines[-1] and used + sep + w > width:
            lines.append([])
            used = 0.0
        used += (sep if lines[-1] else 0.0) + w
        lines[-1].append((code, meaning))
    return lines


def legend_block(layout: Layout, entries: list[tuple[str, str]]) -> Block:
    """A heading, then each code in bold with its meaning, flowed across the page."""
    from printkit.papers import page_size

    size = layout.length("legend.size")
    line = size * 1.4
    width = page_size("a4")[0] - 2 * layout.length("page.margin")   # narrower paper decides
    lines = _legend_lines(layout, entries, width)
    height = size * 1.5 + len(lines) * line

    def draw(doc: Document, x: float, top: float, width: float) -> None:
        bold, text = layout.font("cards.card_font"), layout.font("header.text_font")
        ink, muted = layout.colour("header.ink"), layout.colour("header.muted")
        texts = doc.texts
        texts.add(layout.font("header.bold_font"), size, ink, x, top - size,
                  layout.text("legend.title"))
        for n, row in enumerate(lines):
            cx, cy = x, top - size * 1.5 - (n + 1) * line + line * 0.3
            for code, meaning in row:
                texts.add(bold, size, ink, cx, cy, code)
                cx += Texts.width(code, bold, size)
                texts.add(text, size, muted, cx, cy, f" {meaning}")
                cx += Texts.width(f" {meaning}", text, size) + size * 1.6

    return Block(height, draw, line_after="", keys="legend.size")
