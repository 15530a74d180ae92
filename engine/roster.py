"""A class roster: the teams of a tournament, read from the list a teacher keeps.

Rosters come as teachers have them:
  * a plain list of names, one a line (no header): every name plays on its own;
  * a CSV whose first row names its columns (any case, any order, other columns ignored, as a
    gradebook export has them): ``team``; ``student`` or ``name``; or ``first name`` and
    ``last name`` (also ``first``/``last``, ``given name``/``surname``...), joined.
      - only a team column: one team per row;
      - only student names: every student plays on their own;
      - both: students sharing a team name play together (the pairing); a student with an
        empty team cell plays alone.
Teams keep the order they first appear in. Errors name the file and line.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from printkit_engine.errors import ReadError
from printkit_engine.teams import name_problem


@dataclass(frozen=True)
class Roster:
    teams: tuple[str, ...]
    members: dict[str, tuple[str, ...]]     # team -> its students (empty for a bare team)

    def label(self, team: str) -> str:
        """A team with its students, for the teacher sheet: "Falcons (Ann, Bo)"."""
        people = [p for p in self.members.get(team, ()) if p != team]
        return f"{team} ({', '.join(people)})" if people else team


def _name(value: str, file: str, line: int, what: str,
          check: Callable[[str], str | None] | None) -> str:
    name = " ".join(value.split())
    if why := name_problem(name) or (check(name) if check and name else None):
        raise ReadError(f"{what} name {name[:50]!r}: {why}", file, line)
    return name


class Columns(NamedTuple):
    """Where a roster's names are: the team column, and the student's name column(s) (one,
    or first and last name joined); either may be missing."""

    team: int | None
    student: tuple[int, ...]


STUDENT = ("student", "name", "student name", "full name", "pupil")
FIRST = ("first name", "firstname", "first", "given name", "forename")
LAST = ("last name", "lastname", "last", "surname", "family name")


def _columns(head: list[str]) -> Columns | None:
    """The named columns of a header row, or None when the row names none (a plain list)."""
    names = [" ".join(c.replace("_", " ").split()).lower() for c in head]

    def find(words: tuple[str, ...]) -> int | None:
        return next((i for i, n in enumerate(names) if n in words), None)

    team, student, first, last = find(("team", "team name")), find(STUDENT), find(FIRST), \
        find(LAST)
    if student is not None:
        return Columns(team, (student,))
    if first is not None and last is not None:
        return Columns(team, (first, last))
    if team is not None:
        return Columns(team, ())
    return None


def parse_roster(text: str, file: str,
                 check: Callable[[str], str | None] | None = None) -> Roster:
    """The roster in `text`; `check` adds a reader's own rule for names (printkit: a name
    its fonts can print)."""
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    numbered = [(n, row) for n, row in enumerate(rows, start=1) if any(c.strip() for c in row)]
    if not numbered:
        raise ReadError("empty roster (expected names, one a line, or a header row: team, "
                        "student, name, first name, last name)", file, 1)
    head_line, head = numbered[0]
    columns = _columns(head)
    if columns is None:
        if any(len([c for c in row if c.strip()]) > 1 for _, row in numbered):
            raise ReadError(f"expected a header row naming a team, student, name or first "
                            f"name and last name column, found {', '.join(head)[:80]!r}",
                            file, head_line)
        columns, body = Columns(None, (0,)), numbered         # a plain list of names
    else:
        body = numbered[1:]
    team_col, student_cols = columns
    teams: list[str] = []
    members: dict[str, list[str]] = {}
    seen: dict[str, int] = {}
    for n, row in body:
        def cell(col: int | None, row: list[str] = row) -> str:
            return row[col] if col is not None and col < len(row) else ""

        team = _name(cell(team_col), file, n, "team", check)
        student = _name(" ".join(cell(c) for c in student_cols), file, n, "student", check)
        if not team and not student:
            raise ReadError("a row with neither a team nor a student", file, n)
        if student_cols and not student:
            raise ReadError("a row with no student name", file, n)
        key = team or student
        if (team_col is None or not team) and key.casefold() in seen:
            raise ReadError(f"{key!r} is named twice (first on line {seen[key.casefold()]})",
                            file, n)
        if key.casefold() not in seen:
            seen[key.casefold()] = n
            teams.append(key)
            members[key] = []
        elif team_col is not None and not student_cols:
            raise ReadError(f"team {key!r} is named twice (first on line "
                            f"{seen[key.casefold()]})", file, n)
        if student:
            members[next(t for t in teams if t.casefold() == key.casefold())].append(student)
    if len(teams) < 2:
        raise ReadError(f"expected at least 2 teams, found {len(teams)}", file, head_line)
    return Roster(tuple(teams), {t: tuple(m) for t, m in members.items()})
