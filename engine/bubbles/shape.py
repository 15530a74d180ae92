"""The shape of a bubble sheet as data: parts, slots, segments, forms and the grammar
holding them (the package docstring, engine/bubbles/__init__.py, tells how they fit)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from printkit_engine.bubbles.lines import PlainLines, SheetLines

LISTED = 20_000         # a slot of more ways to shade it reads a token's shading off the
                        # token instead of listing every token (sixteen cards: 65,536 ways)
Shading = tuple[tuple[int | None, ...], ...]        # part -> column -> index (None: blank)


@dataclass(frozen=True)
class Part:
    """One column group of bubbles: a choice among options, or a number in digit columns."""

    name: str
    options: tuple[str, ...] = ()          # choice: what each bubble writes
    labels: tuple[str, ...] = ()           # short text printed in each bubble (default options)
    digits: tuple[int, ...] = ()           # digits: the highest digit of each column (9 9)
    prefix: str = ""
    suffix: str = ""                       # written after the value ("6" + " yd return")
    last: tuple[int, ...] = ()             # digits: the last column's digits, when not all
                                           # (0 5: yards that come in fives)
    first: tuple[int, ...] = ()            # digits: the first column's digits, when not all
                                           # (1-9: a leading 0 is never written)
    left_off: bool = False                 # no bubbles: `encode` takes its text and reports
                                           # it left off, `decode` writes nothing (Card Bowl's
                                           # `to 24` after a return: the verifier derives it)

    @property
    def columns(self) -> list[tuple[str, ...]]:
        """The bubbles, column by column: a choice part is one column, a number one per
        digit, a part left off none."""
        return [] if self.left_off else self._columns

    @property
    def _columns(self) -> list[tuple[str, ...]]:
        """What each column writes (a part left off too: the tokens `encode` takes)."""
        if self.digits:
            cols = [tuple(str(d) for d in range(top + 1)) for top in self.digits]
            if self.first:
                cols[0] = tuple(map(str, self.first))
            if self.last:
                cols[-1] = tuple(map(str, self.last))
            return cols
        return [self.options]

    @property
    def bubble_labels(self) -> list[tuple[str, ...]]:
        if self.digits:
            return self.columns
        return [] if self.left_off else [self.labels or self.options]

    def values(self) -> list[tuple[str, tuple[int | None, ...]]]:
        """Every text this part can write with the shading that writes it (index per column,
        None = blank). A blank part writes "" (not listed here)."""
        if not self.digits:
            return [(self.prefix + o + self.suffix, (i,)) for i, o in enumerate(self.options)]
        out: dict[str, tuple[int | None, ...]] = {}
        columns = self._columns
        cols = len(columns)
        for start in range(cols):             # leading blank columns, then digits
            ranges = [range(len(columns[c])) for c in range(start, cols)]
            for combo in itertools.product(*ranges):
                digits = [columns[start + k][i] for k, i in enumerate(combo)]
                if len(combo) > 1 and digits[0] == "0":
                    continue                   # "05" is written "5"
                text = "".join(digits)
                out.setdefault(self.prefix + text + self.suffix, (None,) * start + combo)
        return list(out.items())

    def read(self, marks: tuple[int | None, ...]) -> str:
        """The text of a shading (one index or None per column)."""
        if all(m is None for m in marks):
            return ""
        if not self.digits:
            assert marks[0] is not None         # one column, and some mark is shaded
            return self.prefix + self.options[marks[0]] + self.suffix
        columns = self.columns
        text = "".join(columns[c][m] for c, m in enumerate(marks) if m is not None)
        return self.prefix + (text.lstrip("0") or "0") + self.suffix


def number_part(name: str, top: int, **kw: Any) -> Part:
    """Digit columns for a number 0..top: the first column's only up to top's first digit,
    and without a 0 when there are several columns (a leading 0 is never written: 5 is
    shaded in the ones column alone; a score's hundreds are a 1 alone). `kw`: the Part's
    other fields (prefix, suffix, left_off)."""
    digits = tuple(int(d) if k == 0 else 9 for k, d in enumerate(str(top)))
    first = tuple(range(1, digits[0] + 1)) if len(digits) > 1 else ()
    return Part(name, digits=digits, first=first, **kw)


@dataclass(frozen=True)
class Slot:
    """One token: its parts written together (a die: side, value, re-roll, second, bonus)."""

    name: str
    parts: tuple[Part, ...]
    title: str = ""              # heading over its bubbles on the sheet (default name)
    short: str = ""              # the title where a sheet prints it on the row, before the
                                 # bubbles (`heading.inline`: room is scarce; default title)
    lead: str = ""               # written first when any part is shaded ("T" of T3/2)
    new_row: bool = False        # starts a row of the band (rows balanced by hand)
    shares: str = ""             # shaded on this slot's bubbles (none of its own): a kind of
                                 # line that never uses both; same column shape, its labels
    heads: bool = False          # a table's columns: each bubble drawn empty at the least
                                 # width, its label printed once over its column at the
                                 # head of the sheet (turned upright): a row of many words
                                 # in bubbles, not ovals round each word (a slot of a
                                 # band's first row)
    sep: str = ""                # between two shaded parts' texts in its token: a set of
                                 # one-bubble parts shaded in any number, each its own word
                                 # ("sack first": Luck of the Draw's events of a drive)
    packed: bool = False         # its one-bubble parts side by side at the pitch, no gap
                                 # between them (a table's columns, each shaded on its own)

    @property
    def shape(self) -> tuple[tuple[int, ...], ...]:
        """Bubbles per column, part by part: what a slot sharing another's bubbles must match."""
        return tuple(tuple(len(c) for c in p.columns) for p in self.parts)

    @cached_property
    def table(self) -> Mapping[str, Shading]:
        """Every token this slot writes -> the shading of each part (first way found): listed
        when there are up to LISTED ways to shade the slot, else read off the token asked
        for (the same answers: a set of sixteen cards would list 65,535 tokens, a second at
        every `--from`)."""
        ways = 1
        for choices in self._choices:
            ways *= len(choices)
        return self._tables[0] if ways <= LISTED else _ReadTable(self)

    @cached_property
    def left_off(self) -> dict[str, str]:
        """A token with a part the sheet leaves off (`Part.left_off`) -> that part's text
        (empty, without listing the tokens, for a slot with no such part: `encode` asks
        every slot of a line, and a slot may stand for more tokens than are worth listing)."""
        return self._tables[1] if any(p.left_off for p in self.parts) else {}

    @cached_property
    def _choices(self) -> tuple[tuple[tuple[str, tuple[int | None, ...]], ...], ...]:
        """Per part, (text, shading) of each way to shade it, in order, then the part blank
        (a part left off writes its text with no shading)."""
        return tuple((*((t, () if p.left_off else m) for t, m in p.values()),
                      ("", (None,) * len(p.columns))) for p in self.parts)

    def _ways(self) -> Iterator[tuple[str, Shading, str]]:
        """(token, shading, text of the parts left off) of every way to shade the slot, in
        the order the table lists them (a way whose parts are all blank or left off writes
        no token: a part left off is never all that is left of a token)."""
        for combo in itertools.product(*self._choices):
            kept = "".join(t for (t, _), p in zip(combo, self.parts, strict=True)
                           if not p.left_off)
            if kept:
                dropped = "".join(t for (t, _), p in zip(combo, self.parts, strict=True)
                                  if p.left_off)
                yield (self.lead + self.sep.join(t for t, _ in combo if t),
                       tuple(m for _, m in combo), dropped.strip())

    @cached_property
    def _tables(self) -> tuple[dict[str, Shading], dict[str, str]]:
        out: dict[str, Shading] = {}
        off: dict[str, str] = {}
        for token, shading, dropped in self._ways():
            out.setdefault(token, shading)
            if dropped:
                off.setdefault(token, dropped)
        return out, off

    @cached_property
    def longest(self) -> int:
        """The longest token: every part at its longest (each part is shaded on its own)."""
        return len(self.lead) + sum(max((len(t) for t, _ in p.values()), default=0)
                                    for p in self.parts) + len(self.sep) * (len(self.parts) - 1)

    def read(self, marks: Shading) -> str:
        text = self.sep.join(t for p, m in zip(self.parts, marks, strict=True)
                             if (t := p.read(m)))
        return self.lead + text if text else ""


class _ReadTable(Mapping[str, Shading]):
    """A slot's tokens and their shading, read off a token instead of listed (Slot.table):
    the listed table's answers, each token's first way in the order the table lists them
    (each part's values in order, then the part blank; a token is not all parts left off)."""

    def __init__(self, slot: Slot) -> None:
        self.slot = slot
        self.choices = slot._choices

    def _find(self, token: str) -> Shading | None:
        lead, parts = self.slot.lead, self.slot.parts
        if not token.startswith(lead) or token == lead:
            return None
        sep = self.slot.sep
        memo: dict[tuple[int, int, bool, bool], Shading | None] = {}

        def walk(k: int, pos: int, kept: bool, wrote: bool) -> Shading | None:
            """Part k on at `pos` (`kept`: a part not left off written before, `wrote`: any
            part: the next one written follows the slot's `sep`)."""
            if k == len(parts):
                return () if pos == len(token) and kept else None
            if (k, pos, kept, wrote) not in memo:
                memo[k, pos, kept, wrote] = next(
                    ((marks, *rest) for text, marks in self.choices[k]
                     if token.startswith(said := (sep if wrote and text else "") + text, pos)
                     and (rest := walk(k + 1, pos + len(said),
                                       kept or bool(text and not parts[k].left_off),
                                       wrote or bool(text))) is not None), None)
            return memo[k, pos, kept, wrote]

        return walk(0, len(lead), False, False)

    def __getitem__(self, token: str) -> Shading:
        found = self._find(token)
        if found is None:
            raise KeyError(token)
        return found

    def __contains__(self, token: object) -> bool:
        return isinstance(token, str) and self._find(token) is not None

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys(token for token, _, _ in self.slot._ways()))

    def __len__(self) -> int:
        return sum(1 for _ in self)


