"""Which held cards may lead a snap, and when a period is over (B7): `leads` and
`period_over` on hands typed here (the verifier asks at every snap)."""

from __future__ import annotations

from printkit_engine.blowout.game import GAME
from printkit_engine.blowout.hands import leads, period_over
from printkit_engine.blowout.state import Hand, State


def _state(offense: tuple[str, ...], defense: tuple[str, ...], down: int = 1,
           special: tuple[str, ...] = ("K25",), unknown: int = 0) -> State:
    hands = ((("H", "offense"), Hand(offense, 5, unknown)), (("H", "special"), Hand(special, 1)),
             (("H", "defense"), Hand(("D10",), 6)), (("A", "offense"), Hand(("R45",), 5)),
             (("A", "special"), Hand(("K30",), 1)), (("A", "defense"), Hand(defense, 6)))
    return State(ball="H", down=down, hands=hands)


def test_offense_leads_with_runs_passes_and_offsides_in_hand_order():
    state = _state(("DP-PI", "R45", "DP-OFS", "CHAL", "P15"), ("D10",))
    assert leads(state, GAME.rules(), "H", "offense") == [
        ("offense", "R45"), ("offense", "DP-OFS"), ("offense", "P15")]


def test_fourth_down_adds_the_special_teams_cards():
    state = _state(("DP-PI", "P15"), ("D10",), down=4, special=("K25", "K40"))
    assert leads(state, GAME.rules(), "H", "offense") == [
        ("offense", "P15"), ("special", "K25"), ("special", "K40")]


def test_defense_leads_with_any_defense_card_but_challenge():
    state = _state(("R45",), ("CHAL", "D10", "SACK", "OP-DOG", "INT"))
    assert leads(state, GAME.rules(), "A", "defense") == [
        ("defense", "D10"), ("defense", "SACK"), ("defense", "OP-DOG"), ("defense", "INT")]


def test_period_over_when_either_side_has_nothing_to_lead_with():
    rules = GAME.rules()
    assert not period_over(_state(("R45", "CHAL"), ("D10",)), rules)
    assert period_over(_state(("DP-PI", "DP-HLD", "CHAL"), ("D10",)), rules)   # no play card
    assert period_over(_state(("R45",), ("CHAL",)), rules)                     # defense: none
    assert not period_over(_state(("DP-PI",), ("D10",), down=4), rules)         # a kick left


def test_period_may_be_over_when_the_cards_left_may_be_those_gone_unknown():
    rules = GAME.rules()
    state = _state(("R45", "CHAL"), ("D10",), unknown=1)
    assert not period_over(state, rules)
    assert period_over(state, rules, maybe=True)
    assert not period_over(_state(("R45", "P15"), ("D10",), unknown=1), rules, maybe=True)
