"""A record line as shaded bubbles and back: :func:`encode` matches a line against the
grammar's forms, :func:`decode` writes the line a band's shading says."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from printkit_engine.bubbles.shape import Form, Grammar, Marks, Segment

MAX_LINE = 240          # a record line longer than this is not put on a sheet


# `--from` notes of what a sheet does not hold: `FILE:LINE: not on the sheet: WORDS` (render
# sums them up; a game's rewrite that leaves whole lines off writes them so too)
LEFT_OFF = ": not on the sheet: "


class EncodeError(ValueError):
    """A record line the sheet cannot hold (the message says why)."""


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