@dataclass(frozen=True)
class Segment:
    lead: str
    slots: tuple[str, ...]
    sep: str = " "
    trail: str = ""
    mode: str = "seq"            # "seq": tokens in slot order; "set": any order, extras left off
    always: bool = False         # written even when nothing is shaded (a form's fixed words)
    leaves: Callable[[str], bool] | None = None   # set: which extras may be left off (None:
                                                   # any); another word is no line of the form
    stop: str = ""               # set without a trail: its words end where this starts (the
                                 # next field: Card Bowl's score before `\tcards`), else at
                                 # the line's end


@dataclass(frozen=True)
class Form:
    name: str                    # the kind slot's option that selects it ("" for the only form)
    segments: tuple[Segment, ...]


# The rows of a band holding several record lines: per band row, the pieces side by side in
# it, each (line of the band, row of that line's own flow of slots).
BandRows = tuple[tuple[tuple[int, int], ...], ...]


@dataclass(frozen=True)
class Grammar:
    """A game's bubble encoding of its record lines (see the module docstring)."""

    game: str
    slots: tuple[Slot, ...]
    forms: tuple[Form, ...]
    kind: str = ""                       # slot naming the form, when there are several
    legend: tuple[str, ...] = ()         # lines printed under the table: what labels mean
    header: tuple[tuple[str, Slot], ...] = ()   # tags shaded in the sheet's header (Result)
    tags: tuple[str, ...] = ("Seed", "Home", "Away", "Date", "Match")  # a fillable log's
                                         # tag fields
    lines: SheetLines = PlainLines()     # which record lines go on a sheet and as what: the
                                         # game's own rules (engine/<game>/), if it has any
    hint: str = ""                       # a fillable log's example cells, as the game's
                                         # notation writes them (default: from the titles)
    typical_lines: int = 0               # record lines of a typical whole game: a fillable
                                         # log's default pages hold it (0: six pages)
    book: Grammar | None = None          # the grammar of this game's sheets for a play book
                                         # (a Seed in the QR): PostCard's leave dice to it
    dense: Grammar | None = None         # this game's bubble sheets without a Seed, when
                                         # they are denser than its fillable log (Luck of the
                                         # Draw: the play-book sheet's bands with deal lines)
    variant: str = ""                    # the layout table laid over the layout for this
                                         # grammar's sheets ("book": denser bands)
    log: str = ""                        # this log's name, when the game has several
                                         # (`render --log NAME`: the grid game's "scores")
    logs: tuple[Grammar, ...] = ()       # the game's other logs: a sheet is read with the
                                         # one whose geometry key its QR names; a blank
                                         # sheet is this one unless `--log` names another;
                                         # `--from` takes the first holding every line
    earlier: tuple[Grammar, ...] = ()    # this log as sheets printed before drew it (another
                                         # band, other parts), their lines written as this
                                         # one's: a sheet is still read by its geometry key
    stamp: tuple[tuple[str, str], ...] = ()   # tags every sheet of this log carries in its
                                         # QR (a decision log's `Log`: the scan is read
                                         # back as one)
    seeded: bool = False                 # its sheets need a Seed (a decision log: the
                                         # play book's draws are the game's dice)
    band: BandRows = ()                  # several lines a band: per band row, its pieces as
                                         # (line of the band, row of that line's flow);
                                         # empty: one line a band, its rows as they flow
                                         # (BLOWOUT!!!: (((0, 0),), ((0, 1), (1, 1)), ((1, 0),)):
                                         # snap 1, the states of 1 and 2, snap 2)
    line_slots: tuple[tuple[str, ...], ...] = ()   # with `band`: per line of a band, the
                                         # slots it has bubbles for (empty: every line all);
                                         # a record line goes on the next line of a sheet
                                         # holding every slot it shades, the lines passed
                                         # over left blank; lines of the band's first
                                         # line's kind are written in order, the others may
                                         # stay blank anywhere (Card Bowl: five play rows
                                         # and a "more" row, engine/cardbowl/sheetlines.py)

    def __post_init__(self) -> None:
        _check_shares(self)
        _check_line_slots(self)

    def line_kind(self, line: int) -> tuple[str, ...]:
        """The slots a line of a band has bubbles for (`line_slots`; every bubble slot when
        the grammar does not say): two lines of one kind hold the same record lines."""
        if not self.line_slots:
            return tuple(s.name for s in self.bubble_slots)
        return self.line_slots[line]

    @cached_property
    def by_name(self) -> dict[str, Slot]:
        return {s.name: s for s in self.slots}

    @cached_property
    def most_lines(self) -> int:
        """Record lines one band can hold: one more than the most newlines a form's fixed
        text writes (Card Bowl: a clock marker, `---`, a team heading, then the play)."""
        return 1 + max((sum(seg.lead.count("\n") + seg.trail.count("\n")
                            + seg.sep.count("\n") * max(0, len(seg.slots) - 1)
                            for seg in form.segments) for form in self.forms), default=0)

    @cached_property
    def bubble_slots(self) -> tuple[Slot, ...]:
        """The slots with bubbles of their own, in sheet order (not those sharing another's)."""
        return tuple(s for s in self.slots if not s.shares)

    def host(self, name: str) -> str:
        """The slot whose bubbles this slot is shaded on (its own name, when it has them)."""
        return self.by_name[name].shares or name

    def slot(self, name: str) -> Slot:
        return self.by_name[name]

    def fill_hint(self) -> str:
        """What a fillable log's cells take: the grammar's own examples, else its columns'
        titles (a new game's log says something true before anyone writes a hint)."""
        if self.hint:
            return self.hint
        titles = dict.fromkeys(s.title or s.name for s in self.slots)
        return "columns: " + ", ".join(titles)

    @property
    def bubbles(self) -> int:
        return sum(len(col) for s in self.bubble_slots for p in s.parts for col in p.columns)


