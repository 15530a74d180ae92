"""Luck of the Draw's decision sheet (`render luckdraw bubblelog --decisions`, issue 31): its
sizes read back from the PDF, and the round trip sheet -> scan -> decision log -> replay ->
findings. The sizes asked for are typed here, not taken from the layout: bubbles at least
4 mm, centres at least 5 mm apart, every word at least 8 pt, in ink of contrast at least 7:1
on white."""

from __future__ import annotations

from pathlib import Path

import cv2
import pdfplumber
import pytest

from printkit_engine.decisions import replayed_record
from printkit_engine.luckdraw.bots import game_seed, play_game
from printkit_engine.luckdraw.decisions import decision_log
from tests.decisions.sheet_checks import assert_pitch, rows_of, shaded_and_scanned
from tests.decisions.test_luckdraw_replay import HAND, ROWS, _drives, _rows
from tests.decisions.test_postcard_sheet import _luminance
from tests.helpers import run_cli
from tests.omr.distort import Distortion, distort, page_image

MM = 72 / 25.4
# bubbles of an event row: new drive trade for late; audible; a play's event 5, a stop or
# kick 5, a score or try 6, the drive's end or the clock 7; four bonus words and TD (a
# table's 33 columns, empty, their words over them)
EVENT_ROW = 4 + 1 + 5 + 5 + 6 + 7 + 4 + 1
AUDIBLE_ROW = 2 + 8 + 8          # run pass; the eight seats that called pass; called run
TOTAL_ROW = 8 + 1 + 1 + 10 + 10  # the seat P1-P8; the total's sign, hundreds 1, tens, ones
BAND = 5 * EVENT_ROW + 2 * AUDIBLE_ROW + 2 * TOTAL_ROW     # five event rows, two audible,
                                                         # two total
EDGE = 0.25 * 72                                  # nothing within a quarter inch of the edge
HEADS = ("new drive", "trade", "for", "late deal", "audible", "sack  SACK", "off pen  OP",
         "def pen  DP",
         "1st down  FDN", "short  TOD", "timeout  IR/TO", "review  IR/TO", "reset  TE",
         "kick TD  STTD", "touchback  STTD", "pass TD  PTD", "run TD  RTD", "XP  XP/S",
         "2 pt  XP/S", "safety  XP/S", "FG  FG", "miss FG  MFG", "int  INT", "fumble  FBL",
         "4th down  TOD", "punt  P", "no 1st  TOD", "clock 0  TE", "markers", "overturned",
         "blocked", "inside", "TD return")


def _render(tmp_path: Path, *args: str, name: str = "dec.pdf") -> Path:
    out = tmp_path / name
    r = run_cli("render", "luckdraw", "bubblelog", "--decisions", *args, "--out", str(out))
    assert r.code == 0, r.stderr
    return out


def _shaded_and_scanned(tmp_path: Path, log: str):
    """A typed log shaded on its sheets (`render --from`) and scanned back: the PDF, the
    scanned log's path and the scan's result (the log's slip and trade: findings, exit 1)."""
    typed = tmp_path / "typed.dec"
    typed.write_text(log)
    pdf = _render(tmp_path, "--from", str(typed))
    out = tmp_path / "scanned.dec"
    r = run_cli("scan", str(pdf), "--out", str(out))
    assert r.code == 1, r.stdout + r.stderr
    return pdf, out, r


def _heads(page) -> list[tuple[float, str]]:
    """The words turned upright over the table's columns: (x of the column, the word read
    bottom to top), left to right."""
    columns: dict[float, list] = {}
    for c in page.chars:
        if not c["upright"]:
            columns.setdefault(round((c["x0"] + c["x1"]) / 2, 1), []).append(c)
    return [(x, "".join(c["text"] for c in sorted(cs, key=lambda c: -c["top"])))
            for x, cs in sorted(columns.items())]


