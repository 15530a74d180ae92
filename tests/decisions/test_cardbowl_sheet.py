"""Card Bowl's decision sheet (`render cardbowl bubblelog --decisions`, issue 31): its sizes
read back from the PDF, and the round trip sheet -> scan -> decision log -> replay -> findings.

The sizes asked for are typed here, not taken from the layout: bubbles at least 4 mm, their
centres at least 5 mm apart, every word at least 8 pt, in ink of contrast at least 7:1 on
white."""

from __future__ import annotations

from pathlib import Path

import cv2
import pdfplumber
import pytest

from printkit.omr import read_bubble_file
from printkit_engine.cardbowl.bots import game_seed, play_game
from tests.decisions.sheet_checks import assert_pitch, rows_of, shaded_and_scanned, verify_photo
from tests.decisions.test_cardbowl_replay import HAND
from tests.decisions.test_postcard_sheet import _luminance
from tests.helpers import pdf_texts, run_cli
from tests.omr.distort import Distortion, page_image

MM = 72 / 25.4


def _render(tmp_path: Path, *args: str, name: str = "dec.pdf") -> Path:
    out = tmp_path / name
    r = run_cli("render", "cardbowl", "bubblelog", "--decisions", *args, "--out", str(out))
    assert r.code == 0, r.stderr
    return out


EDGE = 0.25 * 72


def test_words_bubbles_and_bands_measured_on_the_pdf(tmp_path, paper="letter"):
    """Five bands a letter sheet, each five play rows and a "more" row (30 lines)."""
    pdf = _render(tmp_path, "--seed", "demo", "--paper", paper, "--home", "Comets")
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        chars = [c for c in page.chars if c["text"].strip()]
        assert chars
        small = {round(c["size"], 2) for c in chars if c["size"] < 7.99}
        assert not small, small
        contrast = {round(1.05 / (_luminance(c["non_stroking_color"]) + 0.05), 1)
                    for c in chars}
        assert min(contrast) >= 7.0, sorted(contrast)[:3]
        text = page.extract_text()
        assert "lines 1-30" in text
        for word in ("kickoff", "onside", "scramble", "2 pt pass", "shotgun", "OLB blitz",
                     "double", "MLB 1", "more", "fair", "bounce", "touchback", "clock run",
                     "timeout", "aim out", "new score"):
            assert word in text, word
        ovals = sorted((c for c in page.curves if 3.9 * MM < c["height"] < 4.5 * MM),
                       key=lambda c: c["top"])
        last, ovals = ovals[0], ovals[1:]        # the header's "last sheet" bubble, alone
        assert ovals[0]["top"] > last["top"] + 4 * MM
        # a play row: play 13, shotgun 1, defense 4, wait 3, yardage 2, timeout 2, more 1
        # (26); a "more" row: kicks 2, try 1, punt cards 4, aim out 1, touchback 3, catch 3,
        # clock 6, score 1 + 10 + 10 (41); a band five play rows and a "more" row (171)
        assert len(ovals) == 5 * 171
        assert min(c["width"] for c in ovals) >= 3.99 * MM
        rows = rows_of(ovals)
        assert len(rows) == 30
        assert [len(rows[top]) for top in sorted(rows)] == ([26] * 5 + [41]) * 5
        assert_pitch(rows)
        assert max(c["x1"] for c in ovals) < page.width - 0.25 * 72


PLAY_HEADS = ("kickoff", "onside", "run", "pass", "screen", "lateral", "sneak", "scramble",
              "spike", "punt", "FG", "2 pt run", "2 pt pass", "shotgun", "OLB blitz", "double",
              "MLB 1", "MLB 2", "Home", "Away", "more")
MORE_TITLES = ("kicks", "try", "punt cards", "punt", "touchback", "punt catch", "clock run",
               "= new score")


def _heads(page) -> list[str]:
    """The words turned upright over the play row's columns, left to right (each read
    bottom to top)."""
    columns: dict[float, list] = {}
    for c in page.chars:
        if not c["upright"]:
            columns.setdefault(round((c["x0"] + c["x1"]) / 2, 1), []).append(c)
    return ["".join(c["text"] for c in sorted(cs, key=lambda c: -c["top"]))
            for _, cs in sorted(columns.items())]


