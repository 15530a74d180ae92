"""Verifying (or simulating) many records at once, on every core where that pays.

`printkit verify` over a folder and `printkit audit` read and verify each file on its own,
so the files can go to a pool of worker processes. Results come back in the order of the
files (a report reads the same whichever core did the work). Below `POOL_FROM` files the pool's
start-up costs more than it saves and everything runs in this process.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Generic, TypeVar

from printkit_engine.errors import ReadError
from printkit_engine.findings import Report

T = TypeVar("T")
R = TypeVar("R")
U = TypeVar("U")        # what one check is given: a file's path, or a match's sheet names

POOL_FROM = 24          # files; measured: a forked pool of 2 pays from about 20 records
CHUNK = 8               # files a worker takes at a time (fewer round trips)
GC_YOUNG = 20_000       # a worker's gen-0 collection threshold (Python's default is 700)


@dataclass(frozen=True)
class Outcome(Generic[U]):
    """One file's result: its report, or the one-line reason it could not be read."""

    path: U
    report: Report | None = None
    error: ReadError | None = None


def workers() -> int:
    """Cores this process may use (the affinity mask, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:               # not on Linux
        return max(1, os.cpu_count() or 1)


def _check(job: tuple[Callable[[U], Report], U]) -> Outcome[U]:
    check, path = job
    try:
        return Outcome(path, report=check(path))
    except ReadError as exc:
        return Outcome(path, error=exc)


def ordered_map(fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
    """`fn(item)` for every item, in order; on a forked process pool when there are enough
    items and more than one core. `fn` must be picklable (a module-level function or a
    functools.partial of one)."""
    cores = workers()
    if cores < 2 or len(items) < POOL_FROM:
        yield from map(fn, items)
        return
    # Everything loaded so far (the CLI, the rules engine, its rules) lives as long as the
    # process: frozen, the cyclic collector no longer walks it in the parent or in the forked
    # workers, whose verifiers allocate small objects by the million (PostCard: 7% of a
    # record's check went to collections, 2% with these settings), and the workers' copies
    # of it stay shared pages.
    frozen_already = gc.get_freeze_count()
    gc.freeze()
    try:
        with ProcessPoolExecutor(max_workers=min(cores, len(items)),
                                 mp_context=get_context("fork"),
                                 initializer=_worker_gc) as pool:
            yield from pool.map(fn, items, chunksize=CHUNK)
    finally:
        if not frozen_already:          # a caller's own freeze stays as it was
            gc.unfreeze()


def _worker_gc() -> None:
    """A worker collects young objects less often: what a record's check allocates is
    short-lived and free of cycles, so fewer passes find the same garbage."""
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])


def run(check: Callable[[U], Report], paths: Sequence[U]) -> Iterator[Outcome[U]]:
    """`check(path)` for every path, in order, each as an Outcome (a ReadError is the file's
    outcome, not the end of the batch)."""
    return ordered_map(_check, [(check, p) for p in paths])
