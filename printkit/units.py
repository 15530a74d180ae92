"""Real-world lengths: layouts say "12 mm", "0.5 in" or "9 pt"; reportlab works in points."""

from __future__ import annotations

import re

POINTS_PER = {"pt": 1.0, "in": 72.0, "mm": 72.0 / 25.4, "cm": 72.0 / 2.54}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*([a-z]+)\s*$")

MM = POINTS_PER["mm"]
INCH = POINTS_PER["in"]
PT = POINTS_PER["pt"]


class UnitError(ValueError):
    pass


def parse_length(text: str) -> float:
    """Points for a length string; the unit is required so nobody guesses what 12 means."""
    m = _LENGTH.match(text)
    if not m:
        raise UnitError(f"not a length: {text!r} (write a number and a unit, e.g. '12 mm')")
    number, unit = m.groups()
    if unit not in POINTS_PER:
        raise UnitError(f"bad unit {unit!r} in {text!r} (use mm, cm, in or pt)")
    return float(number) * POINTS_PER[unit]


def looks_like_length(text: str) -> bool:
    """A number and a known unit ("12 mm"; not "1st")."""
    m = _LENGTH.match(text)
    return m is not None and m.group(2) in POINTS_PER


def show_length(points: float, unit: str = "mm") -> str:
    """A length as a layout would write it: `show_length(4.0, "pt")` is "4 pt"."""
    return f"{round(points / POINTS_PER[unit], 2):g} {unit}"