def test_the_a4_sheet_is_portrait_six_bands_of_seven_rows_read_from_the_pdf(tmp_path):
    """A4 (portrait): six bands of five play rows and a "more" line in two rows (42 lines, 30
    plays); the play row's words upright over its columns, each "more" row's field titles on
    that row, before its bubbles, in every band; 8 pt words, 4 mm bubbles 5 mm apart."""
    pdf = _render(tmp_path, "--seed", "demo", "--paper", "a4", "--home", "Comets")
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        assert page.height > page.width and round(page.width / MM) == 210
        chars = [c for c in page.chars if c["text"].strip()]
        sizes = {round(c["size"] if c["upright"] else c["width"], 2) for c in chars}
        assert min(sizes) >= 7.99, sorted(sizes)[:3]
        contrast = {round(1.05 / (_luminance(c["non_stroking_color"]) + 0.05), 1)
                    for c in chars}
        assert min(contrast) >= 7.0, sorted(contrast)[:3]
        for thing in chars + page.curves + page.rects:
            assert thing["x0"] >= EDGE and thing["x1"] <= page.width - EDGE
            assert thing["top"] >= EDGE and thing["bottom"] <= page.height - EDGE
        text = page.extract_text()
        assert "lines 1-36" in text
        assert _heads(page) == list(PLAY_HEADS)
        ovals = sorted((c for c in page.curves if 3.9 * MM < c["height"] < 4.5 * MM),
                       key=lambda c: c["top"])
        ovals = ovals[1:]                        # the header's "last sheet" bubble
        assert min(c["width"] for c in ovals) >= 3.99 * MM
        rows: dict[float, list] = {}
        for c in ovals:
            rows.setdefault(round(c["top"], 2), []).append(c)
        tops = sorted(rows)
        # a play row 26 bubbles; a "more" line: kicks 2, try 1, punt cards 4, aim out 1,
        # touchback 3, catch 3 (14), then clock 6, score 1 + 10 + 10 (27)
        assert [len(rows[t]) for t in tops] == ([26] * 5 + [14, 27]) * 6
        assert min(b - a for a, b in zip(tops, tops[1:], strict=False)) >= 4.99 * MM
        for t in tops:
            xs = sorted((c["x0"] + c["x1"]) / 2 for c in rows[t])
            assert min(b - a for a, b in zip(xs, xs[1:], strict=False)) >= 4.99 * MM
        # every band's "more" rows: their titles on the row, each before its bubbles
        words = page.extract_words(keep_blank_chars=True, x_tolerance=1.5)
        for band in range(6):
            for k, titles in ((5, MORE_TITLES[:6]), (6, MORE_TITLES[6:])):
                top = tops[band * 7 + k]
                centre = top + 2 * MM
                on_row = sorted((w for w in words if w["top"] < centre < w["bottom"]
                                 and w["x0"] > 14 * MM), key=lambda w: w["x0"])
                said = " ".join(w["text"] for w in on_row)
                for title in titles:
                    assert title in said, (band, k, said)
                    word = next(w for w in on_row if title in w["text"])
                    after = [c for c in rows[top] if c["x0"] > word["x1"]]
                    assert after and min(c["x0"] for c in after) - word["x1"] < 3 * MM


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_bot_game_shaded_from_its_record_scans_back_to_its_decisions(tmp_path, paper):
    played = play_game(game_seed("sheet", 3))
    pdf, r, got = shaded_and_scanned(tmp_path, _render, played.text(), "--paper", paper)
    assert '[Log "decisions"]' in got and f'[Seed "{played.seed}"]' in got
    assert "clean" in r.stdout
    rows = got.split("\n\n", 1)[1].splitlines()
    assert rows[0] == "kickoff more"             # the toss on the first "more" row
    assert rows[5].startswith("kicks")


@pytest.mark.parametrize(("paper", "lines"), [("letter", "lines 1-30"), ("a4", "lines 1-36")])
def test_the_hand_typed_log_goes_on_play_rows_and_more_rows_and_scans_back(tmp_path, paper,
                                                                           lines):
    """HAND's three plays on play rows 1-3 (the two kickoffs marked `more`), the first
    kickoff's toss and extra point on the first "more" row (line 6), the second kickoff's
    touchback on the next (line 12): read back from the PDF itself, on both papers (the
    same lines: A4's portrait sheet has the same bands, one more of them)."""
    log = tmp_path / "hand.dec"
    log.write_text(HAND)
    pdf = _render(tmp_path, "--from", str(log), "--paper", paper)
    out = tmp_path / "scanned.dec"
    r = run_cli("scan", str(pdf), "--out", str(out))
    assert r.code == 1, r.stdout + r.stderr           # the slip and the shotgun: findings
    assert out.read_text().split("\n\n", 1)[1].splitlines() == [
        "kickoff more", "kickoff more", "run shotgun", "kicksA XP = 8", "tb0"]
    texts = pdf_texts(pdf)
    assert len(texts) == 1 and lines in texts[0]


