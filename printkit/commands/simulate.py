"""`printkit simulate GAME --seed S --games N --out DIR`: bots play whole games and write them.

Each game k is played with the play book seed `S-000k` (draws from the play book
streams of docs/draws.md) and written to DIR/GAME-S-000k.rec in the game's record notation, so
`printkit verify` can replay it and a printed play book for that seed shows the same dice.
With `--class CLASSDIR` (a folder `printkit classroom` wrote) the bots play every scheduled
match instead, with its seed, teams and match id, to DIR/M1.rec, ...: a rehearsal of the class
before the lesson, which `printkit audit` takes as the class's own records.
With `--slips N`, N of the records get one hand-written slip each (printkit/slips.py) and
DIR/answer-key.csv says where, and what the audit must find.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from printkit.completion import game_ids
from printkit.errors import UserError
from printkit.schedule_check import Fixture
from printkit_engine.tags import check_value

_SAFE_SEED = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def _play(game: str, rules: object, date: str | None, extra: dict[str, int | str],
          seed: str) -> str:
    """One game's record text (what a worker of the pool runs)."""
    from printkit_engine import registry

    bots = registry.get(game).bots
    assert bots is not None
    return bots.play(seed, rules, date=date, **extra).text()


def _play_match(game: str, rules: object, date: str | None, extra: dict[str, int | str],
                fixture: Fixture) -> str:
    """One scheduled match's record: the bots' game with the match's seed, under its teams
    and match id."""
    from printkit_engine import registry

    bots = registry.get(game).bots
    assert bots is not None
    names: dict[str, str] = {}
    if _names_teams(bots.play):     # Card Bowl writes the team names in its drive headings
        names = {"home": fixture.home, "away": fixture.away}
    played = bots.play(fixture.seed, rules, date=date, **extra, **names)
    if "Home" in played.tags:
        played.tags.update(Home=fixture.home, Away=fixture.away)
    played.tags["Match"] = fixture.match
    return played.text()


def _names_teams(play: object) -> bool:
    """Do these bots take the teams' names (`home=`, `away=`), and write them beyond the
    tags? Renaming the tags afterwards would leave the bots' own names in the record."""
    return _takes(play, "home")


def _takes(play: object, name: str) -> bool:
    """Does the bots' play function take this keyword?"""
    import inspect

    from printkit_engine.game import Lazy

    fn = play.resolve() if isinstance(play, Lazy) else play
    return name in inspect.signature(fn).parameters  # type: ignore[arg-type]


def _length(game, length: str | None) -> dict[str, str]:
    """`length=NAME` for bots that play a game length the table chose (checked against the
    rules' lengths), nothing without `--length`."""
    if length is None:
        return {}
    from printkit.omr.sheet import check_length

    check_length(game.id, length)
    assert game.bots is not None
    if not _takes(game.bots.play, "length"):
        raise UserError(f"--length: the {game.title} bots choose each game's length "
                        "themselves, as the table does")
    return {"length": length}


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
    slips: Annotated[int, typer.Option("--slips", min=0, max=100000, help=(
        "Plant one hand-written slip in each of N records (seeded by --seed, or by the "
        "class) and write DIR/answer-key.csv: what the audit must find."))] = 0,
    length: Annotated[str | None, typer.Option(
        "--length", help="The game length every game is played to (BLOWOUT!!!: one of its "
                         "rules' lengths, as `classroom --length`; default the whole "
                         "game).")] = None,
) -> None:
    """Play complete games with seeded bots and write their records."""
    from printkit.output import FileSet
    from printkit.progress import track
    from printkit_engine import registry

    found = registry.GAMES.get(game)
    if found is None or found.bots is None:
        raise UserError(f"cannot simulate {game!r} (games that can be simulated: "
                        f"{', '.join(g.id for g in registry.with_part('bots'))})")
    if (seed is None) == (class_dir is None):
        raise UserError("simulate needs --seed SEED or --class CLASSDIR (one of them)")
    extra: dict[str, int | str] = {**_players(found, players), **_length(found, length)}
    if class_dir is not None:
        _rehearse(found, class_dir, out, date, force, extra, slips)
        return
    assert seed is not None
    if not _SAFE_SEED.match(seed):
        raise UserError(f"seed {seed!r}: use letters, digits, '.', '_' or '-' (it names files)")
    if date is not None and (why := check_value(date)):
        raise UserError(f"--date: {why}")
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: not a directory")
    bots = found.bots
    seeds = [bots.seed_of(seed, k) for k in range(1, games + 1)]
    rules = found.rules()
    with FileSet(force) as files:
        for s in seeds:
            files.check(record_path(out, game, s))
        from printkit import batch  # a process pool: loaded only when it is used

        texts = batch.ordered_map(partial(_play, game, rules, date, extra), seeds)
        records = [(record_path(out, game, s).name, text) for s, text in zip(
            track(seeds, description=f"Simulating {game}", total=len(seeds)), texts,
            strict=True)]
        _write(files, out, _slipped(found, rules, records, slips, seed, ()))
    typer.echo(f"wrote {len(seeds)} record{'s' if len(seeds) != 1 else ''} to {out}"
               + _planted(slips, out))


def _slipped(game, rules: object, records: list[tuple[str, str]], count: int, seed: str,
             fixtures) -> tuple[list[tuple[str, str]], str | None]:
    """The records with `count` slips planted, and the answer key's CSV (None: no slips)."""
    if not count:
        return records, None
    from printkit.slips import key_csv, plant, seer

    slipped, key = plant(game.bots.slips, records, count, seed, seer(game, rules, fixtures))
    return slipped, key_csv(key)


def _write(files, out: Path, made: tuple[list[tuple[str, str]], str | None]) -> None:
    """The records and, when slips were planted, the answer key beside them."""
    from printkit.slips import KEY_NAME

    records, key = made
    if key is not None:
        files.check(out / KEY_NAME)
    for name, text in records:
        files.add(out / name, text)
    if key is not None:
        files.add(out / KEY_NAME, key)


def _planted(count: int, out: Path) -> str:
    from printkit.slips import KEY_NAME

    return (f", {count} with a slip (answer key: {out / KEY_NAME})" if count else "")


def _rehearse(game, class_dir: Path, out: Path, date: str | None, force: bool,
              extra: dict[str, int | str], slips: int = 0) -> None:
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
        records = [(f"{f.match}.rec", text) for f, text in zip(fixtures, texts, strict=True)]
        _write(files, out, _slipped(game, rules, records, slips, _class_seed(fixtures),
                                    fixtures))
    typer.echo(f"wrote {len(fixtures)} record{'s' if len(fixtures) != 1 else ''} of class "
               f"matches to {out}" + _planted(slips, out))


def _class_seed(fixtures: list[Fixture]) -> str:
    """The slips' seed of a class: its matches' seeds (made by the class key), so the same
    class gets the same slips and another class other ones."""
    import hashlib

    return hashlib.sha256(" ".join(f.seed for f in fixtures).encode()).hexdigest()[:16]


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
