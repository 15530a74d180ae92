"""Playing-card codes and canonical orders (rank + suit, jokers BJ and RJ), per the draws spec."""

from __future__ import annotations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
JOKERS = ("BJ", "RJ")
RED_SUITS = frozenset({"D", "H"})
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def suit_cards(suit: str) -> list[str]:
    return [rank + suit for rank in RANKS]


def part_deck(suits: str | tuple[str, ...], jokers: bool = False) -> list[str]:
    """Cards of the given suits in canonical order (suits C, D, H, S; each A..K)."""
    cards = [c for s in SUITS if s in suits for c in suit_cards(s)]
    return cards + list(JOKERS) if jokers else cards


FULL_DECK: tuple[str, ...] = tuple(part_deck(SUITS, jokers=True))


def rank(card: str) -> str:
    return card if card in JOKERS else card[:-1]


def suit(card: str) -> str:
    return "" if card in JOKERS else card[-1]


def is_red(card: str) -> bool:
    return card == "RJ" or suit(card) in RED_SUITS


def value(card: str, joker_value: int) -> int:
    """Face value A=1..10, J=11, Q=12, K=13; a joker counts `joker_value` (each game's rules
    say what, so there is no default here)."""
    if card in JOKERS:
        return joker_value
    r = rank(card)
    return {"A": 1, "J": 11, "Q": 12, "K": 13}.get(r) or int(r)


def is_card(code: str) -> bool:
    return code in FULL_DECK
