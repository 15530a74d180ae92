"""Reading and writing the record notation (docs/notation.md, PostCard Football)."""

from __future__ import annotations

import pytest

from printkit_engine.errors import ReadError
from printkit_engine.postcard.bots import play_game
from printkit_engine.postcard.notation import Cross, Roll, lines, parse, parse_line, seed
from printkit_engine.postcard.state import State
from printkit_engine.postcard.verify import verify_text
from printkit_engine.postcard.writer import format_line, format_note


def line(text: str):
    result = parse_line(text, 7, "r.rec")
    assert result is not None
    return result


def test_play_line_parts():
    got = line("12. rush 5v3 H2/5+1 A4 = +10 AxH ; a comment")
    assert got.verb == "rush" and got.picks == (5, 3) and got.outcome == "+10"
    assert got.rolls == (Roll("H", (2, 5), reroll=True, bonus=1, column=14),
                         Roll("A", (4,), column=21))
    assert got.rolls[0].kept == (5,) and got.crosses == (Cross("A", "H"),)


def test_the_same_roll_or_mark_read_anywhere_keeps_its_own_column():
    """What a token says is remembered (engine/postcard/notation.py), where it stands is not."""
    first, second = line("run H4 A2 = +5 HxA"), line("rush 5v3 A3 H4 = +5 HxA")
    assert first.rolls[0] == Roll("H", (4,), column=5)
    assert second.rolls[1] == Roll("H", (4,), column=13)
    assert first.crosses == second.crosses == (Cross("H", "A"),)


def test_letters_may_be_lower_case():
    assert line("RUN h4 a2+1 = +5 axh") == line("run H4 A2+1 = +5 AxH")
    assert line("kickoff a 5V3").side == "A"
    assert line("fair {a 1&g h25 t1/0 ko sack}").note == line(
        "fair {A 1&G H25 T1/0 KO sack}").note


def test_two_dice_kicks_and_targets():
    got = line("punt 40 H3 A4 = OK")
    assert got.value == 40 and got.outcome == "ok"
    got = line("kick A5,6 = Long 2")
    assert got.rolls[0].pair and got.rolls[0].total == 11 and got.outcome == "long 2"
    assert line("kickoff A 5v3").side == "A"


def test_outcomes_are_canonical():
    assert line("run H1 A6 = Pen d 10").outcome == "pen D 10"
    assert line("pass 2v2 H3 A3 = 0").outcome == "+0"
    assert line("pressure A5 = l4").outcome == "L4"
    assert line("fumble H2 A6 = a+5").outcome == "A+5"
    assert line("run H6 A1 = +25 TD").td


def test_state_note():
    note = line("run H2 A4 = tackle {A 3&G H5 14-7 T3/2 F1 P4/7 B2/1 sack}").note
    assert (note.ball, note.down, note.to_go, note.spot) == ("A", 3, "G", 5)
    assert note.score == (14, 7) and note.time == (3, 2) and note.final == 1
    assert note.plays == (4, 7) and note.bonus == (2, 1) and note.sack
    assert line("kick H3,4 = good {H KO 10-0}").note.phase == "KO"
    assert line("touchback {A 1&10 A25}").note.spot == 75
    assert line("fair {H 1&10 50}").note.spot == 50


def test_blank_and_comment_lines():
    assert parse_line("   ; just a comment", 1, "r") is None
    assert parse_line("", 1, "r") is None


def test_tags():
    record = parse('[Game "postcard"]\n[Seed "demo"]\n[HomeSkill "Offense-Rushing"]\n\n'
                   "toss H4 A1 = H\n")
    assert seed(record) == "demo" and record.tag("HomeSkill") == "Offense-Rushing"
    assert record.tag("AwaySkill") is None and record.line_of("Seed") == 2
    assert len(lines(record)) == 1 and lines(record)[0].number == 5


