"""Every deck a play book shuffles, per game, from data files.

Standard playing-card decks (Card Bowl's 54 cards, the 'Football' game's two half packs) are
described in decks.toml; BLOWOUT!!!'s own decks and Luck of the Draw's 16 game cards live with
their games (engine/blowout/decks.toml, engine/luckdraw/cards.toml) because the card printer
and the scoring read them too. Each game's book scheme (engine/<game>/game.py)
asks this module for its standard decks by (game, deck name).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine import datafile
from engine.cards import SUITS, part_deck
from engine.datafile import DataFile, Spec

DECKS_FILE = Path(__file__).resolve().parent / "decks.toml"


@dataclass(frozen=True)
class StandardDeck:
    game: str
    name: str
    title: str
    cards: tuple[str, ...]


@cache
def standard_decks() -> dict[tuple[str, str], StandardDeck]:
    """(game, deck name) -> deck, read from decks.toml and checked."""
    return parse_decks(datafile.read(DECKS_FILE, "deck file"))


def parse_decks(doc: DataFile) -> dict[tuple[str, str], StandardDeck]:
    decks = {}
    for game in doc.data:
        for name in doc.get((game,), dict):
            key = (game, name)
            suits = doc.get(key + ("suits",), str, Spec(chars=len(SUITS)))
            if not suits or any(s not in SUITS for s in suits) or len(set(suits)) < len(suits):
                raise doc.error(key + ("suits",), f"expected suits out of {''.join(SUITS)} "
                                                  f"once each, found {datafile.found(suits)}")
            jokers = doc.get(key + ("jokers",), bool, default=False)
            title = doc.get(key + ("title",), str, Spec(chars=100))
            cards = tuple(part_deck(tuple(suits), jokers=jokers))
            decks[(game, name)] = StandardDeck(game, name, title, cards)
    return decks
