"""Card Bowl (Scott Crawford, v1.1.6): rules data, play-notes reader and verifier."""

from engine.cardbowl.game import GAME

__all__ = ["GAME"]
