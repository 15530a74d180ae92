"""`printkit list`: the games, where each comes from, and which printables each has."""

from __future__ import annotations

import typer


def list_printables() -> None:
    """Show each game, its sheets (what `printkit render GAME SHEET` can make) and what else
    it offers: play book, verifier, bots, odds."""
    from rich.console import Console
    from rich.table import Table

    from printkit import sheets
    from printkit_engine import registry

    table = Table(title="printkit render GAME SHEET", show_lines=False, expand=False)
    table.add_column("game", no_wrap=True)
    table.add_column("title")
    table.add_column("sheets")
    table.add_column("also")
    for game in registry.GAMES.values():
        names = [p.sheet for p in sheets.printables(game.id)]
        also = ["playbook"] + [part for part, have in (("verify", game.verify),
                                                       ("simulate", game.bots),
                                                       ("odds", game.odds)) if have]
        table.add_row(game.id, game.title, ", ".join(names) or "-", ", ".join(also))

    class Out(Console):
        def on_broken_pipe(self) -> None:
            """A reader gone away is the command line's to end (exit 141), as for any
            command: rich's own ending would exit 1, which reads as a finding."""
            raise BrokenPipeError

    Out().print(table)


def register(app: typer.Typer) -> None:
    app.command("list")(list_printables)
