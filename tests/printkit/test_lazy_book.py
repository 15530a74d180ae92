"""A lazy book (printkit_engine.playbook.lazy: its streams drawn when asked for, as `printkit
playbook` prints them) is the same book: the same draws, count, checksum and QR payload, and the
same PDF bytes as the book drawn up front, for every game and both papers (issue 28)."""

from __future__ import annotations

import hashlib

import pytest

from printkit.books import render_book
from printkit_engine.playbook import build, lazy, make_spec

BOOKS = [("postcard", {"plays": 30}), ("luckdraw", {"drives": 9, "players": 5}),
         ("cardbowl", {"plays": 20}), ("blowout", {"plays": 4}), ("cardgrid", {"plays": 15})]


def test_a_lazy_book_hashes_what_it_draws():
    """Its checksum is the first 16 hex digits of SHA-256 over `label:draw draw ...` lines,
    made here by hand from the draws it hands out."""
    book = lazy(make_spec("postcard", "by hand", plays=2))
    lines = "".join(f"{label}:{' '.join(str(d) for d in draws)}\n"
                    for label, draws in book.streams.items())
    assert lines.startswith("home:") and "\naway:" in lines
    assert book.checksum == hashlib.sha256(lines.encode()).hexdigest()[:16]
    assert book.draws == 2 * 2 * 6          # two plays, two sides, six dice a play
    assert list(book.streams) == ["home", "away"] and len(book.streams) == 2
    with pytest.raises(KeyError):
        book.streams["nowhere"]


@pytest.mark.parametrize(("game", "kwargs"), BOOKS, ids=[b[0] for b in BOOKS])
def test_a_lazy_book_is_the_book(game, kwargs):
    spec = make_spec(game, "same book", **kwargs)
    eager, drawn_late = build(spec), lazy(spec)
    assert dict(drawn_late.streams.items()) == eager.streams
    assert (drawn_late.draws, drawn_late.checksum, drawn_late.payload()) == \
        (eager.draws, eager.checksum, eager.payload())
    for paper in ("letter", "a4"):
        assert render_book(lazy(spec), paper) == render_book(eager, paper), paper
