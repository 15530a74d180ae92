"""One slip, one finding, on its line, in a seeded record (full_game.txt, `[Seed "demo"]`: every
kick's cards are checked against the play book's deals): a line deleted, a line written twice,
a token changed. Each expectation is typed by hand; then every deletion and duplication of a
line in every hand-written clean record is at most one finding (the walk realigns after it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit_engine.cardbowl.verify import verify_text

RECORDS = Path(__file__).parent / "records"
GAME = (RECORDS / "full_game.txt").read_text(encoding="utf-8").split("\n")
CLEAN = [RECORDS / "full_game.txt", RECORDS / "turnovers.txt", RECORDS / "rules_example.txt",
         *sorted((RECORDS / "clean").glob("*.txt"))]


def found(lines: list[str]) -> list[tuple[int, str, str, str]]:
    report = verify_text("\n".join(lines), "m.txt")
    return [(f.line, f.rule, f.expected, f.found) for f in report.sorted_findings()]


def deleted(number: int) -> list[str]:
    return GAME[:number - 1] + GAME[number:]


def twice(number: int) -> list[str]:
    return GAME[:number] + GAME[number - 1:]


def changed(number: int, old: str, new: str) -> list[str]:
    assert old in GAME[number - 1]
    return GAME[:number - 1] + [GAME[number - 1].replace(old, new, 1)] + GAME[number:]


def test_the_seeded_record_is_clean():
    assert found(GAME) == []
    assert GAME[20] == "1 & 10 @ 16\trun 4" and GAME[27] .startswith("Try\tkick good")


@pytest.mark.parametrize("lines, want", [
    # the Steelers' first play (16 + 4 = 20) left out: the next line is 2 & 6 at the 20
    (deleted(21), [(21, "CB-LINE-001", "1 & 10 @ 16", "2 & 6 @ 20")]),
    # the try left out: the next kickoff is the 15th play written but its cards are the top
    # of deal/16 (the 16th play of the game); the score columns after count its point
    (deleted(28), [(33, "CB-CARD-006", "deal/15", "deal/16")]),
    # the punt left out, its cards line kept: cards of a kick under a run (the next drive
    # then starts where it says)
    (deleted(14), [(14, "CB-CARD-008", "a kick", "scrimmage")]),
    # a line written twice: the copy is the slip, left out
    (twice(9), [(10, "CB-REC-004", "the next line", "1 & 10 @ 24\trun 3")]),
    # the kickoff written twice: the copy is left out (its cards are not deal/2); the line
    # as found is its first 40 characters
    (twice(8), [(9, "CB-REC-004", "the next line", "Kickoff\tto 4, 20 yd return to 24\tcards: ")]),
    # 5 + 6 written = 12: the next line follows the 11 the terms give
    (changed(23, "= 11", "= 12"), [(23, "CB-ARITH-001", "5 + 6 = 11", "= 12")]),
    # to 2, 19 yd return to 20: 2 + 19 = 21; the next line follows the written 20
    (changed(34, "18 yd", "19 yd"), [(34, "CB-KICK-002", "2 + 19 = 21", "to 20")]),
    # a card the deck does not have: the line cannot be read, the rest is checked
    (changed(34, "5H 8C", "5H 8X"),
     [(34, "CB-REC-003", "", "")]),
], ids=["deleted play", "deleted try", "deleted punt", "run twice", "kickoff twice",
        "sum", "return", "card"])
def test_a_slip_in_the_seeded_record_is_one_finding(lines, want):
    assert found(lines) == want


@pytest.mark.parametrize("path", CLEAN, ids=lambda p: p.stem)
def test_every_line_deleted_or_written_twice_is_at_most_one_finding(path: Path):
    lines = path.read_text(encoding="utf-8").split("\n")
    body = [i for i, line in enumerate(lines) if line.strip() and not line.startswith(("[", ";"))]
    worst = {}
    for i in body:
        for what, mutated in (("deleted", lines[:i] + lines[i + 1:]),
                              ("twice", lines[:i + 1] + lines[i:])):
            n = len(verify_text("\n".join(mutated), "m.txt").findings)
            if n > 1:
                worst[(i + 1, what)] = n
    assert worst == {}
