"""What the Luck of the Draw verifier knows between two lines of a transcript (frozen).

Two score columns are kept per seat: what the rules give (`rules`) and what the transcript
wrote (`written`: a mis-scored event is credited as written). A running total is right when it
matches either, so one slip is one finding and the totals after it are not all wrong too.
What is fixed for the whole record (the rules, the players, the agreed length, the seed) is a
:class:`Context` riding on the state, compared by identity.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit_engine.luckdraw.rules import Length, Rules

Hands = tuple[tuple[int, tuple[str, ...]], ...]
# an event written while the drive's deal was not complete (L18): the card, the holder as
# written, its line and the points the rules give it
Claim = tuple[str, "int | None", int, int]


def add(values: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    """`values` with `points` added at seat (1-based); a seat outside the game is ignored."""
    if not 1 <= seat <= len(values):
        return values
    return values[:seat - 1] + (values[seat - 1] + points,) + values[seat:]


@dataclass(frozen=True, eq=False)
class Context:
    """What the tags fixed before the first line: one object per record."""

    rules: Rules
    players: int
    length: Length
    seed: str | None
    finish_drive: bool         # the drive in progress at the agreed end is finished (L8)
    agreed: bool = True        # the Length tag says the length (not the default, not `*`)

    @property
    def ending(self) -> int:
        """The period index from which the winner may be declared."""
        return self.rules.ending(self.length)


@dataclass(frozen=True)
class DriveState:
    number: int
    qb: int
    line: int
    hands: Hands = ()                         # as dealt (with a seed: the slip's), then traded
    hand_lines: tuple[tuple[int, int], ...] = ()   # (seat, line of its deal)
    sidelines: tuple[str, ...] | None = None
    sidelines_line: int = 0
    dealt: bool = False                       # the deal is complete and checked
    began: int = 0                            # the line of the drive's first play (0: none)
    claims: tuple[Claim, ...] = ()            # events before a card's hand was written
    calls: tuple[tuple[int, str], ...] | None = None
    audibles: int = 0
    once: frozenset[tuple[str, str]] = frozenset()   # per-drive events already scored
    ended: tuple[str, int] | None = None      # the event that ended the drive, and its line
    seen: frozenset[str] = frozenset()        # `CARD word` events written in the drive
    disputed: frozenset[tuple[str, int]] = frozenset()  # (card, seat) of a refused trade
    loose: frozenset[tuple[int, int]] = frozenset()     # seats a trade may be left out between
    delay_paid: bool = False                  # a Delay of Game penalty on this drive's QB
    points: tuple[int, ...] = ()              # this drive's net points per seat (rules)

    def holder(self, card: str) -> int | None:
        for seat, cards in self.hands:
            if card in cards:
                return seat
        return None

    def hand(self, seat: int) -> tuple[str, ...]:
        return dict(self.hands).get(seat, ())

    @property
    def seats_dealt(self) -> frozenset[int]:
        return frozenset(s for s, _ in self.hand_lines)


@dataclass(frozen=True)
class Pending:
    """A penalty the QB owes by the end of the next drive (L10): Illegal Procedure for serving
    out of turn, Delay of Game for cards dealt after the drive's first play (L18)."""

    seat: int
    drive: int
    line: int
    kind: str = "procedure"


@dataclass(frozen=True)
class State:
    period: int = 0                           # index into rules.periods (Q1 first)
    period_line: int = 0                      # the line of the last period marker
    drive: DriveState | None = None
    previous_qb: int | None = None
    rules_totals: tuple[int, ...] = ()
    written_totals: tuple[int, ...] = ()
    total_line: int = 0                       # the line of the last running totals
    audible_totals: tuple[int, ...] = ()
    best_drive: tuple[int, ...] = ()
    pending: tuple[Pending, ...] = ()
    over: bool = False                        # past the agreed end (LD-LEN-001 told once)
    past_end: bool = False                    # the period after the last one has begun
    finished: bool = False                    # a winner line was written
    drives: int = 0
    ctx: Context = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    @classmethod
    def start(cls, ctx: Context) -> State:
        zero = (0,) * ctx.players
        return cls(rules_totals=zero, written_totals=zero, audible_totals=zero,
                   best_drive=(-10_000,) * ctx.players, ctx=ctx)

    @property
    def players(self) -> int:
        return self.ctx.players

    @property
    def length(self) -> Length:
        return self.ctx.length

    @property
    def seed(self) -> str | None:
        return self.ctx.seed

    @property
    def rules(self) -> Rules:
        return self.ctx.rules
