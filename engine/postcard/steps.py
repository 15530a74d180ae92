"""One record line through the engine: ``step(state, line, ...) -> (state, findings)``.

A step never raises for a broken rule: it reports a finding and goes on. With
``follow_written`` (the verifier's way) it continues from what the record wrote (the outcome
after `=`, the state in `{...}`), so a single slip costs a single finding; without it (the
bots' way) it continues from what the dice say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printkit_engine.findings import Finding
from printkit_engine.frozen import evolve
from printkit_engine.postcard import kicks, plays, running, tracker
from printkit_engine.postcard.context import Ctx
from printkit_engine.postcard.notation import SKILL_UNSAID, Line, Roll
from printkit_engine.postcard.rules import DIE, Rules
from printkit_engine.postcard.state import (
    KICKOFF,
    OVER,
    SAFETY_KICK,
    SCRIMMAGE,
    TOSS,
    TRY,
    State,
    other,
)
from printkit_engine.postcard.statenote import compare_note

# verb -> (expect, apply, rule id for a wrong outcome, what the outcome is)
OUTCOME: dict[str, tuple[Callable[[Ctx], str], Callable[[Ctx, str], None], str, str]] = {
    "toss": (kicks.expect_toss, kicks.apply_toss, "PC-TOSS-001", "coin toss"),
    "rush": (plays.expect_rush, plays.apply_rush, "PC-RUSH-001", "rushing result"),
    "pass": (plays.expect_pass, plays.apply_pass, "PC-PASS-001", "passing Challenge"),
    "again": (plays.expect_again, plays.apply_again, "PC-PASS-002", "result after the "
              "second roll"),
    "pressure": (plays.expect_pressure, plays.apply_pressure, "PC-PASS-003", "catch level"),
    "catch": (plays.expect_catch, plays.apply_catch, "PC-PASS-004", "catch"),
    "intercept": (plays.expect_intercept, plays.apply_intercept, "PC-PASS-005",
                  "interception roll"),
    "ground": (plays.expect_ground, plays.apply_ground, "PC-PASS-006", "incompletion roll"),
    "sack": (plays.expect_sack, plays.apply_sack, "PC-PASS-007", "strip roll"),
    "fumble": (running.expect_fumble, running.apply_fumble, "PC-FUM-001", "recovery"),
    "run": (running.expect_run, running.apply_run, "PC-RUN-001", "tackle Challenge"),
    "punt": (kicks.expect_block, kicks.apply_block, "PC-KICK-001", "block Challenge"),
    "fg": (kicks.expect_block, kicks.apply_block, "PC-KICK-001", "block Challenge"),
    "fake": (kicks.expect_fake, kicks.apply_fake, "PC-KICK-007", "fake"),
    "kick": (kicks.expect_kick, kicks.apply_kick, "PC-KICK-002", "kick"),
}
KICK_ROLLS = ("punt", "fg", "kick")
# verb -> the other outcomes the rules text also gives for the same play (the same state
# after it): each is clean as written, the engine itself goes on from the expected one
ALSO: dict[str, Callable[[Ctx], tuple[str, ...]]] = {"catch": plays.also_catch}


@dataclass
class StepResult:
    state: State
    findings: list[Finding]
    outcome: str | None          # the outcome the dice give (None for lines without one)
    ended: bool                  # a play ended on this line
    due: list[str]               # owners of the Time Tracker circles due on this line
    td: bool
    safety: bool
    unsaid: tuple[tuple[str, str], ...] = ()   # re-rolls under skills not said: (side, needed)


def allowed(state: State, rules: Rules) -> tuple[str, ...]:
    """The verbs the next line may carry."""
    if state.phase == TOSS:
        return ("toss",)
    if state.phase == KICKOFF:
        return ("kickoff", "onside")
    if state.phase == SCRIMMAGE:
        return ("rush", "pass", "punt", "fg", "fake", "knee")
    if state.phase == TRY:
        return ("try",)
    if state.phase == SAFETY_KICK:
        return ("punt",)
    if state.phase == OVER or state.play is None:
        return ()
    step = state.play.step
    if step == "snap" or step == "fake_play":
        return ("rush", "pass")
    if step == "after1":
        return ("again", plays.next_after_result(state.play, rules))
    if step == "receive":                # kicks.apply_fair / apply_touchback say which apply
        return ("fair", "touchback", "run")
    return (step,)


def roll_spec(state: State, verb: str) -> list[tuple[str, bool]]:
    """Which sides roll on a line, and whether as two dice (2d6)."""
    offense = state.ball
    p = state.play
    if p is not None:
        offense = p.offense
    defense = other(offense)
    if verb in ("toss", "fumble"):
        return [("H", False), ("A", False)]
    if verb in ("rush", "pass", "fake", "fg"):
        return [(offense, False), (defense, False)]
    if verb == "punt":
        safety_kick = state.phase == SAFETY_KICK or (p is not None and p.kind == "safety_kick")
        return [] if safety_kick else [(offense, False), (defense, False)]
    if verb in ("again", "catch", "ground"):
        return [(offense, False)]
    if verb == "pressure":
        return [(defense, False)]
    if verb == "intercept":
        return [(defense, False)] if p is not None and p.level else [(offense, False),
                                                                     (defense, False)]
    if verb == "sack":
        return [(defense, True)]
    if verb == "kick":
        return [(offense, True)]
    if verb == "run":
        carrier = p.carrier if p is not None else offense
        return [(carrier, False), (other(carrier), False)]
    return []


def dice_state(state: State, line: Line, rules: Rules, skills: dict[str, str | None]) -> State:
    """The state a line's dice are read in (what `roll_spec` is asked about): a pass without a
    second roll is settled first."""
    if state.play is not None and state.play.step == "after1" and line.verb != "again":
        ctx = Ctx(state, line, rules, skills)
        plays.settle_result(ctx)
        return ctx.state
    return state


def _describe(spec: list[tuple[str, bool]]) -> str:
    return " ".join(f"{s}d,d" if two else f"{s}d" for s, two in spec) or "no dice"


def _check_rolls(ctx: Ctx, spec: list[tuple[str, bool]]) -> str:
    """"ok"; "wrong" (not the dice this action rolls); "relabeled" (the right dice written
    under the wrong sides' letters, read as the right sides'); "unreadable" (a die off 1-6).

    Bonuses that may not be used are neither counted nor spent: a bonus written on a kick
    stays on the Bonus Bar, and of bonuses claimed beyond those held only the held ones
    count, so the outcome and the state written after the slip are not found again.
    """
    line = ctx.line
    found = [(r.side, r.pair) for r in line.rolls]
    status = "ok"
    if found != spec and sorted(found) != sorted(spec):     # written in order: no sorting
        ctx.find("PC-ROLL-001", f"wrong dice for {line.verb}", _describe(spec),
                 " ".join(r.text() for r in line.rolls) or "no dice")
        if len(line.rolls) != len(spec) or any(
                r.pair != pair for r, (_, pair) in zip(line.rolls, spec, strict=False)):
            return "wrong"
        # the dice are there, under the wrong side's letter: read them as the sides that
        # roll here (in the order rolled), so what follows is checked from them
        line = evolve(line, rolls=tuple(evolve(r, side=side) for r, (side, _) in
                                        zip(line.rolls, spec, strict=True)))
        ctx.line = line
        status = "relabeled"
    rolls: list[Roll] | None = None          # the rolls with the bonuses used, if any differ
    for i, r in enumerate(line.rolls):
        for d in r.dice:
            if not 1 <= d <= DIE:
                ctx.find("PC-ROLL-002", f"a die shows 1 to {DIE}", f"1-{DIE}", r.text())
                status = "unreadable"
        if r.reroll:
            _check_reroll(ctx, r.side)
        if r.bonus:
            held = ctx.state.bonus[0 if r.side == "H" else 1]
            used = r.bonus
            if line.verb in KICK_ROLLS or r.pair:
                ctx.find("PC-BONUS-002", "no bonuses on kicks or two-dice rolls", "no bonus",
                         f"+{r.bonus}")
                used = 0
            elif r.bonus > held:
                ctx.find("PC-BONUS-001", "more bonuses used than held", f"at most {held}",
                         f"+{r.bonus}")
                used = held
            if used != r.bonus:
                rolls = rolls or list(line.rolls)
                rolls[i] = evolve(r, bonus=used)
            ctx.state = tracker.spend_bonus(ctx.state, r.side, used)
    if rolls is not None:
        ctx.line = evolve(line, rolls=tuple(rolls))
    return status


def _check_reroll(ctx: Ctx, side: str) -> None:
    line = ctx.line
    skill = ctx.skills.get(side)
    offense = ctx.state.ball if ctx.state.play is None else ctx.state.play.offense
    if line.verb in ("rush", "pass"):
        role = "offense" if side == offense else "defense"
        needed = ctx.rules.team_skill.needed(role, line.verb)
        if needed is not None and skill == needed:
            return
        if needed is not None and skill == SKILL_UNSAID:   # checked over the record (P27)
            ctx.unsaid += ((side, needed),)
            return
        ctx.find("PC-SKILL-001", "re-roll without that team skill", needed or "none",
                 skill or "none")
        return
    ctx.find("PC-SKILL-002", "team skill re-rolls are for a play's first roll only",
             "one die", line.verb)


def _gain_ones(ctx: Ctx) -> None:
    """"at any point when a player rolls a 1 with their dice, they gain 1 bonus" (kept dice)."""
    per = ctx.rules.bonus.roll_of_one
    for r in ctx.line.rolls:
        ones = r.kept.count(1)
        if ones:
            ctx.state = tracker.gain_bonus(ctx.state, r.side, ones * per, ctx.rules)


# Lines that begin a play set it up before their dice are read.
START: dict[str, Callable[[Ctx], None]] = {
    "rush": lambda ctx: plays.snap(ctx, "rush"),
    "pass": lambda ctx: plays.snap(ctx, "pass"),
    "punt": kicks.start_punt,
    "fg": kicks.start_fg,
    "fake": kicks.start_fake,
}

# Lines with no outcome of their own: what they do to the state.
NO_OUTCOME: dict[str, Callable[[Ctx], None]] = {
    "kickoff": lambda ctx: kicks.apply_kickoff(ctx, False),
    "onside": lambda ctx: kicks.apply_kickoff(ctx, True),
    "fair": kicks.apply_fair,
    "touchback": kicks.apply_touchback,
    "knee": plays.apply_knee,
    "try": kicks.start_try,
}


def step(state: State, line: Line, rules: Rules, skills: dict[str, str | None],
         follow_written: bool = True) -> StepResult:
    ctx = Ctx(state, line, rules, skills)
    verb = line.verb
    was_final = tracker.in_final(state)
    if state.play is not None and state.play.step == "after1" and verb != "again":
        plays.settle_result(ctx)
    options = allowed(ctx.state, rules)
    if verb not in options:
        if ctx.state.phase == OVER:
            ctx.find("PC-SEQ-003", "the game is over", "no more lines", verb)
        else:
            ctx.find("PC-SEQ-001", "this line does not follow", " or ".join(options), verb)
        return _finish(ctx, was_final, None, follow_written, skipped=True)
    if verb == "run" and ctx.state.play is not None and ctx.state.play.step == "receive":
        kicks.return_run(ctx)
    if verb in START:
        START[verb](ctx)
    spec = roll_spec(ctx.state, verb)
    dice = _check_rolls(ctx, spec)
    has_outcome = verb in OUTCOME and not (verb == "punt" and not spec)
    if dice == "wrong" and not (follow_written and has_outcome and line.outcome is not None
                                and _fits(ctx.state, verb, line.outcome)):
        return _finish(ctx, was_final, None, follow_written, skipped=True)
    expected: str | None = None
    if has_outcome:
        expect, apply, rule, what = OUTCOME[verb]
        before, memo = ctx.state, dict(ctx.memo)
        expected = expect(ctx)
        also = ALSO[verb](ctx) if verb in ALSO else ()
        chosen = expected
        if dice != "ok" and follow_written and line.outcome is not None \
                and _fits(ctx.state, verb, line.outcome):
            # the dice cannot be read for this action: the outcome is taken as written, the
            # line goes on (the dice were the slip, found once)
            chosen = expected = line.outcome
        elif line.outcome is not None and line.outcome in also:
            chosen = line.outcome           # another reading of the rules, the same play
        elif line.outcome is not None and line.outcome != expected:
            ctx.find(rule, f"{what} does not follow from the dice",
                     " or ".join((expected, *also)), line.outcome)
            if follow_written and _fits(ctx.state, verb, line.outcome):
                chosen = line.outcome
                twin = Ctx(before, ctx.line, rules, skills, memo=memo)
                expect(twin)
                apply(twin, expected)
                ctx.other_due = twin.due       # the circles the dice's reading owes
        apply(ctx, chosen)
        if verb == "pass" and _ends_here(line) and ctx.state.play is not None:
            plays.settle_result(ctx)        # no second roll and the play is over already
    else:
        if line.outcome is not None:
            ctx.find("PC-SEQ-002", f"no outcome to write here ({verb})", "nothing",
                     line.outcome)
        if verb in NO_OUTCOME:
            NO_OUTCOME[verb](ctx)
    _gain_ones(ctx)
    return _finish(ctx, was_final, expected, follow_written)


def _fits(state: State, verb: str, outcome: str) -> bool:
    """Whether a written outcome can happen here at all (a field goal is not 'long 2')."""
    if verb == "kick" and state.play is not None:
        field_goal = state.play.kind in ("fg", "try1")
        return (outcome in ("good", "miss")) == field_goal
    return True


def _ends_here(line: Line) -> bool:
    return line.note is not None and bool(line.note.down or line.note.phase)


def _finish(ctx: Ctx, was_final: bool, expected: str | None, follow_written: bool,
            skipped: bool = False) -> StepResult:
    line = ctx.line
    if not skipped:
        if line.td and not (ctx.td or ctx.converted):
            ctx.find("PC-SCORE-002", "no touchdown on this line", "no TD", "TD")
        if line.safety and not ctx.safety:
            ctx.find("PC-SCORE-003", "no safety on this line", "no safety", "safety")
        before = ctx.state
        ctx.state, found = tracker.cross_out(ctx.state, ctx.due, line.crosses, line.number,
                                             ctx.rules)
        if found and ctx.other_due is not None and not tracker.cross_out(
                before, ctx.other_due, line.crosses, line.number, ctx.rules)[1]:
            found = []      # the marks fit the dice's reading: the outcome was the one slip
        ctx.findings.extend(found)
        if was_final and ctx.ended:
            ctx.state = tracker.final_tick(ctx.state, ctx.td, ctx.rules)
            if tracker.game_over(ctx.state, ctx.rules):
                ctx.state = evolve(ctx.state, phase=OVER, play=None)
    elif line.crosses:
        ctx.find("PC-TIME-003", "no Time Tracker circle is due here", "nothing",
                 " ".join(f"{c.owner}x{c.zone}" for c in line.crosses))
    if line.note is not None:
        ctx.state, found = compare_note(ctx.state, line.note, line.number, ctx.rules,
                                        follow_written)
        if not any(f.rule in _LINE_RULES for f in ctx.findings):
            ctx.findings.extend(found)      # else the state follows from that finding
    return StepResult(ctx.state, ctx.findings, expected, ctx.ended, ctx.due, ctx.td, ctx.safety,
                      ctx.unsaid)


# Findings that explain any difference in the state written on the same line.
_LINE_RULES = {v[2] for v in OUTCOME.values()} | {
    "PC-ROLL-001", "PC-ROLL-002", "PC-BONUS-001", "PC-TIME-002", "PC-TIME-003",
    "PC-TIME-004", "PC-SEQ-001", "PC-PICK-002", "PC-KICK-006", "PC-SCORE-002",
    "PC-SCORE-003", "PC-SKILL-001", "PC-SKILL-002"}

