"""The grid game's score sheet as a bubble log (the default `render cardgrid bubblelog`): one
band a score line, a whole game on one sheet; which log a sheet is comes from its QR's
geometry key. Expectations typed by hand from docs/notation.md (the grid game's score line)
and records/cardgrid_scores.rec (a score sheet written from the rules text)."""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

import cv2
import pdfplumber
import pytest

from printkit.omr import read_bubble_file, record_from_file, sheet_runs
from printkit_engine.bubbles import EncodeError, encode, record_log, sheet_form, split_record
from printkit_engine.cardgrid.bubbles import grammar, scores
from printkit_engine.cardgrid.scoresheet import score_sheet
from tests.helpers import pdf_texts, run_cli
from tests.omr.distort import Distortion, distort, page_image
from tests.omr.places import shade
from tests.omr.test_cardgrid_bubbles import PHOTOS  # the passage log's photos
from tests.omr.test_fillable import _blank, _fill

RECORDS = Path(__file__).parent / "records"
RECORD = RECORDS / "cardgrid_scores.rec"
LINES = ["H T 4-0 > A2", "H C 6-0 > A2", "A F 6-1 > H3", "H P 8-1 > A3", "A T 8-5 > H2",
         "H F 9-5 > A3"]
SLIPPED = RECORD.read_text().replace("A F 6-1 > H3", "A F 6-2 > H3")
# a passage log's first three lines (examples/cardgrid.rec): a whole short game of its own
PASSAGES = ('[Game "cardgrid"]\n[KickOff "H"]\n[Finish "10:40"]\n[Result "1-0"]\n\n'
            "H2: 3H 5C 9D 7H 2C KD 4H 6C 3S 8H 9C 5D 10H JC AS QH KC 2D = kick > A2\n"
            "A2: 4D 6S 6H = lost > H10\nH10: JH* = F 1-0 > A3\n")


def _tokens(line: str) -> dict[str, str]:
    g = scores()
    marks = encode(g, line).marks
    return {name: g.slot(name).read(m) for name, m in marks.items() if g.slot(name).read(m)}


# -- the grammar ------------------------------------------------------------------------------

def test_a_score_line_shades_scorer_code_score_and_restart():
    assert _tokens("H T 4-0 > A2") == {"who": "H", "code": "T", "home": "4", "away": "0",
                                       "next": "A2"}
    assert _tokens("A P 12-10 > H3") == {"who": "A", "code": "P", "home": "12",
                                         "away": "10", "next": "H3"}
    assert _tokens('[Finish "9:05"]') == {"who": "finish", "hour": "9", "minutes": "05"}
    assert _tokens('[Finish "09:15"]') == {"who": "finish", "hour": "09", "minutes": "15"}
    for line in ("H T 4-0 > A2", "A C 0-6 > H2", '[Finish "10:40"]', '[Finish "09:15"]',
                 "H F 99-99 > A3"):
        assert sheet_form(scores(), line) == line


@pytest.mark.parametrize("line", [
    "H11: 5H 3C 9H = T 5-0 C 7-0 > A2",      # a passage: the passage log's
    "shuffle H",                              # a shuffle: the passage log's
    "H T 4-0 > A5",                           # no restart is on grid 5 (rules: 2 and 3)
    "H X 4-0 > A2",                           # no such code
    '[KickOff "H"]',                          # the header's, not a band's
])
def test_lines_the_score_sheet_cannot_hold_are_refused(line):
    with pytest.raises(EncodeError):
        encode(scores(), line)


def test_bubbles_come_from_the_rules_data():
    g = scores()
    assert g.slot("code").parts[0].options == ("F", "P", "T", "C")
    assert g.slot("next").parts[1].options == ("2", "3")          # the restarts' grids
    assert g.slot("who").parts[0].options == ("H", "A", "finish")
    assert [t for t, _ in g.header] == ["Result", "KickOff"]


def test_a_record_goes_on_the_log_that_holds_every_line():
    _, lines = split_record(scores(), RECORD.read_text())
    assert record_log(scores(), lines) is scores()
    _, lines = split_record(scores(), PASSAGES)
    assert record_log(scores(), lines) is grammar()
    mixed = RECORD.read_text() + "shuffle H\n"
    assert record_log(scores(), split_record(scores(), mixed)[1]) is grammar()


def test_a_passage_logs_score_sheet():
    text = score_sheet((Path(__file__).parents[2] / "examples" / "cardgrid.rec").read_text())
    assert text.split("\n\n", 1)[1] == ("H F 1-0 > A3\nH T 5-0 > A2\nH C 7-0 > A2\n"
                                        "H P 9-0 > A3\nA T 9-4 > H2\n")


# -- the blank sheet ----------------------------------------------------------------------------

@cache
def _blank_pdf(paper: str, *args: str) -> bytes:
    from printkit import sheets
    from tests.helpers import render_sheet

    extra = dict(zip(args[::2], args[1::2], strict=True))
    return render_sheet("cardgrid", "bubblelog", opts=sheets.RenderOptions(paper=paper,
                                                                           extra=extra))


