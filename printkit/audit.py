"""Auditing a class's records in one batch: verify each, check it belongs to the class, build
the standings from the clean ones. The CLI (printkit/commands/audit.py) and the HTML report
(printkit/audit_html.py) are on top of this.

Each record is checked on its own (a worker process may take it): a file that cannot be read
is an "unreadable" entry, never the end of the batch.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.omr.runs import SHEET_SUFFIXES
from printkit.standings import PlayerStanding, players, seat_dicts
from printkit_engine import registry
from printkit_engine.classkey import ClassKey
from printkit_engine.errors import ReadError
from printkit_engine.tags import TAG, unquote
from printkit_engine.teams import MAX_TEAMS
from printkit_engine.tournament import Result, standings
from printkit_engine.verify.record import split_lines

if TYPE_CHECKING:
    from printkit.schedule_check import Account, Bound
    from printkit_engine.tournament import Standing

CLASS_MATCHES = MAX_TEAMS * (MAX_TEAMS - 1) // 2   # seeds looked up for a record without
#                                                   [Match]: the largest round robin
TEXT_KEPT = 200_000         # characters of a record kept for the HTML report
_POINTS = re.compile(r"\s*(\d{1,4})\s*[-:]\s*(\d{1,4})\s*")
_FINAL = re.compile(r"final score (\d{1,4})-(\d{1,4})")


# --- the reader hook -------------------------------------------------------------------------

def record_text(path: Path) -> tuple[str | None, str]:
    """The hook every record passes through: a path to (game id, or None to tell it from the
    record; the record's text). Readers of other inputs (a photo of a bubble sheet, a filled
    PDF) plug in here; a ReadError means the file is reported unreadable and skipped."""
    from printkit.records import read_record

    if path.suffix.lower() in SHEETS:
        from printkit.errors import UserError
        from printkit.omr import record_from_file

        try:
            game_id, text, _notes = record_from_file(path)
        except UserError as exc:
            raise ReadError(str(exc).split(": ", 1)[-1], str(path)) from None   # a file: no line
        return game_id, text          # an ambiguous bubble's line is a comment in the record
    return None, read_record(path)[0]


READER: Callable[[Path], tuple[str | None, str]] = record_text


def run_text(paths: tuple[Path, ...]) -> tuple[str, str, dict[int, str]]:
    """The hook for one match's bubble sheets in several files (printkit/omr/runs.py, the
    grouping `verify` uses too): (game id, the record they write in sheet order, record line
    -> `FILE line N` on the sheets). A run that is no whole game is a ReadError."""
    from printkit.omr.runs import read_run

    return read_run(paths)


RUN_READER: Callable[[tuple[Path, ...]], tuple[str, str, dict[int, str]]] = run_text


def run_name(paths: tuple[Path, ...] | tuple[str, ...]) -> str:
    """How a run of sheet files is named in a report: every file, in sheet-file order."""
    from printkit.omr.runs import run_name as name

    return name(paths)


def units(files: list[Path]) -> list[str | tuple[str, ...]]:
    """What is audited, one record each: printkit/omr/runs.py's units, as `verify` groups."""
    from printkit.omr.runs import units as grouped

    return grouped(files)


SHEETS = SHEET_SUFFIXES                      # bubble-sheet scans, photos, filled PDF logs
SUFFIXES = (".rec", ".txt", *SHEETS)         # the files of a directory the reader is given


def files_in(folder: Path) -> list[Path]:
    """The record files under `folder`: typed records and bubble-sheet photos and PDFs
    (natural order; hidden files skipped; what cannot be read is reported, not skipped)."""
    from printkit.records import files_in as record_files

    return record_files(folder, SUFFIXES)


# --- one record ------------------------------------------------------------------------------

