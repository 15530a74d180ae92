"""Card Bowl's rules ranges: what a player's rules file may set each number of
engine/cardbowl/rules.toml to, and the relations between its keys.

They live with the game (issue 28, a game is its package): the game object and its rules
loader both take them from here, so a rules file is never checked against another game's
table or none at all.
"""

from __future__ import annotations

from typing import Any

from printkit_engine.datafile import Spec
from printkit_engine.rulesdata import POINTS, SHIPPED, Problems, Ranges, at_most

SPECS: dict[str, Spec] = {
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


def relations(data: dict[str, Any]) -> Problems:
    clock = ("clock",)
    yield from at_most(data, ("punt", "min_cards"), ("punt", "max_cards"))
    yield from at_most(data, clock + ("between_plays_min",), clock + ("between_plays_default",))
    yield from at_most(data, clock + ("between_plays_default",), clock + ("between_plays_max",))
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
        yield from at_most(data, clock + (k,), clock + ("intervals_per_quarter",))


RANGES = Ranges("cardbowl", SPECS, relations)
