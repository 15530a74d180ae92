"""Where cards go on a page: the grid of card slots, centred, and where each back lands.

Pure arithmetic in points, no drawing, so tests and the calibration page share one answer to
"where is card k, front and back". Pages stay portrait; a card that fits more often turned a
quarter turn is drawn rotated (a 4 x 6 in card 2-up on Letter, A6 2-up on A4), so long-edge
duplex always means the same thing: the back page is the front mirrored about the vertical
centre line of the page.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import floor

from printkit.units import INCH, MM

EPS = 1e-6


@dataclass(frozen=True)
class CardSize:
    """A card's trimmed size in points, upright (width across, height up)."""

    width: float
    height: float
    name: str = ""

    @property
    def text(self) -> str:
        return f"{self.width / MM:g} x {self.height / MM:g} mm"


POKER = CardSize(63 * MM, 88 * MM, "poker")
BRIDGE = CardSize(57 * MM, 88 * MM, "bridge")
INDEX_4X6 = CardSize(4 * INCH, 6 * INCH, "4 x 6 in")
A6 = CardSize(105 * MM, 148 * MM, "A6")


@dataclass(frozen=True)
class Slot:
    """One card's place on a page: its trim rectangle (page points) and its turn.

    `turn` is 0 (upright) or 90 (drawn a quarter turn anticlockwise); the rectangle is what
    the card covers on the page, so a turned card's rectangle is card.height wide.
    """

    x: float
    y: float
    width: float
    height: float
    turn: int = 0


@dataclass(frozen=True)
class Grid:
    """Card slots on one page size: `cols` x `rows` cells, `count` of them used, centred."""

    page: tuple[float, float]
    card: CardSize
    cols: int
    rows: int
    count: int
    turned: bool
    bleed: float
    gap: float

    @property
    def slot_size(self) -> tuple[float, float]:
        w, h = self.card.width, self.card.height
        return (h, w) if self.turned else (w, h)

    @property
    def pitch(self) -> tuple[float, float]:
        """Distance from one card's trim to the next one's, across and down."""
        w, h = self.slot_size
        return w + 2 * self.bleed + self.gap, h + 2 * self.bleed + self.gap

    def block(self, cols: int | None = None, rows: int | None = None) -> tuple[float, float]:
        """Width and height of the used cells, bleed included."""
        px, py = self.pitch
        c, r = cols or self.cols, rows or self.rows
        return c * px - self.gap, r * py - self.gap

    def front(self, k: int) -> Slot:
        """Slot of card k (0-based, reading order: left to right, top row first)."""
        if not 0 <= k < self.count:
            raise IndexError(f"slot {k} of {self.count}")
        pw, ph = self.page
        bw, bh = self.block()
        px, py = self.pitch
        col, row = k % self.cols, k // self.cols
        w, h = self.slot_size
        x = (pw - bw) / 2 + self.bleed + col * px
        top = (ph + bh) / 2 - self.bleed - row * py
        return Slot(x, top - h, w, h, 90 if self.turned else 0)

    def back(self, k: int, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
        """Where card k's back goes on the next page for long-edge duplex: the front slot
        mirrored about the page's vertical centre line, then moved by `offset` (points) to
        correct a printer's drift. A turned card's back turns the other way, so the back
        reads upright when the card is flipped over its own long edge."""
        f = self.front(k)
        x = self.page[0] - f.x - f.width + offset[0]
        return Slot(x, f.y + offset[1], f.width, f.height, -f.turn)

    def slots(self) -> list[Slot]:
        return [self.front(k) for k in range(self.count)]


class FitError(ValueError):
    """The cards asked for do not fit the page (message says how many do)."""


def _fits(avail: float, cell: float, gap: float) -> int:
    return max(0, floor((avail + gap) / (cell + gap) + EPS))


def capacity(page: tuple[float, float], card: CardSize, bleed: float, gap: float,
             margin: float, turned: bool) -> tuple[int, int]:
    """(cols, rows) of cards that fit inside `margin` on every side."""
    w, h = (card.height, card.width) if turned else (card.width, card.height)
    return (_fits(page[0] - 2 * margin, w + 2 * bleed, gap),
            _fits(page[1] - 2 * margin, h + 2 * bleed, gap))


def _shape(cols: int, rows: int, want: int) -> tuple[int, int]:
    """The smallest cols x rows (at most the capacity) holding `want` cards, squarest first,
    then wider first."""
    options = [(c * r, abs(c - r), -c, c, r) for c in range(1, cols + 1)
               for r in range(1, rows + 1) if c * r >= want]
    _, _, _, c, r = min(options)
    return c, r


def fit(page: tuple[float, float], card: CardSize, *, bleed: float = 0.0, gap: float = 0.0,
        margin: float = 6 * MM, per_page: int | None = None) -> Grid:
    """The grid for `card` on `page`: as many as fit (upright preferred when turning does not
    fit more), or exactly `per_page` when asked and possible."""
    best: tuple[int, int, bool] | None = None
    for turned in (False, True):
        cols, rows = capacity(page, card, bleed, gap, margin, turned)
        if best is None or cols * rows > best[0] * best[1]:
            best = (cols, rows, turned)
        if per_page is not None and cols * rows >= per_page:
            best = (cols, rows, turned)
            break
    assert best is not None
    cols, rows, turned = best
    most = cols * rows
    what = f"{card.text} cards" + (f" with {bleed / MM:g} mm bleed" if bleed else "")
    if most == 0:
        raise FitError(f"{what} do not fit on this paper")
    if per_page is not None and per_page > most:
        raise FitError(f"{per_page} {what} do not fit on one page (at most {most})")
    count = per_page or most
    if per_page is not None:
        cols, rows = _shape(cols, rows, per_page)
    return Grid(page, card, cols, rows, count, turned, bleed, gap)
