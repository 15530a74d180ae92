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

from printkit.omr import read_bubble_file, record_from_file
from printkit_engine.blowout.bubbles import grammar
from printkit_engine.blowout.rules import Length, load_rules
from printkit_engine.bubbles import EncodeError, encode, sheet_form
from tests.helpers import pdf_pages, run_cli
from tests.omr.distort import Distortion, distort, page_image
from tests.omr.places import bubble_px, shade
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
def _pdf(paper: str = "letter", record: Path = RECORD) -> bytes:
    from printkit import sheets
    from tests.helpers import render_sheet

    return render_sheet("blowout", "bubblelog", opts=sheets.RenderOptions(
        paper=paper, extra={"from": record}))


# The quarter without its last snap: 35 snaps, an odd number, so the sheet's last band holds
# one snap and leaves its second line blank (still clean: the last snap kept the score).
ODD_TEXT = "".join(RECORD.read_text().splitlines(True)[:-1])
ODD_SHEET = "".join(SHEET.read_text().splitlines(True)[:-1])


@cache
def _odd_pdf(paper: str = "letter") -> bytes:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "odd.rec"
        record.write_text(ODD_TEXT)
        return _pdf(paper, record)


@pytest.mark.parametrize(("paper", "bands"), [("letter", 19), ("a4", 18)])
def test_a_band_holds_two_snaps_in_three_rows(tmp_path, paper, bands):
    """Read back from the blank PDF. A band: 3 rows of 2.5 mm and a 0.6 mm gap = 8.1 mm for
    two snaps. First band at 7 + 28 + 1.5 (header) + 2 x 6.25 pt (headings) + 1 = 41.9 mm;
    floor at 215.9 - 7 - 8 - 1 = 199.9 mm (letter), 210 - 16 = 194 mm (a4): (199.9 - 41.9 +
    0.6) / 8.1 = 19.6 -> 19 bands, 38 snaps; (194 - 41.9 + 0.6) / 8.1 = 18.9 -> 18, 36."""
    pdf = tmp_path / "blank.pdf"
    assert run_cli("render", "blowout", "bubblelog", "--paper", paper, "--sheets", "2",
                   "--out", str(pdf)).code == 0
    mm = 72 / 25.4
    with pdf_pages(pdf) as pages:
        page = pages[0]
        text = page.text()
        assert f"sheet 2 of 2 lines {2 * bands + 1}-{4 * bands}" in pages[1].text()
        numbers = [(int(w.text), w) for w in page.words()
                   if w.text.isdigit() and w.x1 < 15 * mm and w.top > 40 * mm]
        squares = sorted(r.top / mm + 0.75 for r in page.rects()
                         if abs(r.x0 / mm - 12.75) < 0.1 and abs(r.width / mm - 1.5) < 0.05)
    assert f"lines 1-{2 * bands}" in text
    assert [n for n, _ in numbers] == list(range(1, 2 * bands + 1))
    # a band's two snaps two rows apart (5 mm), the next band's first 8.1 mm below its first
    tops = [w.top / mm for _, w in numbers]
    assert [round(b - a, 1) for a, b in zip(tops, tops[1:], strict=False)][:4] == \
        [5.0, 3.1, 5.0, 3.1]
    # the timing squares at each row's left end: three rows a band
    assert len(squares) == 3 * bands
    assert [round(y - squares[0], 1) for y in squares[:4]] == [0.0, 2.5, 5.0, 8.1]
    assert round(squares[0], 1) == 43.2                       # 41.9 + half a row
    assert text.count("{ball") == 2                           # both states headed


