"""Card Bowl (Scott Crawford, v1.1.6): rules data, play-notes reader and verifier."""

from printkit_engine.cardbowl.game import GAME

__all__ = ["GAME"]
