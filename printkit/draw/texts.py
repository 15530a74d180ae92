"""Text set in batches: one PDF text object per font, size and colour, however many strings.

reportlab's drawString opens and closes a text object and re-states font and colour for every
string; a play-book page has hundreds of short strings (card codes, die numbers), so batching
them is most of a page's bytes and time.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import Canvas


@lru_cache(maxsize=8192)
def _width(text: str, font: str, size: float) -> float:
    return stringWidth(text, font, size)


class Texts:
    def __init__(self) -> None:
        self._runs: dict[tuple[str, float, str], list[tuple[float, float, str]]] = \
            defaultdict(list)
        self._colours: dict[str, Color] = {}
        self._keys: dict[int, str] = {}
        self._held: list[Color] = []

    def add(self, font: str, size: float, colour: Color, x: float, y: float, text: str,
            align: str = "left") -> None:
        if align != "left":
            width = _width(text, font, size)
            x -= width / 2 if align == "centre" else width
        key = self._keys.get(id(colour))
        if key is None:
            key = self._keys[id(colour)] = colour.hexval()
            self._colours[key] = colour
            self._held.append(colour)           # keeps id(colour) unique while it is a key
        self._runs[(font, size, key)].append((x, y, text))

    def draw(self, c: Canvas) -> None:
        """Emit every batch and start empty again."""
        for (font, size, key), runs in self._runs.items():
            t = c.beginText()
            t.setFont(font, size)
            t.setFillColor(self._colours[key])
            # positions in hundredths of a point, then relative moves (`Td`): short operators
            # that compress well, with no drift since each step is exact in hundredths
            px = py = None
            for x, y, text in runs:
                hx, hy = round(x * 100), round(y * 100)
                if px is None:
                    t.setTextOrigin(hx / 100, hy / 100)
                else:
                    t._code.append(f"{fp_str((hx - px) / 100, (hy - py) / 100)} Td")
                px, py = hx, hy
                _show(c, t, font, size, text)
            c.drawText(t)
        self._runs.clear()


def _assigned(c: Canvas, font: str, subset: int, text: str) -> str | None:
    """The operator reportlab's textOut writes for `text`, when every character already has
    its code in the text object's current subset of the embedded font (then textOut is just
    `(codes) Tj`); None otherwise, and reportlab does the work (assigning new codes, switching
    subsets). Unique strings such as play numbers are most of a book's misses."""
    ttf = getFont(font)
    state = getattr(ttf, "state", {}).get(c._doc) if ttf._dynamicFont else None
    if state is None or not text or getattr(ttf, "shapable", False):
        return None
    assignments = state.assignments
    codes = []
    for ch in text:
        n = assignments.get(32 if ch == "\xa0" else ord(ch))
        if n is None or n >> 8 != subset:
            return None
        codes.append(n & 0xFF)
    return f"({c._escape(bytes(codes))}) Tj"


def _show(c: Canvas, t, font: str, size: float, text: str) -> None:
    """`t.textOut(text)` with the PDF operators of a string remembered per document.

    reportlab encodes each string anew (subset look-up, escaping) on every call; a play book
    shows the same few hundred strings thousands of times. The operators depend on the text,
    font, size and the text object's current font subset, so that is the key; the cursor is
    placed by absolute and relative moves, never by the width textOut would add.
    """
    memo = c.__dict__.setdefault("_printkit_text_ops", {})
    key = (font, size, text, t._curSubset)
    hit = memo.get(key)
    if hit is None and (op := _assigned(c, font, t._curSubset, text)) is not None:
        t._code.append(op)            # a string never seen, of characters already in use
        return
    if hit is None:
        before = len(t._code)
        t.textOut(text)
        hit = memo[key] = (t._code[before:], t._curSubset)
        return
    ops, subset = hit
    t._code.extend(ops)
    t._curSubset = subset
