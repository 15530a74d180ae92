"""What a decision sheet holds, line by line (every game's: set by data, the game's own
`log_of_record`): a typed record becomes its decision log (`render --from RECORD`, the
record's Seed, or the sheets' `--seed`, written on top), a typed decision log stays as it is."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, TypeVar

from printkit_engine.bubbles.lines import NumberedText, PlainLines
from printkit_engine.bubbles.shape import Grammar
from printkit_engine.decisions.replay import is_decision_log
from printkit_engine.errors import ReadError
from printkit_engine.game import PLAYERS_TAG
from printkit_engine.tags import TAG, tag_line, unquote


def _none(text: str, file: str) -> str:
    raise ReadError("this game has no decision log", file, 1, 1)


@dataclass(frozen=True)
class DecisionLines(PlainLines):
    """A decision sheet's lines: `of_record(text, file)` is the game's decision log of a
    typed record (its bots' loop, replayed; a record it cannot hold is a ReadError)."""

    of_record: Callable[[str, str], str] = _none

    def rewrite(self, text: str, file: str,
                tags: dict[str, str]) -> tuple[str, list[str]] | None:
        if is_decision_log(text):
            return None
        text = given_tags(text, {k: v for k, v in tags.items() if k in GIVEN})
        try:
            return self.of_record(text, file), []
        except ReadError as e:                  # said of this file already: its reason
            raise ReadError(e.message, file, 1, 1) from None
        except ValueError as e:
            raise ReadError(str(e), file, 1, 1) from None


# The tags the sheets may be given for a record that lacks them (`render --seed`,
# `--players`): its decision log is worked out with them
GIVEN = ("Seed", PLAYERS_TAG)


def given_tags(text: str, tags: dict[str, str]) -> str:
    """A record with the tags the sheets were given (the record's own are the same, or
    absent, or `*`: the caller refuses any other): each written over the record's tag line
    of that name, else on top."""
    lines = text.split("\n")
    for name, value in tags.items():
        found = next(((k, m) for k, line in enumerate(lines)
                      if (m := TAG.fullmatch(line.strip())) and m.group(1) == name), None)
        if found is None:
            lines.insert(0, tag_line(name, value))
        elif unquote(found[1].group(2)) != value:
            lines[found[0]] = tag_line(name, value)
    return "\n".join(lines)


Tokens = dict[str, str]
T = TypeVar("T")


@dataclass
class SheetRows:
    """A decision log's lines as a sheet with rows of several kinds places them (Card Bowl's
    "more" rows, Luck of the Draw's audible and total rows): its tag lines, then its rows,
    each encoded by the grammar (a line the grammar cannot read kept as its text), with the
    log's line number of each row (`lines`, one a row), for an error naming it."""

    head: list[str]
    rows: list[Tokens | str]
    lines: list[int]

    @classmethod
    def of(cls, grammar: Grammar, text: str) -> SheetRows:
        from printkit_engine.bubbles import EncodeError, encode

        out = cls([], [], [])
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.split(";", 1)[0].strip()
            if not line:
                continue
            if not out.rows and TAG.fullmatch(line):
                out.head.append(line)
                continue
            try:
                out.rows.append(dict(encode(grammar, " ".join(line.split())).tokens))
            except EncodeError:
                out.rows.append(line)
            out.lines.append(number)
        return out

    def text(self, grammar: Grammar, placed: list[tuple[int, Tokens | str]]) -> NumberedText:
        """The log written with these rows in the sheet's order, under its tag lines: each
        row given with the log's line it is of, which the text keeps (`NumberedText`), so an
        error on a row names the log's own line, not the one the row moved to."""
        from printkit_engine.bubbles import write_tokens

        body = [row if isinstance(row, str) else write_tokens(grammar, row) for _, row in placed]
        first = len(self.head) + 2                  # the tag lines and the blank line
        return NumberedText("\n".join([*self.head, "", *body]) + "\n",
                            {first + k: number for k, (number, _) in enumerate(placed)})


def join_aside(rows: list[T], is_aside: Callable[[T], bool], wants: Callable[[T], bool],
               joined: Callable[[T, T], T]) -> list[T]:
    """A log's rows from its lines as a sheet holds them, each row of an aside kind (Card
    Bowl's "more" row, Luck of the Draw's audible row) joined to the earliest row before it
    that is marked as wanting one and has none yet (`joined(row, aside)`). An aside with no
    such row, or a marked row whose aside never comes, stays as it is (the replay says what
    is missing or has no row)."""
    out: list[T] = []
    waiting: deque[int] = deque()
    for row in rows:
        if is_aside(row) and waiting:
            k = waiting.popleft()
            out[k] = joined(out[k], row)
            continue
        if wants(row):
            waiting.append(len(out))
        out.append(row)
    return out


def _no_grammar() -> Grammar:
    raise ValueError("AsideRowLines needs grammar_of")


@dataclass(frozen=True)
class AsideRowLines(DecisionLines):
    """A decision sheet's lines with rows of a second kind set aside (Card Bowl's "more"
    rows, Luck of the Draw's audible rows): a typed log's aside rows joined to the rows that
    own them (`join_aside`), then every row placed where the sheet's lines of its kind are
    (`placed`). A row left over after joining (`left_over`: said as `LEFT_OVER`) cannot go on
    a sheet: one ReadError naming its line."""

    grammar_of: Callable[[], Grammar] = _no_grammar   # the log's grammar (which holds these
                                         # lines, so it is asked for, not given)
    LEFT_OVER: ClassVar[str] = "a row no other row owns"

    def rewrite(self, text: str, file: str,
                tags: dict[str, str]) -> tuple[str, list[str]] | None:
        written = super().rewrite(text, file, tags)
        text, notes = written if written is not None else (text, [])
        grammar = self.grammar_of()
        log = SheetRows.of(grammar, text)
        rows = join_aside(list(zip(log.lines, log.rows, strict=True)),
                          lambda r: self.is_aside(r[1]), lambda r: self.wants_aside(r[1]),
                          lambda r, aside: (r[0], self.joined(r[1], aside[1])))
        for number, row in rows:
            if self.left_over(row):
                raise ReadError(f"{self.LEFT_OVER}: a sheet cannot hold it", file, number, 1)
        placed = self.placed([row for _, row in rows])
        return log.text(grammar, [(rows[k][0], row) for k, row in placed]), notes

    def is_aside(self, row: Tokens | str) -> bool:
        raise NotImplementedError

    def wants_aside(self, row: Tokens | str) -> bool:
        raise NotImplementedError

    def joined(self, row: Tokens | str, aside: Tokens | str) -> Tokens | str:
        raise NotImplementedError

    def left_over(self, row: Tokens | str) -> bool:
        raise NotImplementedError

    def placed(self, rows: list[Tokens | str]) -> list[tuple[int, Tokens | str]]:
        """The sheet's lines in order, each with the index in `rows` of the row it is of
        (a row set aside gives two lines, both of it)."""
        raise NotImplementedError
