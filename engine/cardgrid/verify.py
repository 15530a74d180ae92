"""The grid game's verifier: the pieces the verifier kernel (engine/verify/kernel.py) walks a
record with.

The tags set the record's context (:func:`begin`): the play book (Seed), who kicked off, the
table's split of the pack (G1), whether the record keeps a passage log (score lines then
copy it); each line goes through the pure step (steps.py), which follows what the record
wrote and offers the cards' reading, and the play book read on from where the written cards
are, as alternatives. Rule ids: docs/notation.md.
"""

from __future__ import annotations

import re

from printkit_engine.cardgrid import deal as decks_
from printkit_engine.cardgrid import notation
from printkit_engine.cardgrid.bookread import Table
from printkit_engine.cardgrid.game import ID
from printkit_engine.cardgrid.notation import score_text
from printkit_engine.cardgrid.rules import Rules, load_rules
from printkit_engine.cardgrid.steps import Context, State, settle, step, took_in
from printkit_engine.findings import Finding, Report
from printkit_engine.verify import kernel
from printkit_engine.verify.kernel import Ending, Rulebook, Step
from printkit_engine.verify.record import Record, Unread

_SCORE = re.compile(r"(\d{1,3})-(\d{1,3})")
_TIME = re.compile(r"([01]?\d|2[0-3])[:.][0-5]\d")
_SIDE_TAG = {"h": "H", "home": "H", "a": "A", "away": "A"}
UNKNOWN = "*"                  # a tag value not known (as a bubble log writes one unshaded)


def _finish(record: Record) -> list[Finding]:
    """CG-TAG-001: "at 'kick-off' make a note of the agreed finishing time" (G13)."""
    value = record.tag(notation.FINISH_TAG)
    if value is not None and _TIME.fullmatch(value.strip()):
        return []
    return [Finding(record.line_of(notation.FINISH_TAG), "CG-TAG-001", "the agreed finishing "
                    "time is noted at kick-off", '[Finish "HH:MM"]',
                    f'"{value[:20]}"' if value is not None else "none")]


def _kickoff(record: Record) -> tuple[str, list[Finding]]:
    """The side that kicked off ("" when not known); a value that is no side is CG-TAG-002
    and the first passage may then be either side's."""
    value = record.tag(notation.KICKOFF_TAG)
    if value is None or value.strip() == UNKNOWN:
        return "", []
    side = _SIDE_TAG.get(value.strip().lower())
    if side is not None:
        return side, []
    return "", [Finding(record.line_of(notation.KICKOFF_TAG), "CG-TAG-002", "who won the toss "
                        "and kicked off", "H or A", value[:20])]


def _split(record: Record) -> tuple[decks_.Split, list[Finding]]:
    """The table's half packs (G1); a value that is not one black and one red suit is
    CG-TAG-003 and the record is read with the default (clubs + hearts)."""
    value = record.tag(notation.SUITS_TAG)
    if value is None or value.strip() == UNKNOWN:
        return decks_.DEFAULT, []
    split = decks_.split_of(value)
    if split is not None:
        return split, []
    return decks_.DEFAULT, [Finding(record.line_of(notation.SUITS_TAG), "CG-TAG-003", "home's "
                                    "half pack is one complete red suit and one complete "
                                    "black suit", "CH, CD, SH or SD", value[:20])]


def _repeats(record: Record) -> tuple[tuple[int, int], ...]:
    """Each passage line that repeats an earlier passage line word for word, with the line
    it repeats."""
    seen: dict[str, int] = {}
    out = []
    for row in record.rows:
        if isinstance(row.item, Unread) or row.item.kind != "passage":
            continue
        words = " ".join(row.text.split())
        if words in seen:
            out.append((row.number, seen[words]))
        else:
            seen[words] = row.number
    return tuple(out)


def begin(rules: Rules, record: Record) -> Step[State]:
    """The state before the first line, from the tags (a value the game cannot use is a
    finding, and a sensible default stands in)."""
    kickoff, bad_kickoff = _kickoff(record)
    split, bad_split = _split(record)
    seed = record.tag("Seed")
    get = decks_.shuffles(seed, split) if seed else None
    kinds = {item.kind for item in record.items}
    unread = frozenset(r.number for r in record.rows if isinstance(r.item, Unread))
    ctx = Context(Table(get, split, rules), kickoff, "passage" in kinds, "score" in kinds,
                  unread, _repeats(record))
    state = State(decks=decks_.Decks() if get else None, ctx=ctx)
    return Step(state, (*_finish(record), *bad_kickoff, *bad_split))


def end(state: State, record: Record) -> Ending:
    """The game ends by the clock (G13): whether it is over cannot be told from the record.
    Its score is the running score, or the Result's where the record left a passage out
    since the last score (a finding already: a reading said so, or a line after the last
    passage could not be read) and the Result takes in that passage's points; the scores
    the sheet left uncopied are findings."""
    _, missing = settle(state)
    score = state.score
    result = _SCORE.fullmatch((record.tag("Result") or "").strip())
    unread = any(n > state.since for n in state.ctx.unread)
    if (state.open or unread) and result:
        final = (int(result.group(1)), int(result.group(2)))
        score = final if took_in(score, final, state.ctx.rules) else score
    return Ending(None, score_text(score), tuple(missing))


RULEBOOK: Rulebook[Rules, State] = Rulebook(
    game=ID, prefix="CG", parse=notation.parse, start=begin, step=step, end=end,
    load_rules=load_rules)


def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    """The function `printkit verify` calls (the kernel with the grid game's rulebook). A
    decision log (`[Log "decisions"]`: engine/cardgrid/decisions.py) is replayed from its
    Seed and the lines the replay writes are verified here (engine/decisions/replay.py)."""
    from printkit_engine.cardgrid.game import GAME
    from printkit_engine.decisions import verify_either

    return verify_either(GAME.decisions, record_report, text, file, rules)


def record_report(text: str, file: str, rules: Rules | None = None) -> Report:
    """A typed record's report: the kernel with the grid game's rulebook."""
    return kernel.verify(RULEBOOK, text, file, rules)
