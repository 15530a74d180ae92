"""Loading a game's rules data file, optionally with a user's file laid over it.

The shipped file is the schema (engine/datafile.py): a user's file may only use its keys,
with values of the same kind, inside each key's range below, so a player's own chart values
cannot silently miss the engine or crash it. Ranges are what the rules and the printed sheets
can carry (a die shows 1-6, two dice 2-12, 13 = never); relations between keys (a chart's rows
cover its results, every two strategy numbers are ranked once) are checked on the merged data.
"""

from __future__ import annotations

import copy
import keyword
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeVar

from engine import datafile
from engine.datafile import Key, Spec

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Loader(Protocol[T_co]):
    """A game's `load_rules(user_file=None)`."""

    def __call__(self, user_file: Path | None = None) -> T_co: ...
WHAT = "rules file"

DIE = Spec(1, 6)
DIE_OR_NEVER = Spec(1, 7)            # 7: no die can do it
TWO_DICE = Spec(2, 13)               # 13: no roll of 2d6 can do it
BONUS = Spec(0, 4)
YARDS = Spec(-99, 99)
SPOT = Spec(0, 50)                   # a yard line in one half
POINTS = Spec(0, 12)
SHIPPED = Spec(choices=())           # one of the values the shipped file has at this key


def _chart(name: str, low: int, high: int, top: int) -> dict[str, Spec]:
    return {f"{name}.min": Spec(low, 0), f"{name}.max": Spec(high, top),
            f"{name}.rows": Spec(items=(1, 2 * top + 1)), f"{name}.rows[].result": Spec(-top, top),
            f"{name}.rows[].outcome": SHIPPED, f"{name}.rows[].yards": YARDS}


POSTCARD: dict[str, Spec] = {
    "field.yards_per_step": Spec(choices=(1, 2, 5, 10)),     # divides the 10-yard end zone
    "strategy.passing": Spec(items=(1, 5), unique=True), "strategy.passing[]": DIE,
    "strategy.rushing": Spec(items=(1, 5), unique=True), "strategy.rushing[]": DIE,
    **{f"strategy.beats.{n}": Spec(items=(1, 5), unique=True) for n in range(1, 7)},
    **{f"strategy.beats.{n}[]": DIE for n in range(1, 7)},
    **{f"strategy.stars.{n}": Spec(0, 3) for n in range(1, 7)},
    **_chart("rushing", -12, 0, 12),
    **_chart("passing", -12, 1, 20),
    "passing.rows[].result": Spec(-12, 0),
    "passing.levels": Spec(items=(1, 5)), "passing.levels[].level": Spec(1, 5),
    "passing.levels[].first": Spec(0, 20), "passing.levels[].last": Spec(0, 20),
    "passing.levels[].catch": DIE_OR_NEVER, "passing.levels[].pressure": DIE_OR_NEVER,
    "passing.negative_to_positive_level": Spec(1, 5),
    "passing.interception_pressure": DIE_OR_NEVER, "passing.interception_roll": DIE_OR_NEVER,
    "passing.grounding_roll": Spec(0, 6), "passing.grounding_yards": Spec(0, 50),
    "passing.sack_strip": Spec(items=(1, 11), unique=True), "passing.sack_strip[]": Spec(2, 12),
    "passing.sack_penalty_per_roll": Spec(0, 6),
    **_chart("tackle", -12, 0, 12),
    "tackle.breakaway": Spec(1, 12), "tackle.red_zone": SPOT,
    "tackle.red_zone_reduction": Spec(0, 20),
    "fumble.advance_difference": Spec(1, 6), "fumble.advance_yards": Spec(0, 50),
    "field_goal.snap_back": Spec(0, 30), "field_goal.block": Spec(-12, 0),
    "field_goal.ranges": Spec(items=(1, 21)), "field_goal.ranges[].spot": SPOT,
    "field_goal.ranges[].low": TWO_DICE, "field_goal.ranges[].high": TWO_DICE,
    "punt.snap_back": Spec(0, 30), "punt.block": Spec(-12, 0),
    "punt.short": Spec(items=(2, 2)), "punt.short[]": Spec(0, 99),
    "punt.long": Spec(items=(2, 2)), "punt.long[]": Spec(0, 99),
    "punt.end_zone_spot": Spec(-10, 0),
    "punt.targets": Spec(items=(1, 20)), "punt.targets[].distance": Spec(0, 99),
    "punt.targets[].low": TWO_DICE, "punt.targets[].high": TWO_DICE,
    "punt.targets[].bonus": BONUS,
    "kickoff.from": SPOT, "kickoff.touchback": SPOT,
    "kickoff.spots": Spec(items=(6, 6)), "kickoff.spots[].die": DIE,
    "kickoff.spots[].yard_line": Spec(-10, 50), "kickoff.spots[].bonus": BONUS,
    "onside.spots": Spec(items=(6, 6)), "onside.spots[].die": DIE,
    "onside.spots[].distance": SPOT, "onside.spots[].bonus": BONUS,
    "time_tracker.stars": Spec(items=(1, 8)), "time_tracker.stars[]": Spec(1, 3),
    **{f"time_tracker.{k}": Spec(0, 8) for k in (
        "touchdown", "lost_possession", "play_tracker_full", "end_of_game_play",
        "end_of_game_touchdown")},
    "play_tracker.circles": Spec(1, 12),
    "bonus.max": Spec(1, 6), "bonus.roll_of_one": BONUS, "fake.bonus": BONUS,
    **{f"scoring.{k}": POINTS for k in (
        "touchdown", "extra_point", "two_point", "field_goal", "safety")},
    "scoring.extra_point_spot": Spec(1, 50), "scoring.two_point_spot": Spec(1, 50),
    "scoring.safety_kick_spot": SPOT,
    "team_skill.skills": Spec(items=(1, 4)), "team_skill.skills[].name": Spec(chars=30),
    "team_skill.skills[].role": Spec(choices=("offense", "defense")),
    "team_skill.skills[].play": Spec(choices=("rush", "pass")),
    "team_skill.skills[].label": Spec(chars=12),
}

