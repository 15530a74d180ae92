"""Hand-written BLOWOUT!!! records, from the rules text and docs/rules/blowout.md: each clean,
then with one slip and the one finding it must give, typed by hand (line, rule id, expected,
found). The yards, downs and spots below were worked out on paper, not by the engine."""

from __future__ import annotations

import pytest

from printkit_engine.blowout.verify import verify_text

QUARTER = '[Game "blowout"]\n[Length "quarter"]\n'     # records start on line 3
HALVES = '[Game "blowout"]\n[Length "halves"]\n'
FULL = '[Game "blowout"]\n[Length "full"]\n'


def check(head: str, lines: list[str]) -> list[tuple[int, str, str, str]]:
    report = verify_text(head + "\n".join(lines) + "\n", "r.rec")
    return [(f.line, f.rule, f.expected, f.found) for f in report.sorted_findings()]


def swap(lines: list[str], number: int, new: str, first: int = 3) -> list[str]:
    """The record with line `number` (counted in the file, tags included; the first snap is
    on line `first`) replaced."""
    out = list(lines)
    out[number - first] = new
    return out


# -- gained minus lost, downs, to go, ball on -------------------------------------------------
RUNS = [
    "Q1 H R70 D65 +5 {H 2&5 H25 0-0}",          # 70 - 65 = +5
    "Q1 H R60 D75 -15 {H 3&20 H10 0-0}",        # 60 - 75 = -15: a RUN loses yards
    "Q1 H R90 D60 +30 {H 1&10 H40 0-0}",        # 20 to go, +30: FIRST DOWN on the H40
    "Q1 H R100 D10 +90 {A 1&10 A20 7-0}",       # 60 to the goal line: TOUCHDOWN, 7
]


def test_runs_clean():
    assert check(QUARTER, RUNS) == []


@pytest.mark.parametrize("number, line, finding", [
    (3, "Q1 H R70 D65 +10 {H 2&5 H25 0-0}", ("BO-YDS-001", "+5", "+10")),
    (3, "Q1 H R70 D65 +5 {H 3&5 H25 0-0}",
     ("BO-DOWN-001", "{H 2&5 H25 0-0}", "{H 3&5 H25 0-0}")),
    (3, "Q1 H R70 D65 +5 {H 2&6 H25 0-0}",
     ("BO-DOWN-002", "{H 2&5 H25 0-0}", "{H 2&6 H25 0-0}")),
    (3, "Q1 H R70 D65 +5 {H 2&5 H26 0-0}",
     ("BO-SPOT-001", "{H 2&5 H25 0-0}", "{H 2&5 H26 0-0}")),
    (4, "Q1 H R60 D75 -15 {A 3&20 H10 0-0}",
     ("BO-POSS-002", "{H 3&20 H10 0-0}", "{A 3&20 H10 0-0}")),
    (4, "Q1 H R60 D75 -15 {H 3&20 H10 0-3}",
     ("BO-SCORE-001", "{H 3&20 H10 0-0}", "{H 3&20 H10 0-3}")),
    (4, "Q1 A R60 D75 -15 {H 3&20 H10 0-0}", ("BO-POSS-001", "H", "A")),
    (5, "Q1 H R90 D60 +30 {A 1&10 A20 7-0}",          # a touchdown claimed 30 yards short
     ("BO-TD-001", "{H 1&10 H40 0-0}", "{A 1&10 A20 7-0}")),
    (6, "Q1 H R100 D10 +90 {A 1&10 A20 6-0}",
     ("BO-TD-001", "{A 1&10 A20 7-0}", "{A 1&10 A20 6-0}")),
])
def test_runs_one_slip(number, line, finding):
    assert check(QUARTER, swap(RUNS, number, line)) == [(number, *finding)]


