"""Bubble grammars: a game's record lines as shaded bubbles, as data.

A bubble-sheet drive log (`printkit render GAME bubblelog`) has one band of bubbles per record
line. What the bubbles mean is a :class:`Grammar`, written once per game as data
(``engine/<game>/bubbles.py``): the sheet is drawn from it, `--from` shades it from a record
(:func:`encode`) and the reader turns shaded bubbles back into a line (:func:`decode`). The
reader knows nothing of any game: a new game adds its grammar and nothing else.

The data shape, from the bottom up:

* :class:`Part`: one column group of bubbles, at most one shaded. ``choice`` parts write the
  option of the shaded bubble (``rush``, ``H``, ``L3``); ``digits`` parts are a number, one
  column of 0-9 per digit (leading columns left blank). A part writes its ``prefix`` first.
* :class:`Slot`: one token of a line, its parts written one after the other with nothing
  between (a die: side ``H``, value ``2``, re-roll ``/5``, bonus ``+1`` -> ``H2/5+1``).
* :class:`Segment`: slots joined by ``sep``, with a ``lead`` and ``trail`` written around them
  when any is shaded (`` = `` before an outcome, `` {`` and ``}`` around a state). A ``seq``
  segment's tokens come in slot order; a ``set`` segment's tokens may come in any order (the
  sheet writes them in slot order) and tokens no slot holds are left off the sheet.
* :class:`Form`: the segments of one kind of line; a grammar with several forms has a ``kind``
  slot whose shaded option names the form (Card Bowl: a play, a kickoff, a try...).
* A slot may have no bubbles of its own: ``shares`` names the slot whose bubbles it is shaded
  on, for two kinds of line that never use both (Card Bowl: a kick's yards on the play's yard
  digits). Its columns have the host's shape and the host's printed labels serve both, so a
  grammar shares only where the labels mean the same on both kinds (digits, seats).

A band may hold several record lines when the grammar's forms have newlines in their fixed
text (Card Bowl: an optional clock marker, ``---`` and team heading before a play, as the
written log's Clock and Team columns): :func:`split_record` joins lines onto one band while
they encode as one (at most :attr:`Grammar.most_lines`), and the reader writes the band's
text back as its lines.

A band is one numbered line of the sheet, its slots flowed into rows; with ``Grammar.band``
a band holds several numbered lines, each its own flow of slots, their rows laid out as the
band says (BLOWOUT!!!: two snaps in three rows, the states of both side by side in the
middle row). Each numbered line is read on its own (and may hold joined record lines, above).

Encoding matches a line against the forms with a memoised walk over (slot, position): every
slot's tokens are enumerated once into a table, so matching is linear in the line's length
times the slot count, with no regular expression.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

MAX_LINE = 240          # a record line longer than this is not put on a sheet
LISTED = 20_000         # a slot of more ways to shade it reads a token's shading off the
                        # token instead of listing every token (sixteen cards: 65,536 ways)
Shading = tuple[tuple[int | None, ...], ...]        # part -> column -> index (None: blank)


# `--from` notes of what a sheet does not hold: `FILE:LINE: not on the sheet: WORDS` (render
# sums them up; a game's rewrite that leaves whole lines off writes them so too)
LEFT_OFF = ": not on the sheet: "


class EncodeError(ValueError):
    """A record line the sheet cannot hold (the message says why)."""


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
    lead: str = ""               # written first when any part is shaded ("T" of T3/2)
    new_row: bool = False        # starts a row of the band (rows balanced by hand)
    shares: str = ""             # shaded on this slot's bubbles (none of its own): a kind of
                                 # line that never uses both; same column shape, its labels

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
                yield (self.lead + "".join(t for t, _ in combo), tuple(m for _, m in combo),
                       dropped.strip())

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
                                    for p in self.parts)

    def read(self, marks: Shading) -> str:
        text = "".join(p.read(m) for p, m in zip(self.parts, marks, strict=True))
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
        memo: dict[tuple[int, int, bool], Shading | None] = {}

        def walk(k: int, pos: int, kept: bool) -> Shading | None:
            if k == len(parts):
                return () if pos == len(token) and kept else None
            if (k, pos, kept) not in memo:
                memo[k, pos, kept] = next(
                    ((marks, *rest) for text, marks in self.choices[k]
                     if token.startswith(text, pos) and (rest := walk(
                         k + 1, pos + len(text), kept or bool(text and not parts[k].left_off)))
                     is not None), None)
            return memo[k, pos, kept]

        return walk(0, len(lead), False)

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
    comment: str = ";"                   # a line starting so is not put on a sheet
    tags: tuple[str, ...] = ("Seed", "Home", "Away", "Date", "Match")  # a fillable log's
    leave_off: tuple[str, ...] = ()      # lines starting so are not on a sheet (Card Bowl's
                                         # own-line `cards: ...`, left to the play book)
    trailing_comment: bool = False       # `comment` also ends a line's text (Luck of the
                                         # Draw: `PTD td P1 6 ; the try`): not on a sheet
    hint: str = ""                       # a fillable log's example cells, as the game's
                                         # notation writes them (default: from the titles)
    typical_lines: int = 0               # record lines of a typical whole game: a fillable
                                         # log's default pages hold it (0: six pages)
    spread: Callable[[str], tuple[str, ...]] | None = None   # a line too long for one band
                                         # as the lines its notation says are the same
    book: Grammar | None = None          # the grammar of this game's sheets for a play book
                                         # (a Seed in the QR): PostCard's leave dice to it
    dense: Grammar | None = None         # this game's bubble sheets without a Seed, when
                                         # they are denser than its fillable log (Luck of the
                                         # Draw: the play-book sheet's bands with deal lines)
    variant: str = ""                    # the layout table laid over the layout for this
                                         # grammar's sheets ("book": denser bands)
    rewrite: Callable[[str, str, dict[str, str]], tuple[str, list[str]]] | None = None
                                         # (record text, file, the sheets' tags) -> the
                                         # record as these sheets hold it, and notes
                                         # (`--from` on a book sheet)
    log: str = ""                        # this log's name, when the game has several
                                         # (`render --log NAME`: the grid game's "scores")
    logs: tuple[Grammar, ...] = ()       # the game's other logs: a sheet is read with the
                                         # one whose geometry key its QR names; a blank
                                         # sheet is this one unless `--log` names another;
                                         # `--from` takes the first holding every line
    band: BandRows = ()                  # several lines a band: per band row, its pieces as
                                         # (line of the band, row of that line's flow);
                                         # empty: one line a band, its rows as they flow
                                         # (BLOWOUT!!!: (((0, 0),), ((0, 1), (1, 1)), ((1, 0),)):
                                         # snap 1, the states of 1 and 2, snap 2)

    def __post_init__(self) -> None:
        _check_shares(self)

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


Marks = dict[str, Shading]     # slot -> part -> column -> index

def lines_per_band(grammar: Grammar) -> int:
    """Record lines a band of the grammar's sheets holds (1 unless `Grammar.band` says)."""
    return 1 + max((line for row in grammar.band for line, _ in row), default=0)


