"""A ruled chart: a label column and equal cells, drawn from data (rows of cells)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.texts import Texts


@dataclass(frozen=True)
class Cell:
    text: str
    fill: Color = white
    bold: bool = False
    colour: Color | None = None
    size: float = 0.0      # 0 = the table's size


@dataclass(frozen=True)
class TableStyle:
    font: str
    bold_font: str
    size: float
    grid: Color
    ink: Color
    label_fill: Color
    line_width: float = 0.4


def draw_table(c: Canvas, x: float, top: float, label_w: float, cell_w: float, row_h: float,
               rows: list[tuple[str, list[Cell]]], style: TableStyle) -> float:
    """Draw rows downwards from `top`; returns the y of the bottom edge.

    Cells are ruled first and their text set afterwards, one text object per font, size and
    colour (printkit.draw.texts): a chart is a few hundred short strings."""
    c.saveState()
    c.setLineWidth(style.line_width)
    c.setStrokeColor(style.grid)
    texts = Texts()
    y = top
    for label, cells in rows:
        y -= row_h
        c.setFillColor(style.label_fill)
        c.rect(x, y, label_w, row_h, stroke=1, fill=1)
        texts.add(style.bold_font, style.size, style.ink, x + 1.2,
                  y + (row_h - style.size * 0.7) / 2, label)
        for i, cell in enumerate(cells):
            cx = x + label_w + i * cell_w
            c.setFillColor(cell.fill)
            c.rect(cx, y, cell_w, row_h, stroke=1, fill=1)
            size = cell.size or style.size
            texts.add(style.bold_font if cell.bold else style.font, size,
                      cell.colour or style.ink, cx + cell_w / 2,
                      y + (row_h - size * 0.7) / 2, cell.text, align="centre")
    texts.draw(c)
    c.restoreState()
    return y
