"""Luck of the Draw: the 16 game cards with their scoring (cards.toml) and the deal per drive."""

from printkit_engine.luckdraw.game import GAME

__all__ = ["GAME"]
