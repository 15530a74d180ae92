"""Card Bowl rules as one object: the clock sheet's legend and the verifier read the same data.

`load_rules()` reads engine/cardbowl/rules.toml (plus a player's own file laid over it, for a
house rule such as touchbacks to the 25) into a frozen :class:`Rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import rulesdata
from engine.cards import JOKERS, value
from engine.errors import ReadError

RULES_FILE = Path(__file__).with_name("rules.toml")


@dataclass(frozen=True)
class ClockCost:
    intervals: str
    plays: str


@dataclass(frozen=True)
class Erratum:
    team: str
    previous: str
    line: str
    arithmetic: str


@dataclass(frozen=True)
class Rules:
    data: Any
    simple_timing: tuple[ClockCost, ...]
    complex_timing: tuple[ClockCost, ...]
    errata: tuple[Erratum, ...]

    def get(self, section: str, key: str) -> Any:
        return self.data[section][key]

    # -- scoring ----------------------------------------------------------------------
    def points(self, what: str) -> int:
        """Points for 'touchdown', 'field_goal', 'safety', 'try_kick' or 'try_conversion'."""
        return int(self.data["scoring"][what])

    # -- kicks ------------------------------------------------------------------------
    def field_goal_distance(self, yard_line: int) -> int:
        """"Field position + 18 = Field goal distance" (yard line from the goal defended)."""
        return yard_line + int(self.data["field_goal"]["add"])

    def kickoff_received(self, cards: list[str], free_kick: bool = False) -> int:
        """"Value - 11 = yard line received" (free kick after a safety: value - 1)."""
        key = "free_kick_subtract" if free_kick else "subtract"
        return sum(value(c) for c in cards) - int(self.data["kickoff"][key])

    def punt_yards(self, cards: list[str], free_kick: bool = False) -> int:
        """"Total value of drawn cards + 15 = punt yardage" (free kick after a safety: + 25)."""
        key = "free_kick_add" if free_kick else "add"
        return sum(value(c) for c in cards) + int(self.data["punt"][key])

    def kick_distance(self, cards: list[str]) -> int:
        """A field goal's six cards: "total value = kick distance"."""
        return sum(value(c) for c in cards)

    @staticmethod
    def has_joker(cards: list[str]) -> bool:
        return any(c in JOKERS for c in cards)

    # -- clock ------------------------------------------------------------------------
    @property
    def clock(self) -> dict[str, Any]:
        return self.data["clock"]


def _costs(items: list[dict[str, Any]]) -> tuple[ClockCost, ...]:
    return tuple(ClockCost(str(i["intervals"]), str(i["plays"])) for i in items)


def build(data: dict[str, Any], source: str = "rules") -> Rules:
    try:
        return Rules(
            data=data,
            simple_timing=_costs(data["clock"]["simple"]),
            complex_timing=_costs(data["clock"]["complex"]),
            errata=tuple(Erratum(e["team"], e["previous"], e["line"], e["arithmetic"])
                         for e in data.get("errata", [])),
        )
    except (KeyError, TypeError) as exc:
        raise ReadError(f"rules data incomplete or malformed near {exc}", source) from None


load_rules = rulesdata.loader(RULES_FILE, build)
"""The shipped rules, or the shipped rules with a player's own file laid over them."""
