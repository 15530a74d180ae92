"""A ruled chart: a label column and equal cells, drawn from data (rows of cells)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas


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
    """Draw rows downwards from `top`; returns the y of the bottom edge."""
    c.saveState()
    c.setLineWidth(style.line_width)
    c.setStrokeColor(style.grid)
    y = top
    for label, cells in rows:
        y -= row_h
        c.setFillColor(style.label_fill)
        c.rect(x, y, label_w, row_h, stroke=1, fill=1)
        c.setFillColor(style.ink)
        c.setFont(style.bold_font, style.size)
        c.drawString(x + 1.2, y + (row_h - style.size * 0.7) / 2, label)
        for i, cell in enumerate(cells):
            cx = x + label_w + i * cell_w
            c.setFillColor(cell.fill)
            c.rect(cx, y, cell_w, row_h, stroke=1, fill=1)
            c.setFillColor(cell.colour or style.ink)
            size = cell.size or style.size
            c.setFont(style.bold_font if cell.bold else style.font, size)
            c.drawCentredString(cx + cell_w / 2, y + (row_h - size * 0.7) / 2, cell.text)
    c.restoreState()
    return y
