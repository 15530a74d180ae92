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


@lru_cache(maxsize=2048)     # a book's repeated strings; its unique labels pass through
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

    @staticmethod
    def width(text: str, font: str, size: float) -> float:
        """The width of `text` (remembered: a book measures the same strings again and
        again)."""
        return _width(text, font, size)

    @property
    def pending(self) -> bool:
        """Strings added and not drawn yet."""
        return bool(self._runs)

    def extend(self, font: str, size: float, colour: Color,
               runs: list[tuple[float, float, str]]) -> None:
        """Many left-aligned strings of one font, size and colour: (x, y, text) each."""
        key = self._keys.get(id(colour))
        if key is None:
            key = self._keys[id(colour)] = colour.hexval()
            self._colours[key] = colour
            self._held.append(colour)
        self._runs[(font, size, key)].extend(runs)

    def draw(self, c: Canvas) -> None:
        """Emit every batch and start empty again."""
        memo = c.__dict__.setdefault("_printkit_text_ops", {})
        if len(_STEPS) > MAX_STEPS:      # bounded: right-aligned unique strings vary dx
            _STEPS.clear()
        steps = _STEPS
        for (font, size, key), runs in self._runs.items():
            t = c.beginText()
            t.setFont(font, size)
            t.setFillColor(self._colours[key])
            append = t._code.append
            first = _subset_zero(c, font, size, t._leading, memo)
            if first is not None:
                append(first)
                t._curSubset = 0
            subset = t._curSubset
            table = memo.setdefault((font, size, subset), {})
            # positions in hundredths of a point, then relative moves (`Td`): short operators
            # that compress well, with no drift since each step is exact in hundredths
            x, y, text = runs[0]
            px, py = round(x * 100), round(y * 100)
            t.setTextOrigin(px / 100, py / 100)
            for i, (x, y, text) in enumerate(runs):
                if i:
                    hx, hy = round(x * 100), round(y * 100)
                    step = steps.get((hx - px, hy - py))
                    if step is None:
                        step = steps[hx - px, hy - py] = \
                            f"{fp_str((hx - px) / 100, (hy - py) / 100)} Td"
                    append(step)
                    px, py = hx, hy
                hit = table.get(text)
                if hit is None:
                    hit = _show(c, t, font, size, text, memo)
                    if len(table) >= MAX_TEXTS:     # bounded: a long book's unique labels
                        table.clear()
                    table[text] = hit
                else:
                    append(hit[0])
                if hit[1] != subset:
                    subset = t._curSubset = hit[1]
                    table = memo.setdefault((font, size, subset), {})
            c.drawText(t)
        self._runs.clear()


_STEPS: dict[tuple[int, int], str] = {}     # (dx, dy) in hundredths of a point: its `Td`
MAX_STEPS = 50_000
# strings remembered per font, size and subset of a document: forgetting one only costs its
# encoding again (the operators for a string never change within a document), and without a
# bound a book of unique labels (stream names, play numbers) grew by about 2 KB a page. Kept
# small: the strings that repeat are few (card codes, die values, "fold"), each encoded again
# once after a clear; unique labels never hit, and 20,000 of them held 4 MB (issue 28)
MAX_TEXTS = 2_000


def _assignments(c: Canvas, font: str, memo: dict) -> dict[int, int] | None:
    """The document's character codes of an embedded font (None for a font reportlab does not
    subset, or shapes), looked up once per document and font."""
    key = ("assignments", font)
    if key in memo:
        return memo[key]
    ttf = getFont(font)
    if not ttf._dynamicFont or getattr(ttf, "shapable", False):
        memo[key] = None
        return None
    state = getattr(ttf, "state", {}).get(c._doc)
    if state is None:           # the font's first string in this document: not yet known
        return None
    memo[key] = state.assignments
    return state.assignments


def _subset_zero(c: Canvas, font: str, size: float, leading: float, memo: dict) -> str | None:
    """The operator selecting the first subset of an embedded font (what textOut writes
    before a text object's first string), once the font is named in this document (naming
    it earlier would number the document's fonts in another order); None before, or for a
    font reportlab does not subset. Set at the start of each text object, it lets the first
    string take the fast path too: on a book page that string is often new ("page 3 of 40",
    a slip's title), and reportlab's textOut is most of what a new string costs."""
    key = ("subset0", font, size, leading)
    if key in memo:
        return memo[key]
    if _assignments(c, font, memo) is None:
        return None
    ttf = getFont(font)
    if ttf.state[c._doc].internalName is None:
        return None
    op = memo[key] = (f"{ttf.getSubsetInternalName(0, c._doc)} {fp_str(size)} Tf "
                      f"{fp_str(leading)} TL")
    return op


def _assigned(c: Canvas, font: str, subset: int, text: str, memo: dict) -> str | None:
    """The operator reportlab's textOut writes for `text`, when every character already has
    its code in the text object's current subset of the embedded font (then textOut is just
    `(codes) Tj`); None otherwise, and reportlab does the work (assigning new codes, switching
    subsets). Unique strings such as play numbers are most of a book's misses, so each
    character's escaped code is remembered (PDF escaping is byte by byte)."""
    chars = memo.get(("chars", font, subset))
    if chars is None:
        chars = memo[("chars", font, subset)] = {}
    try:
        return f"({''.join([chars[ch] for ch in text])}) Tj" if text else None
    except KeyError:
        pass
    assignments = _assignments(c, font, memo) if text else None
    if assignments is None:
        return None
    for ch in text:
        if ch in chars:
            continue
        n = assignments.get(32 if ch == "\xa0" else ord(ch))
        if n is None or n >> 8 != subset:
            return None
        chars[ch] = c._escape(bytes((n & 0xFF,)))
    return f"({''.join([chars[ch] for ch in text])}) Tj"


def _show(c: Canvas, t, font: str, size: float, text: str, memo: dict) -> tuple[str, int]:
    """`t.textOut(text)`; returns the PDF operators it wrote and the font subset it left
    current, which the caller remembers per document.

    reportlab encodes each string anew (subset look-up, escaping) on every call; a play book
    shows the same few hundred strings thousands of times. The operators depend on the text,
    font, size and the text object's current font subset, so that is the key; the cursor is
    placed by absolute and relative moves, never by the width textOut would add. A code once
    given to a character in a document never changes, so what is remembered stays true.
    """
    op = _assigned(c, font, t._curSubset, text, memo)
    if op is not None:                # a string never seen, of characters already in use
        t._code.append(op)
        return op, t._curSubset
    before = len(t._code)
    t.textOut(text)
    return " ".join(t._code[before:]), t._curSubset
