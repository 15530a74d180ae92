"""BLOWOUT!!!'s decks, loaded from decks.toml and checked against the rules' value ranges.

The rules name the card types and their ranges but publish no deck lists, so the lists are
our design (docs/rules/blowout.md). They are data so that the play book, the card printer and
any engine agree on one list; the loader refuses a file that breaks the rules' ranges rather
than printing a deck the rules would not allow.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DECKS_FILE = Path(__file__).resolve().parent / "decks.toml"
DECK_NAMES = ("offense", "defense", "special")


class DeckDataError(ValueError):
    """decks.toml breaks its own schema or the rules' ranges (names the file and the card)."""


@dataclass(frozen=True)
class CardType:
    key: str
    decks: tuple[str, ...]
    title: str
    text: str
    value: str = ""            # what `yards` means on the card ("YARDS GAINED", ...)
    min: int | None = None
    max: int | None = None


@dataclass(frozen=True)
class Card:
    code: str
    type: CardType
    count: int
    yards: int | None = None
    name: str = ""
    text: str = ""

    @property
    def label(self) -> str:
        """What the card says in big letters: its yards (signed) or its name."""
        if self.yards is not None:
            return f"{self.yards:+d}" if self.yards < 0 else str(self.yards)
        return self.name or self.type.title


@dataclass(frozen=True)
class Deck:
    name: str
    title: str
    cards: tuple[Card, ...]

    @property
    def order(self) -> tuple[str, ...]:
        """Canonical order: codes as listed, each repeated `count` times."""
        return tuple(c.code for c in self.cards for _ in range(c.count))

    def card(self, code: str) -> Card:
        for c in self.cards:
            if c.code == code:
                return c
        raise KeyError(f"no card {code!r} in the {self.name} deck")


@dataclass(frozen=True)
class Decks:
    types: dict[str, CardType]
    decks: dict[str, Deck]

    def deck(self, name: str) -> Deck:
        try:
            return self.decks[name]
        except KeyError:
            raise ValueError(f"unknown BLOWOUT!!! deck {name!r} "
                             f"(decks: {', '.join(DECK_NAMES)})") from None


def _card(raw: dict, deck: str, types: dict[str, CardType], where: str) -> Card:
    code = raw.get("code")
    if not isinstance(code, str) or not code:
        raise DeckDataError(f"{where}: a card without a code")
    ctype = types.get(raw.get("type", ""))
    if ctype is None:
        raise DeckDataError(f"{where}: card {code}: unknown type {raw.get('type')!r}")
    if deck not in ctype.decks:
        raise DeckDataError(f"{where}: card {code}: a {ctype.key} card cannot be in {deck}")
    count = raw.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise DeckDataError(f"{where}: card {code}: count must be a positive integer")
    yards = raw.get("yards")
    if ctype.min is not None:
        if not isinstance(yards, int) or not ctype.min <= yards <= ctype.max:
            raise DeckDataError(f"{where}: card {code}: yards {yards!r} outside the rules' "
                                f"range {ctype.min}..{ctype.max}")
    elif yards is not None:
        raise DeckDataError(f"{where}: card {code}: a {ctype.key} card has no yards")
    return Card(code, ctype, count, yards, raw.get("name", ""), raw.get("text", ""))


def parse_decks(data: dict, where: str = str(DECKS_FILE)) -> Decks:
    types = {key: CardType(key, tuple(t["deck"].split()), t["title"], t.get("text", ""),
                           t.get("value", ""), t.get("min"), t.get("max"))
             for key, t in data["types"].items()}
    decks = {}
    for name in DECK_NAMES:
        raw = data["decks"].get(name)
        if raw is None:
            raise DeckDataError(f"{where}: missing deck {name!r}")
        cards = tuple(_card(c, name, types, f"{where}: decks.{name}") for c in raw["cards"])
        codes = [c.code for c in cards]
        if len(set(codes)) != len(codes):
            raise DeckDataError(f"{where}: decks.{name}: duplicate card codes")
        decks[name] = Deck(name, raw["title"], cards)
    return Decks(types, decks)


@cache
def load_decks() -> Decks:
    """The shipped decks (read once)."""
    with DECKS_FILE.open("rb") as fh:
        return parse_decks(tomllib.load(fh))
