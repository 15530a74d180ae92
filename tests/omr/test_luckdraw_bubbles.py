"""Luck of the Draw's bubble grammar and its bubble log read back from photos, from the PDF,
from a filled fillable log and through audit. Expectations typed by hand from docs/notation.md
(Luck of the Draw) and records/luckdraw_six.rec; luckdraw_six.sheet.rec is that record as the
sheet writes it (checked by hand: cards in the cheat sheet's order, comments gone, the header's
Players and Length last)."""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

import cv2
import pytest

from engine.bubbles import EncodeError, encode, sheet_form
from engine.luckdraw.bubbles import grammar
from printkit.omr import read_bubble_file, record_from_file
from tests.helpers import run_cli
from tests.omr.distort import Distortion, distort, page_image
from tests.omr.places import bubble_px
from tests.omr.test_fillable import _blank, _fill

RECORDS = Path(__file__).parent / "records"
RECORD = RECORDS / "luckdraw_six.rec"
SHEET = RECORDS / "luckdraw_six.sheet.rec"


def _tokens(line: str) -> dict[str, str]:
    g = grammar()
    marks = encode(g, line).marks
    return {name: g.slot(name).read(m) for name, m in marks.items() if g.slot(name).read(m)}


def test_each_kind_of_line_shades_its_groups():
    assert _tokens("Q2") == {"kind": "Q2"}
    assert _tokens("drive 12 QB P3") == {"kind": "drive", "n": "12", "seat": "P3"}
    assert _tokens("deal P4 DP SACK") == {"kind": "deal", "seat": "P4", "DP": "DP",
                                          "SACK": "SACK"}
    assert _tokens("side FG TOD") == {"kind": "side", "FG": "FG", "TOD": "TOD"}
    assert _tokens("trade P2 TE FG for P4 OP DP") == {
        "kind": "trade", "seat": "P2", "TE": "TE", "FG": "FG", "seat2": "P4", "bOP": "OP",
        "bDP": "DP"}
    assert _tokens("call P1 pass P3 run") == {"kind": "call", "P1": "P1 pass", "P3": "P3 run"}
    assert _tokens("audible run P2 4 P5 3") == {"kind": "audible", "play": "run",
                                                "P2": "P2 4", "P5": "P5 3"}
    assert _tokens("P punt+blocked+td P4 8") == {"kind": "event", "P": "P",
                                                 "word": "punt+blocked+td", "seat": "P4",
                                                 "n": "8"}
    assert _tokens("IR/TO timeout side 0") == {"kind": "event", "IR/TO": "IR/TO",
                                               "word": "timeout", "seat": "side", "n": "0"}
    assert _tokens("penalty P2 procedure 3") == {"kind": "penalty", "seat": "P2",
                                                 "pen": "procedure", "n": "3"}
    assert _tokens("total P1 -2 P2 104 P3 7 P8 19") == {
        "kind": "total", "seat": "P1", "n": "-2", "seat2": "P2", "n2": "104", "t3": "P3 7",
        "t4": "P8 19"}
    assert _tokens("winner P1 P3") == {"kind": "winner", "seat": "P1", "seat2": "P3"}


@pytest.mark.parametrize("line", [
    "Q1", "OT", "drive 1 QB P1", "drive 27 QB P8",
    "deal P1 FG INT PTD TOD", "deal P3 DP FBL FDN FG INT IR/TO MFG OP",
    "side IR/TO MFG RTD TOD",
    "trade P2 TE for P3 OP", "trade P5 DP FBL for P6 OP XP/S",
    "call P1 pass P2 run P3 pass P4 pass P5 run P6 run P7 pass P8 run",
    "call",                                  # nobody called: the bots write it so
    "audible run P2 4", "audible pass", "audible pass P1 3 P3 3 P4 3",
    "FBL fumble+td P3 7", "FDN first+markers P4 2", "XP/S 2pt P5 2", "TOD none P1 1",
    "STTD td P2 8", "MFG missed side 0", "INT int P1 5",
    "penalty P2 delay 2", "penalty P4 conduct 4",
    "total P1 14 P2 7 P3 5 P4 10", "total P5 0", "total P1 -4 P2 199",
    "winner P1", "winner P2 P6",
])
def test_lines_come_back_as_written(line):
    assert sheet_form(grammar(), line) == line


