"""Where a snap leaves the game: possession, down, to go, ball on, score. Pure.

`after(rules, state, kind, yards)` applies the rules to the yards a snap moved the ball:
touchdowns, safeties, first downs, the fourth-down turnover, punts, field goals, and who has
the ball after each. It returns the written-state fields a record should show and the event,
which names the rule a wrong state breaks and the words of the finding.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit_engine.blowout.notation import Written
from printkit_engine.blowout.rules import Rules
from printkit_engine.blowout.snap import FIELD_GOAL, PUNT, REPEAT, TURNOVER
from printkit_engine.blowout.state import State, advance, index, other, own_line, to_goal
from printkit_engine.frozen import fast_init


@fast_init           # made for every snap (and each other reading of it): one step
@dataclass(frozen=True)
class After:
    state: Written
    event: str            # td, safety, fg, nogood, punt, touchback, turnover, downs, first,
    #                       down, repeat
    why: str              # the arithmetic, in words


def first_down(rules: Rules, side: str, x: int) -> int:
    """To go on a FIRST DOWN: 10 yards, or the goal line when it is nearer."""
    return min(rules.field.first_down, to_goal(side, x))


def _add(score: tuple[int, int], side: str, points: int) -> tuple[int, int]:
    s = list(score)
    s[index(side)] += points
    return (s[0], s[1])


def restart(rules: Rules, side: str, score: tuple[int, int]) -> Written:
    """`side` gets the ball on its own 20, FIRST DOWN."""
    x = own_line(side, rules.field.start)
    return Written(side, 1, first_down(rules, side, x), x, score)


def change(rules: Rules, side: str, x: int, score: tuple[int, int]) -> Written:
    """`side` takes over at `x`, FIRST DOWN."""
    return Written(side, 1, first_down(rules, side, x), x, score)


def after(rules: Rules, state: State, kind: str, yards: int) -> After:
    ball, tg, score = state.ball, state.to_goal, state.score
    d = other(ball)
    if kind == TURNOVER:
        return After(change(rules, d, state.x, score), "turnover",
                     "the DEFENSE gets the ball at the line of scrimmage, FIRST DOWN")
    if kind == PUNT:
        if yards >= tg:
            return After(restart(rules, d, score), "touchback",
                         f"punt of {yards} reaches the END ZONE ({tg} to the goal line): the "
                         f"DEFENSE's ball on its own {rules.field.start} (B12)")
        x = advance(ball, state.x, yards)
        return After(change(rules, d, x, score), "punt",
                     f"punt: line of scrimmage moves {yards} yards, the DEFENSE's ball, "
                     "FIRST DOWN")
    if kind == FIELD_GOAL:
        back = rules.to_back_of_end_zone(tg)
        sums = f"KICK YARDS {yards} against {tg} + {rules.field.end_zone} = {back} to the " \
               "back of the END ZONE"
        if yards > back:
            return After(restart(rules, d, _add(score, ball, rules.scoring.field_goal)), "fg",
                         f"{sums}: good, {rules.scoring.field_goal} points, the DEFENSE's "
                         f"ball on its own {rules.field.start}")
        return After(change(rules, d, state.x, score), "nogood",
                     f"{sums}: no good, the DEFENSE's ball on the line of scrimmage")
    if yards >= tg:
        return After(restart(rules, d, _add(score, ball, rules.scoring.touchdown)), "td",
                     f"{yards:+d} from {tg} yards out: TOUCHDOWN, {rules.scoring.touchdown} "
                     f"points, the DEFENSE's ball on its own {rules.field.start}")
    if -yards >= state.own:
        return After(restart(rules, d, _add(score, d, rules.scoring.safety)), "safety",
                     f"{yards:+d} from {state.own} yards out of the OFFENSE's goal line: SAFETY,"
                     f" {rules.scoring.safety} points and the ball on its own "
                     f"{rules.field.start} to the DEFENSE")
    x = advance(ball, state.x, yards)
    left = state.to_go - yards
    if left <= 0:
        return After(Written(ball, 1, first_down(rules, ball, x), x, score), "first",
                     f"{state.to_go} to go {yards:+d}: FIRST DOWN")
    if kind == REPEAT:
        return After(Written(ball, state.down, left, x, score), "repeat",
                     f"repeat down {state.down}, {state.to_go} to go {yards:+d} = {left}")
    if state.down >= rules.field.downs:
        return After(change(rules, d, x, score), "downs",
                     f"FOURTH DOWN, {state.to_go} to go {yards:+d}: short, the DEFENSE takes "
                     "the ball at the end of the play")
    return After(Written(ball, state.down + 1, left, x, score), "down",
                 f"down {state.down} + 1, {state.to_go} to go {yards:+d} = {left}")
