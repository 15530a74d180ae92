"""Where a bubble is on a page image of a game's bubble log, from the sheet's own geometry:
the tests that shade one more bubble by hand (a double mark must be reported, never guessed)
draw it there."""

from __future__ import annotations

import numpy as np

from printkit.layout import load_layout
from printkit.omr.geometry import sheet_geometry
from printkit_engine import registry
from printkit_engine.bubbles import for_sheet, logs_of


def bubble_px(game: str, slot: str, part: int, option: str, band: int, dpi: int,
              line: int = 0) -> tuple[int, int, int, int]:
    """(x, y, rx, ry) in pixels at `dpi` on the letter page: the centre of the bubble writing
    `option` in the first column of `slot`'s part `part` on `band` (on `line` of the band,
    when a band holds several), and the radii of a mark that fills it (for cv2.ellipse). The
    sheet is of the game's first log with that slot (the grid game: `c1` is the passage
    log's), as drawn without a Seed (Luck of the Draw's: its `Grammar.dense`)."""
    sheets = (for_sheet(log, {}) for log in logs_of(registry.get(game).bubbles()))
    grammar = next(g for g in sheets if slot in g.by_name)
    geo = sheet_geometry(grammar, load_layout(f"{game}-bubblelog"), "letter")
    col = grammar.slot(slot).parts[part].columns[0]
    b = next(b for b in geo.bubbles if b.slot == slot and b.part == part and b.col == 0
             and b.opt == col.index(option) and b.line == line)
    k = dpi / 72
    return (int((geo.left + b.x) * k), int(geo.row_y(band, b.row) * k),
            int(geo.bubble_w * 0.45 * k), int(geo.bubble_h * 0.44 * k))


def shade(image: np.ndarray, game: str, slot: str, part: int, option: str, band: int,
          dpi: int, ink: int = 30) -> None:
    """Shade the bubble `bubble_px` names on a page image at `dpi`, as a pen fills it (`ink`:
    its grey level): the tests' one more mark."""
    import cv2

    x, y, rx, ry = bubble_px(game, slot, part, option, band, dpi)
    cv2.ellipse(image, (x, y), (rx, ry), 0, 0, 360, ink, -1)
