"""Luck of the Draw decision logs (issue 31): a hand-typed log replayed from the seed, its
planted slip and illegal decisions found on their rows; every bot game survives record ->
decisions -> replay unchanged and verifies clean.

The hand-typed game uses the play book "hand" for 4 players (`printkit playbook luckdraw
--seed hand --drives 3 --players 4`), its slips read off the rendered pages:

- drive 1, QB P1: P1 INT PTD TOD FG, P2 MFG P FBL TE, P3 SACK XP/S DP OP, P4 IR/TO RTD STTD FDN
- drive 2, QB P2: P1 STTD P MFG DP, P2 INT PTD TOD FBL, P3 SACK RTD FG XP/S, P4 FDN IR/TO OP TE
- drive 3, QB P3: P1 IR/TO SACK FG P (the others are not needed)

and the points are the rules text's cheat sheet: touchback 2 (STTD), 1st down 1 and its
markers bonus 1 (FDN), sack 2, passing TD 6, extra point 1, punt 2, the clock running out 3
(TE), made FG 3, Delay of Game 2 points off the QB, an audible 3 points and the Loner's bonus
1 (4 or more players). The clock running out in drive 2 ends Q1: drive 3 begins Q2.

Row by row (the log's line numbers), each player's new total:
 7 new drive, touchback: P4 2     8 1st down: P4 3          9 sack: P3 2
10 audible pass, only P2 called pass: the Loner, P2 3 + 1 = 4; then 1st down + markers: P4 5
11 pass TD: P1 6                 12 XP: P3 3
13 new drive; 14-15 P2, the QB, trades INT, a QB's card, for P3's SACK: LD-TRADE-002 (not
   made: SACK stays P3's)
16 sack: P3 5                    17 punt: P1 8             18 clock 0: P4 8
19 late deal: P2 4 - 2 = 2
20-23 the checkpoint at the end of drive 2, the clock having run out in it (the end of Q1):
   P1 8, P2 2, P3 5, P4 8; the table wrote P3 6: LD-TOTAL-001 on row 22 (expected P3 5)
24 new drive (Q2), FG: P1 11
25 sack with +td, not a bonus of a sack: LD-DEC-002 (the sack still counts: P1 13)
26-29 the checkpoint at the game's end: P1 13, P2 2, P3 5, P4 8
"""

from __future__ import annotations

import pytest

from printkit_engine.decisions import read_log, replayed_record, verify_log
from printkit_engine.luckdraw.bots import game_seed, play_game
from printkit_engine.luckdraw.decisions import decision_log, log_of_record
from printkit_engine.luckdraw.verify import verify_text
from printkit_engine.tags import record_text
from printkit_engine.verify.record import Unread
from tests.fuzzing import corpus

HAND = """[Game "luckdraw"]
[Log "decisions"]
[Seed "hand"]
[Players "4"]
[Length "Q2"]

drive touchback
first
sack
audible:pass pass:P2 run:P1P3P4 first +markers
passTD
xp
drive
trade int
for sack
sack
punt
expires
late
P1 = 8
P2 = 2
P3 = 6
P4 = 8
drive FG
sack +td
P1 = 13
P2 = 2
P3 = 5
P4 = 8
"""


def _rows(text: str) -> tuple[dict[str, str], list]:
    record = read_log(decision_log(), text, "hand.txt")
    rows = [r.item for r in record.rows]
    assert not any(isinstance(r, Unread) for r in rows)
    return {k: v for k, v in record.tags.items() if k != "Log"}, rows


def test_hand_typed_log_findings_on_their_rows() -> None:
    report = verify_text(HAND, "hand.txt")
    found = [(f.line, f.rule) for f in report.findings]
    assert found == [(14, "LD-TRADE-002"), (22, "LD-TOTAL-001"), (25, "LD-DEC-002")]
    slip = report.findings[1]
    assert "P3 5" in slip.expected


