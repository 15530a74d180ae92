"""Verifying a PostCard Football record: ``verify_text(text, file) -> Report``.

Each line is replayed through the engine (steps.py). The verifier follows what the record
wrote, so a slip is reported once, on its line. To keep one slip from causing findings further
on, it also keeps the engine's own reading as a second candidate for a while: a later line
that agrees with either candidate is clean. With a `Seed` tag every die must be the play
book's next draw for its side; a wrong draw is one finding, and the line is also tried with
the play book's dice, so what follows from the right dice is not reported again. A die left
to the play book (`H?`, decision P24) is that draw by definition: it is filled in with the
draw at its place in the alignment before the line is replayed; without a `Seed` such a die
cannot be replayed at all, and the record is refused (ReadError) at the first one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import ReadError
from engine.findings import Finding, Report
from engine.frozen import evolve
from engine.game import SIDES
from engine.postcard.game import GAME
from engine.postcard.notation import Cross, Line, Record, Roll, parse
from engine.postcard.rules import Rules, load_rules
from engine.postcard.state import OVER, State
from engine.postcard.steps import StepResult, step

MAX_CANDIDATES = 8
LOOK = 3                       # draws a record may skip at once and still be followed


Key = tuple[int, frozenset[int]]          # next draw, draws skipped that may come later
Where = tuple[int, int]                   # (line number, roll index on the line)
Rolled = tuple[Where, tuple[int, ...], bool]   # where, the dice written, left to the book


@dataclass(frozen=True)
class Alignment:
    """The record's dice lined up with the play book: the slips, and what each `?` roll
    stands for."""

    slips: dict[Where, tuple[int, ...]]    # the draws expected where a written die is off
    fills: dict[Where, tuple[int, ...]]    # the draws a book roll (`H?`) takes


def _fits(draws: list[int], at: int, dice: tuple[int, ...], book: bool) -> bool:
    """Is the roll the draws from `at` on? A book roll (`H?`) is whatever they are."""
    return book or tuple(draws[at:at + len(dice)]) == dice


@dataclass(frozen=True)
class Step:
    """One roll on the best alignment: `expected` is None when it was the right draw."""

    slips: int
    back: Key | None
    expected: tuple[int, ...] | None


class DrawBook:
    """The play book's draws for one seed, aligned with the record's dice like a diff.

    Each side's rolls, in record order, are matched against its stream: a roll is the next
    draw, a draw skipped earlier and used late (out of order), a jump over draws, a wrong
    value, or a roll too many (a repeated line). The alignment with the fewest slips over the
    whole record wins, so a swap of two rolls is found on exactly those two lines, whatever
    comes after.
    """

    def __init__(self, seed: str) -> None:
        self.streams = {side[0].upper(): GAME.book.stream(seed, side) for side in SIDES}
        self.draws: dict[str, list[int]] = {"H": [], "A": []}

    def _upto(self, side: str, n: int) -> list[int]:
        draws = self.draws[side]
        if len(draws) < n:          # the stream's bulk draw: the same dice as die() by die()
            draws.extend(self.streams[side].dice(n - len(draws)))
        return draws

    def align(self, record: Record) -> Alignment:
        """Every side's rolls lined up with its draws: the slips and the book rolls' values."""
        slips: dict[Where, tuple[int, ...]] = {}
        fills: dict[Where, tuple[int, ...]] = {}
        for side in ("H", "A"):
            flat = [d for line in record.lines for roll in line.rolls if roll.side == side
                    for d in roll.dice]
            if self._upto(side, len(flat))[:len(flat)] == flat:
                continue                    # the usual record: every roll the next draw
                                            # (a book die is 0, never a draw: not here)
            rolls = [((line.number, i), roll.dice, roll.book) for line in record.lines
                     for i, roll in enumerate(line.rolls) if roll.side == side]
            first, used = self._in_order(side, rolls, fills)
            if first < len(rolls):
                self._align(side, rolls[first:], used, slips, fills)
        return Alignment(slips, fills)

    def slips(self, record: Record) -> dict[Where, tuple[int, ...]]:
        """(line number, roll index) -> the draws expected there, for every slip."""
        return self.align(record).slips

    def _in_order(self, side: str, rolls: list[Rolled],
                  fills: dict[Where, tuple[int, ...]]) -> tuple[int, int]:
        """How many rolls from the top are exactly the next draws, and the draws they use:
        the alignment starts at the first roll that is not (nothing before it is a slip).
        Book rolls on the way take their draws (`fills`)."""
        draws = self._upto(side, sum(len(dice) for _, dice, _ in rolls))   # one look-up
        used = 0
        for k, (where, dice, book) in enumerate(rolls):
            n = len(dice)
            if not _fits(draws, used, dice, book):
                return k, used
            if book:
                fills[where] = tuple(draws[used:used + n])
            used += n
        return len(rolls), used

    def _align(self, side: str, rolls: list[Rolled], start: int,
               out: dict[Where, tuple[int, ...]], fills: dict[Where, tuple[int, ...]]) -> None:
        """The alignment with the fewest slips from draw `start` on: slips into `out`, book
        rolls' draws into `fills` (a book roll always fits the next draws: no slip, no jump)."""
        beam: dict[Key, Step] = {(start, frozenset()): Step(0, None, None)}
        layers: list[dict[Key, Step]] = []
        for _, values, book in rolls:
            n = len(values)
            draws = self._upto(side, max(k[0] for k in beam) + LOOK + n + 1)
            layer: dict[Key, Step] = {}

            def keep(key: Key, step: Step, layer: dict[Key, Step] = layer) -> None:
                if key not in layer or layer[key].slips > step.slips:
                    layer[key] = step

            for key, at in beam.items():
                pos, holes = key
                base = pos - len(holes)            # where an in-order record would be
                expected = tuple(draws[base:base + n]) if base >= 0 else values
                if _fits(draws, pos, values, book):
                    keep((pos + n, holes), Step(at.slips, key, None))
                    continue
                keep((pos + n, holes), Step(at.slips + 1, key, expected))     # wrong value
                keep((pos, holes), Step(at.slips + 1, key, expected))         # one too many
                if n == 1:
                    for h in holes:                                         # used late
                        if draws[h] == values[0]:
                            keep((pos, holes - {h}), Step(at.slips + 1, key, expected))
                for q in range(pos + 1, pos + LOOK + 1):                    # jumped ahead
                    if tuple(draws[q:q + n]) == values:
                        keep((q + n, holes | frozenset(range(pos, q))),
                             Step(at.slips + 1, key, expected))
            ranked = sorted(layer.items(), key=lambda kv: (kv[1].slips, len(kv[0][1])))
            beam = dict(ranked[:MAX_CANDIDATES])
            layers.append(beam)
        key: Key | None = min(beam, key=lambda k: (beam[k].slips, len(k[1])))
        draws = self.draws[side]
        for (where, values, book), layer in zip(reversed(rolls), reversed(layers),
                                                strict=True):
            assert key is not None
            step = layer[key]
            if step.expected is not None:
                out[where] = step.expected
            if book and step.back is not None:
                at = step.back[0]
                fills[where] = tuple(draws[at:at + len(values)])
            key = step.back


