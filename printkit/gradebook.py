"""The audit as a gradebook: one CSV a spreadsheet opens as one table (`audit --format csv`).

Every row has the same columns and says what it is in the first one, `kind`, so a teacher
sorts or filters on it (LibreOffice's and Excel's AutoFilter) instead of finding where one
section ends and the next starts:

- `record`: a record with no findings (`status` clean) or that could not be read
  (`unreadable`, the reason in `message`);
- `finding`: one finding of a record, once for each team of its match (filter `team` and a
  team's findings are all there);
- `match`: a scheduled match that is not simply one clean record (`status` missing, pending,
  twice or disagree);
- `team`: one team's standing (played, won, lost, tied, points for and against, table
  points) with how many findings its records have and how many of its matches are missing;
- `player`: one player's standing where players score alone (Luck of the Draw classes: two
  teams at a table, each player's points over the counted matches; `player`, `team`,
  `played`, `won`, `points`, `average`).

Records and findings are written as each record is checked; match and team rows at the end,
once every record is in (the standings need them all).
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from printkit.audit import Entry
    from printkit.schedule_check import Account
    from printkit.standings import PlayerStanding
    from printkit_engine.tournament import Standing

HEAD = ("kind", "team", "match", "file", "line", "rule", "message", "expected", "found",
        "status", "game", "played", "won", "lost", "tied", "points_for", "points_against",
        "points", "findings", "missing", "player", "average")
_AT = {name: n for n, name in enumerate(HEAD)}


def row(**values: object) -> tuple:
    """A row of HEAD's columns: the named ones filled, the rest empty."""
    out: list[object] = [""] * len(HEAD)
    for name, value in values.items():
        out[_AT[name]] = value
    return tuple(out)


FORMULA = ("=", "+", "-", "@", "\t", "\r")    # a spreadsheet reads a cell so begun as a formula


def cell(value: object) -> object:
    """A value as a spreadsheet should show it: text a student wrote (a team name in a
    record) that would start a formula gets a leading apostrophe, so it is shown, never
    run (OWASP's advice for CSV files); numbers stay numbers."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA) else value


def csv_text(rows: Iterable[tuple]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(tuple(map(cell, r)) for r in rows)
    return buf.getvalue()


class Gradebook:
    """The rows, made as the audit goes: each record's as it is reported (counting each
    team's findings), then the matches and teams at the end. `teams_of` names the teams a
    record is of (printkit.schedule_check.Bound.teams_of)."""

    def __init__(self, teams_of: Callable[[Entry], tuple[str, ...]]) -> None:
        self.teams_of = teams_of
        self.findings: Counter[str] = Counter()
        self.seen: dict[str, None] = {}          # every team a record is of, in order

    def record_rows(self, e: Entry) -> list[tuple]:
        """A record's rows: one, or one per finding and team."""
        if e.status == "unreadable":
            return [row(kind="record", file=e.file, status="unreadable", message=e.error)]
        self.seen.update(dict.fromkeys(self.teams_of(e)))
        if not e.findings:
            return [row(kind="record", team=" v ".join(self.teams_of(e)), match=e.match,
                        file=e.file, status="clean", game=e.game)]
        teams = self.teams_of(e) or ("",)
        out = []
        for team in teams:
            self.findings[team] += len(e.findings) if team else 0
            out += [row(kind="finding", team=team, match=e.match, file=e.file,
                        line=f["line"], rule=f["rule"], message=f["message"],
                        expected=f.get("expected", ""), found=f.get("found", ""),
                        status="findings", game=e.game) for f in e.findings]
        return out

    def end_rows(self, accounts: Sequence[Account], table: Sequence[Standing],
                 players: Sequence[PlayerStanding] = ()) -> list[tuple]:
        """The matches not simply one clean record, then every team's standing, then every
        player's (games where players score alone)."""
        from printkit_engine.tournament import Standing

        out = [row(kind="match", team=a.fixture.teams, match=a.fixture.match, status=a.state,
                   message=str(a), file=" ".join(a.files)) for a in accounts]
        missing: Counter[str] = Counter()
        for a in accounts:
            if a.state == "missing":
                missing.update({a.fixture.home, a.fixture.away})
        teams = [s.team for s in table]
        extra = [t for t in self.seen if t not in teams]
        standing = {s.team: s for s in table}
        for team in teams + extra:
            s = standing.get(team) or Standing(team)
            out.append(row(kind="team", team=team, played=s.played, won=s.won, lost=s.lost,
                           tied=s.drawn, points_for=s.points_for,
                           points_against=s.points_against, points=s.table_points,
                           findings=self.findings[team], missing=missing[team]))
        out += [row(kind="player", player=p.player, team=p.team, played=p.played, won=p.won,
                    points=p.points, average=f"{p.average:.1f}") for p in players]
        return out
