"""One play's deck for the bots: the play book's `deal/K`, the hands dealt from it and the
cards drawn after them.

"Deck is reshuffled between each play", so play K of a game uses the play book's shuffle `deal/K`
(docs/draws.md); a kick draws from its top, a scrimmage play deals the two hands first ("Offense
deals a hand or team of eleven cards to each player, alternately, starting with the Defense") and
draws the rest. :func:`shuffled` is the draws contract computed in one pass (:func:`_deal`: the
play's key, the seven blocks a 54-card shuffle needs by HMAC's definition with hash copies and
Fisher-Yates as 53 swaps, one straight-line function): the same deck as
``GAME.book.stream(seed, label).shuffle(deck)`` (tests hold the two equal). A deal is still
about two fifths of a bot game's instructions: about 126,000 a deal (130,000 before, 156,000 the
round before), 52,000 of them the 17 SHA-256 compressions in CPython's C and 20,000 the swaps
(bench/bench_cardbowl.py).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterator, Sequence
from itertools import chain
from typing import Any, NamedTuple, cast

from printkit_engine.cardbowl.game import DEAL, GAME
from printkit_engine.cardbowl.game import deck as cardbowl_deck
from printkit_engine.draws import _COUNTERS, _INNER, _OUTER, _SHA256, SCHEME, blocks
from printkit_engine.frozen import new_tuple
from printkit_engine.game import nfc

_TOP = 1 << 32


def label(k: int) -> str:
    """The play book's stream of play K (docs/draws.md: `deal/1` .. `deal/N`)."""
    return f"{DEAL}/{k}"


def _blocks(key: bytes, start: int, count: int) -> tuple[int, ...]:
    """The words of blocks start .. start + count - 1 (printkit_engine.draws.blocks)."""
    return struct.unpack(f">{8 * count}I", blocks(key, start, count))


