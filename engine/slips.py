"""The slips a student makes writing a game down, as data: what `printkit simulate --slips N`
plants in the bots' records so a teacher (or a test) can rehearse the audit and check it finds
every one (printkit/slips.py plants them and writes the answer key).

A :class:`Slip` names what the student did ("a score added wrong"), the lines it can happen on
(a regular expression over one record line) and the value on that line it changes (group 1 of
`value`), and how that value goes wrong (`change`). Every game's slips are its own data
(`engine/<game>/slips.py: SLIPS`, on `GAME.bots.slips`); the slips every notation shares (a
line written twice or left out, a team misspelt, a wrong Result) are :func:`common`.

Each change is pure: `candidates(slip, lines, rng)` yields the record's lines with one slip
made, in the random order a seeded `random.Random` gives, so a seed plants the same slips.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

# how a value goes wrong (the `change` of a Slip)
CHANGES = ("number", "die", "card", "seat", "letters", "twice", "skip", "result")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "CDHS"
_CARD = re.compile(r"(10|[2-9AJQK])([CDHS])")
_SEAT = re.compile(r"P([1-8])")


@dataclass(frozen=True)
class Slip:
    """One kind of hand-written slip. `lines`: the record lines it can happen on (searched);
    `value`: the part of such a line it changes (its group 1; the whole match without one);
    `change`: how (CHANGES: a number off by a little, a die face, a card's rank, a seat, two
    letters swapped, the line written twice or left out, the Result's score)."""

    kind: str
    lines: str
    change: str
    value: str = ""
    step: int = 1                    # a number's slip is a multiple of this (BLOWOUT!!!: 5)

    def __post_init__(self) -> None:
        if self.change not in CHANGES:
            raise ValueError(f"slip {self.kind!r}: unknown change {self.change!r}")
        re.compile(self.lines)
        re.compile(self.value)


@dataclass(frozen=True)
class Planted:
    """The record's lines with one slip made: the 1-based line it is on, what was there and
    what is there now ("" for a line left out)."""

    lines: tuple[str, ...]
    line: int
    was: str
    now: str


def common(plays: str) -> tuple[Slip, ...]:
    """The slips of every notation: a play line (`plays`) written twice or left out, a team
    name misspelt in the [Home] or [Away] tag, a wrong score in the [Result] tag."""
    return (Slip("a line written twice", plays, "twice"),
            Slip("a line left out", plays, "skip"),
            Slip("a team name misspelt", r'^\[(?:Home|Away) "', "letters", r'"([^"]+)"'),
            Slip("a wrong Result", r'^\[Result "\d+-\d+"\]', "result", r'"(\d+-\d+)"'))


def candidates(slip: Slip, lines: Sequence[str], rng: random.Random) -> Iterator[Planted]:
    """Every way `slip` can be made in the record `lines`, in the order `rng` shuffles them
    (each place once; a value that has no different wrong form is passed over)."""
    pattern = re.compile(slip.lines)
    places = [i for i, text in enumerate(lines) if pattern.search(text)]
    rng.shuffle(places)
    for i in places:
        text = lines[i]
        if slip.change == "twice":
            yield Planted((*lines[:i + 1], text, *lines[i + 1:]), i + 2, "", text)
            continue
        if slip.change == "skip":
            yield Planted((*lines[:i], *lines[i + 1:]), i + 1, text, "")
            continue
        spans = [m.span(1) if m.groups() else m.span()
                 for m in re.finditer(slip.value or r".+", text)]
        spans = [s for s in spans if s[0] >= 0]
        if not spans:
            continue
        start, stop = rng.choice(spans)
        wrong = _wrong(slip, text[start:stop], rng)
        if wrong is None or wrong == text[start:stop]:
            continue
        now = text[:start] + wrong + text[stop:]
        yield Planted((*lines[:i], now, *lines[i + 1:]), i + 1, text, now)


def _wrong(slip: Slip, value: str, rng: random.Random) -> str | None:
    """The value as the student wrote it down (None: this value cannot go wrong this way)."""
    change = slip.change
    if change == "number" and value.isdigit():
        n = int(value) + rng.choice((-1, 1, 2, -2)) * slip.step
        return str(n) if n >= 0 else str(int(value) + slip.step)
    if change == "die" and value in "123456" and len(value) == 1:
        return rng.choice([d for d in "123456" if d != value])
    if change == "card" and (m := _CARD.fullmatch(value)):
        k = RANKS.index(m.group(1))
        near = [RANKS[j] for j in (k - 1, k + 1) if 0 <= j < len(RANKS)]
        return rng.choice(near) + m.group(2)
    if change == "seat" and (m := _SEAT.fullmatch(value)):
        return "P" + rng.choice([s for s in "1234" if s != m.group(1)])
    if change == "letters" and len(value) >= 2:
        pairs = [j for j in range(1, len(value) - 1)     # the first letter stays
                 if value[j] != value[j + 1] and value[j].isalpha() and value[j + 1].isalpha()]
        if not pairs:
            return None
        j = rng.choice(pairs)
        return value[:j] + value[j + 1] + value[j] + value[j + 2:]
    if change == "result" and (m := re.fullmatch(r"(\d+)-(\d+)", value)):
        home, away = int(m.group(1)), int(m.group(2))
        if home != away and rng.random() < 0.5:
            return f"{away}-{home}"                     # written the other way round
        return f"{home}-{away + rng.choice((1, 2, 3))}"  # one side's points added wrong
    return None


__all__ = ["CHANGES", "Planted", "Slip", "candidates", "common"]
