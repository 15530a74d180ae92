"""The bots' choices: what the rules leave to the players (formation, where each card plays,
the play called, kicks, the clock), from the game situation and a seeded generator.

Nothing here draws a card; engine/cardbowl/scrimmage.py and kicks.py do. The choices are
plausible football, varied by a per-team boldness, and never break a rule; docs/rules/
cardbowl.md (C19-C30) lists the ones a reader of a record may want to know.
"""

from __future__ import annotations

import random
from typing import NamedTuple, Protocol

from printkit_engine.cardbowl.cardplay import HAND_VALUES
from printkit_engine.cardbowl.scrimmage import Call, Defense, Offense, Read
from printkit_engine.frozen import new_tuple

TOUCHBACK_DEEP = -4            # a kick this deep in the end zone is downed
RETURN_FROM = 12               # a punt received inside the 12 is not run back (C27)


class _Fields(NamedTuple):
    to_goal: int
    down: int
    to_go: int
    lead: int
    quarter: int
    left: int
    timeouts: int
    late: bool
    hurry: bool


# Immutable values made for every play: a tuple, as a frozen dataclass sets each field
# through object.__setattr__ (three times the instructions; bench/bench_cardbowl.py).
class Situation(_Fields):
    """What a coach sees before a play: yards to the goal, down, distance, its lead, the
    quarter and the intervals left in it, and its timeouts left.

    `late` and `hurry` are worked out once, when the situation is made: the game loop and
    the coach read them about 1,400 times a game (bench/bench_cardbowl.py), a property
    would run a Python frame each time.

    - `late`: the rules' special clock time, the last two minutes of the first half, the
      last five of the second;
    - `hurry`: late, not ahead, and not backed up deep in the first half."""

    __slots__ = ()

    def __new__(cls, to_goal: int, down: int, to_go: int, lead: int, quarter: int,
                left: int, timeouts: int = 3) -> Situation:
        return situation(to_goal, down, to_go, lead, quarter, left, timeouts)


def situation(to_goal: int, down: int, to_go: int, lead: int, quarter: int, left: int,
              timeouts: int = 3) -> Situation:
    """A :class:`Situation` (what `Situation(...)` gives), for the game loop to call: a
    class's `__new__` written in Python runs in a frame of its own from C, a plain call
    does not."""
    late = (quarter == 2 and left <= 24) or (quarter == 4 and left <= 60)
    hurry = late and lead <= 0 and not (quarter == 2 and to_goal > 70)
    return new_tuple(Situation, (to_goal, down, to_go, lead, quarter, left, timeouts, late, hurry))


def ranked(hand: tuple[str, ...]) -> list[str]:
    """A hand, highest card first."""
    return sorted(hand, key=HAND_VALUES.__getitem__, reverse=True)


def _sorted(hand: tuple[str, ...]) -> list[str]:
    return sorted(hand, key=HAND_VALUES.__getitem__, reverse=True)


POSITIONS = {
    # the hand, highest first, dealt to these positions in this order
    "pass": ("QB", "WL", "WR", "TE", "C", "LG", "RG", "LT", "RT", "HB", "FB"),
    "run": ("HB", "C", "LG", "RG", "FB", "LT", "RT", "TE", "QB", "WL", "WR"),
    "screen": ("HB", "QB", "C", "LG", "RG", "LT", "RT", "WL", "WR", "TE", "FB"),
}
DEFENSE = ("MLB", "RCB", "LCB", "DLT", "DRT", "SS", "FS", "DLE", "DRE", "ROLB", "LOLB")

# The defence's reads and the plays other than a pass are the same few values every play:
# made once (immutable tuples), not a tuple each play.
OLB_BLITZ = Read(blitz=(("LOLB", 1), ("ROLB", 2)))
SAFETIES_UP = Read(double=(("FS", "WL"), ("SS", "WR")))
MLB_BLITZ = {m: Read(blitz=(("MLB", m),)) for m in (1, 2)}
NO_READ = Read()
CALLS = {kind: Call(kind, fullback=kind == "run")
         for kind in ("run", "screen", "lateral", "sneak", "scramble", "spike")}


