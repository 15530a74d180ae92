"""The grid game on the verifier kernel: what is odd about a record's form is a finding on
its line, never a refusal. An unreadable token (a card `1D`) is CG-REC-003 and the rest of
the record is checked (exit 1); a KickOff that is no side is CG-TAG-002 from the start; the
agreed finishing time is checked from the tags (CG-TAG-001); a bubble log's KickOff and
Finish bands may stand after the first line. LOG's lines (records.py): 9, 11, 14, 17, 20,
22, 24, 26, 28, 31, 33 are passages; 12 and 18 shuffles."""

from __future__ import annotations

from printkit_engine.cardgrid.verify import verify_text
from tests.engine.cardgrid.records import LOG, SEEDED, slip


def found(text: str) -> list[tuple[int, str, str, str]]:
    report = verify_text(text, "r.rec")
    return [(f.line, f.rule, f.expected, f.found) for f in report.sorted_findings()]


def test_an_unreadable_card_is_a_finding_and_the_rest_is_checked():
    # line 9's KD written 1D; line 28's 8D left out (dead-in-goal needs a card after 7D):
    # both found, the record is read to its end
    text = slip(slip(LOG, "2C KD 4H", "2C 1D 4H"), "A11: 7D 8D =", "A11: 7D =")
    report = verify_text(text, "r.rec")
    assert [(f.line, f.rule, f.message) for f in report.sorted_findings()] == [
        (9, "CG-REC-003", "cannot read this line: expected a card such as 7H or QS (no "
                          "jokers), found '1D'"),
        (28, "CG-PASS-002", "the passage is not over after its last card")]
    assert report.lines_checked == 13


def test_after_an_unreadable_passage_the_next_ones_follow():
    # line 14 unreadable: line 17 starts at A3, where the field goal left the ball (not at
    # H10, where line 11 did), and the try of line 20 writes 5-0, taking in the field goal's
    # point: one finding
    assert found(slip(LOG, "H10: JH* = F", "H10: J* = F")) == [(14, "CG-REC-003", "", "")]
    # with a Seed: line 10 unreadable, and the shuffle line after it; line 13's away card
    # JD is further on in the book than where line 8 left away (10D 5S 10S were dealt on
    # line 10): read from there, no further finding
    assert found(slip(SEEDED, "10D 5S 10S", "10D 5S 10")) == [(10, "CG-REC-003", "", "")]


def test_a_kickoff_that_is_no_side():
    # read as not known: the first passage may be either side's
    assert found(slip(LOG, '[KickOff "H"]', '[KickOff "X"]')) == [(4, "CG-TAG-002", "H or A",
                                                                   "X")]
    assert found(slip(LOG, '[KickOff "H"]', '[KickOff "home"]')) == []
    assert found(slip(LOG, '[KickOff "H"]', '[KickOff "*"]')) == []
    # the toss said away: home's first passage starts elsewhere
    assert found(slip(LOG, '[KickOff "H"]', '[KickOff "A"]')) == [(9, "CG-START-001", "A2",
                                                                   "H2")]


def test_the_finishing_time_is_checked_from_the_tags():
    assert found(slip(LOG, '[Finish "10:40"]\n', "")) == [(1, "CG-TAG-001", '[Finish "HH:MM"]',
                                                           "none")]
    assert found(slip(LOG, '[Finish "10:40"]', '[Finish "25:00"]')) == [
        (5, "CG-TAG-001", '[Finish "HH:MM"]', '"25:00"')]


def test_bands_may_stand_after_the_first_line_other_tags_may_not():
    # a blank bubble log writes the finishing time and the kick-off where they were shaded
    text = slip(LOG, '[KickOff "H"]\n[Finish "10:40"]\n', "")
    text = slip(text, "shuffle A\n", 'shuffle A\n[Finish "10:40"]\n[KickOff "H"]\n')
    assert found(text) == []
    # any other tag after the first record line is the kernel's CG-REC-006
    late = slip(LOG, "shuffle A\n", 'shuffle A\n[Date "2026-11-20"]\n')
    assert found(late) == [(13, "CG-REC-006", "a tag on top", "[Date ...]")]
