"""PostCard Football's verifier: the pieces the verifier kernel (engine/verify/kernel.py) walks
a record with.

`begin` reads the tags (the Team Skills, the Seed) into the reading before the first line.
`step` replays one line through the engine (steps.py) and is pure: it follows what the record
wrote (the outcome, the state written after it), so a slip is one finding on its line, and it
offers the other readings the game may truly be in, which the kernel keeps for the lines after:

- the rules' own reading of the line (the dice's outcome, not the one written), and the same
  with only the bonuses the roller held;
- with a `Seed` (decision P24), the line with the play book's dice where a die is not the next
  draw, and the draws where the whole record's alignment with the book puts the dice written
  (a draw skipped, a reading that lost its place: engine/postcard/drawbook.py);
- without a `Seed`, a die written wrong (the rest of the line right);
- a choice written wrong: other strategy picks, a kicker's numbers, a punt's distance;
- the Time Tracker circles a line owed but did not mark, crossed in either end zone;
- with a `Seed`, a line left out before this one (engine/postcard/leftout.py).

`end` says whether the game is over and its score; the Result tag is the kernel's to check.
"""

from __future__ import annotations

from difflib import SequenceMatcher
from itertools import product

from printkit_engine.findings import Finding, Report
from printkit_engine.frozen import evolve
from printkit_engine.postcard import notation
from printkit_engine.postcard.drawbook import DrawBook
from printkit_engine.postcard.game import ID as GAME_ID
from printkit_engine.postcard.leftout import left_out
from printkit_engine.postcard.notation import SKILL_TAGS, SKILL_UNSAID, Cross, Line, Roll
from printkit_engine.postcard.reading import Context, Reading, check_dice
from printkit_engine.postcard.rules import DIE, Rules, load_rules
from printkit_engine.postcard.state import OVER, SIDES, State, index
from printkit_engine.postcard.steps import StepResult
from printkit_engine.verify import kernel
from printkit_engine.verify.kernel import Ending, Rulebook, Step
from printkit_engine.verify.record import Record, Unread

SPARE_DRAWS = 32         # draws past the record's dice (skipped draws, lines left out)
DRAWS_PER_UNREAD = 8     # and for each line that could not be read (its dice are not known)
MAX_FILLS = 6 ** 3       # values tried for the `?` dice of one line without a Seed
MAX_CHOICES = 4          # readings kept of a choice written wrong (picks, a punt distance)


# -- the tags: the reading before the first line -------------------------------------------
def _skill(record: Record, tag: str, rules: Rules, found: list[Finding]) -> str | None:
    """A side's Team Skill (None for none); one the rules do not have is a finding and read
    as none."""
    value = record.tag(tag)
    if value is None or value.lower() == "none":
        return None
    if value == SKILL_UNSAID:               # the first re-roll says it (P27: `end`)
        return SKILL_UNSAID
    if value.lower() in rules.team_skill.names:
        return value.lower()
    found.append(Finding(record.line_of(tag), "PC-TAG-002", "a Team Skill the rules have",
                         ", ".join((*rules.team_skill.names, "none")), value[:30]))
    return None


def _context(rules: Rules, skills: dict[str, str | None], seed: str | None,
             record: Record) -> Context:
    """What the whole record is read with: with a Seed, each side's play-book draws (as many
    as the record can use) and the record's lines, to line its dice up with them where a
    reading loses its place among the draws."""
    if not seed:
        return Context(rules, skills)
    lines = notation.lines(record)
    book = DrawBook(seed)
    dice = sum(len(r.dice) for line in lines for r in line.rolls)
    unread = sum(1 for row in record.rows if isinstance(row.item, Unread))
    n = dice + DRAWS_PER_UNREAD * unread + SPARE_DRAWS
    draws = {side: tuple(book.upto(side, n)) for side in SIDES}
    return Context(rules, skills, draws, book, tuple(lines))


def begin(rules: Rules, record: Record) -> Step[Reading]:
    """The reading before the first line, from the tags; a value the rules do not have is a
    finding on its tag, read with a default (the skill as none, an empty Seed as none)."""
    found: list[Finding] = []
    game = record.tag("Game")
    if game is not None and game.strip().lower() != GAME_ID:
        found.append(Finding(record.line_of("Game"), "PC-TAG-001", "not a PostCard Football "
                             "record", GAME_ID, game[:30]))
    skills = {side: _skill(record, tag, rules, found) for side, tag in SKILL_TAGS.items()}
    seed = record.tag("Seed")
    if seed is not None and not seed:
        found.append(Finding(record.line_of("Seed"), "PC-TAG-003", "an empty Seed: the record "
                             "is read without a play book", "a seed", '""'))
    return Step(Reading(State(), (0, 0), _context(rules, skills, seed, record)), tuple(found))


