"""Reading and verifying record files: the library under `printkit verify` and `printkit
audit` (and anything else that checks records, a web page included).

A record is a typed text file, or a bubble sheet's photo or PDF, or a filled fillable log read
into one (printkit/omr). The game is read from the record's `[Game "..."]` tag; an untagged
record is offered to each game's notation detector (Card Bowl play notes written exactly as
in its rules' example are known by their `D & D @ Y` lines). Each game object carries its
verifier.

A player's own rules file (`--rules`) belongs to one game: :class:`OwnRules` loads it once
per game, so a folder of records with a bad file is one error, not one per record.
"""

from __future__ import annotations

import re
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.errors import UserError
from printkit.text import printable
from printkit_engine.errors import ReadError
from printkit_engine.textfile import read_text
from printkit_engine.verify.record import split_lines

if TYPE_CHECKING:
    from printkit_engine.findings import Report
    from printkit_engine.game import Game

_GAME_TAG = re.compile(r'[ \t]*\[[ \t]*Game[ \t]+"([^"\n]*)"[ \t]*\]')
RECORD_SUFFIXES = (".rec", ".txt")


def detect_game(text: str, file: str) -> Game:
    """The game a record is in: its `[Game "..."]` tag, else the one game whose detector
    recognises its notation (each game's `detect`, asked in registry order)."""
    from printkit_engine import registry

    # a tagged record loads its own game only (the registry imports a game's package when it
    # is first looked up: every game's for a PostCard record was a fifth of `audit`'s start)
    for number, line in enumerate(split_lines(text), start=1):
        if m := _GAME_TAG.match(line):
            game_id = m.group(1).strip().lower()
            game = registry.GAMES.get(game_id)
            if game is None or game.verify is None:
                raise ReadError(f"no verifier for game {game_id!r} (have: "
                                f"{', '.join(g.id for g in registry.with_part('verify'))})",
                                file, number)
            return game
    verifiable = registry.with_part("verify")
    for game in verifiable:
        if game.detect is not None and game.detect(text):
            return game
    tags = " or ".join(f'[Game "{g.id}"]' for g in verifiable)
    raise ReadError(f"cannot tell the game: add a {tags} tag", file, 1)


@dataclass
class OwnRules:
    """A player's rules file (`--rules`): it belongs to one game (its `home`: the first of the
    records' games it is a rules file of, checked once before any record is read: a bad file
    is one error, not one per record). Loaded once for each game asked for; a record of
    another game, for which the file is no rules file, is verified with its game's shipped
    rules and says so in a note. No path: every game's shipped rules."""

    path: Path | None = None
    home: str | None = None
    _loaded: dict[str, Any] = field(default_factory=dict)

    def _load(self, game: Game) -> Any:
        assert self.path is not None
        if game.id not in self._loaded:
            try:
                self._loaded[game.id] = game.rules(self.path)
            except ReadError as exc:
                self._loaded[game.id] = exc
        return self._loaded[game.id]

    def check(self, games: list[Game]) -> None:
        """Make the file's game the first of `games` (the records' games, in order) it is a
        rules file of; ReadError (the one error: the first game's) if it is none's."""
        if self.path is None or not games:
            return
        for game in games:
            if not isinstance(self._load(game), ReadError):
                self.home = game.id
                return
        raise self._load(games[0])

    def load(self, game: Game) -> tuple[Any, str | None]:
        """The rules `game`'s records are verified with (None: the shipped ones), and a note
        when the file is a rules file of another game; ReadError if it is no rules file at
        all for the only game asked."""
        if self.path is None:
            return None, None
        got = self._load(game)
        if not isinstance(got, ReadError):
            return got, None
        if self.home is None or self.home == game.id:
            raise got
        return None, (f"{printable(str(self.path))} is a rules file of {self.home}, not of "
                      f"{game.id}: this record is verified with {game.id}'s own rules")


def read_record(path: Path) -> tuple[str, list[str]]:
    """A record file's text, and what could not be read of it: a typed record, or a filled
    fillable PDF log / bubble-sheet PDF or photo read into one (what could not be read is a
    note, `FILE:LINE: ...`, and left out of the record)."""
    from printkit.omr.runs import SHEET_SUFFIXES

    if path.suffix.lower() in SHEET_SUFFIXES:
        from printkit.omr import record_from_file

        _, text, notes = record_from_file(path)
        return text, list(notes)
    return read_text(path, "record"), []


def verify_text(text: str, file: str, rules: OwnRules | None = None) -> Report:
    """Verify with the game's shipped rules, or with a player's own values laid over them."""
    game = detect_game(text, file)
    own, note = (rules or OwnRules()).load(game)
    assert game.verify is not None          # a game a record is detected as has a verifier
    report = game.verify(text, file, own)
    if note:
        report.notes.append(note)
    return report


def check_file(path: Path, rules: OwnRules | None = None) -> Report:
    """One record file read and verified (what a worker of a pool runs); the notes of what
    could not be read go with the report."""
    text, notes = read_record(path)
    report = verify_text(text, str(path), rules)
    report.notes[:0] = notes
    return report


def check_unit(unit: str | tuple[str, ...], rules: OwnRules | None = None) -> Report:
    """One record: a file, or one match's bubble-sheet files read together in sheet order
    (printkit/omr/runs.py, as `audit` groups them); a run's findings name the sheet file and
    the line printed on it."""
    if isinstance(unit, str):
        try:
            return check_file(Path(unit), rules)
        except UserError as exc:            # a photo or PDF that cannot be read
            name = printable(unit)
            raise ReadError(str(exc).removeprefix(f"{name}: "), name) from None
    from printkit.omr.runs import read_run, run_name, run_report
    from printkit_engine import registry

    game_id, text, where = read_run(tuple(map(Path, unit)))
    game = registry.get(game_id)
    own, note = (rules or OwnRules()).load(game)
    assert game.verify is not None          # a game with bubble logs has a verifier
    report = run_report(game.verify(text, run_name(unit), own), where)
    if note:
        report.notes.append(note)
    return report


def games_of(files: list[Path]) -> list[Game]:
    """The games of the typed records among `files`, each once, in the files' order (a
    record that cannot be read is left to its own report)."""
    out: list[Game] = []
    for path in files:
        if path.suffix.lower() in RECORD_SUFFIXES:
            try:
                game = detect_game(read_text(path, "record"), str(path))
            except ReadError:
                continue
            if game not in out:
                out.append(game)
    return out


def preload(path: Path, rules: OwnRules | None = None) -> None:
    """Load the verifier and rules of `path`'s game in this process, before a pool of
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
    if rules is not None:
        with suppress(ReadError):    # said once by the command (OwnRules.check)
            rules.load(game)


def natural(path: Path) -> list:
    """Sort key: numbers by value, so M2.rec comes before M10.rec."""
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", str(path))]


def files_in(folder: Path, suffixes: tuple[str, ...] = RECORD_SUFFIXES) -> list[Path]:
    """The record files under `folder` (natural order; hidden files skipped). Every entry
    with a record's name that is not a folder is one, whatever it is: a FIFO, a symbolic
    link that loops or leads to a device is then reported unreadable and counted, never
    skipped without a word."""
    return sorted((p for p in folder.rglob("*") if p.suffix.lower() in suffixes
                   and not p.is_dir()
                   and not any(part.startswith(".") for part in p.relative_to(folder).parts)),
                  key=natural)


def expand(paths: list[Path]) -> list[Path]:
    """Files as given; a directory stands for the record files below it (RECORD_SUFFIXES)."""
    out: list[Path] = []
    for path in paths:
        out += files_in(path) if path.is_dir() else [path]
    return out
