"""The draw scheme printkit-draws/1: the spec's vectors and distribution sanity."""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections import Counter

import pytest

from printkit_engine.cardbowl.game import deck as cardbowl_deck
from printkit_engine.cardgrid.game import half_pack
from printkit_engine.draws import LEAD_MAX, Stream, blocks, d6_rolls, shuffled, stream_key, words


def cardgrid_half(side):
    return half_pack(side).cards


# docs/draws.md, "Test vectors"
WORDS = [2389130823, 1745701189, 372737524, 2033579605]
HOME = [4, 2, 5, 2, 5, 6, 1, 1, 4, 6, 2, 1]
AWAY = [1, 5, 1, 4, 2, 1, 2, 2, 6, 6, 4, 2]


def _cards(text: str) -> list[str]:
    return text.split()


DEAL_1 = _cards("JS 4D 2H 10S QH AH 8D AD KH 4S RJ 7D 9C 2S 4C 6C 3C 3D AC 9H QD 5S 10D 7C 9S "
                "8S 7S 10C 3H 4H JH 2D JC 8C 6S KC 7H 8H BJ 2C AS 5C 3S 5D QS 10H KS 6D KD 9D "
                "5H JD QC 6H")
HOME_1 = _cards("JH 7C AC KC 10H 10C 2C QH KH 4C 9H 5H 8H QC 3C 8C 3H JC 6C 2H AH 7H 6H 5C 4H "
                "9C")

# chi-square critical values at p = 0.001 (df 5 and df 53): a correct generator fails these
# with probability 1/1000 per seed; the seeds are fixed, so the tests are repeatable.
CHI2_DF5 = 20.515
CHI2_DF53 = 90.573


def test_word_vector():
    assert list(itertools.islice(words("postcard", "demo", "home"), 4)) == WORDS


def test_d6_vectors():
    assert d6_rolls("postcard", "demo", "home", 12) == HOME
    assert d6_rolls("postcard", "demo", "away", 12) == AWAY


def test_cardbowl_deal_vector():
    assert shuffled("cardbowl", "demo", "deal/1", cardbowl_deck()) == DEAL_1


def test_cardgrid_home_vector():
    assert shuffled("cardgrid", "demo", "home/1", cardgrid_half("home")) == HOME_1


class FixedStream(Stream):
    """A stream fed from a given word list, to pin down how words are consumed."""

    def __init__(self, feed: list[int]) -> None:
        super().__init__("postcard", "fixed", "test")
        self._buffer, self._next = tuple(feed), 0

    def _refill(self) -> None:
        raise AssertionError("the fixed words ran out")


def test_uniform_rejects_the_partial_top_range():
    # n = 3: 2**32 mod 3 = 1, so limit = 2**32 - 1 and the word 2**32 - 1 is rejected
    s = FixedStream([2**32 - 1, 7])
    assert s.uniform(3) == 7 % 3
    s = FixedStream([2**32 - 2])
    assert s.uniform(3) == (2**32 - 2) % 3


def test_die_is_uniform_plus_one():
    assert FixedStream([0, 5, 6, 11]).dice(4) == [1, 6, 1, 6]


def test_shuffle_is_fisher_yates_from_the_end():
    # [a b c d]: i=3 j=w0 mod 4; i=2 j=w1 mod 3; i=1 j=w2 mod 2
    s = FixedStream([1, 0, 1])   # swap(3,1) -> a d c b; swap(2,0) -> c d a b; swap(1,1)
    assert s.shuffle(list("abcd")) == list("cdab")


def test_empty_seed_is_refused():
    with pytest.raises(ValueError):
        Stream("postcard", "", "home").word()


def _chi2(counts: list[int]) -> float:
    expected = sum(counts) / len(counts)
    return sum((c - expected) ** 2 / expected for c in counts)


def test_d6_chi_square_over_600k_draws():
    rolls = Counter(Stream("postcard", "chi-square", "home").dice(600_000))
    counts = [rolls[v] for v in range(1, 7)]
    assert sum(counts) == 600_000
    assert _chi2(counts) < CHI2_DF5


@pytest.mark.parametrize("card", ["AC", "RJ"])
def test_card_position_chi_square_over_20k_shuffles(card):
    deck = cardbowl_deck()
    positions = Counter(Stream("cardbowl", "chi-square", f"deal/{k}").shuffle(deck).index(card)
                        for k in range(1, 20_001))
    counts = [positions[p] for p in range(len(deck))]
    assert sum(counts) == 20_000
    assert _chi2(counts) < CHI2_DF53


@pytest.mark.parametrize("sides", [6, 2**31 + 1])      # the second rejects about half the words
def test_batched_dice_are_die_by_die(sides):
    batched = Stream("postcard", "batch", "home").dice(700, sides)
    one_by_one = Stream("postcard", "batch", "home")
    assert batched == [one_by_one.die(sides) for _ in range(700)]
    mixed = Stream("postcard", "batch", "home")
    assert [mixed.die(sides), *mixed.dice(300, sides), mixed.die(sides)] == batched[:302]