# -- one line ------------------------------------------------------------------------------
def step(r: Reading, line: Line) -> Step[Reading]:
    """One line from one reading: the reading after it, the findings on it, the others."""
    if r.ctx.draws is None:
        if any(roll.book for roll in line.rolls):
            return _unknown_dice(r, line)
        return _replay(r, line, line, r.drawn, (), None, line)
    dice = check_dice(r, line)
    return _replay(r, dice.line, dice.book, dice.drawn, dice.findings, dice.jumped, line)


def _replay(r: Reading, written: Line, book: Line, drawn: tuple[int, int],
            draws_off: tuple[Finding, ...], jumped: tuple[int, int] | None,
            raw: Line) -> Step[Reading]:
    """The line as written (its `?` dice filled), with the play book's dice, and after a
    line left out; the fewest slips first:

    - a die written wrong, the line following from the book's die: `PC-DRAW-001` (one slip,
      unless several dice are off and a line left out explains them all);
    - a line left out before it, after which every die is the next draw and the line
      follows, if that is likelier than the line's own findings: `PC-SEQ-004`;
    - a die written wrong, the line following from it: `PC-DRAW-001`;
    - else the findings of the line as written.

    The readings not taken are kept as alternatives (the lines after show which was true)."""
    result = r.play(written)
    if not result.findings and not draws_off:
        return Step(r.then(result.state, drawn, raw))         # the usual line
    as_written = r.then(result.state, drawn, raw)
    on_book = r.play(book) if book is not written else None
    jump = (r.then(result.state, jumped, raw),) if jumped is not None else ()
    gaps = left_out(r, raw)
    missing = tuple(m.reading for m in gaps)
    if on_book is not None and not on_book.findings and not (missing and len(draws_off) > 1):
        return Step(r.then(on_book.state, drawn, raw), draws_off,
                    (as_written, *missing, *jump))
    if missing and _gap_likelier(draws_off, result):
        found = Finding(raw.number, "PC-SEQ-004", "a line is left out before this one",
                        gaps[0].text(), raw.verb)
        return Step(missing[0], (found,), (*missing[1:], as_written, *jump))
    if not result.findings:
        return Step(as_written, draws_off, (*jump, *missing))
    findings = (*draws_off, *result.findings)
    chosen = _misread_choices(r, book)
    if chosen:
        findings = _one_slip(findings)
    others = [r.then(s, drawn, raw) for s in (*chosen, *_alternatives(r, book, result))]
    if on_book is not None:
        others.append(r.then(on_book.state, drawn, raw))
    return Step(as_written, findings, (*others, *missing, *jump),
                adrift=_adrift(findings, raw))


def _gap_likelier(draws_off: tuple[Finding, ...], result: StepResult) -> bool:
    """Is a line left out a likelier slip than the line's own findings? When its dice are
    not the next draws, when it cannot come here, or when it would have several slips of its
    own (one line left out is one slip)."""
    return bool(draws_off) or len(result.findings) > 1 or any(
        f.rule == "PC-SEQ-001" for f in result.findings)


def _adrift(findings: tuple[Finding, ...], line: Line) -> bool:
    """The lines after this one follow the record, not the rules: a line that cannot come
    here and writes no state to pick up from, or a line after the end of the game."""
    rules = {f.rule for f in findings}
    return "PC-SEQ-003" in rules or ("PC-SEQ-001" in rules and not _resyncs(line))


def _resyncs(line: Line) -> bool:
    """A line whose written state says what comes next (a play is over)."""
    return line.note is not None and bool(line.note.down or line.note.phase)


def _alternatives(r: Reading, line: Line, result: StepResult) -> list[State]:
    """The states the game may be in after a line with a finding, besides the record's."""
    ctx, state = r.ctx, r.game
    out = [r.play(line, follow_written=False).state,
           r.play(_held_bonuses(line, state), follow_written=False).state]
    if ctx.draws is None:
        out += _misread_dice(r, line)
    out += _unwritten_marks(r, line, result.findings)
    return out


