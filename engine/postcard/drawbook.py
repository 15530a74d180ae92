"""A seeded record's dice lined up with the play book like a diff, over the whole record.

The verifier follows the draws line by line in each of its readings (engine/postcard/
reading.py); this alignment is for what needs every die's place at once: the book sheets of a
typed record (engine/postcard/bubbles.py: a die that is not the book's cannot be shaded) and
what a `?` die stands for when a record is looked at as a whole.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit_engine.game import SIDES
from printkit_engine.postcard.game import GAME
from printkit_engine.postcard.notation import Line

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
    after: dict[Where, int] = field(default_factory=dict)   # the side's draws used after it


def _fits(draws: list[int], at: int, dice: tuple[int, ...], book: bool) -> bool:
    """Is the roll the draws from `at` on? A book roll (`H?`) is whatever they are."""
    return book or tuple(draws[at:at + len(dice)]) == dice


@dataclass(frozen=True)
class Move:
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

    def upto(self, side: str, n: int) -> list[int]:
        """The side's first `n` draws (at least: the list is the book's, drawn so far)."""
        draws = self.draws[side]
        if len(draws) < n:          # the stream's bulk draw: the same dice as die() by die()
            draws.extend(self.streams[side].dice(n - len(draws)))
        return draws

    def align(self, lines: list[Line]) -> Alignment:
        """Every side's rolls lined up with its draws: the slips and the book rolls' values."""
        slips: dict[Where, tuple[int, ...]] = {}
        fills: dict[Where, tuple[int, ...]] = {}
        after: dict[Where, int] = {}
        for side in ("H", "A"):
            rolls = [((line.number, i), roll.dice, roll.book) for line in lines
                     for i, roll in enumerate(line.rolls) if roll.side == side]
            flat = [d for _, dice, _ in rolls for d in dice]
            if self.upto(side, len(flat))[:len(flat)] == flat:
                used = 0                    # the usual record: every roll the next draw
                for where, dice, _ in rolls:      # (a book die is 0, never a draw: not here)
                    used += len(dice)
                    after[where] = used
                continue
            first, used = self._in_order(side, rolls, fills, after)
            if first < len(rolls):
                self._align(side, rolls[first:], used, slips, fills, after)
        return Alignment(slips, fills, after)

    def slips(self, lines: list[Line]) -> dict[Where, tuple[int, ...]]:
        """(line number, roll index) -> the draws expected there, for every slip."""
        return self.align(lines).slips

    def _in_order(self, side: str, rolls: list[Rolled], fills: dict[Where, tuple[int, ...]],
                  after: dict[Where, int]) -> tuple[int, int]:
        """How many rolls from the top are exactly the next draws, and the draws they use:
        the alignment starts at the first roll that is not (nothing before it is a slip).
        Book rolls on the way take their draws (`fills`)."""
        draws = self.upto(side, sum(len(dice) for _, dice, _ in rolls))   # one look-up
        used = 0
        for k, (where, dice, book) in enumerate(rolls):
            n = len(dice)
            if not _fits(draws, used, dice, book):
                return k, used
            if book:
                fills[where] = tuple(draws[used:used + n])
            used += n
            after[where] = used
        return len(rolls), used

    def _align(self, side: str, rolls: list[Rolled], start: int,
               out: dict[Where, tuple[int, ...]], fills: dict[Where, tuple[int, ...]],
               after: dict[Where, int]) -> None:
        """The alignment with the fewest slips from draw `start` on: slips into `out`, book
        rolls' draws into `fills` (a book roll always fits the next draws: no slip, no jump)."""
        beam: dict[Key, Move] = {(start, frozenset()): Move(0, None, None)}
        layers: list[dict[Key, Move]] = []
        for _, values, book in rolls:
            n = len(values)
            draws = self.upto(side, max(k[0] for k in beam) + LOOK + n + 1)
            layer: dict[Key, Move] = {}

            def keep(key: Key, step: Move, layer: dict[Key, Move] = layer) -> None:
                if key not in layer or layer[key].slips > step.slips:
                    layer[key] = step

            for key, at in beam.items():
                pos, holes = key
                base = pos - len(holes)            # where an in-order record would be
                expected = tuple(draws[base:base + n]) if base >= 0 else values
                if _fits(draws, pos, values, book):
                    keep((pos + n, holes), Move(at.slips, key, None))
                    continue
                keep((pos + n, holes), Move(at.slips + 1, key, expected))     # wrong value
                keep((pos, holes), Move(at.slips + 1, key, expected))         # one too many
                if n == 1:
                    for h in holes:                                         # used late
                        if draws[h] == values[0]:
                            keep((pos, holes - {h}), Move(at.slips + 1, key, expected))
                for q in range(pos + 1, pos + LOOK + 1):                    # jumped ahead
                    if tuple(draws[q:q + n]) == values:
                        keep((q + n, holes | frozenset(range(pos, q))),
                             Move(at.slips + 1, key, expected))
            ranked = sorted(layer.items(), key=lambda kv: (kv[1].slips, len(kv[0][1])))
            beam = dict(ranked[:MAX_CANDIDATES])
            layers.append(beam)
        chosen: Key | None = min(beam, key=lambda k: (beam[k].slips, len(k[1])))
        draws = self.draws[side]
        for (where, values, book), layer in zip(reversed(rolls), reversed(layers),
                                                strict=True):
            assert chosen is not None
            after[where] = chosen[0]
            step = layer[chosen]
            if step.expected is not None:
                out[where] = step.expected
            if book and step.back is not None:
                first = step.back[0]
                fills[where] = tuple(draws[first:first + len(values)])
            chosen = step.back


__all__ = ["Alignment", "DrawBook", "Where"]
