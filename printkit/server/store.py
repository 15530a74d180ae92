"""The class folder's state: classes, hand-ins, audit runs, what each hand-in was read as,
the annotated sheets and the --lan passcode, in SQLite (CLASSDIR/printkit.sqlite); the files
beside it. Every call opens its own connection, so any thread (and the audit's worker
process) may use the store, and a server stopped and started again finds everything where it
was: the last finished run, a run cut short marked so."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path

DB_NAME = "printkit.sqlite"
SCHEMA = """
CREATE TABLE IF NOT EXISTS classes (
    id INTEGER PRIMARY KEY, game TEXT NOT NULL, format TEXT NOT NULL, paper TEXT NOT NULL,
    teams TEXT NOT NULL, class_id TEXT NOT NULL, folder TEXT NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY, class INTEGER NOT NULL REFERENCES classes(id),
    original TEXT NOT NULL, stored TEXT NOT NULL, kind TEXT NOT NULL, size INTEGER NOT NULL,
    created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY, class INTEGER NOT NULL REFERENCES classes(id),
    state TEXT NOT NULL, upto INTEGER NOT NULL, done INTEGER NOT NULL DEFAULT 0,
    total INTEGER NOT NULL DEFAULT 0, phase TEXT NOT NULL DEFAULT '',
    started REAL NOT NULL, finished REAL, message TEXT NOT NULL DEFAULT '',
    report TEXT, gradebook TEXT);
CREATE TABLE IF NOT EXISTS readings (
    submission INTEGER NOT NULL REFERENCES submissions(id), run INTEGER NOT NULL
    REFERENCES runs(id), text TEXT NOT NULL, PRIMARY KEY (submission, run));
CREATE TABLE IF NOT EXISTS sheets (
    id TEXT PRIMARY KEY, run INTEGER NOT NULL REFERENCES runs(id), team TEXT NOT NULL,
    file TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, created REAL NOT NULL);
