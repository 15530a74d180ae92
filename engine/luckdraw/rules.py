"""Luck of the Draw rules as one object: the score sheet, the verifier and the bots read it.

`load_rules()` reads engine/luckdraw/rules.toml (audible points, penalties, game lengths,
tie-breakers, the record's word for each scoring line), plus a player's own file laid over it
(a house rule such as 2 audible points), and joins it with the game cards of cards.toml into a
frozen :class:`Rules`. A scoring line's points live in cards.toml only; :class:`Event` carries
them to every reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from printkit_engine import rulesdata
from printkit_engine.errors import ReadError
from printkit_engine.luckdraw.cards import CardSet, GameCard, load_cards
from printkit_engine.luckdraw.ranges import RANGES
from printkit_engine.rulesdata import attributes

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
    needs: str | None = None  # a bonus: another bonus it goes with (MFG td: blocked)
    instead: str | None = None  # ... and what the play is without it (P td: "STTD td")

    @property
    def bonus(self) -> bool:
        return self.per == "bonus"

    @property
    def name(self) -> str:
        """As a record writes it, `CARD word` (how rules.toml names an event)."""
        return f"{self.card} {self.word}"


@dataclass(frozen=True)
class Rules:
    cards: CardSet
    audible: Audible
    penalties: tuple[Penalty, ...]
    periods: tuple[str, ...]
    lengths: tuple[Length, ...]
    tiebreakers: tuple[Tiebreaker, ...]
    events: tuple[Event, ...]
    overtime: str = "OT"                        # the period played only after a tie
    ends: tuple[str, ...] = ()                  # `CARD word` events that end a drive
    ruled_out: tuple[tuple[str, str], ...] = ()  # (event, an earlier one it cannot follow)

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

    def ending(self, length: Length) -> int:
        """The period a game of this length is over in at the soonest: its last, but Q4 for
        a game to the end when the football game has no overtime."""
        last = self.period(length.last)
        return last - 1 if length.last == self.overtime else last


def _needs(data: list[dict[str, Any]], events: tuple[Event, ...],
           source: str) -> tuple[Event, ...]:
    """The events with what each bonus needs ([[bonus_needs]]: MFG td goes with blocked)."""
    needs = {(n["card"], n["bonus"]): n for n in data}
    for card, word in needs:
        event = next((e for e in events if (e.card, e.word) == (card, word)), None)
        want = needs[card, word]["needs"]
        if event is None or not event.bonus or \
                not any(e.card == card and e.word == want and e.bonus for e in events):
            raise ReadError(f"bonus_needs: expected two bonus words of one card, found "
                            f"{card} {word} with {want}", source)
    return tuple(replace(e, needs=needs[e.card, e.word]["needs"],
                         instead=needs[e.card, e.word]["instead"] or None)
                 if (e.card, e.word) in needs else e for e in events)


def _named(names: list[str], events: tuple[Event, ...], key: str, source: str) -> None:
    known = {e.name for e in events}
    if bad := [n for n in names if n not in known]:
        raise ReadError(f"{key}: expected events written `CARD word`, found {bad[0]!r}",
                        source)


def _drive(data: dict[str, Any], events: tuple[Event, ...], source: str,
           ) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """How a drive ends and what cannot follow what ([drive]), each `CARD word` checked."""
    ends = tuple(data.get("ends", ()))
    ruled = tuple((a, b) for a, b in data.get("ruled_out", ()))
    _named([*ends, *(n for pair in ruled for n in pair)], events, "drive", source)
    return ends, ruled


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
        table = tuple(e for card in cards.cards
                      for e in _events(card, events[card.code], source))
        table = _needs(data.get("bonus_needs", []), table, source)
        ends, ruled = _drive(data.get("drive", {}), table, source)
        return Rules(
            cards=cards,
            audible=Audible(**attributes(data["audible"])),
            penalties=tuple(Penalty(**p) for p in data["penalties"]),
            periods=tuple(data["game"]["periods"]),
            lengths=tuple(Length(**g) for g in data["lengths"]),
            tiebreakers=tuple(Tiebreaker(**t) for t in data["tiebreakers"]),
            events=table,
            overtime=data["game"].get("overtime", data["game"]["periods"][-1]),
            ends=ends,
            ruled_out=ruled,
        )
    except (KeyError, TypeError) as exc:
        raise ReadError(f"rules data incomplete or malformed ({exc})", source) from None


load_rules = rulesdata.loader(RULES_FILE, build, RANGES)
