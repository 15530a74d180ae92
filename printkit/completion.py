"""Shell-completion helpers: offer what the registries hold."""

from __future__ import annotations

from typing import Any


def game_ids(incomplete: str = "") -> list[str]:
    from printkit_engine import registry

    return [g for g in registry.GAMES if g.startswith(incomplete)]


def sheet_names(ctx: Any, incomplete: str = "") -> list[str]:    # ctx: click's Context
    """The sheets of the game already typed (every sheet name when none is)."""
    from printkit import sheets

    game = (ctx.params or {}).get("game")
    have = [s for g, s in sheets.available() if game in (None, g)]
    return sorted({s for s in have if s.startswith(incomplete)})
