"""Defects found by games written by hand from the rules text (issue: verifiers checked
against hand-written games). Each expectation is worked out by hand in the comment above it,
from the rules and docs/rules/postcard.md, not from the engine."""

from __future__ import annotations

from printkit_engine.postcard.state import KICKOFF, TRY, State
from printkit_engine.postcard.verify import verify_text
from tests.engine.postcard.helpers import findings, outcomes, play, scrimmage
from tests.engine.postcard.test_verify import RECORD


def test_the_sack_minus_one_ends_when_a_punt_hands_the_ball_over():
    # H was sacked earlier in this possession and punts on 4th down. The punt is on target,
    # so H (kicking) adds 1 to its first return roll (P13/P14). Return: A6 against H4 + 1 = 5:
    # 1 step = +5. The old engine also took H's sack minus one: 6 - 4 = 2 steps, +10.
    start = scrimmage(spot=30, down=4, to_go=6, sack="H")
    _, results = play(start, "punt 45 H3 A3", "kick H4,4", "run A6 H4")
    assert outcomes(results) == ["ok", "on", "+5"]
    assert findings(results) == []


def test_the_sack_minus_one_ends_when_an_interception_hands_the_ball_over():
    # The pass rolls are H's (sacked: each worth 1 less); after A intercepts, A returns:
    # A4 against H3, no modifier left: 1 step = +5 (the old engine: 4 - (3 - 1) = 2, +10).
    start = scrimmage(spot=50, sack="H")
    _, results = play(start, "pass 2v2 H6 A2", "again H1", "pressure A5", "catch H2",
                      "intercept A6", "run A4 H3")
    assert outcomes(results)[-2:] == ["int", "+5"]
    assert findings(results) == []


def test_a_catch_in_the_end_zone_is_a_touchdown_with_no_run():
    # From the away 15 a +4 throw (20 yards) lands 5 yards deep in the end zone; caught, it
    # is a touchdown at once (P22): written `+0 TD`, no run line, 6 points; A, scored against,
    # crosses two circles.
    state, results = play(scrimmage(spot=85), "pass 2v2 H6 A2", "pressure A1",
                          "catch H3 = +0 TD AxA AxA")
    assert findings(results) == []
    assert state.phase == TRY and state.score == (6, 0)


def test_a_good_two_point_try_may_carry_the_td_mark():
    # A tries for 2 from the 5: the rush (A3 - H2 = 1 step) reaches the goal line and the
    # run (A3 - H1 = 2 steps) carries it in: 2 points, and `TD` may mark it (P23).
    state, results = play(State(phase=TRY, ball="A", score=(0, 6)), "try 2",
                          "rush 5v5 A3 H2", "run A3 H1 = +10 TD")
    assert findings(results) == []
    assert state.score == (0, 8) and state.phase == KICKOFF and state.ball == "A"


def test_an_interception_on_a_two_point_try_ends_the_try_without_a_return():
    # P23: nothing but the trying side's carry or catch scores on a try, so an interception
    # ends it: A kicks off next, no return line may follow, and a 1 on one earns nothing.
    state, results = play(State(phase=TRY, ball="A", score=(0, 6)), "try 2",
                          "pass 2v2 A3 H2", "pressure H5", "catch A1", "intercept H6")
    assert outcomes(results)[-1] == "int"
    assert state.phase == KICKOFF and state.ball == "A" and state.score == (0, 6)
    before = state.bonus
    state, results = play(state, "run H6 A1")
    assert findings(results) == ["PC-SEQ-001"] and state.bonus == before


# -- a pass caught in the end zone, written either way (P22, P25) -----------------------------
# The drive of tests/engine/postcard/test_verify.py to its line 17 (Away, 1&10 on the Home
# 40, P1/1 B0/0), then a pass typed by hand from the rules text:
#   pass 2v6: 2 beats 6 with two stars (C1): Away's first Challenge 5 + 2 - 3 = +4
#   again A5: a positive first result keeps the whole second roll: 4 + 5 = +9, a 45-yard throw
#     (level 3, C4) from the Home 40: it comes down 5 yards deep in the end zone
#   pressure H2: level 3 needs a 5 or 6 to raise it: L3
#   catch A6: level 3 is caught on 4-6: caught in the end zone, a touchdown, 0-6; "Running
#     after a catch ... Take the result of (Catch - Defense Pressure)": 6 - 2 = 4 steps, +20;
#     P22 writes +0. Home, scored against, crosses a circle in each end zone (1 star each,
#     B2/0); Home lost the strategy: P2/1.
END_ZONE_CATCH = """\
pass 2v6 A5 H3 = +4
again A5 = +9
pressure H2 = L3
catch A6 = {run} TD HxH HxA {{A TRY 0-6 T1/1 P2/1 B2/0}}
"""


def _end_zone_record(run: str) -> str:
    drive = "\n".join(RECORD.splitlines()[:17]) + "\n"
    return drive + END_ZONE_CATCH.format(run=run)


def test_a_catch_in_the_end_zone_may_be_written_plus_0_or_with_the_charts_run():
    for run in ("+0", "+20"):                           # P22 and the chart: both clean
        report = verify_text(_end_zone_record(run), "ez.rec")
        assert report.clean, report.to_text()
        assert report.summary_extra == "score 0-6, game not over"


def test_another_run_after_an_end_zone_catch_names_both_readings():
    report = verify_text(_end_zone_record("+15"), "ez.rec")
    assert [(f.line, f.rule, f.expected, f.found) for f in report.findings] == [
        (21, "PC-PASS-004", "+0 or +20", "+15")]
    assert report.summary_extra == "score 0-6, game not over"     # the touchdown all the same
