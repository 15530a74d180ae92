"""The 'Football' grid game's rules ranges: what a player's rules file may set each number of
engine/cardgrid/rules.toml to, and the relations between its keys.

They live with the game (issue 28, a game is its package): the game object and its rules
loader both take them from here, so a rules file is never checked against another game's
table or none at all.
"""

from __future__ import annotations

from typing import Any

from printkit_engine.datafile import Spec
from printkit_engine.rulesdata import POINTS, SHIPPED, Problems, Ranges

RANK = Spec(choices=("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))
RANKS = Spec(items=(0, 13), unique=True)
GRID = Spec(1, 12)
SPECS: dict[str, Spec] = {
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


def relations(data: dict[str, Any]) -> Problems:
    codes = [s["code"] for s in data["scoring"]]
    if len(set(codes)) != len(codes):
        yield [(("scoring",), f"expected each code once, found {', '.join(codes)}")]
    for k in ("tackles", "penalty"):
        grids, limit = data["field"]["grids"], data[k]["kick_limit"]
        if limit >= grids:
            yield [((k, "kick_limit"), f"expected a grid short of the in-goal ({grids}), "
                                       f"found {limit}")]


RANGES = Ranges("cardgrid", SPECS, relations)
