"""Slot.table read off a token (engine/bubbles/shape.py `_ReadTable`, for slots of more than
LISTED ways to shade them: Luck of the Draw's sets of sixteen cards) gives the listed
table's answers. Hand-written cases on toy slots, then every slot of every shipped grammar
read both ways."""

from __future__ import annotations

import pytest

from printkit_engine import registry
from printkit_engine.bubbles import Part, Slot, logs_of
from printkit_engine.bubbles.shape import _ReadTable


def _both(slot: Slot):
    return slot._tables[0], _ReadTable(slot)


def test_a_token_two_ways_is_shaded_the_first_way_the_table_lists():
    # T12: part a "1" then part b "2", or a "12" and b blank: a's values come in order
    slot = Slot("s", (Part("a", ("1", "12")), Part("b", ("2", "x"))), lead="T")
    listed, read = _both(slot)
    assert read["T12"] == listed["T12"] == ((0,), (0,))
    assert read["T1x"] == ((0,), (1,)) and read["Tx"] == ((None,), (1,))
    for token in ("", "T", "12", "T123", "Tx1", "t1"):
        assert token not in read and token not in listed
    with pytest.raises(KeyError):
        read["T"]
    # 3 x 3 ways less all blank, T12 twice: 7 tokens
    assert sorted(read) == sorted(listed) and len(read) == len(listed) == 7


def test_a_part_left_off_has_no_shading_and_is_never_a_token_alone():
    slot = Slot("s", (Part("n", ("1", "2")), Part("score", (" 7-0",), left_off=True)))
    listed, read = _both(slot)
    assert read["1 7-0"] == listed["1 7-0"] == ((0,), ())
    assert " 7-0" not in read and " 7-0" not in listed
    assert set(read) == set(listed) == {"1", "2", "1 7-0", "2 7-0"}


def _slots():
    for game in registry.GAMES:
        top = registry.get(game).bubbles()
        for grammar in logs_of(top):
            for g in (grammar, grammar.book):
                for slot in (g.slots if g is not None else ()):
                    ways = 1
                    for part in slot.parts:
                        ways *= len(part.values()) + 1
                    if ways <= 20_000:
                        yield pytest.param(slot, id=f"{game}-{g.variant or 'log'}-{slot.name}")


@pytest.mark.parametrize("slot", list(_slots()))
def test_every_shipped_slot_reads_as_it_lists(slot):
    listed, read = _both(slot)
    assert list(read) == list(listed)
    for token, shading in listed.items():
        assert read[token] == shading
        assert token + "?" not in read
    assert slot.longest == max(map(len, listed))
