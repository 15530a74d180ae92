"""QR codes as vector paths (never a bitmap), so they stay sharp at any print resolution.

qrcode computes the module matrix; we draw each run of dark modules in a row as one
rectangle of a single filled path. Error correction M or better keeps a slightly smudged or
folded page readable.
"""

from __future__ import annotations

import functools

import qrcode
from qrcode.constants import ERROR_CORRECT_H, ERROR_CORRECT_L, ERROR_CORRECT_M, ERROR_CORRECT_Q
from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

LEVELS = {"L": ERROR_CORRECT_L, "M": ERROR_CORRECT_M, "Q": ERROR_CORRECT_Q, "H": ERROR_CORRECT_H}
QUIET = 4   # modules of white border the QR standard asks for


@functools.lru_cache(maxsize=64)
def qr_matrix(payload: str, level: str = "M", mask: int | None = None,
              ) -> tuple[tuple[bool, ...], ...]:
    """The module matrix without border (True = dark). Cached: a classroom pack draws each
    match's book twice (the combined pack and the match's own PDF), and the mask search is
    most of a book page's time. `mask` (0-7) skips that search: every mask is a valid QR
    code, the search only picks the one with the fewest hard-to-read patterns, which the
    many small codes of one page (deal slips) can do without."""
    if level not in ("M", "Q", "H"):
        raise ValueError(f"error correction {level!r}: use M, Q or H")
    data = payload.encode("utf-8")
    qr = qrcode.QRCode(error_correction=LEVELS[level], border=0, box_size=1,
                       mask_pattern=mask)
    qr.add_data(data)
    qr.make(fit=True)
    return tuple(tuple(row) for row in qr.get_matrix())


def qr_rows(payload: str, level: str, mask: int) -> tuple[str, ...]:
    """The matrix of qr_matrix(payload, level, mask) as rows of "0" and "1", for a page that
    draws a different code in every slip (its runs are read off the strings)."""
    return tuple("".join("1" if dark else "0" for dark in row)
                 for row in qr_matrix(payload, level, mask))


def draw_qr(c: Canvas, payload: str, x: float, y: float, size: float, level: str = "M",
            ink: Color = black, paper: Color = white) -> float:
    """Draw the QR with its quiet zone inside a square of side `size` at (x, y) lower-left.

    Returns the module size in points, so callers can check it prints large enough.
    """
    matrix = qr_matrix(payload, level)
    n = len(matrix)
    module = size / (n + 2 * QUIET)
    ox, oy = x + QUIET * module, y + QUIET * module
    c.saveState()
    c.setFillColor(paper)
    c.rect(x, y, size, size, stroke=0, fill=1)
    path = c.beginPath()
    for r, row in enumerate(matrix):
        top = oy + (n - r) * module
        col = 0
        while col < n:
            if row[col]:
                start = col
                while col < n and row[col]:
                    col += 1
                path.rect(ox + start * module, top - module, (col - start) * module, module)
            else:
                col += 1
    c.setFillColor(ink)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()
    return module
