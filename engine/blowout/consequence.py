"""Where a snap leaves the game: possession, down, to go, ball on, score. Pure.

`after(rules, state, kind, yards)` applies the rules to the yards a snap moved the ball:
touchdowns, safeties, first downs, the fourth-down turnover, punts, field goals, and who has
the ball after each. It returns the written-state fields a record should show and the event,
which names the rule a wrong state breaks and the words of the finding. `settle` is the
answer alone, as a plain tuple: the verifier checks most snaps with it and words a finding
only for the few that are wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit_engine.blowout.notation import Written
from printkit_engine.blowout.rules import FIELD, Rules
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
    return Written(*_restart(rules, side), score)


# where a snap leaves the game, as `settle` answers: (ball, down, to go, ball on, score, event)
Outcome = tuple[str, int, int, int, tuple[int, int], str]


def after(rules: Rules, state: State, kind: str, yards: int) -> After:
    """Where the snap leaves the game (`settle`), as the written state a record should show,
    with the event and the arithmetic in words (`words`)."""
    ball, down, to_go, x, score, event = settle(rules, state, kind, yards)
    return After(Written(ball, down, to_go, x, score), event,
                 words(rules, state, kind, yards, event))


def settle(rules: Rules, state: State, kind: str, yards: int) -> Outcome:
    """The rules' answer alone, without the words (a plain tuple): the verifier checks most
    snaps against it and needs the words only for a finding."""
    ball, tg, score = state.ball, state.to_goal, state.score
    d = other(ball)
    if kind == TURNOVER:
        return d, 1, first_down(rules, d, state.x), state.x, score, "turnover"
    if kind == PUNT:
        if yards >= tg:
            return (*_restart(rules, d), score, "touchback")
        x = advance(ball, state.x, yards)
        return d, 1, first_down(rules, d, x), x, score, "punt"
    if kind == FIELD_GOAL:
        if yards > rules.to_back_of_end_zone(tg):
            return (*_restart(rules, d), _add(score, ball, rules.scoring.field_goal), "fg")
        return d, 1, first_down(rules, d, state.x), state.x, score, "nogood"
    if yards >= tg:
        return (*_restart(rules, d), _add(score, ball, rules.scoring.touchdown), "td")
    if -yards >= FIELD - tg:            # back to the OFFENSE's own goal line (state.own)
        return (*_restart(rules, d), _add(score, d, rules.scoring.safety), "safety")
    x = advance(ball, state.x, yards)
    left = state.to_go - yards
    if left <= 0:
        return ball, 1, first_down(rules, ball, x), x, score, "first"
    if kind == REPEAT:
        return ball, state.down, left, x, score, "repeat"
    if state.down >= rules.field.downs:
        return d, 1, first_down(rules, d, x), x, score, "downs"
    return ball, state.down + 1, left, x, score, "down"


def _restart(rules: Rules, side: str) -> tuple[str, int, int, int]:
    """(ball, down, to go, ball on) of `restart`: `side`'s ball on its own 20, FIRST DOWN."""
    x = own_line(side, rules.field.start)
    return side, 1, first_down(rules, side, x), x


def words(rules: Rules, state: State, kind: str, yards: int, event: str) -> str:
    """What the snap did, in words, for the event `settle` gave (a finding quotes them)."""
    tg, start = state.to_goal, rules.field.start
    if event == "turnover":
        return "the DEFENSE gets the ball at the line of scrimmage, FIRST DOWN"
    if event == "touchback":
        return f"punt of {yards} reaches the END ZONE ({tg} to the goal line): the " \
               f"DEFENSE's ball on its own {start} (B12)"
    if event == "punt":
        return f"punt: line of scrimmage moves {yards} yards, the DEFENSE's ball, FIRST DOWN"
    if event in ("fg", "nogood"):
        sums = f"KICK YARDS {yards} against {tg} + {rules.field.end_zone} = " \
               f"{rules.to_back_of_end_zone(tg)} to the back of the END ZONE"
        if event == "fg":
            return f"{sums}: good, {rules.scoring.field_goal} points, the DEFENSE's ball on " \
                   f"its own {start}"
        return f"{sums}: no good, the DEFENSE's ball on the line of scrimmage"
    if event == "td":
        return f"{yards:+d} from {tg} yards out: TOUCHDOWN, {rules.scoring.touchdown} " \
               f"points, the DEFENSE's ball on its own {start}"
    if event == "safety":
        return f"{yards:+d} from {state.own} yards out of the OFFENSE's goal line: SAFETY, " \
               f"{rules.scoring.safety} points and the ball on its own {start} to the DEFENSE"
    left = state.to_go - yards
    if event == "first":
        return f"{state.to_go} to go {yards:+d}: FIRST DOWN"
    if event == "repeat":
        return f"repeat down {state.down}, {state.to_go} to go {yards:+d} = {left}"
    if event == "downs":
        return f"FOURTH DOWN, {state.to_go} to go {yards:+d}: short, the DEFENSE takes the " \
               "ball at the end of the play"
    return f"down {state.down} + 1, {state.to_go} to go {yards:+d} = {left}"
