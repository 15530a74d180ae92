"""User-facing errors: one line, exit code 2, never a traceback."""

from __future__ import annotations


class UserError(Exception):
    """Bad input or a refused action; the CLI prints `printkit: error: <message>` and exits 2."""

    exit_code = 2