def _choices(line: Line, rules: Rules) -> list[Line]:
    """The line with each other choice a player could have written on it (strategy picks,
    a kicker's numbers, a punt's distance, a try's points), the closest to what is written
    first (a slip of the pen changes a character or two)."""
    options: list[dict[str, object]] = []
    if line.picks is not None and line.verb in ("rush", "pass"):
        kinds = rules.strategy.passing if line.verb == "pass" else rules.strategy.rushing
        options = [{"picks": (o, d)} for o in kinds for d in range(1, DIE + 1)]
    elif line.picks is not None:
        options = [{"picks": (k, g)} for k in range(1, DIE + 1) for g in range(1, DIE + 1)]
    elif line.verb == "punt" and line.value is not None:
        options = [{"value": t.distance} for t in rules.punt.targets]
    elif line.verb == "try":
        options = [{"value": rules.scoring.extra_point}, {"value": rules.scoring.two_point}]
    written = _choice_text(line)
    lines = [evolve(line, **o) for o in options]
    lines = [x for x in lines if _choice_text(x) != written]
    return sorted(lines, key=lambda x: -SequenceMatcher(None, written, _choice_text(x)).ratio())


def _choice_text(line: Line) -> str:
    picks = f"{line.picks[0]}v{line.picks[1]}" if line.picks else ""
    return f"{picks}{'' if line.value is None else line.value}"


def _misread_choices(r: Reading, line: Line) -> list[State]:
    """States reached if a choice on the line was written wrong and the rest is right (the
    Play Tracker and the later states show which)."""
    out: list[State] = []
    for other in _choices(line, r.ctx.rules):
        result = r.play(other)
        if not result.findings and result.state not in out:
            out.append(result.state)
            if len(out) == MAX_CHOICES:
                break
    return out


def _one_slip(findings: tuple[Finding, ...]) -> tuple[Finding, ...]:
    """The findings of a line that another choice makes clean: one slip, so one finding, the
    choice that cannot be (`PC-PICK-001`) or else the first (what follows from it, such as
    the outcome, the marks owed, is not a slip of its own)."""
    picks = tuple(f for f in findings if f.rule == "PC-PICK-001")
    return picks[:1] or findings[:1]


def _held_bonuses(line: Line, state: State) -> Line:
    """The line without bonuses claimed beyond what the roller holds."""
    def fix(roll: Roll) -> Roll:
        held = state.bonus[index(roll.side)]
        return evolve(roll, bonus=0) if roll.bonus > held else roll
    return evolve(line, rolls=tuple(fix(roll) for roll in line.rolls))


def _misread_dice(r: Reading, line: Line) -> list[State]:
    """States reached if one die was written wrong and the rest of the line is right (without
    a play book, a changed die shows only as an outcome that does not follow from it)."""
    out: list[State] = []
    for i, roll in enumerate(line.rolls):
        for j, die in enumerate(roll.dice):
            for value in range(1, DIE + 1):
                if value == die:
                    continue
                dice = roll.dice[:j] + (value,) + roll.dice[j + 1:]
                rolls = line.rolls[:i] + (evolve(roll, dice=dice),) + line.rolls[i + 1:]
                result = r.play(evolve(line, rolls=rolls))
                if not result.findings and result.state not in out:
                    out.append(result.state)
    return out


def _unwritten_marks(r: Reading, line: Line, found: list[Finding]) -> list[State]:
    """States reached if the Time Tracker marks left out had been written, in either end
    zone (the record's later states show which)."""
    owners = [f.expected[0] for f in found if f.rule == "PC-TIME-002" and f.expected]
    if not owners:
        return []
    options = [tuple(Cross(o, z) for o, z in zip(owners[:2], zones, strict=False))
               for zones in product(SIDES, repeat=min(2, len(owners)))]
    return [r.play(evolve(line, crosses=line.crosses + extra)).state
            for extra in options]


