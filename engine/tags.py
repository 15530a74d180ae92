"""Record tags, `[Name "value"]`, as every game's records write and read them.

Values are quoted the PGN way: a backslash and a double quote are escaped with a backslash,
so any text a user puts in a tag (`--date 'x"]'`) reads back as written. A tag is one line:
control characters are not a tag value (writers refuse them, see :func:`check_value`).
"""

from __future__ import annotations

import re

TAG = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_ESCAPED = re.compile(r"\\(.)")
_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


def quote(value: str) -> str:
    """The value as written between the quotes of a tag."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def unquote(written: str) -> str:
    """The value a tag's quoted text stands for (the inverse of :func:`quote`)."""
    return _ESCAPED.sub(r"\1", written)


def tag_line(name: str, value: str) -> str:
    return f'[{name} "{quote(value)}"]'


def record_text(tags: dict[str, str], lines: list[str]) -> str:
    """A record as every game writes one: its tags, a blank line, its lines."""
    return "\n".join([*(tag_line(k, v) for k, v in tags.items()), "", *lines]) + "\n"


def check_value(value: str) -> str | None:
    """Why a value cannot be a tag value (a control character would end or forge a line)."""
    if m := _CONTROL.search(value):
        return f"control character {m.group(0)!r} (a tag value is one line of text)"
    return None
