"""BLOWOUT!!! rules as one object: the field, the play log, the verifier and the bots read it.

`load_rules()` reads engine/blowout/rules.toml (plus a player's own file laid over it, say a
red line at the 40) into a frozen :class:`Rules`, which also carries the decks
(engine/blowout/decks.toml) so that one object answers every question a snap asks: what a
card is, what it may do, how far it moves the ball.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from printkit_engine import rulesdata
from printkit_engine.blowout.decks import Card, Decks, load_decks
from printkit_engine.blowout.ranges import RANGES
from printkit_engine.errors import ReadError
from printkit_engine.rulesdata import attributes

RULES_FILE = Path(__file__).with_name("rules.toml")
FIELD = 100                      # goal line to goal line: geometry, not a rule
TABLE_SIZE = 1 << 16             # answers a table of `Rules.tables` keeps before it starts over


@dataclass(frozen=True)
class Field:
    start: int
    first_down: int
    end_zone: int
    red_line: int
    downs: int


@dataclass(frozen=True)
class Scoring:
    touchdown: int
    field_goal: int
    safety: int


@dataclass(frozen=True)
class Yards:
    penalty: int
    sack: int


@dataclass(frozen=True)
class Hands:
    offense: int
    special: int
    defense: int


@dataclass(frozen=True)
class Cards:
    """The code of each card with a named effect."""

    offsides_on_defense: str
    pass_interference: str
    holding: str
    delay_of_game: str
    offsides_on_offense: str
    interception: str
    fumble: str
    sack: str
    challenge: str


@dataclass(frozen=True)
class Length:
    name: str
    periods: int
    halftime: int          # 0: no halftime

    def period_name(self, k: int) -> str:
        """How a record and the sheets name period k: Q1-Q4, 1H 2H, then OT1, OT2..."""
        if k > self.periods:
            return f"OT{k - self.periods}"
        return f"{k}H" if self.name == "halves" else f"Q{k}"


@dataclass(frozen=True)
class Rules:
    field: Field
    scoring: Scoring
    yards: Yards
    hands: Hands
    cards: Cards
    lengths: dict[str, Length]
    decks: Decks

    def card(self, deck: str, code: str) -> Card | None:
        """The card `code` of `deck` (offense, defense, special), None if the deck has none."""
        cards = self.decks.by_code.get(deck)
        if cards is None:
            self.decks.deck(deck)           # an unknown deck: its error
            return None
        return cards.get(code)

    def kind(self, deck: str, code: str) -> str | None:
        """The card's type key (run, pass, defensive_play, kick...) or None."""
        card = self.card(deck, code)
        return None if card is None else card.type.key

    def yards_of(self, deck: str, code: str) -> int:
        card = self.card(deck, code)
        return 0 if card is None or card.yards is None else abs(card.yards)

    @property
    def penalties(self) -> tuple[str, ...]:
        c = self.cards
        return (c.offsides_on_defense, c.pass_interference, c.holding, c.delay_of_game,
                c.offsides_on_offense)

    def in_range(self, to_goal: int) -> bool:
        """FIELD GOAL range: "after the red line on the field" (B8: on it or inside it)."""
        return to_goal <= self.field.red_line

    def to_back_of_end_zone(self, to_goal: int) -> int:
        """"the distance to the back of the END ZONE (GOAL LINE plus 10 yards)"."""
        return to_goal + self.field.end_zone

    @cached_property
    def tables(self) -> dict[str, Any]:
        """Answers worked out once under these rules, by table name: the verifier asks the
        same questions at every snap of every record (what a snap's cards do and where they
        are slips, by the cards, sides and down: snap.py; which cards a line plays: steps.py;
        which codes may lead a snap: hands.py), and the answers depend on the rules alone.
        Kept on the rules object (not compared, not part of the rules) so a player's own
        rules have their own; see `remember`."""
        return {}

    def length(self, name: str) -> Length:
        try:
            return self.lengths[name]
        except KeyError:
            raise ValueError(f"unknown game length {name!r} "
                             f"(lengths: {', '.join(self.lengths)})") from None


T = TypeVar("T")
_MISSING = object()


def kept(rules: Rules, name: str, key: Hashable, make: Callable[[], T]) -> T:
    """`make()` kept in the table `name` of `rules` under `key`: an answer that depends on a
    line's cards and sides alone, worked out once under these rules (a player's own rules
    keep their own tables; each table is bounded, `remember`)."""
    table = rules.tables.setdefault(name, {})
    found = table.get(key, _MISSING)
    if found is _MISSING:
        found = remember(table, key, make())
    return found


def remember(table: dict[Any, Any], key: Any, value: Any) -> Any:
    """`value` kept in `table` under `key` and returned; a table holding TABLE_SIZE answers is
    emptied first (a process auditing thousands of records keeps a bounded memory)."""
    if len(table) >= TABLE_SIZE:
        table.clear()
    table[key] = value
    return value


def build(data: dict[str, Any], source: str = "rules") -> Rules:
    try:
        return Rules(
            field=Field(**attributes(data["field"])),
            scoring=Scoring(**attributes(data["scoring"])),
            yards=Yards(**attributes(data["yards"])),
            hands=Hands(**attributes(data["hands"])),
            cards=Cards(**attributes(data["cards"])),
            lengths={name: Length(name, **attributes(v))
                     for name, v in data["lengths"].items()},
            decks=load_decks(),
        )
    except (KeyError, TypeError) as exc:
        raise ReadError(f"rules data incomplete or malformed near {exc}", source) from None


load_rules = rulesdata.loader(RULES_FILE, build, RANGES)
"""The shipped rules, or the shipped rules with a player's own file laid over them."""
