"""BLOWOUT!!!: its OFFENSE, DEFENSE and SPECIAL TEAMS decks as data (decks.toml)."""

from engine.blowout.game import GAME

__all__ = ["GAME"]
