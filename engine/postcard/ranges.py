"""PostCard Football's rules ranges: what a player's rules file may set each number of
engine/postcard/rules.toml to, and the relations between its keys.

They live with the game (issue 28, a game is its package): the game object and its rules
loader both take them from here, so a rules file is never checked against another game's
table or none at all.
"""

from __future__ import annotations

from typing import Any

from printkit_engine.datafile import Spec, show_key
from printkit_engine.rulesdata import (
    BONUS,
    DIE,
    DIE_OR_NEVER,
    POINTS,
    SHIPPED,
    SPOT,
    TWO_DICE,
    YARDS,
    Problems,
    Ranges,
    at_most,
    covers,
    low_high,
    unique,
)


def _chart(name: str, low: int, high: int, top: int) -> dict[str, Spec]:
    return {f"{name}.min": Spec(low, 0), f"{name}.max": Spec(high, top),
            f"{name}.rows": Spec(items=(1, 2 * top + 1)), f"{name}.rows[].result": Spec(-top, top),
            f"{name}.rows[].outcome": SHIPPED, f"{name}.rows[].yards": YARDS}


SPECS: dict[str, Spec] = {
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


def _levels(data: dict[str, Any]) -> Problems:
    p = data["passing"]
    levels, key = p["levels"], ("passing", "levels")
    numbers = [lv["level"] for lv in levels]
    if sorted(numbers) != list(range(1, len(levels) + 1)):
        yield [(key, f"expected levels 1 to {len(levels)} once each, "
                     f"found {', '.join(map(str, numbers))}")]
    for i in range(len(levels)):
        yield from at_most(data, key + (i, "first"), key + (i, "last"))
    for r in range(1, p["max"] + 1):
        if not any(lv["first"] <= r <= lv["last"] for lv in levels):
            yield [(key, f"expected a level for each throw from 1 to {p['max']}, "
                         f"found none for {r}"),
                   (("passing", "max"), f"expected a throw {show_key(key)} covers, found {r}")]
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


def relations(data: dict[str, Any]) -> Problems:
    for chart in ("rushing", "tackle"):
        yield from at_most(data, (chart, "min"), (chart, "max"))
        yield from covers(data, chart)
    yield from covers(data, "passing", None)
    yield from _levels(data)
    yield from _strategy(data)
    yield from unique(data, ("field_goal", "ranges"), "spot")
    yield from low_high(data, ("field_goal", "ranges"))
    yield from unique(data, ("punt", "targets"), "distance")
    yield from low_high(data, ("punt", "targets"))
    for part in ("short", "long"):
        yield from at_most(data, ("punt", part, 0), ("punt", part, 1))
    for part in ("kickoff", "onside"):
        yield from unique(data, (part, "spots"), "die", range(1, 7))
    yield from unique(data, ("team_skill", "skills"), "name")
    stars = ("time_tracker", "stars")
    circles = len(data["time_tracker"]["stars"])
    for k in ("touchdown", "lost_possession", "play_tracker_full", "end_of_game_play",
              "end_of_game_touchdown"):
        if (n := data["time_tracker"][k]) > circles:
            yield [(("time_tracker", k), f"expected at most the {circles} circles of "
                                         f"{show_key(stars)}, found {n}"),
                   (stars, f"expected at least {n} circles ({show_key(('time_tracker', k))}), "
                           f"found {circles}")]


RANGES = Ranges("postcard", SPECS, relations)
