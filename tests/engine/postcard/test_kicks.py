"""Kickoffs, onside kicks, punts, field goals, blocks, fakes, tries and the safety kick."""

from __future__ import annotations

from printkit_engine.postcard.state import KICKOFF, SAFETY_KICK, SCRIMMAGE, TOSS, TRY, State
from tests.engine.postcard.helpers import findings, outcomes, play, scrimmage


def kickoff(by: str = "H") -> State:
    return State(phase=KICKOFF, ball=by, spot=35 if by == "H" else 65)


def test_toss_then_either_side_kicks():
    state, results = play(State(phase=TOSS), "toss H2 A2", "toss H5 A2")
    assert outcomes(results) == ["tie", "H"] and state.phase == KICKOFF and state.ball == ""
    state, results = play(state, "kickoff A 1v1")
    assert findings(results) == [] and state.play.carrier == "H"


def test_kickoff_spots_and_touchback():
    state, _ = play(kickoff("H"), "kickoff H 1v1")
    assert state.play.spot == 90                       # the receiving team's 10
    state, _ = play(kickoff("H"), "kickoff H 5v5", "touchback")
    assert state.phase == SCRIMMAGE and state.ball == "A" and state.spot == 75


def test_fair_catch_only_on_the_field():
    state, results = play(kickoff("A"), "kickoff A 2v2", "fair")
    assert state.ball == "H" and state.spot == 5 and findings(results) == []
    _, results = play(kickoff("A"), "kickoff A 6v6", "fair")
    assert findings(results) == ["PC-KICK-006"]


def test_kickoff_bonus_for_the_strategy_winner_and_spot():
    # receiver guesses 1, kicker chose 2: 1 beats 2 -> receiver gains 1 star + spot bonus 1
    state, results = play(kickoff("H"), "kickoff H 2v1", "run A2 H3")
    assert state.play is None or state.play.kick_bonus == ("A", 2)
    assert outcomes(results)[-1] == "+5"               # 2+2-3 = 1


def test_first_kickoff_return_has_no_limits():
    state, results = play(kickoff("H"), "kickoff H 1v5", "run A6 H1")
    # 1 beats 5: kicker +1 star + 1 at the 10 = +2: 6 - 3 = 3 -> 15 yards
    assert outcomes(results)[-1] == "+15"
    state, results = play(kickoff("H"), "kickoff H 5v1", "run A6 H1", "run A6 H1")
    # 1 beats 5 (receiver: 1 star + 2 at the spot): 6+3-1 = 8, no limit: 40 yards
    assert outcomes(results)[1:] == ["+40", "+25"]


def test_onside_kick_must_be_run_and_can_be_lost():
    state, results = play(kickoff("H"), "onside H 3v3", "fair")
    assert findings(results) == ["PC-KICK-006"]
    state, results = play(kickoff("H"), "onside H 3v3", "run A1 H6", "fumble A2 H6")
    assert outcomes(results)[1:] == ["fumble", "H+5"]
    assert state.play.carrier == "H" and state.play.spot == 55


def test_punt_fair_catch_and_return_bonus():
    start = scrimmage(spot=30, down=4, to_go=6)
    state, results = play(start, "punt 45 H3 A3", "kick H4,4", "fair")
    assert outcomes(results)[:2] == ["ok", "on"]
    assert state.ball == "A" and state.spot == 30 - 15 + 45 and state.down == 1
    assert sum(state.time) == 0                        # a punt is not a lost possession


def test_punt_into_the_end_zone_is_a_touchback_choice():
    start = scrimmage(spot=60, down=4, to_go=6)
    state, results = play(start, "punt 60 H3 A3", "kick H4,4", "touchback")
    assert state.ball == "A" and state.spot == 75


def test_blocked_punt_recovered_by_the_kicking_team_is_a_turnover_on_downs():
    start = scrimmage(spot=30, down=4, to_go=6)
    state, results = play(start, "punt 40 H1 A6", "fumble H5 A3")
    assert outcomes(results) == ["blocked", "H"]
    assert state.ball == "A" and state.spot == 15 and results[-1].due == ["H"]


