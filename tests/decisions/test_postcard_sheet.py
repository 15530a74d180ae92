"""PostCard's decision sheet (`render postcard bubblelog --decisions`, issue 31): its sizes read
back from the PDF, and the round trip sheet -> scan -> decision log -> replay -> findings.

The sizes asked for are typed here, not taken from the layout: bubbles at least 4 mm, their
centres at least 5 mm apart, every word at least 8 pt, in ink of contrast at least 7:1 on
white."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printkit_engine.postcard.bots import game_seed, play_game
from printkit_engine.postcard.decisions import log_of_record
from tests.decisions.sheet_checks import assert_pitch, rows_of, shaded_and_scanned, verify_photo
from tests.decisions.test_postcard_replay import HAND
from tests.helpers import run_cli
from tests.omr.distort import Distortion

MM = 72 / 25.4


def _render(tmp_path: Path, *args: str, name: str = "dec.pdf") -> Path:
    out = tmp_path / name
    r = run_cli("render", "postcard", "bubblelog", "--decisions", *args, "--out", str(out))
    assert r.code == 0, r.stderr
    return out


def _luminance(colour) -> float:
    """Relative luminance (WCAG) of a pdfplumber colour: grey (1 value) or RGB."""
    values = list(colour) if isinstance(colour, (tuple, list)) else [colour]
    if len(values) == 1:
        values = values * 3

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(float(v)) for v in values[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@pytest.mark.parametrize(("paper", "plays"), [("letter", 15), ("a4", 14)])
def test_words_bubbles_and_bands_measured_on_the_pdf(tmp_path, paper, plays):
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
        assert f"lines 1-{plays}" in text
        for word in ("kickoff", "onside", "touchback", "fair", "rush", "pass", "2nd roll",
                     "more", "try 1", "try 2", "both"):
            assert word in text, word
        ovals = sorted((c for c in page.curves if 3.9 * MM < c["height"] < 4.5 * MM),
                       key=lambda c: c["top"])
        last, ovals = ovals[0], ovals[1:]        # the header's "last sheet" bubble, alone
        assert ovals[0]["top"] > last["top"] + 4 * MM
        assert len(ovals) == plays * 79          # the bands' bubbles, every one 4 mm high
        assert min(c["width"] for c in ovals) >= 3.99 * MM
        rows = rows_of(ovals)
        assert len(rows) == 2 * plays
        # a band's first row: play 11, numbers 6 + 6, bonus 2 + 4 + 1 + 10; its second the
        # rest: kicks 2, then 2, distance 6 + 2, 2nd roll 1, return 3, re-roll 3, marks 4,
        # score 6 + 10
        counts = [len(rows[top]) for top in sorted(rows)]
        assert counts == [40, 39] * plays
        assert_pitch(rows)


def test_a_blank_decision_sheet_needs_the_play_book(tmp_path):
    r = run_cli("render", "postcard", "bubblelog", "--decisions", "--out",
                str(tmp_path / "x.pdf"))
    assert r.code == 2
    assert r.stderr.count("\n") == 1 and "--seed" in r.stderr
    r = run_cli("render", "postcard", "bubblelog", "--decisions", "--fillable", "--seed", "s",
                "--out", str(tmp_path / "x.pdf"))
    assert r.code == 2 and "--fillable" in r.stderr


def test_a_game_shaded_from_its_record_scans_back_to_its_decisions_and_verifies(tmp_path):
    played = play_game(game_seed("sheet", 3))
    pdf, r, got = shaded_and_scanned(tmp_path, _render, played.text())
    want = log_of_record(played.text())
    assert got.split("\n\n", 1)[1] == want.split("\n\n", 1)[1]       # every play's row
    assert '[Log "decisions"]' in got and f'[Seed "{played.seed}"]' in got
    assert "clean" in r.stdout


def test_a_hand_typed_log_shaded_and_photographed_gives_its_findings(tmp_path):
    log = tmp_path / "hand.dec"
    log.write_text(HAND)
    pdf = _render(tmp_path, "--from", str(log))
    r = verify_photo(tmp_path, pdf, Distortion(
        dpi=150, angle=7.0, perspective=0.05, jpeg=70, blur=0.6, shadow=0.5, crumple=0.002,
        seed=3))
    found = [line.split(": ")[1] for line in r.stdout.splitlines() if ": PC-" in line]
    assert found == ["PC-SCORE-001", "PC-BONUS-002"]
    assert ":6: PC-SCORE-001" in r.stdout and "(expected 0-2, found 0-3)" in r.stdout


def test_each_heading_sits_by_its_own_row_over_its_own_group(tmp_path):
    """Both rows' headings over the first band, the first row's line above the second's, each
    starting at its group's first oval, and each line marked with a picture of a band's two
    rows (4.5 mm bars), its own row's bar filled: the second line names the second row. The
    second row's line stands under the last band too, with its picture."""
    pdf = _render(tmp_path, "--seed", "demo")
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        words = page.extract_words()
        ovals = sorted((c for c in page.curves if 3.9 * MM < c["height"] < 4.5 * MM),
                       key=lambda c: c["top"])[1:]          # not the "last sheet" bubble
        bars = [r for r in page.rects if abs(r["width"] - 4.5 * MM) < 0.2
                and r["height"] < 1.5 * MM and r["x1"] < 20 * MM]
    first_top = min(c["top"] for c in ovals)
    last_bottom = max(c["bottom"] for c in ovals)

    def heading(text: str) -> dict:
        (found,) = [w for w in words
                    if w["text"] == text and 0 <= first_top - w["bottom"] < 8 * MM]
        return found

    def oval_of(text: str, row_top: float) -> dict:
        label = next(w for w in words if w["text"] == text and abs(
            (w["top"] + w["bottom"]) / 2 - (row_top + 2 * MM)) < 1.5 * MM)
        return next(c for c in ovals if c["x0"] <= label["x0"] and label["x1"] <= c["x1"]
                    and abs(c["top"] - row_top) < 0.1)

    rows = sorted({round(c["top"], 2) for c in ovals})
    first_line = heading("play")["top"]
    second_line = heading("kicks")["top"]
    assert 3 * MM < second_line - first_line < 4 * MM
    for text, label, row, line in (("play", "kickoff", rows[0], first_line),
                                   ("numbers", "6v1", rows[0], first_line),
                                   ("marks", "", rows[1], second_line),
                                   ("return", "fair", rows[1], second_line),
                                   ("kicks", "H", rows[1], second_line)):
        h = heading(text)
        assert abs(h["top"] - line) < 0.5, text
        if label not in ("6v1", ""):      # the numbers' first oval holds a 1, as many do
            assert abs(h["x0"] - oval_of(label, row)["x0"]) < 1.5 * MM, (text, label)
    (under,) = [w["top"] for w in words if w["text"] == "kicks" and w["top"] > last_bottom]
    assert under - last_bottom < 3 * MM
    # the three pictures: two bars each, beside their lines, the line's own row filled
    assert len(bars) == 6
    for line, own in ((first_line, 0), (second_line, 1), (under, 1)):
        middle = line + 1.2 * MM                       # an 8 pt word's middle
        picture = sorted((b for b in bars if abs((b["top"] + b["bottom"]) / 2 - middle)
                          < 1.5 * MM), key=lambda b: b["top"])
        assert len(picture) == 2, line
        assert [bool(b["fill"]) for b in picture] == [k == own for k in range(2)], line
        assert picture[0]["x1"] < heading("play")["x0"]
