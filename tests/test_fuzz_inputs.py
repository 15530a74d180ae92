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
    from engine.playbook import build, make_spec
    from printkit.books import render_book

    return render_book(build(make_spec("postcard", "fuzz", plays=1)), "letter")


@fuzz_settings(60)
@given(kind=st.sampled_from(["png", "pdf"]), edits=EDITS)
def test_mutated_images_and_pdfs(tmp_path_factory, kind, edits):
    data = _mutate(_png() if kind == "png" else _pdf(), edits)
    path = tmp_path_factory.mktemp("scan") / f"f.{kind}"
    path.write_bytes(data)
    started = time.process_time()
    _answered(run_cli("scan", str(path)), started)