def test_blocked_kick_tie_goes_to_the_blocking_team():
    start = scrimmage(spot=30, down=4, to_go=6)
    _, results = play(start, "punt 40 H1 A6", "fumble H4 A4")
    assert outcomes(results)[-1] == "A"


def test_kicks_on_fourth_down_only():
    _, results = play(scrimmage(down=2), "punt 40 H3 A3")
    assert findings(results) == ["PC-KICK-005"]


def test_field_goal_out_of_range():
    _, results = play(scrimmage(spot=50, down=4), "fg H3 A3")
    assert findings(results) == ["PC-KICK-003"]


def test_missed_field_goal_gives_the_ball_at_the_kick_spot():
    state, results = play(scrimmage(spot=75, down=4), "fg H3 A3", "kick H6,6")
    assert outcomes(results)[-1] == "miss"
    assert state.ball == "A" and state.spot == 65 and results[-1].due == ["H"]


def test_fake_kick_gains_a_bonus_of_two():
    start = scrimmage(spot=40, down=4, to_go=3)
    state, results = play(start, "fake H4 A2", "rush H2 A3", "run H1 A6")
    # surprise: +2 on the rush, 2+2-3 = 1 -> 5 yards; short of the line: turnover on downs
    assert outcomes(results)[:2] == ["+2", "+5"]
    _, results = play(start, "fake H4 A2", "rush 5v5 H2 A3")
    assert findings(results) == ["PC-PICK-002"]


def test_extra_point_and_two_point_try():
    state, results = play(State(phase=TRY, ball="H", score=(6, 0)), "try 1", "fg H3 A3",
                          "kick H5,5")
    assert state.score == (7, 0) and state.phase == KICKOFF and state.ball == "H"
    state, results = play(State(phase=TRY, ball="A", score=(0, 6)), "try 2",
                          "rush 5v5 A3 H2", "run A3 H1")
    assert state.score == (0, 8) and state.phase == KICKOFF and state.ball == "A"
    state, results = play(State(phase=TRY, ball="A", score=(0, 6)), "try 2",
                          "rush 5v5 A3 H3")
    assert state.score == (0, 6) and state.phase == KICKOFF


def test_safety_kick_is_a_punt_from_the_twenty_without_a_block_roll():
    state = State(phase=SAFETY_KICK, ball="A", spot=80, score=(2, 0))
    state, results = play(state, "punt 50", "kick A4,4", "run H2 A3")
    assert outcomes(results)[:2] == [None, "on"]
    assert state.ball == "H" and state.spot == 30 and findings(results) == []
    _, results = play(State(phase=SAFETY_KICK, ball="A", spot=80), "punt 50 A3 H3")
    assert findings(results) == ["PC-ROLL-001"]


def test_no_bonus_on_kick_rolls():
    _, results = play(scrimmage(down=4, bonus=(2, 0)), "punt 40 H3+1 A3")
    assert findings(results) == ["PC-BONUS-002"]


def test_wrong_kicker_try_points_and_markers():
    _, results = play(kickoff("H"), "kickoff A 3v3")
    assert findings(results) == ["PC-KICK-008"]
    _, results = play(State(phase=TRY, ball="H"), "try 3")
    assert findings(results) == ["PC-TRY-001"]
    _, results = play(scrimmage(), "rush 5v5 H3 A3 = stop TD")
    assert findings(results) == ["PC-SCORE-002"]
    _, results = play(scrimmage(), "rush 5v5 H3 A3 = stop safety")
    assert findings(results) == ["PC-SCORE-003"]
    _, results = play(State(phase=SAFETY_KICK, ball="A", spot=80), "punt 45 = ok")
    assert findings(results) == ["PC-SEQ-002"]


def test_skill_reroll_only_on_the_first_challenge():
    _, results = play(scrimmage(), "pass 2v2 H4 A1", "again H2/5",
                      skills={"H": "offense-passing", "A": None})
    assert findings(results) == ["PC-SKILL-002"]
