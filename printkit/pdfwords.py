"""Words of chosen type sizes read out of a PDF page with pdfium, one text object at a time.

`printkit scan` reads a play book's printed draws back (printkit.books.readback): every draw
is one string shown at one of a few sizes, on pages of a few hundred strings and thousands of
characters. Asking pdfium for each character (its size, its box) costs a call or three per
character; asking for each text object's size costs one call per string, and only the strings
in a wanted size are then read (text, place). Text inside form XObjects is read too, placed
by the forms' matrices, as a reader that flattens the page would.

Words are made as the reader `scan` used before made them (a pdfminer-based word extractor,
kept in bench/bench_readback.py to compare against): a run of text of one size at a time, in
the order the page shows it; its lines clustered by their tops within 3 pt; a line's text left
to right; a new word at a space or a gap over 3 pt. Positions are as it gave them too: top and
bottom measured down from
the top of the page, the glyph box a font size tall standing on the font's descent.
"""

from __future__ import annotations

import ctypes
import re
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pypdfium2 as pdfium

X_TOLERANCE = 3.0      # the old reader's defaults: a gap wider than this starts a new word,
Y_TOLERANCE = 3.0      # tops further apart than this are another line
SIZE_TOLERANCE = 0.05  # a wanted size matches a shown size within this (points)
SHORT = 1.5            # pdfium's bound of a string ends at most this many ems (one
                       # character's advance) short of the string's advance

# the ligatures the old reader expanded, so a word reads the same either way
LIGATURES = {"\ufb00": "ff", "\ufb03": "ffi", "\ufb04": "ffl", "\ufb01": "fi", "\ufb02": "fl",
             "\ufb06": "st", "\ufb05": "st"}

_ODD = re.compile("[\\s" + "".join(LIGATURES) + "]")

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(slots=True)
class Word:
    """A word as the old reader gave it: text, left and right edges, top and bottom measured
    from the top of the page (points), and its type size."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    last_x0: float = 0.0     # where its last character starts (for the next word's test)


def times(m: Matrix, n: Matrix) -> Matrix:
    """m then n (row vectors, as PDF writes them)."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + b * r, a * q + b * s, c * p + d * r, c * q + d * s,
            e * p + f * r + t, e * q + f * s + u)