@pytest.mark.parametrize(("paper", "bands"), [("letter", 33), ("a4", 32)])
def test_a_blank_score_sheet_holds_a_whole_game(tmp_path, paper, bands):
    """One band a line, one row a band: the line numbers down the left and the timing
    squares at each band's ends, read back from the PDF."""
    path = tmp_path / "blank.pdf"
    path.write_bytes(_blank_pdf(paper))
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 1
        page = pdf.pages[0]
        text = page.extract_text()
        numbers = [int(w["text"]) for w in page.extract_words()
                   if w["text"].isdigit() and w["x0"] < 15 * 72 / 25.4]
        square = 1.5 * 72 / 25.4
        ends = {round(r["top"], 1) for r in page.rects
                if abs(r["width"] - square) < 0.2 and r["x0"] < 20 * 72 / 25.4}
    assert "bubble log (scores)" in text and f"lines 1-{bands}" in text
    assert numbers == list(range(1, bands + 1))
    assert len(ends) == bands + 1            # a square at each band's left, and the header's


def test_the_passage_log_is_an_option(tmp_path):
    out = tmp_path / "passages.pdf"
    r = run_cli("render", "cardgrid", "bubblelog", "--log", "passages", "--out", str(out))
    assert r.code == 0, r.stderr
    assert "lines 1-7" in pdf_texts(out, range(1))[0]


@pytest.mark.parametrize(("args", "message"), [
    (("cardgrid", "bubblelog", "--log", "cards"),
     "--log: the cardgrid bubble logs are scores, passages, decisions, not 'cards'"),
    (("postcard", "bubblelog", "--log", "scores"),
     "--log: the postcard bubble logs are the default one (leave --log out) and decisions, "
     "not 'scores'"),
    (("cardgrid", "field", "--log", "scores"),
     "--from, --seed, --match, --sheets, --first-sheet, --fillable, --log, --decisions, "
     "--dense and --length are options of the bubblelog sheet"),
])
def test_a_bad_log_is_one_line_exit_2(tmp_path, args, message):
    r = run_cli("render", *args, "--out", str(tmp_path / "x.pdf"))
    assert (r.code, r.stderr) == (2, f"printkit: error: {message}\n")
    assert not (tmp_path / "x.pdf").exists()


# -- the sheet, photographed ---------------------------------------------------------------------

@cache
def _shaded(text: str, paper: str = "letter") -> bytes:
    import tempfile

    from printkit import sheets
    from tests.helpers import render_sheet

    with tempfile.TemporaryDirectory() as work:
        record = Path(work) / "game.rec"
        record.write_text(text)
        return render_sheet("cardgrid", "bubblelog", opts=sheets.RenderOptions(
            paper=paper, extra={"from": record}))


@pytest.mark.parametrize("d", PHOTOS, ids=lambda d: f"{d.dpi}dpi-{d.angle:.0f}deg")
def test_a_photo_of_the_score_sheet_reads_back_identical(tmp_path, d):
    path = tmp_path / "photo.jpg"
    cv2.imwrite(str(path), distort(page_image(_shaded(RECORD.read_text()), 0, d.dpi), d))
    (_, read), = read_bubble_file(path)
    assert read.ambiguities == [] and read.last
    assert read.lines == list(enumerate(LINES, start=1))
    header = dict(scores().header)
    assert (header["Result"].read(read.header["result"]),
            header["KickOff"].read(read.header["kickoff"])) == ("9-5", "H")


def test_a_mark_in_a_group_its_line_does_not_write_is_reported_not_dropped(tmp_path):
    # line 2 is the score line "H C 6-0 > A2": a score line has no finishing time, so a
    # mark in the minutes' tens would be lost without a word; it is reported instead
    image = page_image(_shaded(RECORD.read_text()), 0, 150).copy()
    shade(image, "cardgrid", "minutes", 0, "3", 1, 150)
    path = tmp_path / "photo.png"
    cv2.imwrite(str(path), image)
    (_, read), = read_bubble_file(path)
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (2, "shaded in minutes, which this line (H C 6-0 > A2) does not write")]
    assert read.lines == [(1, LINES[0]), (2, None), *list(enumerate(LINES, start=1))[2:]]


def test_the_scan_is_the_record_and_verifies(tmp_path):
    pdf = tmp_path / "scores.pdf"
    pdf.write_bytes(_shaded(RECORD.read_text(), "a4"))
    game, text, notes = record_from_file(pdf)
    assert (game, notes) == ("cardgrid", [])
    assert text == ('[Game "cardgrid"]\n[Home "Ann"]\n[Away "Ben"]\n[Finish "10:40"]\n'
                    '[Result "9-5"]\n[KickOff "H"]\n\n' + "\n".join(LINES) + "\n")
    r = run_cli("verify", str(pdf))
    assert (r.code, r.stdout) == (0, f"{pdf}: cardgrid: 6 lines checked, clean\n")


