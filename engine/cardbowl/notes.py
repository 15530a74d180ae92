"""How the Card Bowl bots write a play (engine/cardbowl/bots.py, settle.py): yard lines as
the notes give them, the clock, penalties, and how far a penalty moves the ball."""

from __future__ import annotations

from functools import cache

from printkit_engine.cardbowl.cardplay import Foul

FIELD = 100


def yard(pos: int) -> int:
    """A position as the notes write it: yards from the nearer goal."""
    return pos if pos <= FIELD // 2 else FIELD - pos


@cache
def clock(left: int) -> str:
    """The time left in the quarter as the notes write it (`2:05`), from `left` 5-second
    intervals (cached: every play's line writes one of the quarter's 181 times)."""
    seconds = max(left, 0) * 5
    return f"{seconds // 60}:{seconds % 60:02d}"


def penalty_text(foul: Foul, declined: bool = False) -> str:
    """`5 yd pen. vs. D, auto 1st down`, `8 yd pass interference`, `..., declined`."""
    if foul.interference:       # at the 1 it moves nothing, written as 1 (C4: "moved forward")
        text = f"{max(foul.yards, 1)} yd pass interference, auto 1st down"
    else:
        text = f"{foul.yards} yd pen. vs. {foul.against}"
        if foul.first_down:
            text += ", auto 1st down"
    return text + (", declined" if declined else "")


def enforce(pos: int, foul: Foul) -> int:
    """Net yards a foul moves the ball from `pos` (the offence's view): "half the distance to
    the goal" when it would move more (NFL, decision C4); a pass interference to its spot,
    never past the 1."""
    if foul.interference or foul.spot_foul:
        return max(min(foul.yards, FIELD - 1 - pos), 0)
    room = FIELD - pos if foul.against == "D" else pos
    yards = room // 2 if foul.yards > room / 2 else foul.yards
    return yards if foul.against == "D" else -yards
