"""A decision log's text form: the tags, then one play a line, each line the fields' words
in order, as the row grammar writes them:

    [Game "postcard"]
    [Log "decisions"]
    [Seed "demo"]

    kickoff A 4v3 touchback
    pass 3v1 again H+1@2 xA = 0-7

A test types this by hand; a scanned decision sheet is read back into it; `render
--decisions --from RECORD` writes it from a record. Lines are read through the engine's one
record reader (engine/verify/record.py), so tags and unreadable lines are findings as in a
record: a line the row grammar cannot read is `XX-REC-003` on its line.
"""

from __future__ import annotations

from printkit_engine.bubbles import EncodeError, encode
from printkit_engine.decisions.model import LOG_TAG, LOG_VALUE, DecisionLog, Row
from printkit_engine.errors import ReadError
from printkit_engine.tags import tag_line
from printkit_engine.verify.record import Record, Syntax, read

# A scanned band that could not be read is a comment in the record a scan writes
# (`; FILE line N: not read: WHY`, printkit.omr.Scanned.record): in a decision log it is a
# play whose decisions are not known, so the replay must stop there, not skip it.
NOT_READ = ": not read: "


def _parts(log: DecisionLog, slot: str, token: str) -> tuple[str, ...]:
    """The text of each part of a token, prefixes and suffixes off ("" for a blank part)."""
    s = log.grammar.slot(slot)
    shading = s.table[token]
    out = []
    for part, marks in zip(s.parts, shading, strict=True):
        text = part.read(marks)
        if text:
            text = text[len(part.prefix):len(text) - len(part.suffix) or None]
        out.append(text)
    return tuple(out)


SAID = 160          # characters of the reader's problems a finding quotes, whole ones only


def _problems(raw: str) -> str:
    """What the reader said of a line it could not read (`half-shaded bubble in play (run);
    ...`): whole problems, as many as fit in SAID characters, then how many more there are."""
    problems = raw.split(NOT_READ, 1)[1].strip().split("; ")
    kept: list[str] = []
    for problem in problems:
        if kept and len("; ".join([*kept, problem])) > SAID:
            break
        kept.append(problem[:SAID])
    more = len(problems) - len(kept)
    return "; ".join(kept) + (f"; and {more} more" if more else "")


def read_row(log: DecisionLog, raw: str, number: int) -> Row | None:
    """One line of the log as a row (None for a blank line or a `;` comment); ReadError for
    a line the row grammar cannot read."""
    if raw.lstrip().startswith(";") and NOT_READ in raw:
        raise ReadError(f"a play the sheet could not read ({_problems(raw)})", "", number, 1)
    text = raw.split(";", 1)[0].strip()
    if not text:
        return None
    text = " ".join(text.split())
    try:
        encoded = encode(log.grammar, text)
    except EncodeError:
        raise ReadError(f"not a {log.game} decision line (fields in order: "
                        f"{', '.join(f.slot for f in log.fields)})", "", number, 1) from None
    return Row(number, {slot: _parts(log, slot, token) for slot, token in encoded.tokens},
               text)


def syntax(log: DecisionLog) -> Syntax:
    return Syntax(log.prefix, (LOG_TAG, *log.tags), line=lambda raw, n: read_row(log, raw, n))


def read_log(log: DecisionLog, text: str, file: str) -> Record:
    """The decision log in `text`: its tags and rows (a Record of Row items)."""
    return read(text, file, syntax(log))


def row_text(log: DecisionLog, tokens: dict[str, str]) -> str:
    """One play's line from its fields' tokens (slot -> token as the grammar writes it)."""
    from printkit_engine.bubbles import write_tokens

    return write_tokens(log.grammar, tokens)


def log_text(tags: dict[str, str], lines: list[str]) -> str:
    """A decision log file: its tags (the Log tag first after Game), a blank line, its rows."""
    head = {k: v for k, v in tags.items() if k == "Game"}
    head[LOG_TAG] = LOG_VALUE
    head |= {k: v for k, v in tags.items() if k not in head}
    return "\n".join([*(tag_line(k, v) for k, v in head.items()), "", *lines]) + "\n"
