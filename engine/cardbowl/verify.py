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

from engine.cardbowl import notation
from engine.cardbowl.game import ID
from engine.cardbowl.rules import Rules, load_rules
from engine.cardbowl.state import Context, State
from engine.cardbowl.steps import step, with_tags
from engine.findings import Report
from engine.verify import kernel
from engine.verify.kernel import Ending, Rulebook, Step
from engine.verify.record import Record

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
    notes do not name) and no Result tag is checked (C5): the report says how many lines
    were read as printed in the rules' example."""
    n = state.errata_used
    summary = (f"{n} line{'s' if n != 1 else ''} read as printed in the rules' example "
               "(docs/rules/cardbowl.md C1)") if n else ""
    return Ending(None, None, summary=summary)


RULEBOOK: Rulebook[Rules, State] = Rulebook(
    game=ID, prefix="CB", parse=notation.parse, start=begin, step=step, end=end,
    load_rules=load_rules)


def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    """The function `printkit verify` calls (the kernel with Card Bowl's rulebook)."""
    return kernel.verify(RULEBOOK, text, file, rules)
