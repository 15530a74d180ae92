"""Seeded draws, scheme ``printkit-draws/1`` (the contract is docs/draws.md).

The scheme is a contract with anyone holding a printed play book: given (game, seed, label)
every draw can be re-derived in any language. Never change it; a change is a new scheme name.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Iterator, Sequence
from typing import TypeVar

SCHEME = "printkit-draws/1"

T = TypeVar("T")


def stream_key(game: str, seed: str, label: str) -> bytes:
    if not seed:
        raise ValueError("seed must be a non-empty string")
    return hashlib.sha256(f"{SCHEME}|{game}|{seed}|{label}".encode()).digest()


def words(game: str, seed: str, label: str) -> Iterator[int]:
    """Endless 32-bit words: HMAC-SHA256(key, counter) blocks split big-endian."""
    key = stream_key(game, seed, label)
    counter = 0
    while True:
        block = hmac.new(key, counter.to_bytes(8, "big"), hashlib.sha256).digest()
        yield from struct.unpack(">8I", block)
        counter += 1


class Stream:
    """One labelled stream of draws; every method consumes words exactly as the spec says."""

    def __init__(self, game: str, seed: str, label: str) -> None:
        self.game, self.seed, self.label = game, seed, label
        self._words = words(game, seed, label)

    def word(self) -> int:
        return next(self._words)

    def uniform(self, n: int) -> int:
        """Unbiased integer in [0, n) by rejection of the top partial range."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = 2**32 - (2**32 % n)
        while True:
            u = self.word()
            if u < limit:
                return u % n

    def die(self, sides: int = 6) -> int:
        return self.uniform(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Fisher-Yates from the end; returns a new list."""
        a = list(items)
        for i in range(len(a) - 1, 0, -1):
            j = self.uniform(i + 1)
            a[i], a[j] = a[j], a[i]
        return a


def d6_rolls(game: str, seed: str, label: str, count: int) -> list[int]:
    return Stream(game, seed, label).dice(count)


def shuffled(game: str, seed: str, label: str, items: Sequence[T]) -> list[T]:
    return Stream(game, seed, label).shuffle(items)