@pytest.mark.parametrize(("paper", "bands"), [("letter", 4), ("a4", 4)])
def test_words_bubbles_and_bands_measured_on_the_pdf(tmp_path, paper, bands):
    """Nine rows of the log a band, a row of bubbles each: 36 a sheet on either paper; the
    table's words upright over its 33 columns, 8 pt, one a column."""
    pdf = _render(tmp_path, "--seed", "demo", "--paper", paper)
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        assert page.height > page.width                 # portrait
        chars = [c for c in page.chars if c["text"].strip()]
        for thing in chars + page.curves + page.rects:
            assert thing["x0"] >= EDGE and thing["x1"] <= page.width - EDGE
            assert thing["top"] >= EDGE and thing["bottom"] <= page.height - EDGE
        # a word turned upright: its size is its glyph boxes' width (pdfminer's `size` is a
        # character's advance then)
        sizes = {round(c["size"] if c["upright"] else c["width"], 2) for c in chars}
        assert min(sizes) >= 7.99, sorted(sizes)[:3]
        contrast = {round(1.05 / (_luminance(c["non_stroking_color"]) + 0.05), 1)
                    for c in chars}
        assert min(contrast) >= 7.0, sorted(contrast)[:3]
        text = page.extract_text()
        assert f"lines 1-{9 * bands}" in text
        for word in ("a play", "drive ends", "bonus", "audible", "called run", "called pass",
                     "P8", "total of", "= total"):
            assert word in text, word
        heads = _heads(page)
        assert [w for _, w in heads] == list(HEADS)
        ovals = sorted((c for c in page.curves if 3.9 * MM < c["height"] < 4.5 * MM),
                       key=lambda c: c["top"])
        last, ovals = ovals[0], ovals[1:]        # the header's "last sheet" bubble, alone
        assert ovals[0]["top"] > last["top"] + 4 * MM
        assert len(ovals) == bands * BAND
        assert min(c["width"] for c in ovals) >= 3.99 * MM
        at = rows_of(ovals)
        assert len(at) == bands * 9
        assert_pitch(at)
        tops = sorted(at)
        # each word stands over its column: the first band's first row, 33 empty ovals
        first = sorted(at[tops[0]])
        assert len(first) == 33
        assert max(abs(x - c) for (x, _), c in zip(heads, first, strict=True)) < 1 * MM


def test_a_game_shaded_from_its_record_scans_back_to_its_decisions(tmp_path):
    played = play_game(game_seed("sheet", 2), players=3)
    pdf, r, got = shaded_and_scanned(tmp_path, _render, played.text())
    assert '[Log "decisions"]' in got and '[Players "3"]' in got
    assert "clean" in r.stdout
    tags, rows = _rows(got)                       # the sheet's order replays to the game
    assert _drives(replayed_record(decision_log(), tags, rows)) == _drives(played.text())
    # a drive's events share rows: fewer event rows than events
    assert len([r for r in rows if not r.has("total")]) < played.text().count("\n") / 2


def test_the_hand_typed_log_goes_on_its_rows_and_scans_back(tmp_path):
    """HAND's rows where the sheet puts them, read back from the PDF itself: five event
    rows, two audible rows and two total rows a band; the audible's event marked `calls`
    (line 4), its calls on the first audible row (6); the checkpoint's totals on the next
    free total rows (26, 27, 35, 36), the game's end's on the following ones (44, 45, 53,
    54); the lines between blank."""
    pdf, out, _ = _shaded_and_scanned(tmp_path, HAND)
    rows = out.read_text().split("\n\n", 1)[1].splitlines()
    assert rows == ["drive touchback", "first", "sack", "calls first +markers", "passTD",
                    "audible:pass pass:P2 run:P1P3P4", "xp", "drive", "trade int",
                    "for sack", "sack", "punt", "expires", "late", "drive FG", "sack +td",
                    "P1 = 8", "P2 = 2", "P3 = 6", "P4 = 8", "P1 = 13", "P2 = 2", "P3 = 5",
                    "P4 = 8"]
    with pdfplumber.open(pdf) as doc:
        texts = [p.extract_text() for p in doc.pages]
    assert ["lines 1-36" in texts[0], "lines 37-72" in texts[1]] == [True, True]
    # the scanned log, in the sheet's order, is drawn on the same sheets again
    again = _render(tmp_path, "--from", str(out), name="again.pdf")
    assert again.read_bytes() == pdf.read_bytes()


def test_a_hand_typed_log_shaded_and_photographed_gives_its_findings(tmp_path):
    log = tmp_path / "hand.dec"
    log.write_text(HAND)
    pdf = _render(tmp_path, "--from", str(log), "--paper", "a4")
    with pdfplumber.open(pdf) as doc:
        pages = len(doc.pages)
    assert pages == 2                               # the last totals on line 54
    photos = []
    for k in range(pages):
        image = distort(page_image(pdf.read_bytes(), k, 150),
                        Distortion(dpi=150, angle=4.0, perspective=0.03, jpeg=70, blur=0.6,
                                   shadow=0.5, crumple=0.002, seed=k))
        photo = tmp_path / f"photo{k + 1}.jpg"
        cv2.imwrite(str(photo), image)
        photos.append(str(photo))
    scanned = tmp_path / "scanned.dec"
    r = run_cli("scan", *photos, "--out", str(scanned))
    assert r.code == 1, r.stdout + r.stderr          # read, with findings
    r = run_cli("verify", str(scanned))
    assert r.code == 1, r.stdout + r.stderr
    found = [line.split(": ")[1] for line in r.stdout.splitlines() if ": LD-" in line]
    assert found == ["LD-TRADE-002", "LD-DEC-002", "LD-TOTAL-001"]   # the sheet's order
    assert "(expected P3 5, found P3 6)" in r.stdout


