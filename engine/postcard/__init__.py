"""PostCard Football: rules data, engine, notation and verifier."""

from engine.postcard.game import GAME

__all__ = ["GAME"]
