"""The disagreements a writer who never read the engine found between Card Bowl games written
by hand from the rules text (tests/handwritten/cardbowl) and the verifier, each on a small
record written from the rules text (Card Bowl v1.1.6) with its findings typed by hand (line,
rule, expected, found) and its clean variants:

- D1: free text in ( ) with a comma is one note, read as nothing (decision C17);
- D3: a declined penalty moves nothing and gives no first down (C4);
- D4: a kickoff's Black Joker first: the card after it decides, out of bounds ends the draws (C8);
- D5: defensive pass interference is a spot foul of any yards (C4);
- D6: a blocked kick draws nothing after its Red Joker; an extra point is blocked on its first
  card only (C18);
- D8: the Result tag is the final score, home first (C5);
- D12: a `---` left out is found on the heading it belongs before (C10).
"""

from __future__ import annotations

import pytest

from printkit_engine.cardbowl.verify import verify_text


def found(text: str) -> list[tuple[int, str, str, str]]:
    report = verify_text(text, "t.txt")
    return [(f.line, f.rule, f.expected, f.found) for f in report.sorted_findings()]


# -- D1: free text in parentheses --------------------------------------------------------------
# "The description of the play is optional ... it is fun to record and see the drives": a note
# is the writer's. 10 + 4 - 11 = 3, a 21-yard return to the 24 (no cards written).
NOTES = ("Steelers\n"
         "Kickoff\tto 3, 21 yd return to 24 (fumbled catch, Steelers recover)\n"
         "1 & 10 @ 24\trun 6 {a draw; the guard pulls, the end cuts in}\n"
         "2 & 4 @ 30\tRESULT\n"
         "1 & 10 @ 35\trun 2\n")


@pytest.mark.parametrize("result", ["run 5 (x, y)", "run 5 (x; y), 5 yd pen. vs. D",
                                    "run 5, (a long run, Rams cheer)"])
def test_a_note_with_commas_is_read_as_nothing(result):
    # 30 + 5 = 35 (and 30 + 5 + 5 = 40 is the penalty's line, written below)
    text = NOTES.replace("RESULT", result)
    if "pen" in result:
        text = text.replace("@ 35", "@ 40")
    assert found(text) == []


def test_a_word_outside_the_note_is_still_unreadable():
    for result in ("run 5 (x, y) blah", "run 5 (x, y"):
        assert [f[:2] for f in found(NOTES.replace("RESULT", result))] == [(4, "CB-REC-003")]


# -- D3: a declined penalty --------------------------------------------------------------------
# Pass draw Black Joker: "5 yard penalty from LoS ... Play continues and defense can decline at
# end of play." 34 + 16 = 50, a first down; the offside after it is accepted: 50 + 14 + 5 = 69,
# the opponent's 31.
DECLINED = ("Lions\n"
            "3 & 1 @ 34\tpass 16; 5 yd pen. vs. O, declined\n"
            "1 & 10 @ {}\tpass 14; 5 yd pen. vs. D\n"
            "1 & 10 @ {}\trun 2\n")


def test_a_declined_penalty_moves_nothing():
    assert found(DECLINED.format(50, 31)) == []


def test_a_declined_penalty_enforced_is_the_slip():
    # 34 + 16 - 5 = 45 written: one finding; the next line follows the written 45
    # (45 + 14 + 5 = 64, the opponent's 36)
    assert found(DECLINED.format(45, 36)) == [(3, "CB-YARD-001", "50", "45")]


@pytest.mark.parametrize("declined", ["5 yd pen. vs. D, auto 1st down, declined",
                                      "5 yd pen. vs. D, declined, auto 1st down",
                                      "declined 5 yd pen. vs. D"])
def test_a_declined_penalty_gives_no_first_down(declined):
    text = f"Lions\n1 & 10 @ 20\trun 3; {declined}\n{{}} @ 23\trun 2\n"
    assert found(text.format("2 & 7")) == []
    assert found(text.format("1 & 10")) == [(3, "CB-LINE-001", "2 & 7 @ 23", "1 & 10 @ 23")]


# -- D4: a kickoff's Black Joker first ---------------------------------------------------------
# "Black Joker on first card = Draw another card: 1-5 = Offsides on kicking team tacked on at
# end of kick; 6-K or other Joker = kick out of bounds, receiving team starts 30 yards from spot
# of kick": from the kicking team's 30, the receivers' 40 (C8).
KICK = "Giants\nKickoff\t{}\tcards: {}\n1 & 10 @ {}\trun 2\n"