def test_a_wrong_running_score_is_its_finding_on_its_line(tmp_path):
    d = Distortion(dpi=200, angle=33, perspective=0.08, jpeg=70, shadow=0.4, seed=7)
    photo = tmp_path / "photo.jpg"
    cv2.imwrite(str(photo), distort(page_image(_shaded(SLIPPED), 0, d.dpi), d))
    game = tmp_path / "game.rec"
    r = run_cli("scan", str(photo), "--out", str(game))
    assert r.code == 1, r.stderr
    # the record: six tags (the code's Game, Home, Away, Finish; the header's Result,
    # KickOff), a blank line, then the sheet's lines: its line 3 is the record's line 10
    assert game.read_text().splitlines()[9] == "A F 6-2 > H3"
    assert r.stdout.splitlines()[1] == (
        f"{game}:10: CG-SCORE-001: wrong running score after A F (expected 6-1 (6-0 + F 1 to "
        f"A), found 6-2) [{photo} line 3, crop: {tmp_path / 'game.line3.png'}]")
    r = run_cli("verify", str(photo), "--format", "json")
    assert r.code == 1
    assert [(f["line"], f["rule"], f["expected"], f["found"])
            for f in json.loads(r.stdout)["findings"]] == [
        (10, "CG-SCORE-001", "6-1 (6-0 + F 1 to A)", "6-2")]


def test_a_blank_sheets_finish_band_and_header_read_back(tmp_path):
    """A blank sheet's finishing time is a band (fi), the kick-off a header bubble: shaded
    here from a record whose Finish follows a first line (a leading tag goes into the code)
    and whose KickOff is the header's."""
    text = ('[Game "cardgrid"]\n[KickOff "A"]\n\nA F 0-1 > H3\n[Finish "9:05"]\n'
            "H T 4-1 > A2\n")
    pdf = tmp_path / "fi.pdf"
    pdf.write_bytes(_shaded(text))
    game, read, notes = record_from_file(pdf)
    assert read.split("\n\n", 1)[1] == 'A F 0-1 > H3\n[Finish "9:05"]\nH T 4-1 > A2\n'
    assert '[KickOff "A"]' in read and '[Result "*"]' in read
    r = run_cli("verify", str(pdf))
    assert (r.code, r.stdout) == (0, f"{pdf}: cardgrid: 2 lines checked, clean\n")


# -- the fillable score sheet --------------------------------------------------------------------

def test_a_filled_score_sheet_verifies_and_a_slip_is_found(tmp_path):
    from pypdf import PdfReader

    blank = _blank(tmp_path, "cardgrid")
    fields = PdfReader(str(blank)).get_fields()
    assert fields["printkit.log"]["/V"] == "scores"
    values = {"tag.Result": "9-5", "tag.KickOff": "H", "L001.who": "finish",
              "L001.hour": "10", "L001.minutes": "40"}
    for k, line in enumerate(LINES, start=2):
        side, code, score, _, nxt = line.split()
        home, away = score.split("-")
        values |= {f"L{k:03d}.who": side, f"L{k:03d}.code": code, f"L{k:03d}.home": home,
                   f"L{k:03d}.away": away, f"L{k:03d}.next": nxt.lower()}
    filled = _fill(blank, values, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert (r.code, r.stdout) == (0, f"{filled}: cardgrid: 6 lines checked, clean\n")
    slipped = _fill(blank, {**values, "L004.away": "2"}, tmp_path / "slipped.pdf")
    r = run_cli("verify", str(slipped))
    assert r.code == 1
    assert r.stdout.splitlines()[0].split(": ", 2)[1:] == [
        "CG-SCORE-001", "wrong running score after A F (expected 6-1 (6-0 + F 1 to A), "
        "found 6-2)"]


# -- audit: a score-sheet photo beside a passage-log photo ----------------------------------------

def test_audit_reads_each_photo_with_its_own_log(tmp_path):
    folder = tmp_path / "hand-in"
    folder.mkdir()
    d = Distortion(dpi=200, angle=8.0, perspective=0.05, jpeg=70, seed=4)
    cv2.imwrite(str(folder / "scores.jpg"), distort(page_image(_shaded(SLIPPED), 0, 200), d))
    cv2.imwrite(str(folder / "passages.jpg"), distort(page_image(_shaded(PASSAGES), 0, 200), d))
    shutil.copy(RECORD, folder / "typed.rec")
    r = run_cli("audit", str(folder), "--format", "json")
    data = json.loads(r.stdout)
    status = {Path(e["file"]).name: e["status"] for e in data["records"]}
    assert status == {"typed.rec": "clean", "passages.jpg": "clean", "scores.jpg": "findings"}
    found = [(f["rule"], f["expected"], f["found"]) for e in data["records"]
             for f in e["findings"]]
    assert found == [("CG-SCORE-001", "6-1 (6-0 + F 1 to A)", "6-2")]
    assert r.code == 1


def test_one_matchs_two_logs_are_two_records(tmp_path):
    args = ("seed", "demo", "match", "M1")
    passages = tmp_path / "passages.pdf"
    passages.write_bytes(_blank_pdf("letter", *args, "log", "passages"))
    sheet = tmp_path / "scores.pdf"
    sheet.write_bytes(_blank_pdf("letter", *args))
    runs = sheet_runs([sheet, passages])
    assert [(files, numbers) for files, numbers in runs] == [([sheet], [1]), ([passages], [1])]
