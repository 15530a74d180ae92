"""Benchmark: the PostCard board, milliseconds per page warm, beside the naive way.

Ours: every board after a process's first resumes the board's art (field, trackers, panels,
charts: all but the team names) from a snapshot of the document it was first drawn into
(printkit.pdfsnapshot), then draws the names; page stream compressed at zlib 3. The naive way
is the board drawn in full on every page (no kept art: Document.fresh() patched to False) with
reportlab's pure-Python number formatting (the C accelerator rl_accel blocked), in a second
process of the same run. Target (issues #12, #28): <= 12 ms/page warm under light load.

CPU time grows with the machine's load (caches and cores are shared), so `--instructions`
counts instructions instead (valgrind's cachegrind, the same for any load): a process
rendering 20 boards less one rendering none (both warm one first), per page, ours and naive.
Issue #28 (28 November 2026): 73.4 M instructions a page before the art was kept, 33.6 M
after (54% fewer); CPU 27.4 -> 11.9 ms a page at load 13 on 2 cores. Then the kept snapshot
pickled once and unpickled per page (not deep-copied), and its forms written once per process
(printkit.pdfsnapshot): 16.8 M instructions a page (naive 101.1 M, 6.0x more); CPU 7.2 ms
(letter) and 8.0 ms (A4) a page at load 15 (naive 39.0 / 40.0) in the same run; on the quiet
machine (load 1.5): 4.2 / 3.6 ms a page (naive 22.9 / 20.8).

    .venv/bin/python bench/bench_board.py [N]              (prints figures; no pass/fail)
    .venv/bin/python bench/bench_board.py --instructions   (needs valgrind; ~4 minutes)
"""

from __future__ import annotations

import json
import os
import shutil
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
    from printkit.pdfdoc import Document
    Document.fresh = lambda self: False                   # never kept, never resumed
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
    if times:                                             # none: counting instructions
        out[paper] = [statistics.median(times), min(times), max(times), len(pdf)]
print(json.dumps(out))
"""


INSTRUCTION_PAGES = 20


def _instructions(mode: str, n: int) -> int:
    """Instructions cachegrind counts for a process that warms one board per paper and then
    renders `n` boards on each paper (TIMING)."""
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=/dev/null", sys.executable, "-c", TIMING,
                           mode, str(n)], capture_output=True, text=True, check=True, cwd=ROOT)
    for line in done.stderr.splitlines():
        if "I" in line and "refs:" in line:
            return int(line.split("refs:")[1].replace(",", "").strip())
    raise RuntimeError("cachegrind printed no instruction count")


def instructions() -> None:
    """Instructions a board page, ours and naive: (n pages) - (0 pages), per page."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind")
    per = {}
    for mode in ("ours", "naive"):
        base = _instructions(mode, 0)
        per[mode] = (_instructions(mode, INSTRUCTION_PAGES) - base) / (2 * INSTRUCTION_PAGES)
    print(f"postcard board: {per['ours'] / 1e6:.1f} M instructions/page (letter and a4, "
          f"{INSTRUCTION_PAGES} each); naive {per['naive'] / 1e6:.1f} M = "
          f"{per['naive'] / per['ours']:.1f}x more")


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
              f"n={n}, {size / 1024:.0f} KiB); naive (drawn in full, no rl_accel) "
              f"{naive[paper][0]:.1f} "
              f"ms/page = {naive[paper][0] / med:.1f}x slower; target <= {TARGET_MS} ms")


if __name__ == "__main__":
    if sys.argv[1:] == ["--instructions"]:
        instructions()
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
