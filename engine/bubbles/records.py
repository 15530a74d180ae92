"""A whole record and its sheets: the record's tags and lines as sheets hold them (lines
one band holds joined), and a record written back from its sheets."""

from __future__ import annotations

from collections.abc import Iterable

from printkit_engine.bubbles.codec import MAX_LINE, EncodeError, encode, sheet_form
from printkit_engine.bubbles.logs import for_sheet, lines_per_band, log_named, record_log
from printkit_engine.bubbles.shape import Grammar, Marks
from printkit_engine.tags import TAG, tag_line, unquote
from printkit_engine.verify.record import split_lines


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
    tags: list[tuple[str, str]] = []
    lines: list[tuple[int, str]] = []

    for number, raw in enumerate(split_lines(text), start=1):
        line = grammar.lines.on_sheet(raw.rstrip())
        if line is None:
            continue
        stripped = line.strip()
        if not lines and (m := TAG.fullmatch(stripped)):
            tags.append((m.group(1), unquote(m.group(2))))
            continue
        head, _, rest = stripped.partition(" ")
        if head.endswith(".") and head[:-1].isdigit() and rest:
            line = rest.lstrip()
        lines.extend((number, part) for part in grammar.lines.spread(line))
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


def lines_passed(grammar: Grammar, used: set[str], at: int) -> int:
    """With line kinds (`Grammar.line_slots`): the blank lines a sheet passes over from its
    line `at` (0-based, counting blank ones) to the next that has bubbles for every slot in
    `used` (EncodeError when no line of a band has); 0 for a grammar without kinds."""
    per = lines_per_band(grammar)
    for skip in range(per):
        if used <= set(grammar.line_kind((at + skip) % per)):
            return skip
    raise EncodeError(f"no line of a band has bubbles for all of {', '.join(sorted(used))}")


def shaded_slots(marks: Marks) -> set[str]:
    """The slots a line's shading shades a bubble of."""
    return {slot for slot, parts in marks.items()
            if any(m is not None for part in parts for m in part)}


def placed_lines(grammar: Grammar, lines: list[str],
                 tags: dict[str, str] | None = None) -> list[str | None]:
    """A record's sheet lines where its sheets put them: each on the next line holding
    every slot it shades (`lines_passed`), None for a line left blank (one for one without
    line kinds)."""
    out: list[str | None] = []
    for line in lines:
        used = shaded_slots(encode(grammar, line, tags).marks)
        out += [None] * lines_passed(grammar, used, len(out))
        out.append(line)
    return out


def record_text(tags: Iterable[tuple[str, str]], lines: Iterable[str]) -> str:
    """A record from tags and lines, as printkit writes records."""
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
    rewritten = grammar.lines.rewrite(text, file, dict(tags))
    if rewritten is None:
        return grammar, tags, lines, []
    text, notes = rewritten
    written, lines = split_record(grammar, text)
    origin = getattr(text, "origin", None)          # a rewrite that moved lines
    if origin:
        lines = [(_renumbered(n, origin), line) for n, line in lines]
    new = dict(written)                  # a tag the rewrite writes in (Luck of the Draw: Players)
    return grammar, [(k, new.pop(k, v)) for k, v in tags] + list(new.items()), lines, notes


def _renumbered(number: int, origin: dict[int, int]) -> int:
    """A line's number in the record a rewrite moved it from (each of a band's lines)."""
    if isinstance(number, BandNumber):
        return BandNumber(origin.get(n, n) for n in number.lines)
    return origin.get(number, number)


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
