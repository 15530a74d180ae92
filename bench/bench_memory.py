"""Benchmark: peak memory while rasterising (--png) and scanning the largest play books,
beside the naive way (every page rasterised into memory at once) measured in the same run.

Target: under 300 MB for any book the CLI can make (issue: bad inputs, memory and time).

    .venv/bin/python bench/bench_memory.py      (prints figures; no pass/fail)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_MB = 300
CLI = """
import resource, sys
from printkit.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(f"PEAK {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}", file=sys.stderr)
"""
NAIVE = """
import resource, sys
import pypdfium2 as pdfium
pdf = pdfium.PdfDocument(sys.argv[1])
pages = [pdf[i].render(scale=150 / 72).to_pil() for i in range(len(pdf))]
print(f"PEAK {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f}", file=sys.stderr)
"""


def peak(code: str, *args: str, cwd: Path) -> tuple[float, float]:
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True,
                       text=True)
    seconds = time.perf_counter() - start
    return float(r.stderr.strip().splitlines()[-1].split()[1]), seconds


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cwd = Path(tmp)
        mb, s = peak(CLI, "playbook", "luckdraw", "--seed", "mem", "--drives", "1001", "--png",
                     "--out", "ld/book.pdf", cwd=cwd)
        pages = len(list((cwd / "ld").glob("*.png")))
        naive, ns = peak(NAIVE, "ld/book.pdf", cwd=cwd)
        print(f"--png, Luck of the Draw 1001 drives ({pages} pages): peak {mb:.0f} MB in "
              f"{s:.0f} s (target < {TARGET_MB} MB); naive all-pages-at-once: {naive:.0f} MB")
        peak(CLI, "playbook", "cardbowl", "--seed", "mem", "--plays", "2000", "--out", "cb.pdf",
             cwd=cwd)
        mb, s = peak(CLI, "scan", "cb.pdf", cwd=cwd)
        naive, ns = peak(NAIVE, "cb.pdf", cwd=cwd)
        print(f"scan, Card Bowl 2000 plays: peak {mb:.0f} MB in {s:.0f} s (target < "
              f"{TARGET_MB} MB); naive all-pages-at-once: {naive:.0f} MB")


if __name__ == "__main__":
    main()
