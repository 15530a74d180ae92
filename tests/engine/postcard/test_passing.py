"""Passing plays beyond the worked examples (rules: Passing Plays, Sacks; C4, P3, P4)."""

from __future__ import annotations

from printkit_engine.postcard.state import SCRIMMAGE, TRY
from tests.engine.postcard.helpers import findings, outcomes, play, scrimmage


def test_second_roll_is_optional():
    state, results = play(scrimmage(spot=25), "pass 2v2 H5 A3", "pressure A1", "catch H2")
    assert outcomes(results) == ["+2", "L1", "+5"]
    assert state.play.spot == 25 + 10 + 5


def test_pressure_raises_level_four_to_a_six():
    state, results = play(scrimmage(spot=10), "pass 2v2 H6 A1", "again H6", "pressure A5",
                          "catch H5")
    assert outcomes(results) == ["+5", "+11", "L5", "miss"]
    assert state.play.step == "intercept"            # pressure 5 >= 4: Defense may try


def test_failed_catch_without_close_pressure_is_incomplete():
    state, results = play(scrimmage(spot=25, down=3, to_go=4), "pass 2v2 H4 A1",
                          "pressure A3", "catch H1")
    assert outcomes(results)[-1] == "miss"
    assert state.phase == SCRIMMAGE and state.down == 4 and state.spot == 25


def test_catch_in_the_end_zone_is_a_touchdown():
    state, results = play(scrimmage(spot=85), "pass 2v2 H6 A2", "pressure A1", "catch H3")
    assert outcomes(results) == ["+4", "L2", "+0"]        # P22: nobody runs after it
    assert results[-1].td and state.phase == TRY and state.score == (6, 0)


def test_throw_past_the_end_line_is_incomplete():
    # from the away 20, a 35-yard throw lands beyond the end line: no catch to roll
    state, results = play(scrimmage(spot=80), "pass 2v2 H6 A1", "again H2",
                          "pressure A1")
    assert outcomes(results)[:2] == ["+5", "+7"]
    assert findings(results) == ["PC-SEQ-001"]
    assert state.phase == SCRIMMAGE and state.down == 2


def test_pass_line_can_end_the_play_when_no_second_roll_is_taken():
    state, results = play(scrimmage(spot=90), "pass 2v2 H6 A1 = +5 {H 2&G A10}")
    assert results[0].ended and state.down == 2


def test_interception_in_own_end_zone_is_returned_from_the_goal_line():
    state, results = play(scrimmage(spot=85), "pass 2v2 H6 A2", "again H1", "pressure A4",
                          "catch H2", "intercept A6", "run H3 A1")
    assert outcomes(results)[-2:] == ["int", "tackle"]
    assert state.ball == "A" and state.spot == 100 and not results[-1].safety


def test_negative_turned_positive_is_level_three():
    state, results = play(scrimmage(), "pass 2v2 H3 A5", "again H6")
    assert outcomes(results) == ["-2", "+1"]
    assert state.play.level == 3


def test_sack_yards_by_result():
    for dice, yards in (("H1 A5", 5), ("H1 A6", 10)):
        state, results = play(scrimmage(spot=50), f"pass 2v2 {dice}", "sack A1,2")
        assert state.spot == 50 - yards, dice


def test_sack_in_the_end_zone_is_a_safety():
    state, results = play(scrimmage(spot=5), "pass 2v2 H1 A6", "sack A2,2")
    assert results[-1].safety and state.score == (0, 2)


def test_pass_with_a_rushing_strategy_is_a_finding():
    _, results = play(scrimmage(), "pass 5v2 H4 A1")
    assert findings(results) == ["PC-PICK-001"]
