"""Two teams at one Luck of the Draw table (docs/rules/luckdraw.md, L20): a class plays the
game as a tournament of teams, but every player scores on their own.

A match of two teams is a table of an even number of seats, the teams' players alternating:
the home team sits at the odd seats (P1, P3, ...), the away team at the even ones, so the QB
passes from one team to the other every drive (L5) and neither team holds two turns running.
A team's score is the sum of its players' points; a seat tag (`[P1 "Ana"]`) names the player
in that seat, else the player is the team's first, second, ... (`Team 1 player 2`): a team's
k-th player always sits at its k-th seat, home or away, so a player is the same across
matches without names.
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit_engine.findings import Seat

SEAT_TAGS = tuple(f"P{s}" for s in range(1, 9))     # a seat's player: [P1 "Ana"]


def side_of(seat: int) -> int:
    """0 for the home team's seats (P1, P3, ...), 1 for the away team's."""
    return (seat - 1) % 2


def default_player(team: str, seat: int) -> str:
    """The name of the player at `seat` when no seat tag names them: the team's k-th."""
    return f"{team} player {(seat + 1) // 2}"


def score(totals: Sequence[int]) -> tuple[int, int]:
    """The two teams' scores: each the sum of its players' points."""
    return (sum(t for s, t in enumerate(totals, start=1) if side_of(s) == 0),
            sum(t for s, t in enumerate(totals, start=1) if side_of(s) == 1))


def seats(teams: tuple[str, str], names: dict[int, str], totals: Sequence[int],
          winners: Sequence[int]) -> tuple[Seat, ...]:
    """Every seat's player, team and points (the table's winners marked) in seat order."""
    return tuple(Seat(names.get(s) or default_player(teams[side_of(s)], s),
                      teams[side_of(s)], t, s in winners)
                 for s, t in enumerate(totals, start=1))