def for_sheet(grammar: Grammar, tags: Iterable[tuple[str, str]] | dict[str, str]) -> Grammar:
    """The grammar a bubble sheet with these tags (its QR's, or a record's) is drawn and read
    with: the game's play-book grammar when the tags name a Seed and the game has one, else
    its dense sheets' grammar when it has one (never a fillable log's: :func:`play_book`)."""
    book = play_book(grammar, tags)
    return book if book is not grammar else grammar.dense or grammar


def play_book(grammar: Grammar, tags: Iterable[tuple[str, str]] | dict[str, str]) -> Grammar:
    """The game's play-book grammar when the tags name a Seed and the game has one, else the
    grammar itself: what a fillable log (always the plain grammar's columns) takes a play
    book's hint and lookups from."""
    seeded = bool(dict(tags).get("Seed"))
    return grammar.book if seeded and grammar.book is not None else grammar


def logs_of(grammar: Grammar) -> tuple[Grammar, ...]:
    """Every log of a game: the grammar itself first, then its other logs."""
    return (grammar, *grammar.logs)


def log_named(grammar: Grammar, name: str) -> Grammar:
    """The game's log of this name (KeyError naming the logs there are)."""
    for log in logs_of(grammar):
        if log.log == name:
            return log
    raise KeyError(", ".join(g.log for g in logs_of(grammar) if g.log) or "none")


