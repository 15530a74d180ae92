"""Records bound to the class's schedule: the teams each match was drawn for, every scheduled
match accounted for.

`printkit classroom` writes results.csv beside the class's files (match, round, home, away,
seed, code, and two score columns a teacher may fill in). The audit reads it as the schedule:
a record of a match must name that match's two teams (a typo, or the other match's team, is
a CLASS-004 finding and the record does not count in the standings); then every scheduled
match is accounted for: no record (missing), records that disagree, or only records with
findings (pending). Auto Multiple Choice lists who handed nothing in; so does this.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from printkit_engine.errors import ReadError


@dataclass(frozen=True)
class Fixture:
    """One scheduled match: its id and its two teams (a knock-out's later rounds name the
    winners of earlier matches, "Winner M3", which any team may stand for)."""

    match: str
    home: str
    away: str
    seed: str = ""           # the class key's play-book seed for the match

    @property
    def teams(self) -> str:
        return f"{self.home} v {self.away}"


def read_schedule(path: Path) -> list[Fixture]:
    """The fixtures of results.csv, in its order; errors name the file and line."""
    from printkit_engine.textfile import read_text

    fixtures = []
    rows = csv.DictReader(io.StringIO(read_text(path, "results CSV")))
    for n, row in enumerate(rows, start=2):
        match = (row.get("match") or "").strip()
        home, away = (row.get("home") or "").strip(), (row.get("away") or "").strip()
        if not match:
            raise ReadError("expected a match id (M1, M2, ...)", str(path), n)
        fixtures.append(Fixture(match, home, away, (row.get("seed") or "").strip()))
    return fixtures


# What `classroom` writes into a class folder to print, beside results.csv: read by a printer
# only, so an audit of the class folder leaves it out (a pack of hundreds of pages is no
# hand-in, and rasterising it for bubble sheets took minutes)
PACK, SCHEDULE, TEACHER = "pack.pdf", "schedule.pdf", "teacher.pdf"
MATCHES, FILLABLE = "matches", "fillable"   # each match's copy of the pack, blank fillables
RESULTS = "results.csv"
PRINTOUTS = (PACK, SCHEDULE, TEACHER, MATCHES, FILLABLE)


def printouts_in(folder: Path) -> list[Path]:
    """The class's own printouts in `folder` when it is a class folder (it holds the
    results.csv `classroom` writes beside them); none elsewhere."""
    if not (folder / RESULTS).is_file():
        return []
    return [folder / n for n in PRINTOUTS if (folder / n).exists()]


def find_schedule(folder: Path, given: Path | None) -> Path | None:
    """results.csv of the class: in `given` (--class), else in the records' folder, else in
    its parent (the class folder `classroom` wrote, records handed in under it)."""
    if given is not None:
        path = given / RESULTS if given.is_dir() else given
        if not path.is_file():
            raise ReadError("no results.csv: not a class folder `printkit classroom` wrote",
                            str(given), 0)
        return path
    for place in (folder, folder.parent):
        if (place / RESULTS).is_file():
            return place / RESULTS
    return None


def team_finding(fixtures: dict[str, Fixture], match: str, home: str, away: str,
                 line: int) -> dict | None:
    """CLASS-004 when a record of `match` names other teams than the schedule's (in either
    order: who was home is the players' business), CLASS-005 for a match the schedule lacks."""
    fixture = fixtures.get(match)
    if fixture is None:
        return {"line": line, "rule": "CLASS-005", "message": "the [Match] tag names no match "
                "of this class's schedule", "expected": "a match of results.csv",
                "found": match}
    written = {home, away}
    drawn = {fixture.home, fixture.away}
    open_slots = sum(t.startswith("Winner M") for t in drawn)
    if written == drawn or (open_slots and len(written & drawn) >= 2 - open_slots):
        return None
    return {"line": line, "rule": "CLASS-004", "message": f"{match} was drawn for other teams: "
            "the record does not count in the standings", "expected": fixture.teams,
            "found": f"{home or '?'} v {away or '?'}"}


@dataclass(frozen=True)
class Account:
    """What became of one scheduled match."""

    fixture: Fixture
    state: str               # "missing", "pending", "disagree", "twice"
    files: tuple[str, ...] = ()

    def __str__(self) -> str:
        head = f"{self.fixture.match} {self.fixture.teams}"
        if self.state == "missing":
            return f"{head}: no record"
        if self.state == "pending":
            return f"{head}: pending (its records have findings: {', '.join(self.files)})"
        if self.state == "disagree":
            return f"{head}: {len(self.files)} clean records disagree ({', '.join(self.files)})"
        return f"{head}: {len(self.files)} records agree, counted once ({', '.join(self.files)})"


