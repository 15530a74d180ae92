"""The verifier kernel on a toy game, written here in a few lines: proof that a game's verifier
is its three pieces (parse, start, step) plus an ending, and that what every game shares
(readings, resync, repeats, tags, unreadable lines, the end, errors) is the kernel's.

The toy game, "sums": the record counts up to a target. Each line is `add N = T` (T the
running total) or `double = T`; the game is over when the total reaches `[Target "N"]`
(default 10). Every expectation below is worked out by hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import pytest

from printkit_engine.errors import ReadError
from printkit_engine.findings import Finding
from printkit_engine.verify import Ending, Rulebook, Step, Syntax, read, verify

_LINE = re.compile(r"(add (\d+)|double) = (\d+)$")


@dataclass(frozen=True)
class Line:
    number: int
    add: int | None          # None: double
    total: int


@dataclass(frozen=True)
class State:
    total: int
    target: int


def read_line(raw: str, number: int) -> Line | None:
    text = raw.split("#", 1)[0].strip()
    if not text:
        return None
    m = _LINE.match(text)
    if not m:
        raise ReadError("expected 'add N = T' or 'double = T'", "", number, 1)
    return Line(number, int(m.group(2)) if m.group(2) else None, int(m.group(3)))


SYNTAX = Syntax("TS", ("Target",), line=read_line)


def start(rules: None, record) -> Step[State]:
    target = record.tag("Target", "10")
    if not target.isdigit():
        return Step(State(0, 10), (Finding(record.line_of("Target"), "TS-TAG-001",
                                           "a number", "a number", target),))
    return Step(State(0, int(target)))


def step(state: State, line: Line) -> Step[State]:
    if state.total >= state.target:
        return Step(state, (Finding(line.number, "TS-SEQ-001", "the game is over"),),
                    adrift=True)
    true = state.total * 2 if line.add is None else state.total + line.add
    if line.total == true:
        return Step(replace(state, total=true))
    return Step(replace(state, total=line.total),
                (Finding(line.number, "TS-SUM-001", "wrong total", str(true),
                         str(line.total)),),
                (replace(state, total=true),))


def end(state: State, record) -> Ending:
    return Ending(state.total >= state.target, f"{state.total}",
                  summary=f"total {state.total}")


BOOK: Rulebook[None, State] = Rulebook(
    game="sums", prefix="TS", parse=lambda text, file, rules: read(text, file, SYNTAX),
    start=start, step=step, end=end, load_rules=lambda: None)


def found(text: str) -> list[tuple[int, str]]:
    return [(f.line, f.rule) for f in verify(BOOK, text, "t.rec").sorted_findings()]


def test_a_clean_record():
    report = verify(BOOK, "[Target \"10\"]\nadd 3 = 3\ndouble = 6\nadd 4 = 10\n", "t.rec")
    assert report.clean and report.lines_checked == 3
    assert report.summary() == "t.rec: sums: 3 lines checked, clean; total 10"


def test_one_slip_is_one_finding_whichever_total_the_next_line_follows():
    # line 2 writes 4 for 3; line 3 doubles the written 4 (8) or the true 3 (6): both clean
    assert found("add 3 = 4\ndouble = 8\nadd 2 = 10\n") == [(1, "TS-SUM-001")]
    assert found("add 3 = 4\ndouble = 6\nadd 4 = 10\n") == [(1, "TS-SUM-001")]


def test_a_second_slip_later_is_found_too():
    assert found("add 3 = 4\ndouble = 8\nadd 1 = 10\n") == [(1, "TS-SUM-001"),
                                                          (3, "TS-SUM-001")]


def test_a_line_written_twice_is_one_finding_and_left_out():
    assert found("add 3 = 3\nadd 3 = 3\ndouble = 6\nadd 4 = 10\n") == [(2, "TS-REC-004")]


def test_an_unreadable_line_is_a_finding_and_the_rest_is_checked():
    # line 3 cannot be read; line 4 does not follow without it (quiet: the same slip);
    # line 5 follows the written 12; line 6 is a slip of its own
    text = '[Target "100"]\nadd 3 = 3\nadd three = 6\ndouble = 12\nadd 1 = 13\nadd 1 = 15\n'
    assert found(text) == [
        (3, "TS-REC-003"), (6, "TS-SUM-001")]


def test_tags_unknown_misspelt_wrong_case_twice_late():
    text = ('[Traget "4"]\n[target "4"]\n[Target "5"]\n[Sed "x"]\n[Colour "red"]\n'
            'add 4 = 4\n[Home "A"]\n')
    report = verify(BOOK, text, "t.rec")
    assert [(f.line, f.rule, f.message) for f in report.sorted_findings()] == [
        (1, "TS-REC-001", "unknown tag 'Traget' (did you mean 'Target'?)"),
        (2, "TS-REC-002", "the tag is written 'Target'"),
        (3, "TS-REC-005", "Target is tagged twice (line 2 counts)"),
        (4, "TS-REC-001", "unknown tag 'Sed' (did you mean 'Seed'?)"),
        (5, "TS-REC-001", "unknown tag 'Colour'"),
        (7, "TS-REC-006", "tags come before the first record line")]
    # `[target "4"]` was read as the Target tag: 4 reaches it, the game is over
    assert report.summary_extra == "total 4"


def test_a_tag_a_game_lets_stand_anywhere():
    """A game may name tags that stand after the first line (a bubble log's bands)."""
    book = replace(BOOK, parse=lambda text, file, rules: read(
        text, file, replace(SYNTAX, anywhere=("Target",))))
    report = verify(book, 'add 4 = 4\n[Target "4"]\n', "t.rec")
    assert report.clean and report.summary_extra == "total 4"


def test_a_bad_tag_value_is_the_games_finding():
    assert found('[Target "ten"]\nadd 3 = 3\nadd 7 = 10\n') == [(1, "TS-TAG-001")]


def test_result_tag_and_a_record_that_stops_early():
    assert found('[Result "10"]\nadd 5 = 5\nadd 5 = 10\n') == []
    assert found('[Result "11"]\nadd 5 = 5\nadd 5 = 10\n') == [(1, "TS-END-001")]
    assert found('[Result "10"]\nadd 5 = 5\n') == [(2, "TS-END-002")]
    assert found('[Result "*"]\nadd 5 = 5\n') == []         # not finished, and says so
    assert found("add 5 = 5\n") == []                        # no Result: not a whole game


def test_result_may_agree_with_the_true_reading():
    # the written total went wrong on line 2; the Result is the true final total
    assert found('[Result "10"]\nadd 5 = 5\nadd 4 = 10\ndouble = 10\n') == [
        (3, "TS-SUM-001"), (4, "TS-SEQ-001")]


def test_no_result_check_when_the_last_line_cannot_be_read():
    # the last line's total is not known: the Result cannot be held to the record
    assert found('[Result "10"]\nadd 5 = 5\nadd five = 10\n') == [(3, "TS-END-002"),
                                                                  (3, "TS-REC-003")]


def test_lines_after_the_end_are_one_finding():
    assert found("add 5 = 5\nadd 5 = 10\nadd 1 = 11\nadd 1 = 12\n") == [(3, "TS-SEQ-001")]


def test_only_newline_carriage_return_and_crlf_end_a_line():
    text = ("add 3 = 3   # a comment \f with a form feed\x85 and\u2028separators\r\n"
            "double = 6\radd 4 = 11\n")
    assert found(text) == [(3, "TS-SUM-001")]


def test_lines_of_a_text_with_no_carriage_return():
    from printkit_engine.verify.record import split_lines

    assert split_lines("a\fb\x85c\u2028d\n\ne\n") == ["a\fb\x85c\u2028d", "", "e"]
    assert split_lines("a\n\n") == ["a", ""]
    assert split_lines("a\r\nb\rc\n") == ["a", "b", "c"]
    assert split_lines("") == []


def test_an_exception_in_a_step_is_not_a_read_error():
    def broken(state: State, line: Line) -> Step[State]:
        raise KeyError("bug")

    book = replace(BOOK, step=broken)
    with pytest.raises(KeyError):
        verify(book, "add 3 = 3\n", "t.rec")


def test_readings_are_bounded():
    # every line a slip with an alternative: the kernel keeps at most MAX_READINGS states
    from printkit_engine.verify import MAX_READINGS, walk

    record = BOOK.parse("".join(f"add 1 = {k * 7}\n" for k in range(1, 40)), "t.rec", None)
    w = walk(replace(BOOK, start=lambda r, rec: Step(State(0, 10 ** 6))), record, None)
    assert len(w.states) <= MAX_READINGS and len(w.findings) >= 1


def test_findings_are_bounded_and_the_rest_counted():
    """A record of 300 wrong lines (totals 3, 6, 9 ... adding 1 each: no reading follows):
    200 findings listed, 100 counted; the text says so; it is not clean."""
    from printkit_engine.verify.kernel import MAX_FINDINGS

    text = '[Target "1000"]\n' + "".join(f"add 1 = {3 * k}\n" for k in range(1, 301))
    report = verify(BOOK, text, "t.rec")
    assert (len(report.findings), report.more) == (MAX_FINDINGS, 100) == (200, 100)
    assert not report.clean
    assert report.to_text().splitlines()[-2:] == [
        "t.rec: ... and 100 more findings (fix the first ones: the rest often follow from "
        "them)", "t.rec: sums: 300 lines checked, 300 findings; total 900"]


def test_a_record_out_of_step_is_followed_as_written_after_a_few_lines():
    """Lines in a row that follow no reading: after LOST_AFTER of them only the record as
    written is kept (each line then costs one step, whatever the text)."""
    from printkit_engine.verify.kernel import LOST_AFTER

    calls = []

    def counting(state: State, line: Line) -> Step[State]:
        calls.append(line.number)
        return step(state, line)

    text = '[Target "1000"]\n' + "".join(f"add 1 = {3 * k}\n" for k in range(1, 21))
    verify(replace(BOOK, step=counting), text, "t.rec")
    per_line = [calls.count(n) for n in range(2, 22)]
    assert LOST_AFTER == 3 and per_line[LOST_AFTER:] == [1] * (20 - LOST_AFTER)
    # before: each failing line adds a reading (the written total, the true one, ...)
    assert per_line[:LOST_AFTER] == [1, 2, 3]


def test_a_file_too_long_to_be_a_record_is_refused():
    from printkit_engine.verify.record import MAX_LINES

    with pytest.raises(ReadError, match="more than 5,000 lines: not a game record"):
        verify(BOOK, "add 1 = 1\n" * (MAX_LINES + 1), "t.rec")
