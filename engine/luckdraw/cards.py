"""Luck of the Draw's game cards and scoring, loaded from cards.toml.

The cheat sheet is data: a paper scoreboard, the play book's deal sheets and any scorer read
the same list. The file order is the canonical deck order a drive's shuffle starts from.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from printkit_engine import datafile
from printkit_engine.datafile import DataFile, Key, Spec

CARDS_FILE = Path(__file__).resolve().parent / "cards.toml"
MIN_PLAYERS, MAX_PLAYERS = 2, 8
DEFAULT_PLAYERS = 4              # the play book's table when no count is given


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


PER = ("occurrence", "drive", "bonus")
TEXT = Spec(chars=400)


def _card(doc: DataFile, at: Key) -> GameCard:
    qb = doc.get(at + ("qb_players",), list, Spec(items=(2, 2)), default=None)
    if qb is not None:
        players = Spec(MIN_PLAYERS, MAX_PLAYERS)
        low, high = (doc.get(at + ("qb_players", i), int, players) for i in (0, 1))
        if low > high:
            raise doc.error(at + ("qb_players",), f"expected [low, high] with low <= high, "
                                                  f"found [{low}, {high}]")
    lines = doc.get(at + ("scoring",), list, Spec(items=(1, 10)))
    scoring = tuple(Scoring(doc.get(at + ("scoring", i, "points"), int, Spec(0, 20)),
                            doc.get(at + ("scoring", i, "per"), str, Spec(choices=PER)),
                            doc.get(at + ("scoring", i, "event"), str, TEXT))
                    for i in range(len(lines)))
    return GameCard(doc.get(at + ("code",), str, Spec(chars=8)),
                    doc.get(at + ("name",), str, TEXT), doc.get(at + ("action",), str, TEXT),
                    scoring, tuple(qb) if qb is not None else None)


def parse_cards(doc: DataFile) -> CardSet:
    """The game cards of a parsed cards.toml; ReadError (file, line, key) for a bad one."""
    raw = doc.get(("cards",), list, Spec(items=(1, 64)))
    cards = [_card(doc, ("cards", i)) for i in range(len(raw))]
    seen: set[str] = set()
    for i, card in enumerate(cards):
        if not card.code or card.code in seen:
            raise doc.error(("cards", i, "code"), f"expected a code no other card has, "
                                                  f"found {datafile.found(card.code)}")
        seen.add(card.code)
    return CardSet(tuple(cards))


@cache
def load_cards() -> CardSet:
    return parse_cards(datafile.read(CARDS_FILE, "card file"))
