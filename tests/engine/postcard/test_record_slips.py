"""One slip in a seeded simulated record, one finding on its line, then the record is in step
again (issue 26): a line deleted, a line written twice, a token changed.

The record is the bots' game `slips-0001` (Seed tag `slips-0001`); the lines quoted below are
its lines, and each expected finding is read off them by hand: the deleted line's action and
its dice (the play book's next draws, as the record wrote them), the repeated line's text, the
die as it was. Before the port these gave up to four findings on several lines, or a refusal
of the whole file for an unreadable token.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from printkit_engine.postcard.bots import game_seed, play_game
from printkit_engine.postcard.verify import verify_text

LINES = {   # the record's own lines, as the bots wrote them (checked below)
    10: "touchback {H 1&10 H25 0-0 T0/0 P0/0 B0/0}",
    17: "punt 55 H3 A5 = ok",
    21: "rush 1v2 H5 A5+2 = stop {H 2&10 A40 0-0 T0/1 P2/2 B0/1}",
    33: "run H1 A1 = +10",
    36: "rush 5v5 H3 A1 = +10",
    52: "pressure H3 = L3",
    53: "catch A5 = +10 TD HxH HxH {A TRY 0-6 T4/3 P0/0 B4/0}",
}


@cache
def lines() -> list[str]:
    out = play_game("slips-0001").text().splitlines()
    for number, text in LINES.items():
        assert out[number - 1] == text, (number, out[number - 1])
    return out


def deleted(number: int) -> list[str]:
    out = list(lines())
    del out[number - 1]
    return out


def repeated(number: int) -> list[str]:
    out = list(lines())
    out.insert(number, out[number - 1])
    return out


def changed(number: int, old: str, new: str) -> list[str]:
    out = list(lines())
    assert old in out[number - 1]
    out[number - 1] = out[number - 1].replace(old, new, 1)
    return out


def found(record: list[str]) -> list[tuple[int, str, str, str]]:
    report = verify_text("\n".join(record) + "\n", "s.rec")
    assert report.summary().endswith("final score 7-12"), report.to_text()
    return [(f.line, f.rule, f.expected, f.found) for f in report.findings]


def test_the_record_is_clean():
    assert found(lines()) == []


@pytest.mark.parametrize("number, want", [
    # the pressure roll of a pass left out: the catch (now line 52) cannot come after the
    # throw; Home's next draw is the 3 the left-out line rolled
    (52, (52, "PC-SEQ-004", "pressure H3", "catch")),
    # a whole play left out (a rush that stopped, Away using two bonuses): the pass that
    # follows rolls the draws after it; the finding names the action and the book's dice
    (21, (21, "PC-SEQ-004", "rush H5 A5", "pass")),
    # the touchback after a kickoff into the end zone: no dice, the pass cannot come here
    (10, (10, "PC-SEQ-004", "touchback", "pass")),
])
def test_a_line_left_out_is_one_finding_on_the_line_after_it(number, want):
    assert found(deleted(number)) == [want]


def test_a_line_written_twice_is_one_finding_on_the_second():
    # the kernel shows the repeated line's first 40 characters (the 40th is a space)
    assert found(repeated(21)) == [
        (22, "PC-REC-004", "the next line", "rush 1v2 H5 A5+2 = stop {H 2&10 A40 0-0 ")]


def test_a_die_changed_is_one_finding():
    assert found(changed(33, "A1", "A2")) == [(33, "PC-DRAW-001", "A1", "A2")]


@pytest.mark.parametrize("number", [17, 36])
def test_an_unreadable_token_is_one_finding_and_the_record_goes_on(number):
    # `H3` typed `3H`: the line cannot be read (the whole file was refused before); the line
    # after it (the punt's kick, the rush's run) is read after a line left out, quietly
    assert found(changed(number, "H3", "3H")) == [
        (number, "PC-REC-003", "", "")]


# -- over a corpus: how many findings a line deleted or written twice gives ----------------
GAMES = 12


@cache
def corpus(number: int) -> list[str]:
    return play_game(game_seed("gap", number)).text().splitlines()


def test_lines_left_out_or_written_twice_in_simulated_records():
    """Two lines deleted and one repeated in each of a dozen seeded games: a repeat is one
    `PC-REC-004` on the second copy, always; a deleted line is never more than two findings,
    on or after the gap, and almost always one (measured on 120 deletions: 119 one, 1 two,
    where the left-out line's picks and bonuses leave more readings than the kernel keeps)."""
    single = deletions = 0
    for number in range(1, GAMES + 1):
        text = corpus(number)
        body = [i for i, line in enumerate(text) if line and not line.startswith("[")]
        rng = random.Random(f"gap-{number}")
        at = rng.choice(body)
        out = text[:at + 1] + text[at:]
        report = verify_text("\n".join(out) + "\n", "g.rec")
        assert [(f.line, f.rule) for f in report.findings] == [(at + 2, "PC-REC-004")], (
            number, at + 2, report.to_text())
        for at in rng.sample(body, 2):
            out = text[:at] + text[at + 1:]
            report = verify_text("\n".join(out) + "\n", "g.rec")
            where = [f.line for f in report.findings]
            assert len(where) <= 2 and all(w >= at for w in where), (number, at + 1,
                                                                   report.to_text())
            deletions += 1
            single += len(where) == 1
    assert single >= deletions - 2, (single, deletions)
