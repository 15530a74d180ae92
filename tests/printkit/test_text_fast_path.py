"""Batched text writes a string of characters already in the font subset as reportlab would:
the fast path changes speed, never bytes."""

from __future__ import annotations

from printkit.books import render_book
from printkit.draw import texts
from printkit_engine.playbook import build, make_spec


def test_books_are_the_same_bytes_without_the_fast_path(monkeypatch):
    for game, kwargs in (("postcard", {"plays": 120}), ("cardbowl", {"plays": 30})):
        book = build(make_spec(game, "fast-path", **kwargs))
        fast = render_book(book, "letter")
        calls: list[tuple] = []
        monkeypatch.setattr(texts, "_assigned", lambda *a, calls=calls: calls.append(a))
        slow = render_book(book, "letter")
        monkeypatch.undo()
        assert calls, "the fast path was never asked"
        assert fast == slow


def test_new_strings_take_the_fast_path_whatever_the_book_length(monkeypatch):
    """Every text object starts on the font's first subset (texts._subset_zero), so a page's
    new strings ("page 7 of 9", a slip's title) never go through reportlab's textOut: a book
    twice as long calls it no more often (only the forms' strings, once per document)."""
    from reportlab.pdfgen.textobject import PDFTextObject

    calls = []
    original = PDFTextObject.textOut
    monkeypatch.setattr(PDFTextObject, "textOut",
                        lambda self, text: calls.append(text) or original(self, text))
    counts = []
    for drives in (10, 20):
        calls.clear()
        render_book(build(make_spec("luckdraw", "fast-path", drives=drives, players=6)),
                    "letter")
        counts.append(len(calls))
    assert counts[0] == counts[1], counts
