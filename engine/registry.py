"""The games printkit knows: the one place a game id is enumerated.

Every command, the play books and the read-back ask this registry; adding a game is a new
package under engine/ exporting ``GAME`` plus one line here.
"""

from __future__ import annotations

from engine import blowout, cardbowl, cardgrid, luckdraw, postcard
from engine.game import Game

GAMES: dict[str, Game] = {g.id: g for g in (
    cardbowl.GAME,
    postcard.GAME,
    blowout.GAME,
    luckdraw.GAME,
    cardgrid.GAME,
)}


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
