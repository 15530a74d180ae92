"""Reading a text input (a record, a rules file) safely: bounded in size and line length,
regular files only, UTF-8 with or without a BOM, every refusal naming file, line and column.

A FIFO or /dev/zero would block or never end; a 100 MB line would make every message that
quotes it enormous. Both are refused before any parsing starts.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from printkit_engine.errors import ReadError

MAX_BYTES = 16 * 1024 * 1024        # far beyond any game record (a long game is ~20 KB)
MAX_LINE = 4000                     # characters in one line of a record


def read_bytes(path: Path, what: str, max_bytes: int = MAX_BYTES) -> bytes:
    """The file's bytes; ReadError for a non-regular file, an unreadable or oversized one."""
    name = str(path)
    try:
        with open(path, "rb", opener=_nonblocking) as fh:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise ReadError(f"cannot read {what}: not a regular file", name)
            data = fh.read(max_bytes + 1)
    except IsADirectoryError:
        raise ReadError(f"cannot read {what}: is a directory", name) from None
    except OSError as exc:
        raise ReadError(f"cannot read {what} ({exc.strerror or exc})", name) from None
    if len(data) > max_bytes:
        raise ReadError(f"{what} larger than {size_text(max_bytes)}", name)
    return data


def size_text(n: int) -> str:
    """A size as a message says it: 16 MB, 4 KB, 512 bytes (never "0 MB")."""
    for unit, size in (("MB", 1024 * 1024), ("KB", 1024)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n} byte{'s' if n != 1 else ''}"


def _nonblocking(path: str, flags: int) -> int:
    """Open without blocking: a FIFO with no writer must not hang the command."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def decode(raw: bytes, name: str, max_line: int = MAX_LINE) -> str:
    """UTF-8 text (a BOM is dropped); the line and column of a bad byte or a too-long line."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ReadError("not UTF-8 text", name, line, col) from None
    if len(text) <= max_line or max(map(len, text.split("\n"))) <= max_line:
        return text             # no line too long (every record): measured in C, not a line
    start = 0                   # at a time; the loop below finds the first one's number
    number = 1
    while True:
        end = text.find("\n", start)
        stop = len(text) if end < 0 else end
        if stop - start > max_line:
            raise ReadError(f"line longer than {max_line} characters", name, number)
        if end < 0:
            return text
        start, number = end + 1, number + 1


def read_text(path: Path, what: str, max_bytes: int = MAX_BYTES,
              max_line: int = MAX_LINE) -> str:
    return decode(read_bytes(path, what, max_bytes), str(path), max_line)
