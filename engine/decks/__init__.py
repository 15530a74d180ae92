"""Standard playing-card decks, read from the deck file in a game's own package.

A game that shuffles standard playing cards (Card Bowl's 54 cards, the 'Football' game's two
half packs) describes its decks in engine/<game>/decks.toml: a game is its package, so no
shared file holds one game's decks. This module is only the reader, one format whichever game
uses it, and names no game. BLOWOUT!!!'s designed decks and Luck of the Draw's 16 game cards
have readers of their own, in their packages, because the card printer and the scoring read
them too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from printkit_engine import datafile
from printkit_engine.cards import SUITS, part_deck
from printkit_engine.datafile import DataFile, Spec

FILE_NAME = "decks.toml"
WHAT = "deck file"


@dataclass(frozen=True)
class StandardDeck:
    """One deck a game's play book shuffles: its cards in canonical order."""

    game: str
    name: str
    title: str
    cards: tuple[str, ...]
    source: str = ""        # the rules' own words for it (a kit's cover quotes them)


def deck_file(game: str, package: Path) -> Path:
    """The deck file in a game's package folder, checked when the game's package is imported:
    a game whose decks are missing fails at once, naming the game and the file, rather than
    when its first book is shuffled."""
    path = Path(package) / FILE_NAME
    if not path.is_file():
        raise FileNotFoundError(f"game {game!r}: no deck file: its package has no {FILE_NAME} "
                                f"({path})")
    return path


@cache
def standard_decks(game: str, path: Path) -> dict[str, StandardDeck]:
    """Deck name -> deck of one game's deck file, read once and checked."""
    return parse_decks(datafile.read(path, WHAT), game)


def standard_deck(game: str, path: Path, name: str) -> StandardDeck:
    """One deck of a game's deck file; a deck the file does not have is an error naming the
    game, the deck and the file (a game's code asks for its decks by name)."""
    decks = standard_decks(game, path)
    if name not in decks:
        raise LookupError(f"game {game!r}: its {Path(path).name} has no deck {name!r} "
                          f"(decks: {', '.join(decks) or 'none'})")
    return decks[name]


def parse_decks(doc: DataFile, game: str) -> dict[str, StandardDeck]:
    """A deck file's decks, each table one deck (its suits once each, jokers or not, a title);
    a value out of place is a ReadError naming its line."""
    decks = {}
    for name in doc.data:
        key = (name,)
        doc.get(key, dict)
        suits = doc.get(key + ("suits",), str, Spec(chars=len(SUITS)))
        if not suits or any(s not in SUITS for s in suits) or len(set(suits)) < len(suits):
            raise doc.error(key + ("suits",), f"expected suits out of {''.join(SUITS)} "
                                              f"once each, found {datafile.found(suits)}")
        jokers = doc.get(key + ("jokers",), bool, default=False)
        title = doc.get(key + ("title",), str, Spec(chars=100))
        source = doc.get(key + ("source",), str, Spec(chars=300), default="")
        cards = tuple(part_deck(tuple(suits), jokers=jokers))
        decks[name] = StandardDeck(game, name, title, cards, source)
    return decks