def record_log(grammar: Grammar, lines: Iterable[tuple[int, str]],
               tags: dict[str, str] | None = None) -> Grammar:
    """The log a record's sheets are drawn with: the first of the game's logs that holds
    every line (the grid game: a record of score lines alone goes on the score sheet); when
    none does, the one holding the longest run of lines from the top (it names the line)."""
    options = logs_of(grammar)
    if len(options) == 1:
        return grammar
    lines = list(lines)
    best, held = grammar, -1
    for log in options:
        count = 0
        for _, line in lines:
            try:
                encode(log, line, tags)
            except EncodeError:
                break
            count += 1
        if count == len(lines):
            return log
        if count > held:
            best, held = log, count
    return best


@dataclass(frozen=True)
class Encoded:
    marks: Marks                         # by the slots that have bubbles (a shared slot's
                                         # shading is under its host's name)
    dropped: tuple[str, ...] = ()        # tokens the sheet has no bubbles for (left off)
    tokens: tuple[tuple[str, str], ...] = ()   # (slot, token) of the line, every slot named


def decode(grammar: Grammar, marks: Marks, tags: dict[str, str] | None = None) -> str:
    """The record line written by a band's shading ("" when nothing is shaded). `tags` fill
    the grammar's `%Home%`-style placeholders (team names the sheet shades as Home/Away)."""
    return write_tokens(grammar, read_tokens(grammar, marks), tags)


def _written(grammar: Grammar, tokens: dict[str, str]) -> set[str]:
    """The slots the line of these tokens writes (its form's, and the kind)."""
    form = _form_of(grammar, tokens)
    written = {grammar.kind} if grammar.kind else set()
    if form is not None:
        written |= {n for seg in form.segments for n in seg.slots}
    return written


def unwritten(grammar: Grammar, marks: Marks, tokens: dict[str, str]) -> tuple[str, ...]:
    """The slots shaded in a band that its line does not write (a group the band's kind of
    line has no place for, or any group of a band whose kind is not shaded): the reader
    reports them, since what the person meant there would otherwise be lost without a word.
    `tokens`: the band's, as :func:`read_tokens` reads them."""
    written = {grammar.host(n) for n in _written(grammar, tokens)}
    return tuple(s.name for s in grammar.bubble_slots
                 if s.name not in written and any(m is not None for part in marks.get(s.name, ())
                                                  for m in part))


def unwritten_tokens(grammar: Grammar, tokens: dict[str, str]) -> tuple[str, ...]:
    """The slots given a token (a fillable log's cells) that their line does not write."""
    written = _written(grammar, tokens)
    return tuple(n for n, t in tokens.items() if t and n not in written)


def read_tokens(grammar: Grammar, marks: Marks) -> dict[str, str]:
    """Each slot's token in a band's shading (a shared slot read on its host's bubbles)."""
    return {s.name: s.read(marks[host]) for s in grammar.slots
            if (host := s.shares or s.name) in marks}


def fill_tags(text: str, tags: dict[str, str] | None) -> str:
    for name, value in (tags or {}).items():
        text = text.replace(f"%{name}%", value)
    return text


def placeholders(line: str, tags: dict[str, str] | None) -> str:
    """A line with the tag values the grammar names (`%Home%`) put back as placeholders,
    longest value first."""
    for name, value in sorted((tags or {}).items(), key=lambda kv: -len(kv[1])):
        if value and name in ("Home", "Away"):
            line = line.replace(value, f"%{name}%")
    return line


def write_tokens(grammar: Grammar, tokens: dict[str, str],
                 tags: dict[str, str] | None = None) -> str:
    """The record line of one token per slot (a fillable log's cells; "" for none)."""
    return fill_tags(_write(grammar, tokens), tags)


def _write(grammar: Grammar, tokens: dict[str, str]) -> str:
    form = _form_of(grammar, tokens)
    if form is None:
        return ""
    out = []
    for seg in form.segments:
        words = [tokens.get(n, "") for n in seg.slots]
        words = [w for w in words if w]
        if words or seg.always:
            out.append(seg.lead + seg.sep.join(words) + seg.trail)
    return "".join(out)


