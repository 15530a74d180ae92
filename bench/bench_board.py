"""Render the PostCard board N times and print milliseconds per page.

    .venv/bin/python bench/bench_board.py [N]
"""

from __future__ import annotations

import statistics
import sys
import time

from printkit.layout import load_layout
from printkit.sheets import RenderOptions
from printkit.sheets.postcard.board import render


def main(n: int = 20) -> None:
    layout = load_layout("postcard-board")
    render(RenderOptions(), layout)                      # warm-up: fonts, rules cache
    for paper in ("letter", "a4"):
        times = []
        for _ in range(n):
            start = time.perf_counter()
            pdf = render(RenderOptions(paper=paper), layout)
            times.append((time.perf_counter() - start) * 1000)
        print(f"postcard board {paper}: {statistics.mean(times):.1f} ms/page "
              f"(median {statistics.median(times):.1f}, min {min(times):.1f}, n={n}, "
              f"{len(pdf) / 1024:.0f} KiB)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
