"""The games printkit knows: the one place a game id is enumerated.

Every command, the play books and the read-back ask this registry; adding a game is a new
package under engine/ exporting ``GAME`` plus one line here.

A game's package is imported the first time its game object is asked for, not when the
registry is: `printkit render postcard board` needs PostCard's rules and nothing of the four
other games (about 15 ms of imports a command, issue #12). Ids, membership and order are
known without importing anything; ``GAMES.values()`` imports every game.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping

from printkit_engine.game import Game

# game id -> the package exporting its GAME, in the order commands list the games
PACKAGES = {
    "cardbowl": "printkit_engine.cardbowl",
    "postcard": "printkit_engine.postcard",
    "blowout": "printkit_engine.blowout",
    "luckdraw": "printkit_engine.luckdraw",
    "cardgrid": "printkit_engine.cardgrid",
}


class Games(MutableMapping[str, Game]):
    """Game id -> Game, each imported from its package when first looked up. Games may be
    added (a test's toy game) and removed again; the shipped ones are always there."""

    def __init__(self, packages: dict[str, str]) -> None:
        self._packages = dict(packages)
        self._games: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        game = self._games.get(game_id)
        if game is None:
            package = self._packages[game_id]          # KeyError for an unknown id
            game = importlib.import_module(package).GAME
            if game.id != game_id:
                raise LookupError(f"{package}.GAME has id {game.id!r}, registered as "
                                  f"{game_id!r}")
            self._games[game_id] = game
        return game

    def __setitem__(self, game_id: str, game: Game) -> None:
        self._packages.setdefault(game_id, "")
        self._games[game_id] = game

    def __delitem__(self, game_id: str) -> None:
        if game_id in PACKAGES:
            raise TypeError(f"{game_id!r} is a shipped game: it cannot be removed")
        del self._packages[game_id]
        self._games.pop(game_id, None)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._packages

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._packages))

    def __len__(self) -> int:
        return len(self._packages)


GAMES = Games(PACKAGES)


class UnknownGame(ValueError):
    """A game id no registered game has (the message lists the ids that exist)."""


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r} (games: {', '.join(GAMES)})") from None


def with_part(part: str) -> list[Game]:
    """The games that have `part` (e.g. "verify", "bots")."""
    return [g for g in GAMES.values() if getattr(g, part) is not None]
