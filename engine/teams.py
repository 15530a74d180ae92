"""How many teams a tournament may have, and what a team's name may be: on their own so the
command line can state and check them (`--teams`, `--players`, `--home`, a roster) without
loading the scheduler (engine/tournament.py)."""

import re

DEFAULT_TEAMS = 8        # a tournament sheet without --players or --roster
MAX_TEAMS = 200         # a sheet, a pack and a bracket stay printable and quick
MAX_NAME = 40           # characters: every sheet prints it, shrunk (and cut) to fit its box
# control characters, line and paragraph separators, and bidirectional controls (a right to
# left override would print a name, or the words after it, in another order)
_UNFIT = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e"
                    r"\u2066-\u2069]")


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a team's (or a student's) name; None when it can. A name goes
    into records' tags (one line, no quote or backslash) and onto every sheet."""
    if len(name) > MAX_NAME:
        return f"a name of {len(name)} characters (at most {MAX_NAME})"
    if m := _UNFIT.search(name):
        return f"a name may not hold the control character U+{ord(m.group()):04X}"
    if '"' in name or "\\" in name:
        return 'a name may not hold " or \\'
    return None
