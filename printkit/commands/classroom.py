"""`printkit classroom GAME`: a whole class's materials in one run (printkit/classroom.py).

Writes into --out DIR, all or nothing: pack.pdf (every match in print order, ordered for a
duplex printer unless --simplex), matches/match-NNN.pdf (one per match), with --fillable
fillable/match-NNN.pdf (each match's fillable log), schedule.pdf (the tournament sheet),
teacher.pdf (each match's seed and verification code) and results.csv (what `printkit audit`
reads back). Seeds come from the class key (--class-key, created on first use).
"""

from __future__ import annotations

import sys
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from printkit.commands.paper import Paper, paper_option
from printkit.completion import game_ids
from printkit.errors import UserError
from printkit_engine.teams import MAX_TEAMS


class Format(StrEnum):
    round_robin = "round-robin"
    knockout = "knockout"


DEFAULT_KEY = Path("class.key")


def classroom(
    game: Annotated[str, typer.Argument(help="Game id (printkit list shows them).",
                                        autocompletion=game_ids)],
    teams: Annotated[int | None, typer.Option(
        "--teams", min=2, max=MAX_TEAMS, help=f"How many teams (2-{MAX_TEAMS}), named Team 1 "
                                              "... Team N.")] = None,
    roster: Annotated[Path | None, typer.Option(
        help="CSV of team or student names (header: team, student; students sharing a team "
             "name play together).")] = None,
    format: Annotated[Format, typer.Option("--format", help="round-robin (everyone meets "
                                                            "everyone) or knockout.")]
    = Format.round_robin,
    class_key: Annotated[Path, typer.Option(
        "--class-key", help="The class key file: created on first use (keep it private; "
                            "audit needs it).")] = DEFAULT_KEY,
    paper: Annotated[Paper, paper_option()] = Paper.letter,
    out: Annotated[Path, typer.Option(help="Output directory.")] = Path("output/classroom"),
    simplex: Annotated[bool, typer.Option(
        "--simplex", help="For a one-sided printer: the pages in plain order, no blank backs "
                          "(default: ordered for duplex printing).")] = False,
    fillable: Annotated[bool, typer.Option(
        "--fillable", help="Also write each match's fillable log (a PDF form to type the game "
                           "into on a laptop or tablet) to fillable/match-NNN.pdf.")] = False,
    dense: Annotated[bool, typer.Option(
        "--dense", help="Each match's bubble log the full-line sheet (every line's state), "
                        "not the decision sheet (the default for a game that has one).")]
    = False,
    length: Annotated[str | None, typer.Option(
        "--length", help="How long each match is, one of the game's lengths (games that have "
                         "them; default the whole game): the bubble sheets' codes carry it, "
                         "so a short match is read and checked as short.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite existing files.")] = False,
) -> None:
    """Make a class's packs: every match's sheets and play book, schedule, teacher sheet."""
    from printkit.classkey import load_or_create
    from printkit.classroom import class_targets, make_plan, pack_options, write_class
    from printkit.output import FileSet
    from printkit.progress import track
    from printkit.schedule_check import PACK
    from printkit.teamnames import read_roster
    from printkit_engine import registry
    from printkit_engine.tournament import TournamentError, numbered, schedule

    if game not in registry.GAMES:
        raise UserError(f"unknown game {game!r} (games: {', '.join(registry.GAMES)})")
    if length is not None:
        from printkit.omr.sheet import check_length

        check_length(game, length)
    if (teams is None) == (roster is None):
        raise UserError("classroom needs --teams N or --roster FILE.csv (one of them)")
    the_roster = read_roster(roster) if roster is not None else None
    names = the_roster.teams if the_roster else numbered(teams or 0)
    try:
        sched = schedule(format.value, names)
    except TournamentError as exc:
        raise UserError(f"{roster or '--teams'}: {exc}") from None
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: not a directory")
    started = time.perf_counter()
    with FileSet(force) as files:
        for t in class_targets(out, None):
            files.check(t)
        key, created = load_or_create(class_key)
        plan = make_plan(game, sched, key, paper.value, the_roster)
        for t in class_targets(out, plan, fillable):
            files.check(t)
        pages = write_class(
            files, out, plan, pack_options(paper.value, length or "", dense),
            duplex=not simplex,
            fillable=fillable,
            progress=lambda ms: track(ms, f"Rendering {len(ms)} matches", total=len(ms)))
    seconds = time.perf_counter() - started
    if created:
        typer.echo(f"created class key {class_key} (class {key.class_id}): keep it private; "
                   "audit needs it, and without it no seed of this class can be made again",
                   err=True)
    typer.echo(f"{registry.get(game).title}: class {key.class_id}, {len(names)} teams, "
               f"{len(plan.matches)} matches, {pages} pages in {out / PACK} "
               f"({pages / max(seconds, 1e-9):.0f} pages/s)")
    sys.stdout.flush()


def register(app: typer.Typer) -> None:
    app.command("classroom")(classroom)