def test_yards_finding_shows_the_arithmetic():
    report = verify_text(QUARTER + swap(RUNS, 3, "Q1 H R70 D65 +10 {H 2&5 H25 0-0}")[0], "r")
    assert "R70 against D65: 70 - 65 = +5" in report.findings[0].message


# -- passes: never lose yards unless SACK, never past the back of the end zone ----------------
PASSES = [
    "Q1 H P55 D70 +0 {H 2&10 H20 0-0}",         # 55 - 70 = -15: a PASS loses 0 and a down
    "Q1 H P80 D45 +35 {H 1&10 A45 0-0}",        # H20 + 35 = the A45
    "Q1 H P90 D50 +40 {H 1&5 A5 0-0}",          # FIRST DOWN 5 from the goal line: 1&5
    "Q1 H P60 D20 +0 {H 2&5 A5 0-0}",           # 40 > 5 + 10: past the END ZONE (B9)
    "Q1 H P25 D10 +15 {A 1&10 A20 7-0}",        # 15 = 5 + 10: in the END ZONE, TOUCHDOWN
]


def test_passes_clean():
    assert check(QUARTER, PASSES) == []


@pytest.mark.parametrize("number, line, finding", [
    (3, "Q1 H P55 D70 -15 {H 2&10 H20 0-0}", ("BO-YDS-002", "+0", "-15")),
    (6, "Q1 H P60 D20 +40 {A 1&10 A20 7-0}", ("BO-TD-002", "+0", "+40")),
])
def test_passes_one_slip(number, line, finding):
    assert check(QUARTER, swap(PASSES, number, line)) == [(number, *finding)]


# -- penalties ---------------------------------------------------------------------------------
PENALTIES = [
    "Q1 H DP-OFS D60 +5 {H 1&5 H25 0-0}",       # OFFSIDES (DEFENSE): +5, repeat down
    "Q1 H R60 OP-DOG -5 {H 1&10 H20 0-0}",      # DELAY OF GAME: -5, repeat down
    "Q1 H R60 D70 H:DP-HLD +5 {H 1&5 H25 0-0}",  # HOLDING: +5, repeat down
    "Q1 H P40 D90 H:DP-PI +40 {H 1&10 A35 0-0}",  # PASS INTERFERENCE: full 40 yards
    "Q1 H P90 INT H:DP-PI +17 {H 1&10 A18 0-0}",  # 90 >= 35: half the distance, 35 / 2 = 17
    "Q1 H R75 D60 +15 {H 1&3 A3 0-0}",
    "Q1 H DP-OFS D65 +1 {H 1&2 A2 0-0}",        # 5 >= 3 to the goal: 3 / 2 = 1 (B11)
    "Q1 H R65 OP-OFS -5 {H 1&7 A7 0-0}",
    "Q1 H R100 D10 +90 {A 1&10 A20 7-0}",
]


def test_penalties_clean():
    assert check(QUARTER, PENALTIES) == []


@pytest.mark.parametrize("number, line, finding", [
    (3, "Q1 H DP-OFS D60 +10 {H 1&5 H25 0-0}", ("BO-PEN-001", "+5", "+10")),
    (3, "Q1 H DP-OFS D60 H:DP-HLD +5 {H 1&5 H25 0-0}",
     ("BO-PEN-004", "no response card", "H:DP-HLD after DP-OFS")),
    (6, "Q1 H R40 D90 H:DP-PI +40 {H 1&10 A35 0-0}",
     ("BO-CARD-001", "a RUN, PASS or OFFSIDES card (SPECIAL TEAMS on fourth down)", "R40")),
    (7, "Q1 H P90 INT H:DP-PI +35 {H 1&10 A18 0-0}", ("BO-PEN-003", "+17", "+35")),
    (9, "Q1 H DP-OFS D65 +5 {H 1&2 A2 0-0}", ("BO-PEN-001", "+1", "+5")),
])
def test_penalties_one_slip(number, line, finding):
    assert check(QUARTER, swap(PENALTIES, number, line)) == [(number, *finding)]


