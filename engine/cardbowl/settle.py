"""A scrimmage play's draws (a :class:`~printkit_engine.cardbowl.scrimmage.Snap`) as the notes write
it, and where it leaves the game: the next down, a first down, a score or the ball over.

Penalties: the offended team accepts or declines ("defense can decline at end of play"); a
foul "from LoS" (the Pass draw's, holding on the pass rush, offensive pass interference, the
snap's offside) is enforced from the line of scrimmage with the down replayed, so an accepted
one is a line with only the penalty; a rushing play's fouls are added to the spot the play
reached, as the rules' example writes them (`run 2; 5 yrd pen. vs. D, auto 1st down`, decision
C4); an open-field run's foul against the runners "from the spot of the penalty (any yards
gained subsequently are discarded)". Decisions C19-C30 in docs/rules/cardbowl.md.
"""

from __future__ import annotations

from typing import Protocol

from printkit_engine.cardbowl.cardplay import Foul
from printkit_engine.cardbowl.coach import Situation
from printkit_engine.cardbowl.notes import FIELD, enforce, penalty_text
from printkit_engine.cardbowl.rules import Rules
from printkit_engine.cardbowl.scrimmage import Snap


class Match(Protocol):
    """What settling a play reads and does of the game (engine/cardbowl/bots.py: Match)."""

    rules: Rules
    score: list[int]
    pos: int
    down: int
    marker: int
    pending: tuple[str, int, bool]

    def head(self) -> str: ...

    def line(self, team: int, head: str, result: str, scored: bool = False,
             cards: list[list[str]] | None = None) -> None: ...

    def first_down(self, team: int, pos: int, intervals: int, stops: bool = True) -> None: ...

    def after_play(self, intervals: int, stops: bool) -> None: ...


def settle(m: Match, team: int, snap: Snap, s: Situation) -> None:
    """Write the play's line and move the game on."""
    foul = snap.foul
    _over_the_line(snap, FIELD - m.pos)
    if not snap.word:
        return _penalty_only(m, team, foul)
    if snap.interception:
        return _interception(m, team, snap)
    if snap.fumble_at is not None and snap.recovery is not None and snap.recovery.by == "D":
        return _lost_fumble(m, team, snap)
    if foul is not None and foul.previous:
        if _accepted(m, snap, foul):
            return _penalty_only(m, team, foul)
        return _play(m, team, snap, s, declined=True)
    return _play(m, team, snap, s, declined=snap.declined)


def _over_the_line(snap: Snap, to_goal: int) -> None:
    """A ball carrier who reached the goal line before the ball came loose has scored
    (C24); a bounce does not carry a loose ball over a goal line: it stops at the 1."""
    if snap.fumble_at is None or snap.loose_at is None:
        return
    if snap.loose_at >= to_goal:
        snap.fumble_at = snap.recovery = None
        snap.gain, snap.run, snap.fumble_return = to_goal, 0, 0
        return
    snap.fumble_at = min(snap.fumble_at, to_goal - 1)
    if snap.loose_at > -(FIELD - to_goal):
        snap.fumble_at = max(snap.fumble_at, 1 - (FIELD - to_goal))


def _penalty_only(m: Match, team: int, foul: Foul | None) -> None:
    """A foul that stops the play, or one enforced from the line with the down replayed."""
    assert foul is not None
    new = m.pos + enforce(m.pos, foul)
    m.line(team, m.head(), penalty_text(foul))
    if foul.first_down or new >= m.marker:
        return m.first_down(team, new, 0 if foul.stops else 1)
    m.pos = new
    m.after_play(0 if foul.stops else 1, stops=True)
    return None


def _accepted(m: Match, snap: Snap, foul: Foul) -> bool:
    """The offended team takes a foul enforced from the line when the play did it less
    good than the penalty would."""
    gain = snap.total if snap.gain is not None else 0
    if snap.fumble_at is not None:
        gain = snap.fumble_at + snap.fumble_return
    if foul.against == "O":
        return gain > -foul.yards
    first = foul.first_down or m.pos + foul.yards >= m.marker
    made = m.pos + gain >= m.marker
    return (first and not made) or (first == made and gain < foul.yards)


def _yards_text(snap: Snap) -> str:
    if snap.gain is None:
        return f"{snap.word} inc."
    if snap.run:
        return f"{snap.word} {snap.gain} + {snap.run} = {snap.total}"
    return f"{snap.word} {snap.gain}"


