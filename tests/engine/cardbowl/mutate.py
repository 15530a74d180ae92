"""Mutations of correct Card Bowl records: each changes one number on one play line."""

from __future__ import annotations

import re
from collections.abc import Iterator

_STATE = re.compile(r"^([1-4]) & (\d+|goal) @ (\d+)")
_SCORE = re.compile(r"\t(\d+)-(\d+)")


def mutations(text: str) -> Iterator[tuple[str, int, str]]:
    """(mutated text, 1-based line changed, what changed) for every applicable mutation."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        variants = []
        if m := _STATE.match(line):
            down, dist, yard = m.groups()
            rest = line[m.end():]
            if down != "4":
                variants.append((f"{int(down) + 1} & {dist} @ {yard}{rest}", "down"))
            if dist != "goal":
                variants.append((f"{down} & {int(dist) + 1} @ {yard}{rest}", "distance"))
            if 0 < int(yard) < 49:
                variants.append((f"{down} & {dist} @ {int(yard) + 1}{rest}", "yard line"))
        if m := _SCORE.search(line):
            a, b = m.groups()
            variants.append((line[:m.start()] + f"\t{int(a) + 1}-{b}" + line[m.end():], "score"))
        for new, what in variants:
            yield "\n".join(lines[:i] + [new] + lines[i + 1:]), i + 1, what
