"""What every part of the PostCard board needs: canvas, layout, rules, origin, fonts."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.shapes import die_face, star
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit_engine.postcard.rules import Rules


@lru_cache(maxsize=256)
def _ring_name(diameter: float, line: float, stars: int, star_radius: float, ink: str) -> str:
    """A kind of circle's form name, from what it looks like (the same in every document)."""
    key = f"{diameter:.4f}|{line:.4f}|{stars}|{star_radius:.4f}|{ink}"
    return f"ring{hashlib.sha256(key.encode()).hexdigest()[:12]}"


@dataclass
class Board:
    doc: Document
    layout: Layout
    rules: Rules
    opts: RenderOptions
    ox: float   # board origin on the page (lower-left), points
    oy: float

    @property
    def c(self) -> Canvas:
        return self.doc.canvas

    def L(self, key: str) -> float:  # noqa: N802 - short accessor used on every line
        return self.layout.length(key)

    def x(self, key: str) -> float:
        return self.ox + self.L(key)

    def y(self, key: str) -> float:
        return self.oy + self.L(key)

    @property
    def font(self) -> str:
        return self.layout.font("board.label_font")

    @property
    def bold(self) -> str:
        return self.layout.font("board.bold_font")

    @property
    def ink(self) -> Color:
        return self.layout.colour("board.ink")

    def die(self, x: float, y: float, size: float, face: int) -> None:
        """A die face (lower-left at x, y): drawn once per document as a form, then reused."""
        unit = 20.0
        name = self.doc.form(f"die{face}", unit, unit,
                             lambda c: die_face(c, 0, 0, unit, face, ink=self.ink, line=1.2))
        self.doc.place(name, x, y, size / unit)

    def stars(self, cx: float, cy: float, count: int, r: float) -> None:
        """`count` stars side by side, each the one star form of the document."""
        unit = 10.0
        name = self.doc.form("star", 2 * unit, 2 * unit,
                             lambda c: star(c, unit, unit, unit, self.ink))
        gap = r * 2.1
        x0 = cx - gap * (count - 1) / 2
        for i in range(count):
            self.doc.place(name, x0 + i * gap - r, cy - r, r / unit)

    def ring(self, cx: float, cy: float, diameter: float, line: float, stars: int = 0,
             star_radius: float = 0.0) -> None:
        """A white circle ruled in ink (a Time Tracker or Play Tracker circle), with `stars`
        stars in it: one form per kind of circle in the document, placed where it goes."""
        r, pad = diameter / 2, line
        name = _ring_name(diameter, line, stars, star_radius, self.ink.hexval())

        def draw(c: Canvas) -> None:
            c.setLineWidth(line)
            c.setStrokeColor(self.ink)
            c.setFillColor(white)
            c.circle(r + pad, r + pad, r, stroke=1, fill=1)
            if stars:
                self.stars(r + pad, r + pad, stars, star_radius)

        self.doc.form(name, diameter + 2 * pad, diameter + 2 * pad, draw)
        self.doc.place(name, cx - r - pad, cy - r - pad)

    def team_colour(self, side: str) -> Color:
        return self.layout.colour(f"board.{side}_colour")

    def team_name(self, side: str) -> str:
        return self.opts.home if side == "home" else self.opts.away
