"""Where a BLOWOUT!!! game stands between two snaps, and the field's geometry.

The ball is a yard line counted from the HOME goal line (0..100), so one number places it
whoever has it; a record writes it from either side's goal line (`H25`, `A40`, `50`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from printkit_engine.blowout.rules import FIELD

HOME, AWAY = "H", "A"
SIDES = (HOME, AWAY)
STREAM_SIDE = {HOME: "home", AWAY: "away"}      # the play book's label of each side


def other(side: str) -> str:
    return AWAY if side == HOME else HOME


def index(side: str) -> int:
    return 0 if side == HOME else 1


def to_goal(side: str, x: int) -> int:
    """Yards from the ball to the goal line `side` attacks."""
    return FIELD - x if side == HOME else x


def own_line(side: str, yards: int) -> int:
    """The spot `yards` from `side`'s own goal line."""
    return yards if side == HOME else FIELD - yards


def advance(side: str, x: int, yards: int) -> int:
    """The spot `yards` further toward the goal line `side` attacks."""
    return x + yards if side == HOME else x - yards


def ball_on(x: int) -> str:
    """A spot as a record writes it: `H25` (HOME's 25), `A40`, `50`."""
    if x == FIELD // 2:
        return str(x)
    return f"{HOME}{x}" if x < FIELD // 2 else f"{AWAY}{FIELD - x}"


class Hand(NamedTuple):
    """One side's hand from one deck: the cards held and the next position in the shuffle.

    After a slip the verifier may not know every card played: `unknown` of the `cards` are
    gone (played on lines the record does not show, or wrote wrong), which ones unknown; the
    side holds the others.

    A named tuple, not a dataclass: a new one is made for every card played, and the states
    holding the hands are compared and hashed as readings are kept (a tuple does both in C;
    `frozen.new_tuple` makes one in one call)."""

    cards: tuple[str, ...]
    next: int
    unknown: int = 0


@dataclass(frozen=True)
class State:
    period: int = 1                      # 1.. regulation, then overtime periods
    ball: str = ""                       # side on offense ("" before the first snap)
    down: int = 1
    to_go: int = 10
    x: int = 20
    score: tuple[int, int] = (0, 0)
    first: str = ""                      # the side that started the game on offense
    ot: str = ""                         # "", "first", "answer", "sudden" (overtime phase)
    ot_first: str = ""
    over: bool = False
    # cards each side played this period, "H/offense/R70" -> count
    played: tuple[tuple[str, int], ...] = ()
    # with a Seed: each side's hands, (side, deck) -> Hand
    hands: tuple[tuple[tuple[str, str], Hand], ...] | None = field(default=None)
    # the record's steps.Context (rules, length, seed): the same for every state of a record
    ctx: Any = field(default=None, compare=False, repr=False)

    @property
    def defense(self) -> str:
        return other(self.ball)

    @property
    def to_goal(self) -> int:
        return to_goal(self.ball, self.x)

    @property
    def own(self) -> int:
        """Yards from the ball back to the offense's own goal line."""
        return FIELD - self.to_goal

    def hand(self, side: str, deck: str) -> Hand:
        """A side's hand of a deck: only a game with a seed has hands."""
        assert self.hands is not None, "no hands: the game has no seed"
        key = (side, deck)
        for held, hand in self.hands:      # six hands: a look along them, not a dict built
            if held == key:                # per call (the verifier asks several a snap)
                return hand
        raise KeyError(key)

    def count(self, side: str, deck: str, code: str | None = None) -> int:
        prefix = f"{side}/{deck}/"
        return sum(n for k, n in self.played
                   if k.startswith(prefix) and (code is None or k == prefix + code))


def score_text(score: tuple[int, int]) -> str:
    return f"{score[0]}-{score[1]}"
