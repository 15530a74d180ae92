"""What the Luck of the Draw verifier knows between two lines of a transcript (frozen).

Two score columns are kept per seat: what the rules give (`rules`) and what the transcript
wrote (`written`: a mis-scored event is credited as written). A running total is right when it
matches either, so one slip is one finding and the totals after it are not all wrong too.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.luckdraw.rules import Length

Hands = tuple[tuple[int, tuple[str, ...]], ...]


def add(values: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    """`values` with `points` added at seat (1-based); a seat outside the game is ignored."""
    if not 1 <= seat <= len(values):
        return values
    return values[:seat - 1] + (values[seat - 1] + points,) + values[seat:]


@dataclass(frozen=True)
class DriveState:
    number: int
    qb: int
    line: int
    hands: Hands = ()                         # as dealt, then as traded
    hand_lines: tuple[tuple[int, int], ...] = ()   # (seat, line of its deal)
    sidelines: tuple[str, ...] | None = None
    sidelines_line: int = 0
    dealt: bool = False                       # the deal is complete and checked
    calls: tuple[tuple[int, str], ...] | None = None
    audibles: int = 0
    once: frozenset[tuple[str, str]] = frozenset()   # per-drive events already scored
    disputed: frozenset[tuple[str, int]] = frozenset()  # (card, seat) of a refused trade
    points: tuple[int, ...] = ()              # this drive's net points per seat (rules)

    def holder(self, card: str) -> int | None:
        for seat, cards in self.hands:
            if card in cards:
                return seat
        return None

    def hand(self, seat: int) -> tuple[str, ...]:
        return dict(self.hands).get(seat, ())


@dataclass(frozen=True)
class Pending:
    """A QB who served out of turn: owed an illegal procedure penalty (L10)."""

    seat: int
    drive: int
    line: int


@dataclass(frozen=True)
class State:
    players: int
    length: Length
    seed: str | None
    period: int = 0                           # index into rules.periods (Q1 first)
    drive: DriveState | None = None
    previous_qb: int | None = None
    rules_totals: tuple[int, ...] = ()
    written_totals: tuple[int, ...] = ()
    audible_totals: tuple[int, ...] = ()
    best_drive: tuple[int, ...] = ()
    pending: tuple[Pending, ...] = ()
    over: bool = False                        # past the agreed end (LD-LEN-001 told once)
    past_end: bool = False                    # the period after the last one has begun
    finished: bool = False                    # a winner line was written
    drives: int = 0

    @classmethod
    def start(cls, players: int, length: Length, seed: str | None) -> State:
        zero = (0,) * players
        return cls(players, length, seed, rules_totals=zero, written_totals=zero,
                   audible_totals=zero, best_drive=(-10_000,) * players)