def test_pass_interference_only_after_a_pass():
    end = "Q1 H R100 D10 +90 {A 1&10 A20 7-0}"            # from the A35: TOUCHDOWN
    assert check(QUARTER, ["Q1 H P45 D90 H:DP-PI +45 {H 1&10 A35 0-0}", end]) == []
    assert check(QUARTER, ["Q1 H R45 D90 H:DP-PI +45 {H 1&10 A35 0-0}", end]) == [
        (3, "BO-PEN-002", "a PASS play", "R45")]


# -- turnovers, SACK!, CHALLENGE -----------------------------------------------------------------
TURNOVERS = [
    "Q1 H P60 SACK -10 {H 2&20 H10 0-0}",       # SACK!: -10 and a down
    "Q1 H R70 SACK +0 {H 2&20 H10 0-0}",        # SACK! against a RUN: no play (B10)
    "Q1 H R65 D50 A:CHAL +0 {H 2&20 H10 0-0}",  # CHALLENGE: negated, repeat the down
    "Q1 H R70 FUM +0 {A 1&10 H10 0-0}",         # FUMBLE: A's ball at the line, FIRST DOWN
    "Q1 A P50 INT +0 {H 1&10 H10 0-0}",         # INTERCEPTION: back to H at the H10
    "Q1 H R80 D40 +40 {H 1&10 50 0-0}",
    "Q1 H R75 D20 A:CHAL +0 {H 1&10 50 0-0}",
    "Q1 H R100 D10 +90 {A 1&10 A20 7-0}",       # 50 to the goal: TOUCHDOWN
]


def test_turnovers_clean():
    assert check(QUARTER, TURNOVERS) == []


@pytest.mark.parametrize("number, line, finding", [
    (3, "Q1 H P60 SACK -5 {H 2&20 H10 0-0}", ("BO-SACK-001", "-10", "-5")),
    (4, "Q1 H R70 SACK +70 {H 2&20 H10 0-0}", ("BO-TO-002", "+0", "+70")),
    (5, "Q1 H R65 D50 A:CHAL +20 {H 2&20 H10 0-0}", ("BO-CHAL-002", "+0", "+20")),
    (5, "Q1 H R65 OP-DOG H:CHAL +0 {H 2&20 H10 0-0}",
     ("BO-CHAL-001", "no CHALLENGE", "H:CHAL against OP-DOG")),
    (6, "Q1 H R70 FUM +0 {H 3&20 H10 0-0}",
     ("BO-TO-001", "{A 1&10 H10 0-0}", "{H 3&20 H10 0-0}")),
    (7, "Q1 A P50 INT +0 {A 2&10 H10 0-0}",
     ("BO-TO-001", "{H 1&10 H10 0-0}", "{A 2&10 H10 0-0}")),
])
def test_turnovers_one_slip(number, line, finding):
    assert check(QUARTER, swap(TURNOVERS, number, line)) == [(number, *finding)]


def test_response_cards_of_the_other_side():
    # the DEFENSE has no PASS INTERFERENCE card, the OFFENSE no SACK!: neither is played
    head = TURNOVERS[:6]
    assert check(QUARTER, head + ["Q1 H R75 D20 A:DP-PI +55 {A 1&10 A20 7-0}"]) == [
        (9, "BO-CARD-003", "CHAL", "A:DP-PI")]
    assert check(QUARTER, head + ["Q1 H R75 D20 H:SACK +55 {A 1&10 A20 7-0}"]) == [
        (9, "BO-CARD-003", "DP-PI or DP-HLD or CHAL", "H:SACK")]


