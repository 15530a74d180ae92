"""Benchmark: Card Bowl games played by the bots per second (issue 32: at least 100 a
second on 2 cores), beside the naive way measured in the same run.

    .venv/bin/python bench/bench_cardbowl.py [GAMES] [--verify]

- naive: one process, every play's deck shuffled through the play book's own stream
  (`GAME.book.stream(seed, "deal/K").shuffle(deck)`, the verifier's way);
- printkit: the bots as `printkit simulate` runs them: the deal shuffled in one pass from a
  per-seed key prefix (engine/cardbowl/deal.py: Book), in one process and on a pool of one
  process per core (printkit/batch.py).

Every way plays the same seeds and must write the same records byte for byte (checked). The
two one-process ways run in turns of a few games over the first half of the seeds, so the
machine's load weighs on both alike (measured one after the other, on different seeds, the
one-process figure had read 33.3 ms against the naive 26.1: the order, not the code; the two
ways ran within 0.2% of each other's instructions). Figures are the CPU time a game takes in
each way (for the pool: the parent's and its workers', from resource.getrusage), the pool's
wall-clock games per second and the games per second its CPU time allows on its workers
(`cores / CPU a game`); the load average is printed before and after. `--verify` also
verifies every record (all must be clean).

Measured 29 November 2026, 03:19 UTC, on a quiet machine (400 games, load 0.2 before and
0.3 after): naive 9.9 ms CPU a game, printkit one process 8.5 ms, the pool 225.8 games/s
wall (8.7 ms CPU a game, 230.2 games/s on 2 cores at that CPU; naive 202.6): the target of
100 is met, 2.3 times over. The figures below were measured beside other helpers' work and
read three times higher in CPU a game: the machine's load, not the code (the instruction
count, which load does not change, is the 67.7 M below).

Measured before (1,000 games, 2 cores shared with other helpers' work, load 14.7 falling to 11.1;
CPU time under that load reads high): naive 28.0 ms CPU a game, printkit one process 25.4
ms, the pool 24.9 ms CPU a game = 80.2 games/s on 2 cores at that CPU (24.4 games/s wall
beside the other work; naive 71.5 in the same run): the target of 100 is not met. The
rounds before: 32.0 ms under load 7.2-15.4, 25.2 ms under 14.8-17.0; the CPU figures of
rounds under different loads do not compare (the instructions below do).
Instructions a game (valgrind --tool=cachegrind, the first 10 games of this bench, the start-up
subtracted, PYTHONHASHSEED=0; steady under load): 90.6 M four rounds ago, 81.9 M, 75.1 M, 74.0
M, 67.7 M after this round (-8.5%). This round cut the play path's structure rather than single
lines: a Situation's `late` and `hurry` are fields worked out once when it is made (read about
1,400 times a game through properties, a frame each); the NamedTuples of every play (situation,
hands, formation, call, field) are made by one C call (`tuple.__new__`) instead of their Python
constructors, which C runs in a frame of their own (about 1,000 instructions each, 1,400 a
game) and the defence's reads and the non-pass calls are made once (71.1 -> 68.4 M together); a
Snap and a Rush store only what a play starts with; fouls, runs and recoveries are made in one
step (engine/frozen.py `fast_init`); the running plays' best gap is worked out only for them.
tests/engine/cardbowl/test_bots_calls.py counts the frames a game runs (no NamedTuple
constructor, 15,512 Python frames; 18,767 before). Of the 67.7 M, a deal is still about
126,000 instructions (210 deals a game, two fifths of a game): 52,000 of them the 17 SHA-256
compressions in CPython's C SHA-256, the rest the hash objects' calls and the 53 swaps (drawing
the 53 positions with one `map` of `%` was tried: 1.2 M a game more). The play itself is about
460,000 bytecodes and 15,000 Python calls a game with no function above 4% (the pass play's
draws, the game loop, settling the result, the line's values and threats, the coach's plan):
Under a load of 11-15 that read as "100 games/s needs about 50 M"; on a
quiet machine 67.7 M is 8.7 ms of CPU a game, and the target holds with room to spare.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from contextlib import contextmanager
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit import batch  # noqa: E402
from printkit_engine.cardbowl import deal  # noqa: E402
from printkit_engine.cardbowl.bots import game_seed, play_game  # noqa: E402
from printkit_engine.cardbowl.rules import load_rules  # noqa: E402

TARGET = 100.0          # games a second on 2 cores (issue 32)


@contextmanager
def naive():
    """Every deal through the play book's stream, as the verifier draws it."""
    fast = deal.Book.deal
    deal.Book.deal = lambda self, k: deal.book_deck(self.seed, k)   # type: ignore[method-assign]
    try:
        yield
    finally:
        deal.Book.deal = fast                                           # type: ignore[method-assign]


