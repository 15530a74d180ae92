"""Card Bowl play-notes reader: the rules' own lines, liberal spacing, positioned read errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printkit_engine.cardbowl.notation import parse, parse_line
from printkit_engine.cardbowl.verify import verify_text
from printkit_engine.errors import ReadError
from printkit_engine.verify import Unread

RECORDS = Path(__file__).parent / "records"


def _line(text: str):
    entry = parse_line(text, 1, "r.txt", in_plays=True)
    assert entry is not None
    return entry


def test_rules_example_reads_every_line():
    entries = parse((RECORDS / "rules_example.txt").read_text(encoding="utf-8")).items
    kinds = [e.kind for e in entries]
    assert kinds.count("play") == 18 and kinds.count("separator") == 2
    assert [e.name for e in entries if e.kind == "heading"] == ["Steelers", "Cowboys"]


@pytest.mark.parametrize("text, gain", [
    ("1 & 10 @ 24\tpass 16", 16), ("2 & 8 @ 42\trun, -1", -1),
    ("3 & 9 @ 41\t18 pass + 5 = 23", 23), ("2 & 7 @ 50\trun 5 + 8 = 13", 13),
    ("1 & 10 @ 24  run no gain", 0), ("1 & 10 @ 24    sack loss of 7", -7),
    ("1 & 10 @ 24 run 3", 3),
])
def test_gains(text, gain):
    assert _line(text).result.gain == gain


def test_state_fields_and_goal_to_go():
    e = _line("2 & goal @ 5\tpass 5, TD\t6-0 Steelers\t12:35")
    assert (e.down, e.distance, e.goal, e.yard) == (2, None, True, 5)
    assert e.result.touchdown and e.time == "12:35"
    assert (e.score.first, e.score.second, e.score.team) == (6, 0, "Steelers")
    assert _line("1 & G @ opp 4\trun 1").side == "opp"


def test_penalty_with_automatic_first_down_as_printed_in_the_rules():
    r = _line("1 & 10 @ 36\trun 2; 5 yrd pen. vs. D, auto 1 <sup>st</sup> down\t").result
    assert r.gain == 2 and r.auto_first
    assert [(p.yards, p.against, p.auto_first) for p in r.penalties] == [(5, "D", True)]


def test_fumble_interception_punt_and_field_goal():
    r = _line("3 & 4 @ 30\trun -2, fumble, D recovers +4 return").result
    assert (r.gain, r.fumble, r.recovered, r.ret) == (-2, True, "D", 4)
    r = _line("2 & 11 @ 19\tpass int. 12, 4 yd return").result
    assert (r.interception, r.air, r.ret) == (True, 12, 4)
    r = _line("4 & 3 @ 46\tpunt 44, 6 yd return to 16").result
    assert (r.punt, r.ret, r.ret_to) == (44, 6, 16)
    r = _line("4 & 6 @ 20\t38 yd FG good\t3-0 Cowboys").result
    assert (r.field_goal, r.fg_distance, r.good) == (True, 38, True)
    assert _line("4 & 5 @ 22\t40 yd FG no good").result.good is False


def test_kick_try_and_cards_lines():
    e = _line("Kickoff\tto 3, 21 yd return to 24")
    assert (e.name, e.result.received, e.result.ret, e.result.ret_to) == ("kickoff", 3, 21, 24)
    assert _line("Kickoff  to -3, touchback").result.received == -3
    t = _line("2 pt\tpass 3, good\t10-7 Cowboys")
    assert t.name == "try" and t.result.conversion and t.result.good
    c = _line("cards deal 7: QH 5C / 7D / 10S QH AH 8D")
    assert c.cards.deal == 7 and c.cards.groups == [["QH", "5C"], ["7D"],
                                                    ["10S", "QH", "AH", "8D"]]


def test_a_try_word_changes_its_own_line_only():
    # a result written the same way on several lines is read once (`run 4`, `good`): what
    # the try's first word adds (a conversion, a kick) is this line's, never a later one's
    conv, kick, plain = (_line(f"{word}\tgood").result for word in ("2pt", "pat", "try"))
    assert (conv.conversion, conv.kick_try, conv.good) == (True, False, True)
    assert (kick.conversion, kick.kick_try, kick.good) == (False, True, True)
    assert (plain.conversion, plain.kick_try, plain.good) == (False, False, True)


@pytest.mark.parametrize("text, column", [
    ("1 & 10 @ 24\tpass banana", 18),
    ("1 & 10 @ 64\tpass 3", 10),
    ("1 & 10 @ 24\trun 5 8", 19),
    ("cards: QH 5X", 11),
    ("1 & 10 @ 24\trun 3\tsomething else", 19),
    ("7 & 10 @ 24", 1),
])
def test_unreadable_lines_name_line_and_column(text, column):
    with pytest.raises(ReadError) as err:
        parse_line(text, 2, "r.txt", in_plays=True)
    assert (err.value.file, err.value.line, err.value.column) == ("r.txt", 2, column)
    row = parse("Steelers\n" + text, "r.txt").rows[1]
    assert isinstance(row.item, Unread) and (row.number, row.item.column) == (2, column)
    # a finding on its line (exit 1), not a refusal of the record
    assert [(f.line, f.rule) for f in verify_text("Steelers\n" + text, "r.txt").findings] \
        == [(2, "CB-REC-003")]


def test_a_tag_after_the_play_notes_is_a_finding_and_still_read():
    report = verify_text('Steelers\n1 & 10 @ 24\trun 3\n[Seed "x"]\n', "r.txt")
    assert [(f.line, f.rule) for f in report.findings] == [(3, "CB-REC-006")]


_ALPHABET = st.sampled_from(list("0123456789 &@\t-+=,;.:/[]\"#()abcdefgikloprstuvyDGHKOQSTC\n"))
_PIECES = st.sampled_from(["1 & 10 @ 24\t", "run ", "pass ", "inc.", " yd return to ",
                           "Kickoff\t", "to 3, ", "---\n", "Steelers\n", "FG good", "TD",
                           "\t3-0 Cowboys", "cards: QH 5C", " / ", "fumble, D recovers ",
                           "5 yrd pen. vs. D, auto 1st down", "\n", "Try\tkick good\n",
                           "[Seed \"x\"]\n", "2 & goal @ 5\t", "punt 40, ", "safety"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(_PIECES, st.text(_ALPHABET, max_size=6)), max_size=40))
def test_fuzz_never_a_traceback_only_findings_on_lines(parts):
    """Any text: a report whose findings name a line (an unreadable line is CB-REC-003 on
    it), never a traceback or a refusal."""
    report = verify_text("".join(parts), "f.txt")
    assert all(f.rule.startswith("CB-") and f.line >= 1 for f in report.findings)
