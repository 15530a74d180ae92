"""How many findings one random slip in a simulated grid-game record gives (the verifier aims
at exactly one). Prints a table: slip kind, findings per mutated record.

Slips: a passage's card changed or dropped, its start, next spot or first total changed (the
mutations of tests/oracle/test_cardgrid_text.py), and any line left out, written twice or
with one token reversed (what the kernel port was measured with).

    .venv/bin/python bench/cardgrid_slips.py [GAMES]
"""

from __future__ import annotations

import collections
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from printkit_engine.cardgrid.bots import play  # noqa: E402
from printkit_engine.cardgrid.verify import verify_text  # noqa: E402
from tests.oracle.test_cardgrid_text import KINDS, mutate  # noqa: E402


def main(games: int = 300) -> None:
    rng = random.Random(5)
    dist: collections.Counter = collections.Counter()
    for k in range(games):
        lines = play(f"slip-{k}").text().splitlines()
        kind = rng.choice(KINDS)
        mutated, _ = mutate(lines, kind, rng)
        if mutated == lines:
            continue
        n = len(verify_text("\n".join(mutated) + "\n", "m").findings)
        dist[kind, n if n <= 2 else "3+"] += 1
    for (kind, n), count in sorted(dist.items(), key=str):
        print(f"{kind:9} {n!s:>3} findings: {count}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
