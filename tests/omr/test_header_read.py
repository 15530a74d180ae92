"""The header of a bubble sheet read back: the Result bubbles and the "last sheet (game over)"
bubble, placed by the timing squares flanking them, a half-shaded one reported (never a
digit dropped or guessed). Marks are drawn with OpenCV on a blank PostCard sheet where the
sheet's geometry puts each bubble; the expected reads are typed by hand."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np

from printkit.omr import read_bubble_file
from tests.helpers import run_cli
from tests.omr.distort import Distortion, distort, page_image

DPI = 150


@cache
def _blank() -> tuple[bytes, object]:
    from printkit import sheets
    from printkit.layout import load_layout
    from printkit.omr.geometry import sheet_geometry
    from printkit_engine.postcard.bubbles import grammar
    from tests.helpers import render_sheet

    pdf = render_sheet("postcard", "bubblelog", opts=sheets.RenderOptions())
    return pdf, sheet_geometry(grammar(), load_layout("postcard-bubblelog"), "letter")


def _shade(image: np.ndarray, x: float, y: float, grey: int) -> None:
    _, geo = _blank()
    k = DPI / 72
    cv2.ellipse(image, (int(x * k), int(y * k)),
                (int(geo.bubble_w * 0.45 * k), int(geo.bubble_h * 0.44 * k)), 0, 0, 360, grey, -1)


def _result_bubble(part: int, col: int, digit: int) -> tuple[float, float]:
    _, geo = _blank()
    b = next(b for _, b in geo.header_bubbles if (b.part, b.col, b.opt) == (part, col, digit))
    return geo.header_x + b.x, geo.header_y


def _photo(tmp_path: Path, marks: list[tuple[tuple[float, float], int]],
           d: Distortion | None = None) -> Path:
    pdf, _ = _blank()
    image = page_image(pdf, 0, DPI).copy()
    for (x, y), grey in marks:
        _shade(image, x, y, grey)
    if d is not None:
        image = distort(image, d)
    path = tmp_path / "sheet.png"
    cv2.imwrite(str(path), image)
    return path


def test_result_and_last_sheet_read_back_from_a_tilted_crumpled_photo(tmp_path):
    _, geo = _blank()
    # Result 21-7: home tens 2, home units 1, away units 7 (away tens left blank)
    marks = [(_result_bubble(0, 0, 2), 30), (_result_bubble(0, 1, 1), 30),
             (_result_bubble(1, 1, 7), 30), (geo.last, 30)]
    d = Distortion(dpi=DPI, angle=172.0, perspective=0.12, jpeg=70, blur=0.6, shadow=0.7,
                   crumple=0.005, seed=11)
    (_, read), = read_bubble_file(_photo(tmp_path, marks, d))
    assert read.header == {"result": ((2, 1), (None, 7))}
    assert read.last is True
    assert read.ambiguities == []


def test_a_half_shaded_result_bubble_is_reported_and_the_result_left_unread(tmp_path):
    _, geo = _blank()
    # the last sheet marked: a sheet that is not is refused by scan (a later one may be missing)
    marks = [(_result_bubble(0, 1, 3), 30), (_result_bubble(1, 1, 0), 150), (geo.last, 30)]
    path = _photo(tmp_path, marks)
    (_, read), = read_bubble_file(path)
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (0, "header: half-shaded bubble in Result (0)")]
    assert read.header == {"result": ((None, None), (None, None))}
    r = run_cli("scan", str(path), "--out", str(tmp_path / "game.rec"))
    assert f"{path}: ambiguous: header: half-shaded bubble in Result (0) (crop: " \
           f"{tmp_path / 'game.sheet1-header.png'})" in r.stdout.splitlines()
    assert (tmp_path / "game.sheet1-header.png").is_file()
    assert '[Result "*"]' in (tmp_path / "game.rec").read_text()
    assert r.code == 1


def test_an_unshaded_last_sheet_bubble_reads_not_last(tmp_path):
    (_, read), = read_bubble_file(_photo(tmp_path, [(_result_bubble(0, 1, 3), 30)]))
    assert (read.last, read.ambiguities) == (False, [])
