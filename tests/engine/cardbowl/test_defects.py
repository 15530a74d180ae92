"""The Card Bowl defects of issue 26, each on a hand-made record written from the rules text
(Card Bowl v1.1.6), its findings typed by hand, with the clean variants.

- a Red Joker among a kickoff's cards costs the receiver one return draw;
- a wrong return or penalty line is one finding: the next line may follow either spot;
- an erratum is the whole printed line (decision C1), nothing that merely starts like it;
- yards past the goal line on a scoring play (decision C14);
- `errata = []` in a player's rules file means no errata;
- an unreadable line is a finding on its line and the rest is checked; tag names are exact.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from printkit_engine.cardbowl.rules import load_rules
from printkit_engine.cardbowl.verify import verify_text
from printkit_engine.errors import ReadError

RECORDS = Path(__file__).parent / "records"


def found(text: str, rules=None) -> list[tuple[int, str, str, str]]:
    report = verify_text(text, "t.txt", rules)
    return [(f.line, f.rule, f.expected, f.found) for f in report.sorted_findings()]


# -- a Red Joker among the kickoff's cards ---------------------------------------------------
# "Red Joker (on either card) = fumble by receiver. Draw a replacement card to determine
# position of kickoff reception. Receiver automatically recovers, but sacrifices one return
# draw (draws only 3 instead of 4)." Coverage: "Red Joker = Receiver fumbles reception, same
# as above during kickoff draws" (decision C15). 10 + 4 - 11 = 3; returns 9 + 8 + 9 = 26,
# less the coverage 5 = 21: to 24.
KICKOFF = '[Game "cardbowl"]\nSteelers\nKickoff\tto 3, 21 yd return to 24\tcards: {}\n' \
          "1 & 10 @ 24\trun 2\n"


@pytest.mark.parametrize("cards", ["10H RJ 4S / 5C / 9D 8H 9S",     # joker on the kick
                                   "10H 4S / RJ 5C / 9D 8H 9S"])    # joker on the coverage
def test_a_red_joker_on_the_kickoff_leaves_three_return_draws(cards):
    assert found(KICKOFF.format(cards)) == []


@pytest.mark.parametrize("cards", ["10H RJ 4S / 5C / 9D 8H 5S 4H",
                                   "10H 4S / RJ 5C / 9D 8H 5S 4H"])
def test_four_return_draws_after_a_red_joker_on_the_kickoff(cards):
    # 9 + 8 + 5 + 4 = 26 - 5 = 21 adds up, but the receiver draws only 3
    assert found(KICKOFF.format(cards)) == [(3, "CB-CARD-005", "3 cards", "4 cards")]


def test_without_a_joker_the_receiver_draws_four():
    assert found(KICKOFF.format("10H 4S / 5C / 9D 8H 5S 4H")) == []
    assert found(KICKOFF.format("10H 4S / 5C / 9D 8H 9S")) == [
        (3, "CB-CARD-005", "4 cards", "3 cards")]


def test_a_free_kick_return_is_a_kickoff_return():
    # "Return is same as kickoff return": 3 + 7 - 1 = 9 (the joker replaced), 3 draws
    text = ('[Game "cardbowl"]\nSteelers\nFree kick\tto 9, 21 yd return to 30\t'
            "cards: 3D RJ 7S / 5C / 9D 8H 9S\n1 & 10 @ 30\trun 2\n")
    assert found(text) == []


# -- a wrong return or penalty line is one finding -------------------------------------------
# A punt from the Steelers' 40 of 40 yards comes down at the Cowboys' 20; a 5-yard return
# reaches the 25, written 26. The next line may follow the true 25 or the written 26.
PUNT = "Steelers\n4 & 5 @ 40\tpunt 40, 5 yd return to 26\n---\nCowboys\n1 & 10 @ {}\trun 2\n" \
       "2 & 8 @ {}\trun 2\n"
# "Kickoff to 3, 21 yd return to 25": 3 + 21 = 24.
KICK = "Steelers\nKickoff\tto 3, 21 yd return to 25\n1 & 10 @ {}\trun 3\n2 & 7 @ {}\trun 3\n"
# 30 + 2 - 10 (against the offense) = 22; no automatic first down: 2 & 18 at the 22 (C4)
AUTO_VS_O = "Steelers\n1 & 10 @ 30\trun 2; 10 yd pen. vs. O, auto 1st down\n{} @ 22\trun 2\n" \
            "{} @ 24\trun 2\n"
# "auto 1st down" with no penalty against the defense: 2 & 8 at the 32
AUTO_NO_PENALTY = "Steelers\n1 & 10 @ 30\trun 2, auto 1st down\n{} @ 32\trun 2\n{} @ 34\trun 2\n"


@pytest.mark.parametrize("spots", [(25, 27), (26, 28)], ids=["true", "written"])
def test_a_punt_return_that_does_not_add_up_is_one_finding(spots):
    assert found(PUNT.format(*spots)) == [(2, "CB-PUNT-001", "20 + 5 = 25", "to 26")]


@pytest.mark.parametrize("spots", [(24, 27), (25, 28)], ids=["true", "written"])
def test_a_kickoff_return_that_does_not_add_up_is_one_finding(spots):
    assert found(KICK.format(*spots)) == [(2, "CB-KICK-002", "3 + 21 = 24", "to 25")]


@pytest.mark.parametrize("downs", [("2 & 18", "3 & 16"), ("1 & 10", "2 & 8")],
                         ids=["true", "written"])
def test_an_automatic_first_down_on_a_penalty_against_the_offense_is_one_finding(downs):
    assert found(AUTO_VS_O.format(*downs)) == [
        (2, "CB-PEN-001", "no automatic first down", "auto 1st down")]


@pytest.mark.parametrize("downs", [("2 & 8", "3 & 6"), ("1 & 10", "2 & 8")],
                         ids=["true", "written"])
def test_an_automatic_first_down_without_a_penalty_is_one_finding(downs):
    assert found(AUTO_NO_PENALTY.format(*downs)) == [
        (2, "CB-PEN-001", "a penalty vs. D", "auto 1st down")]


# -- an erratum is the whole printed line ----------------------------------------------------
# The rules' example prints "1 & 10 @ 43  pass 7" then "2 & 7 @ 50  run 5 + 8 = 13" (43 + 7
# leaves 2 & 3): read as printed (C1), that pair only.
def test_the_printed_pair_is_read_as_printed():
    report = verify_text("Cowboys\n1 & 10 @ 43\tpass 7\n2 & 7 @ 50\trun 5 + 8 = 13\n"
                         "1 & 10 @ 37\trun 4\n", "t.txt")
    assert report.clean
    assert report.summary_extra == ("1 line read as printed in the rules' example "
                                    "(docs/rules/cardbowl.md C1)")


def test_a_line_that_only_starts_like_the_erratum_is_checked():
    # 6 + 8 is 14, and 43 + 7 leaves 3 to go: both slips are found
    assert found("Cowboys\n1 & 10 @ 43\tpass 7\n2 & 7 @ 50\trun 6 + 8 = 13\n"
                 "1 & 10 @ 37\trun 4\n") == [
        (3, "CB-ARITH-001", "6 + 8 = 14", "= 13"), (3, "CB-DIST-001", "3", "7")]
    # the same slip on another line
    assert found("Cowboys\n1 & 10 @ 40\tpass 7\n2 & 3 @ 47\trun 6 + 8 = 13\n"
                 "1 & 10 @ 40\trun 4\n") == [(3, "CB-ARITH-001", "6 + 8 = 14", "= 13")]


def test_the_erratum_needs_its_line_before_and_its_team():
    # 40 + 10 reaches the 50: a first down, written 2 & 7
    assert found("Cowboys\n1 & 10 @ 40\tpass 10\n2 & 7 @ 50\trun 5 + 8 = 13\n") == [
        (3, "CB-LINE-001", "1 & 10 @ 50", "2 & 7 @ 50")]
    assert found('[Home "Steelers"]\n[Away "Cowboys"]\nSteelers\n1 & 10 @ 43\tpass 7\n'
                 "2 & 7 @ 50\trun 5 + 8 = 13\n") == [(5, "CB-DIST-001", "3", "7")]


# -- yards past the goal line on a scoring play (C14) --------------------------------------
# "1 & goal @ 6, run 1": the 5; a touchdown from the 5 is a gain of 5.
GOAL = "Steelers\n1 & goal @ 6\trun 1\n2 & goal @ 5\tpass {}, TD\t6-0 Steelers\n" \
       "Try\tkick good\t7-0 Steelers\n"
# "1 & 10 @ opp 40, run 10": a first down at the opponent's 30.
OPP_30 = "Steelers\n1 & 10 @ opp 40\trun 10\n1 & 10 @ 30\trun {}\nTry\tkick good\t7-0 Steelers\n"
# Intercepted 30 yards past the Steelers' 30: at the Cowboys' 40, 60 yards from the goal.
INTERCEPTED = "Steelers\n1 & 10 @ 30\tpass int. 30, {} yd return, TD\t6-0 Cowboys\n---\n" \
              "Cowboys\nTry\tXP good\t7-0 Cowboys\n"
# Received at the 3: 97 yards to go.
KICKOFF_TD = "Steelers\nKickoff\tto 3, {} yd return, TD\t6-0 Steelers\nTry\tXP good\t7-0 Steelers\n"
# A 47-yard punt from the Steelers' 23 comes down at the Cowboys' 30: 70 to go.
PUNT_TD = "Steelers\n4 & 7 @ 23\tpunt 47, {} yd return, TD\t6-0 Cowboys\n---\nCowboys\n" \
          "Try\tXP good\t7-0 Cowboys\n"


@pytest.mark.parametrize("text, full, exact", [
    (GOAL, "15", "5"), (OPP_30, "40, TD\t6-0 Steelers", "30, TD\t6-0 Steelers"),
    (OPP_30, "40", "30"), (INTERCEPTED, "75", "60"), (KICKOFF_TD, "100", "97"),
    (PUNT_TD, "80", "70"),
], ids=["pass from the 5", "run from the 30", "run from the 30, no TD", "interception",
        "kickoff", "punt"])
def test_a_touchdown_writes_the_yards_to_the_goal_line_or_all_the_draws_gave(text, full,
                                                                            exact):
    """C14: both honest readings are clean: the yards to the goal line (the rules' example,
    the NFL) or all the yards the cards gave (the notes' arithmetic of the draws)."""
    assert found(text.format(full)) == []
    assert found(text.format(exact)) == []


def test_a_pass_beyond_the_back_of_the_end_zone_is_no_touchdown():
    """From the 5: the end zone's back is 15 yards away; a pass of 16 is incomplete."""
    assert found(GOAL.format("16")) == [(3, "CB-TD-002", "a gain of 5 to 15", "16")]


# -- errata = [] -----------------------------------------------------------------------------
def test_no_errata_in_a_players_rules_file(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text("errata = []\n", encoding="utf-8")
    rules = load_rules(mine)
    assert rules.errata == ()
    text = (RECORDS / "rules_example.txt").read_text(encoding="utf-8")
    assert found(text, rules) == [(18, "CB-DIST-001", "3", "7"),
                                  (24, "CB-YARD-001", "17", "18")]
    assert found(text, replace(load_rules(), errata=())) == found(text, rules)


@pytest.mark.parametrize("toml, message", [
    ("penalty_draws = []\n", "penalty_draws: expected a list of 1 to 20 items, found an empty "
                             "list"),
    ("[clock]\nstops = []\n", "clock.stops: expected a list of texts, found an empty list"),
    ("[field]\npenalty_yards = []\n", "field.penalty_yards: expected a list of 1 to 10 items, "
                                      "found an empty list"),
])
def test_other_lists_still_refuse_to_be_empty(tmp_path, toml, message):
    mine = tmp_path / "mine.toml"
    mine.write_text(toml, encoding="utf-8")
    with pytest.raises(ReadError) as err:
        load_rules(mine)
    assert err.value.message == message


# -- unreadable lines and tags ---------------------------------------------------------------
def test_an_unreadable_card_is_a_finding_on_its_line_and_the_rest_is_checked():
    text = ('[Game "cardbowl"]\nSteelers\nKickoff\tto 4, 20 yd return to 24\tcards: JS XP\n'
            "1 & 10 @ 24\trun 3\ncards: 1D 4D\n2 & 7 @ 27\trun 3\n3 & 4 @ 31\trun 3\n")
    report = verify_text(text, "t.txt")
    assert [(f.line, f.rule, f.message) for f in report.sorted_findings()] == [
        (3, "CB-REC-003", "cannot read this line: not a card: 'XP' (write rank and suit, e.g. "
                          "QH, 10C; jokers BJ, RJ)"),
        (5, "CB-REC-003", "cannot read this line: not a card: '1D' (write rank and suit, e.g. "
                          "QH, 10C; jokers BJ, RJ)"),
        (7, "CB-YARD-001", "yard line does not follow from the last play")]
    assert report.sorted_findings()[-1].expected == "30"
    assert report.lines_checked == 5


def test_tag_names_are_exact():
    # `home` is read as Home all the same: Colts is a third team
    assert found('[home "Steelers"]\n[Away "Cowboys"]\nColts\n'
                 "Kickoff\tto 3, 21 yd return to 24\n") == [
        (1, "CB-REC-002", "Home", "home"),
        (3, "CB-POSS-004", "Steelers or Cowboys", "Colts")]
    assert [f.message for f in verify_text('[Sed "x"]\nSteelers\n1 & 10 @ 20\trun 2\n',
                                           "t.txt").findings] == [
        "unknown tag 'Sed' (did you mean 'Seed'?)"]
