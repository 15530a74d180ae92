"""Benchmark: seeded draws per second, and the time to build and render a 200-play book.

Run: .venv/bin/python bench/bench_draws.py   (prints figures; no pass/fail)
"""

from __future__ import annotations

import hashlib
import hmac
import struct
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from printkit.books import render_book  # noqa: E402
from printkit_engine.cardbowl.game import deck as cardbowl_deck  # noqa: E402
from printkit_engine.draws import Stream  # noqa: E402
from printkit_engine.playbook import build, make_spec  # noqa: E402


def _timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def _raw_words(n: int) -> None:
    """The naive way: one fresh HMAC-SHA256 per block, words unpacked (the spec, verbatim)."""
    key = hashlib.sha256(b"printkit-draws/1|postcard|bench|home").digest()
    out: list[int] = []
    for c in range(n // 8):
        out.extend(struct.unpack(">8I", hmac.new(key, c.to_bytes(8, "big"),
                                                 hashlib.sha256).digest()))


def main() -> None:
    n = 600_000
    _, raw = _timed(lambda: _raw_words(n))
    _, secs = _timed(lambda: [w for s in [Stream("postcard", "bench", "home")]
                              for w in (s.word() for _ in range(n))])
    print(f"raw HMAC-SHA256 words: {n / raw:12,.0f} per second (the naive way)")
    print(f"stream words:          {n / secs:12,.0f} per second ({raw / secs:.2f}x raw; "
          "target >= 0.8x)")
    _, secs = _timed(lambda: Stream("postcard", "bench", "home").dice(n))
    print(f"d6 draws:              {n / secs:12,.0f} per second ({raw / secs:.2f}x the raw "
          "word rate)")

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
