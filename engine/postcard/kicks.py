"""The coin toss, kickoffs, onside kicks, punts, field goals, fakes, safety kicks and tries
(rules: Kicking the ball, KickOffs, Extra Points, Safety; decisions C7-C10, P5-P9).
"""

from __future__ import annotations

from printkit_engine.frozen import evolve
from printkit_engine.postcard.context import Ctx
from printkit_engine.postcard.running import add_score, end_play, kickoff_by, new_series
from printkit_engine.postcard.state import (
    DOWNS,
    END_ZONE,
    KICKOFF,
    PLAY,
    TOSS,
    Play,
    advance,
    at_own,
    from_own,
    other,
    to_goal,
)


# -- coin toss ---------------------------------------------------------------------------
def expect_toss(ctx: Ctx) -> str:
    h, a = ctx.raw("H"), ctx.raw("A")
    return "tie" if h == a else ("H" if h > a else "A")


def apply_toss(ctx: Ctx, outcome: str) -> None:
    if outcome == "tie":
        ctx.set(phase=TOSS)
    else:                      # the winner chooses who kicks: either side may kick off
        ctx.set(phase=KICKOFF, ball="")


# -- kickoffs ----------------------------------------------------------------------------
def apply_kickoff(ctx: Ctx, onside: bool) -> None:
    s = ctx.state
    line = ctx.line
    kicker = line.side or s.ball or "H"
    if s.ball and kicker != s.ball:
        ctx.find("PC-KICK-008", "the wrong side kicks off", s.ball, kicker)
        kicker = s.ball
    receiver = other(kicker)
    die, guess = line.picks or (1, 1)
    tee = at_own(kicker, ctx.rules.kickoff.from_)
    if onside:
        onside_spot = ctx.rules.onside.spot(die)
        landing = advance(kicker, tee, onside_spot.distance)
        spot_bonus = onside_spot.bonus
        receive = ""
    else:
        kick_spot = ctx.rules.kickoff.spot(die)
        landing = at_own(receiver, kick_spot.yard_line)
        spot_bonus = kick_spot.bonus
        receive = "fair" if kick_spot.yard_line >= 0 else "touchback"
    winner = ctx.rules.strategy_winner(die, guess)
    bonus: tuple[str, int] = ("", 0)
    if winner is not None:
        side = kicker if winner == die else receiver
        bonus = (side, ctx.rules.strategy.stars[winner] + spot_bonus)
    ctx.set(phase=PLAY, ball=kicker, play=Play(
        kind="onside" if onside else "kickoff", step="receive", offense=kicker,
        holder=receiver, carrier=receiver, los=tee, spot=landing, kick_bonus=bonus,
        first_return=True, unlimited=not onside, receive=receive))


def apply_fair(ctx: Ctx) -> None:
    p = ctx.state.play
    assert p is not None
    if p.receive != "fair":
        ctx.find("PC-KICK-006", "no fair catch here", p.receive or "run", "fair")
    ctx.state = new_series(evolve(ctx.state, sack=""), p.carrier, p.spot)
    ctx.ended = True


def apply_touchback(ctx: Ctx) -> None:
    p = ctx.state.play
    assert p is not None
    if p.receive != "touchback":
        ctx.find("PC-KICK-006", "no touchback here", p.receive or "run", "touchback")
    spot = at_own(p.carrier, ctx.rules.kickoff.touchback)
    ctx.state = new_series(evolve(ctx.state, sack=""), p.carrier, spot)
    ctx.ended = True


def return_run(ctx: Ctx) -> None:
    """A run line straight after a kick: the receiver chose to run."""
    p = ctx.state.play
    assert p is not None
    ctx.set_play(step="run")


# -- punts, field goals, fakes -------------------------------------------------------------
def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _fourth_down(ctx: Ctx, what: str) -> None:
    if ctx.state.down != DOWNS:
        last = f"{_ordinal(DOWNS)} down"
        ctx.find("PC-KICK-005", f"{what} only on {last}", last,
                 f"{_ordinal(ctx.state.down)} down")


def span(values: list[int]) -> str:
    """A chart's keys in words: `20-70 by 5` when evenly spaced, else listed."""
    gaps = {b - a for a, b in zip(values, values[1:], strict=False)}
    if len(gaps) == 1 and len(values) > 2:
        return f"{values[0]}-{values[-1]} by {gaps.pop()}"
    return ", ".join(map(str, values))


def punt_target(ctx: Ctx, distance: int) -> int:
    if ctx.rules.punt.target(distance) is None:
        keys = [t.distance for t in ctx.rules.punt.targets]
        ctx.find("PC-KICK-004", "punt target not on the chart", span(keys), distance)
        return min(keys, key=lambda k: abs(k - distance))
    return distance


def start_punt(ctx: Ctx) -> None:
    s = ctx.state
    distance = punt_target(ctx, ctx.line.value or 0)
    if s.phase == "safety_kick":
        spot = s.spot
        ctx.set(phase=PLAY, play=Play(kind="safety_kick", step="kick", offense=s.ball,
                                      holder=s.ball, carrier=s.ball, los=spot, spot=spot,
                                      target=distance))
        return
    _fourth_down(ctx, "a punt")
    back = ctx.rules.punt.snap_back          # never behind the end line
    spot = advance(s.ball, s.spot, -min(back, from_own(s.ball, s.spot) + END_ZONE))
    ctx.set(phase=PLAY, play=Play(kind="punt", step="punt", offense=s.ball, holder=s.ball,
                                  carrier=s.ball, los=s.spot, spot=spot, target=distance))


