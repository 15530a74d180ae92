"""Rushing plays and running with the ball (rules: Rushing Plays, Running with the ball,
Tackles, Fumbles, Penalties; C2, C3, C5, C6)."""

from __future__ import annotations

from printkit_engine.postcard.state import PLAY, SAFETY_KICK, SCRIMMAGE, TRY
from tests.engine.postcard.helpers import findings, outcomes, play, scrimmage


def test_gain_then_run_until_tackled():
    state, results = play(scrimmage(spot=25), "rush 5v5 H4 A2", "run H5 A2", "run H2 A4")
    assert outcomes(results) == ["+10", "+15", "tackle"]
    assert state.phase == SCRIMMAGE and state.spot == 50 and state.down == 1
    assert state.to_go == 10
    assert findings(results) == []


def test_stop_loses_a_down_and_keeps_the_spot():
    state, results = play(scrimmage(spot=25, down=2, to_go=7), "rush 1v1 H3 A3")
    assert outcomes(results) == ["stop"]
    assert (state.spot, state.down, state.to_go) == (25, 3, 7)


def test_minus_five_is_a_loss_of_five():
    state, results = play(scrimmage(spot=40), "rush 5v5 H1 A6")
    assert outcomes(results) == ["-5"]
    assert (state.spot, state.down, state.to_go) == (35, 2, 15)


def test_loss_from_the_goal_line_is_a_safety():
    state, results = play(scrimmage(spot=0), "rush 5v5 H1 A6")
    assert results[0].safety and state.phase == SAFETY_KICK
    assert state.score == (0, 2) and state.ball == "H" and state.spot == 20


def test_away_team_moves_towards_the_home_goal():
    state, results = play(scrimmage(ball="A", spot=75), "rush 6v6 A6 H3", "run A1 H1")
    assert outcomes(results) == ["+15", "tackle"]
    assert state.spot == 60 and state.ball == "A"


def test_strategy_bonus_goes_to_the_winner_of_the_circle():
    # 5 beats 6: Defense +1. 4-2 would gain 10; with the bonus it is 4-3 = 1, 5 yards.
    state, results = play(scrimmage(), "rush 6v5 H4 A2", "run H1 A3")
    assert outcomes(results)[0] == "+5"


def test_breakaway_keeps_the_strategy_bonus_while_running():
    # 6 beats 1 (two stars). 6+2-2 = 6 >= 4: breakaway; the +2 stays on the runs.
    state, results = play(scrimmage(), "rush 6v1 H6 A2", "run H2 A3", "run H1 A3")
    assert outcomes(results) == ["+15", "+5", "tackle"]


def test_without_breakaway_the_bonus_is_not_carried():
    state, results = play(scrimmage(), "rush 6v1 H3 A2", "run H2 A3")
    assert outcomes(results) == ["+15", "tackle"]


def test_rushing_fumble_then_defense_recovers_and_runs():
    state, results = play(scrimmage(spot=30), "rush 5v5 H1 A6", )
    assert outcomes(results) == ["-5"]          # -5 is a loss; -6 fumbles
    state, results = play(scrimmage(spot=30, bonus=(0, 1)), "rush 5v5 H1 A6+1",
                          "fumble H1 A6", "run A3 H2", "run A1 H4")
    assert outcomes(results) == ["fumble", "A+5", "+5", "tackle"]
    assert state.ball == "A" and state.spot == 15 and state.down == 1
    assert results[-1].due == ["H"]              # Home lost the ball: one circle


def test_fumble_tie_goes_to_the_team_that_fumbled():
    state, results = play(scrimmage(spot=30, bonus=(0, 1)), "rush 5v5 H1 A6+1",
                          "fumble H3 A3")
    assert outcomes(results)[1] == "H"
    assert state.ball == "H" and state.spot == 25 and state.down == 2


def test_tackle_penalties_and_red_zone_reduction():
    # result 8 on a run: penalty against the runner, 10 yards, automatic first down.
    s = scrimmage(spot=50, bonus=(3, 0))
    state, results = play(s, "rush 5v5 H4 A2", "run H6+3 A1")
    assert outcomes(results)[1] == "pen O 10"
    assert state.spot == 50 and state.down == 1
    # result -8 near the goal: against the defense, reduced from 10 to 5 inside the 20
    s = scrimmage(spot=75, bonus=(0, 3))
    state, results = play(s, "rush 5v5 H4 A2", "run H1 A6+3")
    assert outcomes(results)[1] == "pen D 5"
    assert state.spot == 90 and state.down == 1


def test_touchdown_and_try():
    state, results = play(scrimmage(spot=90), "rush 6v6 H6 A1")
    assert results[0].td and state.phase == TRY and state.score == (6, 0)
    assert results[0].due == ["A", "A"]


def test_run_is_required_after_a_gain():
    state, results = play(scrimmage(), "rush 5v5 H4 A2", "rush 5v5 H4 A2")
    assert state.phase == PLAY and findings(results) == ["PC-SEQ-001"]
