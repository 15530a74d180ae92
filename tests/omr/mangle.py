"""Record lines mangled as a hand might: the fuzz tests of the `--from` rewrites
(engine/luckdraw/bookrecord.py) hand hypothesis's edits to this."""

from __future__ import annotations

from hypothesis import strategies as st

EDITS = ("drop", "dup", "swap", "seat", "card")


def edits(lines: list[str]) -> st.SearchStrategy:
    """Up to four (line index, edit) pairs for these lines."""
    return st.lists(st.tuples(st.integers(0, len(lines) - 1), st.sampled_from(EDITS)),
                    max_size=4)


def mangled(lines: list[str], changes: list[tuple[int, str]]) -> list[str]:
    """The lines with each edit made in turn: a line dropped, doubled, swapped with the next,
    its first P2 made P3, or its first FG made TE."""
    out = list(lines)
    for k, how in changes:
        k = min(k, len(out) - 1)
        if how == "drop":
            del out[k]
        elif how == "dup":
            out.insert(k, out[k])
        elif how == "swap" and k + 1 < len(out):
            out[k], out[k + 1] = out[k + 1], out[k]
        elif how == "seat":
            out[k] = out[k].replace("P2", "P3", 1)
        elif how == "card":
            out[k] = out[k].replace("FG", "TE", 1)
    return out