def test_snap_cards_that_cannot_lead():
    end = "Q1 H R100 D10 +90 {A 1&10 A20 7-0}"
    assert check(QUARTER, ["Q1 H DP-HLD D60 +5 {H 1&5 H25 0-0}", end]) == [
        (3, "BO-CARD-001", "a RUN, PASS or OFFSIDES card (SPECIAL TEAMS on fourth down)",
         "DP-HLD")]
    assert check(QUARTER, ["Q1 H R70 CHAL +0 {H 1&10 H20 0-0}", end]) == [
        (3, "BO-CARD-002", "a DEFENSIVE PLAY, OFFENSIVE PENALTY, TURNOVER or SACK! card",
         "CHAL")]


# -- fourth down, punts, field goals --------------------------------------------------------------
KICKS = [
    "Q1 H R60 D60 +0 {H 2&10 H20 0-0}",
    "Q1 H R55 D60 -5 {H 3&15 H15 0-0}",
    "Q1 H R65 D60 +5 {H 4&10 H20 0-0}",
    "Q1 H K45 D30 +45 {A 1&10 A35 0-0}",        # punt from the H20: 20 + 45 = the A35
    "Q1 A R60 D60 +0 {A 2&10 A35 0-0}",
    "Q1 A R65 D60 +5 {A 3&5 A40 0-0}",
    "Q1 A R55 D60 -5 {A 4&10 A35 0-0}",
    "Q1 A R70 D65 +5 {H 1&10 A40 0-0}",         # FOURTH DOWN short: H takes it at the A40
    "Q1 H R75 D65 +10 {H 1&10 A30 0-0}",
    "Q1 H P15 D70 +0 {H 2&10 A30 0-0}",
    "Q1 H P20 D70 +0 {H 3&10 A30 0-0}",
    "Q1 H P25 D70 +0 {H 4&10 A30 0-0}",
    "Q1 H K45 D75 +45 {A 1&10 A20 3-0}",        # in range (30 <= 35): 45 > 30 + 10, good
    "Q1 A R80 D75 +5 {A 2&5 A25 3-0}",
    "Q1 A R85 D80 +5 {A 1&10 A30 3-0}",
    "Q1 A R90 D55 +35 {A 1&10 H35 3-0}",
    "Q1 A P30 D80 +0 {A 2&10 H35 3-0}",
    "Q1 A P35 D85 +0 {A 3&10 H35 3-0}",
    "Q1 A P40 D90 +0 {A 4&10 H35 3-0}",
    "Q1 A K25 D95 +25 {H 1&10 H35 3-0}",        # 25 < 35 + 10: no good, H's ball at the H35
    "Q1 H P45 D75 +0 {H 2&10 H35 3-0}",
    "Q1 H P50 D80 +0 {H 3&10 H35 3-0}",
    "Q1 H P55 D80 +0 {H 4&10 H35 3-0}",
    "Q1 H K65 D85 +65 {A 1&10 A20 3-0}",        # punt of 65 from 65 out: touchback (B12)
]


def test_kicks_clean():
    assert check(QUARTER, KICKS) == []


@pytest.mark.parametrize("number, line, finding", [
    (6, "Q1 H K45 D30 +45 {A 1&10 A40 0-0}",
     ("BO-PUNT-001", "{A 1&10 A35 0-0}", "{A 1&10 A40 0-0}")),
    (10, "Q1 A R70 D65 +5 {A 1&10 A40 0-0}",
     ("BO-4TH-002", "{H 1&10 A40 0-0}", "{A 1&10 A40 0-0}")),
    (15, "Q1 H K45 D75 +45 {A 1&10 A30 0-0}",
     ("BO-FG-001", "{A 1&10 A20 3-0}", "{A 1&10 A30 0-0}")),
    (22, "Q1 A K25 D95 +25 {H 1&10 H20 3-3}",
     ("BO-FG-001", "{H 1&10 H35 3-0}", "{H 1&10 H20 3-3}")),
    (26, "Q1 H K65 D85 +65 {A 1&10 A10 3-0}",
     ("BO-PUNT-001", "{A 1&10 A20 3-0}", "{A 1&10 A10 3-0}")),
    (4, "Q1 H K30 D70 +30 {A 1&10 A50 0-0}",
     ("BO-4TH-001", "a RUN, PASS or OFFSIDES card", "K30 on down 2")),
])
def test_kicks_one_slip(number, line, finding):
    lines = swap(KICKS, number, line)
    if number == 4:               # a punt on second down: the record goes on from there
        lines = lines[:2] + ["Q1 A R100 D10 +90 {H 1&10 H20 0-7}"]
        lines[1] = line.replace("A50", "50")
    assert check(QUARTER, lines) == [(number, *finding)]


