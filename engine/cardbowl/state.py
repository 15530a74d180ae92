"""What the Card Bowl audit knows between lines, as the outcome and card checks see it.

verify.py walks a record; outcome.py (what a result leads to) and cardcheck.py (what the
cards say) only need this narrow view of the walk, so they depend on this module and the
walker depends on them, never the other way round.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from engine.cardbowl.rules import Rules

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


class Audit(Protocol):
    """The walk's state as a result or a card check reads and extends it."""

    rules: Rules
    seed: str | None
    pos: int | None
    down: int | None
    marker: int | None

    def flag(self, entry, rule: str, message: str, expected: object = "",
             found: object = "") -> None: ...

    def add_points(self, team: int, points: int) -> None: ...
