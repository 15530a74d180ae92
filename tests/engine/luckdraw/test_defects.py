"""The defects of issue 26 for Luck of the Draw, each on a record written by hand from the rules
text, with its clean variant(s) and each expected finding typed here (line, rule, expected,
found), never computed with the verifier's own code.

Records (tests/engine/luckdraw/records): returns.rec (3 players: a blocked punt and a blocked
FG returned for a TD, an unblocked punt returned for a TD), endings.rec (2 players: drives
that end once, a drive without a 1st down), three.rec, two.rec, seeded4.rec and
six-untagged.txt (test_verify.py describes them).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit_engine.luckdraw.bots import game_seed, play_game
from printkit_engine.luckdraw.verify import verify_text

RECORDS = Path(__file__).resolve().parent / "records"


def _text(name: str) -> str:
    return (RECORDS / name).read_text(encoding="utf-8")


def _edit(name: str, *changes: tuple[int, str]) -> str:
    """The record with lines replaced (1-based)."""
    lines = _text(name).split("\n")
    for at, text in changes:
        lines[at - 1] = text
    return "\n".join(lines)


def _found(text: str) -> list[tuple[int, str, str, str]]:
    return [(f.line, f.rule, f.expected, f.found)
            for f in verify_text(text, "t.rec").sorted_findings()]


# -- "An additional 3 bonus pts are awarded if the blocked FG is returned for a TD" -----------
def test_a_td_return_with_the_block_is_clean_in_any_order():
    assert _found(_text("returns.rec")) == []
    # "An event's bonus words add to its points in any order" (L16)
    assert _found(_edit("returns.rec", (14, "P punt+td+blocked P3 8"))) == []


def test_an_unblocked_punt_returned_for_a_td_is_sttd_not_a_punt_bonus():
    # drive 1's punt written as returned for a TD without the block: 2 + 3 as written; the
    # scorer's totals follow what was written
    text = _edit("returns.rec", (14, "P punt+td P3 5"), (15, "total P1 0 P2 0 P3 5"),
                 (22, "total P1 8 P2 0 P3 5"), (30, "total P1 18 P2 0 P3 5"))
    assert _found(text) == [(14, "LD-EVENT-004",
                             "punt+blocked+td, or punt and STTD td for the return", "punt+td")]
    # drive 3's return written on the punt card instead of STTD's line
    text = _edit("returns.rec", (28, "P punt+td P1 5"), (29, "; (no STTD line)"),
                 (30, "total P1 13 P2 0 P3 8"))
    assert _found(text) == [(28, "LD-EVENT-004",
                             "punt+blocked+td, or punt and STTD td for the return", "punt+td")]


def test_a_missed_fg_returned_for_a_td_needs_the_block():
    text = _edit("returns.rec", (21, "MFG missed+td P1 6"), (22, "total P1 6 P2 0 P3 8"),
                 (30, "total P1 16 P2 0 P3 8"))
    assert _found(text) == [(21, "LD-EVENT-004", "missed+blocked+td, or missed", "missed+td")]


def test_the_message_quotes_the_cheat_sheet():
    report = verify_text(_edit("returns.rec", (21, "MFG missed+td P1 6"),
                               (22, "total P1 6 P2 0 P3 8"), (30, "total P1 16 P2 0 P3 8")),
                         "t.rec")
    assert report.findings[0].message == \
        "MFG +td is for a blocked field goal returned for a TD (L13)"


# -- a drive ends once -------------------------------------------------------------------------
def test_a_drive_that_ends_once_is_clean():
    assert _found(_text("endings.rec")) == []


def test_a_second_ending_in_a_drive_is_one_finding():
    # drive 1 ends on P1's passing TD (line 13); a rushing TD written after it for P2
    text = _edit("endings.rec", (14, "RTD td P2 6"), (15, "total P1 7 P2 6"),
                 (23, "total P1 14 P2 7"))
    assert _found(text) == [(14, "LD-DRIVE-002", "no second ending after PTD td", "RTD td")]
    report = verify_text(text, "t.rec")
    assert report.findings[0].message == "a drive ends once: drive 1 ended on line 13 (L19)"


def test_a_punt_after_an_interception_is_a_second_ending():
    text = _edit("endings.rec", (19, "INT int P2 4"), (23, "total P1 12 P2 6"))
    assert _found(text) == [(20, "LD-DRIVE-002", "no second ending after INT int", "P punt")]


# -- TOD none: "The offensive team fails to get a 1st down during the drive" -------------------
def test_tod_none_after_a_first_down_in_the_drive():
    # drive 2: P2's 1st down on line 19 instead of the sack, then TOD none on line 21
    text = _edit("endings.rec", (19, "FDN first P2 1"), (23, "total P1 12 P2 3"))
    assert _found(text) == [(21, "LD-EVENT-005", "no TOD none after FDN first", "TOD none")]
    # the chains short of the line is another TOD event: clean
    text = _edit("endings.rec", (19, "FDN first P2 1"), (21, "TOD short P2 1"),
                 (23, "total P1 12 P2 3"))
    assert _found(text) == []
    # a 1st down in the drive before does not count
    assert _found(_edit("endings.rec", (12, "FDN first+markers P1 2"),
                        (15, "total P1 8 P2 1"), (23, "total P1 15 P2 2"))) == []


# -- "When the game has reached the agreed upon ending point" ----------------------------------
def test_the_winner_before_the_agreed_end():
    # two.rec: a game to the end of Q2 whose Q2 marker (line 25) is not written
    text = _edit("two.rec", (25, "; (the scorer did not mark Q2)"))
    assert _found(text) == [(40, "LD-LEN-002", "play to the end of Q2", "the winner in Q1")]


def test_a_full_game_may_end_after_q4_and_not_before():
    # six-untagged.txt, tagged `[Length "full"]` on its first line (a comment), without its
    # overtime (lines 37-47): a full game over after Q4
    lines = _text("six-untagged.txt").split("\n")
    no_ot = "\n".join(['[Length "full"]'] + lines[1:36] + lines[47:])
    assert _found(no_ot) == []
    # the same with its Q4 marker (line 21) not written: the winner in Q3
    stopped = no_ot.replace("\nQ4\n", "\n; (Q4)\n")
    assert _found(stopped) == [(37, "LD-LEN-002", "play to the end of Q4", "the winner in Q3")]


@pytest.mark.parametrize("tag", ["", '[Length "*"]\n'])
def test_the_winner_is_held_to_a_length_the_record_names(tag):
    # without a Length (or `*`, a bubble log's header left blank) the agreed end is not
    # known: the winner in Q1 of two.rec without its Q2 marker is not early
    text = _edit("two.rec", (3, tag.strip()), (25, "; (no Q2 marker)"))
    assert _found(text) == []


# -- "If there is a drive in progress at the end of the 1st or 3rd quarter, you may elect..." --
def test_finishing_the_drive_in_progress_is_the_tables_choice():
    # three.rec: a game to the end of Q1 whose drive 2 goes on after the Q2 marker (line 29)
    assert _found(_text("three.rec")) == []                                   # L8's default
    assert _found(_edit("three.rec", (4, '[FinishDrive "yes"]'))) == []
    assert _found(_edit("three.rec", (4, '[FinishDrive "no"]'))) == [
        (30, "LD-LEN-001", "nothing after Q1", "play")]


def test_a_length_without_the_choice_cannot_take_it():
    # two.rec: a game to the end of Q2 ("at the end of the 1st or 3rd quarter" only)
    assert _found(_edit("two.rec", (4, '[FinishDrive "no"]'))) == []
    assert _found(_edit("two.rec", (4, '[FinishDrive "yes"]'))) == [
        (4, "LD-TAG-003", "no (a game to the end of the 2nd quarter ends there)", "yes")]


def test_the_bots_write_the_choice_for_a_game_to_q1_or_q3():
    seen = set()
    for k in range(1, 40):
        text = play_game(game_seed("finish", k), players=4).text()
        length = text.split('[Length "', 1)[1].split('"', 1)[0]
        tag = '[FinishDrive "yes"]' in text or '[FinishDrive "no"]' in text
        assert tag == (length in ("Q1", "Q3")), (k, length)
        seen.add((length, '[FinishDrive "yes"]' in text))
        assert verify_text(text, "sim.rec").findings == []
    assert ("Q1", True) in seen or ("Q3", True) in seen
    assert ("Q1", False) in seen or ("Q3", False) in seen


# -- Delay of Game: "cards dealt after 1st snap of drive" --------------------------------------
def test_a_deal_line_one_line_late_is_one_finding_on_it():
    # three.rec: P3's deal (line 10) written after the kickoff's touchback (line 12), and no
    # Delay of Game penalty on P1 by the end of drive 2
    text = _edit("three.rec", (10, "side TE"), (11, "STTD touchback P3 2"),
                 (12, "deal P3 OP P XP/S SACK STTD"))
    assert _found(text) == [(12, "LD-DEAL-007",
                             "the deal before the first play or a penalty P1 delay",
                             "a deal after play")]


def test_delay_of_game_written_as_it_happened_is_clean():
    # the same, and the penalty: 2 points off P1
    late = ((10, "side TE"), (11, "STTD touchback P3 2"), (12, "deal P3 OP P XP/S SACK STTD"),
            (14, "penalty P1 delay 2"), (20, "total P1 -2 P2 1 P3 14"),
            (32, "total P1 -2 P2 3 P3 14"))
    assert _found(_edit("three.rec", *late)) == []
    # the whole deal after the first snap: the touchback first, then every deal line
    whole = ((8, "STTD touchback P3 2"), (9, "deal P1 PTD INT TOD FG RTD"),
             (10, "deal P2 DP FBL FDN IR/TO MFG"), (11, "deal P3 OP P XP/S SACK STTD"),
             (12, "side TE"), (14, "penalty P1 delay 2"), (20, "total P1 -2 P2 1 P3 14"),
             (32, "total P1 -2 P2 3 P3 14"))
    assert _found(_edit("three.rec", *whole)) == []
    # ... its touchback written for P2, whose deal (line 10) does not hold STTD
    wrong = (*whole, (8, "STTD touchback P2 2"))
    assert _found(_edit("three.rec", *wrong)) == [(8, "LD-EVENT-002", "P3", "P2")]


def test_delay_of_game_with_a_play_book():
    # seeded4.rec, drive 2: "P2 turned the slip over after the first snap" (line 40): its
    # deal lines (28-31) written after the kickoff's touchback (line 32) are clean
    moved = ((28, "STTD touchback P1 2"), (29, "deal P1 STTD TE OP XP/S"),
             (30, "deal P2 INT PTD TOD IR/TO"), (31, "deal P3 DP FG SACK FBL"),
             (32, "deal P4 MFG FDN RTD P"))
    assert _found(_edit("seeded4.rec", *moved)) == []
    # without the penalty line: the late deal is the one finding, on its first line
    assert _found(_edit("seeded4.rec", *moved, (40, "; (no penalty)"),
                        (41, "total P1 14 P2 9 P3 5 P4 10"),
                        (53, "total P1 19 P2 9 P3 9 P4 13"))) == [
        (29, "LD-DEAL-007", "the deal before the first play or a penalty P2 delay",
         "a deal after play")]


def test_a_deal_line_for_a_seat_already_dealt_after_play_is_a_drive_line_left_out():
    # seeded4.rec without its `drive 2 QB P2` line (27): one finding on the first deal line
    # after it, and drive 2 is read as begun there (its QB the next in the order)
    text = _edit("seeded4.rec", (27, "; (drive line not written)"))
    assert _found(text) == [(28, "LD-SEQ-001", "drive 2 QB P2 first", "deal")]
