"""Per-player standings across a class's matches, for games whose players score on their own
(Luck of the Draw: two teams share a table, docs/rules/luckdraw.md L20). The team standings
are engine/tournament.py's; these add up each player's points over the matches a team's
standings count, and are shown beside them in every audit report (text, JSON, HTML, CSV).

A record's verifier gives its seats (printkit_engine.findings.Seat: player, team, points, won); the
audit keeps them on the record's entry (`Entry.seats`, as dicts) and this module tables them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any


@dataclass
class PlayerStanding:
    """One player over the class's counted matches."""

    player: str
    team: str
    played: int = 0
    won: int = 0              # tables won (a tie at the top: each)
    points: int = 0

    @property
    def average(self) -> float:
        return self.points / self.played if self.played else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "team": self.team, "played": self.played,
                "won": self.won, "points": self.points, "average": round(self.average, 1)}


def seat_dicts(seats: Iterable[Any]) -> list[dict[str, Any]]:
    """A report's seats (printkit_engine.findings.Seat) as an entry keeps them (JSON-ready)."""
    return [{"player": s.player, "team": s.team, "points": s.points, "won": s.won}
            for s in seats]


def players(entries: Iterable[Any]) -> list[PlayerStanding]:
    """Per-player standings from the entries the team standings count: clean records with
    seats, one per match (a match handed in twice counts once, as for the teams). Sorted by
    points, then tables won, then name."""
    table: dict[tuple[str, str], PlayerStanding] = {}
    seen: set[str] = set()
    for e in entries:
        if e.status != "clean" or not getattr(e, "seats", None):
            continue
        match = e.match or e.file
        if match in seen:
            continue
        seen.add(match)
        for s in e.seats:
            p = table.setdefault((s["player"], s["team"]), PlayerStanding(s["player"], s["team"]))
            p.played += 1
            p.points += s["points"]
            p.won += bool(s["won"])
    return sorted(table.values(), key=lambda p: (-p.points, -p.won, p.player, p.team))


def text(rows: Sequence[PlayerStanding]) -> str:
    """The players' table of the text report ("" when no game had players scoring alone)."""
    from printkit.text import printable

    if not rows:
        return ""
    out = [f"{'#':>3}  {'player':<24} {'team':<20} {'P':>3} {'W':>3} {'Pts':>5} {'Avg':>6}"]
    for n, p in enumerate(rows, start=1):
        out.append(f"{n:>3}  {printable(p.player, 24)[:24]:<24} "
                   f"{printable(p.team, 20)[:20]:<20} {p.played:>3} {p.won:>3} "
                   f"{p.points:>5} {p.average:>6.1f}")
    return "\n".join(out)


def html(rows: Sequence[PlayerStanding]) -> str:
    """The players' table of the HTML report ("" when there are none)."""
    if not rows:
        return ""
    body = "".join(
        f"<tr><td>{n}</td><td class=t>{escape(p.player)}</td><td class=t>{escape(p.team)}"
        f"</td><td>{p.played}</td><td>{p.won}</td><td><b>{p.points}</b></td>"
        f"<td>{p.average:.1f}</td></tr>" for n, p in enumerate(rows, start=1))
    return ("<h2>Players</h2><table class=st id=players><tr><th>#</th><th class=t>Player</th>"
            "<th class=t>Team</th><th>P</th><th>W</th><th>Pts</th><th>Avg</th></tr>"
            f"{body}</table>")


__all__ = ["PlayerStanding", "html", "players", "seat_dicts", "text"]