CARDBOWL: dict[str, Spec] = {
    "field.first_down": Spec(1, 99), "field.touchback": Spec(1, 50),
    "field.two_point_spot": Spec(1, 20),
    "field.penalty_yards": Spec(items=(1, 10), unique=True), "field.penalty_yards[]": Spec(1, 99),
    **{f"scoring.{k}": POINTS for k in (
        "touchdown", "field_goal", "safety", "try_kick", "try_conversion")},
    "kickoff.cards": Spec(1, 6), "kickoff.subtract": Spec(0, 50),
    "kickoff.free_kick_subtract": Spec(0, 50), "kickoff.kick_spot": Spec(1, 50),
    "kickoff.out_of_bounds": Spec(0, 99), "kickoff.coverage_cards": Spec(0, 6),
    "kickoff.offside_max": Spec(0, 13),
    "snap.regular_fumble_max": Spec(0, 13), "snap.shotgun_fumble_max": Spec(0, 13),
    "pass_rush.sack_loss": Spec(0, 20), "pass_rush.automatic_over": Spec(0, 30),
    "pass_rush.pressure_below": Spec(0, 30),
    "kickoff.return_cards": Spec(0, 10),
    "punt.min_cards": Spec(1, 6), "punt.max_cards": Spec(1, 6), "punt.add": Spec(0, 50),
    "punt.free_kick_add": Spec(0, 50), "punt.free_kick_spot": Spec(1, 50),
    "punt.coverage_cards": Spec(0, 6), "punt.return_cards": Spec(0, 10),
    "field_goal.cards": Spec(1, 10), "field_goal.add": Spec(0, 50),
    "field_goal.spot_behind": Spec(0, 20), "field_goal.miss_minimum": Spec(0, 50),
    "field_goal.extra_point_distance": Spec(1, 60), "field_goal.block_band": Spec(1, 60),
    "punt.fair_catch_max_cards": Spec(0, 6),
    "open_field_run.face_draws.J": Spec(0, 10), "open_field_run.face_draws.Q": Spec(0, 10),
    "open_field_run.face_draws.K": Spec(0, 10),
    "cards.joker_in_hand": Spec(0, 30), "cards.hand": Spec(1, 26),
    "clock.interval_seconds": Spec(1, 60), "clock.intervals_per_quarter": Spec(1, 400),
    "clock.grid_columns": Spec(1, 20), "clock.grid_rows": Spec(1, 20),
    "clock.quarters": Spec(choices=(4,)),          # the clock sheet prints four grids
    "clock.two_minute_warning": Spec(0, 400), "clock.timeouts_per_half": Spec(0, 10),
    "clock.special_first_half": Spec(0, 400), "clock.special_second_half": Spec(0, 400),
    "clock.between_plays_min": Spec(0, 20), "clock.between_plays_max": Spec(0, 20),
    "clock.between_plays_default": Spec(0, 20), "clock.extra_card_below": Spec(0, 20),
    "clock.simple": Spec(items=(1, 20)), "clock.complex": Spec(items=(1, 20)),
    "clock.stops": Spec(items=(0, 20)), "clock.stops[]": Spec(chars=200),
    "clock.simple[].intervals": Spec(chars=20), "clock.complex[].intervals": Spec(chars=20),
    "clock.simple[].plays": Spec(chars=200), "clock.complex[].plays": Spec(chars=200),
    **{f"fumble.bounce_towards_offense.{c}": Spec(0, 20) for c in ("A", "2", "3", "4")},
    **{f"fumble.bounce_towards_defense.{c}": Spec(0, 20) for c in ("10", "J", "Q", "K")},
    "fumble.penalty_cards": Spec(items=(3, 3)), "fumble.penalty_cards[]": Spec(chars=20),
    "penalty_draws": Spec(items=(1, 20)),
    "penalty_draws[].play": Spec(chars=30), "penalty_draws[].against": Spec(chars=20),
    "penalty_draws[].yards": Spec(items=(3, 3)), "penalty_draws[].yards[]": Spec(0, 50),
    "penalty_draws[].first_down": SHIPPED,
    "errata": Spec(items=(0, 50), empty=True),     # `errata = []`: none (decision C1)
    **{f"errata[].{k}": Spec(chars=100) for k in ("team", "previous", "line", "arithmetic")},
}