class Source(Protocol):
    """Where the game loop (engine/cardbowl/bots.py `Match`) gets the tables' choices: the
    bots' :class:`Coach`, or a decision log's rows (engine/cardbowl/decisions.py)."""

    def more(self) -> bool: ...
    def begin(self, kind: str, team: int) -> None: ...
    def first_kicker(self) -> int: ...
    def onside(self, lead: int, quarter: int, left: int) -> bool: ...
    def two_point(self, lead_after_td: int, quarter: int) -> bool: ...
    def conversion_kind(self, s: Situation, team: int) -> str: ...
    def kick_or_go(self, s: Situation, team: int, fourth: bool, last: bool) -> str: ...
    def play_kind(self, s: Situation, team: int, ranked: list[str], running: bool) -> str: ...
    def offense(self, ranked: list[str], kind: str) -> Offense: ...
    def defense(self, hand: tuple[str, ...]) -> Defense: ...
    def read(self, qb: str, s: Situation) -> Read: ...
    def call(self, kind: str, s: Situation, team: int) -> Call: ...
    def punt_cards(self, to_goal: int) -> tuple[int, bool]: ...
    def between(self, s: Situation, team: int) -> int: ...
    def timeout(self, s: Situation, offense: bool) -> bool: ...


class Coach:
    """Both sidelines' choices, from one generator seeded by the game."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.boldness = (rng.uniform(0.2, 0.8), rng.uniform(0.2, 0.8))

    # -- the game's course (a decision log's rows follow it; the bots need nothing) ------
    def more(self) -> bool:
        return True

    def begin(self, kind: str, team: int) -> None:
        """A play starts (kind: kickoff, try or scrimmage; "" the game's end)."""

    def first_kicker(self) -> int:
        """The team that kicks off first (the toss)."""
        return self.rng.randrange(2)

    def conversion_kind(self, s: Situation, team: int) -> str:
        """A two-point try: run or pass."""
        return "pass" if self.rng.random() < 0.5 else "run"

    def kick_or_go(self, s: Situation, team: int, fourth: bool, last: bool) -> str:
        """"punt", "fg" or "go" before a scrimmage down: the last play of a half within
        range kicks the field goal (`last`), fourth down asks :meth:`fourth_down`."""
        if last:
            return "fg"
        return self.fourth_down(s, team) if fourth else "go"

    def play_kind(self, s: Situation, team: int, ranked: list[str], running: bool) -> str:
        """The play called once the hand is seen (:meth:`plan`), or a spike to stop the
        clock with no timeout left."""
        kind = self.plan(s, team, ranked)
        if s.hurry and running is False and s.left <= 6 and s.timeouts == 0:
            kind = "spike"
        return kind

    # -- the play ------------------------------------------------------------------------
    def plan(self, s: Situation, team: int, ranked: list[str]) -> str:
        """The kind of play, once the offence has seen its hand: pass, run, screen,
        lateral, sneak or scramble. A pass wants three high cards (the QB and two
        receivers: "In a passing play the hand's highest cards would be used as the QB and
        one or more receivers"), a run one (the ball carrier counts double). `ranked`: the
        hand, highest first."""
        r = self.rng.random()
        third = HAND_VALUES[ranked[2]]
        if s.hurry and s.to_go > 3:
            return "pass" if r < 0.85 else "screen"
        if s.to_go <= 1 and r < 0.3:
            return "sneak"
        table = (("screen", 0.05), ("lateral", 0.03), ("scramble", 0.02))
        for kind, chance in table:
            if r < chance:
                return kind
            r -= chance
        passing = 0.05 + 0.25 * (s.to_go >= 8) + 0.15 * self.boldness[team] + \
            0.2 * (third >= 11)
        return "pass" if self.rng.random() < passing else "run"

    def offense(self, ranked: list[str], kind: str) -> Offense:
        """Where each card plays: the plan's key cards highest ("In a passing play the
        hand's highest cards would be used as the QB and one or more receivers. In a running
        play, the highest card would be used as the ball carrier")."""
        layout = POSITIONS[kind if kind in POSITIONS else
                           "screen" if kind == "lateral" else
                           "pass" if kind in ("scramble", "spike") else "run"]
        cards = dict(zip(layout, ranked, strict=True))
        shotgun = kind == "pass" and self.rng.random() < 0.35
        centre = 1 if HAND_VALUES[cards["LG"]] < HAND_VALUES[cards["RG"]] else 2
        return new_tuple(Offense, (cards, shotgun, centre))

    def defense(self, hand: tuple[str, ...]) -> Defense:
        """Eleven cards after the discards ("can discard the lowest"), high cards in the
        secondary ("it makes sense to place high cards in the secondary")."""
        kept = _sorted(hand)[:11]
        return new_tuple(Defense, (dict(zip(DEFENSE, kept, strict=True)),))

    def read(self, qb: str, s: Situation) -> Read:
        """The defence's answer to the QB it sees: a low QB, a run (outside linebackers up
        into the line); a high one on a long down, a pass (safeties up beside the
        cornerbacks); now and then the middle linebacker blitzes."""
        value = HAND_VALUES[qb]
        r = self.rng.random()
        if value <= 7 and r < 0.7:
            return OLB_BLITZ
        if value >= 11 and s.to_go >= 6 and r < 0.6:
            return SAFETIES_UP
        if r > 0.9:
            return MLB_BLITZ[self.rng.choice((1, 2))]
        return NO_READ

    def call(self, kind: str, s: Situation, team: int) -> Call:
        if kind != "pass":
            return CALLS.get(kind) or Call(kind, fullback=kind == "run")
        need = 2 if s.hurry or s.to_go >= 15 else 1 if s.to_go >= 7 else 0
        if s.to_goal <= 12:
            need = 0
        turns = self.rng.choice((0, 1, 1, 2, 2, 3)) if need else self.rng.choice((0, 1))
        return new_tuple(Call, ("pass", (), "", max(turns, need and 1), need, False, True))

    # -- kicks ---------------------------------------------------------------------------
    def fourth_down(self, s: Situation, team: int) -> str:
        """"punt", "fg" or "go" on fourth down."""
        fg = s.to_goal + 18
        desperate = s.quarter == 4 and s.lead < 0 and (s.left <= 40 or s.lead < -8 and
                                                       s.left <= 80)
        if desperate and not (fg <= 45 and -3 <= s.lead < 0):
            return "go"
        if s.to_go <= 1 and s.to_goal <= 60 and self.rng.random() < self.boldness[team]:
            return "go"
        if fg <= 48 or (fg <= 55 and self.rng.random() < self.boldness[team]):
            return "fg"
        if s.to_goal <= 40 and s.to_go <= 3:
            return "go"
        return "punt"

    def punt_cards(self, to_goal: int) -> tuple[int, bool]:
        """Punt cards (each about 7 yards, + 15) and an out-of-bounds attempt, to come down
        short of the goal line."""
        for cards in (4, 3, 2, 1):
            if 15 + 7 * cards <= to_goal - 5:
                return cards, cards < 4 and to_goal < 55
        return 1, True

    def two_point(self, lead_after_td: int, quarter: int) -> bool:
        return quarter == 4 and lead_after_td in (-2, -5, -9, -10, -12, 1, 5, -16)

    def onside(self, lead: int, quarter: int, left: int) -> bool:
        return quarter == 4 and lead < 0 and (left <= 30 or (lead < -8 and left <= 60))

    def between(self, s: Situation, team: int) -> int:
        """Intervals the offence lets run before the snap (Complex Timing, 2-8, default 7):
        hurrying when behind late, all of them when ahead late."""
        if s.hurry:
            return self.rng.choice((2, 3, 4))
        if s.quarter in (2, 4) and s.lead > 0 and s.late:
            return 8
        return 7

    def timeout(self, s: Situation, offense: bool) -> bool:
        """Stop the clock: the team behind, late in a half."""
        if s.timeouts <= 0 or not s.late:
            return False
        return (offense and s.hurry) or (not offense and s.quarter == 4 and s.lead < 0)


class Receiver:
    """The receiving team's choices in the middle of a kick (kicks.Choices)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def touchback(self, spot: int) -> bool:
        return spot <= TOUCHBACK_DEEP or self.rng.random() < 0.3

    def punt_catch(self, received: int, coverage: str) -> str:
        if received < RETURN_FROM:
            return "bounce" if received <= 8 and self.rng.random() < 0.5 else "fair"
        if HAND_VALUES[coverage] >= 11 and self.rng.random() < 0.5:
            return "fair"
        return "return"
