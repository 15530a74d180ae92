"""QR codes as vector paths (never a bitmap), so they stay sharp at any print resolution.

qrcode computes the module matrix; we draw each run of dark modules in a row as one
rectangle of a single filled path. Error correction M or better keeps a slightly smudged or
folded page readable.
"""

from __future__ import annotations

import functools

import qrcode
from qrcode.constants import ERROR_CORRECT_H, ERROR_CORRECT_L, ERROR_CORRECT_M, ERROR_CORRECT_Q
from qrcode.exceptions import DataOverflowError
from reportlab.lib.colors import Color, black, white
from reportlab.pdfgen.canvas import Canvas

LEVELS = {"L": ERROR_CORRECT_L, "M": ERROR_CORRECT_M, "Q": ERROR_CORRECT_Q, "H": ERROR_CORRECT_H}
QUIET = 4   # modules of white border the QR standard asks for


def encode(payload: str, level: str = "M", mask: int | None = None,
           version: int | None = None) -> list[list[bool]]:
    """qrcode's module matrix without border (True = dark): the one place a code is built.

    `mask` (0-7) skips qrcode's mask search: every mask is a valid QR code, the search only
    picks the one with the fewest hard-to-read patterns, which the many small codes of one
    page (deal slips) can do without. `version` skips qrcode's best fit (a book passes the
    version of its longest payload, `fitted_version`, for all its codes); a payload that does
    not fit that version is fitted after all (qrcode raises DataOverflowError), never cut."""
    if level not in ("M", "Q", "H"):
        raise ValueError(f"error correction {level!r}: use M, Q or H")
    qr = qrcode.QRCode(version=version, error_correction=LEVELS[level], border=0, box_size=1,
                       mask_pattern=mask)
    qr.add_data(payload.encode("utf-8"))
    try:
        qr.make(fit=version is None)
    except DataOverflowError:
        qr.make(fit=True)               # starts from the version given, goes up until it fits
    return qr.get_matrix()


def fitted_version(payload: str, level: str = "M") -> int:
    """The smallest QR version holding `payload` at `level` (qrcode's best fit)."""
    if level not in ("M", "Q", "H"):
        raise ValueError(f"error correction {level!r}: use M, Q or H")
    qr = qrcode.QRCode(error_correction=LEVELS[level], border=0, box_size=1)
    qr.add_data(payload.encode("utf-8"))
    return qr.best_fit()


@functools.lru_cache(maxsize=64)
def qr_matrix(payload: str, level: str = "M", mask: int | None = None,
              ) -> tuple[tuple[bool, ...], ...]:
    """encode(payload, level, mask), cached: a classroom pack draws each match's book twice
    (the combined pack and the match's own PDF), and the mask search is most of the time a
    book's header code takes."""
    return tuple(tuple(row) for row in encode(payload, level, mask))


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
