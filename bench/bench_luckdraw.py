"""Benchmark: Luck of the Draw games simulated and verified per second for every player count,
and a one-slip pass: in each record one scoring event's points are changed by one, which must
give exactly one finding (LD-EVENT-001 on that line).

    .venv/bin/python bench/bench_luckdraw.py [GAMES PER PLAYER COUNT]   (prints figures)
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit_engine.luckdraw.bots import game_seed, play_game  # noqa: E402
from printkit_engine.luckdraw.rules import load_rules  # noqa: E402
from printkit_engine.luckdraw.verify import verify_text  # noqa: E402

EVENT = re.compile(r"^([A-Z/]+ [a-z0-9+]+ P\d) (-?\d+)$")      # CARD word HOLDER POINTS


def main(games: int = 100) -> None:
    rules = load_rules()
    corpus: list[str] = []
    start = time.perf_counter()
    for players in range(2, 9):
        corpus += [play_game(game_seed(f"bench{players}", k), rules, players=players).text()
                   for k in range(1, games + 1)]
    simulated = time.perf_counter() - start
    lines = sum(t.count("\n") for t in corpus)
    print(f"luckdraw simulate: {len(corpus)} games in {simulated:.1f} s = "
          f"{len(corpus) / simulated:.0f} games/s ({lines / len(corpus):.0f} lines per record)")
    start = time.perf_counter()
    findings = sum(len(verify_text(t, f"b{k}.rec", rules).findings)
                   for k, t in enumerate(corpus))
    verified = time.perf_counter() - start
    print(f"luckdraw verify: {len(corpus)} records in {verified:.1f} s = "
          f"{len(corpus) / verified:.0f} records/s, {lines / verified:,.0f} lines/s, "
          f"{findings} findings" + (" (a bug)" if findings else " (clean)"))
    wrong = 0
    for text in corpus:
        rows = text.split("\n")
        at = next(i for i, row in enumerate(rows) if EVENT.match(row))
        head, points = EVENT.match(rows[at]).groups()  # type: ignore[union-attr]
        rows[at] = f"{head} {int(points) + 1}"
        found = [(f.line, f.rule) for f in verify_text("\n".join(rows), "m", rules).findings]
        wrong += found != [(at + 1, "LD-EVENT-001")]
    print(f"luckdraw one-slip pass (points + 1): {len(corpus) - wrong} of {len(corpus)} records "
          "give exactly the one finding")
    for name, slip in (("holder", _other_holder), ("event left out", _left_out)):
        counts = [len(verify_text(slip(text), "m", rules).findings) for text in corpus]
        print(f"luckdraw one-slip pass ({name}): {counts.count(1)} of {len(corpus)} records give "
              "exactly one finding")


def _first_event(rows: list[str]) -> int:
    return next(i for i, row in enumerate(rows) if EVENT.match(row))


def _other_holder(text: str) -> str:
    """The first event credited to the next seat."""
    rows = text.split("\n")
    at = _first_event(rows)
    players = int(re.search(r'\[Players "(\d)"\]', text).group(1))  # type: ignore[union-attr]
    card, word, seat, points = rows[at].split()
    rows[at] = f"{card} {word} P{int(seat[1:]) % players + 1} {points}"
    return "\n".join(rows)


def _left_out(text: str) -> str:
    """The first event not written (the running totals still count it)."""
    rows = text.split("\n")
    rows[_first_event(rows)] = "; (not written)"
    return "\n".join(rows)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