def test_words_cross_batch_boundaries_in_order():
    """Block c gives words 8c..8c+7, whatever the batching (docs/draws.md)."""
    import hashlib
    import hmac
    import struct

    s = Stream("postcard", "demo", "home")
    got = [s.word() for _ in range(8 * 40)]
    key = hashlib.sha256(b"printkit-draws/1|postcard|demo|home").digest()
    want = [w for c in range(40) for w in struct.unpack(
        ">8I", hmac.new(key, c.to_bytes(8, "big"), hashlib.sha256).digest())]
    assert got == want


def test_shuffles_between_words_keep_the_stream_in_order():
    """A shuffle makes only the blocks it needs; the words around it stay the spec's words."""
    import hashlib
    import hmac
    import struct

    key = hashlib.sha256(b"printkit-draws/1|cardbowl|demo|mixed").digest()
    raw = iter([w for c in range(200) for w in struct.unpack(
        ">8I", hmac.new(key, c.to_bytes(8, "big"), hashlib.sha256).digest())])

    def uniform(n: int) -> int:                      # docs/draws.md, written out again
        limit = 2**32 - (2**32 % n)
        while (u := next(raw)) >= limit:
            pass
        return u % n

    def shuffle(items: list[str]) -> list[str]:
        a = list(items)
        for i in range(len(a) - 1, 0, -1):
            j = uniform(i + 1)
            a[i], a[j] = a[j], a[i]
        return a

    deck = cardbowl_deck()
    s = Stream("cardbowl", "demo", "mixed")
    got = [s.word() for _ in range(5)], s.shuffle(deck), [s.word() for _ in range(300)], \
        s.shuffle(deck[:10]), s.shuffle(deck)
    want = [next(raw) for _ in range(5)], shuffle(deck), [next(raw) for _ in range(300)], \
        shuffle(deck[:10]), shuffle(deck)
    assert got == want


@pytest.mark.parametrize("start,count", [(0, 0), (0, 1), (0, 7), (0, 8), (0, 9), (1, 1),
                                         (1, 6), (5, 3), (32, 32), (LEAD_MAX, 2),
                                         (LEAD_MAX + 1, 2), (LEAD_MAX + 2, 3), (300, 2)])
def test_blocks_are_the_specs_hmac_blocks(start, count):
    """docs/draws.md: "block_c = HMAC-SHA256( key, c as 8-byte big-endian unsigned )": the
    blocks made in one PBKDF2 call (and past LEAD_MAX block by block) are the spec's own
    Python, block for block, wherever a run starts."""
    key = stream_key("postcard", "Blocks", "home/1")
    spec = b"".join(hmac.new(key, c.to_bytes(8, "big"), hashlib.sha256).digest()
                    for c in range(start, start + count))
    assert len(spec) == 32 * count
    assert blocks(key, start, count) == spec


def test_a_shuffle_with_a_rejected_word_takes_the_next_word():
    """docs/draws.md: "uniform(n): ... repeat: u = next word; if u < limit: return u mod n":
    a word at the top of the range is skipped inside a shuffle too. Five items, words
    2**32 - 1 (skipped), 7, 9, 4, 6: swaps 4<->7%5=2, 3<->9%4=1, 2<->4%3=1, 1<->6%2=0; the
    word after them, 123, is the stream's next."""
    s = Stream("postcard", "Rejected", "home/1")
    s._buffer, s._next = (2**32 - 1, 7, 9, 4, 6, 123), 0
    # by hand: [a b c d e] -> swap 4,2: [a b e d c] -> swap 3,1: [a d e b c]
    # -> swap 2,1: [a e d b c] -> swap 1,0: [e a d b c]
    assert s.shuffle("abcde") == list("eadbc")
    assert s.word() == 123


def test_a_shuffle_without_rejections_uses_one_word_a_swap():
    s = Stream("postcard", "Plain", "home/1")
    s._buffer, s._next = (7, 9, 4, 6, 123), 0
    assert s.shuffle("abcde") == list("eadbc")
    assert s.word() == 123


@pytest.mark.parametrize("size", [1, 32, 63, 64, 65, 200])
def test_block_zero_is_the_hmac_for_any_key_length(size):
    """Block 0 is made from the HMAC's definition (two plain hashes of the padded key): the
    same as hmac's for a key shorter than, as long as and longer than SHA-256's 64-byte
    block (a longer key is hashed first, which the definition's padding alone would miss)."""
    key = bytes(range(7, 7 + size))
    spec = hmac.new(key, bytes(8), hashlib.sha256).digest()
    assert blocks(key, 0, 1) == spec
    assert blocks(key, 0, 2)[:32] == spec


@pytest.mark.parametrize("count", [1, 7])
def test_few_blocks_by_openssl_copies_are_the_same(monkeypatch, count):
    """A Python without CPython's own SHA-256 module makes the first few blocks with
    hashlib's copies: the spec's bytes all the same."""
    import printkit_engine.draws as draws

    monkeypatch.setattr(draws, "_SHA256", hashlib.sha256)
    key = stream_key("cardbowl", "Few", "deal/3")
    spec = b"".join(hmac.new(key, c.to_bytes(8, "big"), hashlib.sha256).digest()
                    for c in range(count))
    assert blocks(key, 0, count) == spec
