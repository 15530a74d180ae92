"""One slip in a seeded simulated game is one finding, on its line, and the walk realigns: a
line taken out, a line written twice, a token changed. The game is the bots' `slips-0001`
(4 players, play book `slips-0001`, to the end of Q1); each expected finding is typed here
from the record's own lines (quoted in the comments), not computed."""

from __future__ import annotations

import pytest

from printkit_engine.luckdraw.bots import game_seed, play_game
from printkit_engine.luckdraw.verify import verify_text

GAME = play_game(game_seed("slips", 1), players=4).text()
LINES = GAME.split("\n")


def _found(lines: list[str]) -> list[tuple[int, str, str, str]]:
    report = verify_text("\n".join(lines), "sim.rec")
    return [(f.line, f.rule, f.expected, f.found) for f in report.sorted_findings()]


def _without(number: int) -> list[str]:
    return LINES[:number - 1] + LINES[number:]


def _twice(number: int) -> list[str]:
    return LINES[:number] + LINES[number - 1:]


def _changed(number: int, old: str, new: str) -> list[str]:
    assert old in LINES[number - 1]
    return LINES[:number - 1] + [LINES[number - 1].replace(old, new, 1)] + LINES[number:]


def test_the_game_is_the_one_quoted_here_and_clean():
    assert LINES[22:28] == ["drive 2 QB P2", "deal P1 TE FG SACK XP/S", "deal P2 INT PTD TOD DP",
                            "deal P3 OP P IR/TO STTD", "deal P4 FBL MFG RTD FDN",
                            "MFG missed P4 3"]
    assert LINES[37:42] == ["call P1 run P2 run P3 pass P4 run", "audible run P1 3 P2 3 P4 3",
                            "IR/TO review P4 2", "FBL fumble P1 4",
                            "total P1 12 P2 9 P3 2 P4 9"]
    assert LINES[19:21] == ["FG made P2 3", "total P1 5 P2 5 P3 0 P4 1"]
    assert verify_text(GAME, "sim.rec").findings == []


@pytest.mark.parametrize("lines,expected", [
    # `drive 2 QB P2` (line 23) taken out: its first deal line, now line 23, deals P1 again
    # after drive 1's play: a drive line left out; drive 2 goes on from there
    (_without(23), [(23, "LD-SEQ-001", "drive 2 QB P2 first", "deal")]),
    # `deal P3 OP P IR/TO STTD` (line 26) taken out: drive 2 (line 23) lacks P3's hand
    (_without(26), [(23, "LD-DEAL-005", "a deal line for P3", "none")]),
    # `FG made P2 3` (line 20) taken out: the totals after it, now line 20, count it
    (_without(20), [(20, "LD-TOTAL-001", "P2 2", "P2 5")]),
])
def test_a_line_taken_out_is_one_finding(lines, expected):
    assert _found(lines) == expected


@pytest.mark.parametrize("number,text", [
    (38, "call P1 run P2 run P3 pass P4 run"),
    (24, "deal P1 TE FG SACK XP/S"),
    (23, "drive 2 QB P2"),
])
def test_a_line_written_twice_is_one_finding(number, text):
    assert _found(_twice(number)) == [(number + 1, "LD-REC-004", "the next line", text)]


def test_a_changed_token_is_one_finding():
    # a seat written backwards: the line cannot be read; P4's 2 points missing from the total
    # on line 42 are not held against it
    report = verify_text("\n".join(_changed(40, "P4 2", "4P 2")), "sim.rec")
    assert [(f.line, f.rule) for f in report.findings] == [(40, "LD-REC-003")]
    assert report.findings[0].message == \
        "cannot read this line: expected a seat (P1 .. P8), found '4P'"
    # a total written backwards (12 for P1 as 21): that total, and the next one follows
    assert _found(_changed(42, "P1 12", "P1 21")) == [(42, "LD-TOTAL-001", "P1 12", "P1 21")]
    # an event's card written backwards (`OT/RI`): the line cannot be read
    assert [f[:2] for f in _found(_changed(40, "IR/TO", "OT/RI"))] == [(40, "LD-REC-003")]
