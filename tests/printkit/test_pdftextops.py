"""printkit.pdftextops (scan's read-back from the pages' text operators) against pdfplumber
and pdfium: the same words for crafted pages and for every game's book, no page of a book
left to pdfium, a page it cannot model left to pdfium and still read right, edits by another
tool caught, and the read-back several times faster than pdfium's (issue 28)."""

from __future__ import annotations

import io
import re
import time

import pikepdf
import pytest

from printkit.books import layout_name, render_book
from printkit.books.readback import SIZE_KEYS, _page_words, compare, printed_tokens
from printkit.layout import load_layout
from printkit.pdftextops import StreamWords, Unsupported
from printkit_engine.playbook import build, make_spec
from tests.printkit.test_pdfwords import CASES as WORD_CASES
from tests.printkit.test_pdfwords import _our_words as _pdfium_words
from tests.printkit.test_pdfwords import _page, _plumber_words, _same, _strings


def _stream_words(pdf: bytes, sizes: list[float]) -> list[list[tuple[str, float, float]]]:
    reader = StreamWords(sizes)
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return [sorted((w.text, w.top, w.bottom) for w in reader.words(page))
                for page in doc.pages]


CASES = [
    *WORD_CASES,
    ("strings overlapping are read by their characters",
     _strings(("DejaVuSans", 8, 20, 120, "WXYZ"), ("DejaVuSans", 8, 30, 120, "12"))),
    ("a moved form's text is read where it is drawn",
     lambda c: (c.beginForm("g"), c.setFont("DejaVuSans-Bold", 8), c.drawString(3, 4, "K9"),
                c.endForm(), c.saveState(), c.translate(100, 30), c.doForm("g"),
                c.restoreState(), c.setFont("DejaVuSans-Bold", 8),
                c.drawString(116, 34, "J2"))),
]


@pytest.mark.parametrize("name, draw", CASES, ids=[c[0] for c in CASES])
def test_words_are_pdfplumbers_and_pdfiums(name, draw):
    pdf = _page(draw)
    theirs = _plumber_words(pdf, [8.0])
    assert theirs[0], name
    ours = _stream_words(pdf, [8.0])
    assert _same(ours, theirs), (name, ours, theirs)
    assert _same(ours, _pdfium_words(pdf, [8.0])), name


def _text_ops(draw_text):
    """A page whose one text object is written by hand (operators reportlab does not use)."""
    def draw(c):
        c.setFont("DejaVuSans", 8)
        c.drawString(20, 280, "x")           # names the font in the page's resources
        c._code.append(draw_text)
    return draw


UNMODELLED = [
    ("character spacing", "BT /F1+0 8 Tf 1 0 0 1 20 200 Tm 2 Tc (AB) Tj ET"),
    ("a kerned TJ array", "BT /F1+0 8 Tf 1 0 0 1 20 200 Tm [(A) -900 (B)] TJ ET"),
    ("rotated text", "BT /F1+0 8 Tf 0 1 -1 0 100 100 Tm (AB) Tj ET"),
    ("nested brackets in a string", "BT /F1+0 8 Tf 1 0 0 1 20 200 Tm (A(B)C) Tj ET"),
    ("horizontal scaling", "BT /F1+0 8 Tf 1 0 0 1 20 200 Tm 150 Tz (AB) Tj ET"),
    ("an unknown operator", "BT /F1+0 8 Tf 1 0 0 1 20 200 Tm (AB) Tj ET 1 2 3 xyz"),
]


@pytest.mark.parametrize("what, ops", UNMODELLED, ids=[u[0] for u in UNMODELLED])
def test_a_page_it_does_not_model_is_left_to_pdfium(what, ops):
    pdf = _page(_text_ops(ops))
    with pytest.raises(Unsupported):
        _stream_words(pdf, [8.0])
    # the read-back takes that page from pdfium, as scan read every page before
    read = [sorted((w.text, w.top, w.bottom) for w in words)
            for words in _page_words(pdf, [8.0], 0.0)]
    assert read == _pdfium_words(pdf, [8.0]) and read[0], what


def test_a_page_left_to_pdfium_reads_as_pdfium_reads_it():
    """A book page rewritten with a construct the operator reader does not model (a draw
    shown as a TJ array) is read by pdfium; the book still reads back whole."""
    book = build(make_spec("postcard", "tj", plays=3))
    pdf = render_book(book, "letter")
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        data = page.obj.Contents.read_bytes()
        data, n = re.subn(rb"\(([1-6])\) Tj", rb"[(\1)] TJ", data, count=1)
        assert n == 1
        page.obj.Contents = doc.make_stream(data)
        out = io.BytesIO()
        doc.save(out)
    edited = out.getvalue()
    with pytest.raises(Unsupported):
        _stream_words(edited, [load_layout(layout_name("dice")).length("dice.value_size")])
    result = compare(edited, book)
    assert result.match and result.count == 36      # 3 plays x 6 dice x 2 sides


def test_a_draw_edited_by_another_tool_is_caught():
    """One die rewritten in the content stream with qpdf (its QR untouched): the reader sees
    what the page now prints."""
    book = build(make_spec("postcard", "edit", plays=3))
    pdf = render_book(book, "letter")
    first = book.streams["home"][0]
    other = first % 6 + 1
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        data = page.obj.Contents.read_bytes()
        # the dice values are the page's last text object; its first string is H1
        at = data.rindex(b"BT")
        head, tail = data[:at], data[at:]
        tail = tail.replace(f"({first}) Tj".encode(), f"({other}) Tj".encode(), 1)
        page.obj.Contents = doc.make_stream(head + tail)
        out = io.BytesIO()
        doc.save(out)
    result = compare(out.getvalue(), book)
    assert not result.match and result.first_difference is not None
    want, found = result.first_difference
    assert (want.where, want.token, found) == ("H1", str(first), str(other))


@pytest.mark.parametrize("game, kwargs, paper", [
    ("postcard", {"plays": 40}, "letter"),
    ("luckdraw", {"drives": 12, "players": 5}, "a4"),
    ("cardbowl", {"plays": 12}, "letter"),
    ("blowout", {"plays": 6}, "a4"),
    ("cardgrid", {"plays": 12}, "letter"),
])
def test_every_page_of_a_book_is_read_from_its_operators(game, kwargs, paper):
    book = build(make_spec(game, "ops", **kwargs))
    pdf = render_book(book, paper)
    kind = book.spec.scheme.kind
    layout = load_layout(layout_name(kind))
    sizes = [layout.length(k) for k in SIZE_KEYS[kind]]
    ours = _stream_words(pdf, sizes)                 # raises Unsupported on any page
    assert _same(ours, _pdfium_words(pdf, sizes))
    assert compare(pdf, book).match


def _cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def test_the_read_back_is_several_times_faster_than_pdfiums():
    """CPU time, best of three beside pdfium's reader in the same run (bench/bench_readback.py
    has the figures: about 4-5 times; the bound leaves room for a loaded machine)."""
    book = build(make_spec("blowout", "rate", plays=60))
    pdf = render_book(book, "letter")
    layout = load_layout(layout_name("cards"))
    sizes = [layout.length(k) for k in SIZE_KEYS["cards"]]
    pages = len(_stream_words(pdf, sizes))
    assert pages >= 40
    ours = min(_cpu(lambda: list(printed_tokens(pdf, "cards"))) for _ in range(3))
    theirs = min(_cpu(lambda: _pdfium_words(pdf, sizes)) for _ in range(3))
    assert ours * 2.5 < theirs, (f"{pages / ours:.0f} pages/s against pdfium's "
                                 f"{pages / theirs:.0f}")
