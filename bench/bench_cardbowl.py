"""Benchmark: Card Bowl games played by the bots per second (issue 32: at least 100 a
second on 2 cores), beside the naive way measured in the same run.

    .venv/bin/python bench/bench_cardbowl.py [GAMES] [--verify]

- naive: one process, every play's deck shuffled through the play book's own stream
  (`GAME.book.stream(seed, "deal/K").shuffle(deck)`, the verifier's way);
- printkit: the bots as `printkit simulate` runs them: the deal shuffled in one pass from a
  per-seed key prefix (engine/cardbowl/deal.py: Book), games on a pool of one process per
  core (printkit/batch.py).

Both play the same seeds and must write the same records byte for byte (checked). Figures
are wall-clock games per second; CPU seconds per game are printed too, since this machine may
be shared. `--verify` also verifies every record (all must be clean).
"""

from __future__ import annotations

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


def _timed(fn):
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def main(games: int = 400, verify: bool = False) -> int:
    rules = load_rules()
    seeds = [game_seed("bench", k) for k in range(1, games + 1)]
    play = partial(_text, rules)
    with naive():
        slow, slow_wall, slow_cpu = _timed(lambda: [play(s) for s in seeds])
    fast, fast_wall, _ = _timed(lambda: list(batch.ordered_map(play, seeds)))
    _, one_wall, one_cpu = _timed(lambda: [play(s) for s in seeds[: max(games // 4, 1)]])
    one = max(games // 4, 1)
    same = slow == fast
    print(f"cardbowl bots, {games} games ({batch.workers()} cores):")
    print(f"  naive (one process, the play book's stream per deal): {games / slow_wall:7.1f} "
          f"games/s, {1000 * slow_cpu / games:5.1f} ms CPU a game")
    print(f"  printkit, one process:                               {one / one_wall:7.1f} "
          f"games/s, {1000 * one_cpu / one:5.1f} ms CPU a game")
    print(f"  printkit, a process per core:                        {games / fast_wall:7.1f} "
          f"games/s (target >= {TARGET:.0f} on 2 cores; "
          f"{slow_wall / fast_wall:.1f}x the naive way)")
    print(f"  same records both ways: {'yes' if same else 'NO (a bug)'}")
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
