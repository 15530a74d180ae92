"""Benchmark: seeded draws per second, and the time to build and render a 200-play book.

Run: .venv/bin/python bench/bench_draws.py   (prints figures; no pass/fail)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cardbowl.game import deck as cardbowl_deck  # noqa: E402
from engine.draws import Stream  # noqa: E402
from engine.playbook import build, make_spec  # noqa: E402
from printkit.books import render_book  # noqa: E402


def _timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def main() -> None:
    n = 600_000
    _, secs = _timed(lambda: Stream("postcard", "bench", "home").dice(n))
    print(f"d6 draws:              {n / secs:12,.0f} per second")

    shuffles = 20_000
    deck = cardbowl_deck()
    _, secs = _timed(lambda: [Stream("cardbowl", "bench", f"deal/{k}").shuffle(deck)
                              for k in range(1, shuffles + 1)])
    print(f"54-card shuffles:      {shuffles / secs:12,.0f} per second "
          f"({shuffles * len(deck) / secs:,.0f} cards per second)")

    for game, kwargs in (("postcard", {"plays": 200}), ("cardbowl", {"plays": 200}),
                         ("cardgrid", {"plays": 200}), ("blowout", {"plays": 200}),
                         ("luckdraw", {"drives": 200, "players": 8})):
        book, build_s = _timed(lambda g=game, k=kwargs: build(make_spec(g, "bench", **k)))
        pdf, render_s = _timed(lambda b=book: render_book(b, "letter"))
        print(f"200-play {game:9s} book: build {build_s * 1000:7.0f} ms, render "
              f"{render_s * 1000:7.0f} ms, {book.draws:6d} draws, {len(pdf) / 1024:6.0f} KiB")


if __name__ == "__main__":
    main()
