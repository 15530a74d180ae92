"""Reading Luck of the Draw transcripts: what each line becomes, what cannot be read (a
finding on its line for the verifier, a ReadError with line and column for the strict reader
the sheets' rewrite uses), tag values as findings, the detector for untagged transcripts, and
a fuzzed verifier that never raises."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printkit_engine.errors import ReadError
from printkit_engine.luckdraw import notation as n
from printkit_engine.luckdraw.rules import load_rules
from printkit_engine.luckdraw.verify import verify_text
from tests.fuzzing import fuzz_settings


def _read(text: str) -> n.Transcript:
    return n.read(text, "t.rec", load_rules())


def test_each_line_kind():
    record = _read('[Game "luckdraw"]\n[Players "4"]\nq1\ndrive 2 qb p2\n'
                   "deal P1 int ptd\nside TE\ntrade P2 TE FG for P3 OP DP\n"
                   "call P1 run P2 PASS\naudible pass P2 3\nfbl FUMBLE+td P3 7\n"
                   "XP/S xp side 0\npenalty P2 delay 2\ntotal P1 -2 P2 +3\nwinner P2 P3\n")
    assert record.tags == {"Game": "luckdraw", "Players": "4"}
    assert record.entries == [
        n.Period(3, "Q1"), n.Drive(4, 2, 2), n.Hand(5, 1, ("INT", "PTD")),
        n.Sidelines(6, ("TE",)), n.Trade(7, 2, ("TE", "FG"), 3, ("OP", "DP")),
        n.Calls(8, ((1, "run"), (2, "pass"))), n.Audible(9, "pass", ((2, 3),)),
        n.Score(10, "FBL", ("fumble", "td"), 3, 7), n.Score(11, "XP/S", ("xp",), None, 0),
        n.PenaltyLine(12, 2, "delay", 2), n.Totals(13, ((1, -2), (2, 3))),
        n.Winner(14, (2, 3))]


@pytest.mark.parametrize("line,column,message", [
    ("draft 1 QB P1", 1, "expected a period (Q1 .. OT), drive, deal"),
    ("drive one QB P1", 7, "expected the drive number, found 'one'"),
    ("drive 0 QB P1", 7, "expected a drive number from 1, found 0"),
    ("drive 1 P1", 9, "expected QB, found 'P1'"),
    ("drive 1 QB", 11, "expected a seat (P1 .. P8), found the end of the line"),
    ("deal P1 PTD XYZ", 13, "expected a game card"),
    ("deal X1 PTD", 6, "expected a seat (P1 .. P8), found 'X1'"),
    ("trade P2 TE P3 OP", 18, "expected 'trade P2 CARD... for P3 CARD...'"),
    ("call P1 walk", 9, "expected a call (run, pass), found 'walk'"),
    ("audible kick", 9, "expected the audible play (run, pass), found 'kick'"),
    ("FG made P1", 11, "expected the points, found the end of the line"),
    ("FG made P1 three", 12, "expected the points, found 'three'"),
    ("FG made P1 3 extra", 14, "unexpected 'extra' at the end of the line"),
    ("FG made!! P1 3", 4, "expected event words joined by '+'"),
    ("penalty P1 holding 2", 12, "expected the penalty (delay, procedure, conduct)"),
    ("winner", 7, "expected the winning seat(s)"),
    ("Q2 now", 4, "unexpected 'now' at the end of the line"),
])
def test_unreadable_lines_name_line_and_column(line, column, message):
    with pytest.raises(ReadError) as err:
        _read(f'[Game "luckdraw"]\n\n{line}\n')
    assert (err.value.file, err.value.line, err.value.column) == ("t.rec", 3, column)
    assert err.value.message.startswith(message)


def _found(text: str) -> list[tuple[int, str, str, str]]:
    report = verify_text(text, "t.rec")
    return [(f.line, f.rule, f.expected, f.found) for f in report.sorted_findings()]


DEAL4 = ("drive 1 QB P1\ndeal P1 PTD INT TOD FG\ndeal P2 DP FBL FDN IR/TO\n"
         "deal P3 MFG OP P RTD\ndeal P4 XP/S SACK STTD TE\n")


def test_an_unreadable_line_is_a_finding_and_the_rest_is_checked():
    # line 3's XP is no card: one finding, exit 1; line 5's FG for P3 is still checked
    text = ('[Game "luckdraw"]\n[Players "2"]\ndeal P1 XP\ndrive 1 QB P1\n'
            "deal P1 PTD INT TOD DP FBL FDN FG IR/TO\ndeal P2 MFG OP P RTD XP/S SACK STTD TE\n"
            "FG made P2 3\n")
    found = _found(text)
    assert [f[:2] for f in found] == [(3, "LD-REC-003"), (7, "LD-EVENT-002")]
    report = verify_text(text, "t.rec")
    assert report.sorted_findings()[0].message.startswith(
        "cannot read this line: expected a game card (DP FBL")


def test_tags_come_first_and_must_be_tags():
    # a tag after the first line: LD-REC-006 (read all the same); `[Players 4]`: unreadable
    assert _found('[Players "4"]\nQ1\n[Length "Q2"]\n' + DEAL4) == [
        (3, "LD-REC-006", "a tag on top", "[Length ...]")]
    assert [f[:2] for f in _found('[Players 4]\n' + DEAL4)] == [(1, "LD-REC-003")]
    with pytest.raises(ReadError, match="expected a tag"):     # the strict reader refuses it
        _read('[Players 4]\n')


@pytest.mark.parametrize("tags,rule,expected,found", [
    ('[Players "9"]', "LD-TAG-001", "2 to 8", "9"),
    ('[Players "four"]', "LD-TAG-001", "2 to 8", "four"),
    ('[Length "Q5"]', "LD-TAG-002", "Q1 or Q2 or Q3 or Q4 or full", "Q5"),
    ('[Length "Q2"]\n[FinishDrive "yes"]', "LD-TAG-003",
     "no (a game to the end of the 2nd quarter ends there)", "yes"),
    ('[Length "Q3"]\n[FinishDrive "sometimes"]', "LD-TAG-003", "yes or no", "sometimes"),
])
def test_a_tag_value_the_rules_do_not_have_is_a_finding(tags, rule, expected, found):
    # read with the default (the first deal's 4 seats, the full game): the rest is clean
    line = 2 + tags.count("\n")
    assert _found(f'[Game "luckdraw"]\n{tags}\n' + DEAL4) == [(line, rule, expected, found)]


def test_players_without_a_tag_come_from_the_first_drive():
    text = "drive 1 QB P1\ndeal P1 PTD INT TOD DP FBL FDN FG IR/TO\n" \
           "deal P2 MFG OP P RTD XP/S SACK STTD TE\n"
    assert verify_text(text, "t").summary_extra == "2 players, 1 drive"
    # a seeded record without deal lines (a bubble log) names no table size: a finding, and
    # the highest seat a line names (P3's QB) is taken
    report = verify_text('[Seed "demo"]\nQ1\ndrive 3 QB P3\n', "t")
    assert [(f.line, f.rule, f.found) for f in report.findings] == \
        [(1, "LD-TAG-001", "no deal lines"), (3, "LD-DRIVE-001", "drive 3")]
    assert report.summary_extra == "3 players, 1 drive"


def test_detect_needs_a_drive_line_and_a_deal_line():
    assert n.detect("; notes\ndrive 1 QB P1\ndeal P1 PTD INT\n")
    assert n.detect("  DRIVE 12 qb p3\n  Deal p1 FG\n")
    assert not n.detect("drive 1 QB P1\n")
    assert not n.detect("1 & 10 @ 24\tpass 16\n")
    assert not n.detect("deal P1 PTD\n")


def test_comments_and_blank_lines_are_skipped():
    record = _read("; a note\n\n   \nQ1 ; first quarter\n")
    assert record.entries == [n.Period(4, "Q1")]


@fuzz_settings(150)
@given(st.text(st.sampled_from(list("drivealQBP0123456789 +/;[]\"\n-DPFGINTXSOTCEMKR")),
               max_size=300))
def test_fuzzed_transcripts_are_checked_never_refused(text):
    report = verify_text('[Game "luckdraw"]\n' + text, "f.rec")
    assert all(f.rule.startswith("LD-") for f in report.findings)


@fuzz_settings(100)
@given(st.lists(st.sampled_from([
    "Q1", "Q2", "Q3", "Q4", "OT", "drive 1 QB P1", "drive 2 QB P2", "drive 3 QB P9",
    "deal P1 PTD INT TOD FG", "deal P2 FBL STTD RTD TE", "deal P3 IR/TO XP/S P OP",
    "deal P4 FDN DP MFG SACK", "side TE", "trade P2 TE for P3 OP", "trade P1 PTD for P9 FG",
    "call P1 run P2 pass P2 run", "audible run P2 4", "audible pass", "FG made P1 3",
    "FBL fumble+td P2 7", "TOD none side 0", "penalty P1 procedure 3", "penalty P7 delay 2",
    "total P1 3 P9 1", "winner P1", "winner P2 P3", "PTD td P1 6", "P punt+td P3 5"]),
    max_size=40))
def test_shuffled_valid_lines_give_findings_never_a_crash(lines):
    report = verify_text('[Game "luckdraw"]\n[Players "4"]\n' + "\n".join(lines), "f.rec")
    assert all(f.rule.startswith("LD-") for f in report.findings)