@dataclass
class Entry:
    file: str
    status: str                        # "clean", "findings" or "unreadable"
    game: str = ""
    match: str = ""
    home: str = ""
    away: str = ""
    points: tuple[int, int] | None = None
    findings: list[dict] = field(default_factory=list)
    error: str = ""
    belongs: bool | None = None        # None: no class key given
    lines: list[str] = field(default_factory=list)
    found: int = 0                     # findings, counted when they are dropped (`slim`)
    team_line: int = 1                 # the [Home] tag's line: where a wrong team is shown
    seats: list[dict] = field(default_factory=list)   # players scoring alone (standings.py)
    result_line: int = 1               # the [Result] tag's line: where a score is shown
    sources: tuple[str, ...] = ()      # the files the record was read from (a run: several)

    def slim(self) -> Entry:
        """The entry without its findings and lines, once they are reported: what the
        standings and the summary need (status, teams, points, membership), and the count."""
        self.found = len(self.findings)
        self.findings = []
        self.lines = []
        return self

    def as_dict(self, with_text: bool = False) -> dict:
        d = {k: v for k, v in self.__dict__.items()
             if k not in ("lines", "found", "team_line", "result_line",
                                   "sources")}
        d["points"] = list(self.points) if self.points else None
        if with_text:
            d["lines"] = self.lines
        return d


def tags_of(text: str) -> dict[str, tuple[str, int]]:
    """The record's `[Name "value"]` tags with their line numbers (first of each kept)."""
    tags: dict[str, tuple[str, int]] = {}
    for n, line in enumerate(split_lines(text)[:200], start=1):
        # a tag starts with `[`: the pattern is not tried on the play lines
        if "[" in line and (m := TAG.fullmatch(line.strip())):
            tags.setdefault(m.group(1), (unquote(m.group(2)), n))
    return tags


def class_findings(key: ClassKey, game: str, tags: dict[str, tuple[str, int]],
                   known: dict[str, str]) -> tuple[list[dict], str]:
    """Does a record belong to the class? Its seed must be the one the key makes for its
    match ([Match] tag, else any match of the class). Returns (findings, match id)."""
    seed, seed_line = tags.get("Seed", ("", 1))
    match, match_line = tags.get("Match", ("", 0))
    if not seed:
        return [{"line": 1, "rule": "CLASS-001", "message": "no [Seed] tag: cannot tell "
                 "whether the record is from this class", "expected": "the seed printed on "
                 "the match's play book", "found": "none"}], match
    if match:
        if not re.fullmatch(r"M[1-9][0-9]{0,3}", match):
            return [{"line": match_line, "rule": "CLASS-003", "message": "the [Match] tag "
                     "names no match", "expected": "M1, M2, ...", "found": match}], match
        if key.seed(game, match) != seed:
            return [{"line": seed_line, "rule": "CLASS-002", "message": "not from this "
                     f"class: the seed is not the one this class's key makes for {match}",
                     "expected": f"the seed of {match} (teacher sheet)", "found": seed}], match
        return [], match
    if seed in known:
        return [], known[seed]
    return [{"line": seed_line, "rule": "CLASS-002", "message": "not from this class: no "
             "match of this class has this seed", "expected": "a seed on the teacher sheet",
             "found": seed}], ""


def _points(tags: dict[str, tuple[str, int]], summary: str) -> tuple[int, int] | None:
    if m := _POINTS.fullmatch(tags.get("Result", ("", 0))[0]):
        return int(m.group(1)), int(m.group(2))
    if m := _FINAL.search(summary):
        return int(m.group(1)), int(m.group(2))
    return None