def test_field_goal_finding_shows_the_distance():
    report = verify_text(QUARTER + "\n".join(swap(KICKS, 22, "Q1 A K25 D95 +25 "
                                                            "{H 1&10 H20 3-3}")), "r")
    assert "KICK YARDS 25 against 35 + 10 = 45" in report.findings[0].message


# -- safety ------------------------------------------------------------------------------------
def test_safety():
    assert check(QUARTER, ["Q1 H R45 D100 -55 {A 1&10 A20 0-2}"]) == []   # 55 >= 20: SAFETY
    assert check(QUARTER, ["Q1 H R45 D100 -55 {A 1&10 A20 0-0}"]) == [
        (3, "BO-SAFE-001", "{A 1&10 A20 0-2}", "{A 1&10 A20 0-0}")]


# -- decks, periods, halftime ------------------------------------------------------------------
HALF = [
    "1H H DP-OFS D60 +5 {H 1&5 H25 0-0}",
    "1H H DP-OFS D60 +5 {H 1&10 H30 0-0}",      # 5 to go, +5: FIRST DOWN
    "2H A R100 D10 +90 {H 1&10 H20 0-7}",       # halftime: A (on DEFENSE first) at the A20
    "2H H DP-OFS D60 +5 {H 1&5 H25 0-7}",       # a new shuffle: a third OFFSIDES is fine
]


def test_halves_clean():
    assert check(HALVES, HALF) == []


def test_more_copies_than_the_deck_holds():
    lines = HALF[:2] + ["1H H DP-OFS D65 +5 {H 1&5 H35 0-0}"] + HALF[2:]
    assert check(HALVES, lines) == [(5, "BO-HAND-002", "at most 2", "3")]


def test_halftime_gives_the_ball_to_the_side_that_started_on_defense():
    assert check(HALVES, swap(HALF, 5, "2H H R100 D10 +90 {H 1&10 H20 0-7}")) == [
        (5, "BO-POSS-001", "A", "H")]


FOUR = [
    "Q1 H R70 D65 +5 {H 2&5 H25 0-0}",
    "Q2 H R75 D65 +10 {H 1&10 H35 0-0}",        # without a Seed the deck's end is the record's
    "Q3 A R100 D10 +90 {H 1&10 H20 0-7}",       # halftime
    "Q4 H R100 D10 +90 {A 1&10 A20 7-7}",
    "Q4 A R90 D10 +80 {H 1&10 H20 7-14}",
]


def test_full_game_clean():
    assert check(FULL, FOUR) == []


@pytest.mark.parametrize("number, line, finding", [
    (3, "Q2 H R70 D65 +5 {H 2&5 H25 0-0}", ("BO-QTR-001", "Q1", "Q2")),
    (6, "Q2 H R100 D10 +90 {A 1&10 A20 7-7}", ("BO-QTR-001", "Q3 or Q4", "Q2")),
])
def test_periods_one_slip(number, line, finding):
    assert check(FULL, swap(FOUR, number, line)) == [(number, *finding)]


