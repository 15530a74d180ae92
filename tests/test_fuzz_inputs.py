"""Fuzzing every kind of input through the real CLI entry point: record files, images and
PDFs. Whatever the bytes, the answer is exit 0, 1 or 2; on 2 exactly one line on stderr; never
a traceback; and each input is answered quickly."""

from __future__ import annotations

import time
from functools import cache
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from tests.fuzzing import fuzz_settings
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parent.parent
SECONDS = 5.0           # of this process's CPU time (all its threads): a machine loaded by
                        # other work must not fail an input that is answered quickly


def _answered(r, started: float) -> None:
    assert r.code in (0, 1, 2), (r.code, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    if r.code == 2:
        assert r.stderr.count("\n") == 1, r.stderr
    assert time.process_time() - started < SECONDS


@cache
def _seeds() -> tuple[bytes, ...]:
    return tuple((ROOT / "examples" / name).read_bytes() for name in ("game.rec", "notes.txt"))


def _mutate(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    out = bytearray(data)
    for where, cut, put in edits:
        at = where % (len(out) + 1)
        out[at:at + cut] = put
    return bytes(out)


EDITS = st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(0, 40),
                           st.binary(max_size=12)), max_size=8)


@fuzz_settings(120)
@given(which=st.integers(0, 1), edits=EDITS)
def test_mutated_records(tmp_path_factory, which, edits):
    path = tmp_path_factory.mktemp("rec") / "r.rec"
    path.write_bytes(_mutate(_seeds()[which], edits))
    started = time.process_time()
    _answered(run_cli("verify", str(path)), started)


@fuzz_settings(80)
@given(text=st.text(st.characters(codec="utf-8"), max_size=400))
def test_random_text_records(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("rec") / "t.rec"
    path.write_text(text, encoding="utf-8")
    started = time.process_time()
    _answered(run_cli("verify", str(path)), started)


@cache
def _png() -> bytes:
    import io

    buf = io.BytesIO()
    Image.new("L", (64, 48), 200).save(buf, format="PNG")
    return buf.getvalue()


@cache
def _pdf() -> bytes:
    from printkit.books import render_book
    from printkit_engine.playbook import build, make_spec

    return render_book(build(make_spec("postcard", "fuzz", plays=1)), "letter")


@fuzz_settings(60)
@given(kind=st.sampled_from(["png", "pdf"]), edits=EDITS)
def test_mutated_images_and_pdfs(tmp_path_factory, kind, edits):
    data = _mutate(_png() if kind == "png" else _pdf(), edits)
    path = tmp_path_factory.mktemp("scan") / f"f.{kind}"
    path.write_bytes(data)
    started = time.process_time()
    _answered(run_cli("scan", str(path)), started)


QUICK_SHEETS = [("postcard", "board"), ("cardgrid", "scoresheet"), ("cardgrid", "field"),
                ("cardbowl", "drivelog"), ("cardbowl", "clock"), ("blowout", "drivelog")]
NAMES = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"),
                max_size=60)


@fuzz_settings(40)
@given(sheet=st.sampled_from(QUICK_SHEETS), home=NAMES, away=NAMES,
       paper=st.sampled_from(["letter", "a4"]))
def test_any_team_names(tmp_path_factory, sheet, home, away, paper):
    """Any name: printed inside the page (the renderer reads every glyph back) or refused in
    one line naming --home or --away; never an internal error."""
    out = tmp_path_factory.mktemp("names") / "s.pdf"
    started = time.process_time()
    r = run_cli("render", *sheet, "--paper", paper, "--home", home, "--away", away,
                "--out", str(out))
    _answered(r, started)
    assert r.code in (0, 2), r.stderr
    if r.code == 2:
        assert r.stderr.startswith(("printkit: error: --home: ", "printkit: error: --away: "))


@fuzz_settings(30)
@given(width=st.integers(1, 2500), height=st.integers(1, 2500), grey=st.integers(0, 255))
def test_images_of_every_size_and_aspect(tmp_path_factory, width, height, grey):
    """A picture of any size and aspect (a 1-pixel line, a long strip, a blank page): scan
    says it holds no sheet, exit 2, in one line."""
    path = tmp_path_factory.mktemp("img") / "p.png"
    Image.new("L", (width, height), grey).save(path)
    started = time.process_time()
    r = run_cli("scan", str(path))
    _answered(r, started)
    assert r.code == 2


def _unwritable(tmp: Path, kind: str) -> Path:
    """An --out the command must refuse: not a regular file, or not a place to write."""
    if kind == "directory":
        (tmp / "d.pdf").mkdir()
        return tmp / "d.pdf"
    if kind == "under a file":
        (tmp / "f").write_text("x")
        return tmp / "f" / "s.pdf"
    if kind == "symlink":
        (tmp / "real.pdf").write_text("x")
        (tmp / "s.pdf").symlink_to(tmp / "real.pdf")
        return tmp / "s.pdf"
    if kind == "fifo":
        import os

        os.mkfifo(tmp / "p.pdf")
        return tmp / "p.pdf"
    return Path({"device": "/dev/full", "proc": "/proc/version"}[kind])


@fuzz_settings(12)
@given(kind=st.sampled_from(["directory", "under a file", "symlink", "fifo", "device",
                             "proc"]),
       force=st.booleans(), sheet=st.sampled_from(QUICK_SHEETS))
def test_unwritable_outputs(tmp_path_factory, kind, force, sheet):
    """An --out that is no regular file (or under one) is refused in one line, with or
    without --force, and nothing is replaced."""
    tmp = tmp_path_factory.mktemp("out")
    out = _unwritable(tmp, kind)
    started = time.process_time()
    r = run_cli("render", *sheet, "--out", str(out), *(["--force"] if force else []))
    _answered(r, started)
    assert r.code == 2, r.stderr
    if kind == "symlink":
        assert (tmp / "real.pdf").read_text() == "x"
