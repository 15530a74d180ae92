"""Writing output: one line and exit 2 for every refused or impossible write, never a
traceback; only regular files are ever replaced; a set of files is replaced whole or not at
all, and no temporary file is left behind."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import run_cli

RENDER = ("render", "cardbowl", "refcard")        # two pages: a PDF and two PNG previews


def _one_line_error(r, *parts: str) -> None:
    assert r.code == 2, (r.code, r.stderr)
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("printkit: error: ")
    assert "Traceback" not in r.stderr
    for part in parts:
        assert part in r.stderr, r.stderr


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob(".printkit-*"))


def test_a_file_where_a_directory_should_be(workdir):
    Path("afile").write_text("x")
    _one_line_error(run_cli(*RENDER, "--out", "afile/x.pdf"), "afile: not a directory")


def test_an_unwritable_place(workdir):
    # /proc takes no new files, even for root (a read-only directory does not stop root)
    _one_line_error(run_cli(*RENDER, "--out", "/proc/printkit-test.pdf"),
                    "/proc/printkit-test.pdf: cannot write")


def test_a_name_too_long(workdir):
    _one_line_error(run_cli(*RENDER, "--out", "x" * 300 + ".pdf"), "cannot write (File name "
                    "too long)")


def test_a_huge_seed_is_one_line(workdir):
    _one_line_error(run_cli("playbook", "postcard", "--seed", "s" * 10_000), "seed too long")


def test_pdf_and_its_own_png_cannot_collide(workdir):
    r = run_cli(*RENDER, "--out", "x.png", "--png")
    _one_line_error(r, "--out: a PDF file name ends in .pdf")
    assert list(Path(".").glob("x*")) == []


def test_a_dangling_symlink_is_not_replaced(workdir):
    os.symlink("nowhere.pdf", "link.pdf")
    _one_line_error(run_cli(*RENDER, "--out", "link.pdf"), "not a regular file")
    _one_line_error(run_cli(*RENDER, "--out", "link.pdf", "--force"), "not a regular file")
    assert os.readlink("link.pdf") == "nowhere.pdf" and not Path("nowhere.pdf").exists()


def test_a_device_is_never_replaced(workdir):
    os.symlink("/dev/full", "full.pdf")
    _one_line_error(run_cli("render", "cardbowl", "clock", "--out", "full.pdf", "--force"),
                    "not a regular file")
    assert Path("/dev/full").is_char_device()


def test_an_existing_png_stops_the_whole_set_before_anything_is_written(workdir):
    Path("f-p02.png").write_bytes(b"mine")
    _one_line_error(run_cli(*RENDER, "--out", "f.pdf", "--png"), "f-p02.png: file exists")
    assert not Path("f.pdf").exists() and not Path("f-p01.png").exists()
    assert Path("f-p02.png").read_bytes() == b"mine" and _leftovers(workdir) == []


def test_an_interrupted_forced_render_leaves_the_old_set_whole(workdir, monkeypatch):
    assert run_cli(*RENDER, "--out", "f.pdf", "--png").code == 0
    before = {p.name: p.read_bytes() for p in Path(".").glob("f*")}
    assert sorted(before) == ["f-p01.png", "f-p02.png", "f.pdf"]
    from printkit import preview

    real, calls = preview.png_bytes, []

    def interrupted(image, dpi=preview.DPI):
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(image, dpi)

    monkeypatch.setattr(preview, "png_bytes", interrupted)
    r = run_cli(*RENDER, "--out", "f.pdf", "--png", "--force", "--home", "Other")
    assert r.code == 130
    assert {p.name: p.read_bytes() for p in Path(".").glob("f*")} == before
    assert _leftovers(workdir) == []


def test_a_failure_while_moving_files_in_rolls_back(workdir, monkeypatch):
    assert run_cli(*RENDER, "--out", "f.pdf", "--png").code == 0
    before = {p.name: p.read_bytes() for p in Path(".").glob("f*")}
    real, moves = os.replace, []

    def failing(src, dst):
        if str(src).endswith(".tmp") and str(dst).endswith("f-p02.png") and not moves:
            moves.append(dst)              # the last new file cannot be moved in, once
            raise OSError(28, "No space left on device")
        return real(src, dst)

    monkeypatch.setattr(os, "replace", failing)
    r = run_cli(*RENDER, "--out", "f.pdf", "--png", "--force", "--home", "Other")
    monkeypatch.setattr(os, "replace", real)
    assert r.code == 2 and "No space left on device" in r.stderr
    assert {p.name: p.read_bytes() for p in Path(".").glob("f*")} == before
    assert _leftovers(workdir) == []


@pytest.mark.parametrize("args", [("simulate", "postcard", "--seed", "w", "--out", "recs",
                                   "--games", "2")])
def test_simulate_writes_its_records_as_one_set(workdir, args):
    os.makedirs("recs")
    Path("recs/postcard-w-0002.rec").write_text("mine")
    _one_line_error(run_cli(*args), "postcard-w-0002.rec: file exists")
    assert sorted(p.name for p in Path("recs").iterdir()) == ["postcard-w-0002.rec"]
