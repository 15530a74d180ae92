"""The working context of one record line: the state as it changes, what is due, findings.

Verb handlers (plays.py, running.py, kicks.py) read rolls through :meth:`Ctx.value`, which
applies every modifier the rules attach to a roll in one place: Bonus Bar bonuses written on
the die, strategy / kick / fake bonuses the caller passes, and the sack's minus one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit_engine.findings import Finding
from printkit_engine.frozen import evolve
from printkit_engine.postcard.notation import Line, Roll
from printkit_engine.postcard.rules import Rules
from printkit_engine.postcard.state import State


@dataclass
class Ctx:
    state: State
    line: Line
    rules: Rules
    skills: dict[str, str | None]
    findings: list[Finding] = field(default_factory=list)
    due: list[str] = field(default_factory=list)     # owners of Time Tracker circles due
    ended: bool = False          # a play ended on this line
    td: bool = False             # a touchdown was scored on this line
    converted: bool = False      # a two-point try was good on this line (a TD mark may say so)
    safety: bool = False
    memo: dict[str, int] = field(default_factory=dict)   # values computed for apply()
    other_due: list[str] | None = None   # circles due on the dice's reading, when the
    #                                      record's outcome was followed instead
    unsaid: tuple[tuple[str, str], ...] = ()   # re-rolls of sides whose skill the record
    #                                            cannot say: (side, the skill it needs)

    def find(self, rule: str, message: str, expected: object = "", found: object = "",
             ) -> None:
        self.findings.append(Finding(self.line.number, rule, message, str(expected),
                                     str(found)))

    def roll(self, side: str, pair: bool = False) -> Roll | None:
        """The line's roll for `side` (rolls were checked against the spec before)."""
        for r in self.line.rolls:
            if r.side == side and r.pair == pair:
                return r
        for r in self.line.rolls:
            if r.side == side:
                return r
        return None

    def value(self, side: str, extra: int = 0) -> int:
        """A single-die roll as it counts: die + Bonus Bar + `extra` - 1 after a sack, while
        the sacked side still has the ball (P2: a kick or turnover in the play ends it)."""
        r = self.roll(side)
        if r is None:
            return 0
        minus = self.rules.passing.sack_penalty_per_roll if self.sacked(side) else 0
        return r.total + r.bonus + extra - minus

    def sacked(self, side: str) -> bool:
        s = self.state
        carrier = s.play.carrier if s.play is not None else s.ball
        return s.sack == side and carrier == side

    def raw(self, side: str) -> int:
        r = self.roll(side)
        return r.kept[-1] if r else 0

    def pair_total(self, side: str) -> int:
        r = self.roll(side, pair=True)
        return r.total if r else 0

    def set(self, **changes: object) -> None:
        self.state = evolve(self.state, **changes)

    def set_play(self, **changes: object) -> None:
        """State.with_play, one call fewer: verb handlers set the play about once a line."""
        state = self.state
        assert state.play is not None
        self.state = evolve(state, play=evolve(state.play, **changes))
