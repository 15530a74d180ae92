"""Which of a record's lines go on a game's bubble sheets, and as what: the one place a game
bends the plain way (comments and blank lines left off, one line a band, the record as
written). A game with its own way writes a class in its own package (engine/<game>/) that
keeps this protocol, and its grammar names it (`Grammar.lines`); the bubble code asks it
and knows no game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class SheetLines(Protocol):
    """A game's rules for putting record lines on its sheets."""

    def on_sheet(self, line: str) -> str | None:
        """The line as a sheet takes it (a trailing comment cut), or None when no sheet
        holds it (blank, a comment, a line the game leaves to its play book)."""
        ...

    def spread(self, line: str) -> tuple[str, ...]:
        """The bands one line takes: a line too long for one band as the lines the game's
        notation says are the same (Luck of the Draw's totals)."""
        ...

    def rewrite(self, text: str, file: str,
                tags: dict[str, str]) -> tuple[str, list[str]] | None:
        """The record as these sheets hold it and notes (`FILE:LINE: ...`), for sheets that
        hold less than the record says (a play book's: its dice are in the book), or None
        when they hold it as written. A rewrite that moves lines (a decision sheet's aside
        rows) returns a :class:`NumberedText`, so each line is still named by the record's
        own number; any other keeps every line where it was."""
        ...


class NumberedText(str):
    """A rewritten record that knows the record's line each of its lines is of (`origin`:
    its line number -> the record's; a line not in it keeps its number)."""

    origin: dict[int, int]

    def __new__(cls, text: str, origin: dict[int, int]) -> NumberedText:
        made = super().__new__(cls, text)
        made.origin = origin
        return made


@dataclass(frozen=True)
class PlainLines:
    """The plain way, set by data: every line but blanks and comments, one band each, the
    record as written."""

    comment: str = ";"                   # a line starting so is not put on a sheet
    leave_off: tuple[str, ...] = ()      # lines starting so are not on a sheet (Card Bowl's
                                         # own-line `cards: ...`, left to the play book)
    trailing_comment: bool = False       # `comment` also ends a line's text (Luck of the
                                         # Draw: `PTD td P1 6 ; the try`): not on a sheet

    def on_sheet(self, line: str) -> str | None:
        if self.trailing_comment and not line.lstrip().startswith("["):
            line = line.split(self.comment, 1)[0].rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith(self.comment) or \
                stripped.startswith(self.leave_off or ("\0",)):
            return None
        return line

    def spread(self, line: str) -> tuple[str, ...]:
        return (line,)

    def rewrite(self, text: str, file: str,
                tags: dict[str, str]) -> tuple[str, list[str]] | None:
        return None
