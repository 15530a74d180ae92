"""Rushing and passing plays, step by step (rules: Choosing Strategies, Rushing Plays, Passing
Plays, Sacks; decisions C1-C4, P1-P4 in docs/rules/postcard.md).

Each verb has ``expect_VERB(ctx) -> outcome`` (what the dice give) and ``apply_VERB(ctx,
outcome)`` (what follows from an outcome). The verifier applies the outcome the record wrote,
so one slip is one finding.
"""

from __future__ import annotations

from printkit_engine.frozen import evolve
from printkit_engine.postcard import tracker
from printkit_engine.postcard.context import Ctx
from printkit_engine.postcard.rules import Rules
from printkit_engine.postcard.running import end_play, touchdown_now
from printkit_engine.postcard.state import END_ZONE, PLAY, Play, advance, from_own, other, to_goal


# -- the snap: strategy picks -----------------------------------------------------------
def snap(ctx: Ctx, kind: str) -> None:
    """Start a rush or pass play: strategy picks, Play Tracker, the play in progress."""
    s = ctx.state
    line = ctx.line
    offense = s.ball
    fake = s.play is not None and s.play.step == "fake_play"
    try2 = s.play is not None and s.play.kind == "try2"
    strat: tuple[str, int] = s.play.strat if fake and s.play else ("", 0)
    if fake:
        if line.picks:
            ctx.find("PC-PICK-002", "no strategy picks after a fake kick", "none",
                     f"{line.picks[0]}v{line.picks[1]}")
    elif line.picks is None:
        ctx.find("PC-PICK-002", "strategy picks missing", "OvD, e.g. 5v3", "none")
    else:
        o, d = line.picks
        if ctx.rules.play_type(o) != kind:
            ctx.find("PC-PICK-001", f"strategy {o} is a {ctx.rules.play_type(o)}ing play",
                     ctx.rules.play_type(o), kind)
        winner = ctx.rules.strategy_winner(o, d)
        if winner is None:
            losers = [offense, other(offense)]
        else:
            side = offense if winner == o else other(offense)
            strat = (side, ctx.rules.strategy.stars[winner])
            losers = [other(side)]
        for loser in losers:
            ctx.state, due = tracker.mark_play(ctx.state, loser, ctx.rules)
            ctx.due.extend(due)
    los = s.play.los if (fake or try2) and s.play else s.spot
    ctx.set(phase=PLAY, play=evolve(_SNAP, kind=kind if not try2 else "try2", step=kind,
                                    offense=offense, holder=offense, carrier=offense, los=los,
                                    spot=los, strat=strat, fake=fake,
                                    try_points=ctx.rules.scoring.two_point if try2 else 0))


# A play's other fields as a snap leaves them: one play in three lines begins here, and a
# copy of this with ten fields set costs a third of building a Play field by field.
_SNAP = Play(kind="", step="", offense="", holder="", carrier="", los=0, spot=0)


def _challenge(ctx: Ctx) -> int:
    p = ctx.state.play
    assert p is not None
    o, d = p.offense, other(p.offense)
    extra = {o: 0, d: 0}
    if p.strat[0]:
        extra[p.strat[0]] += p.strat[1]
    return ctx.value(o, extra[o]) - ctx.value(d, extra[d])


# -- rush --------------------------------------------------------------------------------
def expect_rush(ctx: Ctx) -> str:
    r = _challenge(ctx)
    ctx.memo["r"] = r
    row = ctx.rules.rushing.row(r)
    return {"gain": f"+{row.yards}", "stopped": "stop", "loss": f"{row.yards:+d}",
            "fumble": "fumble"}[row.outcome]


