"""PostCard Football charts as one object: what the board prints is what the verifier checks.

`load_rules()` reads engine/postcard/rules.toml (plus a player's own file, if given) into a
frozen :class:`Rules`, one typed section per table of the file, one attribute per key (the
TOML key `from` is the attribute `from_`). Nothing else reads the file: the engine, the
bots, the verifier and the board ask these objects, whose lookup methods answer the
questions the rules text asks of "the chart on the field".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit_engine import rulesdata
from printkit_engine.errors import ReadError
from printkit_engine.postcard.ranges import RANGES
from printkit_engine.rulesdata import attributes

RULES_FILE = Path(__file__).with_name("rules.toml")
DIE = 6           # every roll is a d6 (a 2d6 roll is two of them)


def die_from(value: int) -> str:
    """The faces of a d6 at or above `value`, as the board prints them: "6", "5-6"."""
    return str(value) if value >= DIE else f"{value}-{DIE}"


# -- rows of the charts -----------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    result: int
    outcome: str
    yards: int


@dataclass(frozen=True)
class Level:
    level: int
    first: int        # results first..last throw to this level
    last: int
    catch: int        # lowest die that catches
    pressure: int     # lowest defense die that raises the level (7 = cannot)


@dataclass(frozen=True)
class Target:
    """A 2d6 range on a kicking chart."""

    low: int
    high: int

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
class FieldGoalRange(Target):
    spot: int         # yard line of the kick


@dataclass(frozen=True)
class PuntTarget(Target):
    distance: int
    bonus: int


@dataclass(frozen=True)
class KickoffSpot:
    die: int
    yard_line: int    # of the receiving team; negative = inside its end zone
    bonus: int


@dataclass(frozen=True)
class OnsideSpot:
    die: int
    distance: int     # yards from the kicking spot
    bonus: int


@dataclass(frozen=True)
class Skill:
    name: str         # the record's tag
    role: str         # offense / defense
    play: str         # the verb of the play it re-rolls: rush / pass
    label: str        # printed on the board


# -- sections ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    yards_per_step: int


@dataclass(frozen=True)
class Strategy:
    passing: tuple[int, ...]
    rushing: tuple[int, ...]
    beats: dict[int, tuple[int, ...]]
    stars: dict[int, int]

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(sorted(self.beats))


@dataclass(frozen=True)
class Chart:
    """A result -> row chart with limits; results past a limit are set at the limit."""

    min: int
    max: int
    rows: tuple[Row, ...]

    def clamp(self, result: int) -> int:
        return max(self.min, min(self.max, result))

    def row(self, result: int) -> Row:
        r = self.clamp(result)
        for row in self.rows:
            if row.result == r:
                return row
        raise KeyError(r)


@dataclass(frozen=True)
class Passing(Chart):
    levels: tuple[Level, ...]
    negative_to_positive_level: int
    interception_pressure: int
    interception_roll: int
    grounding_roll: int
    grounding_yards: int
    sack_strip: tuple[int, ...]
    sack_penalty_per_roll: int

    def level_of(self, result: int) -> Level:
        """The catch level of a throw (a final result of 1 or more)."""
        r = self.clamp(result)
        for level in self.levels:
            if level.first <= r <= level.last:
                return level
        raise KeyError(result)

    def level(self, number: int) -> Level:
        for level in self.levels:
            if level.level == number:
                return level
        raise KeyError(number)

    @property
    def top_level(self) -> int:
        return max(lv.level for lv in self.levels)


@dataclass(frozen=True)
class Tackle(Chart):
    breakaway: int
    red_zone: int
    red_zone_reduction: int


@dataclass(frozen=True)
class Fumble:
    advance_difference: int
    advance_yards: int


@dataclass(frozen=True)
class FieldGoal:
    snap_back: int
    block: int
    ranges: tuple[FieldGoalRange, ...]

    def at(self, spot: int) -> FieldGoalRange | None:
        """The 2d6 range for a kick from `spot` (yard line of the kick), None if out of range."""
        return next((r for r in self.ranges if r.spot == spot), None)


@dataclass(frozen=True)
class Punt:
    snap_back: int
    block: int
    short: tuple[int, ...]
    long: tuple[int, ...]
    end_zone_spot: int
    targets: tuple[PuntTarget, ...]

    def target(self, distance: int) -> PuntTarget | None:
        return next((t for t in self.targets if t.distance == distance), None)


@dataclass(frozen=True)
class Kickoff:
    from_: int
    touchback: int
    spots: tuple[KickoffSpot, ...]

    def spot(self, die: int) -> KickoffSpot:
        return next(k for k in self.spots if k.die == die)


@dataclass(frozen=True)
class Onside:
    spots: tuple[OnsideSpot, ...]

    def spot(self, die: int) -> OnsideSpot:
        return next(k for k in self.spots if k.die == die)


@dataclass(frozen=True)
class TimeTracker:
    stars: tuple[int, ...]
    touchdown: int
    lost_possession: int
    play_tracker_full: int
    end_of_game_play: int
    end_of_game_touchdown: int

    @property
    def circles(self) -> int:
        """Circles in each end zone (and in the end of game phase)."""
        return len(self.stars)


@dataclass(frozen=True)
class PlayTracker:
    circles: int


@dataclass(frozen=True)
class Bonus:
    max: int
    roll_of_one: int


@dataclass(frozen=True)
class Fake:
    bonus: int


@dataclass(frozen=True)
class Scoring:
    touchdown: int
    extra_point: int
    two_point: int
    field_goal: int
    safety: int
    extra_point_spot: int
    two_point_spot: int
    safety_kick_spot: int


@dataclass(frozen=True)
class TeamSkill:
    skills: tuple[Skill, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.skills)

    def needed(self, role: str, play: str) -> str | None:
        """The skill that allows a re-roll to `role` (offense/defense) on a `play` line."""
        return next((s.name for s in self.skills if s.role == role and s.play == play), None)


@dataclass(frozen=True)
class Rules:
    field: Field
    strategy: Strategy
    rushing: Chart
    passing: Passing
    tackle: Tackle
    fumble: Fumble
    field_goal: FieldGoal
    punt: Punt
    kickoff: Kickoff
    onside: Onside
    time_tracker: TimeTracker
    play_tracker: PlayTracker
    bonus: Bonus
    fake: Fake
    scoring: Scoring
    team_skill: TeamSkill

    # -- strategy circle ----------------------------------------------------------------
    def strategy_winner(self, a: int, b: int) -> int | None:
        """The winning strategy of a pick pair, or None for the same number."""
        if a == b:
            return None
        if b in self.strategy.beats[a]:
            return a
        if a in self.strategy.beats[b]:
            return b
        raise ValueError(f"strategy circle does not rank {a} and {b}")

    def play_type(self, strategy: int) -> str:
        return "pass" if strategy in self.strategy.passing else "rush"

    # -- yards ----------------------------------------------------------------------------
    def steps(self, count: int) -> int:
        """Yards of `count` steps of the ball."""
        return count * self.field.yards_per_step

    def throw_yards(self, result: int) -> int:
        return self.steps(self.passing.clamp(result))

    def level_yards(self, level: Level) -> tuple[int, int]:
        return self.steps(level.first), self.steps(level.last)


def _chart(section: dict[str, Any], **typed: Any) -> dict[str, Any]:
    return attributes(section, rows=tuple(Row(**r) for r in section["rows"]), **typed)


def build(data: dict[str, Any], source: str = "rules") -> Rules:
    try:
        s, p = data["strategy"], data["passing"]
        return Rules(
            field=Field(**attributes(data["field"])),
            strategy=Strategy(**attributes(
                s, beats={int(k): tuple(v) for k, v in s["beats"].items()},
                stars={int(k): v for k, v in s["stars"].items()})),
            rushing=Chart(**_chart(data["rushing"])),
            passing=Passing(**_chart(p, levels=tuple(Level(**lv) for lv in p["levels"]))),
            tackle=Tackle(**_chart(data["tackle"])),
            fumble=Fumble(**attributes(data["fumble"])),
            field_goal=FieldGoal(**attributes(data["field_goal"], ranges=tuple(
                FieldGoalRange(**r) for r in data["field_goal"]["ranges"]))),
            punt=Punt(**attributes(data["punt"], targets=tuple(
                PuntTarget(**t) for t in data["punt"]["targets"]))),
            kickoff=Kickoff(**attributes(data["kickoff"], spots=tuple(
                KickoffSpot(**k) for k in data["kickoff"]["spots"]))),
            onside=Onside(**attributes(data["onside"], spots=tuple(
                OnsideSpot(**k) for k in data["onside"]["spots"]))),
            time_tracker=TimeTracker(**attributes(data["time_tracker"])),
            play_tracker=PlayTracker(**attributes(data["play_tracker"])),
            bonus=Bonus(**attributes(data["bonus"])),
            fake=Fake(**attributes(data["fake"])),
            scoring=Scoring(**attributes(data["scoring"])),
            team_skill=TeamSkill(**attributes(data["team_skill"], skills=tuple(
                Skill(**k) for k in data["team_skill"]["skills"]))),
        )
    except (KeyError, TypeError) as exc:
        raise ReadError(f"rules data incomplete or malformed near {exc}", source) from None


load_rules = rulesdata.loader(RULES_FILE, build, RANGES)
"""The shipped rules, or the shipped rules with a player's own file laid over them."""
