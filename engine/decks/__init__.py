"""Every deck a play book shuffles, per game, from data files.

Standard playing-card decks (Card Bowl's 54 cards, the 'Football' game's two half packs) are
described in decks.toml; BLOWOUT!!!'s own decks and Luck of the Draw's 16 game cards live with
their games (engine/blowout/decks.toml, engine/luckdraw/cards.toml) because the card printer
and the scoring read them too. Each game's book scheme (engine/<game>/game.py)
asks this module for its standard decks by (game, deck name).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.cards import SUITS, part_deck

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
    data = tomllib.loads(DECKS_FILE.read_text(encoding="utf-8"))
    decks = {}
    for game, table in data.items():
        for name, spec in table.items():
            suits = spec["suits"]
            if not suits or any(s not in SUITS for s in suits):
                raise ValueError(f"{DECKS_FILE}: {game}.{name}: bad suits {suits!r}")
            cards = tuple(part_deck(tuple(suits), jokers=bool(spec.get("jokers", False))))
            decks[(game, name)] = StandardDeck(game, name, spec["title"], cards)
    return decks
