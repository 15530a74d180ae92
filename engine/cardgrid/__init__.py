"""The playing-card 'Football' grid game: two half packs, a 12-grid field, a score sheet."""

from printkit_engine.cardgrid.game import GAME

__all__ = ["GAME"]
