"""Audit runs in the background: one worker thread of the server starts each run as a process
of its own (`python -m printkit.server.runner CLASSDIR RUN`), one run at a time, so an audit
(seconds a photo) never holds up a page and a run that fails never stops the server.

The run's process reads the run from the store, audits the hand-ins it takes (flow.py),
writes its progress and, in one transaction at its end, its report, what each hand-in was
read as and its annotated sheets (written first, under generated names) into the store. A
server stopped mid-run: the next start marks the run cut short and audits the class again;
the page shows the last finished run meanwhile.
"""

from __future__ import annotations

import logging
import os
import queue
import secrets
import subprocess
import sys
import threading
from pathlib import Path

from printkit.server.store import Store

log = logging.getLogger("printkit.server")
ANNOTATED = "annotated"          # in a class's folder: one folder per run of team PDFs
QUIET = 1.5                      # s without a hand-in before a run starts (a class at once)
LONGEST = 15.0                   # s a run waits for that at most


class Auditor:
    """The server's worker thread: runs asked for, one after another, each in a process."""

    def __init__(self, root: Path, store: Store) -> None:
        self.root, self.store = root, store
        self.queue: queue.Queue[int] = queue.Queue()
        self.thread: threading.Thread | None = None
        self.start_lock = threading.Lock()

    def want(self, class_id: int) -> bool:
        """Audit the class's hand-ins so far; False when a run of it is queued or running
        already (another follows it, with what was handed in meanwhile)."""
        run = self.store.start_run(class_id)
        if run is None:
            return False
        with self.start_lock:
            if self.thread is None:
                self.thread = threading.Thread(target=self._work, name="printkit-audit",
                                               daemon=True)
                self.thread.start()
        self.queue.put(run.id)
        return True

    def _work(self) -> None:
        while True:
            run_id = self.queue.get()
            try:
                self._one(run_id)
            except Exception:                  # noqa: BLE001 - the next run still runs
                log.exception("printkit serve: audit run %s", run_id)
                self.store.end_run(run_id, "failed", "the audit could not be started (the "
                                                     "server's console says more)")

    def _one(self, run_id: int) -> None:
        """Run one run in its process; a run that ended without saying so failed."""
        self.store.settle(run_id, QUIET, LONGEST)
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        done = subprocess.run([sys.executable, "-m", "printkit.server.runner",
                               str(self.root.resolve()), str(run_id)],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, env=env, check=False)
        found = self.store.run(run_id)
        if found is None:
            return
        class_id, run = found
        if run.running:
            tail = done.stderr.strip().splitlines()[-1:] or [f"exit {done.returncode}"]
            self.store.end_run(run_id, "failed", f"the audit stopped ({tail[0][:300]})")
        if self.store.wants_run(class_id):
            self.want(class_id)


def run(root: Path, run_id: int) -> int:
    """Do one run (in its own process): 0 done, 1 failed (the run says why)."""
    from printkit.server.flow import HANDINS, audit_class

    store = Store(root)
    found = store.run(run_id)
    if found is None:
        return 1
    class_id, this = found
    c = store.get_class(class_id)
    if c is None or not this.running:
        return 1
    folder = (root / c.folder).resolve()
    parent = os.getppid()
    subs = [s for s in store.submissions(class_id) if s.id <= this.upto]

    def progress(done: int, total: int, phase: str) -> None:
        if os.getppid() != parent:              # the server is gone: so is this run
            os._exit(1)
        store.progress(run_id, done, total, phase)

    try:
        os.chdir(folder / HANDINS)             # files by their stored names
        got = audit_class(folder, [(s.stored, s.original) for s in subs], c.paper, progress)
        out = folder / ANNOTATED / f"run-{run_id}"
        out.mkdir(parents=True, exist_ok=True)
        sheets: dict[str, tuple[str, str]] = {}
        for team, (name, data) in got.annotated.items():
            from printkit.output import write_atomic

            write_atomic(out / name, data, force=True)
            sheets[secrets.token_urlsafe(12)] = (team, f"{ANNOTATED}/run-{run_id}/{name}")
        by_stored = {s.stored: s.id for s in subs}
        readings = {by_stored[k]: v for k, v in got.readings.items() if k in by_stored}
        store.finish_run(run_id, got.report, got.gradebook, readings, sheets)
    except Exception as exc:      # noqa: BLE001 - a run that fails says so on the page
        from printkit.text import one_line

        store.end_run(run_id, "failed", f"the audit failed ({type(exc).__name__}: "
                                        f"{one_line(str(exc))[:300]})")
        raise
    return 0


if __name__ == "__main__":
    sys.exit(run(Path(sys.argv[1]), int(sys.argv[2])))