def audit_one(unit: str | tuple[str, ...], secret: bytes | None = None,
              keep_text: bool = False) -> Entry:
    """Verify one record: a file, or a run of one match's sheet files (see `units`), and its
    class membership with a key. Never raises."""
    from printkit.records import detect_game
    from printkit.text import one_line

    where: dict[int, str] = {}
    game_id: str | None
    path = run_name(unit) if isinstance(unit, tuple) else unit
    sources = tuple(unit) if isinstance(unit, tuple) else (unit,)
    try:
        if isinstance(unit, tuple):
            game_id, text, where = RUN_READER(tuple(map(Path, unit)))
        else:
            game_id, text = READER(Path(unit))
        game = registry.get(game_id) if game_id else detect_game(text, path)
        if game.verify is None:
            raise ReadError(f"no verifier for game {game.id!r}", path, 1)
        report = game.verify(text, path, None)
    except ReadError as exc:
        return Entry(path, "unreadable", error=one_line(str(exc)), sources=sources)
    except Exception as exc:   # noqa: BLE001 - one bad file never stops the batch
        return Entry(path, "unreadable", error=f"{path}: could not be checked "
                                               f"({type(exc).__name__}: {one_line(str(exc))})",
                     sources=sources)
    tags = tags_of(text)
    findings = [f.__dict__.copy() for f in report.sorted_findings()]
    for f in findings:                      # a run of sheets: the sheet the line is on
        if f["line"] in where:
            f["sheet"] = where[f["line"]]
    entry = Entry(path, "clean", game=game.id, home=tags.get("Home", ("", 0))[0],
                  away=tags.get("Away", ("", 0))[0], match=tags.get("Match", ("", 0))[0],
                  points=_points(tags, report.summary_extra),
                  team_line=tags.get("Home", ("", 1))[1] or 1, seats=seat_dicts(report.seats),
                  result_line=tags.get("Result", ("", 1))[1] or 1, sources=sources)
    if secret is not None:
        key = ClassKey(secret)
        # the class's seed table (19,900 HMACs) is made only for a record that needs it:
        # one with a seed and no [Match] tag (class_findings reads it for no other)
        lookup = "Seed" in tags and not tags.get("Match", ("", 0))[0]
        known = _known(secret, game.id) if lookup else {}
        extra, entry.match = class_findings(key, game.id, tags, known)
        entry.belongs = not extra
        findings = sorted(findings + extra, key=lambda f: (f["line"], f["rule"]))
    entry.findings = findings
    entry.status = "findings" if findings else "clean"
    if keep_text:
        entry.lines = split_lines(text[:TEXT_KEPT])
    return entry


_KNOWN: dict[tuple[bytes, str], dict[str, str]] = {}


def _known(secret: bytes, game: str) -> dict[str, str]:
    """Seed -> match id of every match a class can have (made once per process)."""
    if (secret, game) not in _KNOWN:
        key = ClassKey(secret)
        _KNOWN[(secret, game)] = {key.seed(game, f"M{n}"): f"M{n}"
                                  for n in range(1, CLASS_MATCHES + 1)}
    return _KNOWN[(secret, game)]


def _one(args: tuple[str | tuple[str, ...], bytes | None, bool]) -> Entry:
    return audit_one(*args)


def audit_iter(files: list[Path], key: ClassKey | None = None, keep_text: bool = False,
               workers: int | None = None) -> Iterator[Entry]:
    """Every record's entry, in the files' order (a run of one match's sheet files is one
    entry, where its first file is), each as soon as it and those before it are done; on
    every core when the batch is big enough, through the pool `verify` uses
    (printkit.batch.ordered_map: forked, what is loaded frozen, the workers' collector tuned).
    `workers=1` checks in this process. A caller that reports each entry and keeps only its
    slim copy (`Entry.slim`) holds one record's findings at a time, not the class's."""
    from printkit.batch import POOL_FROM, ordered_map
    from printkit.records import preload

    jobs = [(u, key.secret if key else None, keep_text) for u in units(files)]
    if workers is not None and workers <= 1:
        yield from map(_one, jobs)
        return
    if len(jobs) >= POOL_FROM and isinstance(jobs[0][0], str):
        # the first record's verifier and rules loaded here, before the pool forks: the
        # workers inherit them instead of each importing the rules engine (as `verify` does)
        preload(Path(jobs[0][0]))
    yield from ordered_map(_one, jobs)


def audit_files(files: list[Path], key: ClassKey | None = None, keep_text: bool = False,
                workers: int | None = None) -> list[Entry]:
    """Every record's entry, in the files' order, all kept (the HTML report shows them all
    at once; a text, CSV or JSON report is written entry by entry from `audit_iter`)."""
    return list(audit_iter(files, key, keep_text, workers))