def fill_book_dice(fills: dict[Where, tuple[int, ...]], line: Line) -> Line:
    """The line with each book roll (`H?`) given the draws it stands for."""
    if not any(r.book for r in line.rolls):
        return line
    rolls = tuple(evolve(r, dice=fills[(line.number, i)], book=False) if r.book else r
                  for i, r in enumerate(line.rolls))
    return evolve(line, rolls=rolls)


def _book_die_without_seed(record: Record, file: str) -> None:
    """A `?` die in a record without a Seed: nothing it leads to can be replayed (P24)."""
    for line in record.lines:
        for roll in line.rolls:
            if roll.book:
                raise ReadError(f"{roll.text()} leaves the die to the play book, but the "
                                'record has no [Seed "..."] tag to draw it from', file,
                                line.number, roll.column)


def check_draws(slips: dict[tuple[int, int], tuple[int, ...]], line: Line,
                ) -> tuple[list[Finding], Line | None]:
    """Findings for dice that are not the play book's, and the line with the book's dice."""
    if not slips:                   # every die the book's (the usual record): nothing to do
        return [], None
    findings: list[Finding] = []
    rolls = list(line.rolls)
    changed = False
    for i, roll in enumerate(rolls):
        expected = slips.get((line.number, i))
        if expected is None:
            continue
        found = ",".join(str(d) for d in roll.dice)
        want = ",".join(str(d) for d in expected)
        label = "home" if roll.side == "H" else "away"
        findings.append(Finding(line.number, "PC-DRAW-001",
                                f"not the play book's next {label} draw",
                                f"{roll.side}{want}", f"{roll.side}{found}"))
        if len(expected) == len(roll.dice):
            rolls[i] = evolve(roll, dice=expected)
            changed = True
    return findings, (evolve(line, rolls=tuple(rolls)) if changed else None)


