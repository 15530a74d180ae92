"""The two paper sizes every printable supports, in points."""

from __future__ import annotations

from reportlab.lib.pagesizes import A4, LETTER, landscape

from printkit.errors import UserError

PAPERS: dict[str, tuple[float, float]] = {"letter": LETTER, "a4": A4}


def page_size(paper: str, orientation: str = "portrait") -> tuple[float, float]:
    try:
        size = PAPERS[paper]
    except KeyError:
        raise UserError(f"unknown paper {paper!r} (use letter or a4)") from None
    return landscape(size) if orientation == "landscape" else size
