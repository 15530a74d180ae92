"""Reading a Luck of the Draw scoreboard transcript (docs/notation.md, "Luck of the Draw").

A transcript is what the online scoreboard showed, written one line per event: tags, then
period markers, drives with each seat's deal, trades, audible calls and the audible play,
scoring events ticked against the card that earns them, penalties, running totals and the
winner. :func:`parse` reads it through the verifier kernel's record reader
(engine/verify/record.py): tags, and one :class:`Item` per line, each knowing the last line
before it that could not be read (a line that cannot be read is a finding on its line, and
what it may have said is not held against the lines after it). :func:`read` is the strict
reading (ReadError at the first line that cannot be read) for the sheets' rewrite. What the
transcript did wrong is decided in steps.py, never here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from printkit_engine.errors import ReadError
from printkit_engine.game import LENGTH_TAG, PLAYERS_TAG
from printkit_engine.luckdraw.rules import SIDELINES, Rules, load_rules
from printkit_engine.luckdraw.teams import SEAT_TAGS
from printkit_engine.verify.record import Record, Syntax, Unread, split_lines
from printkit_engine.verify.record import read as read_record

FINISH_TAG = "FinishDrive"

_SEAT = re.compile(r"[Pp]([1-9][0-9]?)")
_INT = re.compile(r"[+-]?[0-9]{1,4}")
_DRIVE_LINE = re.compile(r"[ \t]*drive[ \t]+[0-9]{1,4}[ \t]+qb[ \t]+p[0-9]", re.I)
_DEAL_LINE = re.compile(r"[ \t]*deal[ \t]+p[0-9]", re.I)


# -- entries -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Period:
    line: int
    name: str                                  # Q1 .. Q4, OT


@dataclass(frozen=True)
class Drive:
    line: int
    number: int
    qb: int


@dataclass(frozen=True)
class Hand:
    line: int
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Sidelines:
    line: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Trade:
    line: int
    giver: int
    gives: tuple[str, ...]
    taker: int
    takes: tuple[str, ...]                     # what the giver gets back from the taker


@dataclass(frozen=True)
class Calls:
    line: int
    calls: tuple[tuple[int, str], ...]         # (seat, "run" / "pass")


@dataclass(frozen=True)
class Audible:
    line: int
    play: str                                  # what the audible play was: run or pass
    awards: tuple[tuple[int, int], ...]        # (seat, audible points) as written


@dataclass(frozen=True)
class Score:
    line: int
    card: str
    words: tuple[str, ...]                     # the event, then its bonuses
    holder: int | None                         # None: the sidelines
    points: int


@dataclass(frozen=True)
class PenaltyLine:
    line: int
    seat: int
    kind: str
    points: int


@dataclass(frozen=True)
class Totals:
    line: int
    totals: tuple[tuple[int, int], ...]        # (seat, running total)


@dataclass(frozen=True)
class Winner:
    line: int
    seats: tuple[int, ...]


Entry = (Period | Drive | Hand | Sidelines | Trade | Calls | Audible | Score | PenaltyLine
         | Totals | Winner)


@dataclass(frozen=True)
class Item:
    """One read line, and the last line before it that could not be read (0: none): a check
    that such a line may explain (a total, a deal line missing) is then not a finding."""

    entry: Entry
    unread: int = 0


def first_deal_seats(entries: list[Entry]) -> list[int]:
    """The seats of the first drive's deal lines (how many play, without a Players tag)."""
    seats: list[int] = []
    for entry in entries:
        if isinstance(entry, Drive) and seats:
            break
        if isinstance(entry, Hand):
            seats.append(entry.seat)
    return seats


def seats_named(entries: list[Entry]) -> list[int]:
    """Every seat a line names (QBs, hands, holders, totals...): a guess at the table's size
    when neither a Players tag nor a deal line says it."""
    out: list[int] = []
    for e in entries:
        for name in ("qb", "seat", "holder", "giver", "taker"):
            value = getattr(e, name, None)
            if isinstance(value, int):
                out.append(value)
        for name in ("calls", "awards", "totals"):
            out += [s for s, _ in getattr(e, name, ())]
        out += list(getattr(e, "seats", ()))
    return out


