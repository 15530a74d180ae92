"""Luck of the Draw decision logs with trades, worked out BY HAND from the rules notes
(docs/rules/luckdraw.md L8, L12, L13, L22; docs/notation.md "Decision logs") and checked
through `printkit verify` only: the expectations here (rule codes, line numbers, every
checkpoint total) were typed before the verifier ran, so a change in how a trade moves the
points, or where its finding lands, fails one of these games.

The deals are the play book "ldtrades" (`printkit playbook luckdraw --seed ldtrades --drives 4
--players 4`, and `--drives 3 --players 6`), read off the rendered slips:

4 players (no sidelines; the QB holds INT PTD TOD and one dealt card):
- drive 1, QB P1: P1 INT PTD TOD TE, P2 OP MFG STTD FG, P3 RTD XP/S IR/TO P, P4 DP FBL SACK FDN
- drive 2, QB P2: P1 P TE XP/S DP, P2 INT PTD TOD IR/TO, P3 FG STTD FDN RTD, P4 MFG OP SACK FBL
- drive 3, QB P3: P1 IR/TO SACK OP RTD, P2 FBL XP/S DP STTD, P3 INT PTD TOD MFG, P4 P FG TE FDN
- drive 4, QB P4: P1 SACK FDN FBL XP/S, P2 FG P DP IR/TO, P3 TE MFG RTD STTD, P4 INT PTD TOD OP

6 players (two cards each, four on the sidelines; TOD is no QB card at six):
- drive 1, QB P1: P1 INT PTD, P2 SACK STTD, P3 TE DP, P4 FG OP, P5 P FBL, P6 IR/TO TOD;
  sidelines FDN RTD MFG XP/S
- drive 2, QB P2: P1 STTD FG, P2 INT PTD, P3 P TOD, P4 TE IR/TO, P5 FDN SACK, P6 XP/S DP;
  sidelines FBL OP MFG RTD

Points (the cheat sheet): sack 2, accepted penalty 1 (OP, DP), 1st down 1 and the markers +1,
timeout 2, touchback 2, passing or rushing TD 6, extra point 1, made FG 3, interception 4,
lost fumble 4, punt 2, the clock running out 3 (TE); an audible 3 a correct call, +1 for a
lone correct caller at 4 or more players.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.helpers import pdf_texts, run_cli

HEAD4 = '[Game "luckdraw"]\n[Log "decisions"]\n[Seed "ldtrades"]\n[Players "4"]\n'

# A: a 1-for-1 trade in the middle of drive 1, several events a line, events seen again.
# Drive 1 (QB P1), line 7: sack (P4 2), 1st down (P4 1), touchback (P2 2); line 8: a second
# 1st down (P4 1). Lines 9-10: P4 gives SACK for P3's P (neither is the QB, Q1 of a Q2 game:
# legal). Line 11, after the trade: the sack is P3's now (2), a 1st down (P4 1), the punt P4's
# now (2), the clock runs out (TE, P1 3): Q1 is over. Checkpoint: P1 3, P2 2, P3 2,
# P4 2+1+1+1+2 = 7. Drive 2 (QB P2, Q2): P1 and P3 called pass, P4 run, the play a pass: 3
# each, no Loner (two right); 1st down P3 1, pass TD P2 6, XP P1 1. Game's end: P1 7, P2 8,
# P3 6, P4 7. Clean.
GAME_A = HEAD4 + """[Length "Q2"]

