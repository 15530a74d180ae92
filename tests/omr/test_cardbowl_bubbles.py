"""Card Bowl's bubble grammar and its bubble log read back from a photo. Expectations typed by
hand from docs/notation.md (Card Bowl) and records/cardbowl_start*.txt."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import pytest

from engine.bubbles import EncodeError, encode, sheet_form
from engine.cardbowl.bubbles import grammar
from printkit.omr import read_bubble_file, record_from_file
from tests.omr.distort import Distortion, distort, page_image

RECORDS = Path(__file__).parent / "records"
TAGS = {"Home": "Steelers", "Away": "Cowboys"}


def _tokens(line: str) -> dict[str, str]:
    g = grammar()
    marks = encode(g, line, TAGS).marks
    return {name: g.slot(name).read(m) for name, m in marks.items() if g.slot(name).read(m)}


def test_a_play_line_shades_its_parts():
    assert _tokens("3 & 12 @ 37\tpass 9") == {"kind": "play", "down": "3", "dist": "12",
                                             "yard": "37", "play": "pass 9"}
    assert _tokens("2 & goal @ 5\tpass 5, TD\t6-0 Steelers") == {
        "kind": "play", "down": "2", "dist": "goal", "yard": "5", "play": "pass 5",
        "clause1": ", TD", "score": "6-0 %Home%"}
    assert _tokens("#### Cowboys") == {"kind": "away"}
    assert _tokens("4 & 5 @ 22\t40 yd FG no good") == {
        "kind": "FG", "down": "4", "dist": "5", "yard": "22", "kick": "40", "fg": "no good"}


@pytest.mark.parametrize("line", [
    "Kickoff\tto -4, touchback",
    "Onside kick\t12 yd, K recovers",
    "1 & 10 @ 42\trun 3, fumble, O recovers",
    "3 & 22 @ 15\tsack -15, safety\t7-2 Steelers",
    "2 pt\tpass 3, good\t10-7 Cowboys",
    "---",
    "Halftime",
])
def test_lines_come_back_as_written(line):
    assert sheet_form(grammar(), line, TAGS) == line


def test_cards_are_left_to_the_play_book():
    assert sheet_form(grammar(), "Kickoff\tto 4, 20 yd return to 24\tcards: JS 4D", TAGS) == \
        "Kickoff\tto 4, 20 yd return to 24"


@pytest.mark.parametrize("line", ["1 & 10 @ 49\trun 5 + 6 = 11", "5 & 10 @ 20\trun 3",
                                  "#### Packers"])
def test_lines_the_sheet_cannot_hold_are_refused(line):
    with pytest.raises(EncodeError):
        encode(grammar(), line, TAGS)


@cache
def _pdf() -> bytes:
    from printkit import sheets
    from tests.helpers import render_sheet

    return render_sheet("cardbowl", "bubblelog", opts=sheets.RenderOptions(
        paper="a4", extra={"from": RECORDS / "cardbowl_start.txt"}))


def test_a_photo_reads_back_as_the_sheet_holds_it(tmp_path):
    want = (RECORDS / "cardbowl_start.sheet.txt").read_text().split("\n\n", 1)[1].splitlines()
    lines = []
    for page in (0, 1):
        d = Distortion(dpi=200, angle=75 + 180 * page, perspective=0.1, jpeg=40, blur=0.8,
                       shadow=0.6, crumple=0.003, seed=page)
        photo = tmp_path / f"p{page}.jpg"
        cv2.imwrite(str(photo), distort(page_image(_pdf(), page, d.dpi), d))
        (_, read), = read_bubble_file(photo)
        assert read.ambiguities == []
        lines += [text for _, text in read.lines]
    assert lines == want


def test_the_pdf_reads_to_the_record(tmp_path):
    pdf = tmp_path / "notes.pdf"
    pdf.write_bytes(_pdf())
    game, text, notes = record_from_file(pdf)
    assert (game, notes) == ("cardbowl", [])
    assert text == (RECORDS / "cardbowl_start.sheet.txt").read_text()
