"""One reading of a PostCard record, as the verifier kernel keeps it: the engine's game state
and, with a `Seed` tag, how many of each side's play-book draws the record has used so far.

The draws used are part of the reading (decision P24, docs/draws.md: "each side's d6 rolls,
consumed in the order that side rolls"): a record that leaves a line out, repeats one or swaps
two dice is followed by the readings that agree with what it wrote next, so one slip is one
finding wherever the next roll of each side comes. Where a reading has lost its place among
the draws, the whole record's dice lined up with the book (engine/postcard/drawbook.py, worked
out once, the first time it is needed) say where they are.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from printkit_engine.findings import Finding
from printkit_engine.frozen import evolve
from printkit_engine.postcard.drawbook import DrawBook
from printkit_engine.postcard.notation import Line, Roll
from printkit_engine.postcard.rules import Rules
from printkit_engine.postcard.state import State, index
from printkit_engine.postcard.steps import StepResult, step


@dataclass(frozen=True, eq=False)
class Context:
    """What is fixed for a whole record (one object per record: compared by identity)."""

    rules: Rules
    skills: dict[str, str | None]
    draws: dict[str, tuple[int, ...]] | None = None   # the play book's draws by side (Seed)
    book: DrawBook | None = None                      # ... where they come from
    lines: tuple[Line, ...] = ()                      # the record's lines (to align)
    # each re-roll under a Team Skill the record cannot say (`*`, P27): (line, side) -> the
    # skill it needs, as first played; `end` takes a side's first as its skill
    rerolls: dict[tuple[int, str], str] = field(default_factory=dict)

    @cached_property
    def aligned(self) -> dict[tuple[int, int], int]:
        """The record's dice lined up with the book over the whole record (engine/postcard/
        drawbook.py): (line, roll) -> the side's draws used after that roll. Worked out the
        first time a reading's dice are off (never, for most records), once."""
        return self.book.align(list(self.lines)).after if self.book is not None else {}

    def play(self, state: State, line: Line, follow_written: bool = True) -> StepResult:
        """The engine's step (engine/postcard/steps.py) with the record's rules and skills."""
        return step(state, line, self.rules, self.skills, follow_written)


@dataclass(frozen=True)
class Reading:
    """The game as the record may be in it: the engine's state, the draws used by side, and
    whether the bonuses held are known (`loose`: not since a line left out, which may have
    used some, until the record writes them in a state)."""

    game: State
    drawn: tuple[int, int] = (0, 0)
    ctx: Context = field(default=None, compare=False, repr=False)  # type: ignore[assignment]
    loose: bool = False

    def play(self, line: Line, follow_written: bool = True) -> StepResult:
        """The engine's step from this reading. Bonuses not known are taken as the most a
        side may hold (any claim is allowed), and the count a state writes is taken as it
        is, with no finding. A re-roll under a Team Skill the record cannot say is kept on
        the record's context (`rerolls`: the first says the side's skill, `end` checks the
        others against it)."""
        most = self.ctx.rules.bonus.max
        game = evolve(self.game, bonus=(most, most)) if self.loose else self.game
        result = self.ctx.play(game, line, follow_written)
        for side, needed in result.unsaid:
            self.ctx.rerolls.setdefault((line.number, side), needed)
        if not self.loose:
            return result
        kept = [f for f in result.findings if f.rule != "PC-BONUS-003"]
        return result if len(kept) == len(result.findings) else replace(result, findings=kept)

    def then(self, game: State, drawn: tuple[int, int] | None = None,
             line: Line | None = None) -> Reading:
        """The reading after a line (`line` given: one that may write the bonuses held)."""
        loose = self.loose and not (line is not None and line.note is not None
                                    and line.note.bonus is not None)
        return Reading(game, self.drawn if drawn is None else drawn, self.ctx, loose)

    def loosened(self) -> Reading:
        """The same reading with the bonuses held not known."""
        most = self.ctx.rules.bonus.max
        return Reading(evolve(self.game, bonus=(most, most)), self.drawn, self.ctx, True)


@dataclass(frozen=True)
class Dice:
    """A line's dice against the play book, from one reading."""

    line: Line                        # `?` dice filled with their draws, the rest as written
    book: Line                        # every die the book's draw (`line` when none is off)
    drawn: tuple[int, int]            # draws used after the line
    jumped: tuple[int, int] | None    # ... where the record's alignment puts the dice off
    findings: tuple[Finding, ...]     # PC-DRAW-001 for each roll that is not the next draw


def _faces(dice: tuple[int, ...]) -> str:
    return ",".join(map(str, dice))


def fits(draws: dict[str, tuple[int, ...]], drawn: tuple[int, int], line: Line) -> bool:
    """Is every written die of the line the next draw, from `drawn` on?"""
    at = list(drawn)
    for roll in line.rolls:
        k, n = index(roll.side), len(roll.dice)
        if not roll.book and draws[roll.side][at[k]:at[k] + n] != roll.dice:
            return False
        at[k] += n
    return True


def _used(drawn: tuple[int, int], line: Line) -> tuple[int, int]:
    home, away = drawn
    for roll in line.rolls:
        if roll.side == "H":
            home += len(roll.dice)
        else:
            away += len(roll.dice)
    return home, away


def check_dice(r: Reading, line: Line) -> Dice:
    """The line's rolls against each side's next draws in this reading (a Seed)."""
    draws = r.ctx.draws
    assert draws is not None
    if fits(draws, r.drawn, line) and not any(roll.book for roll in line.rolls):
        return Dice(line, line, _used(r.drawn, line), None, ())     # the usual line
    at = list(r.drawn)
    jump = list(r.drawn)
    rolls: list[Roll] = []
    book: list[Roll] = []
    found: list[Finding] = []
    skipped = False
    for i, roll in enumerate(line.rolls):
        k, n = index(roll.side), len(roll.dice)
        want = draws[roll.side][at[k]:at[k] + n]
        if roll.book:
            roll = evolve(roll, dice=want, book=False) if len(want) == n else roll
        elif want != roll.dice:
            label = "home" if roll.side == "H" else "away"
            found.append(Finding(line.number, "PC-DRAW-001",
                                 f"not the play book's next {label} draw",
                                 f"{roll.side}{_faces(want)}", f"{roll.side}{_faces(roll.dice)}"))
            book.append(evolve(roll, dice=want) if len(want) == n else roll)
            rolls.append(roll)
            q = r.ctx.aligned.get((line.number, i), at[k] + n)
            skipped = skipped or q != at[k] + n
            jump[k] = q
            at[k] += n
            continue
        rolls.append(roll)
        book.append(roll)
        at[k] += n
        jump[k] += n
    filled = line if rolls == list(line.rolls) else evolve(line, rolls=tuple(rolls))
    with_book = filled if book == rolls else evolve(line, rolls=tuple(book))
    return Dice(filled, with_book, (at[0], at[1]), (jump[0], jump[1]) if skipped else None,
                tuple(found))


def clean_after(r: Reading, line: Line) -> Reading | None:
    """The reading after `line` if it follows from `r` with no finding at all."""
    if r.ctx.draws is not None:
        dice = check_dice(r, line)
        if dice.findings:
            return None
        line, drawn = dice.line, dice.drawn
    else:
        drawn = r.drawn
    result = r.play(line)
    return None if result.findings else r.then(result.state, drawn, line)


__all__ = ["Context", "Dice", "Reading", "check_dice", "clean_after", "fits"]