# --- the class's results ---------------------------------------------------------------------

@dataclass(frozen=True)
class Typed:
    """A score the teacher typed into results.csv: the match, the file and line it is on and
    the line as written (a finding that doubts it quotes them), and the result it gives."""

    match: str
    file: str
    line: int
    text: str
    result: Result

    @property
    def score(self) -> str:
        r = self.result
        return f"{r.home} {r.home_points}-{r.away_points} {r.away}"


def read_results(path: Path) -> tuple[list[str], list[Typed]]:
    """The pack's results.csv: the teams (in schedule order) and any results typed in."""
    from printkit_engine.textfile import read_text

    text = read_text(path, "results CSV")
    raw = text.splitlines()
    rows = csv.DictReader(io.StringIO(text))
    teams: list[str] = []
    results: list[Typed] = []
    for row in rows:
        n = rows.line_num                     # the line in the file (blank lines skipped)
        home, away = (row.get("home") or "").strip(), (row.get("away") or "").strip()
        if not home or not away:
            raise ReadError("expected home and away team names", str(path), n)
        for t in (home, away):
            if t not in teams and not t.startswith("Winner M"):
                teams.append(t)
        hp, ap = (row.get("home_points") or "").strip(), (row.get("away_points") or "").strip()
        if hp or ap:
            if not (hp.isdigit() and ap.isdigit()):
                raise ReadError(f"expected points as whole numbers, found {hp!r} and {ap!r}",
                                str(path), n)
            results.append(Typed((row.get("match") or "").strip(), str(path), n, raw[n - 1],
                                 Result(home, away, int(hp), int(ap))))
    return teams, results


def table(entries: list[Entry], teams: list[str], typed: Sequence[Typed] = ()) -> list:
    """Standings from the clean records (one per match), plus results typed into the CSV
    for matches no clean record covers."""
    seen: set[tuple[str, str, str]] = set()
    results: list[Result] = []
    for e in entries:
        if e.status != "clean" or e.points is None or not e.home or not e.away:
            continue
        key = (e.match or e.file, e.home, e.away)
        if key in seen:
            continue
        seen.add(key)
        results.append(Result(e.home, e.away, *e.points))
    covered = {frozenset((r.home, r.away)) for r in results}
    results += [t.result for t in typed
                if frozenset((t.result.home, t.result.away)) not in covered]
    return standings(results, teams)


def summary(entries: Sequence[Entry], accounts: Sequence[Account] = ()) -> str:
    """The audit's last line: records by state, those not of the class, matches not simply
    one clean record (the command's report and the teacher's page say the same)."""
    clean = sum(e.status == "clean" for e in entries)
    bad = sum(e.status == "findings" for e in entries)
    unread = sum(e.status == "unreadable" for e in entries)
    foreign = sum(e.belongs is False for e in entries)
    tail = f", {foreign} not from this class" if foreign else ""
    for state in ("missing", "pending", "disagree"):
        if n := sum(a.state == state for a in accounts):
            tail += f"; {n} match{'es' if n != 1 else ''} {state}"
    records = f"{len(entries)} record{'' if len(entries) == 1 else 's'}"
    return f"audit: {records}: {clean} clean, {bad} with findings, {unread} unreadable{tail}"


@dataclass(frozen=True)
class ClassResult:
    """What the audit says of the whole class once every record is in: each scheduled match's
    account, the team standings, the players' (where players score alone), the summary line."""

    accounts: list[Account]
    table: list[Standing]
    players: list[PlayerStanding]
    summary: str


def class_result(entries: Sequence[Entry], bound: Bound, teams: list[str],
                 typed: Sequence[Typed]) -> ClassResult:
    """The class's result from its checked entries (`bound.check`ed): what the command's
    reports and the teacher's page all show, worked out once."""
    accounts = bound.accounts(list(entries))
    counted = bound.counted(list(entries), accounts)
    return ClassResult(accounts, table(counted, teams, bound.typed_counted(typed)),
                       players(counted), summary(entries, accounts))
