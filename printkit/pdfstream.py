"""A PDF written as it is drawn: each finished page goes to the output at once.

reportlab keeps every page (its dictionary, its content stream, its resources) until the
document is saved, then numbers and writes all objects in one pass: memory grows with the page
count (about 16 KB a page in a classroom pack, 1.5-2 GB for 10,000 pages). A PDF does not need
its objects in number order (the cross-reference table gives each one's offset), so this
document writes a page and its content stream the moment the page is shown and keeps only
their offsets; what can still change (the page tree, the font dictionary, fonts whose subsets
are known only at the end, forms, the catalogue) is written at the end as reportlab would.

The objects and their numbering follow from the drawing alone, so the bytes are as
deterministic as reportlab's own.
"""

from __future__ import annotations

import zlib
from typing import BinaryIO

from reportlab.pdfbase import pdfdoc


class _Written:
    """Stands in, in the document's object table, for an object already written out."""

    __slots__ = ()


WRITTEN = _Written()
# the attribute naming, on a form resumed from a snapshot (printkit.pdfsnapshot), the dict of
# its written bytes by object name that every copy of that snapshot shares
KEPT = "_printkit_formatted"


class Flate(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's FlateDecode filter at a chosen zlib level (reportlab always uses 6)."""

    def __init__(self, level: int) -> None:
        self.level = level

    def encode(self, text: str | bytes) -> bytes:
        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text,
                             self.level)


