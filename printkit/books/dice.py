"""Dice pages: each stream's d6 in rows, numbered by its cite letter (H1.., A1..), a tick box
per die, blocks of rows between fold lines, each stream on its own pages."""

from __future__ import annotations

from functools import partial

from reportlab.pdfgen.canvas import Canvas

from engine.game import Section
from engine.playbook import Book
from printkit.books.page import Block
from printkit.layout import Layout
from printkit.units import MM


def _block(layout: Layout, section: Section, dice: list[int], first: int) -> Block:
    """Rows of dice starting at die number `first` (1-based)."""
    per_row = int(layout.number("dice.per_row"))
    row_h = layout.length("dice.row_height")
    rows = -(-len(dice) // per_row)
    letter, side = section.cite, section.side

    def draw(c: Canvas, x: float, top: float, width: float) -> None:
        label_w = layout.length("dice.label_width")
        cell_w = (width - label_w) / per_row
        box = layout.length("dice.box_size")
        c.saveState()
        c.setFillColor(layout.fill("dice.block_fill"))
        c.rect(x, top - rows * row_h, width, rows * row_h, stroke=0, fill=1)
        c.setStrokeColor(layout.colour("dice.cell_line"))
        c.setLineWidth(layout.length("dice.cell_line_width"))
        ink = layout.colour("header.ink")
        muted = layout.colour("header.muted")
        side_colour = layout.colour(f"header.{side}_colour")
        for r in range(rows):
            y = top - (r + 1) * row_h
            row = dice[r * per_row:(r + 1) * per_row]
            n0 = first + r * per_row
            c.setFillColor(side_colour)
            c.setFont(layout.font("header.bold_font"), layout.length("dice.label_size"))
            c.drawString(x + 1.2 * MM, y + row_h / 2 - 2.5,
                         f"{letter}{n0}\u2013{n0 + len(row) - 1}")
            for i, value in enumerate(row):
                cx = x + label_w + i * cell_w
                c.setFillColorRGB(1, 1, 1)
                c.rect(cx, y, cell_w, row_h, stroke=1, fill=1)
                c.setFillColor(muted)
                c.setFont(layout.font("dice.index_font"), layout.length("dice.index_size"))
                c.drawString(cx + 0.8 * MM, y + row_h - 2.3 * MM, f"{letter}{n0 + i}")
                c.setFillColor(ink)
                c.setFont(layout.font("dice.value_font"), layout.length("dice.value_size"))
                c.drawCentredString(cx + cell_w * 0.42, y + 1.6 * MM, str(value))
                c.rect(cx + cell_w - box - 1 * MM, y + 1.2 * MM, box, box, stroke=1, fill=0)
        c.restoreState()

    return Block(rows * row_h, draw)


def _title(layout: Layout, section: Section, count: int, continued: bool = False) -> Block:
    size = layout.length("dice.title_size")
    letter, side = section.cite, section.side

    def draw(c: Canvas, x: float, top: float, width: float) -> None:
        c.saveState()
        c.setFillColor(layout.colour(f"header.{side}_colour"))
        c.setFont(layout.font("header.bold_font"), size)
        more = " (continued)" if continued else ""
        c.drawString(x, top - size, f"{section.heading} dice {letter}1\u2013{letter}{count}"
                                    f"{more}: use them in order, tick each one used")
        c.restoreState()

    return Block(size * 1.5, draw, new_page=not continued, keep_with_next=True, line_after="")


def blocks(book: Book, layout: Layout) -> list[tuple[str, Block]]:
    """Title then fold-separated blocks of rows, per side; tags keep each side on its pages."""
    per_block = int(layout.number("dice.per_row") * layout.number("dice.rows_per_block"))
    out: list[tuple[str, Block]] = []
    for label, dice in book.streams.items():
        section = book.spec.scheme.section(label)
        tag = section.heading
        out.append((tag, _title(layout, section, len(dice))))
        for start in range(0, len(dice), per_block):
            block = _block(layout, section, dice[start:start + per_block], start + 1)
            block.continued = partial(_title, layout, section, len(dice), continued=True)
            out.append((tag, block))
    return out
