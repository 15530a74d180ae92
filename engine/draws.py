"""Seeded draws, scheme ``printkit-draws/1`` (the contract is docs/draws.md).

The scheme is a contract with anyone holding a printed play book: given (game, seed, label)
every draw can be re-derived in any language. Never change it; a change is a new scheme name.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from importlib import import_module
from operator import mod
from typing import Any, TypeVar, cast

SCHEME = "printkit-draws/1"

T = TypeVar("T")


def stream_key(game: str, seed: str, label: str) -> bytes:
    if not seed:
        raise ValueError("seed must be a non-empty string")
    return hashlib.sha256(f"{SCHEME}|{game}|{seed}|{label}".encode()).digest()


def words(game: str, seed: str, label: str) -> Iterator[int]:
    """Endless 32-bit words: HMAC-SHA256(key, counter) blocks split big-endian."""
    stream = Stream(game, seed, label)
    while True:
        yield stream.word()


BATCH = 32          # blocks computed at once (256 words)
_ZERO = bytes(8)
_SALT = bytes(4)
LEAD_MAX = 64       # blocks made and dropped to start a run past block 1 (see `blocks`)


def blocks(key: bytes, start: int, count: int) -> bytes:
    """Blocks `start` .. `start + count - 1` of the stream keyed `key`, joined (32 bytes a
    block): the same bytes as ``hmac.new(key, c.to_bytes(8, "big"), sha256).digest()`` for
    each c, in a few C calls instead of a Python loop of copies, updates and digests (a
    54-card shuffle's seven blocks were most of a Card Bowl deal).

    PBKDF2-HMAC-SHA256 with one iteration and the salt ``00 00 00 00`` makes, block by
    block, ``T_i = HMAC(key, salt || i as 4-byte big-endian)`` for i = 1, 2, ... (RFC 8018,
    5.2): that is ``HMAC(key, i as 8-byte big-endian)``, block i of docs/draws.md. Block 0
    is one HMAC call. A run starting further in than LEAD_MAX blocks (a long dice stream)
    takes the block-by-block way rather than make and drop its lead."""
    if count <= 0:
        return b""
    if start == 0 and count <= FEW and len(key) <= 64:
        return _few_blocks(key, count)
    head = _block_zero(key) if start == 0 else b""
    first = max(start, 1)
    last = start + count - 1
    if last < first:
        return head
    if first - 1 > LEAD_MAX or last >= 1 << 32:
        mac = hmac.new(key, digestmod=hashlib.sha256)
        out = [head]
        for c in range(first, last + 1):
            h = mac.copy()
            h.update(c.to_bytes(8, "big"))
            out.append(h.digest())
        return b"".join(out)
    run = hashlib.pbkdf2_hmac("sha256", key, _SALT, 1, 32 * last)
    return head + (run[32 * (first - 1):] if first > 1 else run)


_INNER = bytes(b ^ 0x36 for b in range(256))     # RFC 2104's ipad and opad, as byte maps
_OUTER = bytes(b ^ 0x5C for b in range(256))


def _block_zero(key: bytes) -> bytes:
    """``HMAC(key, 0 as 8-byte big-endian)`` by its definition (RFC 2104): two plain
    SHA-256 hashes of the padded key, each byte XORed by `translate`, take about two thirds
    of the time of one ``hmac.digest`` call, whose set-up in OpenSSL is most of its cost (one
    a 54-card shuffle; the tests hold the two equal)."""
    if len(key) > 64:                                   # never a stream key (32 bytes)
        return hmac.digest(key, _ZERO, "sha256")
    padded = key.ljust(64, b"\0")
    inner = hashlib.sha256(padded.translate(_INNER) + _ZERO).digest()
    return hashlib.sha256(padded.translate(_OUTER) + inner).digest()


def _copyable_sha256() -> Callable[[bytes], Any]:
    """CPython's own SHA-256 (`_sha256`; `_sha2` from 3.12), whose `copy` is a copy of a
    small struct, else hashlib's (OpenSSL: each copy sets up a context, which costs more
    than the hashing of a few blocks). The bytes are the same either way."""
    for name in ("_sha256", "_sha2"):
        try:
            return cast(Callable[[bytes], Any], import_module(name).sha256)
        except (ImportError, AttributeError):
            continue
    return hashlib.sha256


_SHA256 = _copyable_sha256()
FEW = 8             # blocks from 0 made by hash copies rather than PBKDF2 (see _few_blocks)
_COUNTERS = tuple(c.to_bytes(8, "big") for c in range(FEW))


def _few_blocks(key: bytes, count: int) -> bytes:
    """Blocks 0 .. count - 1 by HMAC's definition (RFC 2104) with hash copies: the padded
    key's inner and outer hashes started once, each block a copy of each finished with its
    counter. For a 54-card deal's seven blocks this takes about 15% fewer instructions than
    one PBKDF2 call and block 0 (OpenSSL's set-up of its HMAC is most of their cost); from
    about nine blocks on PBKDF2 costs less (tests hold both to the spec's hmac)."""
    padded = key.ljust(64, b"\0")
    inner = _SHA256(padded.translate(_INNER))
    outer = _SHA256(padded.translate(_OUTER))
    out = []
    for counter in _COUNTERS[:count]:
        h = inner.copy()
        h.update(counter)
        g = outer.copy()
        g.update(h.digest())
        out.append(g.digest())
    return b"".join(out)


@cache
def _unpack(blocks: int):
    return struct.Struct(f">{8 * blocks}I").unpack


@cache
def _lowest_limit(size: int) -> int:
    """The lowest rejection limit `uniform(n)` has for n = 2 .. size: a word below it is
    taken by every swap of a shuffle of `size` items."""
    return min(2**32 - 2**32 % n for n in range(2, size + 1))


class Stream:
    """One labelled stream of draws; every method consumes words exactly as the spec says.

    Words are made a batch of blocks at a time (`blocks`: a few C calls a batch) and handed
    out from a list.
    """

    def __init__(self, game: str, seed: str, label: str) -> None:
        self.game, self.seed, self.label = game, seed, label
        self._key = stream_key(game, seed, label)
        self._counter = 0
        self._buffer: tuple[int, ...] = ()
        self._next = 0

    def _blocks(self, count: int) -> tuple[int, ...]:
        """The words of the next `count` blocks."""
        start = self._counter
        self._counter = start + count
        return _unpack(count)(blocks(self._key, start, count))

    def _refill(self) -> None:
        self._buffer = self._blocks(BATCH)
        self._next = 0

    def _reserve(self, n: int) -> None:
        """At least `n` words ready, making only the blocks they need: a stream that is one
        54-card shuffle needs 7 blocks, not a batch of 32 (words stay in stream order)."""
        left = len(self._buffer) - self._next
        if left < n:
            self._buffer = self._buffer[self._next:] + self._blocks(-(-(n - left) // 8))
            self._next = 0

    def word(self) -> int:
        if self._next == len(self._buffer):
            self._refill()
        w = self._buffer[self._next]
        self._next += 1
        return w

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
        limit = 2**32 - (2**32 % sides)
        out: list[int] = []
        append = out.append
        while len(out) < count:
            if self._next == len(self._buffer):
                self._refill()
            for u in self._buffer[self._next:]:
                self._next += 1
                if u < limit:
                    append(u % sides + 1)
                    if len(out) == count:
                        break
        return out

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Fisher-Yates from the end; returns a new list. When none of the next len - 1
        words is at the top of its range (all but about one shuffle in ten million of a deck
        of cards), each swap takes the next word as `uniform` would, in one loop over them;
        else the swaps go word by word through `uniform`, rejecting as the spec says."""
        a = list(items)
        n = len(a) - 1
        if n < 1:
            return a
        self._reserve(n)                        # one word a swap, bar a rare rejection
        at = self._next
        picked = self._buffer[at:at + n]
        if max(picked) < _lowest_limit(n + 1):
            for i, j in zip(range(n, 0, -1), map(mod, picked, range(n + 1, 1, -1)),
                            strict=True):
                a[i], a[j] = a[j], a[i]
            self._next = at + n
            return a
        for i in range(n, 0, -1):
            j = self.uniform(i + 1)
            a[i], a[j] = a[j], a[i]
        return a


def d6_rolls(game: str, seed: str, label: str, count: int) -> list[int]:
    return Stream(game, seed, label).dice(count)


def shuffled(game: str, seed: str, label: str, items: Sequence[T]) -> list[T]:
    return Stream(game, seed, label).shuffle(items)