def test_hand_typed_log_replays_to_the_typed_lines() -> None:
    tags, rows = _rows(HAND)
    text = replayed_record(decision_log(), tags, rows)
    body = text.split("\n\n", 1)[1].splitlines()
    assert body[:2] == ["Q1", ""]
    assert "drive 1 QB P1" in body
    assert "STTD touchback P4 2" in body
    assert "call P1 run P2 pass P3 run P4 run" in body
    assert "audible pass P2 4" in body
    assert "FDN first+markers P4 2" in body
    assert "trade P2 INT for P3 SACK" in body
    assert "SACK sack P3 2" in body
    assert "TE expires P4 3" in body
    assert "penalty P2 delay 2" in body
    assert "total P1 8 P2 2 P3 5 P4 8" in body
    assert body[body.index("total P1 8 P2 2 P3 5 P4 8") + 1:][:3] == ["Q2", "", "drive 3 QB P3"]
    assert body[-2:] == ["total P1 13 P2 2 P3 5 P4 8", "winner P1"]


def test_a_checkpoint_short_of_a_seat_missing_or_after_nothing() -> None:
    """A checkpoint without P2's row; the game's end without its checkpoint; a total
    written on an event's row."""
    text = HAND.replace("P2 = 2\nP3 = 6", "P3 = 6").replace(
        "sack +td\nP1 = 13\nP2 = 2\nP3 = 5\nP4 = 8\n", "sack +td\n")
    found = [(f.line, f.rule, f.expected) for f in verify_text(text, "x").findings]
    assert (20, "LD-DEC-003", "P2 = 2") in found                # the checkpoint's first row
    assert (24, "LD-DEC-003", "P1 = 13 P2 = 2 P3 = 5 P4 = 8") in found    # the last event
    text = HAND.replace("sack\npunt", "sack = 5\npunt")
    found = [(f.line, f.rule) for f in verify_text(text, "x").findings]
    assert (16, "LD-DEC-002") in found


def test_a_checkpoint_with_no_quarter_end_before_it() -> None:
    text = HAND + "P1 = 13\nP2 = 2\nP3 = 5\nP4 = 8\n"
    found = [(f.line, f.rule) for f in verify_text(text, "x").findings]
    assert (30, "LD-DEC-002") in found


def test_a_decision_missing_and_a_row_before_the_first_drive() -> None:
    """A sack before the first drive; an audible without the play the offense ran; a trade
    band without its `for` band."""
    text = HAND.replace("drive touchback\n", "sack\ndrive touchback\n").replace(
        "first\n", "run:P1\n").replace("for sack\n", "")
    found = [(f.line, f.rule) for f in verify_text(text, "x").findings]
    assert found[0] == (7, "LD-DEC-004")
    assert (9, "LD-DEC-001") in found               # run:P1 with no audible play
    assert (15, "LD-DEC-001") in found              # trade int with no `for` band


def test_no_seed_is_a_finding() -> None:
    found = [(f.line, f.rule) for f in verify_text(HAND.replace('[Seed "hand"]\n', ""),
                                                   "x").findings]
    assert found[0] == (1, "LD-DEC-005")


def _drives(record: str) -> list[list[str]]:
    """A record's lines cut at each drive line, each drive's lines sorted: the same game
    whatever the order of a drive's events (the rows of a decision log hold a drive's
    events in column order)."""
    out: list[list[str]] = [[]]
    for line in record.splitlines():
        if line.startswith("drive "):
            out.append([])
        out[-1].append(line)
    return [out[0]] + [sorted(drive) for drive in out[1:]]


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(4))
def test_every_bot_game_round_trips(chunk: int) -> None:
    """100 bot games (2,000 in make fuzz), 2-8 players, some as two teams: record ->
    decision log -> replay is the same record, each drive's lines in the order its rows
    hold them, and the log verifies clean; the log has fewer rows than the game events."""
    log = decision_log()
    for k in range(1 + chunk, corpus(100) + 1, 4):
        players = 2 + k % 7
        teams = players % 2 == 0 and k % 3 == 0
        game = play_game(game_seed("dec", k), players=players, home="X" if teams else None,
                         away="Y" if teams else None)
        record = record_text(game.tags, game.lines)
        text = log_of_record(record)
        tags, rows = _rows(text)
        replayed = replayed_record(decision_log(), tags, rows)
        assert _drives(replayed) == _drives(record), k
        assert replayed.splitlines()[-2:] == record.splitlines()[-2:], k   # totals, winner
        assert verify_log(log, text, "x").findings == [], k


