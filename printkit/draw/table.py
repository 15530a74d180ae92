"""A ruled chart: a label column and cells (equal, or each column its own width), drawn from
data (rows of cells)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, white
from reportlab.lib.rl_accel import fp_str
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


def draw_table(c: Canvas, x: float, top: float, label_w: float,
               cell_w: float | Sequence[float], row_h: float,
               rows: list[tuple[str, list[Cell]]], style: TableStyle) -> float:
    """Draw rows downwards from `top`; returns the y of the bottom edge. `cell_w`: one width
    for every cell, or each column's (a chart whose words differ in length).

    The cells are filled as one path per fill colour and ruled as one path on top (the same
    picture as filling and ruling cell by cell, where each cell's ruling ends on top anyway),
    then their text is set, one text object per font, size and colour (printkit.draw.texts):
    a chart is a few hundred cells and short strings."""
    c.saveState()
    c.setLineWidth(style.line_width)
    c.setStrokeColor(style.grid)
    texts = Texts()
    fills: dict[tuple[float, ...], tuple[Color, Any]] = {}
    grid = c.beginPath()

    def cell(fill: Color, left: float, bottom: float, width: float) -> None:
        key = fill.rgba()
        if key not in fills:
            fills[key] = (fill, c.beginPath())
        # the same `re` operator in the fill's path and the grid's, formatted once
        op = f"{fp_str(left, bottom, width, row_h)} re"
        fills[key][1]._code_append(op)
        grid._code_append(op)

    count = max((len(cells) for _, cells in rows), default=0)
    if isinstance(cell_w, int | float):
        widths = [cell_w] * count
        lefts = [x + label_w + i * cell_w for i in range(count)]
    else:
        widths = list(cell_w)
        lefts = [x + label_w + sum(widths[:i]) for i in range(count)]
    y = top
    for label, cells in rows:
        y -= row_h
        cell(style.label_fill, x, y, label_w)
        texts.add(style.bold_font, style.size, style.ink, x + 1.2,
                  y + (row_h - style.size * 0.7) / 2, label)
        for i, one in enumerate(cells):
            cx, cw = lefts[i], widths[i]
            cell(one.fill, cx, y, cw)
            size = one.size or style.size
            texts.add(style.bold_font if one.bold else style.font, size,
                      one.colour or style.ink, cx + cw / 2,
                      y + (row_h - size * 0.7) / 2, one.text, align="centre")
    for fill, path in fills.values():
        c.setFillColor(fill)
        c.drawPath(path, stroke=0, fill=1)
    c.drawPath(grid, stroke=1, fill=0)
    texts.draw(c)
    c.restoreState()
    return y
