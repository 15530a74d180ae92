"""BLOWOUT!!!'s verifier: the pieces the verifier kernel (engine/verify/kernel.py) walks a
record with.

Each snap line goes through the pure step (steps.py), which follows what the record wrote and
offers the rules' own reading as an alternative, so a later line that agrees with either is
clean. With a `Seed` tag every card must come out of the hand the play book's shuffles dealt
(decision B6).
"""

from __future__ import annotations

from printkit_engine.blowout import notation
from printkit_engine.blowout.hands import period_over
from printkit_engine.blowout.rules import Rules, load_rules
from printkit_engine.blowout.state import State, score_text
from printkit_engine.blowout.steps import Context, gap, start, step
from printkit_engine.findings import Finding, Report
from printkit_engine.verify import kernel
from printkit_engine.verify.kernel import Ending, Rulebook, Step
from printkit_engine.verify.record import Record

GAME_ID = "blowout"


def begin(rules: Rules, record: Record) -> Step[State]:
    """The state before the first snap, from the Length and Seed tags (a Length the rules do
    not have is a finding; the game is then read as the default length)."""
    name = notation.length(record)
    found: tuple[Finding, ...] = ()
    if name not in rules.lengths:
        found = (Finding(record.line_of(notation.LENGTH_TAG), "BO-TAG-001", "a game length "
                         "the rules have", " or ".join(rules.lengths), name[:30]),)
        name = notation.DEFAULT_LENGTH
    return Step(start(Context(rules, rules.length(name), notation.seed(record))), found)


def over(state: State) -> bool:
    """Over by the rules. Without a Seed the deck's end cannot be seen, so a record that
    stops in the last period of regulation with the scores apart is taken as over; with one,
    so is a record whose hands may have run out (cards gone unknown after a slip)."""
    ctx = state.ctx
    if state.over:
        return True
    last = bool(state.ball) and state.period == ctx.length.periods and not state.ot \
        and state.score[0] != state.score[1]
    return last and (ctx.seed is None or period_over(state, ctx.rules, maybe=True))


def end(state: State, record: Record) -> Ending:
    score = score_text(state.score)
    done = over(state)
    return Ending(done, score, summary=f"final score {score}" if done else
                  f"score {score}, game not over")


RULEBOOK: Rulebook[Rules, State] = Rulebook(
    game=GAME_ID, prefix="BO", parse=notation.parse, start=begin, step=step, end=end,
    load_rules=load_rules, whole_game=True, unit="snaps", gap=gap)


def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    """The function `printkit verify` calls (the kernel with BLOWOUT!!!'s rulebook). A
    decision log (`[Log "decisions"]`: engine/blowout/decisions.py) is replayed from its
    Seed and the lines the replay writes are verified here (engine/decisions/replay.py)."""
    from printkit_engine.blowout.game import GAME
    from printkit_engine.decisions import verify_either

    return verify_either(GAME.decisions, record_report, text, file, rules)


def record_report(text: str, file: str, rules: Rules | None = None) -> Report:
    """A typed record's report: the kernel with BLOWOUT!!!'s rulebook."""
    return kernel.verify(RULEBOOK, text, file, rules)