def _intervals(snap: Snap, yards: int) -> int:
    """Complex Timing: "Any regular play uses 1 interval"; an open-field run at the end or
    a play of more than 25 yards, 2; grounding the ball, none."""
    if snap.word == "spike":
        return 0
    return 2 if snap.open_field or abs(yards) > 25 else 1


def _late_stop(m: Match, snap: Snap, s: Situation) -> bool:
    """The special clock rules late in a half: out of bounds (the last offensive draw of
    the ball carrier's suit, or the run given up to step out)."""
    if not s.late:
        return False
    return snap.out_of_bounds or (bool(snap.last_draw) and snap.last_draw[-1:] == snap.suit)


def _play(m: Match, team: int, snap: Snap, s: Situation, declined: bool) -> None:
    foul = snap.foul
    yards = snap.total if snap.gain is not None else 0
    text = _yards_text(snap)
    if snap.fumble_at is not None:
        snap.fumble_return = min(snap.fumble_return, FIELD - m.pos - snap.fumble_at)
        yards = snap.fumble_at + snap.fumble_return
        ret = f" +{snap.fumble_return} return" if snap.fumble_return else ""
        text = f"{snap.word} {snap.fumble_at}, fumble, O recovers{ret}"
    if foul is not None and foul.spot is not None and foul.against == "O" and not declined:
        yards = min(yards, foul.spot)            # "any yards gained subsequently are
        text = f"{snap.word} {yards}"            # discarded"
    net = 0
    scored = m.pos + yards >= FIELD
    if foul is not None:
        declined = declined or (scored and foul.against == "D")
        if not declined:
            net = enforce(m.pos + yards, foul)
        text += "; " + penalty_text(foul, declined)
    new = m.pos + yards + net
    stops = snap.gain is None or (foul is not None and not declined) or \
        snap.word == "spike" or _late_stop(m, snap, s) or (declined and s.late)
    if new >= FIELD:
        m.score[team] += m.rules.points("touchdown")
    elif new <= 0:
        m.score[1 - team] += m.rules.points("safety")
    m.line(team, m.head(), text + (", TD" if new >= FIELD else ", safety" if new <= 0
                                   else ""),
           scored=new >= FIELD or new <= 0)
    intervals = _intervals(snap, yards)
    if new >= FIELD:
        m.after_play(intervals, stops=True)
        m.pending = ("try", team, False)
        return None
    if new <= 0:
        m.after_play(intervals, stops=True)
        m.pending = ("kickoff", team, True)
        return None
    first = new >= m.marker or (foul is not None and foul.first_down and not declined
                                and foul.against == "D")
    if first:
        return m.first_down(team, new, intervals, stops)
    if m.down == 4:
        return m.first_down(1 - team, FIELD - new, intervals)
    m.pos, m.down = new, m.down + 1
    m.after_play(intervals, stops)
    return None


def _interception(m: Match, team: int, snap: Snap) -> None:
    other = 1 - team
    start = FIELD - (m.pos + snap.air)
    foul = f"; {penalty_text(snap.foul, True)}" if snap.foul is not None else ""
    head = f"{snap.word} int. {snap.air}"
    if start <= 0:
        m.line(team, m.head(), f"{head}, touchback{foul}")
        return m.first_down(other, m.rules.field.touchback, 1)
    spot = start + snap.ret
    if spot >= FIELD:
        m.score[other] += m.rules.points("touchdown")
        m.line(team, m.head(), f"{head}, {snap.ret} yd return, TD{foul}", scored=True)
        m.after_play(2, stops=True)
        m.pending = ("try", other, False)
        return None
    m.line(team, m.head(), f"{head}, {snap.ret} yd return{foul}")
    return m.first_down(other, spot, 2 if snap.open_field or snap.ret > 25 else 1)


def _lost_fumble(m: Match, team: int, snap: Snap) -> None:
    other = 1 - team
    at = snap.fumble_at or 0
    start = FIELD - (m.pos + at)
    snap.fumble_return = min(snap.fumble_return, max(FIELD - start, 0))
    spot = start + snap.fumble_return
    ret = f" +{snap.fumble_return} return" if snap.fumble_return else ""
    foul = f"; {penalty_text(snap.foul, True)}" if snap.foul is not None else ""
    text = f"{snap.word} {at}, fumble, D recovers{ret}"
    if spot >= FIELD:
        m.score[other] += m.rules.points("touchdown")
        m.line(team, m.head(), f"{text}, TD{foul}", scored=True)
        m.after_play(2, stops=True)
        m.pending = ("try", other, False)
        return None
    m.line(team, m.head(), text + foul)
    return m.first_down(other, spot, 2 if snap.open_field else 1)
