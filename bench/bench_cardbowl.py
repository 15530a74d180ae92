"""Benchmark: Card Bowl games played by the bots per second (issue 32: at least 100 a
second on 2 cores), beside the naive way measured in the same run.

    .venv/bin/python bench/bench_cardbowl.py [GAMES] [--verify]

- naive: one process, every play's deck shuffled through the play book's own stream
  (`GAME.book.stream(seed, "deal/K").shuffle(deck)`, the verifier's way);
- printkit: the bots as `printkit simulate` runs them: the deal shuffled in one pass from a
  per-seed key prefix (engine/cardbowl/deal.py: Book), games on a pool of one process per
  core (printkit/batch.py).

Both play the same seeds and must write the same records byte for byte (checked). Figures
are wall-clock games per second and, since this machine may be shared (wall time then counts
the waits for a core), the CPU time a game takes in each way (for the pool: the parent's and
its workers', from resource.getrusage) and the games per second that CPU time allows on the
pool's workers (`cores / CPU a game`); the load average is printed before and after.
`--verify` also verifies every record (all must be clean).
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


def main(games: int = 400, verify: bool = False) -> int:
    rules = load_rules()
    seeds = [game_seed("bench", k) for k in range(1, games + 1)]
    play = partial(_text, rules)
    load = os.getloadavg()[0]
    with naive():
        slow, slow_wall, slow_cpu = _timed(lambda: [play(s) for s in seeds])
    fast, fast_wall, fast_cpu = _timed(lambda: list(batch.ordered_map(play, seeds)))
    one = max(games // 4, 1)
    _, one_wall, one_cpu = _timed(lambda: [play(s) for s in seeds[:one]])
    cores = batch.workers()
    pool = min(cores, games) if games >= batch.POOL_FROM else 1
    same = slow == fast
    print(f"cardbowl bots, {games} games ({cores} cores; load {load:.1f}):")
    print(f"  naive (one process, the play book's stream per deal): {games / slow_wall:7.1f} "
          f"games/s wall, {1000 * slow_cpu / games:5.1f} ms CPU a game")
    print(f"  printkit, one process:                               {one / one_wall:7.1f} "
          f"games/s wall, {1000 * one_cpu / one:5.1f} ms CPU a game")
    print(f"  printkit, a process per core ({pool} workers):          {games / fast_wall:7.1f} "
          f"games/s wall, {1000 * fast_cpu / games:5.1f} ms CPU a game (all processes) = "
          f"{pool * games / fast_cpu:5.1f} games/s on {pool} cores at that CPU "
          f"(target >= {TARGET:.0f} on 2 cores; naive {pool * games / slow_cpu:5.1f})")
    print(f"  same records both ways: {'yes' if same else 'NO (a bug)'}; "
          f"load {os.getloadavg()[0]:.1f}")
    bad = 0
    if verify:
        from printkit_engine.cardbowl.verify import verify_text

        bad = sum(not verify_text(t, f"{s}.rec", rules).clean for s, t in zip(seeds, fast,
                                                                               strict=True))
        print(f"  verified: {games - bad} clean, {bad} with findings")
    return 0 if same and not bad else 1


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    sys.exit(main(int(args[0]) if args else 400, "--verify" in sys.argv))
