"""Benchmark: peak memory of a play book by its page count, beside the naive way measured in
the same run (issue #28: memory must stay flat with pages, under 150 MB at 10,000).

Each figure is one fresh process's peak resident memory (resource.getrusage ru_maxrss):
`printkit playbook GAME` at a small and at the largest count the CLI allows, and the growth
per page between the two. The naive way is the same book with the whole document built in
memory, as reportlab does by default (every page object and content stream kept until the
document is saved, then the bytes held and handed back); that is where a book's memory grew
with its pages before printkit streamed them. 10,000 pages is extrapolated from the growth
per page.

    .venv/bin/python bench/bench_book_memory.py      (prints figures; no pass/fail)
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MB = 150
PAGES_TARGET = 10_000
# (game, count option, small count, largest count the CLI allows)
BOOKS = (("blowout", "--plays", 200, 2000), ("cardbowl", "--plays", 200, 2000),
         ("cardgrid", "--plays", 200, 2000), ("postcard", "--plays", 200, 2000),
         ("luckdraw", "--drives", 200, 2000))

PRINTKIT = """
import resource, sys
from printkit.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(f"PEAK {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}", file=sys.stderr)
"""

# reportlab's own document: no page written before the end (printkit.pdfstream undone)
NAIVE = """
import resource, sys
from printkit_engine.playbook import build, make_spec
from printkit import pdfdoc
from printkit.books import render_book


class Whole:
    def __init__(self, canvas, sink):
        self.canvas = canvas

    def flush_page(self):
        pass

    def share_xobjects(self):
        pass

    def compress_pages(self, level):
        pass


pdfdoc.stream_canvas = Whole
game, option, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
spec = make_spec(game, "mem", **{option.lstrip("-"): count})
book = build(spec)
original = pdfdoc.Document.finish


def finish(self):
    original(self)
    return self.canvas._filename.getvalue()     # the whole file, held as reportlab does


pdfdoc.Document.finish = finish
pdf = render_book(book, "letter")
print(f"PEAK {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}", file=sys.stderr)
"""


def _run(code: str, *args: str, cwd: Path) -> dict[str, float]:
    r = subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, capture_output=True,
                       text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    figures = {}
    for line in r.stderr.splitlines():
        word, _, value = line.partition(" ")
        if word == "PEAK":
            figures[word] = float(value)
    if "PEAK" not in figures:
        raise RuntimeError(f"{args}: {r.stderr[-2000:]}")
    return figures


def pages_of(path: Path) -> int:
    import pypdfium2 as pdfium

    return len(pdfium.PdfDocument(str(path)))


def main() -> None:
    print(f"| book | pages | peak MB | naive peak MB | KB/page | naive KB/page | "
          f"{PAGES_TARGET:,} pages MB (target < {TARGET_MB}) |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        cwd = Path(tmp)
        for game, option, small, large in BOOKS:
            rows = []
            for count in (small, large):
                out = cwd / f"{game}-{count}.pdf"
                mine = _run(PRINTKIT, "playbook", game, "--seed", "mem", option, str(count),
                            "--out", str(out), "--force", cwd=cwd)
                naive = _run(NAIVE, game, option, str(count), cwd=cwd)
                rows.append((pages_of(out), mine["PEAK"] / 1024, naive["PEAK"] / 1024))
            (p0, m0, n0), (p1, m1, n1) = rows
            per = (m1 - m0) * 1024 / max(1, p1 - p0)
            naive_per = (n1 - n0) * 1024 / max(1, p1 - p0)
            at_target = m1 + per * (PAGES_TARGET - p1) / 1024
            for pages, mb, nmb in rows:
                print(f"| {game} | {pages:,} | {mb:.0f} | {nmb:.0f} | | | |")
            print(f"| {game} growth | | | | {per:.1f} | {naive_per:.1f} | {at_target:.0f} |")


if __name__ == "__main__":
    main()
