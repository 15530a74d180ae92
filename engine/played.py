"""A game the bots played: what `simulate` writes and `odds --simulate` reads back.

One class for every game's bots (each game's `bots.play` returns one), so "Game" means one
thing in printkit: the game object of engine/game.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from printkit_engine.tags import record_text


@dataclass
class Played:
    """A played game's record: its seed, its tags (in the order written), its lines, and
    the engine's state at its end (the final score, for a bench or a test)."""

    seed: str
    tags: dict[str, str]
    lines: list[str] = field(default_factory=list)
    state: Any = None

    def text(self) -> str:
        return record_text(self.tags, self.lines)