def test_a_typed_record_the_bots_did_not_play_is_refused_in_one_line(tmp_path):
    text = play_game(game_seed("sheet", 3)).text().replace("\trun ", "\trun 1", 1)
    record = tmp_path / "typed.rec"
    record.write_text(text)
    r = run_cli("render", "cardbowl", "bubblelog", "--decisions", "--from", str(record),
                "--out", str(tmp_path / "x.pdf"))
    assert r.code == 2, r.stdout + r.stderr
    assert r.stderr.count("\n") == 1 and "typed.rec" in r.stderr


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_hand_typed_log_shaded_and_photographed_gives_its_findings(tmp_path, paper):
    log = tmp_path / "hand.dec"
    log.write_text(HAND)
    pdf = _render(tmp_path, "--from", str(log), "--paper", paper)
    r = verify_photo(tmp_path, pdf, Distortion(
        dpi=150, angle=5.0, perspective=0.04, jpeg=70, blur=0.6, shadow=0.4, crumple=0.002,
        seed=3))
    found = [line.split(": ")[1] for line in r.stdout.splitlines() if ": CB-" in line]
    assert found == ["CB-SCORE-001", "CB-DEC-002"]
    assert "(expected 7-0 Comets, found 8-0 Comets)" in r.stdout


def test_a_hand_typed_log_at_150_dpi_gives_exactly_its_findings(tmp_path):
    log = tmp_path / "hand.dec"
    log.write_text(HAND)
    pdf = _render(tmp_path, "--from", str(log))
    image = page_image(pdf.read_bytes(), 0, 150)
    png = tmp_path / "sheet.png"
    cv2.imwrite(str(png), image)
    r = run_cli("verify", str(png))
    assert r.code == 1, r.stdout + r.stderr
    found = [line.split(": ", 1)[1] for line in r.stdout.splitlines() if ": CB-" in line]
    assert [f.split(":")[0] for f in found] == ["CB-SCORE-001", "CB-DEC-002"]


@pytest.mark.parametrize(("paper", "sheets", "second"), [("letter", 3, "lines 31-60"),
                                                          ("a4", 2, "lines 37-72")])
def test_a_typed_game_takes_its_sheets_read_back_from_the_pdf(tmp_path, paper, sheets,
                                                              second):
    """A typed log of 55 plays, two of them with more (the toss and extra point, a
    touchback): 25 plays a letter sheet (30 lines), so three sheets, the third holding five
    plays; 30 an A4 one (42 lines), so two."""
    log = tmp_path / "long.dec"
    log.write_text(HAND + "run blitz\n" * 52)
    pdf = _render(tmp_path, "--from", str(log), "--paper", paper)
    texts = pdf_texts(pdf)
    assert len(texts) == sheets
    assert second in texts[1]


def test_a_more_line_no_play_owns_cannot_go_on_a_sheet_and_says_so_in_one_line(tmp_path):
    """Line 7 (`fair`) comes before any play marked `more`: on a sheet the first "more" row
    is the first marked play's, so no sheet can hold it as written (exit 2, one line)."""
    log = tmp_path / "orphan.dec"
    log.write_text(HAND.split("\n\n", 1)[0] + "\n\nfair\nkickoff kicksA XP = 7\n")
    r = run_cli("render", "cardbowl", "bubblelog", "--decisions", "--from", str(log),
                "--out", str(tmp_path / "x.pdf"))
    assert r.code == 2, r.stdout + r.stderr
    assert r.stderr.count("\n") == 1 and "orphan.dec:7:" in r.stderr


def test_letter_sheets_already_printed_still_read_their_code_names_the_same_geometry(tmp_path):
    """The letter sheet is as it was before A4's turned portrait: its QR carries the same
    geometry key (typed here from the sheet printed before), so letter sheets printed and
    filled by hand then read as they did; A4's key is its own."""
    keys = {}
    for paper in ("letter", "a4"):
        pdf = _render(tmp_path, "--seed", "demo", "--paper", paper, name=f"{paper}.pdf")
        image = tmp_path / f"{paper}.png"
        cv2.imwrite(str(image), page_image(pdf.read_bytes(), 0, 150))
        (_, read), = read_bubble_file(image)
        assert read.lines == [] and not read.ambiguities         # blank: nothing read
        keys[paper] = read.sheet.key
    assert keys["letter"] == "677a9ca4"
    assert keys["a4"] not in ("677a9ca4", "611c272f")      # not the landscape A4 sheet's
