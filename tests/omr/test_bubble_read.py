"""Bubble sheets drawn from a record, photographed badly (OpenCV in the test), read back.

The expected record is typed by hand (records/postcard_start.sheet.rec: the record as the
sheet holds it); a misread bubble must be reported as ambiguous, never guessed. The record has
no Seed, so its sheet is the one with die values; a play book's sheet (a Seed in the QR) is
tests/omr/test_book_bubbles.py's."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest
import zxingcpp

from printkit.omr import read_bubble_file, record_from_file
from printkit.omr.markers import BITS
from printkit.omr.payload import parse
from tests.helpers import run_cli
from tests.omr.distort import Distortion, distort, page_image
from tests.omr.places import bubble_px, shade

RECORDS = Path(__file__).parent / "records"
RECORD = RECORDS / "postcard_start.rec"
SHEET_LINES = (RECORDS / "postcard_start.sheet.rec").read_text().split("\n\n", 1)[1].split("\n")
SHEET_LINES = [line for line in SHEET_LINES if line]


@cache
def shaded_pdf(paper: str = "letter") -> bytes:
    from printkit import sheets
    from tests.helpers import render_sheet

    opts = sheets.RenderOptions(paper=paper, extra={"from": RECORD, "dense": True})
    return render_sheet("postcard", "bubblelog", opts=opts)


def _read(image: np.ndarray, tmp_path: Path, name: str = "photo.png"):
    path = tmp_path / name
    cv2.imwrite(str(path), image)
    return read_bubble_file(path)[0][1]


def test_markers_are_opencv_aruco_markers():
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    for marker, rows in BITS.items():
        image = cv2.aruco.generateImageMarker(dictionary, marker, 6)
        assert tuple("".join("1" if v else "0" for v in row[1:5]) for row in image[1:5]) == rows


def test_qr_names_game_paper_sheet_and_tags(tmp_path):
    out = tmp_path / "blank.pdf"
    r = run_cli("render", "postcard", "bubblelog", "--dense", "--seed", "club-7", "--match",
                "final", "--home", "Comets", "--sheets", "2", "--out", str(out))
    assert r.code == 0, r.stderr
    codes = [zxingcpp.read_barcodes(page_image(out.read_bytes(), p, 150))[0].text
             for p in (0, 1)]
    first, second = parse(codes[0]), parse(codes[1])
    assert (first.game, first.paper, first.sheet, second.sheet) == ("postcard", "letter", 1, 2)
    assert first.tags == (("Seed", "club-7"), ("Match", "final"), ("Home", "Comets"))


def test_a_clean_scan_reads_the_record_as_the_sheet_holds_it(tmp_path):
    pdf = tmp_path / "log.pdf"
    pdf.write_bytes(shaded_pdf())
    game, text, notes = record_from_file(pdf)
    assert game == "postcard" and notes == []
    assert text == (RECORDS / "postcard_start.sheet.rec").read_text()


DISTORTIONS = [
    Distortion(dpi=150, angle=90, perspective=0.2, seed=1),
    Distortion(dpi=100, angle=200, perspective=0.1, blur=1.0, seed=2),
    Distortion(dpi=200, angle=33, jpeg=40, blur=1.2, shadow=0.45, seed=3),
    Distortion(dpi=200, angle=300, perspective=0.15, jpeg=40, crumple=0.005, seed=4),
    Distortion(dpi=150, angle=181, perspective=0.05, shadow=0.5, crumple=0.004, jpeg=70, seed=5),
]


@pytest.mark.parametrize("d", DISTORTIONS, ids=lambda d: f"{d.dpi}dpi-{d.angle:.0f}deg")
def test_photos_read_back_identical(tmp_path, d):
    image = distort(page_image(shaded_pdf(), 0, d.dpi), d)
    read = _read(image, tmp_path, "photo.jpg")
    assert read.ambiguities == []
    assert [t for _, t in read.lines] == SHEET_LINES[:18]          # 18 bands a letter sheet
    assert [n for n, _ in read.lines] == list(range(1, 19))


def test_the_second_sheet_continues_the_line_numbers(tmp_path):
    d = Distortion(dpi=150, angle=12, perspective=0.05, seed=9)
    read = _read(distort(page_image(shaded_pdf("a4"), 1, d.dpi), d), tmp_path)
    assert read.sheet.sheet == 2 and read.sheet.paper == "a4"
    # 17 bands an a4 sheet: sheet 2 holds lines 18-24
    assert read.lines == [(n, SHEET_LINES[n - 1]) for n in range(18, 25)]
    assert read.lines[0] == (18, "rush 6v5 A6 H2 = +15")


def test_two_shaded_bubbles_are_reported_not_guessed(tmp_path):
    image = page_image(shaded_pdf(), 0, 150).copy()
    shade(image, "postcard", "picks", 0, "6", 1, 150)      # line 2 is "kickoff H 4v3"
    read = _read(image, tmp_path)
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (2, "2 bubbles shaded in picks offense (4, 6)")]
    assert (2, None) in read.lines and (3, SHEET_LINES[2]) in read.lines


def test_a_half_erased_bubble_is_reported(tmp_path):
    image = page_image(shaded_pdf(), 0, 150).copy()
    x, y, rx, ry = bubble_px("postcard", "outcome", 0, "tackle", 3, 150)   # line 4: "= tackle"
    cv2.ellipse(image, (x, y), (rx + 2, ry + 2), 0, 0, 360, 255, -1)
    cv2.ellipse(image, (x, y), (rx, ry), 0, 0, 360, 150, -1)   # what an eraser leaves
    read = _read(image, tmp_path)
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (4, "half-shaded bubble in outcome word (tackle)")]


def test_scan_writes_the_record_crops_and_verifies(tmp_path):
    image = page_image(shaded_pdf(), 0, 150).copy()
    # line 1: toss H6 A1 -> H6 + H5
    x, y, rx, ry = bubble_px("postcard", "die1", 1, "6", 0, 150)
    x5, _, _, _ = bubble_px("postcard", "die1", 1, "5", 0, 150)
    cv2.ellipse(image, (x5, y), (rx, ry), 0, 0, 360, 20, -1)
    photo = tmp_path / "sheet1.png"
    cv2.imwrite(str(photo), image)
    # the whole game, both its sheets (sheet 1 alone is refused: a later sheet may be missing)
    cv2.imwrite(str(tmp_path / "sheet2.png"), page_image(shaded_pdf(), 1, 150))
    r = run_cli("scan", str(photo), str(tmp_path / "sheet2.png"), "--out",
                str(tmp_path / "game.rec"))
    assert r.code == 1, r.stderr
    assert f"{photo}:1: ambiguous: 2 bubbles shaded in die1 value (5, 6) (crop: " \
           f"{tmp_path / 'game.line1.png'})" in r.stdout
    crop = cv2.imread(str(tmp_path / "game.line1.png"), cv2.IMREAD_GRAYSCALE)
    assert crop is not None and crop.shape[1] > 5 * crop.shape[0]
    text = (tmp_path / "game.rec").read_text()
    assert "; sheet1.png line 1: not read: 2 bubbles shaded in die1 value (5, 6)" in \
        text.replace(str(tmp_path) + "/", "")
    assert "kickoff H 4v3" in text
    # the toss never read: the verifier says so on the kickoff's line
    assert "PC-SEQ-001" in r.stdout and "[" + str(photo) + " line 2, crop: " in r.stdout


def test_scan_of_every_sheet_is_clean(tmp_path):
    pdf = tmp_path / "log.pdf"
    pdf.write_bytes(shaded_pdf())
    r = run_cli("scan", str(pdf), "--out", str(tmp_path / "log.rec"))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[:2] == [f"{pdf} page 1: postcard sheet 1: 18 lines read",
                                         f"{pdf} page 2: postcard sheet 2: 6 lines read"]
    assert "24 lines checked, clean" in r.stdout


def test_a_sheet_without_its_corners_is_one_line_exit_2(tmp_path):
    image = page_image(shaded_pdf(), 0, 150).copy()
    image[: image.shape[0] // 3, : image.shape[1] // 6] = 255        # top-left marker torn off
    photo = tmp_path / "torn.png"
    cv2.imwrite(str(photo), image)
    r = run_cli("scan", str(photo))
    assert r.code == 2 and r.stderr.count("\n") == 1
    assert "corner marker 0 not found" in r.stderr


def test_a_sheet_drawn_with_another_layout_is_refused_not_misread(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text('[bubble]\npitch_x = "3.3 mm"\n')
    out = tmp_path / "mine.pdf"
    r = run_cli("render", "postcard", "bubblelog", "--dense",
                "--layout", str(mine), "--from", str(RECORD),
                "--out", str(out), "--png")
    assert r.code == 0, r.stderr
    r = run_cli("scan", str(tmp_path / "mine-p01.png"))
    assert r.code == 2 and r.stderr.count("\n") == 1
    assert "this sheet was drawn with another layout or rules" in r.stderr
