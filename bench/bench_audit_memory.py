"""Benchmark: peak memory of `printkit audit` over a class of 5,004 records with findings (42
each), the report written record by record, beside the naive way (every entry with its
findings kept, then the whole report built as one string), measured in the same run.

Target: under 150 MB (issue 27: 239 MB, the reports kept in memory). The pool's workers are
separate processes; each figure is the parent's peak (the workers' is printed beside it).

    .venv/bin/python bench/bench_audit_memory.py [RECORDS]   (prints figures; no pass/fail)
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_MB = 150
PEAK = """
import resource
with open("/proc/self/status") as fh:
    peak = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM")) / 1024
kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"PEAK {peak:.0f} {kids:.0f}", file=sys.stderr)
"""
CLI = """
import sys
from printkit.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
""" + PEAK
NAIVE = """
import sys
from pathlib import Path
from printkit import audit
from printkit.commands.audit import _entry_text, _standings_text, summary
files = audit.files_in(Path(sys.argv[1]))
entries = audit.audit_files(files)
table = audit.table(entries, [], [])
report = "\\n".join(_entry_text(e) for e in entries) + "\\n\\n" + _standings_text(table) \\
    + "\\n" + summary(entries)
sys.stdout.write(report + "\\n")
""" + PEAK


def peak(code: str, *args: str) -> tuple[float, float, float]:
    """(parent's peak MB, largest worker's peak MB, seconds) of `code` in a fresh process."""
    start = time.perf_counter()
    r = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                       cwd=ROOT)
    seconds = time.perf_counter() - start
    _, mb, kids = r.stderr.strip().splitlines()[-1].split()
    return float(mb), float(kids), seconds


def with_findings() -> str:
    """examples/game.rec with every `= +N` result made `= +N9`: 42 findings."""
    text = (ROOT / "examples" / "game.rec").read_text()
    return re.sub(r"= \+(\d+)", r"= +\g<1>9", text)


def main(records: int = 5000) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "class"
        folder.mkdir()
        text = with_findings()
        for k in range(1, records + 1):
            (folder / f"M{k}.rec").write_text(text)
        for name in ("game.rec", "blowout.rec", "cardgrid.rec", "luckdraw.rec"):
            shutil.copy(ROOT / "examples" / name, folder / name)
        count = records + 4
        for fmt in ("text", "json"):
            mb, kids, s = peak(CLI, "audit", str(folder), "--format", fmt)
            print(f"audit of {count:,} records with findings, --format {fmt}, written record "
                  f"by record: peak {mb:.0f} MB (workers {kids:.0f} MB) in {s:.0f} s "
                  f"(target < {TARGET_MB} MB)")
        mb, kids, s = peak(NAIVE, str(folder))
        print(f"naive (every entry and the whole report kept): peak {mb:.0f} MB (workers "
              f"{kids:.0f} MB) in {s:.0f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
