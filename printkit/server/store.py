"""The class folder's state: classes, hand-ins and audit runs in SQLite (CLASSDIR/printkit.sqlite),
the files beside it. Every call opens its own connection, so any thread may use the store,
and a server stopped and started again finds everything where it was."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
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
CREATE TABLE IF NOT EXISTS audits (
    id INTEGER PRIMARY KEY, class INTEGER NOT NULL REFERENCES classes(id),
    ran REAL NOT NULL, report TEXT NOT NULL, gradebook TEXT NOT NULL);
"""


@dataclass(frozen=True)
class ClassRow:
    id: int
    game: str
    format: str
    paper: str
    teams: tuple[str, ...]
    class_id: str
    folder: str          # relative to the class folder: where its files are


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
            db.executescript(SCHEMA)

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        with closing(sqlite3.connect(self.path, timeout=10)) as db, db:
            yield db

    def add_class(self, game: str, format: str, paper: str, teams: tuple[str, ...],
                  class_id: str, folder: str) -> int:
        with self._db() as db:
            cur = db.execute("INSERT INTO classes (game, format, paper, teams, class_id, folder,"
                             " created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (game, format, paper, json.dumps(list(teams)), class_id, folder,
                              time.time()))
            return int(cur.lastrowid or 0)

    def next_class_id(self) -> int:
        with self._db() as db:
            (n,) = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM classes").fetchone()
            return int(n)

    def classes(self) -> list[ClassRow]:
        with self._db() as db:
            rows = db.execute("SELECT id, game, format, paper, teams, class_id, folder "
                              "FROM classes ORDER BY id").fetchall()
        return [_class(r) for r in rows]

    def get_class(self, class_id: int) -> ClassRow | None:
        with self._db() as db:
            r = db.execute("SELECT id, game, format, paper, teams, class_id, folder FROM classes"
                           " WHERE id = ?", (class_id,)).fetchone()
        return _class(r) if r else None

    def add_submission(self, class_id: int, original: str, stored: str, kind: str,
                       size: int) -> int:
        """Recorded once its file is in place (written atomically first): a server stopped
        mid-upload leaves no row for a half-written file."""
        with self._db() as db:
            cur = db.execute("INSERT INTO submissions (class, original, stored, kind, size, "
                             "created) VALUES (?, ?, ?, ?, ?, ?)",
                             (class_id, original, stored, kind, size, time.time()))
            return int(cur.lastrowid or 0)

    def submissions(self, class_id: int) -> list[Submission]:
        with self._db() as db:
            rows = db.execute("SELECT id, original, stored, kind, size FROM submissions "
                              "WHERE class = ? ORDER BY id", (class_id,)).fetchall()
        return [Submission(*r) for r in rows]

    def add_audit(self, class_id: int, report: dict, gradebook: str) -> int:
        with self._db() as db:
            cur = db.execute("INSERT INTO audits (class, ran, report, gradebook) VALUES "
                             "(?, ?, ?, ?)", (class_id, time.time(), json.dumps(report),
                                              gradebook))
            return int(cur.lastrowid or 0)

    def last_audit(self, class_id: int) -> tuple[dict, str] | None:
        """The latest audit run's report and gradebook CSV, if the class was audited."""
        with self._db() as db:
            r = db.execute("SELECT report, gradebook FROM audits WHERE class = ? "
                           "ORDER BY id DESC LIMIT 1", (class_id,)).fetchone()
        return (json.loads(r[0]), r[1]) if r else None


def _class(r: tuple) -> ClassRow:
    return ClassRow(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), r[5], r[6])
