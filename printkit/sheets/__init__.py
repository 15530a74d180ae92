"""Registry of printables: (game, sheet) -> the module that renders it.

Modules are imported lazily so `printkit list` and unrelated commands stay fast. Each module
defines ``PRINTABLE`` (a :class:`Printable`) and ``render(opts, layout) -> bytes``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from printkit.errors import UserError

GAMES: dict[str, str] = {
    "cardbowl": "Card Bowl",
    "postcard": "PostCard Football",
    "blowout": "BLOWOUT!!!",
    "luckdraw": "Luck of the Draw",
    "cardgrid": "Football (playing-card grid game)",
}
SHEETS = ("board", "field", "cribbage", "drivelog", "clock", "scoresheet", "refcard", "cards",
          "tournament")

# (game, sheet) -> module path. Add one line per printable.
MODULES: dict[tuple[str, str], str] = {
    ("postcard", "board"): "printkit.sheets.postcard_board",
    ("postcard", "drivelog"): "printkit.sheets.postcard_drivelog",
    ("cardbowl", "field"): "printkit.sheets.cardbowl_field",
    ("cardbowl", "cribbage"): "printkit.sheets.cardbowl_cribbage",
    ("cardbowl", "clock"): "printkit.sheets.cardbowl_clock",
    ("cardbowl", "drivelog"): "printkit.sheets.cardbowl_drivelog",
}


@dataclass
class RenderOptions:
    paper: str = "letter"
    home: str = "HOME"
    away: str = "AWAY"
    ink_saver: bool = False
    layout_file: Path | None = None
    rules_file: Path | None = None
    extra: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Printable:
    game: str
    sheet: str
    layout: str          # name of the layout file in layouts/ (without .toml)
    title: str
    description: str
    render: Callable[..., bytes] | None = None
    rules: bool = False   # True: follows a player's own chart values given with --rules


def available() -> list[tuple[str, str]]:
    return sorted(MODULES)


def get(game: str, sheet: str):
    """The module rendering (game, sheet), or a one-line error listing what exists."""
    if game not in GAMES:
        raise UserError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
    if sheet not in SHEETS:
        raise UserError(f"unknown sheet {sheet!r} (sheets: {', '.join(SHEETS)})")
    if (game, sheet) not in MODULES:
        have = ", ".join(s for g, s in available() if g == game) or "none yet"
        raise UserError(f"{game} has no {sheet} sheet (available for {game}: {have})")
    return importlib.import_module(MODULES[(game, sheet)])