drive sack first touchback
first
trade sack
for punt
sack first punt expires
P1 = 3
P2 = 2
P3 = 2
P4 = 7
drive audible:pass pass:P1P3 run:P4 first passTD xp
P1 = 7
P2 = 8
P3 = 6
P4 = 7
"""

# B: two trades in one drive, two cards each way; a wrong total planted at Q1's end.
# Drive 1 (QB P1), line 6: OP (P2 1), DP (P4 1), timeout (P3 2). Lines 7-8: P2 gives OP and
# STTD for P4's SACK and DP. Line 9: sack (P2 2), OP (P4 1), DP (P2 1). Lines 10-11: P3 gives
# IR/TO for P4's FDN. Line 12: 1st down (P3 1), timeout (P4 2), punt (P3 2), clock out (P1 3);
# line 13, the second 1st down, with the markers (P3 2). Q1's checkpoint: P1 3, P2 1+2+1 = 4,
# P3 2+1+2+2 = 7, P4 1+1+2 = 4; the table wrote P3 6: LD-TOTAL-001 on line 16 (expected P3 7),
# and the slip is not carried on. Drive 2 (QB P2, no Length tag: the full game, trades until
# Q4): sack (P4 2); P1 gives DP and P for P4's SACK and FBL; sack (P1 2), fumble (P1 4),
# punt (P4 2). Game's end: P1 9, P2 4, P3 7, P4 8.
GAME_B = HEAD4 + """
drive offpen defpen timeout
trade offpen touchback
for sack defpen
sack offpen defpen
trade timeout
for first
first timeout punt expires
first +markers
P1 = 3
P2 = 4
P3 = 6
P4 = 4
drive sack
trade defpen punt
for sack fumble
sack fumble punt
P1 = 9
P2 = 4
P3 = 7
P4 = 8
"""

# C: trades the rules reject (L12: written, not made; the events after them score for the
# old holders). Q2 game. Drive 1 (QB P1): touchback (P2 2); line 8: P2 gives OP and FG for
# P4's SACK, two for one: LD-TRADE-001; sack (P4 2), OP (P2 1); line 11: P1, the QB, gives
# TE for P3's IR/TO: LD-TRADE-002; timeout (P3 2), clock out (P1 3). Q1's checkpoint: P1 3,
# P2 3, P3 2, P4 2. Drive 2 (QB P2) is Q2, the final quarter of a Q2 game: 1st down (P3 1);
# line 19: P1 gives DP for P4's OP: LD-TRADE-003; OP (P4 1), DP (P1 1), run TD (P3 6), XP
# (P1 1). Game's end: P1 5, P2 3, P3 9, P4 3.
GAME_C = HEAD4 + """[Length "Q2"]

drive touchback
trade offpen FG
for sack
sack offpen
trade expires
for timeout
timeout expires
P1 = 3
P2 = 3
P3 = 2
P4 = 2
drive first
trade defpen
for offpen
offpen defpen runTD xp
P1 = 5
P2 = 3
P3 = 9
P4 = 3
"""

# D: six players, a sidelined card, three players' cards, a card named twice. Drive 1 (QB
# P1): the play a run, P6 alone called run: 3 + the Loner 1 = 4; sack (P2 2), 1st down (the
# sidelines, 0). Line 7: a trade giving FDN, on the sidelines: LD-DEC-002 (no trade). 1st
# down again (sidelines, 0). Line 10: DP (P3's) and IR/TO (P6's) for P5's FBL and P: three
# players: LD-DEC-002. Lines 12-13: P2 gives SACK for P4's OP (legal). Line 14: sack (P4 2),
# OP (P2 1), DP (P3 1), timeout (P6 2), punt (P5 2), clock out (P3 3). Q1's checkpoint: P1 0,
# P2 3, P3 4, P4 2, P5 2, P6 6. Drive 2 (QB P2, Q2 of the full game): a trade before any
# event (`drive` alone): P1 gives STTD for P6's XP/S; touchback (P6 2 now), FG (P1 3);
# line 25: IR/TO twice for SACK and FDN: LD-DEC-002. Game's end: P1 3, P2 3, P3 4, P4 2,
# P5 2, P6 8.
GAME_D = """[Game "luckdraw"]
[Log "decisions"]
[Seed "ldtrades"]
[Players "6"]