@pytest.mark.parametrize("text, column, words", [
    ("rusj 5v3", 1, "unknown action"),
    ("rush 5v3 H4 Q2", 13, "cannot read 'Q2'"),
    ("rush 7v3 H4 A2", 6, "cannot read '7v3'"),
    ("rush 5v3 H4 A2 = +1O", 18, "in the outcome of rush"),
    ("rush 5v3 H4 A2 = +10 {H 1&10 H25", 22, "not closed"),
    ("rush 5v3 H4 A2 = +10 {H 1&10 Z25}", 30, "cannot read 'Z25'"),
    ("rush 5v3 H4 A2 = +10 {H 1&10 H25 2&10}", 34, "gives the down twice"),
    ("kick A2/3,4 = good", 6, "a re-roll is for one die"),
    ("rush 5v3 H4 A2/3,4", 13, "a re-roll is for one die"),
    ("kickoff 5v3", 1, "kicking side"),
    ("punt H3 A4", 1, "target distance"),
    ("rush 5v3 H4 A2 = +10 = +5", 22, "'=' twice"),
    ("fair = +5", 8, "no outcome"),
])
def test_unreadable_line_says_where(text, column, words):
    """The reader names the column; the verifier makes the line one finding (PC-REC-003)
    with the reader's words, and reads on."""
    with pytest.raises(ReadError) as err:
        parse_line(text, 2, "r.rec")
    assert (err.value.line, err.value.column) == (2, column), str(err.value)
    assert words in err.value.message
    report = verify_text(f'[Game "postcard"]\n{text}\n', "r.rec")
    assert [(f.line, f.rule) for f in report.findings] == [(2, "PC-REC-003")]
    assert report.findings[0].message == f"cannot read this line: {err.value.message}"


@pytest.mark.parametrize("text, found", [
    # a value the rules do not have: one finding on its tag, the record read with a default
    ('[Game "postcard"]\n[Seed ""]', [(2, "PC-TAG-003", "a seed", '""')]),
    ('[Game "cardbowl"]', [(1, "PC-TAG-001", "postcard", "cardbowl")]),
    ('[Game "postcard"]\n[HomeSkill "kicking"]',
     [(2, "PC-TAG-002", "offense-rushing, offense-passing, defense-rushing, defense-passing, "
                        "none", "kicking")]),
    # what every game's reader says (engine/verify/record.py)
    ('[Game "postcard"]\n[Home Hawks]', [(2, "PC-REC-003", "", "")]),
    ('[Game "postcard"]\n[Sed "x"]', [(2, "PC-REC-001", "one of Game, Event, Site, Date, "
                                          "Round, Match, Home, Away, Result, Seed, HomeSkill, "
                                          "AwaySkill", "Sed")]),
    ('[Game "postcard"]\ntoss H4 A1\n[Home "x"]',
     [(3, "PC-REC-006", "a tag on top", "[Home ...]")]),
    # a Result that is no score: the game it names is not played to its end here
    ('[Game "postcard"]\n[Result "win"]',
     [(2, "PC-END-002", "the game played to its end", "no more lines")]),
    # the game is the caller's (the command line reads the Game tag): none is no finding
    ("toss H4 A1", []),
])
def test_tags_the_rules_do_not_have_are_findings(text, found):
    report = verify_text(text + "\n", "r.rec")
    assert [(f.line, f.rule, f.expected, f.found) for f in report.findings] == found


def test_writer_round_trip_of_a_whole_game():
    text = play_game("notation-0001").text()
    record = parse(text, "sim.rec")
    for parsed, raw in zip(lines(record), [x for x in text.splitlines()
                                          if x and not x.startswith("[")], strict=True):
        note = raw[raw.index("{"):] if "{" in raw else None
        assert format_line(parsed, note) == raw


def test_state_note_writing():
    state = State(phase="scrimmage", ball="A", spot=5, down=3, to_go=5, score=(14, 7),
                  time=(3, 2), plays=(4, 7), bonus=(2, 1), sack="A")
    assert format_note(state) == "{A 3&G H5 14-7 T3/2 P4/7 B2/1 sack}"
    state = State(phase="kickoff", ball="H", score=(3, 0), time=(7, 7), final=2)
    assert format_note(state) == "{H KO 3-0 T7/7 F2 P0/0 B0/0}"
