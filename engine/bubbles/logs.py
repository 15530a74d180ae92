"""Which of a game's grammars a sheet is drawn and read with: a play book's, the dense
sheets', a named log, the log that holds a record."""

from __future__ import annotations

from collections.abc import Iterable

from printkit_engine.bubbles.codec import EncodeError, encode
from printkit_engine.bubbles.shape import Grammar


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