drive audible:run pass:P2P3P4P5 run:P6 sack first
trade first
for sack
first
trade defpen timeout
for fumble punt
trade sack
for offpen
sack offpen defpen timeout punt expires
P1 = 0
P2 = 3
P3 = 4
P4 = 2
P5 = 2
P6 = 6
drive
trade touchback
for xp
touchback FG
trade timeout review
for sack first
P1 = 3
P2 = 3
P3 = 4
P4 = 2
P5 = 2
P6 = 8
"""

# F: the QB on the taking side, one player's cards both ways, a card traded on after a trade.
# Drive 1 (QB P1): 1st down (P4 1); line 7: SACK for FDN, both P4's: LD-DEC-002; sack (P4 2),
# 1st down (P4 1), punt (P3 2). Drive 2 (QB P2): the play a pass, P3 alone called it: 4; sack
# (P4 2); line 11: P4 gives FBL for IR/TO, the QB P2's: LD-TRADE-002; timeout (P2 2),
# interception (P2 4), fumble (P4 4). Drive 3 (QB P3): OP (P1 1); P1 gives OP for P2's DP;
# OP (P2 1), DP (P1 1); P2 gives that OP on for P4's FG; OP (P4 1), FG (P2 3), clock out (P4
# 3): the first quarter's end and the game's last drive, one checkpoint: P1 2, P2 2+4+1+3 =
# 10, P3 2+4 = 6, P4 1+2+1+2+4+1+3 = 14.
GAME_F = HEAD4 + """
drive first
trade sack
for first
sack first punt
drive audible:pass pass:P3 run:P1P4 sack
trade fumble
for timeout
timeout int fumble
drive offpen
trade offpen
for defpen
offpen defpen
trade offpen
for FG
offpen FG expires
P1 = 2
P2 = 10
P3 = 6
P4 = 14
"""

# G: a trade row without its `for` row, and a `for` row with no trade row before it. Drive 1
# (QB P1): sack (P4 2); line 7 `trade offpen` followed by an event row: LD-DEC-001 (no trade);
# sack again (P4 2); line 9 `for punt` with no trade before it: LD-DEC-002; 1st down (P4 1),
# clock out (P1 3): Q1's end and the game's. Checkpoint: P1 3, P2 0, P3 0, P4 5.
GAME_G = HEAD4 + """
drive sack
trade offpen
sack
for punt
first expires
P1 = 3
P2 = 0
P3 = 0
P4 = 5
"""

# H: a game to the end of Q1: Q1 is its final quarter, so no trade at all. Drive 1 (QB P1):
# sack (P4 2); line 8: P2 gives OP for P4's DP: LD-TRADE-003, not made; OP (P2 1), DP (P4 1),
# clock out (P1 3). Checkpoint: P1 3, P2 1, P3 0, P4 3.
GAME_H = HEAD4 + """[Length "Q1"]

drive sack
trade offpen
for defpen
offpen defpen expires
P1 = 3
P2 = 1
P3 = 0
P4 = 3
"""

# I: three cards each way. Drive 1 (QB P1): timeout (P3 2); P2 gives OP, STTD and MFG for
# P3's IR/TO, RTD and XP/S; OP (P3 1), timeout (P2 2), touchback (P3 2), run TD (P2 6), XP
# (P2 1). The game's end: P1 0, P2 9, P3 5, P4 0. Clean.
GAME_I = HEAD4 + """
drive timeout
trade offpen touchback missFG
for timeout runTD xp
offpen timeout touchback runTD xp
P1 = 0
P2 = 9
P3 = 5
P4 = 0
"""

# After the clock ran out, a trade in the same drive. L8: "Once the period after the last one
# begins, no new drive may start ...; after Q1 or Q3 the drive in progress may be finished":
# the period after Q1 begins when Q1's clock runs out, in the drive. "No trades can be made
# during the final quarter of play ... no trades can be made after the 3rd quarter (even if
# the game goes into overtime)". The log's rows are in the order the table saw them, so a
# trade written after `expires` was made after that quarter ended.
#
# Q2 game, drive 1 (QB P1): touchback (P2 2), clock out (P1 3): Q1 is over and Q2, the final
# quarter, has begun; line 8: P2 gives OP for P4's DP: LD-TRADE-003. Not made: OP (P2 1), DP
# (P4 1), the same points either way (so only the finding tells). Checkpoint: P1 3, P2 3,
# P3 0, P4 1. Drive 2 (QB P2): 1st down (P3 1). Game's end: P1 3, P2 3, P3 1, P4 1.
AFTER_Q1_CLOCK = HEAD4 + """[Length "Q2"]