@pytest.mark.parametrize("cards", ["BJ 6H", "BJ KD", "BJ RJ"])
def test_out_of_bounds_is_the_card_after_the_black_joker(cards):
    assert found(KICK.format("out of bounds", cards, 40)) == []


def test_out_of_bounds_draws_nothing_more():
    assert found(KICK.format("out of bounds", "BJ 6H 9C", 40)) == [
        (2, "CB-CARD-005", "2 cards, no return", "3 cards")]
    assert found(KICK.format("out of bounds", "BJ 6H / 5C", 40)) == [
        (2, "CB-CARD-005", "2 cards, no return", "3 cards")]


def test_the_cards_and_the_result_must_agree_on_out_of_bounds():
    # 4H (1-5): offside, the kick goes on
    assert found(KICK.format("out of bounds", "BJ 4H", 40)) == [
        (2, "CB-CARD-001", "offside, a kick received", "out of bounds")]
    # 6H: out of bounds, not a kick received at the 3
    assert found(KICK.format("to 3, 21 yd return to 24", "BJ 6H", 24)) == [
        (2, "CB-CARD-001", "out of bounds", "to 3")]
    # no Black Joker first: no kick goes out of bounds
    assert found(KICK.format("out of bounds", "5H 6H", 40)) == [
        (2, "CB-CARD-001", "a Black Joker first", "5H first")]


def test_offside_the_kick_goes_on_and_five_yards_are_tacked_on():
    # 3H: offside; then 9 + 7 - 11 = 5, returns 9 + 8 + 5 + 4 - 5 = 21 to the 26, + 5 = 31
    cards = "BJ 3H 9D 7C / 5C / 9S 8H 5S 4H"
    assert found(KICK.format("to 5, 21 yd return to 26; 5 yd pen. vs. K", cards, 31)) == []
    assert found(KICK.format("to 5, 21 yd return to 26", "BJ 3H 9D / 5C / 9S 8H 5S 4H",
                             26)) == [(2, "CB-CARD-005", "2 cards", "1 card")]


def test_a_free_kick_out_of_bounds_is_thirty_yards_from_the_twenty():
    # "same as kickoff but from 20 yard line": 20 + 30 = the 50
    assert found("Giants\nFree kick\tout of bounds\tcards: BJ 9H\n1 & 10 @ 50\trun 2\n") == []


# -- D5: defensive pass interference -----------------------------------------------------------
# "Defensive pass interference ... calculate total yardage for interference field position as
# if it was a completion ... The ball is moved forward to the location of the interference and
# offense has an automatic first down. If the interference takes place in the end zone, the ball
# is placed on the one-yard line." From the opponent's 23, 8 yards: the 15 (C4).
PI = "Eagles\n1 & 10 @ opp 23\t{}\n{} @ {}\trun 4\n"


@pytest.mark.parametrize("result", ["pass inc.; 8 yd pen. vs. D, auto 1st down",
                                    "pass; 8 yd pen. vs. D, auto 1st down",
                                    "pass inc.; 8 yd pass interference",
                                    "pass inc.; 8 yd DPI, auto 1st down"])
def test_pass_interference_is_a_spot_foul(result):
    assert found(PI.format(result, "1 & 10", 15)) == []


def test_pass_interference_taken_as_five_yards_is_the_slip():
    assert found(PI.format("pass inc.; 8 yd pen. vs. D, auto 1st down", "1 & 10", 18)) == [
        (3, "CB-YARD-001", "15", "18")]


def test_pass_interference_in_the_end_zone_is_placed_on_the_one():
    text = "Eagles\n2 & 5 @ opp 5\tpass inc.; 12 yd pen. vs. D, auto 1st down\n" \
           "1 & goal @ 1\trun 1, TD\n"
    assert found(text) == []


def test_other_penalties_are_still_5_10_or_15():
    # a completed pass is no interference; nor is a penalty with no first down
    assert found(PI.format("pass 12; 8 yd pen. vs. D, auto 1st down", "1 & goal", 3))[0] == \
        (2, "CB-PEN-002", "5 or 10 or 15", "8")
    assert found(PI.format("pass inc.; 8 yd pen. vs. D", "2 & 2", 15)) == [
        (2, "CB-PEN-002", "5 or 10 or 15", "8")]
    assert found(PI.format("pass inc.; 0 yd pass interference", "2 & 10", 23)) == [
        (2, "CB-PEN-002", "1 yard or more", "0")]


