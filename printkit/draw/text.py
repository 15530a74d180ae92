"""Text helpers: wrapping to a measured width (reportlab's canvas does not wrap) and fitting
one line of data (a team name, a title) to its room: shrunk down to a floor, then cut with an
ellipsis, never drawn past its box or the page."""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` broken into lines no wider than `width` (a word wider than that stands alone)."""
    return list(_wrap(tuple(text.split()), " ", font, size, width))


def wrap_items(items: tuple[str, ...], sep: str, font: str, size: float,
               width: float) -> list[str]:
    """`items` joined by `sep` into lines no wider than `width`, an item never split (a
    sheet header's `Home: ...` tags; an item wider than that stands alone)."""
    return list(_wrap(items, sep, font, size, width))


@lru_cache(maxsize=1024)
def _wrap(units: tuple[str, ...], sep: str, font: str, size: float,
          width: float) -> tuple[str, ...]:
    """A pure function of its arguments, so remembered: every copy of a sheet wraps the same
    notes (each trial line is measured anew, so a note costs its words squared)."""
    lines: list[str] = []
    current = ""
    for unit in units:
        trial = f"{current}{sep}{unit}" if current else unit
        if current and stringWidth(trial, font, size) > width:
            lines.append(current)
            current = unit
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


FLOOR = 8.0          # pt: text a person reads (STYLE); a fitted line never goes below it
ELLIPSIS = "\u2026"


def fit_line(text: str, font: str, size: float, width: float,
             floor: float = FLOOR) -> tuple[str, float]:
    """`text` and the size to draw it at within `width`: the layout's `size` when it fits,
    else the largest quarter point down to `floor`, else at `floor` cut with an ellipsis
    (the longest head that fits, found by bisection: a long title costs log n measures)."""
    s = size
    while s > floor and stringWidth(text, font, s) > width:
        s = max(floor, s - 0.25)
    if stringWidth(text, font, s) <= width:
        return text, s
    low, high = 0, len(text)              # text[:low] + ELLIPSIS fits; text[:high] does not
    while high - low > 1:
        mid = (low + high) // 2
        if stringWidth(text[:mid].rstrip() + ELLIPSIS, font, s) <= width:
            low = mid
        else:
            high = mid
    head = text[:low].rstrip()
    return (head + ELLIPSIS if stringWidth(head + ELLIPSIS, font, s) <= width else ""), s


def draw_fitted(c: Canvas, x: float, y: float, text: str, font: str, size: float,
                width: float, align: str = "left", floor: float = FLOOR) -> float:
    """Draw one line fitted to `width` (x is its left edge, centre or right edge for align
    left, centre, right); returns the width it took, so a row of parts can go on after it."""
    line, s = fit_line(text, font, size, width, floor)
    c.setFont(font, s)
    draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}
    draw[align](x, y, line)
    return stringWidth(line, font, s)


def fit_names(template: str, names: dict[str, str], font: str, size: float, width: float,
              floor: float = FLOOR) -> tuple[str, float]:
    """A line of fixed words holding names (`template` with `{home}`-style fields, a field
    may stand twice): shrunk to `width` down to `floor`, then the names, not the words, cut
    to one length with an ellipsis. Returns the line and its size."""
    full = template.format(**names)
    line, s = fit_line(full, font, size, width, floor)
    if line == full:
        return line, s

    def cut(n: int) -> str:
        return template.format(**{k: v if len(v) <= n else v[:n].rstrip() + ELLIPSIS
                                  for k, v in names.items()})

    low, high = 0, max(len(v) for v in names.values())
    while high - low > 1:
        mid = (low + high) // 2
        if stringWidth(cut(mid), font, s) <= width:
            low = mid
        else:
            high = mid
    return fit_line(cut(low), font, s, width, s)
