"""Dice pages: each stream's d6 in rows, numbered by its cite letter (H1.., A1..), a tick box
per die, blocks of rows between fold lines, each stream on its own pages."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from reportlab.pdfgen.canvas import Canvas

from printkit.books.page import Block
from printkit.draw.texts import Texts
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.units import MM
from printkit_engine.game import Section
from printkit_engine.playbook import Book


def _block(layout: Layout, section: Section, dice: list[int], first: int) -> Block:
    """Rows of dice starting at die number `first` (1-based)."""
    per_row = int(layout.number("dice.per_row"))
    row_h = layout.length("dice.row_height")
    rows = -(-len(dice) // per_row)
    letter, side = section.cite, section.side

    label_w = layout.length("dice.label_width")
    box = layout.length("dice.box_size")

    def frame(c: Canvas, width: float) -> None:
        """What every block of this shape shares: the band, the cells, the tick boxes."""
        cell_w = (width - label_w) / per_row
        height = rows * row_h
        c.setFillColor(layout.fill("dice.block_fill"))
        c.rect(0, 0, width, height, stroke=0, fill=1)
        c.setStrokeColor(layout.colour("dice.cell_line"))
        c.setLineWidth(layout.length("dice.cell_line_width"))
        c.setFillColorRGB(1, 1, 1)
        for k in range(len(dice)):
            r, i = divmod(k, per_row)
            cx = label_w + i * cell_w
            y = height - (r + 1) * row_h
            c.rect(cx, y, cell_w, row_h, stroke=1, fill=1)
            c.rect(cx + cell_w - box - 1 * MM, y + 1.2 * MM, box, box, stroke=1, fill=0)

    def draw(doc: Document, x: float, top: float, width: float) -> None:
        cell_w = (width - label_w) / per_row
        height = rows * row_h
        name = doc.form(f"dice{len(dice)}x{per_row}w{width:.2f}", width, height,
                        lambda c: frame(c, width))
        doc.place(name, x, top - height)
        texts = doc.texts         # set when the page is finished
        ink = layout.colour("header.ink")
        muted = layout.colour("header.muted")
        side_colour = layout.colour(f"header.{side}_colour")
        bold, label_size = layout.font("header.bold_font"), layout.length("dice.label_size")
        index_font, index_size = layout.font("dice.index_font"), layout.length("dice.index_size")
        value_font, value_size = layout.font("dice.value_font"), layout.length("dice.value_size")
        left = [x + label_w + i * cell_w for i in range(per_row)]
        index_x = [cx + 0.8 * MM for cx in left]
        middle = (cell_w - box - 1 * MM) / 2      # of the room left of the tick box
        value_x = {v: [cx + middle - Texts.width(str(v), value_font, value_size) / 2
                       for cx in left] for v in set(dice)}
        labels, indices, values = [], [], []
        for r in range(rows):
            y = top - (r + 1) * row_h
            row = dice[r * per_row:(r + 1) * per_row]
            n0 = first + r * per_row
            labels.append((x + 1.2 * MM, y + row_h / 2 - 2.5,
                           f"{letter}{n0}\u2013{n0 + len(row) - 1}"))
            iy, vy = y + row_h - 2.3 * MM, y + 1.6 * MM
            for i, value in enumerate(row):
                indices.append((index_x[i], iy, f"{letter}{n0 + i}"))
                values.append((value_x[value][i], vy, str(value)))
        texts.extend(bold, label_size, side_colour, labels)
        texts.extend(index_font, index_size, muted, indices)
        texts.extend(value_font, value_size, ink, values)

    return Block(rows * row_h, draw, keys="dice.rows_per_block, dice.row_height")


def _title(layout: Layout, section: Section, count: int, continued: bool = False) -> Block:
    size = layout.length("dice.title_size")
    letter, side = section.cite, section.side

    def draw(doc: Document, x: float, top: float, width: float) -> None:
        more = " (continued)" if continued else ""
        doc.texts.add(layout.font("header.bold_font"), size,
                      layout.colour(f"header.{side}_colour"), x, top - size,
                      f"{section.heading} dice {letter}1\u2013{letter}{count}{more}: use them "
                      "in order, tick each one used")

    return Block(size * 1.5, draw, new_page=not continued, keep_with_next=True, line_after="",
                 keys="dice.title_size")


def blocks(book: Book, layout: Layout) -> Iterator[tuple[str, Block]]:
    """Title then fold-separated blocks of rows, per side; tags keep each side on its pages
    (made one at a time, as the pages are laid out)."""
    per_block = int(layout.number("dice.per_row") * layout.number("dice.rows_per_block"))
    for label, dice in book.streams.items():
        section = book.spec.scheme.section(label)
        tag = section.heading
        yield tag, _title(layout, section, len(dice))
        for start in range(0, len(dice), per_block):
            block = _block(layout, section, dice[start:start + per_block], start + 1)
            block.continued = partial(_title, layout, section, len(dice), continued=True)
            yield tag, block
