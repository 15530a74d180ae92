"""Words of chosen type sizes read straight from a PDF page's text operators (pikepdf).

`printkit scan` reads a play book's printed draws back (printkit.books.readback). pdfium
(printkit.pdfwords) loads each page whole: every path of the QR, every text object laid out
and analysed character by character, then one call per string for its text; about 16 ms a
page, a 1,544-page book in 25 s. The strings a page shows are in its content stream, and the
content streams printkit writes use a handful of operators (`BT`, `Tf`, `Tm`, `Td`, `Tj`,
`ET`, forms placed with `cm` and `Do`): read with one regular expression and a small text
state machine, a page takes well under a millisecond or two.

What is read is what is printed: each string shown, decoded through its font's ToUnicode map,
placed by the text and graphics matrices and sized by the font size and the matrices, its
right edge the sum of its glyphs' advances (the font's /Widths); text in forms placed where
the form is drawn. The words are then made by printkit.pdfwords' own word maker, so the page
reads as pdfium reads it (tests/printkit/test_pdftextops.py holds the two equal).

A page that uses anything this reader does not model (character or word spacing, horizontal
scaling, rise, a render mode other than fill, kerned `TJ` arrays, inline images, Type 0 or
Type 3 fonts, a font without a ToUnicode map, rotated or sheared text in a wanted size, a
rotated page or one whose box does not start at 0 0, a literal string with nested brackets, an
operator it does not know) raises `Unsupported`, and the caller reads that page with pdfium:
an edited PDF is never read less carefully than before, only a page printkit wrote faster.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from printkit.pdfwords import (
    IDENTITY,
    LIGATURES,
    SIZE_TOLERANCE,
    Matrix,
    Piece,
    Word,
    times,
    words_of_run,
)


class Unsupported(Exception):
    """The page uses something this reader does not model: read it with pdfium."""


# one token: a literal string (no nested brackets: those fall to the last branch), a hex
# string, a number, a name, a bracket or dictionary delimiter, an operator, a comment; any
# other character is a token of its own, which no operator matches (Unsupported)
_TOKEN = re.compile(rb"""
    \((?:[^()\\]|\\.)*\)
  | <[0-9A-Fa-f\s]*>
  | [-+]?(?:\d+\.?\d*|\.\d+)
  | /[^\s/\[\]()<>{}%]*
  | \[ | \] | << | >>
  | [A-Za-z'"*][A-Za-z0-9'"*]*
  | %[^\r\n]*
  | \S
""", re.S | re.X)

_NUMBER = rb"[-+]?(?:\d+\.?\d*|\.\d+)"
_END = rb"(?![A-Za-z0-9'\"*])"
# the two instructions most of a book page is made of, matched whole: `x y Td` (groups 1,
# 2) and `(string) Tj` (group 3); anything else one token at a time (group 4)
_INSTRUCTION = re.compile(
    rb"\s*(?:(" + _NUMBER + rb")\s+(" + _NUMBER + rb")\s+Td" + _END
    + rb"|(\([^()\\]*(?:\\.[^()\\]*)*\))\s*Tj" + _END
    + rb"|(" + _TOKEN.pattern + rb"))", re.S | re.X)
_NUMBER_START = frozenset(b"0123456789+-.")
_ESCAPES = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b",
            ord("f"): b"\f", ord("("): b"(", ord(")"): b")", ord("\\"): b"\\"}
_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|.)", re.S)

# operators that paint or set graphics state without moving or changing text
_IGNORED = frozenset({
    b"w", b"J", b"j", b"M", b"d", b"ri", b"i", b"m", b"l", b"c", b"v", b"y", b"h", b"re",
    b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n", b"W", b"W*", b"CS", b"cs",
    b"SC", b"SCN", b"sc", b"scn", b"G", b"g", b"RG", b"rg", b"K", b"k", b"sh", b"BMC",
    b"BDC", b"EMC", b"MP", b"DP", b"BX", b"EX", b"TL"})
# text state that must stay at its default for a string's advance to be its glyph widths
_DEFAULTS = {b"Tc": 0.0, b"Tw": 0.0, b"Tz": 100.0, b"Ts": 0.0, b"Tr": 0.0}
_CHARACTERS = re.compile(r"[^\s\x00-\x1f\x7f-\x9f\ufffd" + "".join(LIGATURES) + "]")


def _unescape(body: bytes) -> bytes:
    """A literal string's bytes (PDF 32000-1, 7.3.4.2)."""
    if b"\\" not in body:
        return body

    def one(m: re.Match[bytes]) -> bytes:
        s = m.group(1)
        if s[:1].isdigit():
            return bytes((int(s, 8) & 0xFF,))
        if s in (b"\n", b"\r", b"\r\n"):
            return b""                      # a line continued
        return _ESCAPES.get(s[0], s)

    return _ESCAPE.sub(one, body)


def _string(token: bytes) -> bytes:
    if token[:1] == b"(":
        return _unescape(token[1:-1])
    digits = re.sub(rb"\s", b"", token[1:-1])
    if len(digits) % 2:
        digits += b"0"
    return bytes.fromhex(digits.decode("ascii"))


@dataclass(frozen=True, slots=True, eq=False)
class _Font:
    """A simple font as far as reading it needs: each code's text and advance (1/1000 em),
    and its descent (1/1000 em); what each string it shows advances (ems), and reads as."""

    text: dict[int, str]
    widths: dict[int, float]
    missing: float
    descent: float
    advances: dict[bytes, float] = field(default_factory=dict)
    strings: dict[bytes, tuple[str, float, float, bool]] = field(default_factory=dict)

    def advance(self, codes: bytes) -> float:
        """How far the string moves the text position, in ems."""
        found = self.advances.get(codes)
        if found is None:
            widths, missing = self.widths, self.missing
            found = self.advances[codes] = sum(widths.get(k, missing) for k in codes) / 1000
            if len(self.advances) > 50_000:      # bounded: a book's strings repeat
                self.advances.clear()
        return found

    def string(self, codes: bytes) -> tuple[str, float, float, bool]:
        """The string's text (a blank one as one space), where its last character starts
        and where it ends (ems), and whether its characters must be read one by one (a space
        in it); Unsupported for a code with no plain text."""
        found = self.strings.get(codes)
        if found is None:
            chars = [self.text.get(k) for k in codes]
            if any(ch is None or len(ch) != 1 or not (_CHARACTERS.match(ch) or ch.isspace())
                   for ch in chars):
                raise Unsupported("a character with no plain text in a wanted size")
            text = "".join(chars)  # type: ignore[arg-type]
            odd = not text.strip() or any(ch.isspace() for ch in text)
            found = self.strings[codes] = (text if text.strip() else " ",
                                           self.advance(codes[:-1]), self.advance(codes), odd)
            if len(self.strings) > 50_000:
                self.strings.clear()
        return found

    def chars(self, codes: bytes, x: float, unit: float) -> list[tuple[str, float, float]]:
        """Each character of the string with its left and right edges (`unit`: points a
        1/1000 em)."""
        out = []
        for code in codes:
            step = self.widths.get(code, self.missing) * unit
            out.append((self.text[code], x, x + step))
            x += step
        return out


_BFCHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_BFRANGE = re.compile(rb"beginbfrange(.*?)endbfrange", re.S)
_HEX = re.compile(rb"<([0-9A-Fa-f\s]*)>|\[|\]")


def _utf16(digits: bytes) -> str:
    raw = bytes.fromhex(re.sub(rb"\s", b"", digits).decode("ascii"))
    return raw.decode("utf-16-be", "replace")


def _to_unicode(cmap: bytes) -> dict[int, str]:
    """A one-byte ToUnicode CMap's bfchar and bfrange entries (Unsupported for others)."""
    out: dict[int, str] = {}
    for block in _BFCHAR.findall(cmap):
        items = [m.group(1) for m in _HEX.finditer(block)]
        if len(items) % 2 or any(i is None for i in items):
            raise Unsupported("a bfchar entry not in pairs")
        for src, dst in zip(items[0::2], items[1::2], strict=True):
            out[int(src, 16)] = _utf16(dst)
    for block in _BFRANGE.findall(cmap):
        tokens = [m.group(1) if m.group(1) is not None else m.group(0)
                  for m in _HEX.finditer(block)]
        k = 0
        while k + 2 < len(tokens) + 0:
            lo, hi, dst = tokens[k], tokens[k + 1], tokens[k + 2]
            if dst == b"[" or lo in (b"[", b"]") or hi in (b"[", b"]"):
                raise Unsupported("a bfrange with an array")
            first, last, start = int(lo, 16), int(hi, 16), _utf16(dst)
            if not start:
                raise Unsupported("an empty bfrange destination")
            for n, code in enumerate(range(first, last + 1)):
                out[code] = start[:-1] + chr(ord(start[-1]) + n)
            k += 3
    if any(code > 0xFF for code in out):
        raise Unsupported("a ToUnicode map of codes wider than a byte")
    return out


def _font(obj: Any) -> _Font:
    """A font dictionary read once (Unsupported unless a simple font with ToUnicode)."""
    import pikepdf

    if obj.get("/Subtype") not in (pikepdf.Name.TrueType, pikepdf.Name.Type1):
        raise Unsupported("a font that is not a simple TrueType or Type 1 font")
    cmap = obj.get("/ToUnicode")
    widths = obj.get("/Widths")
    descriptor = obj.get("/FontDescriptor")
    if not isinstance(cmap, pikepdf.Stream) or widths is None or descriptor is None:
        raise Unsupported("a font without ToUnicode, Widths or a descriptor")
    first = int(obj.get("/FirstChar", 0))
    return _Font(_to_unicode(cmap.read_bytes()),
                 {first + i: float(w) for i, w in enumerate(widths)},
                 float(descriptor.get("/MissingWidth", 0)),
                 float(descriptor.get("/Descent", 0)))


# what a page shows, for the word maker: (size key, font, font size, size, matrix, codes,
# dx, dy) for a string in a wanted size (its matrix the text matrix times the graphics
# matrix, moved by dx, dy: a form placed by a move keeps its own); for any other string only
# its size key, as (key, None, ...) and only where the key changes (strings of one size in a
# row make one run of words; only a change of size ends it)
Entry = tuple[float, "_Font | None", float, float, Matrix, bytes, float, float]
_NOT_UPRIGHT = -1.0


class _Reader:
    """Turns content streams into what they show (Entry), remembering fonts and forms (a
    book's pages share them) for as long as it reads one document."""

    def __init__(self, sizes: Iterable[float]) -> None:
        self._ranges = [(s - SIZE_TOLERANCE, s + SIZE_TOLERANCE) for s in sizes]
        self._fonts: dict[tuple[int, int], _Font] = {}
        self._forms: dict[tuple[tuple[int, int], tuple[float, ...]], list[Entry]] = {}
        # (font size, vertical scale) of an upright string: its size key, size, wanted
        self._sizes: dict[tuple[float, float], tuple[float, float, bool]] = {}
        self._markers: dict[float, Entry] = {}

    def font(self, resources: Any, name: str) -> _Font:
        fonts = resources.get("/Font") if resources is not None else None
        obj = fonts.get(name) if fonts is not None else None
        if obj is None:
            raise Unsupported(f"font {name} not in the resources")
        key = obj.objgen
        if key == (0, 0):
            return _font(obj)
        found = self._fonts.get(key)
        if found is None:
            found = self._fonts[key] = _font(obj)
        return found

    def size(self, font_size: float, m: Matrix) -> tuple[float, float, bool]:
        """A string's size key, its size and whether that size is wanted: the font size
        times the matrix's vertical scale for upright text (as pdfium and pdfminer tell it),
        -1 for any other."""
        a, b, c, d = m[0], m[1], m[2], m[3]
        if b == 0 and c == 0 and a * d > 0:
            found = self._sizes.get((font_size, d))
            if found is None:
                found = self._sizes[(font_size, d)] = self._sized(font_size * d)
            return found
        if a * d > 0 and b * c <= 0:
            return self._sized(font_size * (b * b + d * d) ** 0.5)
        return self._sized(_NOT_UPRIGHT)

    def _sized(self, size: float) -> tuple[float, float, bool]:
        if size == _NOT_UPRIGHT:
            return _NOT_UPRIGHT, size, False
        return round(size, 6), size, any(lo < size < hi for lo, hi in self._ranges)

    def marker(self, key: float) -> Entry:
        found = self._markers.get(key)
        if found is None:
            found = self._markers[key] = (key, None, 0.0, 0.0, IDENTITY, b"", 0.0, 0.0)
        return found

    def form(self, obj: Any, linear: Matrix) -> list[Entry]:
        """What a form shows drawn with the graphics matrix `linear` (no move: the caller
        moves the strings in wanted sizes), read once per form and matrix."""
        key = (obj.objgen, linear[:4])
        found = self._forms.get(key) if key[0] != (0, 0) else None
        if found is None:
            matrix = obj.get("/Matrix")
            m = IDENTITY if matrix is None else tuple(float(v) for v in matrix)
            if len(m) != 6:
                raise Unsupported("a form matrix of the wrong length")
            found = self.entries(obj.read_bytes(), obj.get("/Resources"),
                                 times(m, linear))
            if key[0] != (0, 0):
                self._forms[key] = found
        return found

    def entries(self, content: bytes, resources: Any, ctm: Matrix) -> list[Entry]:
        """What the content shows, in order (a form's where it is drawn)."""
        out: list[Entry] = []
        last = None                 # the size key of the last string
        stack: list[Matrix] = []
        operands: list[Any] = []
        font: _Font | None = None
        size = 0.0
        tm = tlm = IDENTITY
        leading = 0.0
        in_text = False
        array: list[Any] | None = None
        plain = ctm == IDENTITY         # text matrices are page matrices as they stand
        sizes = self._sizes
        advances: dict[bytes, float] = {}
        moved = 0.0                     # how far the last string moved the text position
        for tx, ty, shown, tok in _INSTRUCTION.findall(content):
            if shown:                               # (string) Tj
                if operands or array is not None or font is None:
                    raise Unsupported("a string shown with other operands, or no font")
                codes = shown[1:-1]
                if b"\\" in codes:
                    codes = _unescape(codes)
                if codes:
                    if moved:                       # the string before moved the position
                        tm = (tm[0], tm[1], tm[2], tm[3],
                              tm[4] + moved * tm[0], tm[5] + moved * tm[1])
                    m = tm if plain else times(tm, ctm)
                    if m[1] == 0 and m[2] == 0 and m[0] * m[3] > 0:
                        found = sizes.get((size, m[3])) or self.size(size, m)
                    else:
                        found = self.size(size, m)
                    key = found[0]
                    if found[2]:
                        out.append((key, font, size, found[1], m, codes, 0.0, 0.0))
                    elif key != last:
                        out.append(self.marker(key))
                    last = key
                    advance = advances.get(codes)
                    moved = (font.advance(codes) if advance is None else advance) * size
                continue
            if tx:                                  # x y Td
                if operands or array is not None:
                    raise Unsupported("Td with other operands")
                x, y = float(tx), float(ty)
                a, b, c, d, e, f = tlm
                tm = tlm = (a, b, c, d, x * a + y * c + e, x * b + y * d + f)
                moved = 0.0
                continue
            first = tok[0]
            if first in _NUMBER_START:
                (array if array is not None else operands).append(float(tok))
                continue
            if first == 0x28 or (first == 0x3C and tok[:2] != b"<<"):      # ( or <
                (array if array is not None else operands).append(_string(tok))
                continue
            if first == 0x2F:                                              # /
                (array if array is not None else operands).append(tok[1:].decode("latin-1"))
                continue
            if tok == b"[":
                if array is not None:
                    raise Unsupported("a nested array")
                array = []
                continue
            if tok == b"]":
                if array is None:
                    raise Unsupported("an unopened array")
                operands.append(array)
                array = None
                continue
            if first == 0x25:                                              # % comment
                continue
            if array is not None or tok in (b"<<", b">>"):
                raise Unsupported("a dictionary or an operator inside an array")
            op = tok
            if op in (b"Tj", b"'", b'"'):
                if op == b"'" or op == b'"':
                    tlm = (tlm[0], tlm[1], tlm[2], tlm[3],
                           tlm[4] - leading * tlm[2], tlm[5] - leading * tlm[3])
                    tm, moved = tlm, 0.0
                if not operands or not isinstance(operands[-1], bytes) or font is None:
                    raise Unsupported("a string shown without a string or a font")
                if op == b'"' and (len(operands) != 3 or operands[0] or operands[1]):
                    raise Unsupported("word or character spacing set by a \" operator")
                codes = operands[-1]
                if codes:
                    if moved:
                        tm = (tm[0], tm[1], tm[2], tm[3],
                              tm[4] + moved * tm[0], tm[5] + moved * tm[1])
                    m = tm if plain else times(tm, ctm)
                    key, shown_size, wanted = self.size(size, m)
                    if wanted:
                        out.append((key, font, size, shown_size, m, codes, 0.0, 0.0))
                    elif key != last:
                        out.append(self.marker(key))
                    last = key
                    moved = font.advance(codes) * size
            elif op == b"Td" or op == b"TD":
                if len(operands) != 2:
                    raise Unsupported("Td without two numbers")
                tx, ty = operands
                if op == b"TD":
                    leading = -ty
                tlm = (tlm[0], tlm[1], tlm[2], tlm[3],
                       tx * tlm[0] + ty * tlm[2] + tlm[4], tx * tlm[1] + ty * tlm[3] + tlm[5])
                tm, moved = tlm, 0.0
            elif op == b"Tm":
                if len(operands) != 6:
                    raise Unsupported("Tm without six numbers")
                tm = tlm = tuple(operands)
                moved = 0.0
            elif op == b"T*":
                tlm = (tlm[0], tlm[1], tlm[2], tlm[3],
                       tlm[4] - leading * tlm[2], tlm[5] - leading * tlm[3])
                tm, moved = tlm, 0.0
            elif op == b"Tf":
                if len(operands) != 2 or not isinstance(operands[0], str):
                    raise Unsupported("Tf without a font and a size")
                size = operands[1]
                try:
                    font = self.font(resources, "/" + operands[0])
                except Unsupported:     # only a string shown in it is beyond this reader
                    font = None
                advances = font.advances if font is not None else {}
            elif op == b"TL":
                if len(operands) != 1:
                    raise Unsupported("TL without a number")
                leading = operands[0]
            elif op == b"BT":
                if in_text:
                    raise Unsupported("BT inside a text object")
                in_text, tm, tlm, moved = True, IDENTITY, IDENTITY, 0.0
            elif op == b"ET":
                in_text = False
            elif op == b"cm":
                if len(operands) != 6:
                    raise Unsupported("cm without six numbers")
                ctm = times(tuple(operands), ctm)
                plain = ctm == IDENTITY
            elif op == b"q":
                stack.append(ctm)
            elif op == b"Q":
                if stack:
                    ctm = stack.pop()
                    plain = ctm == IDENTITY
            elif op == b"Do":
                drawn = self._draw(resources, operands, ctm)
                if drawn:
                    out += drawn
                    last = drawn[-1][0]
            elif op in _DEFAULTS:
                if len(operands) != 1 or operands[0] != _DEFAULTS[op]:
                    raise Unsupported(f"text state {op.decode()} not at its default")
            elif op == b"gs":
                states = resources.get("/ExtGState") if resources is not None else None
                state = states.get("/" + operands[0]) if states is not None and operands \
                    and isinstance(operands[0], str) else None
                if state is None or "/Font" in state:
                    raise Unsupported("a graphics state that sets a font, or none")
            elif op == b"TJ":
                raise Unsupported("a TJ array")
            elif op not in _IGNORED:
                raise Unsupported(f"operator {op[:20]!r}")
            operands = []
        return out

    def _draw(self, resources: Any, operands: list[Any], ctm: Matrix) -> list[Entry]:
        """What the form `Do` draws shows (nothing for an image)."""
        import pikepdf

        xobjects = resources.get("/XObject") if resources is not None else None
        name = operands[0] if len(operands) == 1 and isinstance(operands[0], str) else None
        obj = xobjects.get("/" + name) if xobjects is not None and name is not None else None
        if obj is None:
            raise Unsupported("Do of an XObject not in the resources")
        kind = obj.get("/Subtype")
        if kind == pikepdf.Name.Image:
            return []
        if kind != pikepdf.Name.Form:
            raise Unsupported("an XObject that is neither a form nor an image")
        entries = self.form(obj, (ctm[0], ctm[1], ctm[2], ctm[3], 0.0, 0.0))
        e, f = ctm[4], ctm[5]
        if not e and not f:
            return entries
        return [entry if entry[1] is None else entry[:6] + (entry[6] + e, entry[7] + f)
                for entry in entries]


class _Chars:
    """Each piece's characters (printkit.pdfwords' word maker asks for them where they
    decide); every piece here is exact: its right edge is its glyphs' advances."""

    def of(self, piece: Piece) -> list[Piece]:
        font, codes, unit = piece.obj
        chars = font.chars(codes, piece.x0, unit)
        return [Piece(LIGATURES.get(ch, ch), x0, x1, piece.top, piece.bottom, piece.size, x0,
                      exact=True) for ch, x0, x1 in chars]

    def right(self, piece: Piece) -> float:
        return piece.x1


class StreamWords:
    """Reads the words of the wanted `sizes` from the pages of one open pikepdf document
    (see the module doc); a page it cannot model raises Unsupported."""

    def __init__(self, sizes: Iterable[float]) -> None:
        self._reader = _Reader(sizes)
        self._chars = _Chars()

    def words(self, page: Any, below: float | None = None) -> list[Word]:
        """The page's words in the wanted sizes, in no particular order (`below` as in
        printkit.pdfwords.PageWords.words)."""
        import pikepdf

        obj = page.obj
        box = [float(v) for v in obj.get("/MediaBox", ())]
        crop = obj.get("/CropBox")
        if (len(box) != 4 or box[0] != 0 or box[1] != 0 or int(obj.get("/Rotate", 0)) % 360
                or "/UserUnit" in obj
                or (crop is not None and [float(v) for v in crop] != box)):
            raise Unsupported("a page box not at 0 0, a crop box or a rotation")
        width, height = box[2], box[3]
        contents = obj.get("/Contents")
        if contents is None:
            return []
        if isinstance(contents, pikepdf.Array):
            content = b"\n".join(s.read_bytes() for s in contents)
        else:
            content = contents.read_bytes()
        runs: list[list[Piece]] = []
        pieces: list[Piece] = []
        last = None
        for key, font, font_size, size, (a, b, c, _d, e, f), codes, dx, dy in \
                self._reader.entries(content, obj.get("/Resources"), IDENTITY):
            if key != last:
                pieces = []
                runs.append(pieces)
                last = key
            if font is None:
                continue
            if b or c:
                raise Unsupported("rotated or sheared text in a wanted size")
            e, f = e + dx, f + dy
            if not (0 <= e <= width and 0 <= f <= height):
                raise Unsupported("a string shown off the page")
            found = font.strings.get(codes)
            text, start, end, odd = found if found is not None else font.string(codes)
            unit = font_size * a
            base = f + font.descent * size / 1000
            pieces.append(Piece(text, e, e + end * unit, height - (base + size),
                                height - base, size, e + start * unit,
                                (font, codes, unit / 1000), exact=True, odd=odd))
        out: list[Word] = []
        for run in runs:
            if run:
                out += words_of_run(run, self._chars, below)
        return out