def apply_rush(ctx: Ctx, outcome: str) -> None:
    p = ctx.state.play
    assert p is not None
    breakaway = ctx.memo.get("r", 0) >= ctx.rules.tackle.breakaway
    if outcome == "fumble":
        fumble_back = ctx.rules.rushing.row(ctx.rules.rushing.min).yards
        ctx.set_play(spot=advance(p.offense, p.los, fumble_back), step="fumble",
                     fumbler=p.offense, tie_to=p.offense)
        return
    yards = 0 if outcome == "stop" else int(outcome)
    ctx.set_play(spot=advance(p.offense, p.los, yards))
    if yards > 0:
        if not touchdown_now(ctx):
            ctx.set_play(step="run", breakaway=breakaway)
    else:
        end_play(ctx)


# -- pass --------------------------------------------------------------------------------
def expect_pass(ctx: Ctx) -> str:
    return f"{_challenge(ctx):+d}"


def apply_pass(ctx: Ctx, outcome: str) -> None:
    ctx.set_play(r1=int(outcome), result=ctx.rules.passing.clamp(int(outcome)), step="after1")


def next_after_result(play: Play, rules: Rules) -> str:
    """The verb that follows a final passing result."""
    row = None if play.result >= 1 else rules.passing.row(play.result)
    if row is None:
        return "pressure"
    return {"incomplete": "ground", "interception_chance": "intercept", "sack": "sack"}[
        row.outcome]


