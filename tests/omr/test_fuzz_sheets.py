"""Mutated bubble-sheet photos, sheet PDFs and fillable PDFs through the real CLI: exit 0, 1
or 2, one line on stderr for 2, never a traceback (tests/test_fuzz_inputs.py's contract)."""

from __future__ import annotations

import time
from functools import cache
from pathlib import Path

import cv2
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzzing import fuzz_settings
from tests.helpers import run_cli
from tests.omr.distort import page_image
from tests.test_fuzz_inputs import EDITS, _answered, _mutate

RECORD = Path(__file__).parent / "records" / "postcard_start.rec"


@cache
def _inputs() -> dict[str, bytes]:
    from printkit import sheets
    from tests.helpers import render_sheet

    sheet = render_sheet("postcard", "bubblelog",
                         opts=sheets.RenderOptions(extra={"from": RECORD, "dense": True}))
    fillable = render_sheet("postcard", "bubblelog", opts=sheets.RenderOptions(
        extra={"from": RECORD, "fillable": True, "sheets": 1}))
    ok, png = cv2.imencode(".png", page_image(sheet, 0, 100))
    return {"sheet.pdf": sheet, "fillable.pdf": fillable, "photo.png": png.tobytes()}


@fuzz_settings(20)
@given(kind=st.sampled_from(["sheet.pdf", "fillable.pdf", "photo.png"]), edits=EDITS)
def test_mutated_sheets_and_forms(tmp_path_factory, kind, edits):
    path = tmp_path_factory.mktemp("omr") / kind
    path.write_bytes(_mutate(_inputs()[kind], edits))
    started = time.process_time()
    command = "verify" if kind == "fillable.pdf" else "scan"
    _answered(run_cli(command, str(path), *(["--force"] if command == "scan" else [])),
              started)
