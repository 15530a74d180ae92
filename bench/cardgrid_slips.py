"""How many findings one random slip in a simulated grid-game record gives (the verifier aims
at exactly one). Prints a table: slip kind, findings per mutated record.

    .venv/bin/python bench/cardgrid_slips.py [GAMES]
"""

from __future__ import annotations

import collections
import random
import re
import sys

from engine.cardgrid.bots import play
from engine.cardgrid.verify import verify_text
from engine.cards import RANKS
from engine.errors import ReadError

CARDS = [r + s for r in RANKS for s in "CDHS"]


def mutate(line: str, kind: str, rng: random.Random) -> str:
    head, rest = line.split(":", 1)
    cards, tail = rest.split("=", 1)
    toks = cards.split()
    if kind == "card":
        toks[rng.randrange(len(toks))] = rng.choice(CARDS)
    elif kind == "drop" and len(toks) > 1:
        del toks[rng.randrange(len(toks))]
    elif kind == "start":
        head = re.sub(r"\d+", lambda m: str(int(m.group()) % 10 + 2), head)
    elif kind == "next":
        tail = re.sub(r"(\d+)$", lambda m: str(int(m.group(1)) % 10 + 2), tail)
    elif kind == "score":
        tail = re.sub(r"(\d+)-", lambda m: f"{int(m.group(1)) + 1}-", tail, count=1)
    return f"{head}: {' '.join(toks)} ={tail}"


def main(games: int = 300) -> None:
    rng = random.Random(5)
    dist: collections.Counter = collections.Counter()
    for k in range(games):
        lines = play(f"slip-{k}").text().splitlines()
        body = [i for i, ln in enumerate(lines) if ":" in ln and not ln.startswith("[")]
        i = rng.choice(body)
        kind = rng.choice(["card", "drop", "start", "next", "score"])
        new = mutate(lines[i], kind, rng)
        if new == lines[i]:
            continue
        lines[i] = new
        try:
            n: object = len(verify_text("\n".join(lines), "m").findings)
        except ReadError:
            n = "unreadable"
        dist[kind, n if n in (0, 1, 2, "unreadable") else "3+"] += 1
    for (kind, n), count in sorted(dist.items(), key=str):
        print(f"{kind:6} {n!s:>10} findings: {count}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