def _check_shares(grammar: Grammar) -> None:
    """A shared slot's host exists, has bubbles of its own and the same column shape, and no
    form writes both (one set of bubbles cannot say two things on one line)."""
    names = {s.name: s for s in grammar.slots}
    for slot in grammar.slots:
        if not slot.shares:
            continue
        host = names.get(slot.shares)
        if host is None or host.shares:
            raise ValueError(f"slot {slot.name} shares {slot.shares!r}, which is not a slot "
                             "with bubbles of its own")
        if host.shape != slot.shape:
            raise ValueError(f"slot {slot.name} shares {host.name}'s bubbles but not their "
                             f"shape ({slot.shape} against {host.shape})")
        for form in grammar.forms:
            used = {n for seg in form.segments for n in seg.slots}
            if {slot.name, host.name} <= used:
                raise ValueError(f"form {form.name!r} writes both {slot.name} and "
                                 f"{host.name}, which share bubbles")


def _check_line_slots(grammar: Grammar) -> None:
    """Line kinds name a line of the band each, only slots with bubbles, every such slot
    on some line."""
    if not grammar.line_slots:
        return
    lines = 1 + max((line for row in grammar.band for line, _ in row), default=0)
    if len(grammar.line_slots) != lines:
        raise ValueError(f"line_slots names {len(grammar.line_slots)} lines, the band has "
                         f"{lines}")
    own = {s.name for s in grammar.bubble_slots}
    named = {n for kind in grammar.line_slots for n in kind}
    if named - own or own - named:
        raise ValueError(f"line_slots: not slots with bubbles {sorted(named - own)}, on no "
                         f"line {sorted(own - named)}")


Marks = dict[str, Shading]     # slot -> part -> column -> index
