"""Exact probability building blocks for the games' odds tables, and 95% intervals.

Everything exact here works in :class:`fractions.Fraction`: dice are convolved face by face
and cards drawn without replacement are counted as combinations, so a table can show "5/13"
and a test can compare it to a brute-force enumeration digit for digit. Monte Carlo figures
(season statistics) get their 95% interval from :func:`mean_interval` (normal approximation,
for means) or :func:`wilson` (for shares).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from itertools import product
from math import comb

from printkit_engine.odds import EXACT, MONTE_CARLO, Figure

Dist = dict[int, Fraction]
Z95 = 1.959963984540054          # two-sided 95% normal quantile


# -- figures ---------------------------------------------------------------------------------
def exact(p: Fraction | int) -> Figure:
    """An exact probability or expectation as a Figure (the fraction kept)."""
    p = Fraction(p)
    return Figure(float(p), EXACT, p)


def estimate(value: float, interval: tuple[float, float], samples: int) -> Figure:
    return Figure(value, MONTE_CARLO, None, interval, samples)


def mean_interval(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """Sample mean and its 95% interval (normal approximation; n >= 2 for a width)."""
    n = len(values)
    if n == 0:
        raise ValueError("no samples")
    mean = sum(values) / n
    if n == 1:
        return mean, (mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


def wilson(successes: int, trials: int) -> tuple[float, tuple[float, float]]:
    """A share and its 95% Wilson score interval (sound near 0 and 1, unlike p +- 2se)."""
    if trials <= 0:
        raise ValueError("no trials")
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return p, (max(0.0, centre - half), min(1.0, centre + half))


# -- dice --------------------------------------------------------------------------------------
def die(sides: int = 6) -> Dist:
    return {face: Fraction(1, sides) for face in range(1, sides + 1)}


def convolve(a: Dist, b: Dist, op: Callable[[int, int], int] = lambda x, y: x + y) -> Dist:
    """The distribution of op(x, y) for independent x ~ a, y ~ b."""
    out: Dist = {}
    for (x, px), (y, py) in product(a.items(), b.items()):
        k = op(x, y)
        out[k] = out.get(k, Fraction(0)) + px * py
    return out


def chance(dist: Dist, test: Callable[[int], bool]) -> Fraction:
    return sum((p for k, p in dist.items() if test(k)), Fraction(0))


def at_least(n: int) -> Callable[[int], bool]:
    """A test for `chance`: the value is n or more."""
    return lambda v: v >= n


def below(n: int) -> Callable[[int], bool]:
    """A test for `chance`: the value is less than n."""
    return lambda v: v < n


def above(n: int) -> Callable[[int], bool]:
    """A test for `chance`: the value is more than n."""
    return lambda v: v > n


# -- cards without replacement -------------------------------------------------------------
def sum_counts(values: Iterable[int], k: int) -> tuple[dict[int, int], int]:
    """Ways to draw k of the given cards (one value per card, repeats allowed) by their total,
    and the number of k-card hands C(n, k): a generating polynomial built rank by rank."""
    counts = Counter(values)
    ways: dict[tuple[int, int], int] = {(0, 0): 1}        # (cards taken, total) -> ways
    for v, n in counts.items():
        nxt: dict[tuple[int, int], int] = {}
        for (c, s), w in ways.items():
            for j in range(min(n, k - c) + 1):
                key = (c + j, s + j * v)
                nxt[key] = nxt.get(key, 0) + w * comb(n, j)
        ways = nxt
    by_total = {s: w for (c, s), w in ways.items() if c == k}
    return by_total, comb(sum(counts.values()), k)


def sum_dist(values: Iterable[int], k: int) -> Dist:
    """Distribution of the total of k cards drawn without replacement."""
    by_total, hands = sum_counts(values, k)
    return {s: Fraction(w, hands) for s, w in sorted(by_total.items())}


def mixture(parts: Iterable[tuple[Fraction, Dist]]) -> Dist:
    out: Dist = {}
    for weight, dist in parts:
        for k, p in dist.items():
            out[k] = out.get(k, Fraction(0)) + weight * p
    return out
