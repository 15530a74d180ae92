"""Running with the ball, tackles, fumbles, penalties, and how a play ends (downs, touchdowns,
safeties, lost possession). Rules: Running with the ball, Tackles, Fumbles, Penalties,
Touchdowns, Safety; decisions C5, C6, P2-P6 in docs/rules/postcard.md.
"""

from __future__ import annotations

from printkit_engine.frozen import evolve
from printkit_engine.postcard.context import Ctx
from printkit_engine.postcard.state import (
    DOWNS,
    KICKOFF,
    SAFETY_KICK,
    SCRIMMAGE,
    TO_GAIN,
    TRY,
    State,
    advance,
    at_own,
    from_own,
    index,
    other,
    pair,
    to_goal,
)

KICK_KINDS = ("kickoff", "onside", "punt", "safety_kick", "fg")


def add_score(state: State, side: str, points: int) -> State:
    return evolve(state, score=pair(state.score, side, state.score[index(side)] + points))


def new_series(state: State, side: str, spot: int) -> State:
    """First and ten (or goal) for `side` at `spot`; a new possession clears the sack."""
    sack = state.sack if state.sack == side and state.ball == side else ""
    return evolve(state, phase=SCRIMMAGE, ball=side, spot=spot, down=1,
                   to_go=min(TO_GAIN, max(0, to_goal(side, spot))), sack=sack, play=None)


def kickoff_by(state: State, side: str, rules_from: int) -> State:
    return evolve(state, phase=KICKOFF, ball=side, spot=at_own(side, rules_from), down=1,
                   to_go=TO_GAIN, sack="", play=None)


def lose_ball(ctx: Ctx, side: str) -> None:
    """`side` lost possession: it owes its Time Tracker circles."""
    ctx.due.extend([side] * ctx.rules.time_tracker.lost_possession)


def end_play(ctx: Ctx, first_down: bool = False) -> None:
    """The ball is dead: score, downs, lost possession, and what comes next."""
    s = ctx.state
    p = s.play
    assert p is not None
    ctx.ended = True
    carrier, spot = p.carrier, p.spot
    kick_from = ctx.rules.kickoff.from_
    scoring = ctx.rules.scoring
    if p.kind == "try1":
        ctx.state = kickoff_by(s, p.offense, kick_from)
        return
    if p.kind == "try2":
        if carrier == p.offense and to_goal(carrier, spot) < 0:
            s = add_score(s, carrier, scoring.two_point)
            ctx.converted = True
        ctx.state = kickoff_by(s, p.offense, kick_from)
        return
    if to_goal(carrier, spot) < 0:
        ctx.td = True
        s = add_score(s, carrier, scoring.touchdown)
        if carrier != p.holder:
            lose_ball(ctx, p.holder)
        ctx.due.extend([other(carrier)] * ctx.rules.time_tracker.touchdown)
        ctx.state = evolve(s, phase=TRY, ball=carrier, spot=at_own(other(carrier), 0),
                            sack="", play=None)
        return
    if from_own(carrier, spot) < 0:
        ctx.safety = True
        s = add_score(s, other(carrier), scoring.safety)
        if carrier != p.holder:
            lose_ball(ctx, p.holder)
        ctx.state = evolve(s, phase=SAFETY_KICK, ball=carrier,
                            spot=at_own(carrier, scoring.safety_kick_spot),
                            sack="", play=None)
        return
    if carrier != p.holder:
        lose_ball(ctx, p.holder)
        ctx.state = new_series(evolve(s, sack=""), carrier, spot)
        return
    if p.holder != p.offense:           # the receiving team ends a kick return
        ctx.state = new_series(evolve(s, sack=""), carrier, spot)
        return
    sack = p.offense if p.sacked else s.sack
    s = evolve(s, sack=sack)
    line = advance(p.offense, p.los, s.to_go)
    moved = to_goal(p.offense, spot) < to_goal(p.offense, p.los)
    if first_down or (moved and to_goal(p.offense, spot) <= to_goal(p.offense, line)):
        ctx.state = new_series(s, p.offense, spot)
        return
    if s.down >= DOWNS:
        lose_ball(ctx, p.offense)
        ctx.state = new_series(evolve(s, sack=""), other(p.offense), spot)
        return
    ctx.state = evolve(s, phase=SCRIMMAGE, spot=spot, down=s.down + 1,
                        to_go=to_goal(p.offense, spot) - to_goal(p.offense, line), play=None)


