"""`printkit odds GAME [QUESTION]`: the odds that matter in a game, exact where possible.

The tables come from the game object (`GAME.odds`, engine/<game>/odds.py) computed from the
game's rules data; this command only picks the question and formats (text, JSON, CSV, a
chart). `--simulate N` has the game's bots play N seeded games and reports season figures
read back from their records (`GAME.bots.stats`) with 95% intervals.
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from printkit.completion import game_ids
from printkit.errors import UserError

SEED = "odds"          # default seed of --simulate: game k is played with seed odds-000k
_SAFE_SEED = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


class Format(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


def _game(game_id: str):
    from printkit_engine import registry

    found = registry.GAMES.get(game_id)
    if found is None or found.odds is None:
        have = ", ".join(g.id for g in registry.with_part("odds"))
        what = "unknown game" if found is None else "no odds for"
        raise UserError(f"{what} {game_id!r} (games with odds: {have})")
    return found


def _rules(found, rules_file: Path | None):
    if found.load_rules is None:
        if rules_file is not None:
            raise UserError(f"--rules: {found.id} has no rules data file to lay values over")
        return None
    return found.rules(rules_file)


def tables_for(game_id: str, question: str | None = None,
               rules_file: Path | None = None) -> list:
    """The game's odds tables, or the one a QUESTION key names."""
    found = _game(game_id)
    rules = _rules(found, rules_file)
    tables = found.odds(rules)
    if question is None:
        return tables
    chosen = [t for t in tables if t.key == question]
    if not chosen:
        raise UserError(f"no question {question!r} for {game_id} (questions: "
                        f"{', '.join(t.key for t in tables)})")
    return chosen


def season_tables(game_id: str, games: int, seed: str, rules_file: Path | None = None
                  ) -> list:
    from printkit.progress import track
    from printkit.season import season_table
    from printkit_engine import registry

    found = _game(game_id)
    bots = found.bots
    if bots is None or bots.stats is None:
        have = ", ".join(g.id for g in registry.with_part("bots")
                         if g.bots is not None and g.bots.stats is not None)
        raise UserError(f"--simulate: {game_id} has no bots to simulate with (games: {have})")
    rules = _rules(found, rules_file)
    seeds = [bots.seed_of(seed, k) for k in range(1, games + 1)]
    from functools import partial

    from printkit import batch

    texts = batch.ordered_map(partial(_record, game_id, rules), seeds)
    stats = [bots.stats(text)
             for text in track(texts, description=f"Simulating {game_id}", total=games)]
    tables = [season_table(stats, seed)]
    if bots.claims is not None:
        tables.append(bots.claims(stats, seed))
    return tables


def _record(game_id: str, rules: object, seed: str) -> str:
    """One simulated game's record text (what a worker of the pool runs)."""
    from printkit_engine import registry

    bots = registry.get(game_id).bots
    assert bots is not None
    return bots.play(seed, rules).text()


def odds(
    game: Annotated[str, typer.Argument(help="Game id (printkit list).",
                                        autocompletion=game_ids)],
    question: Annotated[str | None, typer.Argument(
        help="One table's key (e.g. field-goal); all tables if left out.")] = None,
    fmt: Annotated[Format, typer.Option("--format", help="Output format.",
                                        case_sensitive=False)] = Format.text,
    simulate: Annotated[int | None, typer.Option(
        "--simulate", min=1, max=100000, metavar="N",
        help="Play N games with the bots and print season figures with 95% intervals.")] = None,
    seed: Annotated[str, typer.Option("--seed", help="Seed of --simulate (game k uses "
                                                     "SEED-000k).")] = SEED,
    plot: Annotated[Path | None, typer.Option(
        "--plot", metavar="FILE", help="Also draw the tables as a chart (.pdf or .png).")] = None,
    rules: Annotated[Path | None, typer.Option(
        "--rules", metavar="FILE.toml",
        help="Rules TOML with your own chart values (as render and verify take).")] = None,
    out: Annotated[Path | None, typer.Option("--out", metavar="FILE",
                                             help="Write to FILE instead of stdout.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite --out / --plot "
                                                        "files.")] = False,
) -> None:
    """Print the odds of a game: exact where possible, the method beside each figure."""
    from printkit import oddsformat

    if not _SAFE_SEED.match(seed):
        raise UserError(f"--seed {seed!r}: use letters, digits, '.', '_' or '-'")
    if plot is not None and plot.suffix.lower() not in (".pdf", ".png"):
        raise UserError(f"--plot {plot}: expected a .pdf or .png file name")
    if simulate is not None:
        if question is not None:
            raise UserError("--simulate prints season figures; leave out QUESTION")
        tables = season_tables(game, simulate, seed, rules)
    else:
        tables = tables_for(game, question, rules)
    text = oddsformat.FORMATS[fmt.value](game, tables)
    if out is not None:
        from printkit.output import FileSet

        with FileSet(force) as files:
            files.add(out, text)
    if plot is not None:
        from printkit.oddsplot import write_chart

        written = write_chart(plot, game, tables, force)
        typer.echo(f"wrote {', '.join(map(str, written))}", err=out is None)
    if out is None:
        typer.echo(text, nl=False)
    else:
        typer.echo(f"wrote {out}")


def register(app: typer.Typer) -> None:
    app.command("odds")(odds)
