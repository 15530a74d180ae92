"""G1: "each half comprising one complete red suit and one complete black suit": any red suit
with any black suit. `[HomeSuits "SH"]` records a table that gave home spades + hearts; the
verifier then says whose half pack a card is in by that split, and a seeded record is read
against the printed book (default split) with the table's suits for the printed ones, colour
for colour. Records in records.py (SPLIT_LOG, SPLIT_SEEDED) written by hand; findings typed
by hand."""

from __future__ import annotations

import pytest

from printkit_engine.cardgrid.deal import Split, split_of
from printkit_engine.cardgrid.verify import verify_text
from tests.engine.cardgrid.records import LOG, SPLIT_LOG, SPLIT_SEEDED, slip


def found(text: str) -> list[tuple[int, str, str, str]]:
    report = verify_text(text, "r.rec")
    return [(f.line, f.rule, f.expected, f.found) for f in report.sorted_findings()]


def test_a_table_with_another_split_is_clean():
    assert found(SPLIT_LOG) == []
    assert found(SPLIT_LOG.replace('"SH"', '"hs"')) == []     # either order, either case


def test_without_the_tag_the_default_split_says_whose_card_it_is():
    # line 8 "H2: 3H 5S ...": home deals 5S, a spade: away's card when home has clubs+hearts
    text = slip(SPLIT_LOG, '[HomeSuits "SH"]\n', "")
    assert found(text)[0] == (8, "CG-DEAL-001", "a home card (clubs or hearts)", "5S")


def test_a_card_from_the_wrong_half_pack_under_the_tagged_split():
    # line 10 "A2: 4D 6C 6H": home answers 6C with 6H; written 6D, away's (it still pairs
    # the black 6C: the ball is lost as written)
    assert found(slip(SPLIT_LOG, "4D 6C 6H", "4D 6C 6D")) == [
        (10, "CG-DEAL-001", "a home card (hearts or spades)", "6D")]


@pytest.mark.parametrize("value", ["CS", "HD", "CHS", "X", ""])
def test_a_split_that_is_not_one_red_and_one_black_suit(value):
    # the record is read with the default split: LOG is clean with it
    text = slip(LOG, '[KickOff "H"]', f'[KickOff "H"]\n[HomeSuits "{value}"]')
    assert found(text) == [(5, "CG-TAG-003", "CH, CD, SH or SD", value)]


def test_unknown_split_is_the_default():
    assert found(slip(LOG, '[KickOff "H"]', '[KickOff "H"]\n[HomeSuits "*"]')) == []


def test_the_printed_book_read_with_the_tables_suits():
    # colour for colour: the printed home black suit (clubs) is the table's home black suit
    sh, cd = Split("S", "H"), Split("C", "D")
    assert [sh.read(c) for c in ("7C", "QS", "7H", "2D")] == ["7S", "QC", "7H", "2D"]
    assert [cd.read(c) for c in ("JH", "4D", "3C", "KS")] == ["JD", "4H", "3C", "KS"]
    assert split_of("dc") == cd and split_of("SC") is None


def test_a_seeded_record_of_another_split():
    assert found(SPLIT_SEEDED) == []
    # the same cards without the tag: line 7's second card 7S is not home's 7C of the book
    untagged = slip(SPLIT_SEEDED, '[HomeSuits "SH"]\n', "")
    assert (7, "CG-CARD-001", "7C", "7S") in found(untagged)
    # a slip against the book read with the split: away/1 card 7 is printed 10S, dealt 10C
    # (9C still converts: 9 >= 5)
    assert found(slip(SPLIT_SEEDED, "10D 5C 10C", "10D 5C 9C")) == [
        (9, "CG-CARD-001", "10C", "9C")]
