"""Reading the draws back out of a play-book PDF, to catch a PDF edited with its QR intact.

The QR proves what the seed makes; this proves the pages print exactly that. Draws are found
by their type size from the shipped layout (dice values, card texts, deal codes), in reading
order, so the check needs no markup in the PDF. A book made with a custom --layout that
changes those sizes is reported as not checked rather than as altered.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.books import layout_name
from printkit.draw.suits import card_text
from printkit.layout import load_layout
from printkit.pdfwords import Word
from printkit_engine.cards import is_card
from printkit_engine.playbook import Book

SIZE_KEYS = {"dice": ("dice.value_size",), "cards": ("cards.card_size", "cards.code_size"),
             "deal": ("deal.code_size",)}


@dataclass(frozen=True)
class Printed:
    token: str
    where: str     # how a record cites it: "H17", "deal/3 #12", "drive/2 P3"


def expected(book: Book) -> Iterator[Printed]:
    """The draws as the book prints them, in reading order, one stream at a time: a lazy
    book (printkit_engine.playbook.lazy) draws each stream as it is reached and lets it go,
    so a comparison holds a page's draws, not the book's (issue 28)."""
    scheme = book.spec.scheme
    if scheme.kind == "dice":
        for label, dice in book.streams.items():
            letter = scheme.section(label).cite
            yield from (Printed(str(v), f"{letter}{i}") for i, v in enumerate(dice, start=1))
    elif scheme.kind == "deal":
        for deal in book.each_deal():
            for seat, cards in sorted(deal.hands):
                yield from (Printed(c, f"drive/{deal.drive} P{seat}") for c in cards)
            yield from (Printed(c, f"drive/{deal.drive} sidelines") for c in deal.sidelines)
    else:
        for label, cards in book.streams.items():
            yield from (Printed(card_text(c) if is_card(c) else c, f"{label} #{i}")
                        for i, c in enumerate(cards, start=1))


def printed_tokens(pdf: bytes | Path, kind: str) -> Iterator[str]:
    """Words set in the draw type sizes, below each page's header, in reading order; one
    page at a time (pages are let go as soon as they are read).

    Each page's text operators are read straight from its content stream
    (printkit.pdftextops, a page in about a millisecond), the words made as pdfium's reader
    makes them; a page using anything that reader does not model, or a file qpdf reads only
    by repairing it, is read by pdfium (printkit.pdfwords: one call per string shown, placed
    as the old pdfminer-based reader placed them), so every page reads back as before."""
    layout = load_layout(layout_name(kind))
    sizes = [layout.length(k) for k in SIZE_KEYS[kind]]
    header = layout.length("page.margin") + layout.length("header.height")
    for words in _page_words(pdf, sizes, header):
        words = [w for w in words if w.top > header]
        words.sort(key=lambda w: (round(w.bottom, 1), w.x0))
        yield from (w.text for w in words)


def _page_words(pdf: bytes | Path, sizes: list[float], header: float) -> Iterator[list[Word]]:
    """Each page's words in the wanted sizes: from its text operators where they can be
    modelled, else from pdfium (the whole file, when qpdf cannot open it unrepaired)."""
    import io

    import pikepdf

    from printkit.pdftextops import StreamWords, Unsupported

    with _Pdfium(pdf, sizes, header) as pdfium:
        try:
            doc = pikepdf.open(io.BytesIO(pdf) if isinstance(pdf, bytes) else pdf,
                               attempt_recovery=False)
        except Exception:       # damaged: pdfium reads it, or says why not, as before
            yield from (pdfium.words(i) for i in range(pdfium.count()))
            return
        with doc:
            reader = StreamWords(sizes)
            for index, page in enumerate(doc.pages):
                try:
                    words = reader.words(page, header)
                except (Unsupported, pikepdf.PdfError):     # pdfium reads it as before
                    words = pdfium.words(index)
                yield words


class _Pdfium:
    """pdfium's reading of pages, the document opened at the first page asked for."""

    def __init__(self, pdf: bytes | Path, sizes: list[float], header: float) -> None:
        self._pdf, self._sizes, self._header = pdf, sizes, header
        self._doc: Any = None
        self._reader: Any = None

    def _open(self) -> Any:
        if self._doc is None:
            import pypdfium2 as pdfium

            from printkit.pdfwords import PageWords

            pdf = self._pdf
            self._doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
            self._reader = PageWords(self._sizes)
        return self._doc

    def count(self) -> int:
        return len(self._open())

    def words(self, index: int) -> list[Word]:
        page = self._open()[index]
        try:
            return self._reader.words(page, self._header)
        finally:
            page.close()

    def __enter__(self) -> _Pdfium:
        return self

    def __exit__(self, *exc: object) -> None:
        if self._doc is not None:
            self._doc.close()
            self._doc = None


@dataclass(frozen=True)
class ReadBack:
    checked: bool
    count: int
    first_difference: tuple[Printed, str] | None = None   # (expected, printed)

    @property
    def match(self) -> bool:
        return self.checked and self.first_difference is None


def compare(pdf: bytes | Path, book: Book) -> ReadBack:
    """Printed draws against the book's, stopping at the first difference; both sides are
    read a page (a stream) at a time, so with a lazy book memory stays flat with pages."""
    want = expected(book)
    got = printed_tokens(pdf, book.spec.scheme.kind)
    count = 0
    for item in want:
        found = next(got, None)
        if found is None:
            if count == 0:
                return ReadBack(False, 0)
            found = "(nothing)"
        else:
            count += 1
        if found != item.token:
            return ReadBack(True, count, (item, found))
    extra = next(got, None)
    if extra is not None:
        return ReadBack(True, count + 1, (Printed("(nothing)", "after the last draw"), extra))
    return ReadBack(count > 0, count)
