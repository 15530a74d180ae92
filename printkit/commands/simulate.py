"""`printkit simulate GAME --seed S --games N --out DIR`: bots play whole games and write them.

Each game k is played with the play book seed `S-000k` (draws from the play book
streams of docs/draws.md) and written to DIR/GAME-S-000k.rec in the game's record notation, so
`printkit verify` can replay it and a printed play book for that seed shows the same dice.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from printkit.completion import game_ids
from printkit.errors import UserError

_SAFE_SEED = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def _play(game: str, rules: object, date: str | None, extra: dict[str, int],
          seed: str) -> str:
    """One game's record text (what a worker of the pool runs)."""
    from engine import registry

    bots = registry.get(game).bots
    assert bots is not None
    return bots.play(seed, rules, date=date, **extra).text()


def record_path(out: Path, game: str, seed: str) -> Path:
    return out / f"{game}-{seed}.rec"


def simulate(
    game: Annotated[str, typer.Argument(help="Game id (printkit list marks the games that "
                                             "have bots).", autocompletion=game_ids)],
    seed: Annotated[str, typer.Option("--seed", help="Play book seed; game k uses seed "
                                                     "SEED-000k.")],
    out: Annotated[Path, typer.Option("--out", help="Directory for the records.")],
    games: Annotated[int, typer.Option("--games", min=1, max=100000,
                                       help="How many games to play.")] = 1,
    date: Annotated[str | None, typer.Option("--date", help="Date tag to write "
                                                            "(default: none).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing "
                                                        "records.")] = False,
    players: Annotated[int | None, typer.Option("--players", help="Players at the table "
                                                "(games whose play book has a player count; "
                                                "default: the book's).")] = None,
) -> None:
    """Play complete games with seeded bots and write their records."""
    from engine import registry
    from engine.tags import check_value
    from printkit.output import FileSet
    from printkit.progress import track

    found = registry.GAMES.get(game)
    if found is None or found.bots is None:
        raise UserError(f"cannot simulate {game!r} (games that can be simulated: "
                        f"{', '.join(g.id for g in registry.with_part('bots'))})")
    if not _SAFE_SEED.match(seed):
        raise UserError(f"seed {seed!r}: use letters, digits, '.', '_' or '-' (it names files)")
    if date is not None and (why := check_value(date)):
        raise UserError(f"--date: {why}")
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: not a directory")
    extra = _players(found, players)
    bots = found.bots
    seeds = [bots.seed_of(seed, k) for k in range(1, games + 1)]
    rules = found.rules()
    with FileSet(force) as files:
        for s in seeds:
            files.check(record_path(out, game, s))
        from printkit import batch  # a process pool: loaded only when it is used

        texts = batch.ordered_map(partial(_play, game, rules, date, extra), seeds)
        for s, text in zip(track(seeds, description=f"Simulating {game}", total=len(seeds)),
                           texts, strict=True):
            files.add(record_path(out, game, s), text)
    typer.echo(f"wrote {len(seeds)} record{'s' if len(seeds) != 1 else ''} to {out}")


def _players(game, players: int | None) -> dict[str, int]:
    """`players=N` for the bots of a game whose play book counts players (checked against the
    book's range), nothing otherwise."""
    scheme = game.book.players
    if scheme is None:
        if players is not None:
            raise UserError(f"--players is not an option of {game.id}")
        return {}
    players = scheme.default if players is None else players
    if not scheme.low <= players <= scheme.high:
        raise UserError(f"--players: {game.title} is for {scheme.low}-{scheme.high} players, "
                        f"not {players}")
    return {"players": players}


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
