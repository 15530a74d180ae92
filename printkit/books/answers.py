"""A game's "what happens" lines at the end of its play book, for the teacher.

The text comes from the game object (`Game.answers(spec)`: entries of one or more lines); this
module only sets it: a heading on a new page, the first entry (what the answers assume), then
the others in groups, wrapped to the page width, in the header's type.
"""

from __future__ import annotations

from reportlab.lib.utils import simpleSplit

from printkit.books.page import Block
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document

TITLE = "What happens (for the teacher)"


def _heading(layout: Layout) -> Block:
    size = layout.length("header.title_size")

    def draw(doc: Document, x: float, top: float, width: float) -> None:
        c = doc.canvas
        c.setFillColor(layout.colour("header.ink"))
        c.setFont(layout.font("header.bold_font"), size)
        c.drawString(x, top - size, TITLE)

    return Block(size * 1.6, draw, new_page=True, keep_with_next=True, line_after="",
                 keys="header.title_size")


def _line(layout: Layout, parts: list[tuple[bool, str]]) -> Block:
    """Lines of text; a wrapped line's continuation (True) is indented."""
    font, size = layout.font("header.text_font"), layout.length("header.text_size")
    lead = size * 1.35

    def draw(doc: Document, x: float, top: float, width: float) -> None:
        c = doc.canvas
        c.setFillColor(layout.colour("header.ink"))
        c.setFont(font, size)
        for i, (indent, part) in enumerate(parts):
            c.drawString(x + (size * 2 if indent else 0), top - size - i * lead, part)

    return Block(lead * len(parts) + size * 0.3, draw, line_after="",
                 keys="header.text_size")


GROUP = 5      # lines per block: the gap between blocks groups them for the eye


def blocks(lines: list[str], layout: Layout) -> list[tuple[str, Block]]:
    width = page_size("a4")[0] - 2 * layout.length("page.margin")   # narrower paper decides
    font, size = layout.font("header.text_font"), layout.length("header.text_size")
    out = [("", _heading(layout))]
    groups = [lines[:1]] + [lines[i:i + GROUP] for i in range(1, len(lines), GROUP)]
    for group in groups:
        parts = [(i > 0, part) for entry in group for line in entry.split("\n")
                 for i, part in enumerate(simpleSplit(line, font, size, width - size * 2))]
        out.append(("", _line(layout, parts)))
    return out