drive touchback expires
trade offpen
for defpen
offpen defpen
P1 = 3
P2 = 3
P3 = 0
P4 = 1
drive first
P1 = 3
P2 = 3
P3 = 1
P4 = 1
"""

# The full game (no Length tag), drive 3 (QB P3) after Q1's and Q2's clocks ran out in drives
# 1 (touchback P2 2, clock P1 3) and 2 (1st down P3 1, clock P1 3): DP (P2 1), clock out (P4
# 3): "after the 3rd quarter"; line 17: P4 gives P for P1's SACK: LD-TRADE-003. Not made:
# sack (P1 2), punt (P4 2), the same points either way. Checkpoints: P1 3 P2 2 P3 0 P4 0;
# P1 6 P2 2 P3 1 P4 0; P1 8 P2 3 P3 1 P4 5.
AFTER_Q3_CLOCK = HEAD4 + """
drive touchback expires
P1 = 3
P2 = 2
P3 = 0
P4 = 0
drive first expires
P1 = 6
P2 = 2
P3 = 1
P4 = 0
drive defpen expires
trade punt
for sack
sack punt
P1 = 8
P2 = 3
P3 = 1
P4 = 5
"""

# The same Q2 game as AFTER_Q1_CLOCK typed as a transcript, the period marked where it began
# (L8: "marks each period as it begins"): the trade is on line 11, in Q2.
AFTER_Q1_CLOCK_TRANSCRIPT = """[Game "luckdraw"]
[Seed "ldtrades"]
[Players "4"]
[Length "Q2"]

