"""BLOWOUT!!!'s rules ranges: what a player's rules file may set each number of
engine/blowout/rules.toml to, and the relations between its keys.

They live with the game (issue 28, a game is its package): the game object and its rules
loader both take them from here, so a rules file is never checked against another game's
table or none at all.
"""

from __future__ import annotations

from printkit_engine.datafile import Spec
from printkit_engine.rulesdata import POINTS, SHIPPED, Ranges

SPECS: dict[str, Spec] = {
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


RANGES = Ranges("blowout", SPECS)