def test_a_band_is_the_snap_the_states_the_next_snap():
    from printkit.layout import load_layout
    from printkit.omr.geometry import sheet_geometry

    geo = sheet_geometry(grammar(), load_layout("blowout-bubblelog"), "letter")
    assert (geo.rows, geo.per_band, geo.bands, geo.lines) == (3, 2, 19, 38)
    rows = {(p.line, p.slot.name): p.row for p in geo.placed}
    snap = ("period", "side", "offense", "defense", "response", "yards")
    assert rows == {**{(0, s): 0 for s in snap}, **{(1, s): 2 for s in snap},
                    **{(line, s): 1 for line in (0, 1) for s in ("ball", "down", "spot")}}
    first, second = (min(p.x for p in geo.placed if p.row == 1 and p.line == line)
                     for line in (0, 1))
    assert first < second                     # the state after the snap above comes first
    assert [(row, line, geo.pointer(row, line)) for row, _, line in geo.pointers] == [
        (1, 0, "up"), (1, 1, "down")]
    assert [geo.place(k) for k in range(4)] == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_an_odd_last_snap_leaves_its_bands_second_line_blank(tmp_path):
    """39 snaps (the quarter and its first three again: read, not verified): letter 38 + 1,
    a4 36 + 3; a sheet's lines are numbered on from the last."""
    from pypdf import PdfReader

    record = tmp_path / "long.rec"
    snaps = [t for t in RECORD.read_text().splitlines() if t.startswith("Q1")]
    record.write_text('[Game "blowout"]\n\n' + "\n".join(snaps + snaps[:3]) + "\n")
    want = SHEET_LINES + SHEET_LINES[:3]
    for paper, per in (("letter", 38), ("a4", 36)):
        pdf = tmp_path / f"{paper}.pdf"
        pdf.write_bytes(_pdf(paper, record))
        assert len(PdfReader(str(pdf)).pages) == 2
        (_, first), (_, second) = read_bubble_file(pdf)
        assert [n for n, _ in first.lines] == list(range(1, per + 1))
        assert [n for n, _ in second.lines] == list(range(per + 1, 40))
        assert [t for _, t in first.lines + second.lines] == want
        assert (first.last, second.last) == (False, True)


PHOTOS = [
    ("letter", Distortion(dpi=150, angle=90, perspective=0.15, jpeg=40, blur=1.0, seed=1)),
    ("a4", Distortion(dpi=200, angle=200, perspective=0.1, shadow=0.5, crumple=0.004, seed=2)),
    ("letter", Distortion(dpi=120, angle=347, jpeg=70, blur=0.8, shadow=0.6, seed=3)),
]


@pytest.mark.parametrize("paper, d", PHOTOS, ids=lambda v: getattr(v, "dpi", v))
def test_photos_of_an_odd_record_scan_to_its_sheet_form(tmp_path, paper, d):
    photo = tmp_path / "photo.jpg"
    cv2.imwrite(str(photo), distort(page_image(_odd_pdf(paper), 0, d.dpi), d))
    out = tmp_path / "photo.rec"
    r = run_cli("scan", str(photo), "--out", str(out))
    assert r.code == 0, r.stdout
    assert r.stdout.splitlines()[0] == f"{photo}: blowout sheet 1: 35 lines read"
    assert out.read_text() == ODD_SHEET


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
    # line 3 (band 2's first) is "Q1 H R65 D60 ..."
    shade(image, "blowout", "offense", 0, "P", 1, 150)
    photo = tmp_path / "sheet.png"
    cv2.imwrite(str(photo), image)
    (_, read), = read_bubble_file(photo)
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (3, "2 bubbles shaded in offense card (R, P)")]
    assert (3, None) in read.lines and (4, SHEET_LINES[3]) in read.lines


