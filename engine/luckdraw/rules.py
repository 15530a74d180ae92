"""Luck of the Draw rules as one object: the score sheet, the verifier and the bots read it.

`load_rules()` reads engine/luckdraw/rules.toml (audible points, penalties, game lengths,
tie-breakers, the record's word for each scoring line), plus a player's own file laid over it
(a house rule such as 2 audible points), and joins it with the game cards of cards.toml into a
frozen :class:`Rules`. A scoring line's points live in cards.toml only; :class:`Event` carries
them to every reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import rulesdata
from engine.errors import ReadError
from engine.luckdraw.cards import CardSet, GameCard, load_cards
from engine.rulesdata import attributes

RULES_FILE = Path(__file__).with_name("rules.toml")
WORD = re.compile(r"[a-z0-9]{1,12}")
SIDELINES = "side"            # the holder of a card nobody was dealt


@dataclass(frozen=True)
class Audible:
    points: int
    loner_bonus: int
    loner_min_players: int
    per_drive: int
    calls: tuple[str, ...]

    def points_each(self, correct: int, players: int) -> int:
        """Audible points of each correct caller: 3, plus the Loner bonus when one player
        alone is right in a game of 4 or more ("for a total of 4 audible points")."""
        if correct <= 0:
            return 0
        loner = correct == 1 and players >= self.loner_min_players
        return self.points + (self.loner_bonus if loner else 0)


@dataclass(frozen=True)
class Penalty:
    key: str
    name: str
    infraction: str
    points: int


@dataclass(frozen=True)
class Length:
    """An agreed game length: the last period played, the first without trades."""

    key: str
    name: str
    last: str
    no_trades_from: str
    finish_drive: bool


@dataclass(frozen=True)
class Tiebreaker:
    key: str
    name: str


@dataclass(frozen=True)
class Event:
    """One scoring line of one card, as a record names it (`FBL td`)."""

    card: str
    word: str
    points: int
    per: str                  # "occurrence", "drive" or "bonus"
    text: str                 # the cheat sheet's words
    base: str | None = None   # a bonus: the word of the line it adds to

    @property
    def bonus(self) -> bool:
        return self.per == "bonus"


@dataclass(frozen=True)
class Rules:
    cards: CardSet
    audible: Audible
    penalties: tuple[Penalty, ...]
    periods: tuple[str, ...]
    lengths: tuple[Length, ...]
    tiebreakers: tuple[Tiebreaker, ...]
    events: tuple[Event, ...]

    def penalty(self, key: str) -> Penalty | None:
        return next((p for p in self.penalties if p.key == key), None)

    def length(self, key: str) -> Length | None:
        return next((g for g in self.lengths if g.key == key), None)

    def event(self, card: str, word: str) -> Event | None:
        return next((e for e in self.events if e.card == card and e.word == word), None)

    def card_events(self, card: str) -> tuple[Event, ...]:
        return tuple(e for e in self.events if e.card == card)

    def period(self, name: str) -> int:
        """0 for Q1 ... 4 for OT (ValueError for another name)."""
        return self.periods.index(name)


def _events(card: GameCard, words: list[Any], source: str) -> tuple[Event, ...]:
    if len(words) != len(card.scoring):
        raise ReadError(f"events.{card.code}: expected {len(card.scoring)} words (one per "
                        f"scoring line of the card), found {len(words)}", source)
    out: list[Event] = []
    base: str | None = None
    for word, line in zip(words, card.scoring, strict=True):
        if not isinstance(word, str) or not WORD.fullmatch(word) or \
                any(e.word == word for e in out):
            raise ReadError(f"events.{card.code}: expected distinct words of 1-12 letters or "
                            f"digits, found {word!r}", source)
        if line.per == "bonus" and base is None:
            raise ReadError(f"events.{card.code}: a bonus line needs a line before it", source)
        out.append(Event(card.code, word, line.points, line.per, line.event,
                         base if line.per == "bonus" else None))
        if line.per != "bonus":
            base = word
    return tuple(out)


def build(data: dict[str, Any], source: str = "rules") -> Rules:
    cards = load_cards()
    try:
        events = data["events"]
        if set(events) != set(cards.codes):
            extra = sorted(set(events) ^ set(cards.codes))[0]
            raise ReadError(f"events: expected one entry per game card, not so for {extra}",
                            source)
        return Rules(
            cards=cards,
            audible=Audible(**attributes(data["audible"])),
            penalties=tuple(Penalty(**p) for p in data["penalties"]),
            periods=tuple(data["game"]["periods"]),
            lengths=tuple(Length(**g) for g in data["lengths"]),
            tiebreakers=tuple(Tiebreaker(**t) for t in data["tiebreakers"]),
            events=tuple(e for card in cards.cards
                         for e in _events(card, events[card.code], source)),
        )
    except (KeyError, TypeError) as exc:
        raise ReadError(f"rules data incomplete or malformed ({exc})", source) from None


load_rules = rulesdata.loader(RULES_FILE, build)
