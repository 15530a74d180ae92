"""`printkit verify RECORD...`: audit recorded games line by line.

The game is read from the record's `[Game "..."]` tag; an untagged record is offered to each
game's notation detector (Card Bowl play notes written exactly as in its rules' example are
known by their `D & D @ Y` lines). Each game object carries its verifier.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from engine.errors import ReadError
from engine.textfile import MAX_LINE, read_text
from printkit.errors import UserError
from printkit.text import one_line, printable

if TYPE_CHECKING:
    from engine.findings import Report
    from engine.game import Game

_GAME_TAG = re.compile(r'[ \t]*\[[ \t]*Game[ \t]+"([^"\n]*)"[ \t]*\]')


class Format(StrEnum):
    text = "text"
    json = "json"


def detect_game(text: str, file: str) -> Game:
    """The game a record is in: its `[Game "..."]` tag, else the one game whose detector
    recognises its notation (each game's `detect`, asked in registry order)."""
    from engine import registry

    verifiable = registry.with_part("verify")
    for number, line in enumerate(text.splitlines(), start=1):
        if m := _GAME_TAG.match(line):
            game_id = m.group(1).strip().lower()
            game = registry.GAMES.get(game_id)
            if game is None or game.verify is None:
                raise ReadError(f"no verifier for game {game_id!r} (have: "
                                f"{', '.join(g.id for g in verifiable)})", file, number)
            return game
    for game in verifiable:
        if game.detect is not None and game.detect(text):
            return game
    tags = " or ".join(f'[Game "{g.id}"]' for g in verifiable)
    raise ReadError(f"cannot tell the game: add a {tags} tag", file, 1)


def verify_text(text: str, file: str, rules_file: Path | None = None) -> Report:
    """Verify with the game's shipped rules, or with a player's own values laid over them."""
    game = detect_game(text, file)
    rules = None if rules_file is None else game.rules(rules_file)
    return game.verify(text, file, rules)


def read_record(path: Path) -> str:
    """A record file; or a filled fillable PDF log / bubble-sheet PDF or photo, read into one
    (what could not be read is said on stdout, `FILE:LINE: ...`, and left out of the
    record)."""
    from printkit.omr.runs import SHEET_SUFFIXES

    if path.suffix.lower() in SHEET_SUFFIXES:
        from printkit.omr import record_from_file

        _, text, notes = record_from_file(path)
        for note in notes:
            typer.echo(note)
        return text
    return read_text(path, "record")


def check_file(path: Path, rules_file: Path | None = None) -> Report:
    """One record file read and verified (what a worker of a pool runs)."""
    return verify_text(read_record(path), str(path), rules_file)


def check_unit(unit: str | tuple[str, ...], rules_file: Path | None = None) -> Report:
    """One record: a file, or one match's bubble-sheet files read together in sheet order
    (printkit/omr/runs.py, as `audit` groups them); a run's findings name the sheet file and
    the line printed on it."""
    if isinstance(unit, str):
        try:
            return check_file(Path(unit), rules_file)
        except UserError as exc:            # a photo or PDF that cannot be read
            name = printable(unit)
            raise ReadError(str(exc).removeprefix(f"{name}: "), name) from None
    from engine import registry
    from printkit.omr.runs import read_run, run_name, run_report

    game_id, text, where = read_run(tuple(map(Path, unit)))
    game = registry.get(game_id)
    rules = None if rules_file is None else game.rules(rules_file)
    return run_report(game.verify(text, run_name(unit), rules), where)


RECORD_SUFFIXES = (".rec", ".txt")


def preload(path: Path) -> None:
    """Load the verifier and shipped rules of `path`'s game in this process, before a pool of
    workers is forked from it: each worker then inherits them instead of importing the rules
    engine on its own (about 0.1 s a worker). Only a typed record is read for this (a scan
    is left to its worker); one that cannot be read is left to its worker to report."""
    if path.suffix.lower() not in RECORD_SUFFIXES:
        return
    try:
        game = detect_game(read_text(path, "record"), str(path))
    except ReadError:
        return
    resolve = getattr(game.verify, "resolve", None)
    if resolve is not None:
        resolve()
    if game.load_rules is not None:
        game.rules()


def _safe(text: str) -> str:
    """Report lines quote the record: control characters in it are shown escaped."""
    return "\n".join(printable(line, 4 * MAX_LINE) for line in text.split("\n"))


def expand(paths: list[Path]) -> list[Path]:
    """Files as given; a directory stands for the record files below it (RECORD_SUFFIXES,
    hidden files skipped), in sorted order."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out += sorted(p for p in path.rglob("*") if p.suffix in RECORD_SUFFIXES
                          and p.is_file() and not any(part.startswith(".")
                                                      for part in p.relative_to(path).parts))
        else:
            out.append(path)
    return out


@dataclass
class Totals:
    clean: int = 0
    with_findings: int = 0
    findings: int = 0
    unreadable: int = 0

    def add(self, report: Report) -> None:
        if report.clean:
            self.clean += 1
        else:
            self.with_findings += 1
            self.findings += len(report.findings)

    @property
    def exit_code(self) -> int:
        return 2 if self.unreadable else 1 if self.with_findings else 0

    def line(self) -> str:
        n = self.clean + self.with_findings + self.unreadable
        return (f"total: {n} record{'s' if n != 1 else ''}: {self.clean} clean, "
                f"{self.with_findings} with findings ({self.findings} finding"
                f"{'s' if self.findings != 1 else ''}), {self.unreadable} unreadable")

    def as_dict(self) -> dict[str, int]:
        return {"clean": self.clean, "with_findings": self.with_findings,
                "findings": self.findings, "unreadable": self.unreadable}


def verify(
    records: Annotated[list[Path], typer.Argument(help="Record files, or directories of them "
                                                       "(*.rec, *.txt).")],
    format: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
    rules: Annotated[Path | None, typer.Option(help="Rules TOML with your own chart values "
                                                    "(the same file given to render).")] = None,
) -> None:
    """Audit game records; exit 0 all clean, 1 findings, 2 a record could not be read."""
    files = expand(records)
    if not files:
        raise UserError(f"no record files in {', '.join(map(str, records))}")
    from printkit.omr.runs import units

    todo = units(files)
    if len(todo) == 1:
        report = check_unit(todo[0], rules)
        typer.echo(report.to_json() if format is Format.json else _safe(report.to_text()))
        sys.exit(0 if report.clean else 1)
    from printkit import batch

    if len(todo) >= batch.POOL_FROM and isinstance(todo[0], str):
        preload(Path(todo[0]))
    totals, reports = Totals(), []
    for outcome in batch.run(partial(check_unit, rules_file=rules), todo):
        path, report = outcome.path, outcome.report
        if report is None:
            assert outcome.error is not None
            totals.unreadable += 1
            typer.echo(f"printkit: error: {one_line(str(outcome.error))}", err=True)
            name = path if isinstance(path, str) else ", ".join(path)
            reports.append({"file": name, "unreadable": one_line(outcome.error.message)})
            continue
        totals.add(report)
        if format is Format.json:
            reports.append(json.loads(report.to_json()))
        else:
            typer.echo(_safe(report.to_text()))
    if format is Format.json:
        typer.echo(json.dumps({"records": reports, "total": totals.as_dict()}, indent=2))
    else:
        typer.echo(totals.line())
    sys.exit(totals.exit_code)


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)