def _misread_dice(state: State, line: Line, rules: Rules,
                  skills: dict[str, str | None]) -> list[State]:
    """States reached if one die was written wrong and the rest of the line is right (without
    a play book, a changed die shows only as an outcome that does not follow from it)."""
    out: list[State] = []
    for i, roll in enumerate(line.rolls):
        for j, die in enumerate(roll.dice):
            for value in range(1, 7):
                if value == die:
                    continue
                dice = roll.dice[:j] + (value,) + roll.dice[j + 1:]
                rolls = line.rolls[:i] + (evolve(roll, dice=dice),) + line.rolls[i + 1:]
                result = step(state, evolve(line, rolls=rolls), rules, skills)
                if not result.findings and result.state not in out:
                    out.append(result.state)
    return out


def _unwritten_marks(state: State, line: Line, found: list[Finding], rules: Rules,
                     skills: dict[str, str | None]) -> list[State]:
    """States reached if the Time Tracker marks left out had been written, in either end
    zone (the record's later states show which)."""
    owners = [f.expected[0] for f in found if f.rule == "PC-TIME-002" and f.expected]
    options: list[tuple[Cross, ...]] = [()]
    for owner in owners[:2]:
        options = [(*o, Cross(owner, zone)) for o in options for zone in ("H", "A")]
    if not owners:
        return []
    return [step(state, evolve(line, crosses=line.crosses + extra), rules, skills).state
            for extra in options]


def _held_bonuses(line: Line, state: State) -> Line:
    """The line without bonuses claimed beyond what the roller holds."""
    def fix(roll: Roll) -> Roll:
        held = state.bonus[0 if roll.side == "H" else 1]
        return evolve(roll, bonus=0) if roll.bonus > held else roll
    return evolve(line, rolls=tuple(fix(r) for r in line.rolls))


def _unique(states: list[State]) -> list[State]:
    out: list[State] = []
    for s in states:
        if s not in out:
            out.append(s)
    return out[:MAX_CANDIDATES]


@dataclass
class Progress:
    """Where the verifier stands: the readings still possible, and whether it is lost."""

    candidates: list[State]
    findings: list[Finding] = field(default_factory=list)
    over_reported: bool = False
    lost: bool = False      # a line did not follow: quiet until the record is in step again