def test_cards_come_back_in_the_cheat_sheets_order():
    assert sheet_form(grammar(), "deal P1 INT PTD TOD FG") == "deal P1 FG INT PTD TOD"
    assert sheet_form(grammar(), "side XP/S RTD IR/TO") == "side IR/TO RTD XP/S"
    assert sheet_form(grammar(), "trade P5 XP/S DP for P6 TE FBL") == \
        "trade P5 DP XP/S for P6 FBL TE"


def test_a_card_written_twice_is_left_off_once():
    enc = encode(grammar(), "deal P1 FG FG INT")
    assert enc.dropped == ("FG",)


@pytest.mark.parametrize("line", [
    "total P1 1 P2 2 P3 3 P4 4 P5 5",      # five seats: a total line holds four
    "winner P1 P2 P3",                     # a three-way tie
    "call P3 pass P1 run",                 # calls out of seat order
    "audible run P2 2",                    # neither a correct call's 3 nor a Loner's 4
    "trade P2 for P3 OP",                  # no card given
    "drive 3 qb p3",                       # keywords in another case
    "total P1 200",                        # past the digit columns
    "kickoff P1",
])
def test_lines_the_sheet_cannot_hold_are_refused(line):
    with pytest.raises(EncodeError):
        encode(grammar(), line)


def test_the_legend_is_printed_from_the_rules_data():
    legend = "\n".join(grammar().legend)
    assert "de delay (Delay of Game, 2)" in legend
    assert "pr procedure (Illegal Procedure, 3)" in legend
    assert "co conduct (Unsportsmanlike Conduct, 4)" in legend
    assert "mk markers" in legend and "4t fourth" in legend


def test_a_record_with_its_header_left_blank_verifies_as_untagged(tmp_path):
    """A blank sheet with no Players / Length bubbles shaded writes `*` for them."""
    text = SHEET.read_text().replace('[Players "6"]', '[Players "*"]') \
        .replace('[Length "Q2"]', '[Length "*"]')
    rec = tmp_path / "blank-header.rec"
    rec.write_text(text)
    r = run_cli("verify", str(rec))
    # the full game: Q2 is no longer the final quarter, and 6 players are counted from drive 1
    assert r.code == 0, r.stdout
    assert r.stdout == f"{rec}: luckdraw: 54 lines checked, clean; 6 players, 3 drives\n"


@cache
def _pdf(paper: str) -> bytes:
    from printkit import sheets
    from tests.helpers import render_sheet

    return render_sheet("luckdraw", "bubblelog", opts=sheets.RenderOptions(
        paper=paper, extra={"from": RECORD}))


def _want_lines() -> list[str]:
    return SHEET.read_text().split("\n\n", 1)[1].splitlines()


@pytest.mark.parametrize("paper, page, d", [       # 14 bands a letter sheet, 17 an a4 one
    ("letter", 0, Distortion(dpi=200, angle=93, perspective=0.1, jpeg=40, blur=0.8,
                             shadow=0.6, crumple=0.003, seed=1)),
    ("a4", 2, Distortion(dpi=170, angle=-8, perspective=0.15, jpeg=70, shadow=0.5, seed=2)),
    ("a4", 3, Distortion(dpi=220, angle=181, blur=1.0, jpeg=55, crumple=0.004, seed=3)),
])
def test_a_photo_reads_back_as_the_sheet_holds_it(tmp_path, paper, page, d):
    photo = tmp_path / f"p{page}.jpg"
    cv2.imwrite(str(photo), distort(page_image(_pdf(paper), page, d.dpi), d))
    (_, read), = read_bubble_file(photo)
    assert read.ambiguities == []
    bands = {"letter": 14, "a4": 17}[paper]
    assert [text for _, text in read.lines] == _want_lines()[bands * page:bands * (page + 1)]


