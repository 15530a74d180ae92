"""A record as every game's verifier reads it: tags, then rows, each row one line of the file.

The text is cut into lines here, once for every game: a line ends in ``\\n``, ``\\r\\n`` or
``\\r`` and nowhere else (``str.splitlines`` also cuts at form feeds, vertical tabs, the file
separators ``\\x1c``-``\\x1e``, ``\\x85`` and U+2028/U+2029, so text after one of those inside a
comment became a record line and every later finding named the wrong line).

Tags are read here too, the same way for every game: ``[Name "value"]`` anywhere a line starts
with ``[``. What is odd about a tag is a finding the kernel reports (see :data:`NOTES`), never
a refusal: a tag the game does not know (with the closest known name), a known name written in
another case (read as the known tag all the same), a tag written twice with another value, a
tag after the first record line. A line the game's reader cannot read (a card ``XP``, a
period ``Q9``) becomes an :class:`Unread` row: one finding on its line, and the rest of the
record is still checked.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from printkit_engine.errors import ReadError
from printkit_engine.findings import Finding
from printkit_engine.frozen import fast_init
from printkit_engine.tags import TAG, unquote

L = TypeVar("L")

LINE_END = re.compile(r"\r\n|\r|\n")
MAX_LINES = 5_000      # lines in a record file: a long game is a few hundred (a full BLOWOUT!!!
                       # game with overtime about 300), so a file ten times that is no record

# the tags every game's record may carry (a game adds its own)
COMMON_TAGS = ("Game", "Event", "Site", "Date", "Round", "Match", "Home", "Away", "Result",
               "Seed")

# what the kernel says about a record's form, by rule id suffix: `PC-REC-001` and so on
NOTES = {
    "REC-001": "unknown tag",
    "REC-002": "tag name in another case than documented",
    "REC-003": "a line that cannot be read (it is left out; the rest is checked)",
    "REC-004": "the line before written again (it is left out)",
    "REC-005": "a tag written twice with different values (the first counts)",
    "REC-006": "a tag after the first record line (tags come first)",
}


def split_lines(text: str) -> list[str]:
    """The lines of a text: cut at ``\\n``, ``\\r\\n`` and ``\\r`` only; no empty last line
    for a text that ends in a line end."""
    # no `\r` (nearly every file): cut at `\n` in C, a tenth of the pattern's time on a
    # whole record, which every audit splits four times (game, tags, decision log, rows)
    rows = text.split("\n") if "\r" not in text else LINE_END.split(text)
    if rows and rows[-1] == "":
        rows.pop()
    return rows


@dataclass(frozen=True)
class Unread:
    """A line the game's reader could not read: why, and where on the line."""

    message: str
    column: int = 0


@fast_init
@dataclass(frozen=True)
class Row(Generic[L]):
    """One record line: its number in the file, its text, and what the game read it as."""

    number: int
    text: str
    item: L | Unread
    counts: bool = True          # counted in "N lines checked" (a heading may not be)


@dataclass(frozen=True)
class Tag:
    name: str                    # as documented, when the record wrote a known tag
    value: str
    line: int


@dataclass
class Record(Generic[L]):
    """Tags (by documented name, first occurrence), the rows, and what was odd about the
    record's form (tags) as findings for the kernel to report."""

    file: str
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    rows: list[Row[L]] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)

    def tag(self, name: str, default: str | None = None) -> str | None:
        return self.tags.get(name, default)

    def line_of(self, name: str) -> int:
        """The line a tag is on (1 for a tag not written: the top of the file)."""
        return self.tag_lines.get(name, 1)

    @property
    def items(self) -> list[L]:
        """What the game read, without the unreadable rows."""
        return [r.item for r in self.rows if not isinstance(r.item, Unread)]

    @property
    def last_line(self) -> int:
        """The last record line's number (the last tag's if there is none)."""
        if self.rows:
            return self.rows[-1].number
        return max(self.tag_lines.values(), default=1)


ReadLine = Callable[[str, int], "L | None | Iterable[tuple[L, bool]]"]


@dataclass(frozen=True)
class Syntax:
    """How a game's record is read: its rule-id prefix, its tags, and its line reader.

    `line(text, number)` returns what the line is (None for a blank line or a comment) or
    raises ReadError for a line it cannot read. `counts(item)` says whether a read line is
    counted among the lines checked.
    """

    prefix: str
    tags: tuple[str, ...]
    line: Callable[[str, int], object]
    counts: Callable[[object], bool] = lambda item: True
    anywhere: tuple[str, ...] = ()   # tags that may stand after the first line (a bubble
                                     # log writes them as bands where they were shaded)

    @property
    def known(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*COMMON_TAGS, *self.tags)))


def note(syntax_prefix: str, line: int, rule: str, message: str, expected: str = "",
         found: str = "") -> Finding:
    return Finding(line, f"{syntax_prefix}-{rule}", message, expected, found)


def _tag(record: Record, syntax: Syntax, name: str, value: str, number: int,
         after_lines: bool) -> None:
    known = syntax.known
    prefix = syntax.prefix
    if name not in known:
        folded = {k.lower(): k for k in known}
        proper = folded.get(name.lower())
        if proper is None:
            close = difflib.get_close_matches(name, known, n=1, cutoff=0.6) or \
                difflib.get_close_matches(name.lower(), list(folded), n=1, cutoff=0.6)
            hint = f" (did you mean {folded.get(close[0], close[0])!r}?)" if close else ""
            record.notes.append(note(prefix, number, "REC-001", f"unknown tag {name!r}{hint}",
                                     "one of " + ", ".join(known), name[:30]))
            return
        record.notes.append(note(prefix, number, "REC-002", f"the tag is written {proper!r}",
                                 proper, name[:30]))
        name = proper
    if after_lines and name not in syntax.anywhere:
        record.notes.append(note(prefix, number, "REC-006", "tags come before the first "
                                 "record line", "a tag on top", f"[{name} ...]"))
    if name in record.tags:
        if record.tags[name] != value:
            record.notes.append(note(prefix, number, "REC-005", f"{name} is tagged twice "
                                     f"(line {record.tag_lines[name]} counts)",
                                     record.tags[name][:30], value[:30]))
        return
    record.tags[name] = value
    record.tag_lines[name] = number


def read(text: str, file: str, syntax: Syntax) -> Record:
    """The record in `text`: tags and rows. Raises ReadError only for a record too long to
    be a game (more than MAX_LINES lines); everything else is a row or a finding."""
    lines = split_lines(text)
    if len(lines) > MAX_LINES:
        raise ReadError(f"more than {MAX_LINES:,} lines: not a game record", file,
                        MAX_LINES + 1)
    record: Record = Record(file)
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if stripped.startswith("["):
            m = TAG.fullmatch(stripped)
            if m:
                _tag(record, syntax, m.group(1), unquote(m.group(2)), number,
                     bool(record.rows))
                continue
            record.rows.append(Row(number, raw, Unread('expected a tag such as [Seed "x"]',
                                                       1)))
            continue
        try:
            item = syntax.line(raw, number)
        except ReadError as exc:
            record.rows.append(Row(number, raw, Unread(exc.message, exc.column)))
            continue
        if item is not None:
            record.rows.append(Row(number, raw, item, syntax.counts(item)))
    return record


__all__ = ["COMMON_TAGS", "MAX_LINES", "NOTES", "Record", "Row", "Syntax", "Tag", "Unread",
           "read", "split_lines"]