def verify_record(record: Record, file: str, rules: Rules | None = None) -> Report:
    rules = rules or load_rules()
    skills = {"H": record.skill("H"), "A": record.skill("A")}
    if record.seed:
        alignment = DrawBook(record.seed).align(record)
        slips, fills = alignment.slips, alignment.fills
    else:
        _book_die_without_seed(record, file)
        slips, fills = None, {}
    progress = Progress([State()])
    for line in record.lines:
        if progress.candidates[0].phase == OVER and progress.over_reported:
            continue
        line = fill_book_dice(fills, line)
        try:
            _verify_line(line, progress, slips, rules, skills)
        except (ValueError, KeyError, IndexError, AssertionError, TypeError) as exc:
            # a line the engine cannot follow at all: say where, never a traceback
            raise ReadError(f"cannot follow this line ({exc.__class__.__name__}: {exc})",
                            file, line.number, line.column) from None
    candidates = progress.candidates
    final = candidates[0]
    findings = progress.findings + _check_result(record, candidates)
    score = f"{final.score[0]}-{final.score[1]}"
    extra = f"final score {score}" if final.phase == OVER else f"score {score}, game not over"
    return Report(file=file, game=GAME.id, findings=findings,
                  lines_checked=len(record.lines), summary_extra=extra)


def _verify_line(line: Line, progress: Progress,
                 slips: dict[tuple[int, int], tuple[int, ...]] | None, rules: Rules,
                 skills: dict[str, str | None]) -> None:
    """One line against every candidate reading; keeps the readings that go on."""
    candidates = progress.candidates
    variants = [line]
    if slips is not None:
        found, book_line = check_draws(slips, line)
        if not progress.lost:        # out of step, a draw off is part of the same slip
            progress.findings.extend(found)
        if book_line is not None:
            variants.append(book_line)
    results: list[StepResult] = []
    clean: list[State] = []
    for state in candidates:
        for variant in variants:
            result = step(state, variant, rules, skills)
            if not result.findings:
                clean.append(result.state)
            else:
                results.append(result)
    if clean:
        progress.candidates = _unique(clean)
        progress.lost = False
        return
    primary = results[0]             # the record as written, from the first candidate
    if progress.lost:
        # Out of step since a line that did not follow: take the record's word (its written
        # state resynchronises) and report nothing until a line fits again.
        progress.candidates = [primary.state]
        progress.lost = not _resyncs(line)
        return
    progress.findings.extend(primary.findings)
    rules_found = {f.rule for f in primary.findings}
    progress.over_reported = progress.over_reported or "PC-SEQ-003" in rules_found
    progress.lost = "PC-SEQ-001" in rules_found and not _resyncs(line)
    alternatives = [step(candidates[0], v, rules, skills, follow_written=False).state
                    for v in (variants[-1], _held_bonuses(variants[-1], candidates[0]))]
    if slips is None:
        alternatives += _misread_dice(candidates[0], line, rules, skills)
    alternatives += _unwritten_marks(candidates[0], variants[-1], primary.findings, rules,
                                     skills)
    progress.candidates = _unique([primary.state, *alternatives,
                                   *(r.state for r in results[1:])])


def _resyncs(line: Line) -> bool:
    """A line whose written state says what comes next (a play is over)."""
    return line.note is not None and bool(line.note.down or line.note.phase)


def _check_result(record: Record, candidates: list[State]) -> list[Finding]:
    result = record.tags.get("Result", "*").strip()
    final = candidates[0]
    if result == "*" or any(f"{c.score[0]}-{c.score[1]}" == result and c.phase == OVER
                            for c in candidates):
        return []
    line = record.tag_lines.get("Result", 1)
    score = f"{final.score[0]}-{final.score[1]}"
    if final.phase != OVER:
        last = record.lines[-1].number if record.lines else line
        return [Finding(last, "PC-END-002", "the record ends before the game is over",
                        "the game played to its end", "no more lines")]
    if result != score:
        return [Finding(line, "PC-END-001", "Result tag is not the final score", score, result)]
    return []


def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    """The function `printkit verify` calls. Unreadable text raises ReadError.

    `rules` lets a player who owns the published card verify against its values (--rules).
    """
    rules = rules or load_rules()
    return verify_record(parse(text, file, rules), file, rules)