# -- overtime, the end ----------------------------------------------------------------------------
OVERTIME = [
    "Q1 H R100 D10 +90 {A 1&10 A20 7-0}",
    "Q1 A R100 D10 +90 {H 1&10 H20 7-7}",       # tied at the end of regulation
    "OT1 A R90 D10 +80 {H 1&10 H20 7-14}",      # A wins the toss, scores on its first drive
    "OT1 H R60 D60 +0 {H 2&10 H20 7-14}",       # H gets one possession to answer
    "OT1 H R55 D60 -5 {H 3&15 H15 7-14}",
    "OT1 H R65 D60 +5 {H 4&10 H20 7-14}",
    "OT1 H R70 D65 +5 {A 1&10 H25 7-14}",       # it fails: the game is over
]


def test_overtime_clean():
    assert check(QUARTER, OVERTIME) == []


def test_overtime_slips():
    extra = "OT1 A R70 D65 +5 {A 1&5 H20 7-14}"
    assert check(QUARTER, OVERTIME + [extra]) == [
        (10, "BO-SEQ-001", "no more snaps", "OT1 A R70 D65 +5 {A 1&5 H20 7-14}")]
    not_tied = ["Q1 H R100 D10 +90 {A 1&10 A20 7-0}", "Q1 A R70 D65 +5 {A 2&5 A25 7-0}",
                "OT1 A R90 D10 +80 {H 1&10 H20 7-7}"]
    assert check(QUARTER, not_tied) == [(5, "BO-OT-001", "no overtime", "OT1 at 7-0")]
    assert check(QUARTER, OVERTIME[:2]) == [
        (4, "BO-END-002", "the game played to its end", "no more snaps")]


def test_result_tag():
    head = QUARTER + '[Result "7-14"]\n'
    assert check(head, OVERTIME) == []
    assert check(QUARTER + '[Result "7-13"]\n', OVERTIME) == [
        (3, "BO-END-001", "7-14", "7-13")]


# -- a FIRST DOWN inside the 10 (B17): the rules' words or football's goal to go ----------------
GOAL_TO_GO = [
    "Q1 H R90 D30 +60 {H 1&10 A20 0-0}",        # from the H20: +60 to the A20
    "Q1 H R70 D55 +15 {H 1&5 A5 0-0}",          # 10 to go +15: FIRST DOWN on the A5
    "Q1 H R60 D65 -5 {H 2&10 A10 0-0}",         # 5 to go -5 = 10
    "Q1 H R65 D60 +5 {H 3&5 A5 0-0}",           # 10 to go +5 = 5
    "Q1 H R75 D65 +10 {A 1&10 A20 7-0}",        # 5 yards out +10: TOUCHDOWN
]
MARKER_AT_TEN = [                               # the marker "10 yards from that", counter 10
    GOAL_TO_GO[0], "Q1 H R70 D55 +15 {H 1&10 A5 0-0}", "Q1 H R60 D65 -5 {H 2&15 A10 0-0}",
    "Q1 H R65 D60 +5 {H 3&10 A5 0-0}", GOAL_TO_GO[4]]
WRITTEN_G = [
    GOAL_TO_GO[0], "Q1 H R70 D55 +15 {H 1&G A5 0-0}", "Q1 H R60 D65 -5 {H 2&G A10 0-0}",
    "Q1 H R65 D60 +5 {H 3&G A5 0-0}", GOAL_TO_GO[4]]


@pytest.mark.parametrize("lines", [GOAL_TO_GO, MARKER_AT_TEN, WRITTEN_G])
def test_first_down_inside_the_ten_either_way(lines):
    assert check(QUARTER, lines) == []


def test_first_down_inside_the_ten_mixed_readings_is_one_slip():
    # `1&10` at the A5 (the marker reading), then 2&10 after -5: that reading says 15 to go
    mixed = [*MARKER_AT_TEN[:2], "Q1 H R60 D65 -5 {H 2&10 A10 0-0}", *MARKER_AT_TEN[3:]]
    assert check(QUARTER, mixed) == [
        (5, "BO-DOWN-002", "{H 2&15 A10 0-0}", "{H 2&10 A10 0-0}")]


