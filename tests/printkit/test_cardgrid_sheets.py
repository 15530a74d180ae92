"""The grid game's field grid and score sheet read back from their PDFs on both papers."""

from __future__ import annotations

import io
from collections import Counter

import pdfplumber
import pytest

from printkit.units import INCH, MM
from tests.helpers import check_pdf, render_sheet, run_cli

PAPERS = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
_CACHE: dict[tuple[str, str], bytes] = {}


def _pdf(sheet: str, paper: str) -> bytes:
    if (sheet, paper) not in _CACHE:
        _CACHE[sheet, paper] = render_sheet("cardgrid", sheet, paper=paper, home="Ann",
                                            away="Ben")
    return _CACHE[sheet, paper]


def _words(pdf: bytes):
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        assert len(doc.pages) == 1
        page = doc.pages[0]
        return page.extract_words(), page.rects, page.width, page.height


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("sheet", ["field", "scoresheet"])
def test_valid_deterministic_one_page_paper_sized(sheet, paper):
    pdf = _pdf(sheet, paper)
    assert pdf == render_sheet("cardgrid", sheet, paper=paper, home="Ann", away="Ben")
    doc = check_pdf(pdf)
    w, h = PAPERS[paper]
    box = [round(float(v), 2) for v in doc.pages[0].MediaBox]
    assert (box[2], box[3]) == ((h, w) if sheet == "field" else (w, h))
    _, rects, _, _ = _words(pdf)
    widths = {round(r["width"], 2) for r in rects}
    assert round(100 * MM, 2) in widths and round(4 * INCH, 2) in widths


def _numbers(words, size_min=14):
    """The big grid numbers, as (x centre, top, text)."""
    return sorted(((w["x0"] + w["x1"]) / 2, round(w["top"]), w["text"]) for w in words
                  if w["text"].isdigit() and w["bottom"] - w["top"] >= size_min)


@pytest.mark.parametrize("paper", PAPERS)
def test_field_has_two_tracks_numbered_in_opposite_directions_20_mm_a_grid(paper):
    words, _, _, _ = _words(_pdf("field", paper))
    nums = _numbers(words)
    rows = sorted({top for _, top, _ in nums})
    assert len(rows) == 2
    home = [(x, int(t)) for x, top, t in nums if top == rows[0]]
    away = [(x, int(t)) for x, top, t in nums if top == rows[1]]
    assert [t for _, t in home] == list(range(1, 13))
    assert [t for _, t in away] == list(range(12, 0, -1))
    steps = {round(b[0] - a[0], 1) for a, b in zip(home, home[1:], strict=False)}
    assert steps == {round(20 * MM, 1)}
    # the same cell is grid g for one side and 13 - g for the other (G3): home 7 over away 6
    assert abs(dict((t, x) for x, t in home)[7] - dict((t, x) for x, t in away)[6]) < 0.5


@pytest.mark.parametrize("paper", PAPERS)
def test_field_lines_where_the_rules_put_them(paper):
    words, _, _, _ = _words(_pdf("field", paper))
    nums = _numbers(words)
    rows = sorted({top for _, top, _ in nums})
    home_x = {int(t): x for x, top, t in nums if top == rows[0]}
    away_x = {int(t): x for x, top, t in nums if top == rows[1]}
    attacks = min(w["top"] for w in words if w["text"] == "\u2190")
    strip = [w for w in words if rows[0] < w["top"] < attacks and w["bottom"] - w["top"] < 12]
    where = Counter()
    for w, after in zip(strip, strip[1:] + [None], strict=True):
        if w["text"] == "in-goal":
            x, name = (w["x0"] + w["x1"]) / 2, "in-goal"
        elif after is not None and after["text"] == "m":
            x, name = (w["x0"] + after["x1"]) / 2, w["text"]
        else:
            continue
        track = "home" if w["top"] < rows[1] else "away"
        xs = home_x if track == "home" else away_x
        grid = min(xs, key=lambda g: abs(xs[g] - x))
        assert abs(xs[grid] - x) < 3
        where[track, grid, name] += 1
    want = {(t, g, n): 1 for t in ("home", "away") for g, n in
            ((2, "10"), (3, "22"), (7, "22"), (10, "10"), (11, "5"), (12, "in-goal"))}
    assert dict(where) == want


def test_field_tackle_boxes_follow_the_rules_file(tmp_path):
    def boxes(pdf):
        _, rects, _, _ = _words(pdf)
        return sum(1 for r in rects if round(r["width"], 1) == round(9 * MM, 1)
                   and round(r["height"], 1) == round(9 * MM, 1))

    assert boxes(_pdf("field", "a4")) == 6
    rules = tmp_path / "four.toml"
    rules.write_text("[tackles]\ncount = 4\n")
    out = tmp_path / "f.pdf"
    r = run_cli("render", "cardgrid", "field", "--rules", str(rules), "--out", str(out))
    assert r.code == 0, r.stderr
    assert boxes(out.read_bytes()) == 4


@pytest.mark.parametrize("paper", PAPERS)
def test_scoresheet_codes_finishing_time_and_rows(paper):
    words, rects, _, _ = _words(_pdf("scoresheet", paper))
    text = " ".join(w["text"] for w in words)
    for row in ("F field goal 1", "P penalty conversion 2", "T try 4", "C try conversion 2"):
        assert row in text
    assert "Agreed finishing time" in text and "Kick-off (toss)" in text
    assert "Restart" in text and "Final score" in text and "Ann" in text and "Ben" in text
    stripes = [r for r in rects if round(r["height"], 1) == round(7 * MM, 1)]
    assert len(stripes) >= 8           # every other score row is striped: 17+ rows


def test_field_too_wide_names_the_key(tmp_path):
    wide = tmp_path / "wide.toml"
    wide.write_text('[field]\ngrid_width = "30 mm"\n')
    r = run_cli("render", "cardgrid", "field", "--layout", str(wide), "--out",
                str(tmp_path / "f.pdf"))
    assert r.code == 2 and "wide.toml:2" in r.stderr and "grid_width" in r.stderr, r.stderr
