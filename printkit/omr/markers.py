"""The four corner markers of a bubble sheet: ArUco DICT_4X4_50 ids 0-3, drawn as vectors.

The bit patterns are OpenCV's (`cv2.aruco.generateImageMarker`), copied here as data so
drawing a sheet needs no OpenCV; tests/printkit/test_bubblelog.py checks them against it.
A marker is a black square whose inner 4 x 4 cells are white where a bit is 1.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

ARUCO_DICT = "DICT_4X4_50"
BITS: dict[int, tuple[str, str, str, str]] = {
    0: ("1011", "0101", "0011", "0010"),
    1: ("0000", "1111", "1001", "1010"),
    2: ("0011", "0011", "0010", "1101"),
    3: ("1001", "1001", "0100", "0110"),
}


def draw_marker(c: Canvas, marker: int, x: float, top: float, size: float) -> None:
    """Marker `marker` with its top-left corner at (x, top) in PDF points (y up)."""
    cell = size / 6
    c.saveState()
    c.setFillColorRGB(0, 0, 0)
    c.rect(x, top - size, size, size, stroke=0, fill=1)
    c.setFillColorRGB(1, 1, 1)
    path = c.beginPath()
    for r, row in enumerate(BITS[marker]):
        for col, bit in enumerate(row):
            if bit == "1":
                path.rect(x + (col + 1) * cell, top - (r + 2) * cell, cell, cell)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()