def test_a_half_erased_bubble_on_a_bands_second_line_is_that_lines(tmp_path):
    """Line 4 (band 2's second snap) is "Q1 H K45 D30 +45 {A 1&10 A35}": its K half erased.
    The crop is line 4's two rows (its state, the middle row, and its snap below), 2 x 2.5 mm
    and 0.3 of a row either side: 6.5 mm, 37 px at 144 dpi; line 3's state beside line 4's
    in the middle row is washed pale."""
    image = page_image(_odd_pdf(), 0, 150).copy()
    x, y, rx, ry = bubble_px("blowout", "offense", 0, "K", 1, 150, line=1)
    cv2.ellipse(image, (x, y), (rx + 2, ry + 2), 0, 0, 360, 255, -1)
    cv2.ellipse(image, (x, y), (rx, ry), 0, 0, 360, 150, -1)    # what an eraser leaves
    photo = tmp_path / "sheet.png"
    cv2.imwrite(str(photo), image)
    out = tmp_path / "sheet.rec"
    r = run_cli("scan", str(photo), "--out", str(out))
    assert r.code == 1
    crop = tmp_path / "sheet.line4.png"
    assert f"{photo}:4: ambiguous: half-shaded bubble in offense card (K) (crop: {crop})" \
        in r.stdout.splitlines()
    assert "; " + f"{photo} line 4: not read: half-shaded bubble in offense card (K)" in \
        out.read_text().splitlines()
    png = cv2.imread(str(crop), cv2.IMREAD_GRAYSCALE)
    assert abs(png.shape[0] - 37) <= 1 and abs(png.shape[1] - 1505) <= 1    # 265.4 mm wide
    px = 144 / 25.4
    middle = png[int(1.2 * px):int(2.8 * px)]                 # the states' row
    assert middle[:, int(12 * px):int(125 * px)].min() > 150  # line 3's: washed pale
    assert middle[:, int(134 * px):int(250 * px)].min() < 80  # line 4's own: its marks
    assert png[int(3.7 * px):int(5.3 * px)].min() < 80        # line 4's snap row below


def test_a_finding_on_a_bands_second_line_names_it_and_crops_its_rows(tmp_path):
    """The punt of line 4 written +40 (a punt's yards are its KICK DISTANCE, 45): the
    finding is on record line 10 (five tags and a blank line first), sheet line 4, whose
    crop is its two rows."""
    record = tmp_path / "slip.rec"
    record.write_text(ODD_TEXT.replace("Q1 H K45 D30 +45 {A 1&10 A35 0-0}",
                                       "Q1 H K45 D30 +40 {A 1&10 A35 0-0}"))
    pdf = tmp_path / "slip.pdf"
    assert run_cli("render", "blowout", "bubblelog", "--from", str(record),
                   "--out", str(pdf)).code == 0
    out = tmp_path / "scan.rec"
    r = run_cli("scan", str(pdf), "--out", str(out))
    assert r.code == 1
    crop = tmp_path / "scan.line4.png"
    assert r.stdout.splitlines()[1] == (
        f"{out}:10: BO-PUNT-001: punt: KICK DISTANCE 45 (expected +45, found +40) "
        f"[{pdf} page 1 line 4, crop: {crop}]")
    assert abs(cv2.imread(str(crop), cv2.IMREAD_GRAYSCALE).shape[0] - 37) <= 1


def test_a_bands_first_line_blank_its_second_shaded_is_reported(tmp_path):
    """Line 3 (band 2's first) wiped, line 4 shaded: said, never read as line 3."""
    from printkit.layout import load_layout
    from printkit.omr.geometry import sheet_geometry

    image = page_image(_odd_pdf(), 0, 150).copy()
    geo = sheet_geometry(grammar(), load_layout("blowout-bubblelog"), "letter")
    k = 150 / 72
    for b in geo.bubbles:
        if b.line == 0:
            centre = (int((geo.left + b.x) * k), int(geo.row_y(1, b.row) * k))
            cv2.ellipse(image, centre, (int(geo.bubble_w * 0.6 * k), int(geo.bubble_h * 0.6 * k)),
                        0, 0, 360, 255, -1)
    photo = tmp_path / "sheet.png"
    cv2.imwrite(str(photo), image)
    (_, read), = read_bubble_file(photo)
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (3, "nothing read on this line, though line 4 of its band has marks: a line skipped? "
            "(shade a band's lines in order, its first line first)")]
    assert read.lines[1:4] == [(2, SHEET_LINES[1]), (3, None), (4, SHEET_LINES[3])]


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
    from printkit_engine.blowout.verify import verify_text

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
