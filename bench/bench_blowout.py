"""BLOWOUT!!!: simulate games with the seeded bots, verify every record (all must be clean),
and print the balance figures docs/rules/blowout.md reports (computed from record text).

    .venv/bin/python bench/bench_blowout.py [GAMES]      (default 1000; seeds balance-0001...)

Exits 1 if any simulated record has a finding or does not reach the end of the game.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit_engine.blowout.bots import game_seed, play_game  # noqa: E402
from printkit_engine.blowout.rules import load_rules  # noqa: E402
from printkit_engine.blowout.stats import figures  # noqa: E402
from printkit_engine.blowout.verify import verify_text  # noqa: E402


def main(games: int = 1000) -> int:
    rules = load_rules()
    start = time.perf_counter()
    corpus = [play_game(game_seed("balance", k), rules).text() for k in range(1, games + 1)]
    simulated = time.perf_counter() - start
    start = time.perf_counter()
    bad = 0
    for k, text in enumerate(corpus, start=1):
        report = verify_text(text, f"balance-{k:04d}.rec", rules)
        if not report.clean or "game not over" in report.summary():
            bad += 1
            print(report.to_text())
    verified = time.perf_counter() - start
    print(f"blowout: {games} games simulated in {simulated:.1f} s, verified in "
          f"{verified:.1f} s; {games - bad} clean, {bad} with findings")
    print("\n| figure | value |\n|---|---|")
    for name, value in figures(corpus, rules).table():
        print(f"| {name} | {value} |")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
