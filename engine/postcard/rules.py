"""PostCard Football charts as one object: what the board prints is what the verifier checks.

`load_rules()` reads engine/postcard/rules.toml (plus a player's own file, if given) into a
frozen :class:`Rules`; its lookup methods answer the questions the rules text asks of "the
chart on the field".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import rulesdata
from engine.errors import ReadError

RULES_FILE = Path(__file__).with_name("rules.toml")


@dataclass(frozen=True)
class Row:
    result: int
    outcome: str
    yards: int


@dataclass(frozen=True)
class Level:
    level: int
    first: int
    last: int
    catch: int        # lowest die that catches
    pressure: int     # lowest defense die that raises the level (7 = cannot)

    @property
    def yards(self) -> tuple[int, int]:
        return self.first * 5, self.last * 5


@dataclass(frozen=True)
class Range:
    key: int          # yard line (field goal spot) or distance (punt)
    low: int
    high: int
    bonus: int = 0

    def contains(self, total: int) -> bool:
        return self.low <= total <= self.high

    def miss_by(self, total: int) -> int:
        """Signed spots off target: negative = short, positive = long, 0 = on target."""
        if total < self.low:
            return total - self.low
        if total > self.high:
            return total - self.high
        return 0


@dataclass(frozen=True)
class KickSpot:
    die: int
    where: int        # kickoff: yard line (negative = end zone); onside: distance
    bonus: int


@dataclass(frozen=True)
class Chart:
    """A result -> row chart with limits; results past a limit are set at the limit."""

    low: int
    high: int
    rows: tuple[Row, ...]

    def clamp(self, result: int) -> int:
        return max(self.low, min(self.high, result))

    def row(self, result: int) -> Row:
        r = self.clamp(result)
        for row in self.rows:
            if row.result == r:
                return row
        raise KeyError(r)


@dataclass(frozen=True)
class Rules:
    data: Any                          # the raw mapping (for printing notes verbatim)
    beats: dict[int, tuple[int, ...]]
    stars: dict[int, int]
    passing_strategies: tuple[int, ...]
    rushing_strategies: tuple[int, ...]
    rushing: Chart
    passing: Chart
    levels: tuple[Level, ...]
    tackle: Chart
    field_goals: tuple[Range, ...]
    punts: tuple[Range, ...]
    kickoffs: tuple[KickSpot, ...]
    onsides: tuple[KickSpot, ...]
    time_stars: tuple[int, ...]

    # -- strategy circle ----------------------------------------------------------------
    def strategy_winner(self, a: int, b: int) -> int | None:
        """The winning strategy of a pick pair, or None for the same number."""
        if a == b:
            return None
        if b in self.beats[a]:
            return a
        if a in self.beats[b]:
            return b
        raise ValueError(f"strategy circle does not rank {a} and {b}")

    def play_type(self, strategy: int) -> str:
        return "pass" if strategy in self.passing_strategies else "rush"

    # -- passing ------------------------------------------------------------------------
    def pass_level(self, result: int) -> Level:
        r = self.passing.clamp(result)
        for level in self.levels:
            if level.first <= r <= level.last:
                return level
        raise KeyError(result)

    def level(self, number: int) -> Level:
        for level in self.levels:
            if level.level == number:
                return level
        raise KeyError(number)

    def throw_yards(self, result: int) -> int:
        return self.passing.clamp(result) * self.data["passing"]["yards_per_step"]

    # -- kicks --------------------------------------------------------------------------
    def field_goal(self, spot: int) -> Range | None:
        """The 2d6 range for a kick from `spot` (yard line of the kick), None if out of range."""
        for r in self.field_goals:
            if r.key == spot:
                return r
        return None

    def punt(self, distance: int) -> Range | None:
        for r in self.punts:
            if r.key == distance:
                return r
        return None

    def kickoff(self, die: int) -> KickSpot:
        return next(k for k in self.kickoffs if k.die == die)

    def onside(self, die: int) -> KickSpot:
        return next(k for k in self.onsides if k.die == die)

    def section(self, name: str) -> dict[str, Any]:
        return self.data[name]


def _chart(section: dict[str, Any]) -> Chart:
    rows = tuple(Row(r["result"], r["outcome"], r["yards"]) for r in section["rows"])
    return Chart(section["min"], section["max"], rows)


def _ranges(items: list[dict[str, Any]], key: str) -> tuple[Range, ...]:
    return tuple(Range(i[key], i["low"], i["high"], i.get("bonus", 0)) for i in items)


def _spots(items: list[dict[str, Any]], key: str) -> tuple[KickSpot, ...]:
    return tuple(KickSpot(i["die"], i[key], i["bonus"]) for i in items)


def build(data: dict[str, Any], source: str = "rules") -> Rules:
    try:
        s = data["strategy"]
        return Rules(
            data=data,
            beats={int(k): tuple(v) for k, v in s["beats"].items()},
            stars={int(k): v for k, v in s["stars"].items()},
            passing_strategies=tuple(s["passing"]),
            rushing_strategies=tuple(s["rushing"]),
            rushing=_chart(data["rushing"]),
            passing=Chart(data["passing"]["min"], data["passing"]["max"],
                          tuple(Row(r["result"], r["outcome"], r["yards"])
                                for r in data["passing"]["rows"])),
            levels=tuple(Level(**lv) for lv in data["passing"]["levels"]),
            tackle=_chart(data["tackle"]),
            field_goals=_ranges(data["field_goal"]["ranges"], "spot"),
            punts=_ranges(data["punt"]["targets"], "distance"),
            kickoffs=_spots(data["kickoff"]["spots"], "yard_line"),
            onsides=_spots(data["onside"]["spots"], "distance"),
            time_stars=tuple(data["time_tracker"]["stars"]),
        )
    except (KeyError, TypeError) as exc:
        raise ReadError(f"rules data incomplete or malformed near {exc}", source) from None


load_rules = rulesdata.loader(RULES_FILE, build)
"""The shipped rules, or the shipped rules with a player's own file laid over them."""
