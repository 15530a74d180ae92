"""Play Tracker, Time Tracker, Bonus Bar and the end of game phase (C11, P7-P10)."""

from __future__ import annotations

from dataclasses import replace

from printkit_engine.postcard import tracker
from printkit_engine.postcard.notation import Cross
from printkit_engine.postcard.state import OVER, SCRIMMAGE, State
from tests.engine.postcard.helpers import RULES, findings, play, scrimmage


def test_full_play_tracker_costs_a_time_circle_with_its_bonus():
    start = scrimmage(plays=(8, 0))
    state, results = play(start, "rush 5v1 H3 A3 = stop HxA")      # 1 beats 5: Home lost
    assert results[0].due == ["H"] and findings(results) == []
    assert state.plays == (0, 0) and state.time == (0, 1) and state.bonus == (1, 0)


def test_missing_crossing_is_a_finding():
    _, results = play(scrimmage(plays=(8, 0)), "rush 5v1 H3 A3 = stop")
    assert findings(results) == ["PC-TIME-002"]


def test_crossing_that_is_not_due_is_a_finding():
    _, results = play(scrimmage(), "rush 5v5 H3 A3 = stop HxA")
    assert findings(results) == ["PC-TIME-003"]


def test_closest_available_circle_and_its_stars():
    state = State(time=(3, 6))
    state, found = tracker.cross_out(state, ["H", "A"], (Cross("H", "H"), Cross("A", "A")),
                                     1, RULES)
    assert found == [] and state.time == (4, 7)
    assert state.bonus == (RULES.time_tracker.stars[3], RULES.time_tracker.stars[6])


def test_full_end_zone_cannot_be_chosen():
    state, found = tracker.cross_out(State(time=(7, 0)), ["H"], (Cross("H", "H"),), 1, RULES)
    assert [f.rule for f in found] == ["PC-TIME-004"] and state.time == (7, 1)


def test_touchdown_costs_the_scored_against_team_two_circles():
    state, results = play(scrimmage(spot=90), "rush 6v6 H6 A2 = +15 AxH AxA")
    assert findings(results) == [] and state.time == (1, 1) and state.bonus == (0, 2)


def test_bonus_bar_never_holds_more_than_four():
    state = tracker.gain_bonus(State(bonus=(3, 0)), "H", 3, RULES)
    assert state.bonus == (4, 0)
    state, results = play(scrimmage(bonus=(4, 0), time=(6, 0)),
                          "rush 5v5 H1 A2 = stop")
    assert state.bonus == (4, 0)                         # a roll of 1 past the cap is lost


def test_using_more_bonuses_than_held():
    _, results = play(scrimmage(bonus=(1, 0)), "rush 5v5 H3+2 A3")
    assert findings(results) == ["PC-BONUS-001"]


def test_roll_of_one_gives_a_bonus():
    state, _ = play(scrimmage(), "rush 5v5 H1 A1")
    assert state.bonus == (1, 1)


def test_end_of_game_phase_starts_after_the_last_circle():
    start = scrimmage(time=(7, 6), plays=(8, 0))
    state, results = play(start, "rush 5v1 H3 A3 = stop HxA")
    assert state.time == (7, 7) and state.final == 0 and state.bonus == (3, 0)
    # from now on every play crosses one circle, no bonuses from circles, no Play Tracker
    state, _ = play(state, "rush 5v1 H3 A3")
    assert state.final == 1 and state.plays == (0, 0) and state.bonus == (3, 0)


def test_touchdown_in_the_final_phase_crosses_two_and_can_end_the_game():
    start = scrimmage(spot=90, time=(7, 7), final=5)
    state, results = play(start, "rush 6v6 H6 A1")
    assert state.final == 7 and state.phase == OVER and state.score == (6, 0)


def test_no_marks_in_the_final_phase():
    start = scrimmage(spot=90, time=(7, 7), final=2)
    _, results = play(start, "rush 6v6 H6 A2 = +15 AxH AxA")
    assert findings(results) == ["PC-TIME-003", "PC-TIME-003"]


def test_take_a_knee():
    start = scrimmage(time=(7, 7), final=2, down=2)
    state, results = play(start, "knee")
    assert findings(results) == [] and state.down == 3 and state.final == 3
    _, results = play(scrimmage(), "knee")
    assert findings(results) == ["PC-KNEE-001"]


def test_turnover_on_downs_costs_a_circle():
    state, results = play(scrimmage(down=4, to_go=5), "rush 5v5 H3 A3 = stop HxH")
    assert state.ball == "A" and state.phase == SCRIMMAGE and state.time == (1, 0)
    assert findings(results) == []


def test_game_over_after_seven_final_circles():
    state = replace(scrimmage(), final=6, time=(7, 7))
    state, _ = play(state, "rush 5v5 H3 A3")
    assert state.phase == OVER
    _, results = play(state, "rush 5v5 H3 A3")
    assert findings(results) == ["PC-SEQ-003"]