def _form_of(grammar: Grammar, tokens: dict[str, str]) -> Form | None:
    if not grammar.kind:
        return grammar.forms[0] if any(tokens.values()) else None
    kind = tokens.get(grammar.kind, "")
    return next((f for f in grammar.forms if f.name == kind), None)


def encode(grammar: Grammar, line: str, tags: dict[str, str] | None = None) -> Encoded:
    """The shading of one record line (EncodeError when the sheet cannot hold it); `tags`:
    the record's, for lines naming a team."""
    if len(line) > MAX_LINE:
        raise EncodeError(f"line longer than {MAX_LINE} characters")
    line = placeholders(line, tags)
    forms = grammar.forms
    for form in forms:
        got = _match_form(grammar, form, line)
        if got is not None:
            tokens, dropped = got
            if grammar.kind:
                tokens[grammar.kind] = form.name
            marks = {grammar.host(n): grammar.slot(n).table[t] for n, t in tokens.items()}
            parts = [grammar.slot(n).left_off.get(tokens[n]) for n in grammar.by_name
                     if n in tokens]
            dropped = [p for p in parts if p] + dropped     # slots' parts, then the rest
            return Encoded(marks, tuple(fill_tags(w, tags) for w in dropped),
                           tuple(tokens.items()))
    raise EncodeError("no bubbles for this line")


def _match_form(grammar: Grammar, form: Form,
                line: str) -> tuple[dict[str, str], list[str]] | None:
    """Tokens by slot (and tokens left off) for a line of this form, or None."""
    memo: dict[tuple[int, int], tuple[dict[str, str], list[str]] | None] = {}

    def seg_at(si: int, pos: int) -> tuple[dict[str, str], list[str]] | None:
        if si == len(form.segments):
            return ({}, []) if pos == len(line) else None
        key = (si, pos)
        if key in memo:
            return memo[key]
        seg = form.segments[si]
        result = None
        if not seg.always:
            result = seg_at(si + 1, pos)         # the segment left out
        if result is None and line.startswith(seg.lead, pos):
            start = pos + len(seg.lead)
            if seg.mode == "set":
                result = _set_segment(grammar, seg, line, start, seg_at, si)
            else:
                result = _seq_segment(grammar, seg, line, start, seg_at, si)
        memo[key] = result
        return result

    return seg_at(0, 0)


def _seq_segment(grammar: Grammar, seg: Segment, line: str, start: int, seg_at, si: int):
    memo: dict[tuple[int, int, bool], tuple[dict[str, str], list[str]] | None] = {}

    def walk(k: int, pos: int, any_: bool):
        if k == len(seg.slots):
            if not (any_ or seg.always) or not line.startswith(seg.trail, pos):
                return None
            rest = seg_at(si + 1, pos + len(seg.trail))
            return None if rest is None else (dict(rest[0]), list(rest[1]))
        key = (k, pos, any_)
        if key in memo:
            return memo[key]
        slot = grammar.slot(seg.slots[k])
        result = None                     # the token in this slot if it can be, else skipped
        at = pos + len(seg.sep) if any_ else pos
        if not any_ or line.startswith(seg.sep, pos):
            for end in range(min(len(line), at + slot.longest), at, -1):
                token = line[at:end]
                if token in slot.table:
                    got = walk(k + 1, end, True)
                    if got is not None:
                        result = ({**got[0], slot.name: token}, got[1])
                        break
        if result is None:
            result = walk(k + 1, pos, any_)
        memo[key] = result
        return result

    return walk(0, start, False)


