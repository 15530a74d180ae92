"""Benchmark: a classroom pack and a class audit, each beside the naive way in the same run.

Pack: a 32-team round-robin PostCard Football pack (496 matches) drawn into one document
(shared forms, pages streamed to the file as they are finished) and each match's own PDF
copied out of it, beside the naive way (every printable and every
book its own Document, as 496 x `render` + `playbook` would); pages/s, KB per page, and the
KB each added page costs (from a smaller pack); peak memory of each in its own process.
Targets: >= 300 pages/s, <= 5 KB per added page, memory flat.

Audit: 1,000 PostCard records (bot-played, 50 distinct games each 20 times) on 2 cores beside
one process. Target: >= 300 records/s on 2 cores.

    .venv/bin/python bench/bench_classroom.py [--teams 32] [--records 1000]
    (prints figures; no pass/fail)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PACK = """
import json, resource, sys, time
from printkit_engine.classkey import ClassKey
from printkit_engine.tournament import numbered, round_robin
from printkit.classroom import make_plan, render_pack
from printkit.sheets import RenderOptions
teams, naive = int(sys.argv[1]), sys.argv[2] == "naive"
plan = make_plan("postcard", round_robin(numbered(teams)), ClassKey(bytes(32)), "letter")
opts = RenderOptions()
start = time.perf_counter()
if naive:
    from dataclasses import replace
    from printkit_engine.playbook import build, make_spec
    from printkit import sheets
    from printkit.books import render_book
    from printkit.classroom import PackRenderer, recipe
    from printkit.layout import load_layout
    import pikepdf, io
    size = pages = 0
    extras = PackRenderer(plan, opts).extras      # the bubble log's sheets for a whole game
    for mp in plan.matches:
        for p in recipe("postcard"):
            o = replace(opts, home=mp.match.home, away=mp.match.away,
                        extra={"seed": mp.seed, **extras[p.sheet]})
            pdf = sheets.render(p, o, load_layout(p.layout))
            size += len(pdf); pages += len(pikepdf.open(io.BytesIO(pdf)).pages)
        pdf = render_book(build(make_spec("postcard", mp.seed, None, None, None)), "letter")
        size += len(pdf); pages += len(pikepdf.open(io.BytesIO(pdf)).pages)
else:
    import tempfile
    singles = []
    with tempfile.TemporaryFile() as fh:      # streamed page by page, as the CLI does
        _, _, pages = render_pack(plan, opts, out=fh, singles_too=sys.argv[2] == "pack",
                                  sink=lambda stem, data: singles.append(len(data)))
        size = fh.seek(0, 2)
seconds = time.perf_counter() - start
print(json.dumps({"pages": pages, "bytes": size, "seconds": seconds,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def run(code: str, *args: str) -> dict:
    r = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                       check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def bench_pack(teams: int) -> None:
    print(f"pack: {teams}-team round-robin PostCard Football "
          f"({teams * (teams - 1) // 2} matches), combined PDF, one core")
    small = run(PACK, str(max(2, teams // 2)), "pack")
    big = run(PACK, str(teams), "pack")
    alone = run(PACK, str(teams), "combined")
    huge = run(PACK, "50", "pack")
    naive = run(PACK, str(teams), "naive")
    added = (big["bytes"] - small["bytes"]) / max(1, big["pages"] - small["pages"]) / 1024
    for name, r in (("pack + match PDFs", big), ("pack alone (no match PDFs)", alone),
                    ("naive (a document each)", naive)):
        print(f"  {name:<26} {r['pages']:>6} pages {r['pages'] / r['seconds']:>7.0f} pages/s "
              f"{r['bytes'] / r['pages'] / 1024:>6.1f} KB/page  peak {r['peak_mb']:.0f} MB")
    print(f"  KB per added page (pack of {max(2, teams // 2)} -> {teams} teams): {added:.1f}"
          f"   target <= 5")
    print(f"  memory: {small['peak_mb']:.0f} MB for {small['pages']} pages, "
          f"{big['peak_mb']:.0f} MB for {big['pages']} pages, {huge['peak_mb']:.0f} MB for "
          f"{huge['pages']} pages (50 teams, {huge['pages'] / huge['seconds']:.0f} pages/s); "
          f"pack alone {alone['peak_mb']:.0f} MB   target: flat, < 150 MB for 10,000 pages")
    print("  pages/s target >= 300")


def bench_audit(records: int) -> None:
    from printkit.audit import audit_files
    from printkit_engine import registry

    game = registry.get("postcard")
    rules = game.rules()
    with tempfile.TemporaryDirectory() as tmp:
        base = [game.bots.play(f"bench-{k}", rules, date=None).text() for k in range(50)]
        files = []
        for n in range(records):
            path = Path(tmp) / f"r{n:05d}.rec"
            path.write_text(base[n % len(base)])
            files.append(path)
        print(f"audit: {records} PostCard records")
        for workers in (1, 2):
            start = time.perf_counter()
            entries = audit_files(files, workers=workers)
            seconds = time.perf_counter() - start
            assert len(entries) == records
            print(f"  {workers} process{'es' if workers > 1 else ''}: "
                  f"{records / seconds:>7.0f} records/s ({seconds:.1f} s)")
        print("  target >= 300 records/s on 2 cores")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--teams", type=int, default=32)
    ap.add_argument("--records", type=int, default=1000)
    args = ap.parse_args()
    bench_audit(args.records)
    bench_pack(args.teams)


if __name__ == "__main__":
    main()
