"""Record mutations for the property tests: each changes one line of a clean record.

A mutation returns the mutated text and the (1-based) line number it changed, or None when
the record has no line it applies to. Lines are picked with a seeded generator.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

Mutation = Callable[[list[str], random.Random], tuple[list[str], int] | None]

_DIE = re.compile(r"\b([HA])(\d)(?=[\s+/,]|$)")
_NOTE = re.compile(r"\{([^}]*)\}")


def _pick(lines: list[str], rng: random.Random, test: Callable[[str], bool]) -> int | None:
    hits = [i for i, line in enumerate(lines) if not line.startswith("[") and test(line)]
    return rng.choice(hits) if hits else None


def _note_edit(lines: list[str], rng: random.Random, pattern: str,
               change: Callable[[re.Match[str]], str]) -> tuple[list[str], int] | None:
    rx = re.compile(pattern)
    i = _pick(lines, rng, lambda s: bool((m := _NOTE.search(s)) and rx.search(m.group(1))))
    if i is None:
        return None
    line = lines[i]
    m = _NOTE.search(line)
    assert m
    body = rx.sub(change, m.group(1), count=1)
    out = list(lines)
    out[i] = line[: m.start(1)] + body + line[m.end(1):]
    return out, i + 1


def die_changed(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    i = _pick(lines, rng, lambda s: bool(_DIE.search(s.split("=")[0])))
    if i is None:
        return None
    line = lines[i]
    head, sep, tail = line.partition("=")
    spots = [m for m in _DIE.finditer(head)]
    m = rng.choice(spots)
    new = rng.choice([d for d in "123456" if d != m.group(2)])
    head = head[: m.start(2)] + new + head[m.end(2):]
    out = list(lines)
    out[i] = head + sep + tail
    return out, i + 1


def yards_off(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    rx = re.compile(r"^(rush|run|catch) .*= \+(\d+)")
    i = _pick(lines, rng, lambda s: bool(rx.match(s)) and int(rx.match(s).group(2)) >= 5)
    if i is None:
        return None
    m = rx.match(lines[i])
    assert m
    n = int(m.group(2))
    new = n + rng.choice((-5, 5))
    out = list(lines)
    out[i] = lines[i][: m.start(2)] + str(new) + lines[i][m.end(2):]
    return out, i + 1


def spot_off(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    def change(m: re.Match[str]) -> str:
        side, n = m.group(1), int(m.group(2))
        n = n + 5 if n < 45 else n - 5
        return f"{side}{n}"
    return _note_edit(lines, rng, r"\b([HA])(\d+)\b(?!/)", change)


def down_wrong(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    return _note_edit(lines, rng, r"\b([1-4])&",
                      lambda m: f"{int(m.group(1)) % 4 + 1}&")


def to_go_wrong(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    return _note_edit(lines, rng, r"&(\d+)\b", lambda m: f"&{int(m.group(1)) + 5}")


def score_wrong(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    return _note_edit(lines, rng, r"\b(\d+)-(\d+)\b",
                      lambda m: f"{int(m.group(1)) + 1}-{m.group(2)}")


def tracker_mark_missing(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    """A Time Tracker crossing left out."""
    rx = re.compile(r" [HA]x[HA]")
    i = _pick(lines, rng, lambda s: bool(rx.search(s)))
    if i is None:
        return None
    out = list(lines)
    out[i] = rx.sub("", lines[i], count=1)
    return out, i + 1


def play_mark_missing(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    return _note_edit(lines, rng, r"\bP([1-8])/(\d)",
                      lambda m: f"P{int(m.group(1)) - 1}/{m.group(2)}")


def fifth_bonus(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    return _note_edit(lines, rng, r"\bB(\d)/(\d)", lambda m: f"B5/{m.group(2)}")


def bonus_overused(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    """A die that used no bonus claims five (+5): nobody can hold that many."""
    rx = re.compile(r"^(rush|pass|run) [^=]*\b[HA]\d(?:/\d)?(?=\s)")
    i = _pick(lines, rng, lambda s: bool(rx.match(s)))
    if i is None:
        return None
    head, sep, tail = lines[i].partition("=")
    m = re.search(r"\b([HA]\d(?:/\d)?)(?=\s|$)", head)
    assert m
    head = head[: m.start()] + m.group(1) + "+5" + head[m.end():]
    out = list(lines)
    out[i] = head + sep + tail
    return out, i + 1


def draw_order(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    """Two dice of one roll in the wrong play-book order (e.g. kick H4,1 written H1,4)."""
    rx = re.compile(r"\b([HA])(\d),(\d)\b")
    i = _pick(lines, rng, lambda s: bool((m := rx.search(s)) and m.group(2) != m.group(3)))
    if i is None:
        return None
    out = list(lines)
    out[i] = rx.sub(lambda m: f"{m.group(1)}{m.group(3)},{m.group(2)}", lines[i], count=1)
    return out, i + 1


MUTATIONS: dict[str, Mutation] = {
    "die_changed": die_changed,
    "yards_off": yards_off,
    "spot_off": spot_off,
    "down_wrong": down_wrong,
    "to_go_wrong": to_go_wrong,
    "score_wrong": score_wrong,
    "tracker_mark_missing": tracker_mark_missing,
    "play_mark_missing": play_mark_missing,
    "fifth_bonus": fifth_bonus,
    "bonus_overused": bonus_overused,
    "draw_order": draw_order,
}


def draws_swapped(lines: list[str], rng: random.Random) -> tuple[list[str], int, int] | None:
    """A side's two next draws used in the wrong order, on two lines: both lines are found."""
    rolls = []
    for i, line in enumerate(lines):
        if line.startswith("["):
            continue
        head = line.split("=")[0]
        for m in re.finditer(r"\b([HA])(\d(?:[/,]\d)?)(?=[\s+]|$)", head):
            rolls.append((i, m.group(1), m.start(2), m.group(2)))
    pairs = []
    for n, (i, side, col, value) in enumerate(rolls):
        after = [r for r in rolls[n + 1:] if r[1] == side][:2]
        if len(after) < 2:
            continue
        later, beyond = after
        # one die each, different, and not a value the draw after repeats (then the slip
        # reads as well as "one draw skipped here, used later": findings on other lines)
        if (later[0] != i and len(value) == 1 and len(later[3]) == 1
                and later[3] != value and beyond[3][0] != value):
            pairs.append(((i, col, value), (later[0], later[2], later[3])))
    if not pairs:
        return None
    (i, ci, vi), (j, cj, vj) = rng.choice(pairs)
    out = list(lines)
    out[i] = out[i][:ci] + vj + out[i][ci + 1:]
    out[j] = out[j][:cj] + vi + out[j][cj + 1:]
    return out, i + 1, j + 1


# -- a line's place in the record: left out, written twice, a token mistyped -----------------
def _body(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line.strip() and not line.startswith("[")]


def line_deleted(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    """A line left out: the line after the gap is where it shows (its new number)."""
    i = rng.choice(_body(lines))
    return lines[:i] + lines[i + 1:], i + 1


def line_repeated(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    """A line written twice: the second copy."""
    i = rng.choice(_body(lines))
    return lines[:i + 1] + lines[i:], i + 2


def token_mistyped(lines: list[str], rng: random.Random) -> tuple[list[str], int] | None:
    """One token written back to front (`H3` as `3H`), or with a `1` after it when it is one
    character long."""
    i = rng.choice(_body(lines))
    tokens = lines[i].split(" ")
    j = rng.randrange(len(tokens))
    tokens[j] = tokens[j][::-1] if len(tokens[j]) > 1 else tokens[j] + "1"
    out = list(lines)
    out[i] = " ".join(tokens)
    return out, i + 1


GAPS: dict[str, Mutation] = {
    "line_deleted": line_deleted,
    "line_repeated": line_repeated,
    "token_mistyped": token_mistyped,
}
