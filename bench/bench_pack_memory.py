"""Benchmark: peak memory of a classroom pack with every match's own PDF copied out of it
(issue 28: flat, under 150 MB at 10,000 pages), at three class sizes, each in a fresh process.

For each size it prints the pages, the peak RSS (resource.getrusage) once the pack is drawn
and at the end (the match copies made), and the KB each added page costs between the sizes;
beside it, measured in the same run, the naive way: the whole pack opened once and every
match copied out of that one open file (what printkit did before; qpdf keeps every page it
has copied from, about 8-9 KB a page).

    .venv/bin/python bench/bench_pack_memory.py [TEAMS ...] [--game postcard] [--naive]
    (default 20 40 72 teams; prints figures; no pass/fail)

Measured 28 November 2026 on the shared 2-core machine, load average 14-15 (`12 24 --naive`;
the default sizes take most of an hour at that load): printkit 54.3 MB at 1,056 pages and
58.6 MB at 4,416 (1.33 KB a page added, all of it the drawing's: drawn 41.9 and 45.9 MB;
66 MB extrapolated at 10,000 pages); naive 57.6 and 85.7 MB (8.56 KB a page, 132 MB). Each
run of matches is opened through a view of the pack listing only its own pages
(printkit/pdfruns.py); opened whole for each run, as before, the copies added 5.2 KB a page
(the same sizes, measured the same day by a script like this one).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MB = 150.0
TARGET_PAGES = 10_000

PACK = """
import json, resource, sys, tempfile, time
from printkit import classroom
from printkit.classroom import make_plan, render_pack
from printkit.sheets import RenderOptions
from printkit_engine.classkey import ClassKey
from printkit_engine.tournament import numbered, round_robin

game, teams, naive = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "naive"
plan = make_plan(game, round_robin(numbered(teams)), ClassKey(bytes(32)), "letter")
peak = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
drawn = {}
split = classroom.split_matches

def measured(*args, **kwargs):
    drawn["mb"] = peak()
    return (naive_split if naive else split)(*args, **kwargs)

def naive_split(pack, combined, spans, put):
    import pikepdf
    title = classroom.registry.get(pack.plan.game).title
    combined.seek(0)
    with pikepdf.open(combined) as src:
        prefs = src.Root.get("/ViewerPreferences")
        for span in spans:
            put(span.plan.stem, classroom._copy_out(src.pages, span, prefs, title, pack))

classroom.split_matches = measured
sizes = []
start = time.perf_counter()
with tempfile.TemporaryFile() as fh:
    _, _, pages = render_pack(plan, RenderOptions(), out=fh,
                              sink=lambda stem, data: sizes.append(len(data)))
print(json.dumps({"pages": pages, "matches": len(sizes), "seconds": time.perf_counter() - start,
                  "drawn_mb": drawn["mb"], "peak_mb": peak()}))
"""


def run(game: str, teams: int, how: str) -> dict:
    r = subprocess.run([sys.executable, "-c", PACK, game, str(teams), how], capture_output=True,
                       text=True, check=True, cwd=ROOT)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("teams", type=int, nargs="*", default=[20, 40, 72])
    ap.add_argument("--game", default="postcard")
    ap.add_argument("--naive", action="store_true", help="also the naive way at each size")
    args = ap.parse_args()
    ways = ("printkit", "naive") if args.naive else ("printkit",)
    print(f"classroom pack memory, {args.game}, round robin (peak RSS, fresh process each)")
    results: dict[str, list[dict]] = {w: [] for w in ways}
    for teams in sorted(args.teams):
        for way in ways:
            r = run(args.game, teams, way)
            results[way].append(r)
            print(f"  {way:<8} {teams:>3} teams {r['matches']:>5} matches {r['pages']:>6} "
                  f"pages: drawn {r['drawn_mb']:6.1f} MB, with the match copies "
                  f"{r['peak_mb']:6.1f} MB ({r['pages'] / r['seconds']:.0f} pages/s)",
                  flush=True)
    for way, rs in results.items():
        if len(rs) < 2:
            continue
        lo, hi = rs[0], rs[-1]
        per_page = (hi["peak_mb"] - lo["peak_mb"]) * 1024 / max(1, hi["pages"] - lo["pages"])
        at = hi["peak_mb"] + per_page * (TARGET_PAGES - hi["pages"]) / 1024
        measured = "measured" if hi["pages"] >= TARGET_PAGES else "extrapolated"
        print(f"  {way}: {per_page:.2f} KB a page added; {TARGET_PAGES:,} pages: "
              f"{at:.0f} MB ({measured}; target < {TARGET_MB:.0f} MB)")


if __name__ == "__main__":
    time.sleep(0)
    main()
