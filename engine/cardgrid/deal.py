"""Where each side's next card comes from: the play book's numbered shuffles (G2).

Each side reads its shuffle K (`home/K`, `away/K` via the game's BookScheme) from where it
left off, wrapping to the shuffle's start ("returned to the bottom of their respective half
pack"); a shuffle a player chooses moves that side to shuffle K + 1 from its first card. The
bots, the verifier and the play book's answers all deal through :func:`deal`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from engine.cards import suit

LABELS = {"H": "home", "A": "away"}
OWNER = {"C": "H", "H": "H", "D": "A", "S": "A"}    # G1: home clubs+hearts, away diamonds+spades

Shuffles = Callable[[str, int], tuple[str, ...]]


def owner(card: str) -> str:
    """The side whose half pack holds `card`."""
    return OWNER[suit(card)]


def shuffles(seed: str) -> Shuffles:
    """Shuffle K of a side's half pack, exactly as the play book for `seed` prints it."""
    from engine.cardgrid.game import GAME, half_pack

    @lru_cache(maxsize=64)
    def get(side: str, k: int) -> tuple[str, ...]:
        label = f"{LABELS[side]}/{k}"
        return tuple(GAME.book.stream(seed, label).shuffle(half_pack(LABELS[side]).cards))

    return get


@dataclass(frozen=True)
class Decks:
    """Each side's place in the play book: shuffle number and next position."""

    k: tuple[int, int] = (1, 1)
    pos: tuple[int, int] = (0, 0)

    def at(self, side: str) -> tuple[int, int]:
        i = "HA".index(side)
        return self.k[i], self.pos[i]


def _set(pair: tuple[int, int], side: str, value: int) -> tuple[int, int]:
    return (value, pair[1]) if side == "H" else (pair[0], value)


def peek(decks: Decks, side: str, get: Shuffles) -> str:
    k, pos = decks.at(side)
    cards = get(side, k)
    return cards[pos % len(cards)]


def deal(decks: Decks, side: str, get: Shuffles) -> tuple[str, Decks]:
    """The side's next card and the decks after it."""
    card = peek(decks, side, get)
    k, pos = decks.at(side)
    return card, replace(decks, pos=_set(decks.pos, side, pos + 1))


def reshuffle(decks: Decks, side: str) -> Decks:
    k, _ = decks.at(side)
    return Decks(_set(decks.k, side, k + 1), _set(decks.pos, side, 0))