BLOWOUT: dict[str, Spec] = {
    "field.start": Spec(1, 49), "field.first_down": Spec(1, 50), "field.end_zone": Spec(1, 20),
    "field.red_line": Spec(1, 99), "field.downs": Spec(choices=(4,)),
    **{f"scoring.{k}": POINTS for k in ("touchdown", "field_goal", "safety")},
    "yards.penalty": Spec(0, 50), "yards.sack": Spec(0, 50),
    "hands.offense": Spec(1, 20), "hands.special": Spec(0, 6), "hands.defense": Spec(1, 20),
    **{f"cards.{k}": SHIPPED for k in (
        "offsides_on_defense", "pass_interference", "holding", "delay_of_game",
        "offsides_on_offense", "interception", "fumble", "sack", "challenge")},
    **{f"lengths.{k}.periods": Spec(choices=(n,)) for k, n in (
        ("quarter", 1), ("halves", 2), ("full", 4))},
    **{f"lengths.{k}.halftime": Spec(choices=(n,)) for k, n in (
        ("quarter", 0), ("halves", 1), ("full", 2))},
}


RANK = Spec(choices=("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))
RANKS = Spec(items=(0, 13), unique=True)
GRID = Spec(1, 12)
CARDGRID: dict[str, Spec] = {
    "field.grids": Spec(12, 12),         # the printed field and the docs' lines are 12 grids
    "field.kickoff": GRID, "field.restart": GRID, "field.red_advance": Spec(1, 3),
    "field.lines": Spec(items=(1, 12)), "field.lines[].grid": GRID,
    "field.lines[].name": Spec(chars=12),
    "tackles.count": Spec(1, 13), "tackles.kick_ahead": Spec(0, 11),
    "tackles.kick_limit": GRID, "penalty.goal_within": Spec(0, 11),
    "penalty.kick_ahead": Spec(0, 11), "penalty.kick_limit": GRID,
    "field_goal.grids": Spec(items=(0, 11), unique=True), "field_goal.grids[]": Spec(1, 11),
    **{f"restarts.{k}": GRID for k in ("F", "P", "T", "C", "dead")},
    "scoring": Spec(items=(4, 4)), "scoring[].code": SHIPPED,
    "scoring[].name": Spec(chars=40), "scoring[].points": POINTS,
    **{k: RANKS for k in ("tackles.touch", "scrum.against_feed", "penalty.no_touch",
                          "penalty.goal", "field_goal.ranks", "try.fail")},
    **{f"{k}[]": RANK for k in ("tackles.touch", "scrum.against_feed", "penalty.no_touch",
                                "penalty.goal", "field_goal.ranks", "try.fail")},
}

# -- relations between keys -------------------------------------------------------------------
# A problem is a list of (key, message): the same problem told from each key involved, so the
# message names the key the player's file set.
Problems = Iterator[list[tuple[Key, str]]]


def attributes(section: dict[str, Any], **typed: Any) -> dict[str, Any]:
    """A rules table's keys as dataclass attribute names (`from` -> `from_`), lists as tuples,
    with the `typed` values (rows, nested tables) in place of the raw ones."""
    out = {f"{k}_" if keyword.iskeyword(k) else k: tuple(v) if isinstance(v, list) else v
           for k, v in section.items()}
    return {**out, **typed}


def _name(key: Key) -> str:
    return datafile.show_key(key)


def _get(data: Any, key: Key) -> Any:
    for part in key:
        data = data[part]
    return data


def _at_most(data: dict[str, Any], low: Key, high: Key) -> Problems:
    a, b = _get(data, low), _get(data, high)
    if a > b:
        yield [(low, f"expected at most {_name(high)} ({b}), found {a}"),
               (high, f"expected at least {_name(low)} ({a}), found {b}")]


def _covers(data: dict[str, Any], chart: str, high_key: str | None = "max") -> Problems:
    """A chart's rows: one per result min..max (a result past a limit is set at the limit)."""
    low = data[chart]["min"]
    high = data[chart][high_key] if high_key else 0
    rows = (chart, "rows")
    seen: set[int] = set()
    for i, row in enumerate(data[chart]["rows"]):
        r = row["result"]
        if r in seen or not low <= r <= high:
            twice = " twice" if r in seen else ""
            choices: list[tuple[Key, str]] = [
                (rows + (i, "result"), f"expected each result from {low} to {high} "
                                       f"once, found {r}{twice}")]
            if r < low:     # the limit a user moved may be what is wrong, not the row
                choices.append(((chart, "min"), f"expected at most {r} (a result "
                                                f"{_name(rows)} has), found {low}"))
            elif r > high and high_key:
                choices.append(((chart, high_key), f"expected at least {r} (a result "
                                                   f"{_name(rows)} has), found {high}"))
            yield choices
        seen.add(r)
    if missing := sorted(set(range(low, high + 1)) - seen):
        message = f"expected a row for each result from {low} to {high}, found none for "
        limits = [((chart, "min"), f"expected a result {_name(rows)} has, found {low}")]
        if high_key:
            limits.append(((chart, high_key), f"expected a result {_name(rows)} has, found {high}"))
        yield [(rows, f"{message}{missing[0]}"), *limits]


def _unique(data: dict[str, Any], key: tuple[str, str], field: str, every: range | None = None
            ) -> Problems:
    seen: set[Any] = set()
    for i, item in enumerate(data[key[0]][key[1]]):
        if item[field] in seen:
            yield [(key + (i, field), f"expected each {field} once, found {item[field]} twice")]
        seen.add(item[field])
    if every is not None and (missing := sorted(set(every) - seen)):
        yield [(key, f"expected a {field} {every.start}-{every.stop - 1} each, "
                     f"found none for {missing[0]}")]


def _low_high(data: dict[str, Any], key: tuple[str, str]) -> Problems:
    for i in range(len(data[key[0]][key[1]])):
        yield from _at_most(data, key + (i, "low"), key + (i, "high"))


def _levels(data: dict[str, Any]) -> Problems:
    p = data["passing"]
    levels, key = p["levels"], ("passing", "levels")
    numbers = [lv["level"] for lv in levels]
    if sorted(numbers) != list(range(1, len(levels) + 1)):
        yield [(key, f"expected levels 1 to {len(levels)} once each, "
                     f"found {', '.join(map(str, numbers))}")]
    for i in range(len(levels)):
        yield from _at_most(data, key + (i, "first"), key + (i, "last"))
    for r in range(1, p["max"] + 1):
        if not any(lv["first"] <= r <= lv["last"] for lv in levels):
            yield [(key, f"expected a level for each throw from 1 to {p['max']}, "
                         f"found none for {r}"),
                   (("passing", "max"), f"expected a throw {_name(key)} covers, found {r}")]
            break
    if p["negative_to_positive_level"] not in numbers:
        yield [(("passing", "negative_to_positive_level"),
                f"expected one of the levels, found {p['negative_to_positive_level']}")]


def _strategy(data: dict[str, Any]) -> Problems:
    s = data["strategy"]
    if set(s["passing"]) & set(s["rushing"]) or \
            set(s["passing"]) | set(s["rushing"]) != set(range(1, 7)):
        found = f"{', '.join(map(str, s['passing']))} / {', '.join(map(str, s['rushing']))}"
        message = f"expected each number 1-6 in passing or rushing once, found {found}"
        yield [(("strategy", "passing"), message), (("strategy", "rushing"), message)]
    beats = {int(k): set(v) for k, v in s["beats"].items()}
    for a in sorted(beats):
        for b in sorted(beats):
            if a < b and (b in beats[a]) == (a in beats[b]):
                both = "both" if b in beats[a] else "neither"
                message = f"expected {a} to beat {b} or {b} to beat {a}, found {both}"
                yield [(("strategy", "beats", str(a)), message),
                       (("strategy", "beats", str(b)), message)]


def postcard_relations(data: dict[str, Any]) -> Problems:
    for chart in ("rushing", "tackle"):
        yield from _at_most(data, (chart, "min"), (chart, "max"))
        yield from _covers(data, chart)
    yield from _covers(data, "passing", None)
    yield from _levels(data)
    yield from _strategy(data)
    yield from _unique(data, ("field_goal", "ranges"), "spot")
    yield from _low_high(data, ("field_goal", "ranges"))
    yield from _unique(data, ("punt", "targets"), "distance")
    yield from _low_high(data, ("punt", "targets"))
    for part in ("short", "long"):
        yield from _at_most(data, ("punt", part, 0), ("punt", part, 1))
    for part in ("kickoff", "onside"):
        yield from _unique(data, (part, "spots"), "die", range(1, 7))
    yield from _unique(data, ("team_skill", "skills"), "name")
    stars = ("time_tracker", "stars")
    circles = len(data["time_tracker"]["stars"])
    for k in ("touchdown", "lost_possession", "play_tracker_full", "end_of_game_play",
              "end_of_game_touchdown"):
        if (n := data["time_tracker"][k]) > circles:
            yield [(("time_tracker", k), f"expected at most the {circles} circles of "
                                         f"{_name(stars)}, found {n}"),
                   (stars, f"expected at least {n} circles ({_name(('time_tracker', k))}), "
                           f"found {circles}")]


def cardbowl_relations(data: dict[str, Any]) -> Problems:
    clock = ("clock",)
    yield from _at_most(data, ("punt", "min_cards"), ("punt", "max_cards"))
    yield from _at_most(data, clock + ("between_plays_min",), clock + ("between_plays_default",))
    yield from _at_most(data, clock + ("between_plays_default",), clock + ("between_plays_max",))
    c = data["clock"]
    cols, rows, per = c["grid_columns"], c["grid_rows"], c["intervals_per_quarter"]
    if cols * rows != per:
        yield [(clock + ("intervals_per_quarter",),
                f"expected grid_columns x grid_rows ({cols * rows}), found {per}"),
               (clock + ("grid_rows",),
                f"expected intervals_per_quarter / grid_columns ({per / cols:g}), found {rows}"),
               (clock + ("grid_columns",),
                f"expected intervals_per_quarter / grid_rows ({per / rows:g}), found {cols}")]
    for k in ("two_minute_warning", "special_first_half", "special_second_half"):
        yield from _at_most(data, clock + (k,), clock + ("intervals_per_quarter",))



def cardgrid_relations(data: dict[str, Any]) -> Problems:
    codes = [s["code"] for s in data["scoring"]]
    if len(set(codes)) != len(codes):
        yield [(("scoring",), f"expected each code once, found {', '.join(codes)}")]
    for k in ("tackles", "penalty"):
        grids, limit = data["field"]["grids"], data[k]["kick_limit"]
        if limit >= grids:
            yield [((k, "kick_limit"), f"expected a grid short of the in-goal ({grids}), "
                                       f"found {limit}")]
LUCKDRAW: dict[str, Spec] = {
    "audible.points": POINTS, "audible.loner_bonus": POINTS,
    "audible.loner_min_players": Spec(2, 9),          # 9: never (2-8 players)
    "audible.per_drive": Spec(0, 4),
    "audible.calls": Spec(items=(2, 2), unique=True), "audible.calls[]": SHIPPED,
    "penalties": Spec(items=(3, 3)), "penalties[].key": SHIPPED,
    "penalties[].name": Spec(chars=40), "penalties[].infraction": Spec(chars=80),
    "penalties[].points": Spec(0, 20),
    "game.periods": Spec(items=(5, 5), unique=True), "game.periods[]": SHIPPED,
    "lengths": Spec(items=(5, 5)), "lengths[].key": SHIPPED, "lengths[].name": Spec(chars=60),
    "lengths[].last": SHIPPED, "lengths[].no_trades_from": SHIPPED,
    "tiebreakers": Spec(items=(2, 2)), "tiebreakers[].key": SHIPPED,
    "tiebreakers[].name": Spec(chars=60),
    "game.overtime": SHIPPED,
    "drive.ends": Spec(items=(0, 32), unique=True), "drive.ends[]": SHIPPED,
    "drive.ruled_out": Spec(items=(0, 4)), "drive.ruled_out[]": Spec(items=(2, 2)),
    "drive.ruled_out[][]": SHIPPED,
    "bonus_needs": Spec(items=(0, 2)), "bonus_needs[].card": SHIPPED,
    "bonus_needs[].bonus": SHIPPED, "bonus_needs[].needs": SHIPPED,
    "bonus_needs[].instead": SHIPPED,
}


def luckdraw_relations(data: dict[str, Any]) -> Problems:
    periods = data["game"]["periods"]
    for key in ("penalties", "lengths", "tiebreakers"):
        yield from _unique_list(data, key)
    for i, length in enumerate(data["lengths"]):
        if periods.index(length["no_trades_from"]) > periods.index(length["last"]):
            yield [(("lengths", i, "no_trades_from"),
                    f"expected a period up to {length['last']} (the last one played), "
                    f"found {length['no_trades_from']}")]


def _unique_list(data: dict[str, Any], key: str) -> Problems:
    seen: set[Any] = set()
    for i, item in enumerate(data[key]):
        if item["key"] in seen:
            yield [((key, i, "key"), f"expected each key once, found {item['key']} twice")]
        seen.add(item["key"])


# Per game (the folder of its rules file): the range table and the relations.
GAMES: dict[str, tuple[dict[str, Spec], Callable[[dict[str, Any]], Problems]]] = {
    "postcard": (POSTCARD, postcard_relations),
    "cardbowl": (CARDBOWL, cardbowl_relations),
    "blowout": (BLOWOUT, lambda data: iter(())),
    "cardgrid": (CARDGRID, cardgrid_relations),
    "luckdraw": (LUCKDRAW, luckdraw_relations),
}


# -- loading ----------------------------------------------------------------------------------
class _Schema:
    """A shipped rules file, checked once, and how to check a user's file against it."""

    def __init__(self, default_path: Path) -> None:
        self.doc = datafile.read(default_path, WHAT)
        specs, self.relations = GAMES.get(Path(default_path).parent.name, ({}, _none))
        self.specs = {k: Spec(choices=datafile.shipped_values(self.doc, k))
                      if v is SHIPPED else v for k, v in specs.items()}
        self.check = datafile.spec_check(self.specs)
        datafile.check_shipped(self.doc, self.check)
        self.related([self.doc], self.doc.data)

    def related(self, docs: list[datafile.DataFile], data: dict[str, Any]) -> None:
        for choices in self.relations(data):
            raise datafile.blame(docs, choices)

    def load(self, user_path: Path | None) -> dict[str, Any]:
        if user_path is None:
            return copy.deepcopy(self.doc.data)
        user = datafile.read(user_path, WHAT)
        data = copy.deepcopy(datafile.overlay(self.doc, user, self.check))
        self.related([self.doc, user], data)
        return data


def _none(data: dict[str, Any]) -> Problems:
    return iter(())


@cache
def _schema(default_path: Path) -> _Schema:
    return _Schema(default_path)


def load(default_path: Path, user_path: Path | None = None) -> dict[str, Any]:
    """The shipped rules data, with a user's file laid over it (every value checked)."""
    return _schema(Path(default_path)).load(None if user_path is None else Path(user_path))


def loader(default_path: Path, build: Callable[[dict[str, Any], str], T]
           ) -> Loader[T]:
    """A game's `load_rules(user_file=None)`: the shipped rules built once and cached, or the
    shipped rules with a player's file laid over them, built afresh."""

    @cache
    def shipped() -> T:
        return build(load(default_path), str(default_path))

    def load_rules(user_file: Path | None = None) -> T:
        if user_file is None:
            return shipped()
        return build(load(default_path, Path(user_file)), str(user_file))

    return load_rules