def account(fixtures: list[Fixture], entries: list) -> list[Account]:
    """Every scheduled match that is not simply one clean record, in schedule order."""
    by_match: dict[str, list] = {}
    for e in entries:
        if e.match:
            by_match.setdefault(e.match, []).append(e)
    out = []
    for f in fixtures:
        got = by_match.get(f.match, [])
        clean = [e for e in got if e.status == "clean"]
        if not got:
            out.append(Account(f, "missing"))
        elif not clean:
            out.append(Account(f, "pending", tuple(e.file for e in got)))
        elif len({(e.points, e.home, e.away) for e in clean}) > 1:
            out.append(Account(f, "disagree", tuple(f"{e.file} {_score(e)}" for e in clean)))
        elif len(clean) > 1:
            out.append(Account(f, "twice", tuple(e.file for e in clean)))
    return out


def _score(e) -> str:
    return f"{e.home} {e.points[0]}-{e.points[1]} {e.away}" if e.points else "no score"


def score_finding(e, typed) -> dict | None:
    """CLASS-006 when a score typed into results.csv for `e`'s match is not the clean
    record's (read the way round the record has its teams): one of the two is wrong, and
    the teacher decides which; until then the match counts in no standing."""
    r = typed.result
    if e.points is None:                  # no score in the record: the typed one stands
        return None
    swapped = r.home == e.away and r.away == e.home
    theirs = (r.away_points, r.home_points) if swapped else (r.home_points, r.away_points)
    if theirs == e.points:
        return None
    mine = f"{e.home} {e.points[0]}-{e.points[1]} {e.away}"
    return {"line": e.result_line, "rule": "CLASS-006", "message": f"results.csv line "
            f"{typed.line} ({typed.text}) gives another score: {e.match} counts in no "
            "standing until the record or results.csv is corrected",
            "expected": f"{mine} (this record)", "found": typed.score}


class Bound:
    """The class's schedule, when one is found: each record's teams checked against its
    match as it is reported, and its score against one typed into results.csv; then every
    scheduled match accounted for."""

    def __init__(self, fixtures: list[Fixture], typed: Sequence = ()) -> None:
        self.fixtures = list(fixtures)
        self.by_id = {f.match: f for f in self.fixtures}
        self.typed = {t.match: t for t in typed if t.match}
        self.conflicts: set[str] = set()      # matches whose typed score a record doubts

    def check(self, e):
        """`e` with a CLASS-004/005 finding when its match's teams are not the schedule's,
        or, clean, a CLASS-006 one when results.csv gives its match another score."""
        if e.status == "unreadable" or not e.match:
            return e
        if self.fixtures and (found := team_finding(self.by_id, e.match, e.home, e.away,
                                                    e.team_line)):
            self._add(e, found)
        typed = self.typed.get(e.match) if e.status == "clean" else None
        if typed is not None and (found := score_finding(e, typed)):
            self.conflicts.add(e.match)
            self._add(e, found)
        return e

    @staticmethod
    def _add(e, found: dict) -> None:
        e.findings = sorted([*e.findings, found], key=lambda f: (f["line"], f["rule"]))
        e.status = "findings"

    def teams_of(self, e) -> tuple[str, ...]:
        """The teams a record is of, the ones its sheets go back to: its match's two in the
        schedule (a misspelt name is the team meant), else the two it names."""
        fixture = self.by_id.get(e.match)
        drawn = () if fixture is None else (fixture.home, fixture.away)
        if drawn and not any(t.startswith("Winner M") for t in drawn):
            return drawn
        return tuple(dict.fromkeys(t for t in (e.home, e.away) if t))

    def accounts(self, entries) -> list:
        return account(self.fixtures, entries)

    @staticmethod
    def counted(entries, accounts) -> list:
        """The entries the standings count: a match whose clean records disagree counts
        until the teacher settles it, not once for whichever came first."""
        disputed = {a.fixture.match for a in accounts if a.state == "disagree"}
        return [e for e in entries if e.match not in disputed]

    def typed_counted(self, typed: Sequence) -> list:
        """The typed scores the standings count: none a clean record of its match doubts."""
        return [t for t in typed if t.match not in self.conflicts]
