"""Card Bowl's reader remembers what it has read (a scrimmage line's fields without their clock,
a result's clauses): a line read again, at another column, in another record or after the
same text with another clock, reads as written, with its own line, columns and errors."""

from __future__ import annotations

import pytest

from printkit_engine.cardbowl.notation import parse_line
from printkit_engine.errors import ReadError


def _line(text: str, number: int = 7):
    entry = parse_line(text, number, "r.txt", in_plays=True)
    assert entry is not None
    return entry


def test_a_scrimmage_line_with_its_clock_last():
    first = _line("2 & 6 @ 17\trun 4\t7-0 Hearts\t10:55", 3)
    again = _line("2 & 6 @ 17\trun 4\t7-0 Hearts\t9:40", 12)
    assert (first.line, first.time, again.line, again.time) == (3, "10:55", 12, "9:40")
    for entry in (first, again):
        assert (entry.kind, entry.name, entry.down, entry.distance, entry.yard) == \
            ("play", "scrimmage", 2, 6, 17)
        assert (entry.result.gain, entry.result.play) == (4, "run")
        assert entry.score is not None
        assert (entry.score.first, entry.score.second, entry.score.team, entry.score.column) \
            == (7, 0, "Hearts", 18)
        assert (entry.after, entry.gap, entry.cards) == (None, False, None)


def test_the_last_of_two_clocks_is_the_lines_time():
    assert _line("1 & 10 @ 29\tpass 12\t3:10\t2:55").time == "2:55"
    assert _line("1 & 10 @ 29\tpass 12\t3:10").time == "3:10"
    assert _line("1 & 10 @ 29\t3:10").result.written is False


def test_a_clock_not_last_and_a_line_with_no_clock():
    entry = _line("1 & 10 @ 29\tpass 12\t3:10\t7-0")
    assert (entry.time, entry.result.gain) == ("3:10", 12)
    assert entry.score is None or entry.score.first == 7
    assert _line("1 & 10 @ 29\tpass 12").time is None


def test_an_entry_read_twice_is_two_entries():
    """The context pass marks entries where they are (`after`, `gap`): one line's marks must
    not show on another line that writes the same text."""
    first = _line("1 & 10 @ 29\tpass 12\t3:10")
    again = _line("1 & 10 @ 29\tpass 12\t3:10")
    assert first is not again and first == again
    first.gap = True
    assert again.gap is False


@pytest.mark.parametrize("text, column", [
    ("1 & 10 @ 29\tpass 12\tbogus\t3:10", 21),
    ("1 & 10 @ 29\tpass 12\tbogus\t4:10", 21),
    ("1 & 10 @ 29\tpaas 12\t3:10", 13),
    ("1 &  10 @ 29\tpaas 12\t3:10", 14),
    ("  1 & 10 @ 29\tpass 12 13\t3:10", 23),
])
def test_errors_keep_their_line_and_column(text, column):
    for number in (4, 9):
        with pytest.raises(ReadError) as err:
            parse_line(text, number, "r.txt", in_plays=True)
        assert (err.value.file, err.value.line, err.value.column) == ("r.txt", number, column)


@pytest.mark.parametrize("text, columns", [
    ("1 & 10 @ 29\tpass 12; 5 yd pen. vs. D", [22]),
    ("1 & 10 @ 9\tpass 12; 5 yd pen. vs. D", [21]),
    ("1 & 10 @ 9\trun 3; 5 yd pen. vs. D; 10 yd pen. vs. O", [19, 36]),
])
def test_a_penalty_clause_at_another_column(text, columns):
    assert [p.column for p in _line(text).result.penalties] == columns


def test_a_penalty_read_twice_is_declined_in_one_line_only():
    declined = _line("1 & 10 @ 29\tpass 12; 5 yd pen. vs. D, declined\t3:10").result
    plain = _line("1 & 10 @ 29\tpass 11; 5 yd pen. vs. D\t3:10").result
    assert [p.declined for p in declined.penalties] == [True]
    assert [p.declined for p in plain.penalties] == [False]


def test_a_sum_at_another_column():
    first = _line("1 & 10 @ 29\trun 19 + 18 = 37").result.sums
    again = _line("1 & 10 @ 9\trun 19 + 18 = 37").result.sums
    assert [(s.terms, s.total, s.column) for s in first] == [([19, 18], 37, 17)]
    assert [(s.terms, s.total, s.column) for s in again] == [([19, 18], 37, 16)]


@pytest.mark.parametrize("text, groups", [
    ("cards: 7c 9S / jc / 6H 2h, 9D QH / 6S", [["7C", "9S"], ["JC"], ["6H", "2H", "9D", "QH"],
                                             ["6S"]]),
    ("Cards 12: rj/bj 10c", [["RJ"], ["BJ", "10C"]]),
])
def test_a_cards_line_in_any_case(text, groups):
    entry = _line(text)
    assert entry.cards is not None and entry.cards.groups == groups


@pytest.mark.parametrize("text, column", [
    ("cards: 7C 9S / XC", 16), ("cards: 7C é9S", 11), ("  cards: 7C 1D", 13),
])
def test_a_word_that_is_no_card_keeps_its_column(text, column):
    with pytest.raises(ReadError) as err:
        parse_line(text, 5, "r.txt", in_plays=True)
    assert err.value.column == column and "not a card" in err.value.message


@pytest.mark.parametrize("text, kind, name", [
    ("#### Spades", "heading", "Spades"), ("## Q2", "marker", "Q2"),
    ("# Halftime.", "marker", "Halftime."), ("#Rams", "heading", "Rams"),
    ("Rams", "heading", "Rams"), ("Q3", "marker", "Q3"),
])
def test_headings_and_markers_with_or_without_hashes(text, kind, name):
    entry = _line(text)
    assert (entry.kind, entry.name, entry.text) == (kind, name, text)


@pytest.mark.parametrize("text", ["#### Spades!", "  # !!"])
def test_a_hash_line_that_is_neither(text):
    with pytest.raises(ReadError) as err:
        parse_line(text, 5, "r.txt", in_plays=True)
    assert err.value.message.startswith("cannot read this line: expected a team name")
    assert err.value.column == len(text) - len(text.lstrip()) + 1


def test_a_long_clause_reads_as_a_short_one():
    filler = " ".join(["the"] * 40)          # words read as nothing, past the kept length
    entry = _line(f"1 & 10 @ 29\tpass 12; 5 yd pen. {filler} vs. D, declined\t3:10")
    assert entry.result.gain == 12
    assert [(p.yards, p.against, p.declined, p.column) for p in entry.result.penalties] == [
        (5, "D", True, 22)]
    with pytest.raises(ReadError) as err:
        parse_line(f"1 & 10 @ 29\tpass 12; {filler} bogus\t3:10", 2, "r.txt", in_plays=True)
    assert (err.value.line, err.value.column) == (2, 22 + len(filler) + 1)
