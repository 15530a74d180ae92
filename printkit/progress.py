"""Progress bars on a terminal, silence when piped (so scripts and CI logs stay clean)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")


def track(items: Iterable[T], description: str, total: int | None = None) -> Iterator[T]:
    if not sys.stderr.isatty():
        yield from items
        return
    from rich.console import Console
    from rich.progress import track as rich_track

    yield from rich_track(items, description=description, total=total, transient=True,
                          console=Console(stderr=True))
