"""Benchmark: the PostCard board, milliseconds per page warm, beside the naive way.

The naive way is the same board drawn by reportlab's pure-Python number formatting (the C
accelerator rl_accel blocked), in a second process of the same run. Target (issue #12):
<= 12 ms/page warm.

    .venv/bin/python bench/bench_board.py [N]      (prints figures; no pass/fail)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MS = 12

TIMING = """
import json, statistics, sys, time
if sys.argv[1] == "naive":
    class _Block:
        def find_spec(self, name, path=None, target=None):
            if name == "_rl_accel":
                raise ImportError("blocked: the naive way")
    sys.meta_path.insert(0, _Block())
from printkit import sheets
from printkit.layout import load_layout
printable = sheets.get("postcard", "board")
layout = load_layout(printable.layout)
out = {}
for paper in ("letter", "a4"):
    opts = sheets.RenderOptions(paper=paper)
    sheets.render(printable, opts, layout)               # warm: fonts, rules, layout
    times = []
    for _ in range(int(sys.argv[2])):
        start = time.process_time()
        pdf = sheets.render(printable, opts, layout)
        times.append((time.process_time() - start) * 1000)
    out[paper] = [statistics.median(times), min(times), max(times), len(pdf)]
print(json.dumps(out))
"""


def _measure(mode: str, n: int) -> dict[str, list[float]]:
    done = subprocess.run([sys.executable, "-c", TIMING, mode, str(n)], capture_output=True,
                          text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout)


def main(n: int = 30) -> None:
    ours, naive = _measure("ours", n), _measure("naive", n)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (CPU time per page "
          "grows with the load: caches and cores are shared)")
    for paper in ("letter", "a4"):
        med, low, high, size = ours[paper]
        print(f"postcard board {paper}: {med:.1f} ms/page CPU (min {low:.1f}, max {high:.1f}, "
              f"n={n}, {size / 1024:.0f} KiB); naive (no rl_accel) {naive[paper][0]:.1f} "
              f"ms/page = {naive[paper][0] / med:.1f}x slower; target <= {TARGET_MS} ms")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