class Remembered(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's FlateDecode filter (zlib's default level, reportlab's bytes) remembering
    what it made for a big stream: an embedded font's subset is the same bytes in every
    document a process draws with the same glyphs (a board rendered again, a demo's sheets),
    and compressing it was a fifth of a warm board's render. zlib gives the same output for
    the same input and level, so a remembered stream is the bytes compressing it would give."""

    SMALLEST = 1_024             # bytes: smaller streams are compressed each time (a font's
                                 # ToUnicode map, 2-8 KB, is remembered too: a board's two
                                 # maps cost it about 0.7 ms a render)
    KEPT = 16_000_000            # bytes of input remembered at most (then forgotten at once)

    def __init__(self) -> None:
        self._memo: dict[bytes, bytes] = {}
        self._kept = 0

    def forget(self) -> None:
        """Drop what is remembered (a measurement of one document's memory starts so)."""
        self._memo.clear()
        self._kept = 0

    def encode(self, text: str | bytes) -> bytes:
        data = text.encode("utf8") if isinstance(text, str) else text
        if len(data) < self.SMALLEST:
            return zlib.compress(data)
        out = self._memo.get(data)
        if out is None:
            out = zlib.compress(data)
            if self._kept + len(data) > self.KEPT:
                self._memo.clear()
                self._kept = 0
            self._memo[data] = out
            self._kept += len(data)
        return out


REMEMBERED = Remembered()


class Formatted(pdfdoc.PDFObject):
    """A PDF value whose bytes are already made (what reportlab's format gives for it)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def format(self, document: object) -> bytes:
        return self.data


WIDTHS_KEPT = 256                # subsets' width arrays remembered (a few KB each)
_widths: dict[tuple[float, ...], Formatted] = {}


def formatted_widths(widths: pdfdoc.PDFArray, document: pdfdoc.PDFDocument) -> Formatted:
    """A font subset's /Widths array formatted once per set of widths: the same subset in
    every document a process draws (a board drawn again) has the same widths, and formatting
    its 100-256 numbers one by one was a tenth of a warm board's final write. The bytes are
    reportlab's own (its format of the array, made the first time)."""
    key = tuple(widths.sequence)
    out = _widths.get(key)
    if out is None:
        out = Formatted(widths.format(document))
        if len(_widths) >= WIDTHS_KEPT:
            del _widths[next(iter(_widths))]
        _widths[key] = out
    return out


class StreamingPDFDocument(pdfdoc.PDFDocument):
    """reportlab's document writing finished pages to `sink` as it goes (see module doc).

    Installed on a canvas by :func:`stream_canvas`; the canvas is used as usual, then
    :meth:`flush_page` after each ``showPage`` and ``canvas.save()`` at the end."""

    _sink: BinaryIO
    _offset: int
    _header: bytes

    _shared: pdfdoc.PDFDictionary | None
    _shared_ref: pdfdoc.PDFObjectReference | None

    def start(self, sink: BinaryIO) -> None:
        self._sink = sink
        self._offset = 0
        self._header = b""
        self._shared = self._shared_ref = None
        self._flate: list[Flate] | None = None
        self._next_flate: list[Flate] | None = None

    def compress_pages(self, level: int) -> None:
        """Compress page content streams at zlib `level` (1-9) from now on. A play book's
        pages are mostly numbers that differ from page to page (draws, QR dash arrays), where
        level 3 writes about a tenth more bytes than reportlab's 6 in half the time."""
        self._flate = [Flate(level)]

    def compress_next_page(self, level: int) -> None:
        """Compress the next page shown (only that one) at zlib `level`: one printable's page
        in a document of many (a kit, a class pack) leaves the other pages as they were."""
        self._next_flate = [Flate(level)]

    def share_xobjects(self) -> None:
        """From now on every page names its forms through one XObject dictionary, written at
        the end with every form the pages used: a page of a long book (a slip's 16 chips,
        its frame, the header, the cut lines) then carries `/XObject 5 0 R` instead of
        formatting and writing the same 20 names and references again. A page's resources
        may name forms it does not draw (PDF 32000-1, 7.8.3)."""
        if self._shared is None:
            self._shared = pdfdoc.PDFDictionary()

    def _write(self, data: bytes) -> int:
        if not self._header:
            self._header = pdfdoc.PDFFile(self._pdfVersion).strings[0]
            self._sink.write(self._header)
            self._offset = len(self._header)
        at = self._offset
        self._sink.write(data)
        self._offset += len(data)
        return at

    def _emit(self, name: str, obj: pdfdoc.PDFObject) -> None:
        kept: dict[str, bytes] | None = getattr(obj, KEPT, None)
        if kept is None:
            data = pdfdoc.PDFIndirectObject(name, obj).format(self)
        else:                           # a snapshot's form: the same bytes in every copy
            data = kept.get(name) or kept.setdefault(
                name, pdfdoc.PDFIndirectObject(name, obj).format(self))
        self.idToOffset[name] = self._write(data)
        self.idToObject[name] = WRITTEN

    def flush_page(self) -> None:
        """Write the last shown page and its content stream, and let them go."""
        pages = self.Pages.pages
        page = pages[-1]
        if not isinstance(page, pdfdoc.PDFPage):
            return
        name = page.__InternalName__
        if self._shared is not None and page.XObjects is not None:
            self._shared.dict.update(page.XObjects.dict)
            if self._shared_ref is None:
                self._shared_ref = self.Reference(self._shared)
            page.XObjects = self._shared_ref
        self._emit(name, page)                  # numbers its content stream (and the tree)
        contents = page.Contents
        cname = getattr(contents, "__InternalName__", None)
        if cname is not None and self.idToObject.get(cname) is contents:
            flate = self._next_flate or self._flate
            if flate is not None and contents.filters == [pdfdoc.PDFZCompress]:
                contents.filters = flate
            self._emit(cname, contents)
        self._next_flate = None
        pages[-1] = pdfdoc.PDFObjectReference(name)

    def format(self) -> bytes:
        """reportlab's final pass (PDFDocument.format), skipping what is already written and
        writing to the sink; returns nothing (the bytes are in the sink)."""
        self.encrypt.prepare(self)
        if self.encrypt.info():
            raise ValueError("a streamed PDF cannot be encrypted")
        cat, info = self.Catalog, self.info
        self.Reference(cat)
        self.Reference(info)
        ids: list[str] = []
        counter = 0
        while True:
            counter += 1
            if counter not in self.numberToId:
                break
            oid = self.numberToId[counter]
            obj = self.idToObject[oid]
            if obj is not WRITTEN:
                if isinstance(obj, pdfdoc.PDFTrueTypeFont) \
                        and isinstance(getattr(obj, "Widths", None), pdfdoc.PDFArray):
                    obj.Widths = formatted_widths(obj.Widths, self)
                if isinstance(obj, pdfdoc.PDFStream) and obj.filters == [pdfdoc.PDFZCompress]:
                    obj.filters = [REMEMBERED]          # a font's subset: see Remembered
                self._emit(oid, obj)
            ids.append(oid)
        xref = pdfdoc.PDFCrossReferenceTable()
        xref.addsection(0, ids)
        at = self._write(xref.format(self))
        trailer = pdfdoc.PDFTrailer(startxref=at, Size=len(self.numberToId) + 1,
                                    Root=self.Reference(cat), Info=self.Reference(info),
                                    ID=self.ID())
        self._write(trailer.format(self))
        self._fix_header()
        return b""

    def _fix_header(self) -> None:
        """The header was written with the version known at the first page; a feature used
        later may have raised it (same length: "%PDF-1.x")."""
        header = pdfdoc.PDFFile(self._pdfVersion).strings[0]
        if header != self._header:
            if len(header) != len(self._header):
                raise ValueError(f"PDF version {self._pdfVersion} changed the header length")
            self._sink.seek(0)
            self._sink.write(header)
            self._sink.seek(0, 2)

    def SaveToFile(self, filename: object, canvas: object) -> None:  # noqa: N802 (reportlab)
        if getattr(self, "_savedToFile", False):
            raise RuntimeError("a document is saved once")
        self._savedToFile = True
        self.GetPDFData(canvas)


def stream_canvas(canvas: object, sink: BinaryIO) -> StreamingPDFDocument:
    """Make a fresh canvas's document a streaming one writing to `sink` (before any drawing:
    the document has no pages yet, so only its class changes)."""
    doc = canvas._doc                                     # type: ignore[attr-defined]
    if doc.Pages.pages:
        raise ValueError("stream_canvas: the canvas has pages already")
    doc.__class__ = StreamingPDFDocument
    doc.start(sink)
    return doc
