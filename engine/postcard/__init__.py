"""PostCard Football: rules data, engine, notation and verifier."""

from printkit_engine.postcard.game import GAME

__all__ = ["GAME"]
