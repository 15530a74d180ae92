"""Every deck a play book shuffles, per game, from data files.

Standard playing-card decks (Card Bowl's 54 cards, the 'Football' game's two half packs) are
described in decks.toml; BLOWOUT!!!'s own decks and Luck of the Draw's 16 game cards live with
their games (engine/blowout/decks.toml, engine/luckdraw/cards.toml) because the card printer
and the scoring read them too. This module is the one place that answers "which cards, in
which canonical order, does stream X shuffle?".
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


def cardbowl_deck() -> tuple[str, ...]:
    """The 54-card deck in canonical order (C, D, H, S, each A..K, then BJ, RJ)."""
    return standard_decks()[("cardbowl", "deal")].cards


def cardgrid_half(side: str) -> tuple[str, ...]:
    """A side's half pack: home clubs+hearts, away diamonds+spades, no jokers."""
    try:
        return standard_decks()[("cardgrid", side)].cards
    except KeyError:
        raise ValueError(f"unknown cardgrid side {side!r} (home or away)") from None


def blowout_deck(deck: str) -> tuple[str, ...]:
    """One of a BLOWOUT!!! player's decks (offense, defense, special), cards in data order."""
    from engine.blowout.decks import load_decks

    return load_decks().deck(deck).order


def luckdraw_cards() -> tuple[str, ...]:
    """Luck of the Draw's 16 game cards in the cheat sheet's order."""
    from engine.luckdraw.cards import load_cards

    return load_cards().codes
