"""Luck of the Draw dealing for every player count 2-8 (rules: "Dealing of the game cards")."""

from __future__ import annotations

from collections import Counter

import pytest

from printkit_engine.luckdraw.cards import load_cards
from printkit_engine.luckdraw.deal import deal_from, deal_shape, qb_seat, remaining_cards
from printkit_engine.luckdraw.game import deal

# players -> (cards each, QB's dealt extras, sidelined); see docs/rules/luckdraw.md L1-L3
EXPECTED = {2: (8, 5, 0), 3: (5, 2, 1), 4: (4, 1, 0), 5: (3, 0, 1), 6: (2, 0, 4),
            7: (2, 0, 2), 8: (2, 0, 0)}


@pytest.mark.parametrize("players", range(2, 9))
def test_shape(players):
    shape = deal_shape(players)
    assert (shape.hand, shape.qb_extra, shape.sidelines) == EXPECTED[players]
    assert shape.qb_fixed == (3 if players <= 5 else 2)
    # "as many as possible": one more card each would need more than 16 cards
    assert players * (shape.hand + 1) > 16
    assert 0 <= shape.qb_extra <= 5 and 0 <= shape.sidelines <= 4


@pytest.mark.parametrize("players", range(2, 9))
def test_every_drive_deals_all_16_cards_once(players):
    for drive in range(1, 2 * players + 1):
        d = deal("counts", drive, players)
        cards = [c for _, hand in d.hands for c in hand] + list(d.sidelines)
        assert Counter(cards) == Counter(load_cards().codes)
        assert {len(h) for _, h in d.hands} == {deal_shape(players).hand}
        assert {"PTD", "INT"} <= set(d.hand(d.qb))
        assert sorted(seat for seat, _ in d.hands) == list(range(1, players + 1))


def test_the_rules_six_player_example():
    d = deal("example", 1, 6)
    assert d.hand(d.qb) == ("INT", "PTD")
    assert [len(d.hand(s)) for s in range(1, 7) if s != d.qb] == [2] * 5
    assert len(d.sidelines) == 4


def test_tod_goes_to_the_qb_only_with_2_to_5_players():
    for players in range(2, 6):
        assert "TOD" in deal("tod", 1, players).hand(1)[:3]
        assert "TOD" not in remaining_cards(players)
    for players in range(6, 9):
        assert "TOD" in remaining_cards(players)


def test_qb_rotates_by_drive():
    assert [qb_seat(k, 3) for k in range(1, 8)] == [1, 2, 3, 1, 2, 3, 1]
    assert [deal("rot", k, 4).qb for k in range(1, 6)] == [1, 2, 3, 4, 1]


def test_deal_is_cut_in_documented_order():
    d = deal("order", 2, 3)       # QB seat 2: extras 2, then seats 3 and 1, then sidelines
    s = d.shuffled
    assert d.hand(2)[3:] == s[0:2]
    assert d.hand(3) == s[2:7] and d.hand(1) == s[7:12] and d.sidelines == s[12:]


def test_deal_is_deterministic_and_checks_its_input():
    assert deal("same", 3, 5) == deal("same", 3, 5)
    assert deal("same", 3, 5) != deal("other", 3, 5)
    with pytest.raises(ValueError):
        deal("x", 1, 9)
    with pytest.raises(ValueError):
        deal_from(["PTD"] * 14, 1, 6)
