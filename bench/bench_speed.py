"""Benchmark: the command line's speed, each figure beside its target and the naive way
measured in the same run (issue #12).

- `printkit --help` start-up; naive: the same CLI with every heavy library imported up front.
- a one-page render from the CLI (`render postcard board`), whole process (median of 9 fresh
  processes, wall and CPU); naive: the same command with every library and game imported up
  front.
- `printkit verify DIR` over 1,000 PostCard records and 1,000 Card Bowl play notes, one call
  (a process pool on the cores it may use); naive: the same files verified one after another
  in one process.
- `printkit simulate postcard --games 1000`, one call; naive: the same games played one after
  another in one process.

    .venv/bin/python bench/bench_speed.py [RECORDS]      (prints figures; no pass/fail)
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit_engine.cardbowl.verify import verify_text as cardbowl_verify  # noqa: E402
from printkit_engine.postcard.bots import game_seed, play_game  # noqa: E402
from printkit_engine.postcard.rules import load_rules  # noqa: E402
from printkit_engine.postcard.verify import verify_text as postcard_verify  # noqa: E402

PRINTKIT = str(Path(sys.executable).with_name("printkit"))
EAGER = ("import reportlab.pdfgen.canvas, PIL.Image, pypdfium2, qrcode, zxingcpp, pikepdf, "
         "rich.progress; import printkit.cli, sys; sys.argv = ['printkit', '--help']; "
         "printkit.cli.main()")

EAGER_RENDER = ("import reportlab.pdfgen.canvas, PIL.Image, pypdfium2, qrcode, zxingcpp, "
                "pikepdf, rich.progress, numpy, cv2; from printkit_engine import registry; "
                "[g.verify and g.verify.resolve() for g in registry.GAMES.values()]; "
                "import printkit.cli, sys; printkit.cli.main(sys.argv[1:])")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def wall(cmd: list[str], runs: int = 7) -> float:
    """Median wall seconds of a whole process (one warm-up run first)."""
    return timed(cmd, runs)[0]


def timed(cmd: list[str], runs: int = 7) -> tuple[float, float]:
    """Median wall seconds and median CPU seconds (user + system) of a whole process, one
    warm-up run first. On a shared machine the CPU time is the figure to trust: wall time
    also counts the waits for a core."""
    walls, cpus = [], []
    for k in range(runs + 1):
        start, cpu = time.perf_counter(), _children_cpu()
        subprocess.run(cmd, capture_output=True, check=False, cwd=ROOT)
        if k:
            walls.append(time.perf_counter() - start)
            cpus.append(_children_cpu() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def start_up() -> None:
    ours, ours_cpu = timed([PRINTKIT, "--help"], 15)
    naive, naive_cpu = timed([sys.executable, "-c", EAGER], 15)
    print(f"printkit --help: {ours_cpu * 1000:.0f} ms CPU, {ours * 1000:.0f} ms wall "
          f"(target <= 120 ms); naive, every library imported up front: "
          f"{naive_cpu * 1000:.0f} ms CPU = {naive_cpu / ours_cpu:.1f}x")


def one_page(tmp: Path) -> None:
    """A one-page render, whole process, median of 9 fresh processes; naive: the same command
    with every library printkit uses and every game imported up front (what a CLI importing
    at module level, or Typer 0.29 with pydantic, costs)."""
    args = ["render", "postcard", "board", "--out", str(tmp / "board.pdf"), "--force"]
    ours, ours_cpu = timed([PRINTKIT, *args], 9)
    naive, naive_cpu = timed([sys.executable, "-c", EAGER_RENDER, *args], 9)
    print(f"render postcard board from the CLI: {ours:.2f} s wall, {ours_cpu:.2f} s CPU for "
          f"one page (target <= 0.4 s); naive, everything imported up front: {naive:.2f} s "
          f"wall, {naive_cpu:.2f} s CPU = {naive_cpu / ours_cpu:.1f}x")


def _folder(tmp: Path, name: str, texts: list[str], suffix: str) -> Path:
    folder = tmp / name
    folder.mkdir()
    for k, text in enumerate(texts):
        (folder / f"{name}-{k:04d}{suffix}").write_text(text, encoding="utf-8")
    return folder


def _cardbowl_corpus(n: int) -> list[str]:
    """Play notes written by hand (the rules' example and the test corpus), repeated to n."""
    files = [ROOT / "examples" / "notes.txt",
             *sorted((ROOT / "tests" / "engine" / "cardbowl" / "records").glob("*.txt")),
             *sorted((ROOT / "tests" / "engine" / "cardbowl" / "records" / "clean").glob("*"))]
    texts = [f.read_text(encoding="utf-8") for f in files if f.is_file()]
    return [texts[k % len(texts)] for k in range(n)]


def verify(tmp: Path, n: int) -> None:
    rules = load_rules()
    postcard = [play_game(game_seed("bench", k), rules).text() for k in range(1, n + 1)]
    for name, texts, check, target in (
            ("postcard", postcard, lambda t: postcard_verify(t, "b.rec"), 300),
            ("cardbowl", _cardbowl_corpus(n), lambda t: cardbowl_verify(t, "b.txt"), 1000)):
        folder = _folder(tmp, name, texts, ".rec" if name == "postcard" else ".txt")
        start, cpu = time.perf_counter(), _children_cpu()
        subprocess.run([PRINTKIT, "verify", str(folder)], capture_output=True, check=False)
        ours, ours_cpu = time.perf_counter() - start, _children_cpu() - cpu
        start, cpu = time.perf_counter(), time.process_time()
        for text in texts:
            check(text)
        naive, naive_cpu = time.perf_counter() - start, time.process_time() - cpu
        # what 2 cores give when nobody else uses them: the CPU seconds of the whole call
        # (start-up, the pool, every worker) spread over 2
        cores = n / (ours_cpu / 2)
        print(f"verify {n} {name} records, one CLI call: {n / ours:.0f} records/s wall, "
              f"{cores:.0f} records/s by CPU on 2 cores ({ours_cpu:.2f} s CPU) "
              f"(target >= {target}); naive, one process one by one: {n / naive:.0f} "
              f"records/s wall, {n / naive_cpu:.0f} by CPU = {naive_cpu / (ours_cpu / 2):.1f}x")


def simulate(tmp: Path, n: int) -> None:
    out = tmp / "sim"
    start = time.perf_counter()
    subprocess.run([PRINTKIT, "simulate", "postcard", "--seed", "bench", "--games", str(n),
                    "--out", str(out)], capture_output=True, check=True)
    ours = time.perf_counter() - start
    rules = load_rules()
    start = time.perf_counter()
    for k in range(1, n + 1):
        play_game(game_seed("bench", k), rules).text()
    naive = time.perf_counter() - start
    print(f"simulate {n} postcard games, one CLI call: {n / ours:.0f} games/s (target >= 150); "
          f"naive, one process one by one: {n / naive:.0f} games/s = {naive / ours:.1f}x")


def main(n: int = 1000) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="printkit-bench-"))
    try:
        start_up()
        one_page(tmp)
        verify(tmp, n)
        simulate(tmp, n)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
