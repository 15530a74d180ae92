"""BLOWOUT!!! field and play log read back from their PDFs: scale, red lines, markers, columns,
the code legend, both papers."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from printkit.sheets import RenderOptions
from printkit.units import MM
from tests.helpers import check_pdf, render_sheet

LANDSCAPE = {"letter": (792.0, 612.0), "a4": (841.89, 595.28)}
PORTRAIT = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
_CACHE: dict[tuple[str, str], bytes] = {}


def _pdf(sheet: str, paper: str, **kw) -> bytes:
    key = (sheet, paper)
    if kw or key not in _CACHE:
        pdf = render_sheet("blowout", sheet, paper=paper, home="Hawks", away="Bears", **kw)
        if kw:
            return pdf
        _CACHE[key] = pdf
    return _CACHE[key]


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("sheet, pages, sizes", [("field", 2, LANDSCAPE),
                                                 ("drivelog", 1, PORTRAIT)])
def test_valid_deterministic_and_paper_sized(sheet, pages, sizes, paper):
    pdf = _pdf(sheet, paper)
    assert pdf == render_sheet("blowout", sheet, paper=paper, home="Hawks", away="Bears")
    doc = check_pdf(pdf)
    assert len(doc.pages) == pages
    for page in doc.pages:
        box = [float(v) for v in page.mediabox]
        assert (round(box[2], 2), round(box[3], 2)) == tuple(round(v, 2) for v in sizes[paper])


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_field_is_true_to_its_stated_scale(paper):
    yard = 2 * MM                      # the shipped scale, as the title states
    width = 53.3 * yard
    with pdfplumber.open(io.BytesIO(_pdf("field", paper))) as doc:
        page = doc.pages[0]
        text = page.extract_text()
        full = [ln for ln in page.lines if abs(ln["x0"] - ln["x1"]) < 0.01
                and abs(ln["height"] - width) < 0.01]
        goal = sorted(round(ln["x0"], 3) for ln in full if abs(ln["linewidth"] - 1.8) < 0.01)
        red = sorted(round(ln["x0"], 3) for ln in full if abs(ln["linewidth"] - 2) < 0.01)
        thin = sorted({round(ln["x0"], 3) for ln in full})
    assert "scale 1 yd = 2 mm (1:457)" in text
    assert len(goal) == 2 and abs(goal[1] - goal[0] - 100 * yard) < 0.01
    # the red lines on each side's 35: 35 yards from the goal line each attacks
    assert len(red) == 2
    assert abs(red[0] - goal[0] - 35 * yard) < 0.01 and abs(goal[1] - red[1] - 35 * yard) < 0.01
    # goal lines and every 5-yard line between them (the red lines lie on the 35s)
    assert len(thin) == 21
    assert all(abs((b - a) - 5 * yard) < 0.01 for a, b in zip(thin, thin[1:], strict=False))
    for words in ("FIELD GOAL RANGE", "10", "50", "HAWKS", "BEARS"):
        assert words in text or words in "".join(ch["text"] for ch in page.chars)


def test_field_red_line_follows_the_rules_file(tmp_path):
    rules = tmp_path / "r.toml"
    rules.write_text("[field]\nred_line = 40\n", encoding="utf-8")
    pdf = render_sheet("blowout", "field", opts=RenderOptions(paper="letter", rules_file=rules))
    yard = 2 * MM
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        lines = doc.pages[0].lines
        goal = sorted(ln["x0"] for ln in lines if abs(ln["linewidth"] - 1.8) < 0.01
                      and ln["height"] > 100)
        red = sorted(ln["x0"] for ln in lines if abs(ln["linewidth"] - 2) < 0.01)
        assert "opponent's 40" in doc.pages[0].extract_text()
    assert abs(red[0] - goal[0] - 40 * yard) < 0.01


def test_counters_and_markers_page():
    with pdfplumber.open(io.BytesIO(_pdf("field", "letter"))) as doc:
        page = doc.pages[1]
        text = page.extract_text()
        rects = page.rects
    for words in ("DOWN", "1ST", "4TH", "YARDS TO GO", "SCORE Hawks", "SCORE Bears",
                  "LINE OF SCRIMMAGE", "FIRST DOWN", "Q1 Q2 HALF Q3 Q4 OT", "1H HALF 2H OT",
                  "QUARTER", "HALVES", "FULL"):
        assert words in text, words
    # the two markers: as long as the field is wide (53.3 yards at 2 mm) plus a 14 mm tab
    long = [r for r in rects if abs(r["width"] - (53.3 * 2 + 14) * MM) < 0.05
            and abs(r["height"] - 7 * MM) < 0.05]
    assert len(long) >= 2
    # a first down (10 yards) at the field's scale, to set the FIRST DOWN marker
    assert any(abs(r["width"] - 20 * MM) < 0.05 for r in rects)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_play_log_columns_legend_and_seed(paper):
    pdf = render_sheet("blowout", "drivelog", opts=RenderOptions(
        paper=paper, home="Hawks", away="Bears", extra={"seed": "cup-0001"}))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        text = page.extract_text()
        sizes = {round(ch["size"], 1) for ch in page.chars}
    for heading in ("Period", "Off.", "OFFENSE", "DEFENSE", "Response", "Yards", "Ball",
                    "Down & to go", "Ball on", "Score H - A"):
        assert heading in text, heading
    assert "cup-0001" in text
    # every code of every deck is in the legend (decks.toml: BLOWOUT!!! rules decisions B1-B5)
    flat = text.replace("\n", " ")
    for code in ("R45-R100", "P15-P100", "DP-OFS", "DP-PI", "DP-HLD", "CHAL", "D10-D100",
                 "OP-DOG", "OP-OFS", "INT", "FUM", "SACK", "K25-K65"):
        assert code in flat, code
    assert "quarter" in text and "halves" in text and "full" in text
    assert min(sizes) >= 7.5
    rows = text.count("&")
    assert rows >= 30