def expect_again(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    v = max(0, ctx.value(p.offense))
    add = v if p.r1 >= 0 else v // 2
    return f"{ctx.rules.passing.clamp(p.r1 + add):+d}"


def apply_again(ctx: Ctx, outcome: str) -> None:
    ctx.set_play(result=ctx.rules.passing.clamp(int(outcome)))
    settle_result(ctx)


def settle_result(ctx: Ctx) -> None:
    """After the (optional) second roll: the throw, the sack, or what must be rolled next."""
    p = ctx.state.play
    assert p is not None
    passing = ctx.rules.passing
    if p.result >= 1:
        catch_spot = advance(p.offense, p.los, ctx.rules.throw_yards(p.result))
        if to_goal(p.offense, catch_spot) < -END_ZONE:      # thrown beyond the end line
            ctx.set_play(spot=p.los)
            end_play(ctx)
            return
        level = (passing.negative_to_positive_level if p.r1 < 0
                 else passing.level_of(p.result).level)
        ctx.set_play(level=level, target=catch_spot, step="pressure")
        return
    nxt = next_after_result(p, ctx.rules)
    if nxt == "sack":
        yards = ctx.rules.passing.row(p.result).yards
        ctx.set_play(spot=advance(p.offense, p.los, yards), sacked=True, step="sack")
    else:
        ctx.set_play(step=nxt, level=0)


# -- pressure, catch, interception -------------------------------------------------------
def expect_pressure(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    v = ctx.value(other(p.offense))
    ctx.memo["pressure"] = v
    level = ctx.rules.passing.level(p.level)
    top = ctx.rules.passing.top_level
    return f"L{min(top, p.level + 1) if v >= level.pressure else p.level}"


def apply_pressure(ctx: Ctx, outcome: str) -> None:
    p = ctx.state.play
    assert p is not None
    v = ctx.memo.get("pressure", ctx.value(other(p.offense)))
    ctx.set_play(level=int(outcome[1:]), pressure=v, step="catch")


def expect_catch(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    c = ctx.value(p.offense)
    if c < ctx.rules.passing.level(p.level).catch:
        return "miss"
    if to_goal(p.offense, p.target) < 0:      # caught in the end zone: a touchdown, no run
        return "+0"
    return f"+{ctx.rules.steps(max(0, c - p.pressure))}"


def also_catch(ctx: Ctx) -> tuple[str, ...]:
    """The other outcome a catch may be written with (P25): a pass caught in the end zone is
    a touchdown at the catch (P22, `+0`), and the run after the catch the chart gives, (Catch
    - Defense Pressure) steps, ends in the same touchdown, so a player who writes it is not
    wrong."""
    p = ctx.state.play
    assert p is not None
    c = ctx.value(p.offense)
    if c < ctx.rules.passing.level(p.level).catch or to_goal(p.offense, p.target) >= 0:
        return ()
    return (f"+{ctx.rules.steps(max(0, c - p.pressure))}",)


def apply_catch(ctx: Ctx, outcome: str) -> None:
    p = ctx.state.play
    assert p is not None
    if outcome == "miss":
        if p.pressure >= ctx.rules.passing.interception_pressure:
            ctx.set_play(step="intercept")
        else:
            ctx.set_play(spot=p.los)
            end_play(ctx)
        return
    yards = int(outcome[1:])
    breakaway = yards >= ctx.rules.steps(ctx.rules.tackle.breakaway)
    ctx.set_play(spot=advance(p.offense, p.target, yards), breakaway=breakaway)
    if touchdown_now(ctx):
        return
    if yards > 0:
        ctx.set_play(step="run")
    else:
        end_play(ctx)


def expect_intercept(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    passing = ctx.rules.passing
    if p.level == 0 and ctx.raw(p.offense) == passing.grounding_roll:
        return "grounding"
    if ctx.value(other(p.offense)) >= passing.interception_roll:
        return "int"
    return "inc"


def apply_intercept(ctx: Ctx, outcome: str) -> None:
    p = ctx.state.play
    assert p is not None
    if outcome == "grounding":
        _grounding(ctx)
    elif outcome == "inc":
        ctx.set_play(spot=p.los)
        end_play(ctx)
    else:
        if p.kind == "try2":                      # nothing else scores on a try (P17)
            ctx.set_play(carrier=other(p.offense), spot=p.los)
            end_play(ctx)
            return
        defense = other(p.offense)
        spot = p.target if p.level else p.los
        if to_goal(p.offense, spot) < 0:              # picked off in its own end zone (P4)
            spot = advance(p.offense, spot, to_goal(p.offense, spot))
        ctx.set_play(carrier=defense, spot=spot, step="run", breakaway=False)


def expect_ground(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    grounding = ctx.raw(p.offense) == ctx.rules.passing.grounding_roll
    return "grounding" if grounding else "inc"


def apply_ground(ctx: Ctx, outcome: str) -> None:
    if outcome == "grounding":
        _grounding(ctx)
    else:
        p = ctx.state.play
        assert p is not None
        ctx.set_play(spot=p.los)
        end_play(ctx)


def _grounding(ctx: Ctx) -> None:
    """Intentional grounding: yards from the line of scrimmage (never past the goal line)
    and the down is lost (P3)."""
    from printkit_engine.postcard.running import penalty_yards

    p = ctx.state.play
    assert p is not None
    ctx.set_play(spot=p.los)
    yards = penalty_yards(ctx, True, ctx.rules.passing.grounding_yards)
    back = min(yards, max(0, from_own(p.offense, p.los)))
    ctx.set_play(spot=advance(p.offense, p.los, -back))
    end_play(ctx)


# -- sack --------------------------------------------------------------------------------
def expect_sack(ctx: Ctx) -> str:
    p = ctx.state.play
    assert p is not None
    total = ctx.pair_total(other(p.offense))
    return "fumble" if total in ctx.rules.passing.sack_strip else "held"


def apply_sack(ctx: Ctx, outcome: str) -> None:
    p = ctx.state.play
    assert p is not None
    if outcome == "fumble":
        ctx.set_play(step="fumble", fumbler=p.offense, tie_to=p.offense)
    else:
        end_play(ctx)


# -- take a knee -------------------------------------------------------------------------
def apply_knee(ctx: Ctx) -> None:
    s = ctx.state
    if not tracker.in_final(s):
        ctx.find("PC-KNEE-001", "taking a knee is for the end of game phase",
                 "a play", "knee")
    ctx.set(phase=PLAY, play=Play(kind="knee", step="", offense=s.ball, holder=s.ball,
                                  carrier=s.ball, los=s.spot, spot=s.spot))
    end_play(ctx)
