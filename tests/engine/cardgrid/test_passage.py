"""The passage engine replayed on hand-dealt cards; each outcome was worked out by hand from
the rules text (docs/rules/cardgrid.md G3-G11) before the code ran."""

from __future__ import annotations

import pytest

from printkit_engine.cardgrid.passage import FEED, Next, dealer, fg_option, start, step
from printkit_engine.cardgrid.rules import load_rules

RULES = load_rules()


def deal(side, grid, cards, fg=(), scrum=False):
    p = start(side, grid, scrum)
    for i, card in enumerate(cards):
        p = step(p, card, RULES, fg=i in fg)
    return p


def test_black_field_goal_answered_by_a_pair_is_lost():
    p = deal("H", 10, ["QC", "QD"], fg={0})
    assert (p.outcome.event, p.outcome.scores, p.outcome.next) == ("lost", (), Next("A", 3))


def test_black_field_goal_stands_when_the_defender_does_not_pair():
    p = deal("H", 11, ["KC", "3D"], fg={0})
    assert (p.outcome.event, p.outcome.scores, p.outcome.next) == \
        ("F", (("H", "F"),), Next("A", 3))


def test_declined_picture_card_moves_on_and_the_try_converts_on_equal_value():
    p = deal("H", 11, ["QH", "5C", "5H"])
    assert p.outcome.scores == (("H", "T"), ("H", "C"))
    assert p.outcome.next == Next("A", 2)


def test_grounding_card_that_pairs_is_a_penalty_not_a_try():
    # 5H reaches grid 12, 5C pairs it: home's penalty on grid 12 = away's grid 1, kicked to 5
    p = deal("H", 11, ["5H", "5C", "2C"])
    o = p.outcome
    assert (o.event, o.offender, o.penalty, o.scores, o.next) == \
        ("pen", "H", "kick", (), Next("A", 5))


def test_defender_penalty_inside_its_22_is_a_goal_attempt():
    # 7D then 7S: away's own pair with home on grid 10 (away's 3): home's goal card 9H misses
    p = deal("H", 10, ["2C", "7D", "3C", "7S", "9H"])
    o = p.outcome
    assert (o.event, o.offender, o.penalty, o.next) == ("pen", "A", "P-", Next("A", 3))


def test_loss_of_possession_before_the_attackers_own_pair():
    p = deal("H", 5, ["8H", "8C", "8D"])
    assert (p.outcome.event, p.outcome.next) == ("lost", Next("A", 7))


def test_king_never_converts():
    assert deal("H", 11, ["2H", "JC", "QH"]).outcome.converted is True
    assert deal("H", 11, ["2H", "JC", "KH"]).outcome.converted is False
    assert deal("H", 11, ["2H", "AC", "AH"]).outcome.converted is True


def test_scrum_feed_that_is_no_queen_or_king_starts_the_passage():
    p = deal("A", 2, ["JD"], scrum=True)
    assert (p.over, p.grid, p.phase) == (False, 3, "play")
    assert deal("A", 2, ["KS"], scrum=True).outcome.next == Next("H", 11)
    assert start("A", 2, True).phase == FEED


def test_last_tackle_kick_stops_at_grid_11_and_never_goes_back():
    blacks = ["2C", "3C", "4C", "5C", "6C", "7C"]
    answers = ["AD", "9D", "AS", "9S", "2D", "3D"]
    cards = [c for pair in zip(blacks, answers, strict=True) for c in pair]
    assert deal("H", 9, cards).outcome.next == Next("A", 2)        # 9 + 4 > 11: to 11
    assert deal("H", 4, cards).outcome.next == Next("A", 5)        # 4 + 4 = 8
    touch = cards[:-1] + ["QD"]
    assert deal("H", 4, touch).outcome.next == Next("A", 5, scrum=True)


def test_who_deals_and_field_goal_options():
    p = start("H", 10)
    assert dealer(p) == "H" and fg_option(p, "JC", RULES) and not fg_option(p, "10C", RULES)
    p = step(p, "2C", RULES)
    assert dealer(p) == "A" and not fg_option(p, "JD", RULES)
    assert not fg_option(start("H", 9), "KH", RULES)


def test_a_finished_passage_takes_no_more_cards():
    with pytest.raises(ValueError):
        step(deal("H", 10, ["JH"], fg={0}), "2C", RULES)