def _set_segment(grammar: Grammar, seg: Segment, line: str, start: int, seg_at, si: int):
    stop = line.find("\n", start)                # a set never runs into the next line
    stop = len(line) if stop < 0 else stop         # of a band that holds several
    if seg.trail:
        end = line.find(seg.trail, start, stop)
    else:                                          # nor into the next field (`seg.stop`)
        end = line.find(seg.stop, start, stop) if seg.stop else -1
        end = stop if end < 0 else end
    if end < 0:
        return None
    rest = seg_at(si + 1, end + len(seg.trail))
    if rest is None:
        return None
    tokens, dropped = dict(rest[0]), []
    free = list(seg.slots)
    for word in line[start:end].split(seg.sep.strip() or None):
        home = next((n for n in free if word in grammar.slot(n).table), None)
        if home is None:
            if seg.leaves is not None and not seg.leaves(word):
                return None
            dropped.append(word)
        else:
            tokens[home] = word
            free.remove(home)
    return tokens, dropped + list(rest[1])      # left off in the line's order


def sheet_form(grammar: Grammar, line: str, tags: dict[str, str] | None = None) -> str:
    """The line as the sheet writes it back: what a scan of a `--from` sheet must give."""
    return decode(grammar, encode(grammar, line, tags).marks, tags)


def blank_marks(grammar: Grammar) -> Marks:
    return {s.name: tuple((None,) * len(p.columns) for p in s.parts)
            for s in grammar.bubble_slots}


def bubble_cells(grammar: Grammar) -> Iterable[tuple[str, int, int, int]]:
    """Every bubble as (slot, part index, column index, option index), in sheet order."""
    for s in grammar.bubble_slots:
        for pi, p in enumerate(s.parts):
            for ci, col in enumerate(p.columns):
                for oi in range(len(col)):
                    yield s.name, pi, ci, oi


def split_record(grammar: Grammar,
                 text: str) -> tuple[list[tuple[str, str]], list[tuple[int, str]]]:
    """A record's tags and its lines (numbered as in the file) as a sheet holds them: blank
    and comment lines are left out, a PostCard-style line number `12.` is dropped (the
    sheet prints its own), a line the grammar spreads becomes its bands (each numbered as
    the file's line) and lines one band holds are joined (:func:`join_lines`)."""
    tags, lines = _split(grammar, text)
    return tags, (join_lines(grammar, lines, dict(tags)) if grammar.most_lines > 1 else lines)


def record_tags(grammar: Grammar, text: str) -> list[tuple[str, str]]:
    """A record's tags alone (no line is joined: that encodes lines)."""
    return _split(grammar, text)[0]


def _split(grammar: Grammar,
           text: str) -> tuple[list[tuple[str, str]], list[tuple[int, str]]]:
    from engine.tags import TAG, unquote

    tags: list[tuple[str, str]] = []
    lines: list[tuple[int, str]] = []
    from engine.verify.record import split_lines

    for number, raw in enumerate(split_lines(text), start=1):
        line = raw.rstrip()
        if grammar.trailing_comment and not line.lstrip().startswith("["):
            line = line.split(grammar.comment, 1)[0].rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith(grammar.comment) or \
                stripped.startswith(grammar.leave_off or ("\0",)):
            continue
        if not lines and (m := TAG.fullmatch(stripped)):
            tags.append((m.group(1), unquote(m.group(2))))
            continue
        head, _, rest = stripped.partition(" ")
        if head.endswith(".") and head[:-1].isdigit() and rest:
            line = rest.lstrip()
        lines.extend((number, part) for part in
                     (grammar.spread(line) if grammar.spread else (line,)))
    return tags, lines


class BandNumber(int):
    """The number of a band holding several record lines: its first line's, as an int, and
    every line's in `lines` (so a note names the line a word is on)."""

    lines: tuple[int, ...]

    def __new__(cls, lines: Iterable[int]) -> BandNumber:
        numbers = tuple(lines)
        number = super().__new__(cls, numbers[0])
        number.lines = numbers
        return number


def left_off_lines(number: int, band: str,
                   dropped: Iterable[str]) -> list[tuple[int, tuple[str, ...]]]:
    """What a band's shading leaves off (`Encoded.dropped`, in line order), by the number of
    the record line each word is on: one entry for a band of one line."""
    dropped = tuple(dropped)
    lines = getattr(number, "lines", (number,))
    parts = band.split("\n")
    if len(parts) != len(lines):
        return [(number, dropped)] if dropped else []
    out: dict[int, list[str]] = {}
    k = 0
    for word in dropped:
        while k < len(parts) - 1 and word not in parts[k]:
            k += 1
        out.setdefault(lines[k], []).append(word)
    return [(n, tuple(words)) for n, words in out.items()]