@dataclass
class Transcript:
    """A transcript read strictly (:func:`read`): its tags and entries."""

    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)

    def first_deal_seats(self) -> list[int]:
        return first_deal_seats(self.entries)


# -- reading -------------------------------------------------------------------------------
class _Line:
    """The words of one line with their columns, for errors that point at the word."""

    def __init__(self, number: int, text: str) -> None:
        self.at = number
        self.words = [(m.group(0), m.start() + 1) for m in re.finditer(r"\S+", text)]

    def error(self, index: int, message: str) -> ReadError:
        column = self.words[index][1] if index < len(self.words) else \
            (self.words[-1][1] + len(self.words[-1][0]) if self.words else 1)
        return ReadError(message, "", self.at, column)

    def word(self, index: int, what: str) -> str:
        if index >= len(self.words):
            raise self.error(index, f"expected {what}, found the end of the line")
        return self.words[index][0]

    def seat(self, index: int) -> int:
        text = self.word(index, "a seat (P1 .. P8)")
        if not (m := _SEAT.fullmatch(text)):
            raise self.error(index, f"expected a seat (P1 .. P8), found {text[:20]!r}")
        return int(m.group(1))

    def number(self, index: int, what: str) -> int:
        text = self.word(index, what)
        if not _INT.fullmatch(text):
            raise self.error(index, f"expected {what}, found {text[:20]!r}")
        return int(text)

    def card(self, index: int, rules: Rules) -> str:
        text = self.word(index, "a game card").upper()
        if text not in rules.cards.codes:
            raise self.error(index, f"expected a game card ({' '.join(rules.cards.codes)}), "
                                    f"found {text[:20]!r}")
        return text

    def cards(self, start: int, stop: int, rules: Rules) -> tuple[str, ...]:
        return tuple(self.card(i, rules) for i in range(start, stop))

    def end(self, index: int) -> None:
        if index < len(self.words):
            raise self.error(index, f"unexpected {self.words[index][0][:20]!r} at the end of "
                                    "the line")


def _choice(line: _Line, index: int, choices: tuple[str, ...], what: str) -> str:
    text = line.word(index, what).lower()
    if text not in choices:
        raise line.error(index, f"expected {what} ({', '.join(choices)}), found {text[:20]!r}")
    return text


V = TypeVar("V")


def _pairs(line: _Line, start: int, value: Callable[[int], V]) -> tuple[tuple[int, V], ...]:
    out = []
    i = start
    while i < len(line.words):
        out.append((line.seat(i), value(i + 1)))
        i += 2
    return tuple(out)


def _drive(line: _Line, rules: Rules) -> Drive:
    number = line.number(1, "the drive number")
    if number < 1:
        raise line.error(1, f"expected a drive number from 1, found {number}")
    if line.word(2, "QB").lower() != "qb":
        raise line.error(2, f"expected QB, found {line.words[2][0][:20]!r}")
    seat = line.seat(3)
    line.end(4)
    return Drive(line.at, number, seat)


def _trade(line: _Line, rules: Rules) -> Trade:
    words = [w.lower() for w, _ in line.words]
    if "for" not in words:
        raise line.error(len(words), "expected 'trade P2 CARD... for P3 CARD...'")
    split = words.index("for")
    giver, taker = line.seat(1), line.seat(split + 1)
    gives = line.cards(2, split, rules)
    takes = line.cards(split + 2, len(words), rules)
    if not gives and not takes:
        raise line.error(2, "expected the cards traded")
    return Trade(line.at, giver, gives, taker, takes)


def _score(line: _Line, rules: Rules) -> Score:
    card = line.card(0, rules)
    text = line.word(1, f"the event ({' '.join(e.word for e in rules.card_events(card))})")
    words = tuple(w.lower() for w in text.split("+"))
    if not all(re.fullmatch(r"[a-z0-9]{1,12}", w) for w in words):
        raise line.error(1, f"expected event words joined by '+', found {text[:20]!r}")
    who = line.word(2, "the card's holder (a seat or side)")
    holder = None if who.lower() == SIDELINES else line.seat(2)
    points = line.number(3, "the points")
    line.end(4)
    return Score(line.at, card, words, holder, points)


