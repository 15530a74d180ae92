"""The verifier kernel: the one loop over a record's lines, for every game.

A game supplies three pure pieces in a :class:`Rulebook`:

- ``parse(text, file, rules) -> Record``: tags and rows (engine/verify/record.py reads both);
- ``start(rules, record) -> Step``: the state before the first line (and findings about the
  tags' values, e.g. a game length the rules do not have);
- ``step(state, line) -> Step``: the state after one line, the findings on it, and the other
  states the game may truly be in (``alternatives``: the rules' own reading where the record
  wrote something else, a die read as the play book's, a line left out).

and ``end(state, record) -> Ending`` to say whether the game is over, its score, and what is
wrong with a record that ends there.

What is the same for every game is here, written once:

- **Readings.** The kernel keeps every state the record may be in (at most
  ``MAX_READINGS``). A line that follows from any of them is clean.
- **Resync.** After a slip the next line may follow what was written or what was true (the
  step's state and its alternatives), so one slip is one finding, on its line. Where no
  reading follows, the one that needs the fewest findings is reported (the record's own on a
  tie) and its states lead the readings kept. After ``LOST_AFTER`` lines in a row that follow
  no reading, the record is followed as written alone (its time stays linear and small on
  any text).
- **Out of step.** A step may say the record is ``adrift`` after its line (a line that cannot
  come here: the lines after it follow what the record wrote, not the rules): the kernel is
  quiet until a line follows again or a step says the record is back in step. An unreadable
  line sets the record adrift for the line after it, and adds the game's ``gap`` states (what
  a line the kernel could not read may have done: the draws it made) to the readings.
- **A line written twice.** A line that does not follow and repeats the line before word for
  word is one finding (``REC-004``) and is left out of the walk.
- **Tags and unreadable lines** (record.py): findings on their lines.
- **The end.** ``Result`` against the final score, a record that stops before the game is
  over (``END-001``, ``END-002``), from the reading whose ending agrees with the Result.
- **Errors.** An exception raised by a game's step is not caught: it is a bug in the game,
  and the command line reports it as an internal error (exit 70), never as an unreadable
  record.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from printkit_engine.findings import Finding, Report, Seat
from printkit_engine.frozen import fast_init
from printkit_engine.verify.record import Record, Unread

S = TypeVar("S")
R = TypeVar("R")

MAX_READINGS = 8        # states the kernel keeps for a record at once
MAX_FINDINGS = 200      # findings a report lists; the rest are counted ("and N more")
LOST_AFTER = 3          # lines in a row that follow no reading: the record is followed as
                        # written from there (its other readings had their chance), so a
                        # record of nonsense costs one step a line, not MAX_READINGS
UNKNOWN = "*"           # a Result (or any tag) whose value is not known


@fast_init
@dataclass(frozen=True)
class Step(Generic[S]):
    """What one line leads to: the state following what the record wrote, the findings on
    the line, and the states the game may really be in instead. A step with no findings
    is clean; its alternatives are then not kept (the line followed)."""

    state: S
    findings: tuple[Finding, ...] = ()
    alternatives: tuple[S, ...] = ()
    adrift: bool = False     # the lines after this one follow the record, not the rules


@dataclass(frozen=True)
class Ending:
    """How a record ends in one reading: is the game over (None: the game cannot tell, as a
    game played to a clock time), its score as a Result tag writes it (None: not kept), the
    game's own findings at the end, and the words after the report's line count."""

    over: bool | None
    score: str | None
    findings: tuple[Finding, ...] = ()
    summary: str = ""
    seats: tuple[Seat, ...] = ()      # each player's points (a game whose players score alone)


@dataclass(frozen=True)
class Rulebook(Generic[R, S]):
    """A game's verifier: the pieces the kernel walks a record with."""

    game: str                                           # the game id
    prefix: str                                         # of its rule ids: "PC"
    parse: Callable[[str, str, R], Record]
    start: Callable[[R, Record], Step[S]]
    step: Callable[[S, Any], Step[S]]
    end: Callable[[S, Record], Ending]
    load_rules: Callable[[], R]
    whole_game: bool = False     # a record is a whole game: stopping early is a finding even
                                 # without a Result tag
    unit: str = "lines"          # what the game's record lines are ("snaps")
    # the states after a line the record does not show (read for an unreadable line: its
    # draws may have been made); none by default
    gap: Callable[[S], Sequence[S]] | None = None


@dataclass
class _Walk(Generic[S]):
    """The kernel's bookkeeping over one record (local to :func:`walk`)."""

    states: list[S]
    findings: list[Finding] = field(default_factory=list)
    more: int = 0                      # findings past MAX_FINDINGS, counted, not kept
    failing: int = 0                   # lines in a row that followed no reading
    adrift: bool = False
    before: str | None = None          # the last record line's text, to see a repeat

    def report(self, found: Sequence[Finding]) -> None:
        room = MAX_FINDINGS - len(self.findings)
        self.findings.extend(found[:max(room, 0)])
        self.more += max(len(found) - max(room, 0), 0)