def test_the_pdf_reads_to_the_record(tmp_path):
    pdf = tmp_path / "log.pdf"
    pdf.write_bytes(_pdf("letter"))
    game, text, notes = record_from_file(pdf)
    assert (game, notes) == ("luckdraw", [])
    assert text == SHEET.read_text()


def test_a_double_shaded_seat_is_reported_not_guessed(tmp_path):
    image = page_image(_pdf("letter"), 0, 150).copy()
    x, y, rx, ry = bubble_px("luckdraw", "seat", 0, "P5", 2, 150)      # line 3: "deal P1 INT PTD"
    cv2.ellipse(image, (x, y), (rx, ry), 0, 0, 360, 25, -1)
    photo = tmp_path / "sheet1.png"
    cv2.imwrite(str(photo), image)
    (_, read), = read_bubble_file(photo)
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (3, "2 bubbles shaded in seat (P1, P5)")]
    assert (3, None) in read.lines and (4, "deal P2 FDN OP") in read.lines


# -- fillable -------------------------------------------------------------------------------
# Three players (5 cards each, the QB's PTD INT TOD + 2; FG on the sidelines), typed by hand.
FILLED = {
    "tag.Players": "3", "tag.Length": "Q4",
    "L001.kind": "Q1",
    "L002.kind": "drive", "L002.n": "1", "L002.seat": "P1",
    "L003.kind": "deal", "L003.seat": "P1", "L003.PTD": "PTD", "L003.INT": "INT",
    "L003.TOD": "TOD", "L003.SACK": "SACK", "L003.TE": "TE",
    "L004.kind": "deal", "L004.seat": "P2", "L004.DP": "DP", "L004.FBL": "FBL",
    "L004.FDN": "FDN", "L004.IR/TO": "IR/TO", "L004.MFG": "MFG",
    "L005.kind": "deal", "L005.seat": "p3", "L005.OP": "op", "L005.P": "P",
    "L005.RTD": "RTD", "L005.XP/S": "XP/S", "L005.STTD": "STTD",
    "L006.kind": "event", "L006.STTD": "STTD", "L006.word": "touchback", "L006.seat": "P3",
    "L006.n": "2",
    "L007.kind": "call", "L007.P1": "P1 run", "L007.P2": "P2 pass", "L007.P3": "P3 pass",
    "L008.kind": "audible", "L008.play": "pass", "L008.P2": "P2 3", "L008.P3": "P3 3",
    "L009.kind": "event", "L009.RTD": "RTD", "L009.word": "td", "L009.seat": "P3",
    "L009.n": "6",
    "L010.kind": "total", "L010.seat": "P1", "L010.n": "0", "L010.seat2": "P2",
    "L010.n2": "3", "L010.t3": "P3 11",
}


