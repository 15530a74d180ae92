"""Benchmark: peak memory of `printkit scan BOOK.pdf` by the book's page count, beside the
naive way measured in the same run (issue #28: the comparison of the printed draws with the
seed's built the whole book up front; memory must stay flat with pages).

Each figure is one fresh process's peak resident memory (resource.getrusage ru_maxrss) and
its CPU seconds, scanning a book printed by `printkit playbook GAME` at a small and a large
count. printkit's way: the QR re-derived and the printed draws compared stream by stream
(printkit_engine.playbook.lazy, printkit.books.readback.expected), each page read and let
go. The naive way: the same command with every stream of the book drawn and kept
(playbook.build) for the QR check and again for the comparison, and the expected draws
made into one list before the first page is read, as scan did before.

    .venv/bin/python bench/bench_scan_memory.py [--small N] [--large N] [GAME ...]
    (prints figures; no pass/fail)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("blowout", "cardbowl", "cardgrid", "postcard", "luckdraw")

SCAN = """
import resource, sys
from printkit.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
usage = resource.getrusage(resource.RUSAGE_SELF)
print(f"PEAK {usage.ru_maxrss}", file=sys.stderr)
print(f"CPU {usage.ru_utime + usage.ru_stime}", file=sys.stderr)
"""

# the same command, the book built whole (twice) and the expected draws listed up front
NAIVE = """
import resource, sys
from printkit_engine import playbook
from printkit.books import readback
from printkit.cli import main

playbook.lazy = lambda spec, wrap=None: playbook.build(spec, wrap)
lazy_expected = readback.expected
readback.expected = lambda book: iter(list(lazy_expected(book)))
try:
    main(sys.argv[1:])
except SystemExit:
    pass
usage = resource.getrusage(resource.RUSAGE_SELF)
print(f"PEAK {usage.ru_maxrss}", file=sys.stderr)
print(f"CPU {usage.ru_utime + usage.ru_stime}", file=sys.stderr)
"""


def _run(code: str, *args: str, cwd: Path) -> dict[str, float]:
    r = subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True,
                       text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    figures = {}
    for line in r.stderr.splitlines():
        word, _, value = line.partition(" ")
        if word in ("PEAK", "CPU"):
            figures[word] = float(value)
    if "PEAK" not in figures or "all" not in r.stdout:
        raise RuntimeError(f"{args}: {r.stdout[-1000:]} {r.stderr[-2000:]}")
    return figures


def pages_of(path: Path) -> int:
    import pypdfium2 as pdfium

    return len(pdfium.PdfDocument(str(path)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--large", type=int, default=1000)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    print("| book | pages | scan peak MB | naive peak MB | scan CPU s | naive CPU s |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        cwd = Path(tmp)
        for game in args.games:
            option = "--drives" if game == "luckdraw" else "--plays"
            rows = []
            for count in (args.small, args.large):
                out = cwd / f"{game}-{count}.pdf"
                subprocess.run([sys.executable, "-m", "printkit", "playbook", game, "--seed",
                                "scan", option, str(count), "--out", str(out), "--force"],
                               cwd=cwd, check=True, capture_output=True,
                               env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
                mine = _run(SCAN, "scan", str(out), cwd=cwd)
                naive = _run(NAIVE, "scan", str(out), cwd=cwd)
                rows.append((pages_of(out), mine, naive))
                print(f"| {game} {option[2:]} {count} | {rows[-1][0]:,} | "
                      f"{mine['PEAK'] / 1024:.0f} | {naive['PEAK'] / 1024:.0f} | "
                      f"{mine['CPU']:.1f} | {naive['CPU']:.1f} |", flush=True)
            (p0, m0, n0), (p1, m1, n1) = rows
            per = (m1["PEAK"] - m0["PEAK"]) / max(1, p1 - p0)
            naive_per = (n1["PEAK"] - n0["PEAK"]) / max(1, p1 - p0)
            print(f"| {game} growth KB/page | | {per:.1f} | {naive_per:.1f} | | |")


if __name__ == "__main__":
    main()