Q1
drive 1 QB P1
STTD touchback P2 2
TE expires P1 3
Q2
trade P2 OP for P4 DP
OP penalty P2 1
DP penalty P4 1
drive 2 QB P2
FDN first P3 1
total P1 3 P2 3 P3 1 P4 1
winner P1 P2
"""


def _verify(text: str, tmp_path: Path) -> tuple[int, list[tuple[int, str]], list[dict]]:
    """`printkit verify --format json` on the log: exit code, (line, rule) of each finding."""
    path = tmp_path / "log.txt"
    path.write_text(text, encoding="utf-8")
    result = run_cli("verify", "--format", "json", str(path))
    report = json.loads(result.stdout)
    found = report["findings"]
    assert report["clean"] == (not found) and result.code == (1 if found else 0)
    return result.code, [(f["line"], f["rule"]) for f in found], found


def test_a_trade_mid_drive_scores_before_for_old_and_after_for_new_holders(tmp_path) -> None:
    code, found, _ = _verify(GAME_A, tmp_path)
    assert (code, found) == (0, [])


def test_two_trades_in_a_drive_two_cards_each_way_and_a_planted_total(tmp_path) -> None:
    _, found, full = _verify(GAME_B, tmp_path)
    assert found == [(16, "LD-TOTAL-001")]
    assert full[0]["expected"] == "P3 7" and full[0]["found"] == "P3 6"


def test_unequal_qb_and_final_quarter_trades_are_not_made(tmp_path) -> None:
    _, found, full = _verify(GAME_C, tmp_path)
    assert found == [(8, "LD-TRADE-001"), (11, "LD-TRADE-002"), (19, "LD-TRADE-003")]
    assert [f["found"] for f in full] == [
        "2 for 1", "P1 with P3", "a trade in Q2"]


def test_sidelined_three_players_and_twice_named_cards_are_no_trade(tmp_path) -> None:
    _, found, full = _verify(GAME_D, tmp_path)
    assert found == [(7, "LD-DEC-002"), (10, "LD-DEC-002"), (25, "LD-DEC-002")]
    assert [f["found"] for f in full] == [
        "FDN for SACK", "DP IR/TO for FBL P", "IR/TO IR/TO for SACK FDN"]


def test_qb_on_the_taking_side_one_players_cards_and_a_card_traded_on(tmp_path) -> None:
    _, found, _ = _verify(GAME_F, tmp_path)
    assert found == [(7, "LD-DEC-002"), (11, "LD-TRADE-002")]


def test_three_cards_each_way(tmp_path) -> None:
    code, found, _ = _verify(GAME_I, tmp_path)
    assert (code, found) == (0, [])


def test_a_trade_row_without_for_and_a_for_row_without_trade(tmp_path) -> None:
    _, found, _ = _verify(GAME_G, tmp_path)
    assert found == [(7, "LD-DEC-001"), (9, "LD-DEC-002")]


def test_no_trade_in_a_game_to_the_end_of_q1(tmp_path) -> None:
    _, found, _ = _verify(GAME_H, tmp_path)
    assert found == [(8, "LD-TRADE-003")]


@pytest.mark.parametrize("text", [AFTER_Q1_CLOCK, AFTER_Q3_CLOCK], ids=["Q1-of-Q2", "Q3-full"])
def test_a_trade_after_the_clock_ran_out_keeps_every_total(text: str, tmp_path) -> None:
    """Whichever quarter the trade is in, its cards score the same (built so): no total off."""
    _, found, _ = _verify(text, tmp_path)
    assert all(rule == "LD-TRADE-003" for _, rule in found)


@pytest.mark.parametrize(("text", "line"), [(AFTER_Q1_CLOCK, 8), (AFTER_Q3_CLOCK, 17)],
                         ids=["Q1-of-Q2", "Q3-full"])
def test_a_trade_after_the_clock_ran_out_is_in_the_final_quarter(
        text: str, line: int, tmp_path) -> None:
    """By the rules ('no trades during the final quarter of play', 'no trades after the 3rd
    quarter') and L8 (the next period begins when the clock runs out, the drive in progress
    goes on into it), a trade after `expires` in its drive is in the next quarter: here the
    final one, LD-TRADE-003, as the same game typed as a transcript gets."""
    _, found, _ = _verify(text, tmp_path)
    assert found == [(line, "LD-TRADE-003")]


def test_the_same_trade_in_a_transcript_is_in_the_final_quarter(tmp_path) -> None:
    _, found, _ = _verify(AFTER_Q1_CLOCK_TRANSCRIPT, tmp_path)
    assert found == [(11, "LD-TRADE-003")]


SLIPS = {
    (4, 1): "P1 INT PTD TOD TE P2 OP MFG STTD FG P3 RTD XP/S IR/TO P P4 DP FBL SACK FDN",
    (4, 2): "P1 P TE XP/S DP P2 INT PTD TOD IR/TO P3 FG STTD FDN RTD P4 MFG OP SACK FBL",
    (4, 3): "P1 IR/TO SACK OP RTD P2 FBL XP/S DP STTD P3 INT PTD TOD MFG P4 P FG TE FDN",
    (4, 4): "P1 SACK FDN FBL XP/S P2 FG P DP IR/TO P3 TE MFG RTD STTD P4 INT PTD TOD OP",
    (6, 1): "P1 INT PTD P2 SACK STTD P3 TE DP P4 FG OP P5 P FBL P6 IR/TO TOD "
            "side FDN RTD MFG XP/S",
    (6, 2): "P1 STTD FG P2 INT PTD P3 P TOD P4 TE IR/TO P5 FDN SACK P6 XP/S DP "
            "side FBL OP MFG RTD",
}
CODES = {"DP", "FBL", "FDN", "FG", "INT", "IR/TO", "MFG", "OP", "P", "PTD", "RTD", "XP/S",
         "SACK", "STTD", "TE", "TOD"}


@pytest.mark.parametrize("players", [4, 6])
def test_the_slips_read_by_hand_are_the_play_books(players: int, tmp_path) -> None:
    """The hands above as the printed book shows them: each slip's card codes in row order
    (P1 first, then the sidelines), so the games' premises fail here, not as odd findings."""
    out = tmp_path / "book.pdf"
    drives = 4 if players == 4 else 2
    assert run_cli("playbook", "luckdraw", "--seed", "ldtrades", "--drives", str(drives),
                   "--players", str(players), "--out", str(out)).code == 0
    slips = []
    for text in pdf_texts(out):
        for block in text.split("\npage ")[0].split("Sidelines ")[1:]:
            slips.append([line for line in block.splitlines() if line in CODES])
    assert len(slips) == drives
    each = 16 // players
    for drive in range(1, drives + 1):
        words = SLIPS[(players, drive)].split()
        typed = [w for w in words if w in CODES]
        assert slips[drive - 1] == typed
        seats = [w for w in words if re.fullmatch(r"P[1-8]", w)]
        assert seats == [f"P{k}" for k in range(1, players + 1)] and len(typed) == 16
        assert all(words[words.index(s) + 1:words.index(s) + 1 + each]
                   == typed[k * each:(k + 1) * each] for k, s in enumerate(seats))