def _entry(line: _Line, rules: Rules) -> Entry:
    head = line.words[0][0]
    verb = head.lower()
    if head.upper() in rules.periods:
        line.end(1)
        return Period(line.at, head.upper())
    if verb == "drive":
        return _drive(line, rules)
    if verb == "deal":
        return Hand(line.at, line.seat(1), line.cards(2, len(line.words), rules))
    if verb == SIDELINES:
        return Sidelines(line.at, line.cards(1, len(line.words), rules))
    if verb == "trade":
        return _trade(line, rules)
    if verb == "call":
        calls = rules.audible.calls
        return Calls(line.at, _pairs(line, 1, lambda i: _choice(line, i, calls, "a call")))
    if verb == "audible":
        play = _choice(line, 1, rules.audible.calls, "the audible play")
        return Audible(line.at, play,
                       _pairs(line, 2, lambda i: line.number(i, "audible points")))
    if verb == "penalty":
        kinds = tuple(p.key for p in rules.penalties)
        seat = line.seat(1)
        kind = _choice(line, 2, kinds, "the penalty")
        points = line.number(3, "the penalty points")
        line.end(4)
        return PenaltyLine(line.at, seat, kind, points)
    if verb == "total":
        return Totals(line.at, _pairs(line, 1, lambda i: line.number(i, "a total")))
    if verb == "winner":
        if len(line.words) < 2:
            raise line.error(1, "expected the winning seat(s)")
        return Winner(line.at, tuple(line.seat(i) for i in range(1, len(line.words))))
    if head.upper() in rules.cards.codes:
        return _score(line, rules)
    raise line.error(0, f"expected a period (Q1 .. OT), drive, deal, side, trade, call, "
                        f"audible, penalty, total, winner or a game card, found {head[:20]!r}")


def read_line(raw: str, number: int, rules: Rules) -> Entry | None:
    """One line: None for a blank line or a comment, else its entry (ReadError with the
    column where it cannot be read)."""
    body = raw.split(";", 1)[0]
    if not body.strip():
        return None
    return _entry(_Line(number, body), rules)


# the shipped rules' reader; parse() reads with the rules it is given
SYNTAX = Syntax("LD", (PLAYERS_TAG, LENGTH_TAG, FINISH_TAG, *SEAT_TAGS),
                line=lambda raw, n: read_line(raw, n, load_rules()))


def parse(text: str, file: str = "<record>", rules: Rules | None = None) -> Record:
    """The transcript's tags and lines (a line that cannot be read is an Unread row, reported
    on its line); each read line an :class:`Item` knowing the last unread line before it.
    ReadError only for a file too long to be a game."""
    rules = rules or load_rules()
    record = read_record(text, file, replace(SYNTAX, line=lambda raw, n: read_line(raw, n,
                                                                                   rules)))
    last, rows = 0, []
    for row in record.rows:
        if isinstance(row.item, Unread):
            last = row.number
            rows.append(row)
        else:
            rows.append(replace(row, item=Item(row.item, last)))
    record.rows = rows
    return record


def entries(record: Record) -> list[Entry]:
    """The entries of the lines that could be read."""
    return [item.entry for item in record.items]


def read(text: str, file: str, rules: Rules) -> Transcript:
    """The transcript's tags and entries, strictly: ReadError (file, line, column) at the
    first line that cannot be read (the sheets' rewrite leaves such a record as it is)."""
    record = parse(text, file, rules)
    for row in record.rows:
        if isinstance(row.item, Unread):
            raise ReadError(row.item.message, file, row.number, row.item.column)
    return Transcript(dict(record.tags), dict(record.tag_lines), entries(record))


def detect(text: str) -> bool:
    """True for an untagged transcript: a `drive K QB Pn` line and a `deal Pn ...` line."""
    lines = split_lines(text)
    return any(_DRIVE_LINE.match(s) for s in lines) and any(_DEAL_LINE.match(s) for s in lines)
