"""A class roster: the teams of a tournament, read from a CSV a teacher keeps.

The first row names the columns (any case): ``team`` and/or ``student``.
  * only ``team``: one team per row;
  * only ``student``: every student plays on their own;
  * both: students sharing a team name play together (the pairing); a student with an empty
    team cell plays alone.
Teams keep the order they first appear in. Errors name the file and line.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import ReadError
from engine.teams import name_problem


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


def parse_roster(text: str, file: str,
                 check: Callable[[str], str | None] | None = None) -> Roster:
    """The roster in `text`; `check` adds a reader's own rule for names (printkit: a name
    its fonts can print)."""
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    numbered = [(n, row) for n, row in enumerate(rows, start=1) if any(c.strip() for c in row)]
    if not numbered:
        raise ReadError("empty roster (expected a header row: team, student)", file, 1)
    head_line, head = numbered[0]
    columns = [c.strip().lower() for c in head]
    team_col = columns.index("team") if "team" in columns else None
    student_col = columns.index("student") if "student" in columns else None
    if team_col is None and student_col is None:
        raise ReadError(f"expected a header row naming a 'team' or 'student' column, found "
                        f"{', '.join(head)!r}", file, head_line)
    teams: list[str] = []
    members: dict[str, list[str]] = {}
    seen: dict[str, int] = {}
    for n, row in numbered[1:]:
        def cell(col: int | None, row: list[str] = row) -> str:
            return row[col] if col is not None and col < len(row) else ""

        team = _name(cell(team_col), file, n, "team", check)
        student = _name(cell(student_col), file, n, "student", check)
        if not team and not student:
            raise ReadError("a row with neither a team nor a student", file, n)
        if student_col is not None and not student:
            raise ReadError("a row with no student name", file, n)
        key = team or student
        if (team_col is None or not team) and key.casefold() in seen:
            raise ReadError(f"{key!r} is named twice (first on line {seen[key.casefold()]})",
                            file, n)
        if key.casefold() not in seen:
            seen[key.casefold()] = n
            teams.append(key)
            members[key] = []
        elif team_col is not None and student_col is None:
            raise ReadError(f"team {key!r} is named twice (first on line "
                            f"{seen[key.casefold()]})", file, n)
        if student:
            members[next(t for t in teams if t.casefold() == key.casefold())].append(student)
    if len(teams) < 2:
        raise ReadError(f"expected at least 2 teams, found {len(teams)}", file, head_line)
    return Roster(tuple(teams), {t: tuple(m) for t, m in members.items()})
