"""Benchmark: PostCard Football games simulated per second, and records verified per second
on a corpus of 1,000 simulated games (seeded, so the corpus is the same every run).

    .venv/bin/python bench/bench_verify.py [GAMES]      (prints figures; no pass/fail)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit_engine.postcard.bots import game_seed, play_game  # noqa: E402
from printkit_engine.postcard.rules import load_rules  # noqa: E402
from printkit_engine.postcard.verify import verify_text  # noqa: E402


def main(games: int = 1000) -> None:
    rules = load_rules()
    start = time.perf_counter()
    corpus = [play_game(game_seed("bench", k), rules).text() for k in range(1, games + 1)]
    simulated = time.perf_counter() - start
    lines = sum(text.count("\n") for text in corpus)
    print(f"postcard simulate: {games} games in {simulated:.1f} s = "
          f"{games / simulated:.0f} games/s ({lines / games:.0f} lines per record)")
    start = time.perf_counter()
    findings = 0
    for k, text in enumerate(corpus, start=1):
        findings += len(verify_text(text, f"bench-{k}.rec").findings)
    verified = time.perf_counter() - start
    print(f"postcard verify: {games} records in {verified:.1f} s = "
          f"{games / verified:.0f} records/s, {lines / verified:,.0f} lines/s "
          f"({findings} findings: the corpus is clean)" if not findings else
          f"postcard verify: {findings} FINDINGS in simulated records (a bug)")
    bad = [t.replace("[Seed", "[Note", 1) for t in corpus[:200]]
    start = time.perf_counter()
    for k, text in enumerate(bad, start=1):
        verify_text(text, f"noseed-{k}.rec")
    print(f"postcard verify without Seed tags: {len(bad) / (time.perf_counter() - start):.0f} "
          "records/s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
