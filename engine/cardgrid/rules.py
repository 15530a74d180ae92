"""The grid game's rules as one typed object, read from engine/cardgrid/rules.toml.

The field sheet, the score sheet, the engine, the verifier, the bots and the odds all take
their values from here (``rules.field.grids``, ``rules.points("T")``), so a player's own
rules file (``--rules``) changes every one of them at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit_engine import rulesdata
from printkit_engine.cardgrid.ranges import RANGES
from printkit_engine.cards import rank, value
from printkit_engine.errors import ReadError
from printkit_engine.rulesdata import attributes

RULES_FILE = Path(__file__).with_name("rules.toml")
NO_JOKERS = 0               # "the joker is discarded": no card of the game is a joker


@dataclass(frozen=True)
class Line:
    grid: int
    name: str


@dataclass(frozen=True)
class Field:
    grids: int
    kickoff: int
    restart: int
    red_advance: int
    lines: tuple[Line, ...]

    @property
    def in_goal(self) -> int:
        return self.grids

    def mirror(self, grid: int) -> int:
        """The same spot in the other side's numbering (G3: grid g is grid 13 - g)."""
        return self.grids + 1 - grid

    def line_at(self, grid: int) -> str:
        return next((ln.name for ln in self.lines if ln.grid == grid), "")


@dataclass(frozen=True)
class Tackles:
    count: int
    kick_ahead: int
    kick_limit: int
    touch: tuple[str, ...]

    def kick(self, grid: int) -> int:
        """"kicked-ahead by four (4) grid positions or to grid 11 ... whichever is the lesser
        distance" (never backwards)."""
        return max(grid, min(grid + self.kick_ahead, self.kick_limit))


@dataclass(frozen=True)
class Scrum:
    against_feed: tuple[str, ...]


@dataclass(frozen=True)
class Penalty:
    goal_within: int
    kick_ahead: int
    kick_limit: int
    no_touch: tuple[str, ...]
    goal: tuple[str, ...]

    def kick(self, grid: int) -> int:
        return max(grid, min(grid + self.kick_ahead, self.kick_limit))


@dataclass(frozen=True)
class FieldGoal:
    grids: tuple[int, ...]
    ranks: tuple[str, ...]


@dataclass(frozen=True)
class Try:
    fail: tuple[str, ...]


@dataclass(frozen=True)
class Score:
    code: str
    name: str
    points: int


@dataclass(frozen=True)
class Rules:
    field: Field
    tackles: Tackles
    scrum: Scrum
    penalty: Penalty
    field_goal: FieldGoal
    try_: Try
    restarts: dict[str, int]
    scoring: tuple[Score, ...]

    # -- scoring --------------------------------------------------------------------------
    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(s.code for s in self.scoring)

    def points(self, code: str) -> int:
        return next(s.points for s in self.scoring if s.code == code)

    def score_name(self, code: str) -> str:
        return next(s.name for s in self.scoring if s.code == code)

    def restart(self, event: str) -> int:
        """The grid the other side restarts from after a score code or "dead"."""
        return self.restarts[event]

    # -- cards ------------------------------------------------------------------------------
    @staticmethod
    def value(card: str) -> int:
        """"aces count as one only": A=1 .. 10, J=11, Q=12, K=13."""
        return value(card, NO_JOKERS)

    @staticmethod
    def pair(a: str | None, b: str | None) -> bool:
        """"a card of equal value (pair)"."""
        return a is not None and b is not None and rank(a) == rank(b)

    def converts(self, try_card: str, card: str) -> bool:
        """"value equal to, or greater than ... the preceding black try card", never a King."""
        return rank(card) not in self.try_.fail and self.value(card) >= self.value(try_card)

    def penalty_goal(self, taker_grid: int) -> bool:
        """A penalty "incurred on or within grids 1, 2 or 3" (the offender's numbering) is a
        goal attempt; the taker stands on the mirror grid."""
        return self.field.mirror(taker_grid) <= self.penalty.goal_within


def build(data: dict[str, Any], source: str = "rules") -> Rules:
    try:
        f = data["field"]
        return Rules(
            field=Field(**attributes(f, lines=tuple(Line(**ln) for ln in f["lines"]))),
            tackles=Tackles(**attributes(data["tackles"])),
            scrum=Scrum(**attributes(data["scrum"])),
            penalty=Penalty(**attributes(data["penalty"])),
            field_goal=FieldGoal(**attributes(data["field_goal"])),
            try_=Try(**attributes(data["try"])),
            restarts=dict(data["restarts"]),
            scoring=tuple(Score(**s) for s in data["scoring"]),
        )
    except (KeyError, TypeError) as exc:
        raise ReadError(f"rules data incomplete or malformed near {exc}", source) from None


load_rules = rulesdata.loader(RULES_FILE, build, RANGES)
"""The shipped rules, or the shipped rules with a player's own file laid over them."""