# -- `?` dice without a Seed ---------------------------------------------------------------
def _unknown_dice(r: Reading, line: Line) -> Step[Reading]:
    """A die left to the play book in a record without a Seed (decision P24): one finding on
    the line; the outcome and the state written are taken as they are, and the lines after
    are read from every value the dice may have shown that agrees with them."""
    unknown = [roll.text() for roll in line.rolls if roll.book]
    finding = Finding(line.number, "PC-DRAW-002", "a die left to the play book, but the "
                      'record has no [Seed "..."] tag to draw it from', "a die 1 to 6",
                      " ".join(unknown))
    result = r.play(line)
    own = tuple(f for f in result.findings
                if not (f.rule == "PC-ROLL-002" and f.found in unknown))
    filled = [r.then(s, None, line) for s in _fills(r, line)]
    as_written = r.then(result.state, None, line)
    first, *rest = [*filled, as_written] if not own else [as_written, *filled]
    findings = (finding, *own)
    return Step(first, findings, tuple(rest), adrift=_adrift(findings, line))


def _fills(r: Reading, line: Line) -> list[State]:
    """The states after the line for each value its `?` dice may have shown, where the line
    is then clean."""
    slots = [(i, j) for i, roll in enumerate(line.rolls) if roll.book
             for j in range(len(roll.dice))]
    if DIE ** len(slots) > MAX_FILLS:
        return []
    out: list[State] = []
    for values in product(range(1, DIE + 1), repeat=len(slots)):
        rolls = [list(roll.dice) for roll in line.rolls]
        for (i, j), v in zip(slots, values, strict=True):
            rolls[i][j] = v
        filled = tuple(evolve(roll, dice=tuple(d), book=False) if roll.book else roll
                       for roll, d in zip(line.rolls, rolls, strict=True))
        result = r.play(evolve(line, rolls=filled))
        if not result.findings and result.state not in out:
            out.append(result.state)
    return out


# -- the end -------------------------------------------------------------------------------
def end(r: Reading, record: Record) -> Ending:
    """Over or not, and the score; a record whose last line cannot be read cannot tell
    whether that line ended the game, or its score (the finding is on the line). A side
    whose Team Skill the record cannot say (`*`: a bubble sheet's) has the skill its first
    re-roll needs, said after the score; a later re-roll needing another is PC-SKILL-001
    (P27, as a decision log's)."""
    state = r.game
    score = f"{state.score[0]}-{state.score[1]}"
    over = state.phase == OVER
    found, said = _unsaid_skills(r.ctx.rerolls)
    if not over and record.rows and isinstance(record.rows[-1].item, Unread):
        return Ending(None, None, found, summary=f"score {score} before the last line, "
                      f"which cannot be read{said}")
    return Ending(over, score, found, summary=(f"final score {score}" if over else
                                               f"score {score}, game not over") + said)


def _unsaid_skills(rerolls: dict[tuple[int, str], str]) -> tuple[tuple[Finding, ...], str]:
    """The findings and the words of the re-rolls under skills the record cannot say: each
    side's first re-roll says its skill; one after it needing another is PC-SKILL-001."""
    found: list[Finding] = []
    skill: dict[str, tuple[int, str]] = {}
    for (number, side), needed in sorted(rerolls.items()):
        first = skill.setdefault(side, (number, needed))
        if first[1] != needed:
            found.append(Finding(number, "PC-SKILL-001", "re-roll without that team skill",
                                 needed, f"{first[1]} (the skill of the re-roll on line "
                                         f"{first[0]})"))
    said = "".join(f"; {SKILL_TAGS[side]} not written: {skill[side][1]}, the skill its "
                   "first re-roll needs" for side in SKILL_TAGS if side in skill)
    return tuple(found), said


RULEBOOK: Rulebook[Rules, Reading] = Rulebook(
    game=GAME_ID, prefix="PC", parse=notation.parse, start=begin, step=step, end=end,
    load_rules=load_rules)


def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    """The function `printkit verify` calls (the kernel with PostCard's rulebook). `rules`
    lets a player who owns the published card verify against its values (--rules). A
    decision log (`[Log "decisions"]`: engine/postcard/decisions.py) is replayed from its
    Seed and the lines the replay writes are verified here (engine/decisions/replay.py)."""
    from printkit_engine.decisions import verify_either
    from printkit_engine.postcard.game import GAME

    return verify_either(GAME.decisions, record_report, text, file, rules)


def record_report(text: str, file: str, rules: Rules | None = None) -> Report:
    """A typed record's report: the kernel with PostCard's rulebook."""
    return kernel.verify(RULEBOOK, text, file, rules)


__all__ = ["RULEBOOK", "begin", "end", "record_report", "step", "verify_text"]