# HAND as the sheet's rows hold it: each event on its drive's first row where it is not yet
# (by hand, from the rules of docs/bubblelog.md): drive 1's touchback, 1st down and sack, then
# its pass TD and XP all on its first row (line 7, written in column order); its second 1st
# down (with the markers and the audible before it) on line 8; drive 2's sack, punt and clock
# 0 on line 12 after the trade's two rows; drive 3's FG and sack on line 18.
ROWS = """[Game "luckdraw"]
[Log "decisions"]
[Seed "hand"]
[Players "4"]
[Length "Q2"]

drive sack first touchback passTD xp
audible:pass pass:P2 run:P1P3P4 first +markers
drive
trade int
for sack
sack punt expires
late
P1 = 8
P2 = 2
P3 = 6
P4 = 8
drive sack FG +td
P1 = 13
P2 = 2
P3 = 5
P4 = 8
"""


def test_a_drives_events_on_its_rows_score_as_one_a_row() -> None:
    """The same game as HAND at a row a drive's events: the same findings, each on the row
    that holds its event: the QB's INT traded on line 10, P3's total 6 (expected 5) on line
    16, +td, a bonus neither the sack nor the FG has, on line 18; the same totals."""
    report = verify_text(ROWS, "rows.txt")
    assert [(f.line, f.rule) for f in report.findings] == [
        (10, "LD-TRADE-002"), (16, "LD-TOTAL-001"), (18, "LD-DEC-002")]
    assert "P3 5" in report.findings[1].expected
    assert report.findings[2].message == "+td is not a bonus of these events"
    tags, rows = _rows(ROWS)
    body = replayed_record(decision_log(), tags, rows).splitlines()
    assert body[-2:] == ["total P1 13 P2 2 P3 5 P4 8", "winner P1"]
    assert "FDN first P4 1" in body and "FDN first+markers P4 2" in body


def test_a_bonus_two_events_of_a_row_could_have() -> None:
    """Drive 3's FG and sack with a punt blocked and returned, and an interception returned
    for a TD on one row: +td could be the punt's or the interception's (LD-DEC-002 on the
    row, line 18); +blocked is the punt's alone (the FG has none)."""
    text = ROWS.replace("drive sack FG +td", "drive sack FG int punt +blocked+td")
    found = [(f.line, f.rule, f.message) for f in verify_text(text, "x").findings]
    assert (18, "LD-DEC-002", "+td could be for int or punt: a row holds one of them when "
            "it has a bonus (the other on the next row)") in found
    assert not any(message.startswith("+blocked") for _, _, message in found)
    # the FG ended the drive: the interception and the punt each end it again (L19), the
    # drive's end named by the log's line (18), not the replayed record's
    assert [(line, rule) for line, rule, _ in found].count((18, "LD-DRIVE-002")) == 2
    assert all("drive 3 ended on line 18 (L19)" in message
               for _, rule, message in found if rule == "LD-DRIVE-002")


def test_an_event_on_a_late_deal_or_a_trade_of_three_players_cards() -> None:
    """A late deal row with an event (line 13); a trade of P2's INT for P3's SACK and P4's
    FDN, three players' cards (LD-DEC-002 on its trade row, line 10: no trade made)."""
    text = ROWS.replace("\nlate\n", "\nlate punt\n").replace("for sack", "for sack first")
    found = [(f.line, f.rule) for f in verify_text(text, "x").findings]
    assert (10, "LD-DEC-002") in found and (13, "LD-DEC-002") in found
    assert (10, "LD-TRADE-002") not in found                # the trade was never made


# A trade during a drive, two cards each way (by hand, play book "hand", Q2): drive 1 (QB P1)
# P3's sack and P4's 1st down, then P2 gives MFG and P (written in column order: miss FG,
# punt) for P3's SACK and DP; the sack after it is P2's now, the punt P3's; the clock runs
# out (TE: P2's, 3). Totals: P1 0, P2 2 + 3 = 5, P3 2 + 2 = 4, P4 1. Drive 2 (QB P2): FG,
# P3's: 7.
TRADED = """[Game "luckdraw"]
[Log "decisions"]
[Seed "hand"]
[Players "4"]
[Length "Q2"]

drive sack first
trade missFG punt
for sack defpen
sack punt expires
P1 = 0
P2 = 5
P3 = 4
P4 = 1
drive FG
P1 = 0
P2 = 5
P3 = 7
P4 = 1
"""


