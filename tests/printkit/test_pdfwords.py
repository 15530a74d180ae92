"""printkit.pdfwords (scan's read-back of printed draws) against pdfplumber, an independent
reader: the same words, in the same places, for play books of every kind and for pages made
to test where words start and end (issue 28: pdfplumber left the runtime dependencies)."""

from __future__ import annotations

import io
import logging

import pdfplumber
import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit.books import layout_name, render_book
from printkit.books.readback import SIZE_KEYS, printed_tokens
from printkit.layout import load_layout
from printkit.pdfwords import PageWords
from printkit_engine.playbook import build, make_spec

logging.getLogger("pdfminer").setLevel(logging.ERROR)


def _plumber_words(pdf: bytes, sizes: list[float]) -> list[list[tuple[str, float, float]]]:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [sorted((w["text"], w["top"], w["bottom"])
                       for w in page.extract_words(extra_attrs=["size"])
                       if any(abs(w["size"] - s) < 0.05 for s in sizes))
                for page in doc.pages]


def _our_words(pdf: bytes, sizes: list[float]) -> list[list[tuple[str, float, float]]]:
    doc = pdfium.PdfDocument(pdf)
    reader = PageWords(sizes)
    try:
        return [sorted((w.text, w.top, w.bottom) for w in reader.words(doc[i]))
                for i in range(len(doc))]
    finally:
        doc.close()


def _same(ours: list, theirs: list) -> bool:
    """The same words on each page, placed within 0.02 pt (pdfium works in 32-bit floats)."""
    return len(ours) == len(theirs) and all(
        len(a) == len(b) and all(x[0] == y[0] and abs(x[1] - y[1]) < 0.02
                                 and abs(x[2] - y[2]) < 0.02 for x, y in zip(a, b, strict=True))
        for a, b in zip(ours, theirs, strict=True))


def _plumber_tokens(pdf: bytes, kind: str) -> list[str]:
    """The draws as scan read them with pdfplumber (before issue 28)."""
    layout = load_layout(layout_name(kind))
    sizes = [layout.length(k) for k in SIZE_KEYS[kind]]
    header = layout.length("page.margin") + layout.length("header.height")
    out: list[str] = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            words = [w for w in page.extract_words(extra_attrs=["size"])
                     if w["top"] > header and any(abs(w["size"] - s) < 0.05 for s in sizes)]
            words.sort(key=lambda w: (round(w["bottom"], 1), w["x0"]))
            out += [w["text"] for w in words]
    return out


@pytest.mark.parametrize("game, kwargs, paper", [
    ("postcard", {"plays": 4}, "letter"),
    ("luckdraw", {"drives": 2, "players": 5}, "a4"),
    ("cardbowl", {"plays": 2}, "letter"),
    ("blowout", {"plays": 2}, "a4"),
    ("cardgrid", {"plays": 2}, "letter"),
])
def test_a_book_reads_back_as_pdfplumber_reads_it(game, kwargs, paper):
    book = build(make_spec(game, "read me", **kwargs))
    pdf = render_book(book, paper)
    kind = book.spec.scheme.kind
    theirs = _plumber_tokens(pdf, kind)
    assert len(theirs) > 20
    assert list(printed_tokens(pdf, kind)) == theirs
    layout = load_layout(layout_name(kind))
    sizes = [layout.length(k) for k in SIZE_KEYS[kind]]
    assert _same(_our_words(pdf, sizes), _plumber_words(pdf, sizes))


def _page(draw) -> bytes:
    from printkit.pdfdoc import register_fonts

    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(300, 300), invariant=1)
    draw(c)
    c.showPage()
    c.save()
    return buf.getvalue()


def _strings(*items: tuple[str, float, float, float, str]):
    def draw(c: Canvas) -> None:
        for font, size, x, y, text in items:
            c.setFont(font, size)
            c.drawString(x, y, text)
    return draw


# the word-making cases, each a page drawn by hand (test_pdftextops.py reads them too)
CASES = [
    ("two strings 1 pt apart are one word",
     _strings(("DejaVuSans", 8, 20, 200, "AB"), ("DejaVuSans", 8, 33.5, 200, "CD"))),
    ("two strings 5 pt apart are two",
     _strings(("DejaVuSans", 8, 20, 200, "AB"), ("DejaVuSans", 8, 37.5, 200, "CD"))),
    ("a space inside a string splits it",
     _strings(("DejaVuSans", 8, 20, 150, "page 3 of 40"))),
    ("a string ending in a space does not join the next",
     _strings(("DejaVuSans", 8, 20, 100, "AB "), ("DejaVuSans", 8, 36, 100, "CD"))),
    ("another size between two strings keeps them apart",
     _strings(("DejaVuSans", 8, 20, 60, "AB"), ("DejaVuSans", 5, 80, 60, "x"),
              ("DejaVuSans", 8, 33.5, 60, "CD"))),
    ("tops within 3 pt are one line, further are two",
     _strings(("DejaVuSans", 8, 20, 250, "A1"), ("DejaVuSans", 8, 31, 248.5, "B2"),
              ("DejaVuSans", 8, 60, 240, "C3"))),
    ("a scaled form's text is read at its drawn size",
     lambda c: (c.beginForm("f"), c.setFont("DejaVuSans", 4), c.drawString(0, 0, "Q7"),
                c.endForm(), c.saveState(), c.translate(40, 40), c.scale(2, 2),
                c.doForm("f"), c.restoreState())),
]


@pytest.mark.parametrize("name, draw", CASES)
def test_words_start_and_end_where_pdfplumber_says(name, draw):
    pdf = _page(draw)
    theirs = _plumber_words(pdf, [8.0])
    assert theirs[0], name
    assert _same(_our_words(pdf, [8.0]), theirs), (name, _our_words(pdf, [8.0]), theirs)
