"""Luck of the Draw's rules ranges: what a player's rules file may set each number of
engine/luckdraw/rules.toml to, and the relations between its keys.

They live with the game (issue 28, a game is its package): the game object and its rules
loader both take them from here, so a rules file is never checked against another game's
table or none at all.
"""

from __future__ import annotations

from typing import Any

from printkit_engine.datafile import Spec
from printkit_engine.rulesdata import POINTS, SHIPPED, Problems, Ranges

SPECS: dict[str, Spec] = {
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


def relations(data: dict[str, Any]) -> Problems:
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


RANGES = Ranges("luckdraw", SPECS, relations)
