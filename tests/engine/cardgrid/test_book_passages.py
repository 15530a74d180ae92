"""read_book keeps the passages a line's cards lead through where the play book reads them as
written (the step's replay takes them instead of playing the cards again), and none where it
reads another card. Shuffles typed here, not the play book's."""

from __future__ import annotations

from printkit_engine.cardgrid.bookread import Table, read_book
from printkit_engine.cardgrid.deal import DEFAULT, Decks
from printkit_engine.cardgrid.game import GAME
from printkit_engine.cardgrid.passage import start

SHUFFLES = {("H", 1): ("2H", "3H", "4C", "9H"), ("A", 1): ("5D", "6S", "7D", "8S"),
            ("H", 2): ("JH", "QC", "KH", "AC"), ("A", 2): ("JD", "QS", "KD", "AS")}


def _table() -> Table:
    return Table(lambda side, k: SHUFFLES[(side, k)], DEFAULT, GAME.rules())


def test_cards_read_as_written_keep_each_passage_they_lead_through():
    first = start("H", 5)
    cards = ("2H", "3H", "4C", "5D")          # two reds, a black (tackle), the defender's card
    book = read_book(Decks(), cards, (False,) * 4, first, 7, _table())
    assert book.findings == ()
    assert book.passages[0] is first
    assert [p.cards for p in book.passages] == [
        (), ("2H",), ("2H", "3H"), ("2H", "3H", "4C"), ("2H", "3H", "4C", "5D")]
    assert book.decks == Decks((1, 1), (3, 1))


def test_a_card_read_as_another_keeps_no_passages():
    cards = ("2H", "9H", "4C", "5D")          # the book's second home card is 3H
    book = read_book(Decks(), cards, (False,) * 4, start("H", 5), 7, _table())
    assert [f.rule for _, f in book.findings] == ["CG-CARD-001"]
    assert book.passages == ()
