"""`printkit list`: which printables exist, games by sheets."""

from __future__ import annotations

import typer
from rich.console import Console
from rich.table import Table

from printkit import sheets


def list_printables() -> None:
    """Show a table of games x printables (what `printkit render GAME SHEET` can make)."""
    have = set(sheets.available())
    table = Table(title="printkit render GAME SHEET", show_lines=False)
    table.add_column("game")
    for sheet in sheets.SHEETS:
        table.add_column(sheet, justify="center")
    for game, name in sheets.GAMES.items():
        table.add_row(f"{game} ({name})",
                      *("yes" if (game, s) in have else "-" for s in sheets.SHEETS))
    Console(width=160).print(table)


def register(app: typer.Typer) -> None:
    app.command("list")(list_printables)