def _unique(states: Sequence[S]) -> list[S]:
    out: list[S] = []
    for s in states:
        if s not in out:
            out.append(s)
            if len(out) == MAX_READINGS:
                break
    return out


def _words(text: str) -> str:
    return " ".join(text.split()).lower()


def walk(book: Rulebook[R, S], record: Record, rules: R) -> _Walk[S]:
    """Every line of the record through the game's step: the readings left at the end
    (`states`), the findings in the order found (at most MAX_FINDINGS kept, `more` counted),
    and whether the record ends out of step (`adrift`: its last line unreadable or not
    followed, so the final score is not known)."""
    first = book.start(rules, record)
    w: _Walk[S] = _Walk(_unique([first.state, *first.alternatives]))
    w.report([*record.notes, *first.findings])
    prefix = book.prefix
    step = book.step
    for row in record.rows:
        item = row.item
        if isinstance(item, Unread):
            w.report([Finding(row.number, f"{prefix}-REC-003",
                               f"cannot read this line: {item.message}", "", "")])
            if book.gap is not None:
                w.states = _unique([*w.states, *(g for s in w.states for g in book.gap(s))])
            w.adrift, w.before = True, None
            continue
        states = w.states
        if len(states) == 1:        # one reading (most lines): a clean step is its state
            steps = [step(states[0], item)]
            if not steps[0].findings:
                w.states = [steps[0].state]
                w.adrift, w.before, w.failing = False, row.text, 0
                continue
        else:
            steps = [step(s, item) for s in states]
            clean = [s.state for s in steps if not s.findings]
            if clean:
                w.states = _unique(clean)
                w.adrift, w.before, w.failing = False, row.text, 0
                continue
        w.failing += 1
        # the reading that needs the fewest slips explains the line best: it is reported,
        # and its states come first (the record's own reading first on a tie)
        ranked = sorted(steps, key=lambda s: len(s.findings))
        primary = ranked[0]
        others = [x for s in ranked[1:] for x in (s.state, *s.alternatives)]
        if w.before is not None and not w.adrift and _words(w.before) == _words(row.text):
            w.report([Finding(row.number, f"{prefix}-REC-004", "the line before is written "
                               "again", "the next line", row.text.strip()[:40])])
            w.states = _unique([*w.states, primary.state, *primary.alternatives, *others])
            continue
        if not w.adrift:
            w.report(primary.findings)
        w.states = [primary.state] if w.failing >= LOST_AFTER else \
            _unique([primary.state, *primary.alternatives, *others])
        w.adrift, w.before = primary.adrift, row.text
    return w


def _final(book: Rulebook[R, S], states: list[S], record: Record, result: str) -> Ending:
    """The reading the record ends in: one whose ending agrees with the Result tag, else
    one where the game is over, else the record as written."""
    endings = [book.end(s, record) for s in states]
    for e in endings:
        if e.over is not False and e.score is not None and e.score == result:
            return e
    for e in endings:
        if e.over:
            return e
    return endings[0]


def end_findings(book: Rulebook, ending: Ending, record: Record, result: str,
                 adrift: bool = False) -> list[Finding]:
    """A record that stops before the game is over, a Result that is not the final score
    (not checked where the record ends out of step: what its last lines did is not known)."""
    prefix = book.prefix
    if ending.over is False and (book.whole_game or result != UNKNOWN):
        return [Finding(record.last_line, f"{prefix}-END-002", "the record ends before the "
                        "game is over", "the game played to its end", f"no more {book.unit}")]
    if result != UNKNOWN and ending.score is not None and result != ending.score and \
            not adrift:
        return [Finding(record.line_of("Result"), f"{prefix}-END-001", "Result tag is not "
                        "the final score", ending.score, result[:20])]
    return []


def verify(book: Rulebook[R, S], text: str, file: str, rules: R | None = None) -> Report:
    """Audit one record's text: the report of every finding, in line order."""
    rules = book.load_rules() if rules is None else rules
    record = book.parse(text, file, rules)
    w = walk(book, record, rules)
    result = (record.tag("Result") or UNKNOWN).strip() or UNKNOWN
    ending = _final(book, w.states, record, result)
    w.report([*ending.findings, *end_findings(book, ending, record, result, w.adrift)])
    checked = sum(1 for r in record.rows if r.counts)
    return Report(file=file, game=book.game, findings=w.findings, lines_checked=checked,
                  summary_extra=ending.summary, more=w.more, seats=ending.seats)


__all__ = ["MAX_READINGS", "Ending", "Rulebook", "Step", "end_findings", "verify", "walk"]
