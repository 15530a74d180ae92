"""Card Bowl rules as one object: the clock sheet's legend and the verifier read the same data.

`load_rules()` reads engine/cardbowl/rules.toml (plus a player's own file laid over it, for a
house rule such as touchbacks to the 25) into a frozen :class:`Rules`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit_engine import rulesdata
from printkit_engine.cardbowl.ranges import RANGES
from printkit_engine.cards import JOKERS, rank, value
from printkit_engine.errors import ReadError
from printkit_engine.rulesdata import attributes

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


# -- sections (one per table of rules.toml, one attribute per key) ---------------------------
@dataclass(frozen=True)
class Field:
    first_down: int
    touchback: int
    two_point_spot: int
    penalty_yards: tuple[int, ...]


@dataclass(frozen=True)
class Scoring:
    touchdown: int
    field_goal: int
    safety: int
    try_kick: int
    try_conversion: int


@dataclass(frozen=True)
class Kickoff:
    cards: int
    subtract: int
    free_kick_subtract: int
    kick_spot: int
    out_of_bounds: int
    offside_max: int          # BJ on the first kick card: next card up to this = offside
    coverage_cards: int
    return_cards: int


@dataclass(frozen=True)
class Punt:
    min_cards: int
    max_cards: int
    add: int
    free_kick_add: int
    free_kick_spot: int
    coverage_cards: int
    return_cards: int
    fair_catch_max_cards: int


@dataclass(frozen=True)
class FieldGoal:
    cards: int
    add: int
    spot_behind: int
    miss_minimum: int
    extra_point_distance: int
    block_band: int

    def block_draws(self, distance: int) -> int:
        """How many first draws a Red Joker blocks in ("< 20 = first card ... >= 60 = any")."""
        return min(self.cards, max(1, distance // self.block_band))

    @property
    def extra_point_block_draws(self) -> int:
        """"< 20 (or extra point try after TD) = first card": the extra point is kicked as a
        20-yard field goal, but blocked only on the shortest kicks' window (C18)."""
        return self.block_draws(0)


@dataclass(frozen=True)
class Snap:
    regular_fumble_max: int   # Red Joker on the snap, next card up to this: fumble (regular)
    shotgun_fumble_max: int   # ... in shotgun formation


@dataclass(frozen=True)
class PassRush:
    sack_loss: int            # yards lost = pass rush - (protection + sack draw) + sack_loss
    automatic_over: int       # pass rush > protection + this: automatic sack
    pressure_below: int       # no sack, but protection + draw - rush below this: pressure


@dataclass(frozen=True)
class OpenFieldRun:
    face_draws: dict[str, int]

    def draws(self, final_return: str, coverage: str) -> int:
        """"Final return draw - coverage draw = number of initial OFR draws" (faces only)."""
        return self.face_draws.get(rank(final_return), 0) - self.face_draws.get(rank(coverage), 0)


@dataclass(frozen=True)
class Fumble:
    """The fumble-recovery bounce (decision C13) and the penalty card's column heads."""

    bounce_towards_offense: dict[str, int]
    bounce_towards_defense: dict[str, int]
    penalty_cards: tuple[str, ...]

    def bounce(self, card: str) -> int:
        """Yards a tie's bounce card moves the ball: + towards the defense's goal (the
        offense gains), - towards the offense's; 0 for 5-9."""
        r = rank(card)
        return self.bounce_towards_defense.get(r, 0) - self.bounce_towards_offense.get(r, 0)


@dataclass(frozen=True)
class PenaltyDraw:
    """The card after a Black Joker on one kind of play: yards for each column of
    `Fumble.penalty_cards`; `first_down` for the last column's automatic first down."""

    play: str
    against: str
    yards: tuple[int, ...]
    first_down: bool


@dataclass(frozen=True)
class CardValues:
    joker_in_hand: int
    hand: int                 # cards dealt to each team for a scrimmage play


@dataclass(frozen=True)
class Clock:
    interval_seconds: int
    intervals_per_quarter: int
    grid_columns: int
    grid_rows: int
    quarters: int
    two_minute_warning: int
    timeouts_per_half: int
    special_first_half: int
    special_second_half: int
    between_plays_min: int
    between_plays_max: int
    between_plays_default: int
    extra_card_below: int
    stops: tuple[str, ...]
    simple: tuple[ClockCost, ...]
    complex: tuple[ClockCost, ...]

    @property
    def minutes_per_quarter(self) -> int:
        return self.intervals_per_quarter * self.interval_seconds // 60


