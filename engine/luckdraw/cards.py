"""Luck of the Draw's game cards and scoring, loaded from cards.toml.

The cheat sheet is data: a paper scoreboard, the play book's deal sheets and any scorer read
the same list. The file order is the canonical deck order a drive's shuffle starts from.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

CARDS_FILE = Path(__file__).resolve().parent / "cards.toml"
MIN_PLAYERS, MAX_PLAYERS = 2, 8


@dataclass(frozen=True)
class Scoring:
    points: int
    per: str          # "occurrence", "drive" or "bonus"
    event: str


@dataclass(frozen=True)
class GameCard:
    code: str
    name: str
    action: str
    scoring: tuple[Scoring, ...]
    qb_players: tuple[int, int] | None = None

    def qb_holds(self, players: int) -> bool:
        """Whether the Quarterback automatically holds this card with `players` players."""
        return self.qb_players is not None and self.qb_players[0] <= players <= self.qb_players[1]

    @property
    def points_text(self) -> str:
        """Short scoring summary for a printed card or sheet, e.g. '4 / +3 TD'."""
        return " / ".join(("+" if s.per == "bonus" else "") + str(s.points)
                          for s in self.scoring)


@dataclass(frozen=True)
class CardSet:
    cards: tuple[GameCard, ...]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(c.code for c in self.cards)

    def card(self, code: str) -> GameCard:
        for c in self.cards:
            if c.code == code:
                return c
        raise KeyError(f"no game card {code!r}")

    def qb_fixed(self, players: int) -> tuple[str, ...]:
        """The Quarterback's automatic cards for this many players, in deck order."""
        return tuple(c.code for c in self.cards if c.qb_holds(players))


def parse_cards(data: dict, where: str = str(CARDS_FILE)) -> CardSet:
    cards = []
    for raw in data["cards"]:
        qb = raw.get("qb_players")
        if qb is not None and not (len(qb) == 2 and MIN_PLAYERS <= qb[0] <= qb[1] <= MAX_PLAYERS):
            raise ValueError(f"{where}: card {raw['code']}: bad qb_players {qb!r}")
        cards.append(GameCard(raw["code"], raw["name"], raw["action"],
                              tuple(Scoring(**s) for s in raw["scoring"]),
                              tuple(qb) if qb is not None else None))
    codes = [c.code for c in cards]
    if len(set(codes)) != len(codes):
        raise ValueError(f"{where}: duplicate card codes")
    return CardSet(tuple(cards))


@cache
def load_cards() -> CardSet:
    with CARDS_FILE.open("rb") as fh:
        return parse_cards(tomllib.load(fh))