_SIZES = tuple(range(54, 1, -1))                      # n = i + 1 for i = 53 .. 1
_LIMITS = tuple(_TOP - _TOP % n for n in _SIZES)
_SAFE = min(_LIMITS)       # no word below it is ever rejected, whatever n
# Every word at or above _SAFE starts with three 0xFF bytes: a deal's blocks without that run
# of bytes (checked in C, a third of `max` over the words) need no rejection. The run found
# anywhere else (across two words) only sends the shuffle the word-by-word way, which rejects
# exactly as the contract says.
_REJECTED = b"\xff\xff\xff"
assert _SAFE >= 0xFFFFFF00, "a limit below the three-0xFF-byte words"
_DEAL_BLOCKS = -(-(len(_SIZES)) // 8)                 # 7: one word a swap
_DEAL_WORDS = struct.Struct(f">{8 * _DEAL_BLOCKS}I").unpack


class Book:
    """One seed's deals (the stream key's prefix hashed once: a game asks for hundreds)."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.prefix = _SHA256(f"{SCHEME}|{GAME.id}|{nfc(seed)}|".encode())
        self.deck = tuple(cardbowl_deck())

    def again(self, k: int) -> Callable[[list[str], int], list[str]]:
        """Play K's reshuffles of its drawn cards: the stream `deal/K/N` (a label no play
        book prints, as Luck of the Draw's bots draw from `table/K`)."""
        return lambda pile, n: GAME.book.stream(self.seed, f"{label(k)}/{n}").shuffle(pile)

    def deal(self, k: int) -> list[str]:
        """The deck of play K, top card first (:func:`shuffled`)."""
        return _deal(self.prefix, label(k).encode(), self.deck)


def shuffled(seed: str, k: int, cards: Sequence[str] | None = None) -> list[str]:
    """The deck of play K for `seed`, top card first: Fisher-Yates from the end with
    `uniform(n)` by rejection of the top partial range, exactly as docs/draws.md says. The
    words of the blocks a 54-card shuffle needs are made at once (:func:`_deal`); a rejected
    word (about one shuffle in 80 million) takes the word-by-word way."""
    a = cards if cards is not None else cardbowl_deck()
    prefix = _SHA256(f"{SCHEME}|{GAME.id}|{nfc(seed)}|".encode())
    if len(a) == len(_SIZES) + 1:
        return _deal(prefix, label(k).encode(), a)
    prefix.update(label(k).encode())
    key = prefix.digest()
    return _slow(list(a), key, _blocks(key, 0, -(-(len(a) - 1) // 8)))


def _deal_source() -> str:
    """The source of :func:`_deal`: a whole 54-card deal from the seed's prefix hash, as one
    straight run of statements: the play's key, the seven blocks by HMAC's definition with
    hash copies (printkit_engine.draws `_few_blocks`, the same bytes), then Fisher-Yates as
    one line a swap with its position and size constants.

    One frame a deal rather than four (deal, blocks, _few_blocks, _swaps) and no loop,
    iterator, list or tuple a block or a swap: a deal is a play's largest single cost
    (tests/engine/cardbowl/test_bots_draws.py holds the deck the play book's). Made from
    the constants above, never typed twice."""
    head = ["def _deal(prefix, label, deck):",
            "    h = prefix.copy()",
            "    h.update(label)",
            "    padded = h.digest().ljust(64, b'\\0')",
            "    inner = _SHA256(padded.translate(_INNER)).copy",
            "    outer = _SHA256(padded.translate(_OUTER)).copy"]
    blocks = [f"    h = inner()\n    h.update({counter!r})\n    g = outer()\n"
              f"    g.update(h.digest())\n    b{k} = g.digest()"
              for k, counter in enumerate(_COUNTERS[:_DEAL_BLOCKS])]
    words = ["    raw = b''.join((" + ", ".join(f"b{k}" for k in range(_DEAL_BLOCKS)) + "))",
             "    if _REJECTED in raw:",
             "        return _slow(list(deck), padded[:32], _DEAL_WORDS(raw))",
             "    w = _DEAL_WORDS(raw)",
             "    a = list(deck)"]
    swaps = [f"    j = w[{k}] % {n}\n    a[{n - 1}], a[j] = a[j], a[{n - 1}]"
             for k, n in enumerate(_SIZES)]
    return "\n".join(head + blocks + words + swaps) + "\n    return a\n"


# made in this module's namespace: the names it reads (_SHA256, _INNER, _OUTER, _REJECTED,
# _DEAL_WORDS, _slow) are this module's, looked up when it runs
_READ_BY_DEAL = (_SHA256, _INNER, _OUTER)
exec(compile(_deal_source(), "<cardbowl deal>", "exec"), globals())
_deal = cast(Callable[[Any, bytes, Sequence[str]], list[str]], globals()["_deal"])


def _slow(a: list[str], key: bytes | None, words: tuple[int, ...]) -> list[str]:
    """Fisher-Yates word by word, rejecting as the contract says."""
    need = len(words) // 8
    w = 0
    for i in range(len(a) - 1, 0, -1):
        n = i + 1
        limit = _TOP - _TOP % n
        while True:
            if w == len(words):
                assert key is not None, "more words needed than given"
                words += _blocks(key, need, 1)
                need += 1
            u = words[w]
            w += 1
            if u < limit:
                break
        j = u % n
        a[i], a[j] = a[j], a[i]
    return a


def book_deck(seed: str, k: int) -> list[str]:
    """The same deck the slow way, through the play book's own stream (the naive reference
    the bench and the tests compare with)."""
    return GAME.book.stream(seed, label(k)).shuffle(cardbowl_deck())


class _Reshuffles:
    """The cards after a play's deck runs out (C19): the pile of every card drawn so far,
    shuffled again by `again(pile, n)` for the n-th time, as often as the play needs; made
    only when `chain` reaches it. Without `again` the empty deck is an error (IndexError).
    Apart from its Draws, which would otherwise be in a reference cycle with its own
    iterator (kept until the garbage collector runs, one a play)."""

    __slots__ = ("again", "cards")

    def __init__(self, cards: Sequence[str],
                 again: Callable[[list[str], int], list[str]] | None) -> None:
        self.cards = cards
        self.again = again

    def __iter__(self) -> Iterator[str]:
        if self.again is None:
            raise IndexError("the play's deck is out of cards")
        pile = list(self.cards)
        refills = 0
        while True:
            refills += 1
            fresh = self.again(list(pile), refills)
            yield from fresh
            pile += fresh


class Draws:
    """The cards of one play after the hands, drawn one at a time; a play whose draws outlast
    the deck (a long chain of open-field runs after a deal of 22 or more) goes on with the
    cards drawn so far shuffled again (:class:`_Reshuffles`, `again`: C19).

    `draw` is the `__next__` of a C iterator over the deck, then the reshuffles: a draw is the
    bots' most frequent call (about 1,300 a game), and it runs no Python frame."""

    __slots__ = ("draw",)

    def __init__(self, cards: Sequence[str],
                 again: Callable[[list[str], int], list[str]] | None = None) -> None:
        self.draw: Callable[[], str] = chain(cards, _Reshuffles(cards, again)).__next__

    def many(self, n: int) -> list[str]:
        return [self.draw() for _ in range(n)]


# Immutable values made for every play: a NamedTuple, as a frozen dataclass sets each field
# through object.__setattr__ (three times the instructions; bench/bench_cardbowl.py).
class Hands(NamedTuple):
    """The two hands of a scrimmage play as dealt (before the defence's discards)."""

    offense: tuple[str, ...]
    defense: tuple[str, ...]


def deal_hands(deck: Sequence[str], size: int, extra_defense: int,
               again: Callable[[list[str], int], list[str]] | None = None
               ) -> tuple[Hands, Draws]:
    """Eleven cards each, alternately, the defence first (cards 1, 3, .., 21 to the defence,
    2, 4, .., 22 to the offence), then the defence's extra cards of a hurried snap ("for each
    interval less than 6 the offense takes before a play, the defense gets one extra card");
    the draws start with the next card (the snap)."""
    pairs = 2 * size
    hands = new_tuple(Hands, (tuple(deck[1:pairs:2]), tuple(deck[0:pairs:2]) +
                              tuple(deck[pairs:pairs + extra_defense])))
    return hands, Draws(deck[pairs + extra_defense:], again=again)
