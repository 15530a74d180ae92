"""What the Card Bowl audit knows between lines, as the outcome and card checks see it.

verify.py walks a record; outcome.py (what a result leads to) and cardcheck.py (what the
cards say) are pure functions of a :class:`Situation` and a line, returning a :class:`Step`
(or findings): they depend on this module, the walker depends on them, never the other way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from engine.cardbowl.notation import Entry
from engine.cardbowl.rules import Rules
from engine.findings import Finding

FIELD = 100               # goal line to goal line, in yards
END_ZONE = 10             # each end zone
YARDS = FIELD + 2 * END_ZONE   # end line to end line: the printed field, the cribbage track


def yard(pos: int) -> int:
    """The written yard line of a position: counted from the nearer goal."""
    return pos if pos <= FIELD // 2 else FIELD - pos


@dataclass(frozen=True)
class Expect:
    """What the next play line should show, from the last line's result (None = unknown)."""

    kind: str = "start"           # start, scrimmage, open, try, kickoff
    offense: int | None = None    # team index with the ball next (receiving team for kicks)
    change: bool = False          # possession changed: a `---` line is due
    pos: int | None = None
    down: int | None = None
    marker: int | None = None
    free_kick: bool = False


@dataclass(frozen=True)
class Situation:
    """What a result or a card check reads of the walk: a snapshot, never changed by them."""

    rules: Rules
    seed: str | None = None
    pos: int | None = None        # the line's spot, down and line to gain (as written)
    down: int | None = None
    marker: int | None = None


class Step(NamedTuple):
    """What one result leads to: the next line's expectation, findings, points per team."""

    expect: Expect
    findings: tuple[Finding, ...]
    points: tuple[int, int]


def finding(entry: Entry, rule: str, message: str, expected: object = "",
            found: object = "") -> Finding:
    """A finding on `entry`'s line, expected and found as text."""
    return Finding(entry.line, rule, message, str(expected), str(found))


class Notes:
    """The findings and points one pure check collects before it returns them (local to one
    call: outcome.py and cardcheck.py build one, fill it, and hand back what it holds)."""

    def __init__(self, situation: Situation) -> None:
        self.situation = situation
        self.rules = situation.rules
        self.seed, self.pos = situation.seed, situation.pos
        self.down, self.marker = situation.down, situation.marker
        self.findings: list[Finding] = []
        self.points = [0, 0]

    def flag(self, entry: Entry, rule: str, message: str, expected: object = "",
             found: object = "") -> None:
        self.findings.append(finding(entry, rule, message, expected, found))

    def add_points(self, team: int, points: int) -> None:
        self.points[team] += points

    def step(self, expect: Expect) -> Step:
        return Step(expect, tuple(self.findings), (self.points[0], self.points[1]))