"""
ADDED_COLUMNS = (("length", "TEXT NOT NULL DEFAULT ''"),        # (name, declaration): each
                 ("log", "TEXT"))
# column `classes` gained after its first release, declared here only; every database, new
# or older, gets them from _add_columns
CLASS_COLUMNS = "id, game, format, paper, teams, class_id, folder, length, log"
RUNNING = ("queued", "running")     # a run's states until it is "done", "failed", "cut short"


@dataclass(frozen=True)
class ClassRow:
    id: int
    game: str
    format: str
    paper: str
    teams: tuple[str, ...]
    class_id: str
    folder: str          # relative to the class folder: where its files are
    length: str = ""     # the game length its matches are played to ("": the whole game)
    log: str | None = ""  # its bubble log: "dense" (the full-line sheet), "" the decision
                          # sheet, None a class made before printkit kept it (its pack says)


@dataclass(frozen=True)
class Run:
    """One audit run of a class: the hand-ins up to `upto` (a submission id), its progress
    (`done` of `total` files, the `phase` it is in) and, once done, its report."""

    id: int
    state: str           # queued, running, done, failed, cut short
    upto: int
    done: int
    total: int
    phase: str
    message: str         # why a run failed or was cut short

    @property
    def running(self) -> bool:
        return self.state in RUNNING


@dataclass(frozen=True)
class Submission:
    id: int
    original: str        # the name the browser gave: shown, never used as a path
    stored: str          # the generated name it is kept under
    kind: str            # what its content was sniffed as
    size: int


class Store:
    """The SQLite file of one class folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.path = root / DB_NAME
        with self._db() as db:
            db.execute("PRAGMA journal_mode=WAL")     # pages read while a hand-in writes
            db.executescript(SCHEMA)
            _add_columns(db)

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path, timeout=10)) as db, db:
            yield db

    def add_class(self, game: str, format: str, paper: str, teams: tuple[str, ...],
                  class_id: str, folder: str, length: str = "", log: str = "") -> int:
        with self._db() as db:
            cur = db.execute("INSERT INTO classes (game, format, paper, teams, class_id, folder,"
                             " created, length, log) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             (game, format, paper, json.dumps(list(teams)), class_id, folder,
                              time.time(), length, log))
            return int(cur.lastrowid or 0)

    def next_class_id(self) -> int:
        with self._db() as db:
            (n,) = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM classes").fetchone()
            return int(n)

    def classes(self) -> list[ClassRow]:
        with self._db() as db:
            rows = db.execute(f"SELECT {CLASS_COLUMNS} FROM classes ORDER BY id").fetchall()
        return [_class(r) for r in rows]

    def get_class(self, class_id: int) -> ClassRow | None:
        with self._db() as db:
            r = db.execute(f"SELECT {CLASS_COLUMNS} FROM classes WHERE id = ?",
                           (class_id,)).fetchone()
        return _class(r) if r else None

    def add_submission(self, class_id: int, original: str, stored: str, kind: str,
                       size: int, write: Callable[[], object] = lambda: None) -> int:
        """A hand-in's row and its file in one transaction: the row inserted, `write` puts
        the file in place (a temporary name renamed), then the row is committed. A server
        stopped before the commit leaves no row (a file without one is never counted)."""
        with self._db() as db:
            cur = db.execute("INSERT INTO submissions (class, original, stored, kind, size, "
                             "created) VALUES (?, ?, ?, ?, ?, ?)",
                             (class_id, original, stored, kind, size, time.time()))
            write()
            return int(cur.lastrowid or 0)

    def submissions(self, class_id: int) -> list[Submission]:
        with self._db() as db:
            rows = db.execute("SELECT id, original, stored, kind, size FROM submissions "
                              "WHERE class = ? ORDER BY id", (class_id,)).fetchall()
        return [Submission(*r) for r in rows]

    def start_run(self, class_id: int) -> Run | None:
        """A new run of the class's hand-ins so far, queued; None when one is queued or
        running already (it is asked again when that one ends, see `wants_run`)."""
        with self._db() as db:
            db.execute("BEGIN IMMEDIATE")
            if db.execute("SELECT 1 FROM runs WHERE class = ? AND state IN (?, ?)",
                          (class_id, *RUNNING)).fetchone():
                return None
            (upto,) = db.execute("SELECT COALESCE(MAX(id), 0) FROM submissions WHERE "
                                 "class = ?", (class_id,)).fetchone()
            cur = db.execute("INSERT INTO runs (class, state, upto, started) VALUES "
                             "(?, 'queued', ?, ?)", (class_id, upto, time.time()))
            return Run(int(cur.lastrowid or 0), "queued", upto, 0, 0, "", "")

    def wants_run(self, class_id: int) -> bool:
        """Is there a hand-in no run has taken (queued, running, done or failed: a failed
        run is run again by the next hand-in or the button, not by itself)? A run of it is
        then on its way: the hand-in asked for one, or the running one's end will."""
        with self._db() as db:
            (newest,) = db.execute("SELECT COALESCE(MAX(id), 0) FROM submissions WHERE "
                                   "class = ?", (class_id,)).fetchone()
            (taken,) = db.execute("SELECT COALESCE(MAX(upto), 0) FROM runs WHERE class = ? "
                                  "AND state IN ('queued', 'running', 'done', 'failed')",
                                  (class_id,)).fetchone()
        return bool(newest > taken)

    def settle(self, run: int, quiet: float, longest: float) -> None:
        """Before a run starts: wait until the class's hand-ins have been quiet for `quiet`
        seconds (a class handing in at once is audited once, not once per phone), at most
        `longest`; then the run takes every hand-in so far."""
        with self._db() as db:
            (class_id,) = db.execute("SELECT class FROM runs WHERE id = ?", (run,)).fetchone()
        end = time.monotonic() + longest
        while time.monotonic() < end:
            with self._db() as db:
                (last,) = db.execute("SELECT COALESCE(MAX(created), 0) FROM submissions "
                                     "WHERE class = ?", (class_id,)).fetchone()
            if time.time() - last >= quiet:
                break
            time.sleep(min(quiet / 4, 0.25))
        with self._db() as db:
            db.execute("UPDATE runs SET upto = (SELECT COALESCE(MAX(id), 0) FROM submissions "
                       "WHERE class = ?) WHERE id = ?", (class_id, run))

    def progress(self, run: int, done: int, total: int, phase: str) -> None:
        with self._db() as db:
            db.execute("UPDATE runs SET state = 'running', done = ?, total = ?, phase = ? "
                       "WHERE id = ? AND state IN (?, ?)", (done, total, phase, run, *RUNNING))

    def finish_run(self, run: int, report: dict, gradebook: str,
                   readings: dict[int, str], sheets: dict[str, tuple[str, str]]) -> bool:
        """The run's results, all in one transaction (a server stopped before it leaves the
        run unfinished, never half of it); False when the run was ended meanwhile."""
        with self._db() as db:
            cur = db.execute("UPDATE runs SET state = 'done', finished = ?, report = ?, "
                             "gradebook = ?, phase = '', done = total WHERE id = ? AND state "
                             "IN (?, ?)", (time.time(), json.dumps(report), gradebook, run,
                                           *RUNNING))
            if cur.rowcount != 1:
                db.rollback()
                return False
            db.executemany("INSERT INTO readings (submission, run, text) VALUES (?, ?, ?)",
                           [(sub, run, text) for sub, text in readings.items()])
            db.executemany("INSERT INTO sheets (id, run, team, file) VALUES (?, ?, ?, ?)",
                           [(token, run, team, file)
                            for token, (team, file) in sheets.items()])
            return True

    def end_run(self, run: int, state: str, message: str) -> None:
        """A run that cannot finish: failed (its message says why) or cut short."""
        with self._db() as db:
            db.execute("UPDATE runs SET state = ?, message = ?, finished = ? WHERE id = ? "
                       "AND state IN (?, ?)", (state, message, time.time(), run, *RUNNING))

    def cut_short(self) -> list[int]:
        """At a start: the runs a stopped server left queued or running are cut short; the
        classes they were of (to be audited again)."""
        with self._db() as db:
            classes = [c for (c,) in db.execute("SELECT DISTINCT class FROM runs WHERE state "
                                                "IN (?, ?)", RUNNING)]
            db.execute("UPDATE runs SET state = 'cut short', message = 'the server stopped "
                       "before the run ended', finished = ? WHERE state IN (?, ?)",
                       (time.time(), *RUNNING))
        return classes

    def run(self, run_id: int) -> tuple[int, Run] | None:
        """(its class, the run)."""
        with self._db() as db:
            r = db.execute(f"SELECT class, {_RUN} FROM runs WHERE id = ?",
                           (run_id,)).fetchone()
        return (r[0], Run(*r[1:])) if r else None

    def latest_run(self, class_id: int) -> Run | None:
        """The class's latest run; a run about to be queued (hand-ins no run has taken, the
        running one just ended) is shown queued (id 0), so a page never says done early."""
        with self._db() as db:
            r = db.execute(f"SELECT {_RUN} FROM runs WHERE class = ? ORDER BY id DESC LIMIT 1",
                           (class_id,)).fetchone()
        run = Run(*r) if r else None
        if (run is None or not run.running) and self.wants_run(class_id):
            return Run(0, "queued", 0, 0, 0, "", "")
        return run

    def last_audit(self, class_id: int) -> tuple[int, dict, str] | None:
        """The last finished run's id, report and gradebook CSV, if the class was audited."""
        with self._db() as db:
            r = db.execute("SELECT id, report, gradebook FROM runs WHERE class = ? AND "
                           "state = 'done' ORDER BY id DESC LIMIT 1", (class_id,)).fetchone()
        return (r[0], json.loads(r[1]), r[2]) if r else None

    def readings(self, class_id: int) -> dict[int, str]:
        """What each hand-in was read as by the last finished run that took it."""
        with self._db() as db:
            rows = db.execute("SELECT r.submission, r.text FROM readings r JOIN runs u ON "
                              "u.id = r.run WHERE u.class = ? ORDER BY r.run",
                              (class_id,)).fetchall()
        return dict(rows)

    def sheets(self, run: int) -> dict[str, str]:
        """A finished run's annotated sheets: team -> the id it is served under."""
        with self._db() as db:
            rows = db.execute("SELECT team, id FROM sheets WHERE run = ?", (run,)).fetchall()
        return dict(rows)

    def sheet_file(self, class_id: int, token: str) -> tuple[str, str] | None:
        """(team, file relative to the class folder) of an annotated sheet of the class."""
        with self._db() as db:
            r = db.execute("SELECT s.team, s.file FROM sheets s JOIN runs u ON u.id = s.run "
                           "WHERE s.id = ? AND u.class = ?", (token, class_id)).fetchone()
        return (r[0], r[1]) if r else None

    def setting(self, name: str, make: Callable[[], str]) -> str:
        """A stored setting (the --lan passcode), made once and kept."""
        with self._db() as db:
            db.execute("INSERT OR IGNORE INTO settings (name, value) VALUES (?, ?)",
                       (name, make()))
            (value,) = db.execute("SELECT value FROM settings WHERE name = ?",
                                  (name,)).fetchone()
        return str(value)

    def let_in(self, session: str) -> None:
        """A session that gave the passcode (kept across restarts)."""
        with self._db() as db:
            db.execute("INSERT OR IGNORE INTO sessions (id, created) VALUES (?, ?)",
                       (session, time.time()))

    def is_in(self, session: str) -> bool:
        with self._db() as db:
            return db.execute("SELECT 1 FROM sessions WHERE id = ?",
                              (session,)).fetchone() is not None


_RUN = "id, state, upto, done, total, phase, message"


def _class(r: tuple) -> ClassRow:
    return ClassRow(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), r[5], r[6], r[7], r[8])


def _add_columns(db: sqlite3.Connection) -> None:
    """Columns added since the first release, to a new database as to a folder's older one
    (CREATE TABLE IF NOT EXISTS leaves an older table as it is): added with their defaults,
    so a class folder made by an earlier printkit opens, its classes the whole game."""
    have = {row[1] for row in db.execute("PRAGMA table_info(classes)")}
    for column, declared in ADDED_COLUMNS:
        if column not in have:
            db.execute(f"ALTER TABLE classes ADD COLUMN {column} {declared}")