def touchdown_now(ctx: Ctx) -> bool:
    """Ends the play if the carrier is in the end zone it attacks."""
    p = ctx.state.play
    assert p is not None
    if to_goal(p.carrier, p.spot) < 0:
        end_play(ctx)
        return True
    return False


def penalty_yards(ctx: Ctx, toward_own: bool, yards: int) -> int:
    """A penalty inside the red zone (the 20) of the end zone it moves towards is shorter
    (by 5 yards, C6)."""
    p = ctx.state.play
    assert p is not None
    tackle = ctx.rules.tackle
    runner = p.carrier
    distance = from_own(runner, p.spot) if toward_own else to_goal(runner, p.spot)
    if 0 < distance < tackle.red_zone:
        return yards - tackle.red_zone_reduction
    return yards


def apply_penalty(ctx: Ctx, against: str, yards: int) -> None:
    """Move the ball for a penalty (never past a goal line) and end the play (P5)."""
    p = ctx.state.play
    assert p is not None
    runner = p.carrier
    if against == "O":
        if from_own(runner, p.spot) < 0:          # "while the ball is in the end zone"
            end_play(ctx)
            return
        back = min(yards, from_own(runner, p.spot))
        ctx.set_play(spot=advance(runner, p.spot, -back))
    else:
        ahead = min(yards, max(0, to_goal(runner, p.spot)))
        ctx.set_play(spot=advance(runner, p.spot, ahead))
    end_play(ctx, first_down=True)


# -- run: a tackle attempt ---------------------------------------------------------------
def expect_run(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    runner, defender = p.carrier, other(p.carrier)
    extra = {runner: 0, defender: 0}
    if p.breakaway and p.strat[0] == runner:
        extra[runner] += p.strat[1]
    if p.first_return and p.kick_bonus[0]:
        extra[p.kick_bonus[0]] += p.kick_bonus[1]
    r = ctx.value(runner, extra[runner]) - ctx.value(defender, extra[defender])
    tackle = ctx.rules.tackle
    if p.unlimited:              # no limits: steps without end, fumbles without penalties
        if r >= 1:
            return f"+{ctx.rules.steps(r)}"
        fumbles = max(row.result for row in tackle.rows if row.outcome == "fumble")
        return "tackle" if r > fumbles else "fumble"
    row = tackle.row(r)
    if row.outcome == "gain":
        return f"+{row.yards}"
    if row.outcome in ("tackle", "fumble"):
        return row.outcome
    toward_own = row.outcome == "penalty_offense"
    letter = "O" if toward_own else "D"
    return f"pen {letter} {penalty_yards(ctx, toward_own, row.yards)}"


def apply_run(ctx: Ctx, outcome: str) -> None:
    p = ctx.state.play
    assert p is not None
    if p.first_return or p.unlimited:       # a return's first challenge: no longer
        ctx.set_play(first_return=False, unlimited=False)
    if outcome.startswith("+"):
        ctx.set_play(spot=advance(p.carrier, p.spot, int(outcome[1:])))
        touchdown_now(ctx)
    elif outcome == "tackle":
        end_play(ctx)
    elif outcome == "fumble":
        ctx.set_play(step="fumble", fumbler=p.carrier, tie_to=p.carrier, breakaway=False)
    else:
        _, letter, yards = outcome.split()
        apply_penalty(ctx, letter, int(yards))


# -- fumble: recovery ---------------------------------------------------------------------
def expect_fumble(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    h, a = ctx.value("H"), ctx.value("A")
    if h == a:
        return p.tie_to
    winner = "H" if h > a else "A"
    if abs(h - a) >= ctx.rules.fumble.advance_difference:
        return f"{winner}+{ctx.rules.fumble.advance_yards}"
    return winner


def apply_fumble(ctx: Ctx, outcome: str) -> None:
    p = ctx.state.play
    assert p is not None
    winner = outcome[0]
    ctx.set_play(carrier=winner, breakaway=False, first_return=False, unlimited=False)
    if p.kind == "try2" and winner != p.offense:    # nothing else scores on a try (P17)
        end_play(ctx)
        return
    if "+" in outcome:
        ctx.set_play(spot=advance(winner, p.spot, int(outcome.split("+")[1])), step="run")
        touchdown_now(ctx)
    else:
        end_play(ctx)
