"""Team names a person hands in (`--home`, `--away`, a roster): checked once, where they
enter, so every sheet can print them.

A name must be a name (printkit_engine.teams.name_problem: length, one line, no quote) and every
character must be in the fonts the sheets embed (DejaVu Sans and its bold): a character the
font lacks would print as an empty box, so it is refused with the option that gave it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import UserError
from printkit_engine.teams import name_problem

if TYPE_CHECKING:
    from printkit_engine.roster import Roster


@cache
def _covered() -> frozenset[int]:
    """Code points every sheet font has a glyph for."""
    from reportlab.pdfbase import pdfmetrics

    from printkit.pdfdoc import FONT_FILES, register_fonts

    register_fonts()
    faces = [set(pdfmetrics.getFont(name).face.charToGlyph) for name in FONT_FILES]
    return frozenset(set.intersection(*faces))


def unprintable(name: str) -> str | None:
    """Why the sheets' fonts cannot print `name` (its first missing character), or None."""
    have = _covered()
    for ch in name:
        if ord(ch) not in have and not ch.isspace():
            return (f"{ch!r} (U+{ord(ch):04X}) is not in the sheets' font (DejaVu Sans): "
                    f"leave it out or spell it in letters")
    return None


def check_name(option: str, name: str) -> str:
    """`name` when every sheet can print it; else a one-line error naming `option`."""
    if why := name_problem(name) or unprintable(name):
        raise UserError(f"{option}: {why}")
    return name


def read_roster(path: Path) -> Roster:
    """The roster CSV at `path` (printkit_engine.roster); errors name file and line, a name the
    sheets cannot print among them."""
    from printkit_engine.roster import parse_roster
    from printkit_engine.textfile import read_text

    return parse_roster(read_text(path, "roster"), str(path), unprintable)
