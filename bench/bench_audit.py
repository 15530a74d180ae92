"""Benchmark: `printkit audit` of 300 typed records of each game (issue 28: at least 300
records/s wall on 2 cores), beside the naive way measured in the same run.

- printkit: `printkit audit DIR --format json`, a fresh process, as a teacher runs it (a pool
  of one process per core, printkit/batch.py);
- naive: the same records audited one after another in one fresh process
  (`printkit.audit.audit_files(files, workers=1)`).

The records are played by the game's bots (`printkit simulate GAME --seed audit --games N`),
or taken from DIR/sim-GAME/ with `--corpus DIR`. The machine may be shared, so besides wall
time it prints the CPU time a record takes (all processes of the run, from
resource.getrusage) and the records/s that CPU time allows on the cores the pool uses, and
the load average before and after.

    .venv/bin/python bench/bench_audit.py [GAME ...] [--records 300] [--corpus DIR]
    (prints figures; no pass/fail)
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PRINTKIT = str(Path(sys.executable).with_name("printkit"))
TARGET = 300.0          # records a second, wall, on 2 cores
GAMES = ("postcard", "cardbowl", "blowout", "luckdraw", "cardgrid")
NAIVE = ("import sys; from pathlib import Path; from printkit.audit import audit_files, "
         "files_in; audit_files(files_in(Path(sys.argv[1])), workers=1)")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (the process and its workers) of one command."""
    wall, cpu = time.perf_counter(), _children_cpu()
    subprocess.run(cmd, capture_output=True, check=False, cwd=ROOT)
    return time.perf_counter() - wall, _children_cpu() - cpu


def corpus(game: str, records: int, base: Path | None, tmp: Path) -> Path:
    if base is not None:
        return base / f"sim-{game}"
    out = tmp / game
    subprocess.run([PRINTKIT, "simulate", game, "--seed", "audit", "--games", str(records),
                    "--out", str(out)], capture_output=True, check=True, cwd=ROOT)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--records", type=int, default=300)
    ap.add_argument("--corpus", type=Path, default=None)
    args = ap.parse_args()
    cores = len(os.sched_getaffinity(0))
    print(f"printkit audit, {args.records} typed records a game, {cores} cores; load "
          f"{os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games:
            folder = corpus(game, args.records, args.corpus, Path(tmp))
            n = len([p for p in folder.iterdir() if p.suffix == ".rec"])
            naive_wall, naive_cpu = timed([sys.executable, "-c", NAIVE, str(folder)])
            wall, cpu = timed([PRINTKIT, "audit", str(folder), "--format", "json"])
            print(f"  {game:<9} printkit {n / wall:6.0f} records/s wall, "
                  f"{1000 * cpu / n:5.1f} ms CPU a record (all processes: "
                  f"{cores * n / cpu:4.0f} records/s on {cores} cores at that CPU); "
                  f"naive {n / naive_wall:5.0f} records/s wall, "
                  f"{1000 * naive_cpu / n:5.1f} ms CPU a record", flush=True)
    print(f"  target >= {TARGET:.0f} records/s wall on 2 cores; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