# -- D6: a blocked kick ------------------------------------------------------------------------
# "A Red Joker represents a blocked kick, but only if drawn during the initial draws ... < 20
# (or extra point try after TD) = first card"; "Extra Point: Same as a 20-yard field goal,
# except only first card counts for block ..., and block doesn't result in a fumble" (C18).
TRY = "Eagles\n2 & 6 @ opp 11\tpass 11, TD\t6-0 Eagles\nTry\tkick {}\tcards: {}\n"


@pytest.mark.parametrize("result", ["no good (blocked)\t6-0 Eagles", "blocked\t6-0 Eagles",
                                    "no good"])
def test_a_blocked_extra_point_is_its_red_joker_alone(result):
    assert found(TRY.format(result, "RJ")) == []


def test_a_blocked_kick_draws_nothing_after_the_joker():
    assert found(TRY.format("no good", "RJ 5C")) == [
        (3, "CB-CARD-005", "1 card, the last RJ", "2 cards")]
    assert found(TRY.format("good\t7-0 Eagles", "RJ")) == [
        (3, "CB-CARD-004", "no good (blocked)", "good")]


def test_an_extra_point_is_blocked_on_the_first_card_only():
    # the Red Joker second is discarded and replaced: 5 + 3 + 4 + 6 + 7 + 8 = 33 >= 20
    assert found(TRY.format("good\t7-0 Eagles", "5C RJ 3D 4D 6D 7D 8D")) == []
    assert found(TRY.format("no good", "5C RJ 3D 4D 6D 7D 8D")) == [
        (3, "CB-CARD-004", "good", "no good")]


FG = "Eagles\n4 & 5 @ opp 27\t45 yd FG {}\tcards: {}\n---\nGiants\n1 & 10 @ 35\trun 2\n"


def test_a_blocked_field_goal_ends_with_its_red_joker():
    # 45 yards: "40-49 = first four cards"; a miss goes over at the spot of the kick (C7)
    assert found(FG.format("no good", "9C 4H RJ")) == []
    assert found(FG.format("no good", "9C 4H RJ 2C")) == [
        (2, "CB-CARD-005", "3 cards, the last RJ", "4 cards")]
    # the Red Joker fifth is replaced: 9 + 4 + 5 + 6 + 2 + 3 = 29 < 45
    assert found(FG.format("no good", "9C 4H 5H 6H RJ 2C 3C")) == []


# -- D8: the Result tag ------------------------------------------------------------------------
GAME = ('[Game "cardbowl"]\n{}[Result "{}"]\n'
        "Eagles\n2 & 6 @ opp 11\tpass 11, TD\t6-0 Eagles\nTry\tkick good\t7-0 Eagles\n")
TAGS = '[Home "Eagles"]\n[Away "Giants"]\n'


@pytest.mark.parametrize("tags, result", [
    (TAGS, "7-0"), ('[Away "Giants"]\n[Home "Eagles"]\n', "7-0"),
    ('[Away "Eagles"]\n', "0-7"), ('[Home "Giants"]\n', "0-7"),
    ("", "7-0"),                     # no tags: the first team written is home
    (TAGS, "7 - 0"), (TAGS, "*")])
def test_the_result_is_the_final_score_home_first(tags, result):
    assert found(GAME.format(tags, result)) == []


def test_a_wrong_result_is_found_on_its_tag():
    assert found(GAME.format(TAGS, "0-7")) == [(4, "CB-END-001", "7-0", "0-7")]
    assert found(GAME.format('[Away "Eagles"]\n', "7-0")) == [(3, "CB-END-001", "0-7", "7-0")]


def test_no_result_is_checked_when_the_score_is_not_known():
    # the last line cannot be read: what it scored is not known
    assert [f[1] for f in found(GAME.format(TAGS, "0-7") + "Kickoff\tblah\n")] == [
        "CB-REC-003"]


# -- D12: where a `---` left out is found ------------------------------------------------------
# "Draw a line to indicate a change of possession": the line goes before the Eagles' heading.
# 4th down, no gain at the opponent's 31: the Eagles' ball at their own 31 (C10).
DOWNS = "Giants\n4 & 1 @ opp 31\tsneak, no gain\n{}Eagles\n1 & 10 @ 31\trun 2\n"


def test_a_missing_line_is_found_on_the_heading():
    assert found(DOWNS.format("---\n")) == []
    assert found(DOWNS.format("")) == [(3, "CB-POSS-001", "---", "no line")]
