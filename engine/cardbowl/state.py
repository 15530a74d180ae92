"""What the Card Bowl audit knows between lines: the walk's :class:`State`, and the snapshot
(:class:`Situation`) the outcome and card checks read.

steps.py steps a record line by line over a frozen :class:`State`; outcome.py (what a result
leads to) and cardcheck.py (what the cards say) are pure functions of a :class:`Situation`
and a line, returning an :class:`Outcome` (or findings): they depend on this module, the
steps depend on them, never the other way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from printkit_engine.cardbowl.notation import Entry
from printkit_engine.cardbowl.rules import Rules
from printkit_engine.findings import Finding
from printkit_engine.frozen import fast_init

FIELD = 100               # goal line to goal line, in yards
END_ZONE = 10             # each end zone
YARDS = FIELD + 2 * END_ZONE   # end line to end line: the printed field, the cribbage track


def yard(pos: int) -> int:
    """The written yard line of a position: counted from the nearer goal."""
    return pos if pos <= FIELD // 2 else FIELD - pos


@fast_init            # made for about every line of a record: one step, not a call a field
@dataclass(frozen=True)
class Expect:
    """What the next play line should show, from the last line's result (None = unknown)."""

    kind: str = "start"           # start, scrimmage, open, try, kickoff
    offense: int | None = None    # team index with the ball next (receiving team for kicks)
    change: bool = False          # possession changed: a `---` line is due
    pos: int | None = None
    down: int | None = None
    marker: int | None = None
    free_kick: bool = False


@fast_init            # made for every play line (the checks' snapshot)
@dataclass(frozen=True)
class Situation:
    """What a result or a card check reads of the walk: a snapshot, never changed by them."""

    rules: Rules
    seed: str | None = None
    pos: int | None = None        # the line's spot, down and line to gain (as written)
    down: int | None = None
    marker: int | None = None


class Other(NamedTuple):
    """Another reading of a line: where it leads, and its points (None: the line's own)."""

    expect: Expect
    points: tuple[int, int] | None = None


class Outcome(NamedTuple):
    """What one result leads to: the next line's expectation, findings, points per team, and
    the expectations the rules give where the line wrote something else (a return that does
    not add up, a first down the penalty does not give): the next line may follow either."""

    expect: Expect
    findings: tuple[Finding, ...]
    points: tuple[int, int]
    others: tuple[Other, ...] = ()


@dataclass(frozen=True, eq=False)
class Context:
    """What is fixed for a whole record (one object per record, compared by identity)."""

    rules: Rules
    seed: str | None = None


@dataclass(frozen=True)
class State:
    """Where the notes stand after a line, as the record wrote it. Every field is what the
    old walker kept as an attribute; a step returns a new State, never changes one."""

    names: tuple[str | None, str | None] = (None, None)   # the two teams, as first written
    score: tuple[int, int] = (0, 0)
    score_alt: tuple[int, int] | None = None   # the arithmetic's score after a score slip,
                                               # or with the points of a score line left out
    section: int | None = None       # the team the last heading names (None: not known)
    separator: bool = False          # a `---` since the last play line
    half_start: bool = False         # a Halftime, Q3 or OT marker since the last play line
    expect: Expect = Expect()
    mirror: Expect | None = None     # what the last line leads to had its yard line been on
                                     # the other side of midfield (a side it had to guess)
    offense: int = 0                 # the last play line's team, spot, down, line to gain
    pos: int | None = None
    down: int | None = None
    marker: int | None = None
    previous_text: str = ""          # the last play line, spaces collapsed (errata, C1)
    plays: int = 0                   # play lines so far (the play book's deal number)
    errata_used: int = 0
    last_play: Entry | None = None
    last_team: int = 0
    deal_shift: int = 0              # play lines left out (-) or written twice (+) before
    strangers: tuple[str, ...] = ()  # third teams' names found already (lower case)
    slipped: bool = False            # a finding since the last cards were checked
    score_known: bool = True         # False after a line that could not be read: the next
                                     # score column written is taken as it stands
    loose: bool = False              # the next play line starts where it says (a kick's
                                     # cards with no kick above them: the kick left out)
    heading_line: int | None = None  # the first heading since the last play line (a `---`
                                     # left out is found there: it belongs before it)
    lead: int = 0                    # the team of a first play line with no heading above
                                     # it (the other one is the kernel's second reading)
    ctx: Context = field(default=None, compare=False, repr=False)  # type: ignore[assignment]


def finding(entry: Entry, rule: str, message: str, expected: object = "",
            found: object = "") -> Finding:
    """A finding on `entry`'s line, expected and found as text."""
    return Finding(entry.line, rule, message, str(expected), str(found))


class Notes:
    """The findings and points one pure check collects before it returns them (local to one
    call: outcome.py and cardcheck.py build one, fill it, and hand back what it holds)."""

    def __init__(self, situation: Situation) -> None:
        self.situation = situation
        self.rules = situation.rules
        self.seed, self.pos = situation.seed, situation.pos
        self.down, self.marker = situation.down, situation.marker
        self.findings: list[Finding] = []
        self.points = [0, 0]
        self.others: list[Other] = []

    def flag(self, entry: Entry, rule: str, message: str, expected: object = "",
             found: object = "") -> None:
        self.findings.append(finding(entry, rule, message, expected, found))

    def add_points(self, team: int, points: int) -> None:
        self.points[team] += points

    def also(self, expect: Expect, points: tuple[int, int] | None = None) -> None:
        """The rules' own reading of a line that wrote something else (scoring `points`;
        None: the line's own)."""
        other = Other(expect, points)
        if other not in self.others:
            self.others.append(other)

    def aside(self) -> Notes:
        """Notes for working out another reading: its findings and points are not kept."""
        return Notes(self.situation)

    def step(self, expect: Expect) -> Outcome:
        if not self.others:          # nearly every line
            return Outcome(expect, tuple(self.findings), (self.points[0], self.points[1]))
        others = tuple(o for o in self.others if o != (expect, None))
        return Outcome(expect, tuple(self.findings), (self.points[0], self.points[1]), others)