class PageWords:
    """Reads the words of the wanted `sizes` from pages, reusing its buffers."""

    def __init__(self, sizes: Iterable[float]) -> None:
        import pypdfium2.raw as raw

        self._raw = raw
        self._sizes = tuple(sizes)
        self._matrix = raw.FS_MATRIX()
        self._size = ctypes.c_float()
        self._descent = ctypes.c_float()
        self._box = [ctypes.c_float() for _ in range(4)]
        self._buffer = (ctypes.c_ushort * 256)()
        self._buffer_bytes = ctypes.sizeof(self._buffer)
        self._ranges = [(s - SIZE_TOLERANCE, s + SIZE_TOLERANCE) for s in self._sizes]
        # (font, font size, text) -> the advance of the text (unscaled): what it takes to
        # know a piece's true right edge, learnt once per string (a book repeats its strings)
        self._advances: dict[tuple[str, float, str], float] = {}

    def words(self, page: pdfium.PdfPage, below: float | None = None) -> list[Word]:
        """The page's words in the wanted sizes, in no particular order; with `below`, lines
        whose every word has its top at or above it are left out unread (a page's header:
        those words would be dropped anyway, and reading a line of words apart costs)."""
        raw = self._raw
        height = page.get_height()
        textpage = raw.FPDFText_LoadPage(page.raw)
        if not textpage:
            raise ValueError("pdfium could not read the page's text")
        try:
            runs: list[tuple[float, list[Piece]]] = []
            self._walk(page.raw, None, IDENTITY, textpage, height, runs)
            chars = _Characters(raw, textpage, self._advances)
            out: list[Word] = []
            for _size, pieces in runs:
                out += words_of_run(pieces, chars, below)
        finally:
            raw.FPDFText_ClosePage(textpage)
        return out

    def _walk(self, page_raw: object, form: object, outer: Matrix, textpage: object,
              height: float, runs: list[tuple[float, list[Piece]]]) -> None:
        """Every text object of a page (or of a form inside it), in the order shown; runs of
        one size are appended to `runs` (a wanted size: its pieces; any other: empty)."""
        raw = self._raw
        if form is None:
            count = raw.FPDFPage_CountObjects(page_raw)
            get = raw.FPDFPage_GetObject
            owner = page_raw
        else:
            count = raw.FPDFFormObj_CountObjects(form)
            get = raw.FPDFFormObj_GetObject
            owner = form
        get_type = raw.FPDFPageObj_GetType
        get_matrix = raw.FPDFPageObj_GetMatrix
        font_size = raw.FPDFTextObj_GetFontSize
        form_kind = raw.FPDF_PAGEOBJ_FORM
        matrix, size_out = self._matrix, self._size
        ranges = self._ranges
        oa, ob, oc, od, oe, of = outer
        plain = ob == 0 and oc == 0          # the form is only moved and scaled
        for k in range(count):
            obj = get(owner, k)
            if not font_size(obj, size_out):          # not text: a form, or no matter
                if get_type(obj) == form_kind and get_matrix(obj, matrix):
                    inner = (matrix.a, matrix.b, matrix.c, matrix.d, matrix.e, matrix.f)
                    self._walk(page_raw, obj, times(inner, outer), textpage, height, runs)
                continue
            if not get_matrix(obj, matrix):
                continue
            a, b, c, d = matrix.a, matrix.b, matrix.c, matrix.d
            if plain:
                a, b, c, d = a * oa, b * od, c * oa, d * od
            else:
                a, b, c, d = a * oa + b * oc, a * ob + b * od, c * oa + d * oc, c * ob + d * od
            if a * d > 0 and b * c <= 0:     # upright, as pdfminer tells it
                size = size_out.value * (d if b == 0 and c == 0 else (b * b + d * d) ** 0.5)
                key = round(size, 6)
            else:
                size = key = -1.0
            if not runs or runs[-1][0] != key:
                runs.append((key, []))
            for lo, hi in ranges:
                if lo < size < hi:
                    break
            else:
                continue
            e, f = matrix.e, matrix.f
            if plain:
                e, f = e * oa + oe, f * od + of
            else:
                e, f = e * oa + f * oc + oe, e * ob + f * od + of
            piece = self._piece(obj, textpage, size_out.value, size, e, f, height)
            if piece is not None:
                runs[-1][1].append(piece)

    def _piece(self, obj: object, textpage: object, font_size: float, size: float,
               x: float, y: float, height: float) -> Piece | None:
        """One text object as a run of characters: its text, left edge at its origin, bottom
        on the font's descent, a type size tall; its right edge as pdfium bounds the object,
        which can fall short of the last character's advance (the old reader's right edge) by
        up to that character's width."""
        raw = self._raw
        buffer = self._buffer
        n = raw.FPDFTextObj_GetText(obj, textpage, buffer, self._buffer_bytes)
        if n > self._buffer_bytes:
            self._buffer = buffer = (ctypes.c_ushort * (n // 2 + 1))()
            self._buffer_bytes = ctypes.sizeof(buffer)
            n = raw.FPDFTextObj_GetText(obj, textpage, buffer, self._buffer_bytes)
        shown = ctypes.string_at(buffer, max(0, n - 2)).decode("utf-16-le", "replace")
        text = shown.rstrip()      # pdfium may add a space after a string (its own, generated)
        if not text:
            if not shown:
                return None
            text = " "             # whitespace alone: it still ends a word where it stands
        scale = size / font_size if font_size else 1.0
        font = raw.FPDFTextObj_GetFont(obj)
        descent = 0.0
        if font and raw.FPDFFont_GetDescent(font, font_size, self._descent):
            descent = self._descent.value * scale
        left, bottom, right, top = self._box
        right_edge = x
        if raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top) and right.value > x:
            right_edge = right.value
        base = y + descent
        return Piece(text, x, right_edge, height - (base + size), height - base, size,
                      right_edge - (right_edge - x) / len(text), obj, font, font_size,
                      scale, False, len(text) < len(shown), _ODD.search(text) is not None)


@dataclass(slots=True)
class Piece:
    """A text object's characters in a wanted size, or one character of it (`exact`: its
    right edge is the true one, from pdfium's advance box or a learnt advance)."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    last_x0: float          # where its last character starts (estimated until exact)
    obj: Any = None         # the pdfium text object (printkit.pdftextops: its characters),
    font: object = None     # its font, the font size it was set in, and the scale from
                            # that to `size`
    font_size: float = 0.0
    scale: float = 1.0
    exact: bool = False
    trailing: bool = False  # whitespace followed it (generated by pdfium, or in the PDF)
    odd: bool = False       # a space or a ligature inside: its words are its characters'


class Characters(Protocol):
    """Where the word maker gets a piece's characters and its true right edge: pdfium's
    text page here, the font's widths in printkit.pdftextops."""

    def of(self, piece: Piece) -> list[Piece]: ...

    def right(self, piece: Piece) -> float: ...


class _Characters:
    """A page's characters by text object, looked up once the first time it is asked: only
    for a piece whose words cannot be told from the object alone (a space or a ligature
    inside it, a neighbour overlapping it, or one near enough that its true right edge
    decides and that string's advance is not known yet)."""

    def __init__(self, raw: Any, textpage: Any,
                 advances: dict[tuple[str, float, str], float]) -> None:
        self._raw, self._textpage, self._advances = raw, textpage, advances
        self._by_object: dict[int, list[int]] | None = None
        self._name = ctypes.create_string_buffer(256)

    def of(self, piece: Piece) -> list[Piece]:
        """The piece's characters, each with its own edges (ligatures expanded as the old
        reader did; a space is kept: it ends a word where it stands)."""
        raw, tp = self._raw, self._textpage
        if piece.obj is None:
            return [piece]
        if self._by_object is None:
            self._by_object = {}
            for i in range(raw.FPDFText_CountChars(tp)):
                if raw.FPDFText_IsGenerated(tp, i) == 1:
                    continue
                obj = ctypes.cast(raw.FPDFText_GetTextObject(tp, i), ctypes.c_void_p).value
                self._by_object.setdefault(obj or 0, []).append(i)
        box = raw.FS_RECTF()
        out: list[Piece] = []
        address = ctypes.cast(piece.obj, ctypes.c_void_p).value or 0
        for i in self._by_object.get(address, []):
            ch = chr(raw.FPDFText_GetUnicode(tp, i))
            if not raw.FPDFText_GetLooseCharBox(tp, i, box):
                continue
            out.append(Piece(LIGATURES.get(ch, ch), box.left, box.right, piece.top,
                              piece.bottom, piece.size, box.left, exact=True))
        return out or [piece]

    def right(self, piece: Piece) -> float:
        """The piece's true right edge (the end of its last character's advance)."""
        if piece.exact:
            return piece.x1
        key = (self._font_name(piece.font), piece.font_size, piece.text)
        advance = self._advances.get(key)
        if advance is None:
            chars = self.of(piece)
            advance = (max(c.x1 for c in chars) - piece.x0) / piece.scale
            if key[0] and chars[0] is not piece:      # learnt from its characters
                self._advances[key] = advance
        piece.x1 = piece.x0 + advance * piece.scale
        piece.exact = True
        return piece.x1

    def _font_name(self, font: object) -> str:
        if not font:
            return ""
        n = self._raw.FPDFFont_GetBaseFontName(font, self._name, len(self._name))
        return self._name.raw[:max(0, n - 1)].decode("latin-1") if n <= len(self._name) else ""


def words_of_run(parts: list[Piece], chars: Characters,
                  below: float | None = None) -> list[Word]:
    """The old reader's word making over one run of a size: lines by top (clusters of tops
    within Y_TOLERANCE of the next), each line left to right, a new word at a space, a gap
    over X_TOLERANCE, a character starting before the last one's start, or a top further
    than Y_TOLERANCE from it. A piece is taken whole unless its characters could decide
    (a space or a ligature in it, or it overlaps its neighbour): then one by one. A line
    with no piece whose top is under `below` makes no word with its top under it: skipped."""
    if not parts:
        return []
    tops = sorted({p.top for p in parts})
    cluster: dict[float, int] = {}
    index, last = 0, tops[0]
    for t in tops:
        if t > last + Y_TOLERANCE:
            index += 1
        cluster[t] = index
        last = t
    ordered = sorted(parts, key=lambda p: cluster[p.top])
    out: list[_Joined] = []
    for _line, members in groupby(ordered, key=lambda p: cluster[p.top]):
        line = sorted(members, key=lambda p: p.x0)
        if below is not None and all(p.top <= below for p in line):
            continue
        line = _characters_where_needed(line, chars)
        word: _Joined | None = None
        for p in line:
            if p.text.isspace():
                word = None
                continue
            if word is not None and not (p.x0 < word.last_x0 or p.x0 > word.last_x1 + X_TOLERANCE
                                         or abs(p.top - word.last_top) > Y_TOLERANCE):
                word.text += p.text
                word.x1 = max(word.x1, p.x1)
                word.top, word.bottom = min(word.top, p.top), max(word.bottom, p.bottom)
                word.last_x0, word.last_x1, word.last_top = p.last_x0, p.x1, p.top
                continue
            word = _Joined(p.text, p.x0, p.x1, p.top, p.bottom, p.size, p.last_x0, p.x1, p.top)
            out.append(word)
    return list(out)


def _characters_where_needed(line: list[Piece], chars: Characters) -> list[Piece]:
    """A line's pieces left to right, each with a right edge that is true wherever the next
    piece is near enough for it to matter (pdfium's bound can fall short of it by up to a
    character's width); a piece holding a space or a ligature, or overlapping its
    neighbour, or followed by whitespace with its neighbour near (is the space in the PDF,
    or pdfium's own?), as its characters (sorted into the line as the old reader sorted them)."""
    split: set[int] = set()
    for i, p in enumerate(line):
        if p.odd:
            split.add(i)
        if i + 1 < len(line):
            q = line[i + 1]
            if not p.exact and q.x0 <= p.x1 + X_TOLERANCE + SHORT * p.size:
                chars.right(p)            # near: its true right edge decides
            if q.x0 < p.x1:
                split.update((i, i + 1))
            elif p.trailing and q.x0 <= p.x1 + X_TOLERANCE:
                split.add(i)              # it would join q unless a space in the PDF ends it
    if not split:
        return line
    out: list[Piece] = []
    for i, p in enumerate(line):
        out += chars.of(p) if i in split else [p]
    out.sort(key=lambda p: p.x0)
    return out


@dataclass(slots=True)
class _Joined(Word):
    last_x1: float = 0.0     # where its last character ends, and that character's top:
    last_top: float = 0.0    # the old reader measured the gap and the rise from the last one
