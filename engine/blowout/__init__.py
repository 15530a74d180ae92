"""BLOWOUT!!!: its OFFENSE, DEFENSE and SPECIAL TEAMS decks as data (decks.toml)."""

from printkit_engine.blowout.game import GAME

__all__ = ["GAME"]
