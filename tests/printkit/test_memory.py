"""Rasterising and scanning stream page by page: peak memory does not grow with the book.

A 1,001-page book once ended in MemoryError with --png, and scanning a 2,000-play book took
3.3 GB. Each run here is a fresh process; its peak resident size is read from the kernel.
bench/bench_memory.py runs the full-size books against the 300 MB target.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.helpers import measured

LIMIT_MB = 300
def _peak_mb(*args: str, cwd: Path) -> float:
    peak, code, said, _ = measured(*args, cwd=cwd, timeout=300)
    assert code == 0, said
    return peak


def test_png_pages_stream(tmp_path):
    small = _peak_mb("playbook", "luckdraw", "--seed", "m", "--drives", "10", "--png",
                     "--out", "s/book.pdf", cwd=tmp_path)
    large = _peak_mb("playbook", "luckdraw", "--seed", "m", "--drives", "130", "--png",
                     "--out", "l/book.pdf", cwd=tmp_path)     # four slips a page
    assert len(list((tmp_path / "l").glob("*.png"))) > 30
    assert large < LIMIT_MB
    assert large - small < 25, (small, large)


def test_scan_streams_pages(tmp_path):
    for name, plays in (("s", 20), ("l", 300)):
        r = subprocess.run([sys.executable, "-m", "printkit", "playbook", "cardbowl", "--seed",
                            "m", "--plays", str(plays), "--out", f"{name}.pdf"], cwd=tmp_path,
                           capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
    small = _peak_mb("scan", "s.pdf", cwd=tmp_path)
    large = _peak_mb("scan", "l.pdf", cwd=tmp_path)
    assert large < LIMIT_MB
    assert large - small < 25, (small, large)
