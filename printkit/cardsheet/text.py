"""Text on a card: wrapped and shrunk to its box, never below a floor size.

A card has no room to spare and its text comes from data (deck files, team names), so every
block is fitted: the largest size from the layout's down to a floor (6 pt for rules text,
8 pt for names) at which the wrapped lines fit the box. Text that cannot fit at the floor is
an error naming it, not tiny or clipped print.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.text import fit_line as text_fit_line
from printkit.errors import UserError

STEP = 0.25
LEADING = 1.18


class TextFitError(UserError):
    """Card text that does not fit its box at the smallest allowed size."""


@dataclass(frozen=True)
class Block:
    lines: tuple[str, ...]
    font: str
    size: float
    leading: float = LEADING

    @property
    def height(self) -> float:
        return len(self.lines) * self.size * self.leading

    def width(self) -> float:
        return max((stringWidth(t, self.font, self.size) for t in self.lines), default=0.0)


def fit(text: str, font: str, size: float, floor: float, width: float, height: float,
        max_lines: int = 99, leading: float = LEADING) -> Block:
    """The largest size <= `size` (and >= `floor`) at which `text` wraps into the box."""
    s = size
    while s >= floor - 1e-9:
        lines = simpleSplit(text, font, s, width)
        block = Block(tuple(lines), font, s, leading)
        if (len(lines) <= max_lines and block.height <= height + 1e-6
                and block.width() <= width + 1e-6):
            return block
        s -= STEP
    raise too_small(repr(text[:40] + ("..." if len(text) > 40 else "")), "the text", floor)


def too_small(card: str, what: str, floor: float) -> TextFitError:
    """The one-line error for card text that cannot fit at its floor size."""
    return TextFitError(f"card {card}: {what} cannot fit on the card at {floor:g} pt "
                        f"(make the layout's [card] bigger or its text sizes smaller)")


def fit_line(text: str, font: str, size: float, floor: float, width: float) -> Block:
    """One line, shrunk to `width`; at the floor it is cut with an ellipsis (team names)."""
    line, s = text_fit_line(text, font, size, width, floor)
    return Block((line,), font, s)


def draw(c: Canvas, block: Block, x: float, top: float, align: str = "left") -> float:
    """Draw `block` with its first line's top at `top`; returns the y under its last line.
    `x` is the left edge, the centre or the right edge for align left, centre, right."""
    c.setFont(block.font, block.size)
    y = top - block.size * 0.86
    for line in block.lines:
        if align == "centre":
            c.drawCentredString(x, y, line)
        elif align == "right":
            c.drawRightString(x, y, line)
        else:
            c.drawString(x, y, line)
        y -= block.size * block.leading
    return top - block.height