def start_fg(ctx: Ctx) -> None:
    s = ctx.state
    if s.play is not None and s.play.kind == "try1":
        ctx.set_play(step="fg")
        return
    _fourth_down(ctx, "a field goal")
    spot = advance(s.ball, s.spot, -ctx.rules.field_goal.snap_back)
    ctx.set(phase=PLAY, play=Play(kind="fg", step="fg", offense=s.ball, holder=s.ball,
                                  carrier=s.ball, los=s.spot, spot=spot))


def expect_block(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    r = ctx.value(p.offense) - ctx.value(other(p.offense))
    block = ctx.rules.punt.block if p.kind == "punt" else ctx.rules.field_goal.block
    return "blocked" if r <= block else "ok"


def apply_block(ctx: Ctx, outcome: str) -> None:
    p = ctx.state.play
    assert p is not None
    if outcome == "blocked":
        if p.kind == "try1":
            end_play(ctx)
        else:
            ctx.set_play(step="fumble", fumbler=p.offense, tie_to=other(p.offense))
        return
    if p.kind in ("fg", "try1"):
        yard_line = to_goal(p.offense, p.spot)
        if ctx.rules.field_goal.at(yard_line) is None:
            spots = [r.spot for r in ctx.rules.field_goal.ranges]
            near, far = min(spots), max(spots)
            yards, where = (f"{near}-{far}", f"the {near} to the {far}") if far > near \
                else (f"{near}", f"the {near}")
            ctx.find("PC-KICK-003", f"field goal out of range (kick spot {yards} yards from "
                     "the goal)", f"a kick from {where}", f"a kick from the {yard_line}")
        ctx.set_play(target=yard_line)
    ctx.set_play(step="kick")


def expect_kick(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    total = ctx.pair_total(p.offense)
    if p.kind in ("fg", "try1"):
        chart = ctx.rules.field_goal.at(p.target)
        return "good" if chart is not None and chart.contains(total) else "miss"
    target = ctx.rules.punt.target(p.target)
    assert target is not None
    miss = target.miss_by(total)
    if miss == 0:
        return "on"
    return f"short {-miss}" if miss < 0 else f"long {miss}"


def apply_kick(ctx: Ctx, outcome: str) -> None:
    p = ctx.state.play
    assert p is not None
    kicker, receiver = p.offense, other(p.offense)
    if p.kind in ("fg", "try1"):
        if outcome == "good":
            scoring = ctx.rules.scoring
            points = scoring.extra_point if p.kind == "try1" else scoring.field_goal
            ctx.state = add_score(ctx.state, kicker, points)
            ctx.state = kickoff_by(ctx.state, kicker, ctx.rules.kickoff.from_)
            ctx.ended = True
        elif p.kind == "try1":
            end_play(ctx)
        else:                                    # a missed field goal: ball at the kick spot
            ctx.set_play(carrier=receiver)
            end_play(ctx)
        return
    target = ctx.rules.punt.target(p.target)
    assert target is not None
    if outcome == "on":
        miss, bonus = 0, (kicker, target.bonus)
    else:
        word, n = outcome.split()
        miss = int(n) * (-1 if word == "short" else 1)
        bonus = (receiver, target.bonus)
    landing = advance(kicker, p.spot, p.target + ctx.rules.steps(miss))
    receive = "fair"
    if to_goal(kicker, landing) < 0:
        landing = at_own(receiver, ctx.rules.punt.end_zone_spot)
        receive = "touchback"
    ctx.set_play(holder=receiver, carrier=receiver, spot=landing, kick_bonus=bonus,
                 first_return=True, unlimited=False, receive=receive, step="receive")


def start_fake(ctx: Ctx) -> None:
    s = ctx.state
    _fourth_down(ctx, "a fake kick")
    ctx.set(phase=PLAY, play=Play(kind="fake", step="fake", offense=s.ball, holder=s.ball,
                                  carrier=s.ball, los=s.spot, spot=s.spot))


def expect_fake(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    surprise = ctx.value(p.offense) > ctx.value(other(p.offense))
    return f"+{ctx.rules.fake.bonus}" if surprise else "+0"


def apply_fake(ctx: Ctx, outcome: str) -> None:
    p = ctx.state.play
    assert p is not None
    bonus = int(outcome[1:])
    ctx.set_play(strat=(p.offense, bonus) if bonus else ("", 0), step="fake_play")


# -- tries -------------------------------------------------------------------------------
def start_try(ctx: Ctx) -> None:
    s = ctx.state
    points = ctx.line.value
    scoring = ctx.rules.scoring
    kick, play = scoring.extra_point, scoring.two_point
    if points not in (kick, play):
        ctx.find("PC-TRY-001", f"a try is for {kick} or {play} points", f"{kick} or {play}",
                 points)
        points = kick
    offense = s.ball
    if points == kick:
        kick_spot = at_own(other(offense), scoring.extra_point_spot)
        ctx.set(phase=PLAY, play=Play(kind="try1", step="fg", offense=offense,
                                      holder=offense, carrier=offense,
                                      los=kick_spot, spot=kick_spot))
    else:
        los = at_own(other(offense), scoring.two_point_spot)
        ctx.set(phase=PLAY, down=1, to_go=scoring.two_point_spot,
                play=Play(kind="try2", step="snap", offense=offense, holder=offense,
                          carrier=offense, los=los, spot=los))