@pytest.mark.parametrize(("paper", "lines"), [("letter", ("1-36", "37-72")),
                                              ("a4", ("1-36", "37-72"))])
def test_a_typed_game_takes_its_rows_over_the_bands_of_a_sheet(tmp_path, paper, lines):
    """The hand-typed log's 15 event rows, an audible and eight totals: the last total on
    line 54 (the totals wait for the next free total rows), 36 lines a sheet on either
    paper."""
    log = tmp_path / "hand.dec"
    log.write_text(HAND)
    pdf = _render(tmp_path, "--from", str(log), "--paper", paper)
    with pdfplumber.open(pdf) as doc:
        texts = [p.extract_text() for p in doc.pages]
    assert len(texts) == len(lines)
    for text, numbers in zip(texts, lines, strict=True):
        assert f"lines {numbers}" in text


def test_timing_squares_between_groups_and_inside_the_total(tmp_path):
    """The first band's nine rows, read off the PDF: a square at each end of a row and one
    between every two groups (drive | audible | play | stop | score | end | bonus on an
    event row; audible | called pass | called run; total of | = total), and inside the total
    before its tens and ones (the reader follows a bent page along the digits by them)."""
    pdf = _render(tmp_path, "--seed", "demo")
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        squares = [r for r in page.rects if 1.45 * MM < r["width"] < 1.55 * MM
                   and abs(r["width"] - r["height"]) < 0.1 and r["fill"]]
    rows: dict[float, int] = {}
    for r in squares:                                   # by the row's top, in mm
        top = round(r["top"] / MM, 1)
        rows[top] = rows.get(top, 0) + 1
    tops = sorted(t for t in rows if rows[t] > 2)       # band rows (the header's are 2)
    assert [rows[t] for t in tops[:9]] == [8] * 5 + [4, 4, 5, 5]
    assert [round(b - a, 1) for a, b in zip(tops[:9], tops[1:9], strict=False)] == [5.0] * 8
    assert len(tops) == 36                              # 4 bands of nine rows


def test_an_event_marked_calls_with_no_audible_row_cannot_go_on_a_sheet(tmp_path):
    log = tmp_path / "marked.dec"
    log.write_text(HAND.replace("\nfirst\n", "\ncalls first\n", 1))
    r = run_cli("render", "luckdraw", "bubblelog", "--decisions", "--from", str(log),
                "--out", str(tmp_path / "x.pdf"))
    assert r.code == 2
    assert r.stderr.strip().splitlines() == [
        f"printkit: error: {log}:8:1: an event marked `calls` whose audible row never comes: "
        "a sheet cannot hold it"]


def test_a_drives_events_shaded_on_its_rows_scan_back(tmp_path):
    """ROWS, HAND's game at a row a drive's events (by hand: tests/decisions/
    test_luckdraw_replay.py), on the sheet: drive 1's five events on line 1, its second 1st
    down marked `calls` on line 2 and the calls on the band's first audible row (6); drive
    2's sack, punt and clock 0 on line 10, after the trade's rows (4, 5) and the band's
    aside rows; the late deal on 11, drive 3 on 12; the totals on the next free total rows,
    two a band: 17, 18, 26, 27, then 35, 36 and sheet 2's 44, 45."""
    pdf, out, r = _shaded_and_scanned(tmp_path, ROWS)
    rows = out.read_text().split("\n\n", 1)[1].splitlines()
    assert rows == ["drive sack first touchback passTD xp", "calls first +markers", "drive",
                    "trade int", "for sack", "audible:pass pass:P2 run:P1P3P4",
                    "sack punt expires", "late", "drive sack FG +td", "P1 = 8", "P2 = 2",
                    "P3 = 6", "P4 = 8", "P1 = 13", "P2 = 2", "P3 = 5", "P4 = 8"]
    with pdfplumber.open(pdf) as doc:
        assert ["lines 1-36" in doc.pages[0].extract_text(),
                "lines 37-72" in doc.pages[1].extract_text(), len(doc.pages)] == [True, True, 2]
    # each finding on the sheet line of its row: the trade (4), drive 3's row (12), P3's
    # total (26); the log's lines are those rows after its six tag lines
    found = [(line.split(": ")[0].rsplit(":", 1)[1], line.split(": ")[1],
              line.split(" page 1 line ")[1].split(",")[0])
             for line in r.stdout.splitlines() if ": LD-" in line]
    assert found == [("10", "LD-TRADE-002", "4"), ("15", "LD-DEC-002", "12"),
                     ("18", "LD-TOTAL-001", "26")]