def test_a_trade_during_a_drive_of_two_cards_each_way() -> None:
    """TRADED replays clean: the events before the trade score for the cards' old holders,
    those after it for the new ones, and the trade is written where the table made it."""
    assert verify_text(TRADED, "traded.txt").findings == []
    tags, rows = _rows(TRADED)
    body = replayed_record(decision_log(), tags, rows).splitlines()
    at = body.index("trade P2 MFG P for P3 SACK DP")
    assert body[at - 2:at] == ["SACK sack P3 2", "FDN first P4 1"]
    assert body[at + 1:at + 4] == ["SACK sack P2 2", "P punt P3 2", "TE expires P2 3"]
    # the same written record goes on a sheet as these rows
    record = "\n".join(line for line in body) + "\n"
    assert log_of_record(record).split("\n\n", 1)[1].splitlines()[:4] == [
        "drive sack first", "trade missFG punt", "for sack defpen", "sack punt expires"]


def test_an_event_marked_calls_without_its_audible_row() -> None:
    """A sheet's event row marked `calls` (the audible's calls on an audible row) with no
    audible row after it: LD-DEC-001 on that row, the rest replayed as typed."""
    text = HAND.replace("\nfirst\n", "\ncalls first\n", 1)
    found = [(f.line, f.rule) for f in verify_text(text, "x").findings]
    assert found == [(8, "LD-DEC-001"), (14, "LD-TRADE-002"), (22, "LD-TOTAL-001"),
                     (25, "LD-DEC-002")]


def test_audible_rows_in_the_sheets_order_join_their_marked_events() -> None:
    """HAND with its audible as a sheet holds it: the event marked `calls`, the calls on
    the audible row after the drive's sixth row. The same findings on the same rows (each a
    line further on after the audible row)."""
    sheet = HAND.replace("audible:pass pass:P2 run:P1P3P4 first +markers",
                         "calls first +markers").replace(
        "xp\ndrive\n", "xp\naudible:pass pass:P2 run:P1P3P4\ndrive\n")
    found = [(f.line, f.rule) for f in verify_text(sheet, "x").findings]
    assert found == [(15, "LD-TRADE-002"), (23, "LD-TOTAL-001"), (26, "LD-DEC-002")]


# One drive of the play book "hand" (QB P1: INT for P1, FBL and TE for P2, by the slip), an
# interception, a lost fumble and the clock running out on one row with TD (the game to the
# end of Q1: over with it): the TD could be either's (by hand: INT 4 and FBL 4, the clock 3,
# the TD 3 more for its holder).
DOUBT = """[Game "luckdraw"]
[Log "decisions"]
[Seed "hand"]
[Players "4"]
[Length "Q1"]

drive int fumble expires +td
P1 = {p1}
P2 = {p2}
P3 = 0
P4 = 0
"""


@pytest.mark.parametrize(("p1", "p2", "wrong"), [
    (7, 7, []),                 # the TD the interception's: P1 4 + 3, P2 4 + 3
    (4, 10, []),                # the TD the fumble's: P1 4, P2 4 + 3 + 3
    (5, 5, [8, 9]),             # neither: the first reading's totals say P1 and P2 are wrong
])
def test_a_doubtful_bonus_is_read_as_the_totals_agree(p1, p2, wrong) -> None:
    """A row whose bonus two of its events could have is LD-DEC-002 (line 7) and read each
    honest way: totals right by either reading are no slip; totals right by neither are
    LD-TOTAL-001 on their rows."""
    found = [(f.line, f.rule) for f in verify_text(DOUBT.format(p1=p1, p2=p2), "x").findings]
    assert found == [(7, "LD-DEC-002"), *((line, "LD-TOTAL-001") for line in wrong)]
