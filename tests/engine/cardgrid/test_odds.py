"""The grid game's odds: the exact tables against brute force through the engine itself (every
card of a half pack dealt in turn), the Monte Carlo table against bounds counted by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from printkit_engine.cardgrid.game import GAME, half_pack
from printkit_engine.cardgrid.odds import cards_table, conversion_table, passage_table
from printkit_engine.cardgrid.passage import CONVERT, DEFEND, PEN_GOAL, Passage, start, step
from printkit_engine.cardgrid.rules import load_rules
from printkit_engine.cards import is_red, rank
from printkit_engine.odds import EXACT, MONTE_CARLO

RULES = load_rules()
HOME = half_pack("home").cards
AWAY = half_pack("away").cards


def _row(table, label):
    return next(r for r in table.rows if r[0] == label)


def test_conversion_against_every_card_through_the_engine():
    table = conversion_table(RULES)
    for try_card in (c for c in HOME if not is_red(c)):
        good = 0
        others = [c for c in HOME if c != try_card]
        for card in others:
            p = Passage("H", 12, CONVERT, try_card=try_card, scores=(("H", "T"),))
            good += step(p, card, RULES).outcome.converted
        figure = _row(table, rank(try_card))[1]
        assert figure.method == EXACT
        assert figure.exact == Fraction(good, len(others)), try_card


def test_conversion_by_hand():
    table = conversion_table(RULES)
    # ace: every card but the two kings and the ace itself of the other 25: 22 + 1 red ace
    assert _row(table, "A")[1].exact == Fraction(23, 25)
    assert _row(table, "Q")[1].exact == Fraction(1, 25)       # only the red queen
    assert _row(table, "K")[1].exact == 0


def test_single_cards_against_the_engine():
    table = cards_table(RULES)
    lost = sum(step(step(start("H", 5), b, RULES), d, RULES).outcome is not None
               and step(step(start("H", 5), b, RULES), d, RULES).outcome.event == "lost"
               for b in HOME if not is_red(b) for d in AWAY)
    assert _row(table, "defender's card pairs the black card: possession lost")[1].exact == \
        Fraction(lost, 13 * 26)
    goals = sum(step(Passage("A", 5, PEN_GOAL, taker="H"), c, RULES).outcome.penalty == "P"
                for c in HOME)
    assert _row(table, "penalty goal card is good")[1].exact == Fraction(goals, 26)
    six = Passage("H", 5, DEFEND, tackles=6, black="2C", last_def="3S")
    touch = sum(step(six, d, RULES).outcome.event == "touch" for d in AWAY
                if rank(d) not in ("2", "3"))     # a pair: lost, or a penalty
    assert _row(table, "card after the last tackle finds touch")[1].exact == Fraction(4, 13)
    assert touch == 8


@pytest.fixture(scope="module")
def passages():
    return passage_table(RULES, samples=300)


def test_passage_table_is_monte_carlo_with_intervals(passages):
    assert [r[0] for r in passages.rows] == [str(g) for g in range(2, 12)]
    for row in passages.rows:
        for fig in row[1:]:
            assert fig.method == MONTE_CARLO and fig.samples == 300
            assert fig.interval[0] <= fig.value <= fig.interval[1]


def test_passage_from_grid_11_at_least_the_two_card_paths(passages):
    # a red 2-10 (10 of 26) reaches the in-goal; then a black card (12 of 25 make no pair)
    # grounds it, a red one (12 of 25) is dead: each path alone is 10/26 * 12/25
    two_cards = 10 / 26 * 12 / 25
    row = dict(zip(passages.columns, _row(passages, "11"), strict=True))
    assert row["try"].interval[1] >= two_cards
    assert row["dead-in-goal"].interval[1] >= two_cards


def test_wired_on_the_game():
    keys = [t.key for t in GAME.odds(RULES)]
    assert keys == ["passage", "conversion", "cards"]
