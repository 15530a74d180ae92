"""Batched text writes a string of characters already in the font subset as reportlab would:
the fast path changes speed, never bytes."""

from __future__ import annotations

from engine.playbook import build, make_spec
from printkit.books import render_book
from printkit.draw import texts


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
