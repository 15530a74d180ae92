"""BLOWOUT!!!'s decks, loaded from decks.toml and checked against the rules' value ranges.

The rules name the card types and their ranges but publish no deck lists, so the lists are
our design (docs/rules/blowout.md). They are data so that the play book, the card printer and
any engine agree on one list; the loader refuses a file that breaks the rules' ranges rather
than printing a deck the rules would not allow.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from printkit_engine import datafile
from printkit_engine.datafile import DataFile, Key, Spec
from printkit_engine.errors import ReadError

DECKS_FILE = Path(__file__).resolve().parent / "decks.toml"
DECK_NAMES = ("offense", "defense", "special")


class DeckDataError(ReadError):
    """decks.toml breaks its own schema or the rules' ranges (names the file, line and key)."""


@dataclass(frozen=True)
class CardType:
    key: str
    decks: tuple[str, ...]
    title: str
    text: str
    value: str = ""            # what `yards` means on the card ("YARDS GAINED", ...)
    min: int | None = None
    max: int | None = None
    when: str = ""             # when a card of this type may be played (the rules' words)


@dataclass(frozen=True)
class Card:
    code: str
    type: CardType
    count: int
    yards: int | None = None
    name: str = ""
    text: str = ""
    when: str = ""

    @property
    def effect(self) -> str:
        """What the card does: its own text, else its type's."""
        return self.text or self.type.text

    @property
    def timing(self) -> str:
        """When it may be played: its own `when`, else its type's (the loader makes sure
        every card has one)."""
        return self.when or self.type.when

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

    @cached_property
    def order(self) -> tuple[str, ...]:
        """Canonical order: codes as listed, each repeated `count` times (made once: every
        hand the play book deals shuffles it, a record's verifier some thirty times)."""
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

    @cached_property
    def by_code(self) -> dict[str, dict[str, Card]]:
        """Each deck's cards by code, the first card of a code as `Deck.card` finds it: the
        verifier and the bots look cards up on every snap (a scan of the deck was an eighth
        of a record's check). Made once per Decks object, kept in its own dictionary."""
        table: dict[str, dict[str, Card]] = {}
        for name, deck in self.decks.items():
            cards: dict[str, Card] = {}
            for c in deck.cards:
                cards.setdefault(c.code, c)
            table[name] = cards
        return table


TEXT = Spec(chars=400)
COUNT = Spec(1, 20)            # copies of one card in a deck
YARDS = Spec(-100, 100)


def _type(doc: DataFile, key: str) -> CardType:
    at: Key = ("types", key)
    decks = doc.get(at + ("deck",), str, Spec(chars=100))
    if not decks.split() or any(d not in DECK_NAMES for d in decks.split()):
        raise doc.error(at + ("deck",), f"expected deck names out of {', '.join(DECK_NAMES)}, "
                                        f"found {datafile.found(decks)}")
    low = doc.get(at + ("min",), int, YARDS, default=None)
    high = doc.get(at + ("max",), int, YARDS, default=None)
    if (low is None) != (high is None) or (low is not None and low > high):
        raise doc.error(at + ("min",), f"expected min and max with min <= max, "
                                       f"found {low} and {high}")
    return CardType(key, tuple(decks.split()), doc.get(at + ("title",), str, TEXT),
                    doc.get(at + ("text",), str, TEXT, default=""),
                    doc.get(at + ("value",), str, TEXT, default=""), low, high,
                    doc.get(at + ("when",), str, TEXT, default=""))


def _card(doc: DataFile, at: Key, deck: str, types: dict[str, CardType]) -> Card:
    code = doc.get(at + ("code",), str, Spec(chars=12))
    if not code:
        raise doc.error(at + ("code",), 'expected a card code, found ""')
    kind = doc.get(at + ("type",), str)
    ctype = types.get(kind)
    if ctype is None:
        raise doc.error(at + ("type",), f"expected a type of [types] ({', '.join(types)}), "
                                        f"found {datafile.found(kind)} (unknown type)")
    if deck not in ctype.decks:
        raise doc.error(at + ("type",), f"expected a type of the {deck} deck, found {kind} "
                                        f"(a {kind} card cannot be in {deck})")
    count = doc.get(at + ("count",), int, COUNT)
    yards = doc.get(at + ("yards",), int, default=None)
    if ctype.min is not None and ctype.max is not None:
        if yards is None or not ctype.min <= yards <= ctype.max:
            raise doc.error(at + ("yards",), f"expected yards from {ctype.min} to {ctype.max} "
                                             f"(outside the rules' range for {kind}), "
                                             f"found {datafile.found(yards)}")
    elif yards is not None:
        raise doc.error(at + ("yards",), f"expected no yards (a {kind} card has none), "
                                         f"found {yards}")
    card = Card(code, ctype, count, yards, doc.get(at + ("name",), str, TEXT, default=""),
                doc.get(at + ("text",), str, TEXT, default=""),
                doc.get(at + ("when",), str, TEXT, default=""))
    if not card.timing:
        raise doc.error(at + ("code",), f"expected a `when` on the card or its type {kind} "
                                        f"(when {code} may be played), found none")
    return card


def parse_decks(doc: DataFile) -> Decks:
    """The decks of a parsed decks.toml; DeckDataError (file, line, key) for a bad one."""
    try:
        return _parse(doc)
    except ReadError as err:
        raise DeckDataError(err.message, err.file, err.line) from None


def _parse(doc: DataFile) -> Decks:
    types = {key: _type(doc, key) for key in doc.get(("types",), dict)}
    decks = {}
    for name in DECK_NAMES:
        at: Key = ("decks", name)
        doc.get(at, dict)
        raw = doc.get(at + ("cards",), list, Spec(items=(1, 100)))
        cards = tuple(_card(doc, at + ("cards", i), name, types) for i in range(len(raw)))
        seen: set[str] = set()
        for i, card in enumerate(cards):
            if card.code in seen:
                raise doc.error(at + ("cards", i, "code"), f"expected each code once in the "
                                                           f"deck, found {card.code} twice "
                                                           "(duplicate card codes)")
            seen.add(card.code)
        decks[name] = Deck(name, doc.get(at + ("title",), str, TEXT), cards)
    return Decks(types, decks)


@cache
def load_decks() -> Decks:
    """The shipped decks (read once)."""
    return parse_decks(datafile.read(DECKS_FILE, "deck file"))
