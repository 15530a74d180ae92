"""Outcomes and card checks are pure: (situation, line) -> step. Expectations by hand from
the rules ("Touchdown 6 points"; "Kicker draws six cards: total value = kick distance";
"Field position + 18 = Field goal distance")."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from printkit_engine.cardbowl import cardcheck
from printkit_engine.cardbowl.notation import parse
from printkit_engine.cardbowl.outcome import scrimmage_outcome
from printkit_engine.cardbowl.rules import load_rules
from printkit_engine.cardbowl.state import Situation


def _play(line: str):
    return next(e for e in parse(f"Steelers\n{line}\n", "t.rec").items if e.kind == "play")


def test_a_touchdown_run_gives_six_points_and_a_try_without_touching_the_situation():
    entry = _play("1 & 10 @ 43\tpass 43 TD")
    here = Situation(load_rules(), None, pos=57, down=1, marker=67)   # the opponent's 43
    step = scrimmage_outcome(here, entry, team=0)
    assert step.points == (6, 0)
    assert step.expect.kind == "try" and step.expect.offense == 0
    assert step.findings == ()
    assert scrimmage_outcome(here, entry, team=0) == step      # same input, same answer
    with pytest.raises(FrozenInstanceError):
        here.pos = 0  # type: ignore[misc]


def test_a_touchdown_short_of_the_goal_is_a_finding_and_no_points():
    entry = _play("1 & 10 @ 43\tpass 40 TD")
    step = scrimmage_outcome(Situation(load_rules(), None, 57, 1, 67), entry, team=0)
    assert [f.rule for f in step.findings] == ["CB-TD-001"]


def test_a_field_goal_whose_cards_fall_short_is_one_finding_on_the_cards_line():
    # the opponent's 20: 20 + 18 = 38 yards; cards 5+5+5+5+4+1 = 25 < 38, written good
    entry = _play("4 & 5 @ 20\tFG good\tcards: 5C 5D 5H 5S 4C AD")
    findings = cardcheck.check(Situation(load_rules()), entry, entry.cards, 1)
    assert [(f.rule, f.expected, f.found) for f in findings] == [
        ("CB-CARD-004", "no good", "good")]
    assert findings[0].message == "the cards total 25 against a 38 yd kick"


@pytest.mark.parametrize("line, here, expect", [
    # (pos, down, marker) -> (kind, offense, change, pos, down, marker): by hand, C2/C3
    ("1 & 10 @ 29\trun 4", (29, 1, 39), ("scrimmage", 0, False, 33, 2, 39)),
    ("1 & 10 @ 29\trun 12", (29, 1, 39), ("scrimmage", 0, False, 41, 1, 51)),
    ("3 & 2 @ 29\tpass inc.", (29, 3, 31), ("scrimmage", 0, False, 29, 4, 31)),
    ("4 & 2 @ 29\tsack, loss of 3", (29, 4, 31), ("scrimmage", 1, True, 74, 1, 84)),
    ("1 & goal @ 5\trun 3", (95, 1, 100), ("scrimmage", 0, False, 98, 2, 100)),
    ("2 & 7 @ 40\trun -39", (40, 2, 47), ("scrimmage", 0, False, 1, 3, 47)),
])
def test_a_plain_gain_leads_to_the_next_down_or_a_new_series(line, here, expect):
    step = scrimmage_outcome(Situation(load_rules(), None, *here), _play(line), team=0)
    e = step.expect
    assert (e.kind, e.offense, e.change, e.pos, e.down, e.marker) == expect
    assert (step.findings, step.points, step.others) == ((), (0, 0), ())


@pytest.mark.parametrize("line, here, points", [
    ("1 & 10 @ 5\trun 5", (95, 1, 100), (6, 0)),        # to the goal line: a touchdown
    ("2 & 10 @ 3\trun -3", (3, 2, 13), (0, 2)),          # to its own goal line: a safety
])
def test_a_plain_gain_to_a_goal_line_scores(line, here, points):
    step = scrimmage_outcome(Situation(load_rules(), None, *here), _play(line), team=0)
    assert step.points == points
