"""`printkit verify` over many files runs them on a process pool: same output, same order,
same exit code as one process, and a bad file in the middle stops nothing."""

from __future__ import annotations

from pathlib import Path

from printkit import batch
from printkit.records import check_file

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "game.rec"


def _folder(tmp_path: Path, n: int) -> list[Path]:
    text = EXAMPLE.read_text(encoding="utf-8")
    slipped = text.replace("run H6 A3 = +15\n", "run H6 A3 = +10\n", 1)
    assert slipped != text
    paths = []
    for k in range(n):
        path = tmp_path / f"g{k:03d}.rec"
        body = slipped if k == 7 else "not a record at all\n" if k == 19 else text
        path.write_text(body, encoding="utf-8")
        paths.append(path)
    return paths


def _flat(outcomes):
    return [(o.path.name, o.report.to_text() if o.report else None,
             str(o.error) if o.error else None) for o in outcomes]


def test_pool_gives_what_one_process_gives(tmp_path, monkeypatch):
    paths = _folder(tmp_path, 40)
    monkeypatch.setattr(batch, "workers", lambda: 2)
    pooled = _flat(batch.run(check_file, paths))
    monkeypatch.setattr(batch, "POOL_FROM", 10_000)
    single = _flat(batch.run(check_file, paths))
    assert pooled == single
    assert [name for name, *_ in pooled] == [p.name for p in paths]      # order kept
    assert sum(1 for _, report, _ in pooled if report and "lines checked, clean" in report) == 38
    assert pooled[7][1] is not None and "g007.rec:12: " in pooled[7][1]
    assert pooled[19][1] is None and "g019.rec:1" in pooled[19][2]


def _worker_gc(_: int) -> tuple[tuple[int, ...], int]:
    import gc

    return gc.get_threshold(), gc.get_freeze_count()


def test_workers_collect_less_often_and_the_parent_is_left_as_it_was(monkeypatch):
    """The pool's collector settings (printkit/batch.py): each worker's gen-0 threshold is
    GC_YOUNG and it starts with what the parent had loaded frozen; once the pool is done the
    parent's own objects are collectable again and its threshold is untouched."""
    import gc

    monkeypatch.setattr(batch, "workers", lambda: 2)
    before = gc.get_threshold()
    seen = list(batch.ordered_map(_worker_gc, list(range(batch.POOL_FROM))))
    assert {threshold[0] for threshold, _ in seen} == {batch.GC_YOUNG}
    assert all(frozen > 0 for _, frozen in seen)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_pool_is_used_only_where_it_pays(tmp_path, monkeypatch):
    paths = _folder(tmp_path, 3)
    monkeypatch.setattr(batch, "workers", lambda: 2)

    def no_pool(*args, **kwargs):
        raise AssertionError("a pool for three files")

    monkeypatch.setattr(batch, "ProcessPoolExecutor", no_pool)
    assert len(list(batch.run(check_file, paths))) == 3


def test_cli_total_line_over_a_folder(tmp_path):
    from tests.helpers import run_cli

    _folder(tmp_path, 30)
    result = run_cli("verify", str(tmp_path))
    assert result.code == 2                   # an unreadable file wins over findings
    assert result.stdout.splitlines()[-1] == ("total: 30 records: 28 clean, 1 with findings "
                                              "(1 finding), 1 unreadable")
    assert result.stderr.count("\n") == 1 and "g019.rec:1" in result.stderr
