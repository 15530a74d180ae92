"""The grid game's decision sheet (`render cardgrid bubblelog --decisions`, issue 31): its
sizes read back from the PDF, and the round trip sheet -> scan -> decision log -> replay ->
findings. The sizes asked for are typed here, not taken from the layout: bubbles at least
4 mm, centres at least 5 mm apart, every word at least 8 pt, in ink of contrast at least 7:1
on white."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printkit_engine.cardgrid.bots import play, seed_of
from printkit_engine.cardgrid.decisions import log_of_record
from tests.decisions.sheet_checks import assert_pitch, rows_of, shaded_and_scanned, verify_photo
from tests.decisions.test_cardgrid_replay import SLIPS
from tests.decisions.test_postcard_sheet import _luminance
from tests.helpers import run_cli
from tests.omr.distort import Distortion

MM = 72 / 25.4
BAND = 36          # bubbles a band: passage 6 + 10, score 6 + 10, yes no, H A


def _render(tmp_path: Path, *args: str, name: str = "dec.pdf") -> Path:
    out = tmp_path / name
    r = run_cli("render", "cardgrid", "bubblelog", "--decisions", *args, "--out", str(out))
    assert r.code == 0, r.stderr
    return out


@pytest.mark.parametrize(("paper", "bands"), [("letter", 26), ("a4", 25)])
def test_words_bubbles_and_bands_measured_on_the_pdf(tmp_path, paper, bands):
    pdf = _render(tmp_path, "--seed", "demo", "--paper", paper)
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 1
        page = doc.pages[0]
        chars = [c for c in page.chars if c["text"].strip()]
        assert not {round(c["size"], 2) for c in chars if c["size"] < 7.99}
        contrast = {round(1.05 / (_luminance(c["non_stroking_color"]) + 0.05), 1)
                    for c in chars}
        assert min(contrast) >= 7.0, sorted(contrast)[:3]
        text = page.extract_text()
        assert f"lines 1-{bands}" in text
        for word in ("passage", "field goal", "shuffle", "taken", "not taken", "kick-off",
                     "= score of the side that scored"):
            assert word in text, word
        ovals = sorted((c for c in page.curves if 3.9 * MM < c["height"] < 4.5 * MM),
                       key=lambda c: c["top"])
        top = ovals[0]["top"] + 6 * MM          # the header's: "last sheet", kick-off H A
        header = [c for c in ovals if c["top"] < top]
        ovals = [c for c in ovals if c["top"] >= top]
        assert len(header) == 3
        assert len(ovals) == bands * BAND
        assert min(c["width"] for c in ovals) >= 3.99 * MM
        rows = rows_of(ovals)
        assert len(rows) == bands                # one row of bubbles a band
        assert_pitch(rows)


def test_a_blank_decision_sheet_needs_the_play_book(tmp_path):
    r = run_cli("render", "cardgrid", "bubblelog", "--decisions", "--out",
                str(tmp_path / "x.pdf"))
    assert r.code == 2
    assert r.stderr.count("\n") == 1 and "--seed" in r.stderr


def test_a_game_shaded_from_its_record_scans_back_to_its_decisions(tmp_path):
    played = play(seed_of("sheet", 1))
    pdf, r, got = shaded_and_scanned(tmp_path, _render, played.text())
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 1                 # a whole game on one sheet
    assert got.split("\n\n", 1)[1] == log_of_record(played.text()).split("\n\n", 1)[1]
    assert '[Log "decisions"]' in got and '[KickOff "A"]' in got
    assert "clean" in r.stdout


def test_a_hand_typed_log_shaded_and_photographed_gives_its_findings(tmp_path):
    log = tmp_path / "slips.dec"
    log.write_text(SLIPS)
    pdf = _render(tmp_path, "--from", str(log))
    r = verify_photo(tmp_path, pdf, Distortion(
        dpi=150, angle=5.0, perspective=0.04, jpeg=70, blur=0.6, shadow=0.5, crumple=0.002,
        seed=5))
    found = [line.split(": ")[1] for line in r.stdout.splitlines() if ": CG-" in line]
    assert found == ["CG-DEC-002", "CG-SCORE-001"]
    assert "(expected 0-6 (0-4 + C 2 to A), found 0-7)" in r.stdout
