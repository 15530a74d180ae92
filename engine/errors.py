"""Errors for input that cannot be read at all (as opposed to findings about a record)."""

from __future__ import annotations


class ReadError(ValueError):
    """Input that cannot be read: carries where, so the CLI can print one line and exit 2."""

    def __init__(self, message: str, file: str = "", line: int = 0, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    def where(self) -> str:
        parts = [self.file or "<input>"]
        if self.line:
            parts.append(str(self.line))
            if self.column:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        return f"{self.where()}: {self.message}"