def test_a_filled_log_verifies(tmp_path):
    filled = _fill(_blank(tmp_path, "luckdraw"), FILLED, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert r.code == 0, r.stdout
    assert r.stdout == f"{filled}: luckdraw: 10 lines checked, clean; 3 players, 1 drive\n"


def test_a_slip_in_a_filled_log_is_the_typed_records_finding(tmp_path):
    slipped = {**FILLED, "L008.P2": "P2 4"}     # no Loner bonus with 3 players
    filled = _fill(_blank(tmp_path, "luckdraw"), slipped, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert r.code == 1
    # the record read: tags Game, Players, Length, a blank line, then the lines: the
    # audible is record line 12
    assert r.stdout.splitlines()[0] == (
        f"{filled}:12: LD-AUD-001: 3 audible points per correct call of pass "
        "(expected P2 3, P3 3, found P2 4, P3 3)")
    typed = tmp_path / "typed.rec"
    typed.write_text('[Players "3"]\n[Length "Q4"]\nQ1\ndrive 1 QB P1\n'
                     "deal P1 INT PTD TOD SACK TE\ndeal P2 DP FBL FDN IR/TO MFG\n"
                     "deal P3 OP P RTD XP/S STTD\nSTTD touchback P3 2\n"
                     "call P1 run P2 pass P3 pass\naudible pass P2 4 P3 3\nRTD td P3 6\n"
                     "total P1 0 P2 3 P3 11\n")
    t = run_cli("verify", str(typed))
    assert [line.split(": ", 1)[1] for line in t.stdout.splitlines()[:1]] == \
        [line.split(": ", 1)[1] for line in r.stdout.splitlines()[:1]]


def test_audit_reads_a_photo_of_a_luckdraw_sheet(tmp_path):
    folder = tmp_path / "hand-in"
    folder.mkdir()
    shutil.copy(RECORD, folder / "typed.rec")
    # the first drive of the three-player game above, its total slipped (P3 has 2 + 6 = 8)
    slipped = tmp_path / "slipped.rec"
    slipped.write_text('[Game "luckdraw"]\n[Players "3"]\n\nQ1\ndrive 1 QB P1\n'
                       "deal P1 INT PTD TOD SACK TE\ndeal P2 DP FBL FDN IR/TO MFG\n"
                       "deal P3 OP P RTD XP/S STTD\nSTTD touchback P3 2\nRTD td P3 6\n"
                       "total P1 0 P2 0 P3 9\n")
    sheet = tmp_path / "sheet.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--from", str(slipped),
                   "--out", str(sheet)).code == 0
    photo = distort(page_image(sheet.read_bytes(), 0, 170), Distortion(dpi=170, angle=-6.0))
    cv2.imwrite(str(folder / "photo.JPG"), photo, [cv2.IMWRITE_JPEG_QUALITY, 70])
    r = run_cli("audit", str(folder), "--format", "json")
    data = json.loads(r.stdout)
    status = {Path(e["file"]).name: e["status"] for e in data["records"]}
    assert status == {"typed.rec": "clean", "photo.JPG": "findings"}
    photo_entry = next(e for e in data["records"] if e["file"].endswith("photo.JPG"))
    assert [(f["rule"], f["expected"], f["found"]) for f in photo_entry["findings"]] == [
        ("LD-TOTAL-001", "P3 8", "P3 9")]
    assert r.code == 1


def test_a_seeded_game_logged_without_deal_bands_verifies(tmp_path):
    """L17: with a play book the deal bands can be skipped. examples/luckdraw.rec (seed demo)
    without its 12 deal lines: 45 - 12 = 33 lines, less its three totals (a play-book sheet
    leaves them to the verifier): 30 lines, clean."""
    example = Path(__file__).resolve().parents[2] / "examples" / "luckdraw.rec"
    text = "".join(line for line in example.read_text().splitlines(keepends=True)
                   if not line.startswith("deal "))
    rec = tmp_path / "no-deals.rec"
    rec.write_text(text)
    pdf = tmp_path / "log.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--from", str(rec),
                   "--out", str(pdf)).code == 0
    r = run_cli("verify", str(pdf))
    assert r.code == 0, r.stdout
    assert r.stdout == f"{pdf}: luckdraw: 30 lines checked, clean; 4 players, 3 drives\n"


def test_a_six_seat_total_line_goes_on_two_bands(tmp_path):
    """A table of six may write its totals on one line (simulate does); the sheet holds four
    seats a band, so --from shades two total bands and the PDF reads back exactly as the
    hand-made sheet record, which writes them as two lines."""
    text = (RECORDS / "luckdraw_six.rec").read_text()
    for four, two in (("total P1 0 P2 6 P3 2 P4 6", "total P5 0 P6 0"),
                      ("total P1 0 P2 7 P3 7 P4 11", "total P5 5 P6 5")):
        assert f"{four}\n{two}\n" in text
        text = text.replace(f"{four}\n{two}\n", f"{four} {two[6:]}\n")
    rec = tmp_path / "one-line-totals.rec"
    rec.write_text(text)
    pdf = tmp_path / "log.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--from", str(rec), "--out", str(pdf))
    assert r.code == 0, r.stderr
    assert "total" not in r.stderr
    game, back, notes = record_from_file(pdf)
    assert (game, notes) == ("luckdraw", [])
    assert back == SHEET.read_text()
