"""Text helpers: wrapping to a measured width (reportlab's canvas does not wrap)."""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
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
    return lines


def paragraph(c: Canvas, x: float, y: float, text: str, font: str, size: float, width: float,
              leading: float = 1.22) -> float:
    """Draw wrapped text with its first baseline at y; returns the baseline after the last."""
    c.setFont(font, size)
    for line in wrap(text, font, size, width):
        c.drawString(x, y, line)
        y -= size * leading
    return y