def test_goal_to_go_written_where_the_marker_is_short_of_the_goal_line():
    lines = ["Q1 H R90 D30 +60 {H 1&G A20 0-0}"]     # 20 to the goal line: 10 to go
    assert check(QUARTER, lines)[0] == (3, "BO-DOWN-002", "{H 1&10 A20 0-0}",
                                        "{H 1&20 A20 0-0}")


def test_a_spot_past_midfield_is_a_finding_read_as_the_spot_it_means():
    """`H55` is the A45 counted from the farther goal line: one finding, and the next snap is
    read from the A45 (the same as PostCard's `A55`)."""
    lines = [RUNS[0], "Q1 H R90 D60 +30 {H 1&10 H55 0-0}", "Q1 H R70 D65 +5 {H 2&5 A40 0-0}"]
    assert check(QUARTER, lines) == [(4, "BO-SPOT-002", "A45", "H55"),
                                     (5, "BO-END-002", "the game played to its end",
                                      "no more snaps")]


def test_length_tag_the_rules_do_not_have():
    """A Length of no game the rules know: one finding on the tag; the snaps are then read as
    a full game (RUNS stops in the first quarter of four: not over)."""
    head = '[Game "blowout"]\n[Length "minutes"]\n'
    assert check(head, RUNS) == [
        (2, "BO-TAG-001", "quarter or halves or full", "minutes"),
        (6, "BO-END-002", "the game played to its end", "no more snaps")]


# -- a Seed: every card from the hand the play book dealt ------------------------------------
# Seed "demo", shuffle 1 (printkit playbook blowout --seed demo): HOME's OFFENSE shuffle starts
# R75 P25 DP-PI R85 P70 | R45 DP-OFS R60 P35 ..., AWAY's DEFENSE shuffle D65 OP-OFS D55 SACK
# FUM D65 | FUM D45 D50 ...
SEEDED = '[Game "blowout"]\n[Seed "demo"]\n[Length "quarter"]\n'
DEMO = [
    "Q1 H R85 D55 +30 {H 1&10 50 0-0}",         # hand R75 P25 DP-PI R85 P70; draws R45
    "Q1 H R75 D65 +10 {H 1&10 A40 0-0}",        # draws DP-OFS
    "Q1 H P70 SACK H:DP-PI +20 {H 1&10 A20 0-0}",   # 70 >= 40: half the distance, 20
    "Q1 H R60 D65 -5 {H 2&15 A25 0-0}",         # R60 came in for P70
]


def test_seeded_hands_clean():
    assert check(SEEDED, DEMO) == [(7, "BO-END-002", "the game played to its end",
                                    "no more snaps")]


def test_seeded_card_not_in_hand():
    lines = swap(DEMO, 7, "Q1 H R70 D65 +5 {H 2&5 A15 0-0}", first=4)
    assert check(SEEDED, lines) == [
        (7, "BO-END-002", "the game played to its end", "no more snaps"),
        (7, "BO-HAND-001", "one of DP-OFS P25 P35 R45 R60", "R70")]


NOT_OVER = ("BO-END-002", "the game played to its end", "no more snaps")


def test_seeded_line_left_out_is_one_finding():
    """DEMO without its line 6 (P70, DP-PI played; R60 and P35 drawn): the next line plays
    R60, which the hand holds only once that snap is put back: one finding on it, and the
    state it writes is taken as written."""
    lines = DEMO[:2] + DEMO[3:]
    assert check(SEEDED, lines) == [
        (6, *NOT_OVER),
        (6, "BO-SEQ-002", "a snap before this line", "Q1 H R60 D65 -5 {H 2&15 A25 0-0}")]


def test_seeded_line_written_twice_is_one_finding():
    lines = DEMO[:2] + [DEMO[1]] + DEMO[2:]
    assert check(SEEDED, lines) == [
        (6, "BO-REC-004", "the next line", "Q1 H R75 D65 +10 {H 1&10 A40 0-0}"),
        (8, *NOT_OVER)]


