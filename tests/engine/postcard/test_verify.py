"""The verifier on a hand-written record: exact findings, resynchronisation, seeds, result."""

from __future__ import annotations

import json

import pytest

from printkit_engine.draws import d6_rolls
from printkit_engine.postcard import reading
from printkit_engine.postcard.verify import verify_text

RECORD = """\
[Game "postcard"]
[Home "Hawks"]
[Away "Bears"]
[Date "2026-11-22"]
[Result "*"]

; Away receives
toss H5 A2 = H {KO 0-0 T0/0 P0/0 B0/0}
kickoff H 4v2
touchback {A 1&10 A25 0-0 T0/0 P0/0 B0/0}
rush 5v3 A4 H2 = +15          ; 5 beats 3: Away +1
run A3 H3 = tackle {A 1&10 A40 0-0 T0/0 P1/0 B0/0}
pass 2v1 A3 H3 = -1
again A4 = +1                 ; negative made positive: level 3
pressure H2 = L3
catch A5 = +15
run A2 H5 = tackle {A 1&10 H40 0-0 T0/0 P1/1 B0/0}
rush 6v2 A2 H4 = stop {A 2&10 H40 0-0 T0/0 P1/2 B0/0}
pass 4v3 A1 H6 = -6
sack H3,4 = held {A 3&25 A45 0-0 T0/0 P1/3 B0/1 sack}
rush 5v5 A4 H3 = stop {A 4&25 A45 0-0 T0/0 P2/4 B0/1 sack}
punt 40 A5 H2 = ok
kick A3,5 = on
run H4 A4 = tackle {H 1&10 H30 0-0 T0/0 P2/4 B0/1}
"""


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def edit(number: int, old: str, new: str) -> str:
    lines = lines_of(RECORD)
    assert old in lines[number - 1], lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    return "\n".join(lines) + "\n"


def formatted(text: str, file: str = "game.rec") -> list[str]:
    return verify_text(text, file).to_text().splitlines()


def test_clean_record():
    report = verify_text(RECORD, "game.rec")
    assert report.clean and report.lines_checked == 17
    assert report.to_text() == ("game.rec: postcard: 17 lines checked, clean; "
                                "score 0-0, game not over")


def test_wrong_yards_one_finding_then_resync():
    assert formatted(edit(11, "+15", "+10")) == [
        "game.rec:11: PC-RUSH-001: rushing result does not follow from the dice "
        "(expected +15, found +10)",
        "game.rec: postcard: 17 lines checked, 1 finding; score 0-0, game not over"]


def test_wrong_spot_in_state():
    assert formatted(edit(12, "A40", "A35"))[0] == (
        "game.rec:12: PC-SPOT-001: ball spot (expected A40, found A35)")
    assert len(formatted(edit(12, "A40", "A35"))) == 2


def test_wrong_down_and_to_go():
    out = formatted(edit(18, "2&10", "3&5"))
    assert out[:2] == ["game.rec:18: PC-DOWN-001: down (expected 2, found 3)",
                       "game.rec:18: PC-DOWN-002: yards to go (expected 10, found 5)"]
    assert len(out) == 3


def test_score_added_wrong():
    assert formatted(edit(17, "0-0", "0-3"))[:1] == [
        "game.rec:17: PC-SCORE-001: score (expected 0-0, found 0-3)"]


def test_fifth_bonus():
    assert formatted(edit(20, "B0/1", "B0/5"))[:1] == [
        "game.rec:20: PC-BONUS-004: a player never holds more than 4 bonuses "
        "(expected B0/1, found B0/5)"]


def test_bonus_not_held():
    assert formatted(edit(13, "A3 H3", "A3+2 H3"))[0] == (
        "game.rec:13: PC-BONUS-001: more bonuses used than held (expected at most 0, found +2)")


def test_a_state_without_its_sack_part_states_nothing():
    """notation.md: every part of a state is optional, `sack` too (issue: hand-written games
    wrote `{A 4&10 A25}` during a sacked possession and got PC-SACK-001)."""
    assert formatted(edit(20, " sack}", "}")) == formatted(edit(20, " sack}", " sack}"))


def test_play_tracker_mark_missing():
    assert formatted(edit(18, "P1/2", "P1/1"))[:1] == [
        "game.rec:18: PC-PLAY-001: Play Tracker circles crossed out (expected P1/2, found P1/1)"]