def _text(rules, seed: str) -> str:
    return play_game(seed, rules).text()


def _cpu() -> float:
    """CPU seconds of this process and of its children that have ended (a pool's workers)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _timed(fn):
    wall, cpu = time.perf_counter(), _cpu()
    out = fn()
    return out, time.perf_counter() - wall, _cpu() - cpu


def _interleaved(play, seeds: list[str], rounds: int = 8) -> tuple[list[str], list[str],
                                                                   float, float]:
    """The naive way and printkit's one-process way over the same seeds, in turns of a few
    games each (the machine's load then weighs on both alike): each way's records and CPU."""
    slow: list[str] = []
    fast: list[str] = []
    slow_cpu = fast_cpu = 0.0
    size = -(-len(seeds) // rounds)
    for at in range(0, len(seeds), size):
        part = seeds[at:at + size]
        with naive():
            out, _, cpu = _timed(lambda part=part: [play(s) for s in part])
        slow += out
        slow_cpu += cpu
        out, _, cpu = _timed(lambda part=part: [play(s) for s in part])
        fast += out
        fast_cpu += cpu
    return slow, fast, slow_cpu, fast_cpu


def main(games: int = 400, verify: bool = False) -> int:
    rules = load_rules()
    seeds = [game_seed("bench", k) for k in range(1, games + 1)]
    play = partial(_text, rules)
    load = os.getloadavg()[0]
    one = max(games // 2, 1)
    slow, alone, slow_cpu, one_cpu = _interleaved(play, seeds[:one])
    pooled, fast_wall, fast_cpu = _timed(lambda: list(batch.ordered_map(play, seeds)))
    cores = batch.workers()
    pool = min(cores, games) if games >= batch.POOL_FROM else 1
    same = slow == alone == pooled[:one]
    print(f"cardbowl bots, {games} games ({cores} cores; load {load:.1f}):")
    print(f"  naive (one process, the play book's stream per deal): "
          f"{1000 * slow_cpu / one:5.1f} ms CPU a game ({one} games)")
    print(f"  printkit, one process (in turns with the naive way):  "
          f"{1000 * one_cpu / one:5.1f} ms CPU a game ({one} games)")
    print(f"  printkit, a process per core ({pool} workers):          {games / fast_wall:7.1f} "
          f"games/s wall, {1000 * fast_cpu / games:5.1f} ms CPU a game (all processes) = "
          f"{pool * games / fast_cpu:5.1f} games/s on {pool} cores at that CPU "
          f"(target >= {TARGET:.0f} on 2 cores; naive {pool * one / slow_cpu:5.1f})")
    print(f"  same records every way: {'yes' if same else 'NO (a bug)'}; "
          f"load {os.getloadavg()[0]:.1f}")
    bad = 0
    if verify:
        from printkit_engine.cardbowl.verify import verify_text

        bad = sum(not verify_text(t, f"{s}.rec", rules).clean for s, t in zip(seeds, pooled,
                                                                               strict=True))
        print(f"  verified: {games - bad} clean, {bad} with findings")
    return 0 if same and not bad else 1


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    sys.exit(main(int(args[0]) if args else 400, "--verify" in sys.argv))
