"""BLOWOUT!!!'s decision sheet (`render blowout bubblelog --decisions`, issue 31): its sizes
read back from the PDF, and the round trip sheet -> scan -> decision log -> replay -> findings.

The sizes asked for are typed here, not taken from the layout: bubbles at least 4 mm, their
centres at least 5 mm apart, every word at least 8 pt, in ink of contrast at least 7:1 on
white."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from printkit_engine.blowout.bots import game_seed, play_game
from printkit_engine.blowout.decisions import log_of_record
from tests.decisions.sheet_checks import assert_pitch, rows_of, shaded_and_scanned, verify_photo
from tests.decisions.test_blowout_replay import HAND
from tests.decisions.test_postcard_sheet import _luminance
from tests.helpers import pdf_texts, run_cli
from tests.omr.distort import Distortion

MM = 72 / 25.4
BUBBLES = 29          # a snap's row: OFFENSE 1-5 kick, DEFENSE 1-6, response H A and its
                      # three cards, toss H A, score 0-9 (a digit a row)
EDGE = 0.25 * 72      # nothing printed within a quarter inch of the paper's edge


def _render(tmp_path: Path, *args: str, name: str = "dec.pdf") -> Path:
    out = tmp_path / name
    r = run_cli("render", "blowout", "bubblelog", "--decisions", *args, "--out", str(out))
    assert r.code == 0, r.stderr
    return out


@pytest.mark.parametrize(("paper", "snaps", "size"),
                         [("letter", 42, (612, 792)), ("a4", 45, (595.3, 841.9))])
def test_words_bubbles_and_rows_measured_on_the_pdf(tmp_path, paper, snaps, size):
    pdf = _render(tmp_path, "--seed", "demo", "--paper", paper, "--home", "Comets")
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        assert (round(page.width, 1), round(page.height, 1)) == size      # portrait
        for thing in (*page.chars, *page.curves, *page.rects):
            assert thing["x0"] >= EDGE and thing["x1"] <= page.width - EDGE, thing
            assert thing["top"] >= EDGE and thing["bottom"] <= page.height - EDGE, thing
        chars = [c for c in page.chars if c["text"].strip()]
        small = {round(c["size"], 2) for c in chars if c["size"] < 7.99}
        assert not small, small
        contrast = {round(1.05 / (_luminance(c["non_stroking_color"]) + 0.05), 1)
                    for c in chars}
        assert min(contrast) >= 7.0, sorted(contrast)[:3]
        text = page.extract_text()
        assert f"lines 1-{snaps}" in text
        for word in ("OFFENSE card", "DEFENSE card", "kick", "pass int.", "holding",
                     "challenge", "toss", "score"):
            assert word in text, word
        ovals = sorted((c for c in page.curves if 3.9 * MM < c["height"] < 4.5 * MM),
                       key=lambda c: c["top"])
        last, ovals = ovals[0], ovals[1:]        # the header's "last sheet" bubble, alone
        assert ovals[0]["top"] > last["top"] + 4 * MM
        assert len(ovals) == snaps * BUBBLES
        assert min(c["width"] for c in ovals) >= 3.99 * MM
        rows = rows_of(ovals)
        assert len(rows) == snaps
        assert_pitch(rows)


def test_a_blank_decision_sheet_needs_the_play_book(tmp_path):
    r = run_cli("render", "blowout", "bubblelog", "--decisions", "--out",
                str(tmp_path / "x.pdf"))
    assert r.code == 2
    assert r.stderr.count("\n") == 1 and "--seed" in r.stderr


def test_the_default_bubble_log_is_still_the_dense_one(tmp_path):
    out = tmp_path / "dense.pdf"
    assert run_cli("render", "blowout", "bubblelog", "--out", str(out)).code == 0
    assert "decisions" not in pdf_texts(out, range(1))[0].split("\n")[0]


def test_a_game_shaded_from_its_record_scans_back_to_its_decisions_and_verifies(tmp_path):
    played = play_game(game_seed("sheet", 3))
    pdf, r, got = shaded_and_scanned(tmp_path, _render, played.text())
    want = log_of_record(played.text())
    assert got.split("\n\n", 1)[1] == want.split("\n\n", 1)[1]       # every snap's row
    assert '[Log "decisions"]' in got and f'[Seed "{played.seed}"]' in got
    assert "clean" in r.stdout


def test_a_hand_typed_log_shaded_and_photographed_gives_its_findings(tmp_path):
    log = tmp_path / "hand.dec"
    log.write_text(HAND)
    pdf = _render(tmp_path, "--from", str(log))
    r = verify_photo(tmp_path, pdf, Distortion(
        dpi=150, angle=7.0, perspective=0.05, jpeg=70, blur=0.6, shadow=0.5, crumple=0.002,
        seed=3))
    found = [line.split(": ")[1] for line in r.stdout.splitlines() if ": BO-" in line]
    assert found == ["BO-SAFE-001", "BO-4TH-001", "BO-END-002"]
    assert ":7: BO-SAFE-001" in r.stdout and ":9: BO-4TH-001" in r.stdout   # the log's rows
    assert "(expected {A 1&10 A20 0-2}, found {A 1&10 A20 0-3})" in r.stdout
    assert "(expected a RUN, PASS or OFFSIDES card, found K45 on down 1)" in r.stdout


def test_an_orientation_other_than_portrait_or_landscape_is_one_line_exit_2(tmp_path):
    layout = tmp_path / "mine.toml"
    layout.write_text('[decisions.page]\norientation = "sideways"\n')
    r = run_cli("render", "blowout", "bubblelog", "--seed", "demo", "--layout", str(layout),
                "--out", str(tmp_path / "x.pdf"))
    assert r.code == 2
    assert r.stderr.count("\n") == 1
    assert "page.orientation: expected portrait or landscape, found 'sideways'" in r.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_a_class_pack_stamp_stands_whole_on_the_header_s_fourth_line(tmp_path):
    """The portrait header: two lines of tags, the note, then the stamp (its code whole),
    above the "last sheet" caption; read back from the pack's PDF."""
    r = run_cli("classroom", "blowout", "--teams", "2", "--class-key", tmp_path / "k",
                "--out", tmp_path / "pack")
    assert r.code == 0, r.stderr
    with pdfplumber.open(tmp_path / "pack" / "matches" / "match-001.pdf") as doc:
        page = next(p for p in doc.pages if "bubble log (decisions)" in (p.extract_text() or ""))
        lines = page.extract_text().split("\n")
        stamp = next(k for k, line in enumerate(lines) if line.startswith("class "))
        assert " code M1-" in lines[stamp] and "\u2026" not in lines[stamp]
        assert lines[stamp - 1].startswith("Shade one bubble per group")
        assert lines[stamp + 1] == "\u2713 last sheet: shade where the game ends"
        caption = next(w for w in page.extract_words() if w["text"] == "last")
        code = next(w for w in page.extract_words() if w["text"].startswith("M1-"))
        assert code["bottom"] < caption["top"]
