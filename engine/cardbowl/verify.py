"""Card Bowl's verifier: the pieces the verifier kernel (engine/verify/kernel.py) walks play
notes with.

The notes are read by notation.py (one row per line: headings, `---`, clock markers, plays and
cards lines); each row goes through the pure step (steps.py), which follows what the line
wrote and offers the rules' own reading as an alternative, so a later line that agrees with
either is clean. With a `Seed` tag the cards of every kick must be the top of the play book's
deal for its play (C9). The rules' own example prints two lines its arithmetic does not give;
they are read as printed (errata, C1) and the report says so.
"""

from __future__ import annotations

from dataclasses import replace

from printkit_engine.cardbowl import notation
from printkit_engine.cardbowl.game import ID
from printkit_engine.cardbowl.rules import Rules, load_rules
from printkit_engine.cardbowl.state import Context, State
from printkit_engine.cardbowl.steps import step, with_tags
from printkit_engine.findings import Report
from printkit_engine.verify import kernel
from printkit_engine.verify.kernel import Ending, Rulebook, Step
from printkit_engine.verify.record import Record

TEAM_TAGS = ("Home", "Away")


def begin(rules: Rules, record: Record) -> Step[State]:
    """The state before the first line: the teams the Home and Away tags name (in the order
    written) and the play book's seed. A first play line with no heading above it may be
    either team's: the second reading has it the other team's (the lines after say which)."""
    names = [value for name, value in record.tags.items() if name in TEAM_TAGS]
    first = with_tags(State(ctx=Context(rules, record.tag("Seed"))), names)
    return Step(first, alternatives=(replace(first, lead=1),))


def end(state: State, record: Record) -> Ending:
    """Play notes may stop anywhere (a game is played to a clock or a number of plays the
    notes do not name), so whether the game is over is not known; the final score is given
    home first, for the kernel to hold a Result tag against (C5). The report says how many
    lines were read as printed in the rules' example."""
    n = state.errata_used
    summary = (f"{n} line{'s' if n != 1 else ''} read as printed in the rules' example "
               "(docs/rules/cardbowl.md C1)") if n else ""
    return Ending(None, final_score(state, record), summary=summary)


def final_score(state: State, record: Record) -> str | None:
    """The score at the end of the notes as a Result tag writes it, home first (the team the
    Home tag names, else the one the Away tag does not, else the first team written): the
    running score, or the arithmetic's where a score column slipped (the Result may follow
    either). None where the score is not known (a line that could not be read since the
    last score column)."""
    if not state.score_known:
        return None
    home = home_team(state, record)
    scores = [state.score] + ([state.score_alt] if state.score_alt is not None else [])
    texts = [f"{score[home]}-{score[1 - home]}" for score in scores]
    written = (record.tag("Result") or "").strip()
    return written if _compact(written) in texts else texts[0]


def _compact(score: str) -> str:
    return "".join(score.split()).replace("\u2013", "-")


def home_team(state: State, record: Record) -> int:
    """The index of the home team among the game's two (0: the first team written)."""
    for tag, flip in (("Home", 0), ("Away", 1)):
        name = (record.tag(tag) or "").strip().lower()
        for i, known in enumerate(state.names):
            if name and (known or "").lower() == name:
                return i if not flip else 1 - i
    return 0


RULEBOOK: Rulebook[Rules, State] = Rulebook(
    game=ID, prefix="CB", parse=notation.parse, start=begin, step=step, end=end,
    load_rules=load_rules)


def record_report(text: str, file: str, rules: Rules | None = None) -> Report:
    """A record's report: the kernel with Card Bowl's rulebook."""
    return kernel.verify(RULEBOOK, text, file, rules)


def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    """The function `printkit verify` calls: a record's report; a decision log (`[Log
    "decisions"]`: engine/cardbowl/decisions.py) is replayed from its Seed and the lines the
    replay writes are verified here (engine/decisions/replay.py)."""
    from printkit_engine.cardbowl.game import GAME
    from printkit_engine.decisions import verify_either

    return verify_either(GAME.decisions, record_report, text, file, rules)