@dataclass(frozen=True)
class Rules:
    field: Field
    scoring: Scoring
    kickoff: Kickoff
    punt: Punt
    field_goal: FieldGoal
    snap: Snap
    pass_rush: PassRush
    cards: CardValues
    open_field_run: OpenFieldRun
    clock: Clock
    errata: tuple[Erratum, ...]
    fumble: Fumble
    penalty_draws: tuple[PenaltyDraw, ...]

    def value(self, card: str) -> int:
        """A card's value: A=1 .. K=13, a joker in hand 15 ("Joker in hand = 15")."""
        return value(card, self.cards.joker_in_hand)

    # -- scoring ----------------------------------------------------------------------
    def points(self, what: str) -> int:
        """Points for 'touchdown', 'field_goal', 'safety', 'try_kick' or 'try_conversion'."""
        return int(getattr(self.scoring, what))

    # -- kicks ------------------------------------------------------------------------
    def field_goal_distance(self, yard_line: int) -> int:
        """"Field position + 18 = Field goal distance" (yard line from the goal defended)."""
        return yard_line + self.field_goal.add

    def kickoff_subtract(self, free_kick: bool = False) -> int:
        return self.kickoff.free_kick_subtract if free_kick else self.kickoff.subtract

    def kickoff_received(self, cards: list[str], free_kick: bool = False) -> int:
        """"Value - 11 = yard line received" (free kick after a safety: value - 1)."""
        return sum(map(self.value, cards)) - self.kickoff_subtract(free_kick)

    def punt_add(self, free_kick: bool = False) -> int:
        return self.punt.free_kick_add if free_kick else self.punt.add

    def punt_yards(self, cards: list[str], free_kick: bool = False) -> int:
        """"Total value of drawn cards + 15 = punt yardage" (free kick after a safety: + 25)."""
        return sum(map(self.value, cards)) + self.punt_add(free_kick)

    def kick_distance(self, cards: list[str]) -> int:
        """A field goal's six cards: "total value = kick distance"."""
        return sum(map(self.value, cards))

    @staticmethod
    def has_joker(cards: list[str]) -> bool:
        return any(c in JOKERS for c in cards)


def _costs(items: list[dict[str, Any]]) -> tuple[ClockCost, ...]:
    return tuple(ClockCost(str(i["intervals"]), str(i["plays"])) for i in items)


def build(data: dict[str, Any], source: str = "rules") -> Rules:
    try:
        clock = data["clock"]
        return Rules(
            field=Field(**attributes(data["field"])),
            scoring=Scoring(**attributes(data["scoring"])),
            kickoff=Kickoff(**attributes(data["kickoff"])),
            punt=Punt(**attributes(data["punt"])),
            field_goal=FieldGoal(**attributes(data["field_goal"])),
            snap=Snap(**attributes(data["snap"])),
            pass_rush=PassRush(**attributes(data["pass_rush"])),
            cards=CardValues(**attributes(data["cards"])),
            open_field_run=OpenFieldRun(dict(data["open_field_run"]["face_draws"])),
            clock=Clock(**attributes(clock, simple=_costs(clock["simple"]),
                                     complex=_costs(clock["complex"]))),
            errata=tuple(Erratum(**e) for e in data.get("errata", [])),
            fumble=Fumble(dict(data["fumble"]["bounce_towards_offense"]),
                          dict(data["fumble"]["bounce_towards_defense"]),
                          tuple(data["fumble"]["penalty_cards"])),
            penalty_draws=tuple(PenaltyDraw(p["play"], p["against"], tuple(p["yards"]),
                                            bool(p["first_down"]))
                                for p in data["penalty_draws"]),
        )
    except (KeyError, TypeError) as exc:
        raise ReadError(f"rules data incomplete or malformed near {exc}", source) from None


load_rules = rulesdata.loader(RULES_FILE, build, RANGES)
"""The shipped rules, or the shipped rules with a player's own file laid over them."""
