"""The PostCard Football game state: small, explicit, immutable.

Spots are yards from the home goal line: 0 is the home goal line, FIELD (100) the away goal
line, -END_ZONE and FIELD + END_ZONE the end lines. Home attacks towards FIELD, Away towards 0.
A state between plays is what a player writes in a record's `{...}` annotation; ``play`` holds
the play in progress.

The field and the downs are football's, not the card's (the rules text takes them as known),
and the record notation writes spots in them: they are typed here, once, and not in
rules.toml.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit_engine.frozen import evolve

SIDES = ("H", "A")
FIELD = 100        # yards between the goal lines
END_ZONE = 10      # "The size of the end zone is 10 yards"
DOWNS = 4          # downs to gain ...
TO_GAIN = 10       # ... this many yards (a first down)

# What the next line of a record may be, between plays.
TOSS, KICKOFF, SCRIMMAGE, TRY, SAFETY_KICK, OVER, PLAY = (
    "toss", "kickoff", "scrimmage", "try", "safety_kick", "over", "play")


def other(side: str) -> str:
    return "A" if side == "H" else "H"


def index(side: str) -> int:
    return 0 if side == "H" else 1


def direction(side: str) -> int:
    """+1 for Home (attacks the away goal at FIELD), -1 for Away."""
    return 1 if side == "H" else -1


def to_goal(side: str, spot: int) -> int:
    """Yards from `spot` to the goal line `side` attacks (negative = inside that end zone)."""
    return FIELD - spot if side == "H" else spot


def from_own(side: str, spot: int) -> int:
    """Yards from `side`'s own goal line (negative = inside its own end zone)."""
    return spot if side == "H" else FIELD - spot


def at_own(side: str, yards: int) -> int:
    """The spot `yards` from `side`'s own goal line."""
    return yards if side == "H" else FIELD - yards


def advance(side: str, spot: int, yards: int) -> int:
    """The spot `yards` further towards the goal `side` attacks."""
    return spot + direction(side) * yards


def format_spot(spot: int) -> str:
    if spot == FIELD // 2:
        return str(spot)
    return f"H{spot}" if spot < FIELD // 2 else f"A{FIELD - spot}"


def pair(values: tuple[int, int], side: str, value: int) -> tuple[int, int]:
    """`values` with `side`'s entry replaced."""
    return (value, values[1]) if side == "H" else (values[0], value)


@dataclass(frozen=True)
class Play:
    """A play in progress: what the next line must be and what it builds on."""

    kind: str                 # rush pass punt fg fake kickoff onside safety_kick try1 try2 ...
    step: str                 # the verb the next line must carry (or a choice of verbs)
    offense: str              # the team in possession when the play began (or the kicker)
    holder: str               # the team whose loss of the ball costs it a Time Tracker circle
    carrier: str              # the team with the ball now
    los: int                  # line of scrimmage (kicks: where the kick is made)
    spot: int                 # where the ball is now
    strat: tuple[str, int] = ("", 0)       # strategy (or fake) bonus: side and size
    breakaway: bool = False   # the offense keeps its strategy bonus while running
    kick_bonus: tuple[str, int] = ("", 0)  # bonus on the first return challenge
    first_return: bool = False   # next run line is the first challenge of a return
    unlimited: bool = False   # regular kickoff return, first attempt: no chart limits
    r1: int = 0               # pass: step-1 result
    result: int = 0           # pass: final result
    level: int = 0            # pass: catch level
    pressure: int = 0         # pass: defense pressure value
    target: int = 0           # punt distance / kick spot
    fumbler: str = ""         # team that lost the ball (ties recover to `tie_to`)
    tie_to: str = ""
    sacked: bool = False
    try_points: int = 0       # 2 on a two-point try play
    fake: bool = False        # rush/pass after a fake kick: no strategy picks
    receive: str = ""         # options after a kick: "fair", "touchback", "" (run only)


@dataclass(frozen=True)
class State:
    phase: str = TOSS
    ball: str = "H"               # team in possession, kicking or trying
    spot: int = 0
    down: int = 1
    to_go: int = TO_GAIN
    score: tuple[int, int] = (0, 0)
    time: tuple[int, int] = (0, 0)    # Time Tracker circles crossed in the home/away end zone
    final: int = -1                   # end of game phase: circles crossed (-1: not yet)
    plays: tuple[int, int] = (0, 0)   # Play Tracker circles crossed, home/away
    bonus: tuple[int, int] = (0, 0)   # bonuses held, home/away
    sack: str = ""                    # side whose rolls are worth 1 less (rest of possession)
    play: Play | None = None

    def with_play(self, **changes: object) -> State:
        assert self.play is not None
        return evolve(self, play=evolve(self.play, **changes))