def join_lines(grammar: Grammar, lines: list[tuple[int, str]],
               tags: dict[str, str] | None = None) -> list[tuple[int, str]]:
    """Consecutive record lines one band holds, joined by newlines: from each line, the most
    lines that the grammar encodes as one band (Card Bowl: a clock marker, `---` and a team
    heading on the band of the play after them, as the written log has them in its Clock and
    Team columns). A band is numbered as its first line, a :class:`BandNumber` that knows
    the number of each line it holds (what `--from` leaves off a band is named by the line it
    is on: :func:`left_off_lines`). A line no band takes with others keeps its own, so a line
    the sheet cannot hold is still named by its own number. At most the grammar's
    `most_lines` and MAX_LINE characters are tried from a line: linear in the record."""
    out: list[tuple[int, str]] = []
    k = 0
    while k < len(lines):
        number, band = lines[k]
        taken = 1
        text = band
        for extra in range(1, grammar.most_lines):
            if k + extra >= len(lines):
                break
            text = f"{text}\n{lines[k + extra][1]}"
            if len(text) > MAX_LINE:
                break
            try:
                encode(grammar, text, tags)
            except EncodeError:
                continue
            band, taken = text, extra + 1
        out.append((BandNumber(n for n, _ in lines[k:k + taken]) if taken > 1 else number,
                    band))
        k += taken
    return out


def record_text(tags: Iterable[tuple[str, str]], lines: Iterable[str]) -> str:
    """A record from tags and lines, as printkit writes records."""
    from engine.tags import tag_line

    head = [tag_line(k, v) for k, v in tags]
    body = list(lines)
    return "\n".join([*head, *([""] if head else []), *body]) + "\n"


def record_sheets(grammar: Grammar, text: str, tags: list[tuple[str, str]], log: str = "",
                  file: str = "<record>") -> tuple[Grammar, list[tuple[str, str]],
                                                   list[tuple[int, str]], list[str]]:
    """A record as its `--from` sheets hold it: their grammar (the log named `log`, else the
    first holding every line; a play-book one when `tags` carry a Seed), the tags the sheets
    carry (`tags`, with any the grammar's rewrite writes in), the lines, and the rewrite's
    notes (`FILE:LINE: ...`). `tags` are the record's own or the caller's (`render --seed`)."""
    _, lines = split_record(grammar, text)
    chosen = log_named(grammar, log) if log else record_log(grammar, lines, dict(tags))
    grammar = for_sheet(chosen, tags)
    if grammar.rewrite is None:
        return grammar, tags, lines, []
    text, notes = grammar.rewrite(text, file, dict(tags))
    written, lines = split_record(grammar, text)
    new = dict(written)                  # a tag the rewrite writes in (Luck of the Draw: Players)
    return grammar, [(k, new.pop(k, v)) for k, v in tags] + list(new.items()), lines, notes


def sheet_lines(grammar: Grammar, text: str,
                ) -> tuple[Grammar, list[tuple[str, str]], list[tuple[int, str]]]:
    """The grammar a record's `--from` sheets are drawn with (a seeded record's play-book
    grammar), and the record's tags and lines as those sheets hold them."""
    grammar, tags, lines, _ = record_sheets(grammar, text, record_tags(grammar, text))
    return grammar, tags, lines


def sheet_record(grammar: Grammar, text: str) -> str:
    """A record as its `--from` sheets write it back (tags the QR carries, then the header's;
    each line's sheet form; a play-book record's as its book sheets hold it): what scanning
    those sheets must give."""
    grammar, tags, lines = sheet_lines(grammar, text)
    header = dict(grammar.header)
    head = [(k, v) for k, v in tags if k not in header]
    if not any(k == "Game" for k, _ in head):
        head.insert(0, ("Game", grammar.game))
    values = dict(tags)
    for tag, slot in grammar.header:
        value = values.get(tag, "*")
        head.append((tag, value if value in slot.table else "*"))
    return record_text(head, (sheet_form(grammar, line, values) for _, line in lines))
