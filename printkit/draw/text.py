"""Text helpers: wrapping to a measured width (reportlab's canvas does not wrap)."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` broken into lines no wider than `width` (a word wider than that stands alone)."""
    return list(_wrap(text, font, size, width))


@lru_cache(maxsize=1024)
def _wrap(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """A pure function of its arguments, so remembered: every copy of a sheet wraps the same
    notes (each trial line is measured anew, so a note costs its words squared)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and stringWidth(trial, font, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return tuple(lines)


def paragraph(c: Canvas, x: float, y: float, text: str, font: str, size: float, width: float,
              leading: float = 1.22) -> float:
    """Draw wrapped text with its first baseline at y; returns the baseline after the last."""
    c.setFont(font, size)
    for line in wrap(text, font, size, width):
        c.drawString(x, y, line)
        y -= size * leading
    return y