def test_seeded_card_no_deck_has_is_one_finding():
    """R75 written R57 (no card): a slip for a card the hand held; the hands go on with one
    card unknown, so R60 two lines on is still a card the hand may hold."""
    lines = swap(DEMO, 5, "Q1 H R57 D65 +10 {H 1&10 A40 0-0}", first=4)
    assert check(SEEDED, lines) == [
        (5, "BO-CARD-001", "a RUN, PASS or OFFSIDES card (SPECIAL TEAMS on fourth down)",
         "R57"),
        (7, *NOT_OVER)]


def test_seeded_unreadable_line_is_one_finding():
    """The spot written 04A: the line cannot be read (one finding); the next line cannot be
    checked from where the ball was (quiet: it is the same slip) and resyncs on its state."""
    lines = swap(DEMO, 5, "Q1 H R75 D65 +10 {H 1&10 04A 0-0}", first=4)
    assert check(SEEDED, lines) == [
        (5, "BO-REC-003", "", ""),
        (7, *NOT_OVER)]


def test_penalty_on_a_kick_moves_the_line_and_the_down_is_replayed():
    # "If a PENALTY card is played ... LINE of SCRIMMAGE is moved according to the penalty,
    # and OFFENSE pulls another SPECIAL TEAMS card, if necessary. Replay DOWN." (B12)
    head = KICKS[:3]                                         # 4&10 on the H20
    lines = head + ["Q1 H K45 OP-DOG -5 {H 4&15 H15 0-0}",   # DELAY OF GAME: -5, 4th again
                    "Q1 H K40 D50 +40 {A 1&10 A45 0-0}",     # punt from the H15: the A45
                    "Q1 A R100 D10 +90 {H 1&10 H20 0-7}"]
    assert check(QUARTER, lines) == []
    slipped = head + ["Q1 H K45 OP-DOG +45 {A 1&10 A35 0-0}",
                      "Q1 A R100 D10 +90 {H 1&10 H20 0-7}"]
    assert check(QUARTER, slipped) == [(6, "BO-PEN-001", "-5", "+45")]


def test_overtime_without_a_first_score_is_sudden_death():
    lines = ["Q1 H R70 D65 +5 {H 2&5 H25 0-0}",
             "OT1 A R70 D65 +5 {A 2&5 A25 0-0}",      # A wins the toss: its own 20, +5
             "OT1 A R55 D65 -10 {A 3&15 A15 0-0}",
             "OT1 A R60 D65 -5 {A 4&20 A10 0-0}",
             "OT1 A R65 D70 -5 {H 1&5 A5 0-0}",        # no score: the first to score wins
             "OT1 H R70 D60 +10 {A 1&10 A20 7-0}"]
    assert check(QUARTER, lines) == []
    assert check(QUARTER + '[Result "7-0"]\n', lines + [
        "OT1 A R75 D60 +15 {A 1&10 A35 7-0}"]) == [
        (10, "BO-SEQ-001", "no more snaps", "OT1 A R75 D60 +15 {A 1&10 A35 7-0}")]


def test_overtime_answer_that_ties_plays_on():
    lines = ["Q1 H R100 D10 +90 {A 1&10 A20 7-0}",
             "Q1 A R100 D10 +90 {H 1&10 H20 7-7}",
             "OT1 H R100 D10 +90 {A 1&10 A20 14-7}",    # H scores: A gets one possession
             "OT1 A R90 D10 +80 {H 1&10 H20 14-14}",    # A ties: play continues
             "OT1 H R45 D100 -55 {A 1&10 A20 14-16}"]   # a safety is a score: A wins
    assert check(QUARTER + '[Result "14-16"]\n', lines) == []
    assert check(QUARTER, lines[:4]) == [
        (6, "BO-END-002", "the game played to its end", "no more snaps")]
