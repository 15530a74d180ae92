"""`printkit simulate GAME --seed S --games N --out DIR`: bots play whole games and write them.

Each game k is played with the play book seed `S-000k` (draws from the play book
streams of docs/draws.md) and written to DIR/GAME-S-000k.rec in the game's record notation, so
`printkit verify` can replay it and a printed play book for that seed shows the same dice.
With `--class CLASSDIR` (a folder `printkit classroom` wrote) the bots play every scheduled
match instead, with its seed, teams and match id, to DIR/M1.rec, ...: a rehearsal of the class
before the lesson, which `printkit audit` takes as the class's own records.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from engine.tags import check_value
from printkit.completion import game_ids
from printkit.errors import UserError
from printkit.schedule_check import Fixture

_SAFE_SEED = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def _play(game: str, rules: object, date: str | None, extra: dict[str, int],
          seed: str) -> str:
    """One game's record text (what a worker of the pool runs)."""
    from engine import registry

    bots = registry.get(game).bots
    assert bots is not None
    return bots.play(seed, rules, date=date, **extra).text()


def _play_match(game: str, rules: object, date: str | None, extra: dict[str, int],
                fixture: Fixture) -> str:
    """One scheduled match's record: the bots' game with the match's seed, under its teams
    and match id."""
    from engine import registry

    bots = registry.get(game).bots
    assert bots is not None
    played = bots.play(fixture.seed, rules, date=date, **extra)
    if "Home" in played.tags:
        played.tags.update(Home=fixture.home, Away=fixture.away)
    played.tags["Match"] = fixture.match
    return played.text()


def record_path(out: Path, game: str, seed: str) -> Path:
    return out / f"{game}-{seed}.rec"


def simulate(
    game: Annotated[str, typer.Argument(help="Game id (printkit list marks the games that "
                                             "have bots).", autocompletion=game_ids)],
    out: Annotated[Path, typer.Option("--out", help="Directory for the records.")],
    seed: Annotated[str | None, typer.Option("--seed", help="Play book seed; game k uses seed "
                                                            "SEED-000k.")] = None,
    class_dir: Annotated[Path | None, typer.Option(
        "--class", help="A class folder `classroom` wrote: play every scheduled match (its "
                        "seed, teams and id) instead of --seed/--games.")] = None,
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
    from printkit.output import FileSet
    from printkit.progress import track

    found = registry.GAMES.get(game)
    if found is None or found.bots is None:
        raise UserError(f"cannot simulate {game!r} (games that can be simulated: "
                        f"{', '.join(g.id for g in registry.with_part('bots'))})")
    if (seed is None) == (class_dir is None):
        raise UserError("simulate needs --seed SEED or --class CLASSDIR (one of them)")
    if class_dir is not None:
        _rehearse(found, class_dir, out, date, force, _players(found, players))
        return
    assert seed is not None
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


def _rehearse(game, class_dir: Path, out: Path, date: str | None, force: bool,
              extra: dict[str, int]) -> None:
    """Every scheduled match of the class played by the bots (a knock-out's later rounds,
    whose teams are not known yet, are left for the real class)."""
    from printkit import batch
    from printkit.output import FileSet
    from printkit.schedule_check import find_schedule, read_schedule

    if date is not None and (why := check_value(date)):
        raise UserError(f"--date: {why}")
    path = find_schedule(class_dir, class_dir)
    assert path is not None
    fixtures = [f for f in read_schedule(path)
                if f.seed and not (f.home + f.away).count("Winner M")]
    if not fixtures:
        raise UserError(f"{path}: no match with a seed and two teams to play")
    rules = game.rules()
    with FileSet(force) as files:
        for f in fixtures:
            files.check(out / f"{f.match}.rec")
        texts = batch.ordered_map(partial(_play_match, game.id, rules, date, extra), fixtures)
        for f, text in zip(fixtures, texts, strict=True):
            files.add(out / f"{f.match}.rec", text)
    typer.echo(f"wrote {len(fixtures)} record{'s' if len(fixtures) != 1 else ''} of class "
               f"matches to {out}")


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
