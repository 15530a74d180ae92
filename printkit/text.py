"""Text from input, made safe to print: one line, no control characters, bounded length.

A seed, a file name or a record token is echoed into messages; a newline or an escape
sequence in it must not forge another line (a fake MATCH) or restyle the terminal.
"""

from __future__ import annotations

import re

MAX_ECHO = 200
# control characters, line and paragraph separators, and the bidirectional controls (a right
# to left override would show a message's words in another order than they are)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e"
                      r"\u2066-\u2069]")


def printable(text: str, limit: int = MAX_ECHO) -> str:
    """Control characters shown as escapes (\\n, \\x1b, \\u202e), cut to `limit` characters."""
    shown = _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "\u2026"


def one_line(text: str, limit: int = 2000) -> str:
    """A message on one line: line breaks folded to spaces, other controls escaped."""
    return printable(" ".join(text.split("\n")), limit)