def test_line_out_of_order():
    out = formatted(edit(15, "pressure H2 = L3", "catch A5 = +15"))
    assert out[0] == ("game.rec:15: PC-SEQ-001: this line does not follow "
                      "(expected pressure, found catch)")


def test_impossible_die():
    """One slip, one finding: the outcome is taken as written after a die off 1-6 (it was
    also PC-PASS-001 against the impossible die)."""
    out = formatted(edit(13, "A3 H3", "A3 H7"))
    assert out[:1] == [
        "game.rec:13: PC-ROLL-002: a die shows 1 to 6 (expected 1-6, found H7)"]
    assert len(out) == 2


def test_wrong_side_rolls():
    out = formatted(edit(15, "pressure H2", "pressure A2"))
    assert out[0] == ("game.rec:15: PC-ROLL-001: wrong dice for pressure "
                      "(expected Hd, found A2)")


def test_result_tag_checked_when_the_game_is_over_or_claims_so():
    text = RECORD.replace('[Result "*"]', '[Result "0-0"]')
    out = formatted(text)
    assert out[0] == ("game.rec:24: PC-END-002: the record ends before the game is over "
                      "(expected the game played to its end, found no more lines)")


def test_seeded_record_checks_draws():
    home, away = d6_rolls("postcard", "demo", "home", 2), d6_rolls("postcard", "demo", "away", 2)
    assert home == [4, 2] and away == [1, 5]
    text = '[Game "postcard"]\n[Seed "demo"]\n\ntoss H4 A1 = H {KO 0-0 T0/0 P0/0 B0/1}\n'
    assert verify_text(text, "s.rec").clean
    bad = text.replace("H4 A1", "H5 A1")
    assert formatted(bad, "s.rec")[0] == (
        "s.rec:4: PC-DRAW-001: not the play book's next home draw (expected H4, found H5)")
    assert len(formatted(bad, "s.rec")) == 2


def test_seeded_skipped_draw_resynchronises():
    # home draws: 4 2 5 2 5 6 ...; a record that skipped the 2nd home draw has one finding
    text = ('[Game "postcard"]\n[Seed "demo"]\n\ntoss H4 A1 = H\n'
            "kickoff H 1v1\nrun A5 H5 = tackle\n")
    out = formatted(text, "s.rec")
    assert out[0].startswith("s.rec:6: PC-DRAW-001: not the play book's next home draw "
                             "(expected H2, found H5)")
    assert len(out) == 2


def test_json_lists_the_same_findings():
    report = verify_text(edit(11, "+15", "+10"), "game.rec")
    data = json.loads(report.to_json())
    assert data["clean"] is False and data["lines_checked"] == 17
    assert data["findings"] == [{"line": 11, "rule": "PC-RUSH-001",
                                 "message": "rushing result does not follow from the dice",
                                 "expected": "+15", "found": "+10"}]


def test_an_unreadable_line_is_one_finding_and_the_rest_is_checked():
    """An unreadable line is a finding on it (PC-REC-003, exit 1), not a refusal of the file;
    the line after it follows from the record's word (line 12 writes the state), and a slip
    further on is still found."""
    text = edit(11, "rush", "rusj")
    assert formatted(text) == [
        "game.rec:11: PC-REC-003: cannot read this line: unknown action 'rusj' (actions: "
        "toss, kickoff, onside, rush, pass, again, pressure, catch, intercept, ground, sack, "
        "fumble, run, punt, fg, fake, kick, fair, touchback, knee, try)",
        "game.rec: postcard: 17 lines checked, 1 finding; score 0-0, game not over"]
    lines = lines_of(text)
    lines[17] = lines[17].replace("2&10", "3&10")
    assert formatted("\n".join(lines) + "\n")[:2] == [
        formatted(text)[0], "game.rec:18: PC-DOWN-001: down (expected 2, found 3)"]
    assert formatted(edit(11, "+15", "+1S"))[0] == (
        "game.rec:11: PC-REC-003: cannot read this line: cannot read '+1S' in the outcome of "
        "rush (write +5, +10, +15, stop, -5 or fumble)")


def test_an_exception_in_the_engine_is_not_an_unreadable_record(monkeypatch):
    """A bug in the engine is the program's, not the record's: it is not turned into a
    ReadError (the command line reports it as an internal error, exit 70)."""
    def broken(*args, **kwargs):
        raise KeyError("a bug")

    monkeypatch.setattr(reading, "step", broken)
    with pytest.raises(KeyError):
        verify_text(RECORD, "game.rec")
