"""BLOWOUT!!!'s bubble grammar, its bubble log read back from photos, its fillable log and an
audit over a folder holding a photo of one. Expectations typed by hand from docs/notation.md
(BLOWOUT!!!), the decks and records/blowout_quarter.rec (a quarter written from the rules
text; records/blowout_quarter.sheet.rec is it as the sheet holds it: comments and scores left
off, as a state may leave its score off and the verifier keeps it)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from engine.blowout.bubbles import grammar
from engine.blowout.rules import Length, load_rules
from engine.bubbles import EncodeError, encode, sheet_form
from printkit.omr import read_bubble_file, record_from_file
from tests.helpers import run_cli
from tests.omr.distort import Distortion, distort, page_image
from tests.omr.places import bubble_px
from tests.omr.test_fillable import _blank, _fill

RECORDS = Path(__file__).parent / "records"
RECORD = RECORDS / "blowout_quarter.rec"
SHEET = RECORDS / "blowout_quarter.sheet.rec"
SHEET_LINES = SHEET.read_text().split("\n\n", 1)[1].splitlines()


def _tokens(line: str) -> dict[str, str]:
    g = grammar()
    marks = encode(g, line).marks
    return {name: g.slot(name).read(m) for name, m in marks.items() if g.slot(name).read(m)}


def _shaded(line: str, slot: str) -> list[tuple[str, ...]]:
    """The labels of the bubbles a line shades in one slot, part by part, column by column."""
    g = grammar()
    marks = encode(g, line).marks[slot]
    out = []
    for part, cols in zip(g.slot(slot).parts, marks, strict=True):
        out.append(tuple("" if m is None else labels[m]
                         for labels, m in zip(part.bubble_labels, cols, strict=True)))
    return out


# -- the grammar ---------------------------------------------------------------------------

def test_a_snap_shades_every_field():
    assert _tokens("Q1 H R70 D65 +5 {H 2&5 H25 0-0}") == {
        "period": "Q1", "side": "H", "offense": "R70", "defense": "D65", "yards": "+5",
        "ball": "H", "down": "2&5", "spot": "H25"}
    assert _tokens("OT2 A P90 INT H:DP-PI +17 {A 1&10 H18 10-3}") == {
        "period": "OT2", "side": "A", "offense": "P90", "defense": "INT",
        "response": "H:DP-PI", "yards": "+17", "ball": "A", "down": "1&10", "spot": "H18"}


def test_a_card_is_its_letter_and_its_yards():
    line = "Q1 H R100 D35 +65 {H 1&10 A15 0-0}"
    assert _shaded(line, "offense") == [("R",), ("100",)]
    assert _shaded(line, "defense") == [("D",), ("35",)]
    named = "Q1 H DP-OFS OP-DOG H:CHAL +0 {H 1&10 H20 0-0}"
    assert _shaded(named, "offense") == [("OF",), ("",)]
    assert _shaded(named, "defense") == [("DG",), ("",)]
    assert _shaded(named, "response") == [("H",), ("CH",)]


def test_numbers_are_digit_columns():
    line = "2H A K65 D100 -55 {H 4&23 50 105-7}"
    assert _shaded(line, "yards") == [("-",), ("5", "5")]
    assert _shaded(line, "down") == [("4",), ("2", "3")]
    assert _shaded(line, "spot") == [("",), ("5", "0")]
    assert _shaded(line, "period") == [("2H",), ("",)]
    assert _shaded("Q3 H R70 D65 +5 {H 2&5 H25 0-0}", "period") == [("Q",), ("3",)]
    assert _shaded("OT2 H R70 D65 +5 {H 2&5 H25 0-0}", "period") == [("OT",), ("2",)]
    assert _shaded("Q1 H R70 D65 +5 {H 2&5 H25 0-0}", "yards") == [("+",), ("", "5")]


def test_no_bubble_for_a_leading_zero_or_yards_the_rules_rule_out():
    """A number's first column has no 0 (05 is written 5); the Result's hundreds only 1
    (0-199); yards two columns: the most a snap can write is 90 (R100 against D10), 65 (K65)
    or PASS INTERFERENCE short of the goal line, under 100 (B16)."""
    g = grammar()
    assert [len(c) for c in g.slot("yards").parts[1].columns] == [9, 10]
    assert g.slot("yards").parts[1].columns[0] == tuple("123456789")
    result = dict(g.header)["Result"]
    assert [c[0] for c in result.parts[0].columns] == ["1", "0", "0"]
    assert result.parts[0].columns[0] == ("1",)
    assert g.slot("spot").parts[1].columns[0] == ("1", "2", "3", "4", "5")
    assert g.slot("down").parts[1].columns[0] == tuple("123456789")
    assert sheet_form(g, "Q1 H R100 D10 +90 {A 1&10 A20}") == "Q1 H R100 D10 +90 {A 1&10 A20}"


@pytest.mark.parametrize("line", [
    "Q1 H R60 D60 +0 {H 2&10 H20}",
    "Q4 A P60 SACK -10 {A 2&20 A10}",
    "Q1 A R65 D50 H:CHAL +0 {A 2&20 A10}",
    "Q2 H R80 D45 H:DP-HLD +5 {H 1&5 H25}",
    "1H H DP-OFS D60 +5 {H 1&5 H25}",
    "Q3 H R90 OP-OFS -5 {H 1&8 A8}",
    "Q1 A R45 D100 -55 {H 1&10 H20}",
    "OT1 H K35 D80 +35 {A 1&10 A30}",
    "OT9 H R70 FUM +0 {A 1&10 50}",
    "Q1 H R75 CHAL A:DP-PI 7 {H 1&3 A3}",      # slips the verifier finds are held too
    "Q5 H R70 D65 +5 {H 2&5 H25}",           # Q and 5: a fifth quarter, the verifier's
])
def test_lines_come_back_as_written(line):
    assert sheet_form(grammar(), line) == line


def test_a_states_score_is_left_off():
    """No score bubbles: the verifier keeps the score from the snaps (docs/notation.md)."""
    line = "Q1 H R100 D10 +90 {A 1&10 A20 7-0}"
    assert sheet_form(grammar(), line) == "Q1 H R100 D10 +90 {A 1&10 A20}"
    assert encode(grammar(), line).dropped == ("7-0",)
    assert encode(grammar(), "Q1 H R70 D65 +5 {H 2&5 H25 200-0}").dropped == ("200-0",)


def test_a_comment_after_the_state_is_left_off():
    line = "Q1 H K45 D30 +45 {A 1&10 A35}   ; punt from the H20"
    assert sheet_form(grammar(), line) == "Q1 H K45 D30 +45 {A 1&10 A35}"
    assert encode(grammar(), line).dropped == ("punt", "from", "the", "H20")
    assert sheet_form(grammar(), "Q1 H R70 D65 +5 {H 2&5 H25}\t; tab") == \
        "Q1 H R70 D65 +5 {H 2&5 H25}"


@pytest.mark.parametrize("line", [
    "Q1 H R95 D65 +30 {H 1&10 H50 0-0}",      # no OFFENSE card of 95 yards
    "OT10 H R70 D65 +5 {H 2&5 H25 0-0}",      # the sheet holds OT1-OT9
    "Q1 H R70 D65 +100 {H 2&5 H25 0-0}",      # no snap moves 100 yards (B16)
    "Q1 H R70 D65 +05 {H 2&5 H25 0-0}",       # a leading 0
    "Q1 H R70 D65 +5 {H 5&5 H25 0-0}",        # four downs
    "Q1 H R70 D65 H:SACK +5 {H 2&5 H25 0-0}",  # SACK! is no response card
    "q1 h r70 d65 +5 {h 2&5 h25 0-0}",        # the notation's capitals only
    "Q1  H R70 D65 +5 {H 2&5 H25 0-0}",       # one space between fields
    "Q1 H R70 D65 +5 {H 2&5 H25 0-0} H:CHAL",  # text after the state that is no comment
])
def test_lines_the_sheet_cannot_hold_are_refused(line):
    with pytest.raises(EncodeError):
        encode(grammar(), line)


def test_bubbles_come_from_the_rules_data():
    shipped = load_rules()
    thirds = replace(shipped, field=replace(shipped.field, downs=5),
                     lengths={"thirds": Length("thirds", 3, 0)})
    g = grammar(thirds)
    assert g.slot("down").parts[0].options == ("1", "2", "3", "4", "5")
    assert g.slot("period").parts[0].options == ("Q", "OT")
    assert g.slot("period").parts[1].options == tuple("123456789")     # OT1-OT9
    assert dict(g.header)["Length"].parts[0].options == ("thirds",)
    twelve = grammar(replace(shipped, lengths={"long": Length("long", 12, 6)}))
    assert twelve.slot("period").parts[1].options[-3:] == ("10", "11", "12")
    shipped = grammar()
    assert shipped.slot("down").parts[0].options == ("1", "2", "3", "4")
    assert shipped.slot("period").parts[0].options == ("Q", "1H", "2H", "OT")
    assert shipped.slot("offense").parts[0].options == (        # letters, then named cards
        "R", "P", "K", "DP-OFS", "DP-PI", "DP-HLD", "CHAL")
    assert shipped.slot("defense").parts[1].options == (
        "10", "20", "30", "35", "40", "45", "50", "55", "60", "65", "70", "75", "80", "85",
        "90", "95", "100")
    assert dict(shipped.header)["Length"].parts[0].options == ("quarter", "halves", "full")
    assert "SK SACK" in shipped.legend[0] and "K SPECIAL TEAMS" in shipped.legend[0]


# -- the sheet, photographed ---------------------------------------------------------------

@cache
def _pdf(paper: str = "letter") -> bytes:
    from printkit import sheets
    from tests.helpers import render_sheet

    return render_sheet("blowout", "bubblelog", opts=sheets.RenderOptions(
        paper=paper, extra={"from": RECORD}))


def test_a_letter_sheet_holds_28_snaps_an_a4_sheet_27(tmp_path):
    from pypdf import PdfReader

    pdf = tmp_path / "a4.pdf"
    pdf.write_bytes(_pdf("a4"))
    assert len(PdfReader(str(pdf)).pages) == 2                   # 36 snaps: 27 + 9
    (_, first), (_, second) = read_bubble_file(pdf)
    assert [n for n, _ in second.lines] == list(range(28, 37))
    assert [t for _, t in first.lines + second.lines] == SHEET_LINES
    letter = tmp_path / "letter.pdf"
    letter.write_bytes(_pdf())
    assert len(PdfReader(str(letter)).pages) == 2                # 28 + 8
    (_, first), (_, second) = read_bubble_file(letter)
    assert [n for n, _ in second.lines] == list(range(29, 37))


def test_a_band_is_two_rows_the_snap_above_the_state_below():
    from printkit.layout import load_layout
    from printkit.omr.geometry import sheet_geometry

    layout = load_layout("blowout-bubblelog")
    for paper, bands in (("letter", 28), ("a4", 27)):
        geo = sheet_geometry(grammar(), layout, paper)
        assert (geo.rows, geo.bands) == (2, bands)
        rows = {p.slot.name: p.row for p in geo.placed}
        assert rows == {"period": 0, "side": 0, "offense": 0, "defense": 0, "response": 0,
                        "yards": 0, "ball": 1, "down": 1, "spot": 1}


PHOTOS = [
    (0, Distortion(dpi=150, angle=90, perspective=0.15, jpeg=40, blur=1.0, seed=1)),
    (1, Distortion(dpi=200, angle=200, perspective=0.1, shadow=0.5, crumple=0.004, seed=2)),
    (0, Distortion(dpi=120, angle=347, jpeg=70, blur=0.8, shadow=0.6, seed=3)),
]


@pytest.mark.parametrize("page, d", PHOTOS, ids=lambda v: getattr(v, "dpi", v))
def test_photos_read_back_identical(tmp_path, page, d):
    photo = tmp_path / "photo.jpg"
    cv2.imwrite(str(photo), distort(page_image(_pdf(), page, d.dpi), d))
    (_, read), = read_bubble_file(photo)
    assert read.ambiguities == []
    first = 28 * page + 1
    assert read.lines == list(zip(range(first, first + 28), SHEET_LINES[first - 1:first + 27],
                                  strict=False))


def test_the_pdf_reads_to_the_record():
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        pdf = Path(tmp) / "log.pdf"
        pdf.write_bytes(_pdf())
        game, text, notes = record_from_file(pdf)
    assert (game, notes) == ("blowout", [])
    assert text == SHEET.read_text()


def test_a_double_shaded_card_is_reported_not_guessed(tmp_path):
    image = page_image(_pdf(), 0, 150).copy()
    # line 3 is "Q1 H R65 D60 ..."
    x, y, rx, ry = bubble_px("blowout", "offense", 0, "P", 2, 150)
    cv2.ellipse(image, (x, y), (rx, ry), 0, 0, 360, 30, -1)
    photo = tmp_path / "sheet.png"
    cv2.imwrite(str(photo), image)
    (_, read), = read_bubble_file(photo)
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (3, "2 bubbles shaded in offense card (R, P)")]
    assert (3, None) in read.lines and (4, SHEET_LINES[3]) in read.lines


def test_from_a_record_the_sheet_cannot_hold_is_one_line_exit_2(tmp_path):
    record = tmp_path / "r.rec"
    record.write_text('[Game "blowout"]\n\nQ1 H R70 D65 +5 {H 2&5 H25 0-0}\n'
                      "Q1 H R95 D65 +30 {H 1&10 H50 0-0}\n")
    r = run_cli("render", "blowout", "bubblelog", "--from", str(record),
                "--out", str(tmp_path / "x.pdf"))
    assert r.code == 2 and r.stderr.count("\n") == 1
    assert f"{record}:4: cannot be shaded on a bubble sheet: no bubbles for this line" in \
        r.stderr


# -- the fillable log ------------------------------------------------------------------------

def _cells(line: int, period, side, offense, defense, yards, ball, down, spot,
           response="") -> dict[str, str]:
    cells = {"period": period, "side": side, "offense": offense, "defense": defense,
             "response": response, "yards": yards, "ball": ball, "down": down, "spot": spot}
    return {f"L{line:03d}.{k}": v for k, v in cells.items() if v}


# "Q1 H R70 D65 +5 {H 2&5 H25 0-0}", "Q1 H R60 D75 -15 {H 3&20 H10 0-0}", "Q1 H R90 D60 +30
# {H 1&10 H40 0-0}", "Q1 H R100 D10 +90 {A 1&10 A20 7-0}" (tests/engine/blowout/test_records)
RUNS = {"tag.Length": "quarter", "tag.Result": "7-0",
        **_cells(1, "Q1", "H", "R70", "D65", "+5", "H", "2&5", "H25"),
        **_cells(2, "q1", "h", "r60", "d75", "-15", "H", "3&20", "h10"),
        **_cells(3, "Q1", "H", "R90", "D60", "+30", "H", "1&10", "H40"),
        **_cells(4, "Q1", "H", "R100", "D10", "+90", "A", "1&10", "A20")}


def test_fillable_fields_one_per_cell(tmp_path):
    from pypdf import PdfReader

    fields = PdfReader(str(_blank(tmp_path, "blowout"))).get_fields()
    assert fields["printkit.game"]["/V"] == "blowout"
    for name in ("L001.period", "L001.offense", "L001.response", "tag.Length",
                 "tag.Result", "tag.Seed"):
        assert name in fields
    assert "L001.score" not in fields                        # the verifier keeps the score


def test_a_filled_log_verifies_clean(tmp_path):
    filled = _fill(_blank(tmp_path, "blowout"), RUNS, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert r.code == 0, r.stdout
    assert r.stdout == f"{filled}: blowout: 4 lines checked, clean; final score 7-0\n"


def test_a_slip_in_a_cell_is_the_typed_records_finding(tmp_path):
    filled = _fill(_blank(tmp_path, "blowout"), {**RUNS, "L001.yards": "+10"},
                   tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert r.code == 1
    # the record read: [Game], [Length], [Result], a blank line, then the snaps from line 5
    first = r.stdout.splitlines()[0]
    assert first.startswith(f"{filled}:5: BO-YDS-001: R70 against D65: 70 - 65 = +5")
    assert first.endswith("(expected +5, found +10)")


def test_a_cell_that_is_no_card_is_reported_not_guessed(tmp_path):
    filled = _fill(_blank(tmp_path, "blowout"), {**RUNS, "L002.offense": "R95"},
                   tmp_path / "f.pdf")
    r = run_cli("verify", str(filled))
    assert r.stdout.splitlines()[0] == f"{filled}:2: unreadable cell: offense 'R95'"


# -- audit over a folder -------------------------------------------------------------------------

def test_audit_finds_the_slip_on_a_photographed_sheet(tmp_path):
    folder = tmp_path / "hand-in"
    folder.mkdir()
    shutil.copy(RECORD, folder / "typed.rec")
    slipped = tmp_path / "slipped.rec"
    slipped.write_text('[Game "blowout"]\n[Length "quarter"]\n\n'
                       "Q1 H R70 D65 +10 {H 2&5 H25 0-0}\n"
                       "Q1 H R60 D75 -15 {H 3&20 H10 0-0}\n"
                       "Q1 H R90 D60 +30 {H 1&10 H40 0-0}\n"
                       "Q1 H R100 D10 +90 {A 1&10 A20 7-0}\n")
    sheet = tmp_path / "sheet.pdf"
    assert run_cli("render", "blowout", "bubblelog", "--from", str(slipped), "--paper", "a4",
                   "--out", str(sheet)).code == 0
    d = Distortion(dpi=150, angle=184, perspective=0.08, blur=0.6, shadow=0.7, seed=11)
    photo: np.ndarray = distort(page_image(sheet.read_bytes(), 0, d.dpi), d)
    cv2.imwrite(str(folder / "photo.JPG"), photo, [cv2.IMWRITE_JPEG_QUALITY, 60])
    r = run_cli("audit", str(folder), "--format", "json")
    data = json.loads(r.stdout)
    status = {Path(e["file"]).name: e["status"] for e in data["records"]}
    assert status == {"typed.rec": "clean", "photo.JPG": "findings"}
    found = next(e for e in data["records"] if e["file"].endswith("photo.JPG"))
    assert [(f["rule"], f["expected"], f["found"]) for f in found["findings"]] == [
        ("BO-YDS-001", "+5", "+10")]
    assert r.code == 1


# -- the header: a Length left blank ---------------------------------------------------------

# A full game (tests/engine/blowout/test_records.py FOUR): clean as a full game, not as a
# quarter (a second quarter in a one-quarter game).
FULL_GAME = ["Q1 H R70 D65 +5 {H 2&5 H25 0-0}",
             "Q2 H R75 D65 +10 {H 1&10 H35 0-0}",
             "Q3 A R100 D10 +90 {H 1&10 H20 0-7}",
             "Q4 H R100 D10 +90 {A 1&10 A20 7-7}",
             "Q4 A R90 D10 +80 {H 1&10 H20 7-14}"]


def test_a_length_left_unknown_is_the_full_game():
    from engine.blowout.verify import verify_text

    body = "\n".join(FULL_GAME) + "\n"
    assert verify_text('[Game "blowout"]\n[Length "*"]\n\n' + body, "r").findings == []
    quarter = verify_text('[Game "blowout"]\n[Length "quarter"]\n\n' + body, "r")
    assert min((f.line, f.rule) for f in quarter.findings) == (5, "BO-QTR-001")


def test_a_sheet_with_no_length_shaded_verifies_as_a_full_game(tmp_path):
    record = tmp_path / "full.rec"
    record.write_text('[Game "blowout"]\n[Result "7-14"]\n\n' + "\n".join(FULL_GAME) + "\n")
    sheet = tmp_path / "full.pdf"
    assert run_cli("render", "blowout", "bubblelog", "--from", str(record),
                   "--out", str(sheet)).code == 0
    game, text, notes = record_from_file(sheet)
    assert text.splitlines()[:3] == ['[Game "blowout"]', '[Length "*"]', '[Result "7-14"]']
    r = run_cli("verify", str(sheet))
    assert r.code == 0, r.stdout
    assert "5 lines checked, clean; final score 7-14" in r.stdout
