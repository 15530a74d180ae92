"""Tournaments as data: who plays whom, when, and the standings the results give.

Every game uses the same schedules (the `tournament` sheet, `printkit classroom`, the
standings of `printkit audit`), so they live here once, pure and game-blind.

Round robin: the circle method. Seat the teams round a table (one seat is the bye when the
count is odd), hold seat 0 still and turn the others one place per round; the seats facing
each other play. Over n-1 rounds (n even, bye seat included) every pair meets exactly once.
Home and away alternate for the fixed seat and follow the seat order otherwise, so no team
is home every round.

Knock-out: a bracket of the next power of two; the top seeds get the byes (they are paired
with an empty slot in round 1), placed in the standard seeding order so seeds 1 and 2 can
only meet in the final.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import overload

from printkit_engine.teams import DEFAULT_TEAMS, MAX_TEAMS

__all__ = ["DEFAULT_TEAMS", "MAX_TEAMS"]    # the limits, re-exported for the schedulers' users


class TournamentError(ValueError):
    """A team count or roster no schedule can be made of (the message says why)."""


@dataclass(frozen=True)
class Match:
    """One game of a schedule. `home`/`away` are team names; in a knock-out round after the
    first they are placeholders ("Winner M3") until results are in. `number` counts the
    matches of the whole schedule from 1 in play order (the id printed on every sheet)."""

    number: int
    round: int
    home: str
    away: str
    feeds: tuple[int, int] | None = None    # knock-out: the match numbers whose winners meet

    @property
    def id(self) -> str:
        return f"M{self.number}"


@dataclass(frozen=True)
class Slot:
    """One line of a bracket: who stands there (None: an empty slot, the other side's bye)
    and the match it plays in (None for a bye or the champion's line)."""

    name: str | None
    match: int | None = None


@dataclass(frozen=True)
class Schedule:
    """A whole tournament: its format, teams, the matches round by round, and byes."""

    format: str                              # "round-robin" or "knockout"
    teams: tuple[str, ...]
    matches: tuple[Match, ...]
    byes: dict[int, tuple[str, ...]] = field(default_factory=dict)    # round -> teams resting
    # knock-out only: the bracket's slots round by round, the last round the champion's
    bracket: tuple[tuple[Slot, ...], ...] = ()

    @property
    def rounds(self) -> int:
        return max((m.round for m in self.matches), default=0)

    def round(self, number: int) -> list[Match]:
        return [m for m in self.matches if m.round == number]

    def match(self, number: int) -> Match:
        return self.matches[number - 1]


def check_teams(teams: Sequence[str]) -> tuple[str, ...]:
    """Team names as a schedule takes them: 2..MAX_TEAMS, each non-empty and unique."""
    names = tuple(t.strip() for t in teams)
    if not 2 <= len(names) <= MAX_TEAMS:
        raise TournamentError(f"expected 2 to {MAX_TEAMS} teams, found {len(names)}")
    if any(not n for n in names):
        raise TournamentError("a team name is empty")
    seen: set[str] = set()
    for n in names:
        if n.casefold() in seen:
            raise TournamentError(f"team {n!r} is named twice")
        seen.add(n.casefold())
    return names


def numbered(count: int, prefix: str = "Team") -> tuple[str, ...]:
    """Names for a count of anonymous teams: "Team 1", "Team 2", ..."""
    if not 2 <= count <= MAX_TEAMS:
        raise TournamentError(f"expected 2 to {MAX_TEAMS} teams, found {count}")
    return tuple(f"{prefix} {i}" for i in range(1, count + 1))


def circle_pairs(n: int) -> list[list[tuple[int | None, int | None]]]:
    """The circle method over seats 0..n-1: one list of (home, away) seat pairs per round.
    An odd count gets a bye seat (None); a pair with None is that round's bye."""
    seats: list[int | None] = list(range(n))
    if n % 2:
        seats.append(None)
    m = len(seats)
    rounds = []
    for r in range(m - 1):
        pairs = []
        for i in range(m // 2):
            a, b = seats[i], seats[m - 1 - i]
            # the fixed seat alternates home and away; the others take turns by round
            pairs.append((b, a) if (i == 0 and r % 2) else (a, b))
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def round_robin(teams: Sequence[str]) -> Schedule:
    """Every team meets every other exactly once; a team with no opponent in a round rests."""
    names = check_teams(teams)
    matches: list[Match] = []
    byes: dict[int, tuple[str, ...]] = {}
    for r, pairs in enumerate(circle_pairs(len(names)), start=1):
        for a, b in pairs:
            if a is None or b is None:
                rests = a if b is None else b
                assert rests is not None            # a pair holds at most one bye
                byes[r] = (names[rests],)
                continue
            matches.append(Match(len(matches) + 1, r, names[a], names[b]))
    return Schedule("round-robin", names, tuple(matches), byes)


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket slot order for a power-of-two `size`: 1 meets size,
    and seeds 1 and 2 sit in opposite halves (1, 8, 4, 5, 2, 7, 3, 6 for 8)."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order) + 1
        order = [x for s in order for x in (s, n - s)]
    return order


def next_power_of_two(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def knockout(teams: Sequence[str]) -> Schedule:
    """Single elimination: teams in seed order, byes to the next power of two (the top seeds
    rest in round 1). Later rounds name their teams "Winner M<n>" (or the team a bye sent
    straight through)."""
    names = check_teams(teams)
    size = next_power_of_two(len(names))
    slots = [names[s - 1] if s <= len(names) else None for s in bracket_order(size)]
    matches: list[Match] = []
    byes: dict[int, tuple[str, ...]] = {}
    # what stands in each slot of the current round: a team name or a match number
    current: list[str | int | None] = list(slots)
    rounds: list[tuple[Slot, ...]] = []
    round_no = 1
    while len(current) > 1:
        nxt: list[str | int | None] = []
        resting: list[str] = []
        shown: list[Slot] = []
        for a, b in zip(current[::2], current[1::2], strict=True):
            if a is None or b is None:
                through = a if b is None else b
                if isinstance(through, str):
                    resting.append(through)
                nxt.append(through)
                shown += [Slot(_slot_name(a)), Slot(_slot_name(b))]
                continue
            number = len(matches) + 1
            feeds = (a, b) if isinstance(a, int) and isinstance(b, int) else None
            matches.append(Match(number, round_no, _slot_name(a), _slot_name(b), feeds))
            nxt.append(number)
            shown += [Slot(_slot_name(a), number), Slot(_slot_name(b), number)]
        if resting:
            byes[round_no] = tuple(resting)
        rounds.append(tuple(shown))
        current = nxt
        round_no += 1
    rounds.append((Slot(_slot_name(current[0])),))
    return Schedule("knockout", names, tuple(matches), byes, tuple(rounds))


@overload
def _slot_name(slot: str | int) -> str: ...


@overload
def _slot_name(slot: None) -> None: ...


def _slot_name(slot: str | int | None) -> str | None:
    if slot is None:
        return None
    return f"Winner M{slot}" if isinstance(slot, int) else slot


FORMATS = {"round-robin": round_robin, "knockout": knockout}


def schedule(format: str, teams: Sequence[str]) -> Schedule:
    try:
        make = FORMATS[format]
    except KeyError:
        raise TournamentError(f"unknown format {format!r} (formats: "
                              f"{', '.join(FORMATS)})") from None
    return make(teams)


@dataclass(frozen=True)
class Result:
    """A finished game: the teams and their points, as a clean record gives them."""

    home: str
    away: str
    home_points: int
    away_points: int


@dataclass
class Standing:
    team: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points_for: int = 0
    points_against: int = 0

    @property
    def table_points(self) -> int:
        """Two for a win, one for a draw (a tie in football is half a win)."""
        return 2 * self.won + self.drawn

    @property
    def difference(self) -> int:
        return self.points_for - self.points_against


def standings(results: Iterable[Result], teams: Sequence[str] = ()) -> list[Standing]:
    """The table: table points, then point difference, then points scored, then name.
    Teams listed in `teams` appear even before they have played."""
    table: dict[str, Standing] = {t: Standing(t) for t in teams}
    for r in results:
        for team, mine, theirs in ((r.home, r.home_points, r.away_points),
                                   (r.away, r.away_points, r.home_points)):
            s = table.setdefault(team, Standing(team))
            s.played += 1
            s.points_for += mine
            s.points_against += theirs
            if mine > theirs:
                s.won += 1
            elif mine == theirs:
                s.drawn += 1
            else:
                s.lost += 1
    return sorted(table.values(),
                  key=lambda s: (-s.table_points, -s.difference, -s.points_for, s.team))
