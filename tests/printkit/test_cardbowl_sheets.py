"""Card Bowl printables read back from their PDFs: scale, holes, grids, labels, both papers."""

from __future__ import annotations

import io
import re
from collections import Counter

import pdfplumber
import pytest

from printkit.errors import UserError
from printkit.layout import load_layout
from printkit.units import INCH, MM
from printkit_engine.cardbowl.rules import load_rules
from tests.helpers import check_pdf, render_sheet, run_cli

PAPERS = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
SHEETS = ("field", "cribbage", "drivelog", "clock")


def _render(sheet: str, paper: str, override=None, home="Steelers", away="Cowboys") -> bytes:
    return render_sheet("cardbowl", sheet, override=override, paper=paper, home=home, away=away)


_CACHE: dict[tuple[str, str], bytes] = {}


def _pdf(sheet: str, paper: str) -> bytes:
    if (sheet, paper) not in _CACHE:
        _CACHE[sheet, paper] = _render(sheet, paper)
    return _CACHE[sheet, paper]


def _pages(pdf: bytes):
    doc = pdfplumber.open(io.BytesIO(pdf))
    return doc, doc.pages


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("sheet", SHEETS)
def test_valid_deterministic_and_paper_sized(sheet, paper):
    pdf = _pdf(sheet, paper)
    assert pdf == _render(sheet, paper), "not byte-identical"
    doc = check_pdf(pdf)
    w, h = PAPERS[paper]
    landscape = sheet in ("field", "cribbage")
    for page in doc.pages:
        box = [round(float(v), 2) for v in page.MediaBox]
        assert (box[2], box[3]) == ((h, w) if landscape else (w, h))


@pytest.mark.parametrize("paper", PAPERS)
def test_every_sheet_has_both_check_bars_true_to_length(paper):
    for sheet in SHEETS:
        doc, pages = _pages(_pdf(sheet, paper))
        with doc:
            widths = {round(r["width"], 2) for r in pages[0].rects}
        assert round(100 * MM, 2) in widths and round(4 * INCH, 2) in widths, sheet


# -- field -------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
def test_field_yard_lines_match_the_stated_scale(paper):
    layout = load_layout("cardbowl-field")
    yard = layout.length("field.yard")
    height = layout.number("field.width_yards") * yard
    doc, pages = _pages(_pdf("field", paper))
    with doc:
        page = pages[0]
        assert len(pages) == 1
        text = page.extract_text()
        drawn = "".join(ch["text"] for ch in page.chars)   # rotated names in drawing order
        full = sorted(round(ln["x0"], 3) for ln in page.lines
                      if abs(ln["x0"] - ln["x1"]) < 0.01 and abs(ln["height"] - height) < 0.01)
        ticks = [ln for ln in page.lines if abs(ln["height"] - layout.length(
            "field.tick_length")) < 0.01]
    assert "scale 1 yd = 2 mm (1:457)" in text
    # goal lines and every 5-yard line between them: 21 lines, 5 yards apart, 100 yards in all
    assert len(full) == 21
    assert all(abs((b - a) - 5 * yard) < 0.01 for a, b in zip(full, full[1:], strict=False))
    assert abs((full[-1] - full[0]) - 100 * yard) < 0.01
    # one-yard ticks on both sidelines and both hash rows, except on the 5-yard lines
    assert len(ticks) == 4 * 80
    for number in ("10", "20", "30", "40", "50"):
        assert number in text
    assert "STEELERS" in drawn and "COWBOYS" in drawn


def test_larger_scale_spans_two_pages_with_alignment_marks(tmp_path):
    big = tmp_path / "big.toml"
    big.write_text('[field]\nyard = "3 mm"\n', encoding="utf-8")
    pdf = _render("field", "letter", big)
    check_pdf(pdf)
    doc, pages = _pages(pdf)
    with doc:
        texts = [p.extract_text() for p in pages]
        circles = [len(p.curves) for p in pages]
    assert len(texts) == 2
    assert "page 1 of 2" in texts[0] and "trim here, lay on page 2" in texts[0]
    assert "page 2 of 2" in texts[1] and "glue this strip under page 1" in texts[1]
    assert circles == [2, 2]            # one alignment mark above and one below each seam


def test_too_large_a_scale_is_refused_with_the_largest_that_fits(tmp_path):
    huge = tmp_path / "huge.toml"
    huge.write_text('[field]\nyard = "5 mm"\n', encoding="utf-8")
    # 3.06 mm: the page's foot keeps the class stamp's 11 mm strip (page.stamp_strip)
    with pytest.raises(UserError, match=r"huge.toml:2: field.yard: expected a field that "
                                        r"fits letter \(at most 3\.06 mm a yard"):
        _render("field", "letter", huge)


# -- cribbage ----------------------------------------------------------------------------

def _holes(page, diameter):
    return [c for c in page.curves if abs(c["width"] - diameter) < 0.01]


def _labels(page, size):
    words = page.extract_words(extra_attrs=["size"])
    return [w for w in words if abs(w["size"] - size) < 0.01]


def _track_ok(layout, holes, rows: list[float]) -> None:
    """Four full rows of 30 holes at the board's pitch, group gap and row spacing."""
    pitch, gap = layout.length("track.pitch"), layout.length("track.group_gap")
    assert len(rows) == 4
    xs = sorted(h["x0"] for h in holes if round(h["top"], 2) == rows[0])
    steps = Counter(round(b - a, 2) for a, b in zip(xs, xs[1:], strict=False))
    assert steps == {round(pitch, 2): 24, round(gap, 2): 5}
    assert all(abs((b - a) - layout.length("track.spacing")) < 0.01
               for a, b in zip(rows, rows[1:], strict=False))


@pytest.mark.parametrize("paper", PAPERS)
def test_cribbage_overlay_and_peg_board_share_one_page(paper):
    # issue 30: each on its own page left it 55% blank; both fit one landscape page
    layout = load_layout("cardbowl-cribbage")
    d = layout.length("track.hole")
    doc, pages = _pages(_pdf("cribbage", paper))
    with doc:
        assert len(pages) == 1
        page = pages[0]
        holes = _holes(page, d)
        rows = Counter(round(h["top"], 2) for h in holes)
        full_rows = sorted(y for y, n in rows.items() if n == 30)
        assert len(full_rows) == 8 and sum(rows[y] for y in full_rows) == 240
        _track_ok(layout, holes, full_rows[:4])        # the overlay, above
        _track_ok(layout, holes, full_rows[4:])        # the peg board, below
        size = layout.length("track.label_size")
        # the notes above the overlay and the check bars' words below the board are no labels
        first, last = min(h["top"] for h in holes), max(h["bottom"] for h in holes)
        labels = Counter(w["text"] for w in _labels(page, size)
                         if first - 2 * size < w["top"] < last + 2 * size)
        assert labels["50"] == 4 and labels["G"] == 4      # two of each a track
        assert all(labels[str(n)] == 4 for n in range(1, 50))
        assert all(labels[f"-{n}"] == 4 for n in range(1, 10))
        assert {"1st", "2nd", "3rd", "4th"} <= set(labels)
        assert len(holes) == 240 + len(layout.list("pegboard.strip_labels"))
        text = page.extract_text()
        assert text.count("STEELERS END ZONE") == 2 and text.count("COWBOYS END ZONE") == 2
        assert "overlay and peg board to punch" in text
        cut = next(w for w in page.extract_words() if w["text"] == "cut")
        assert full_rows[3] < cut["top"] < full_rows[4]   # the overlay's cut words between


def test_cribbage_too_tall_for_one_page_has_a_page_each(tmp_path):
    # rows 3/4 in apart: the overlay (about 3.2 in) and the peg board (3.7 in) do not both
    # fit under the title on landscape letter (8.5 in less the margins)
    tall = tmp_path / "tall.toml"
    tall.write_text('[track]\nspacing = "0.75 in"\n', encoding="utf-8")
    layout = load_layout("cardbowl-cribbage", tall)
    doc, pages = _pages(_render("cribbage", "letter", tall))
    with doc:
        assert len(pages) == 2
        d = layout.length("track.hole")
        assert len(_holes(pages[0], d)) == 120
        assert len(_holes(pages[1], d)) == 120 + len(layout.list("pegboard.strip_labels"))
        assert "cribbage board: overlay " in pages[0].extract_text()
        assert "cribbage board: peg board to punch" in pages[1].extract_text()


def test_cribbage_played_around_twice_has_one_track_per_half(tmp_path):
    twice = tmp_path / "twice.toml"
    twice.write_text('[track]\nstyle = "twice"\nhalf_gap = "0.5 in"\n', encoding="utf-8")
    layout = load_layout("cardbowl-cribbage", twice)
    doc, pages = _pages(_render("cribbage", "a4", twice))
    with doc:
        holes = _holes(pages[0], layout.length("track.hole"))
        text = pages[0].extract_text()
    ys = sorted(Counter(round(h["top"], 2) for h in holes))
    assert len(holes) == 120 and len(ys) == 4
    spacing = layout.length("track.spacing")
    gaps = [round(b - a, 2) for a, b in zip(ys, ys[1:], strict=False)]
    assert gaps == [round(spacing, 2), round(spacing + 0.5 * INCH, 2), round(spacing, 2)]
    assert "one track per half (played around twice)" in text


def test_cribbage_rows_that_break_groups_are_refused(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[track]\nrows = 7\n", encoding="utf-8")
    with pytest.raises(UserError, match="do not make 7 rows"):
        _render("cribbage", "letter", bad)


# -- clock -------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
def test_clock_has_a_12_by_15_grid_per_quarter_and_the_rules_legend(paper):
    layout = load_layout("cardbowl-clock")
    rules = load_rules()
    cell = layout.length("grid.cell")
    doc, pages = _pages(_pdf("clock", paper))
    with doc:
        page = pages[0]
        cells = [r for r in page.rects if abs(r["width"] - cell) < 0.01
                 and abs(r["height"] - cell) < 0.01]
        text = page.extract_text()
        warnings = [ln for ln in page.lines if abs(ln["linewidth"] - layout.length(
            "grid.warning_line")) < 0.01]
        right = " ".join(page.crop((page.width / 2, 0, page.width, page.height))
                         .extract_text().split())
        left = " ".join(page.crop((0, 0, page.width / 2, page.height)).extract_text().split())
    assert len(cells) == 4 * 180
    # four blocks of 12 columns x 15 rows, a quarter each
    xs = sorted({round(r["x0"], 2) for r in cells})
    ys = sorted({round(r["top"], 2) for r in cells})
    assert len(xs) == 24 and len(ys) == 30
    blocks = Counter((xs.index(round(r["x0"], 2)) // 12, ys.index(round(r["top"], 2)) // 15)
                     for r in cells)
    assert blocks == {(0, 0): 180, (1, 0): 180, (0, 1): 180, (1, 1): 180}
    assert all(abs((b - a) - cell) < 0.01 for a, b in zip(xs[:12], xs[1:12], strict=False))
    assert len(warnings) == 2                   # 2nd and 4th quarters
    for quarter in ("1st quarter", "2nd quarter", "3rd quarter", "4th quarter"):
        assert quarter in text
    flat = " ".join(text.split())
    for cost in rules.clock.simple:
        assert cost.plays.split(",")[0] in flat
    assert "Simple Timing 2" in text and "Complex Timing" in text
    assert "Timeouts (3 per half)" in text and "Steelers 1st half" in text
    # the rules' numbers, written here by hand from the rules text
    assert "Each box is 5 seconds, each line one minute, 180 boxes a quarter." in flat
    assert ("2-8 Between plays while the clock runs (offense's choice, default 7); for each "
            "interval under 6 the defense is dealt one extra card and discards its lowest") in right
    assert flat.count("15:00") == 4 and flat.count("1:00") >= 4
    assert "The clock stops" in flat and "A penalty (not declined)" in flat
    # "if the last offensive card drawn is the same suit as the ball carrier ... the play ends
    # by going out of bounds and stops the clock"; "A declined penalty stops the clock."
    # (the legend's lines interleave with the right column's in the page text)
    assert ("Late in a half (shaded rows): out of bounds (the last offensive card is the ball "
            "carrier's suit, or the offense forfeits a run draw); a declined penalty") in left
    assert "Open-field run at the end of the play, including after a fumble recovery" in right
    # a 2:00 row label per quarter, and the two-minute warning's label in each half
    assert len(re.findall(r"(?<!\d)2:00", flat)) == 4 + 2


# -- drive log ---------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
def test_drivelog_has_the_example_columns_and_game_boxes(paper):
    layout = load_layout("cardbowl-drivelog")
    doc, pages = _pages(_pdf("drivelog", paper))
    with doc:
        page = pages[0]
        text = page.extract_text()
        box = layout.length("header.box")
        boxes = [r for r in page.rects if abs(r["width"] - box) < 0.01
                 and abs(r["height"] - box) < 0.01]
        words = page.extract_words()
        hints = Counter(w["text"] for w in words)
        seed_box = next(r for r in page.rects
                        if abs(r["height"] - box) < 0.01 and r["width"] > 40 * 72 / 25.4)
    for label in ("Team", "Down & dist. @ yd", "Play and result", "Cards", "Score", "Clock",
                  "Quarter", "Seed", "Steelers timeouts", "Cowboys timeouts",
                  "Steelers v Cowboys"):
        assert label in text
    # the columns in the rules' order, cards between the result and the score
    heads = {w["text"]: w["x0"] for w in words if w["text"] in ("Play", "Cards", "Score")}
    assert heads["Play"] < heads["Cards"] < heads["Score"]
    assert abs(seed_box["width"] - layout.length("header.seed_width")) < 0.01
    assert len(boxes) == 5 + 2 * 2 * 3          # quarters 1-4 and OT, 3 timeouts per half
    assert "to 3, 21 yd return to 24" in text   # the rules' example, in grey
    rows = hints["@"] - 2                       # one '@' per row, two in the example
    assert 25 <= rows <= int(layout.number("table.rows"))


def test_drivelog_carries_the_seed_it_is_given():
    from printkit.sheets import RenderOptions

    pdf = render_sheet("cardbowl", "drivelog", RenderOptions(extra={"seed": "week-3-game-2"}))
    doc, pages = _pages(pdf)
    with doc:
        assert "week-3-game-2" in pages[0].extract_text()


def test_render_command_writes_each_sheet(workdir):
    for sheet in SHEETS:
        r = run_cli("render", "cardbowl", sheet, "--paper", "a4", "--home", "Steelers")
        assert r.code == 0, r.stderr
        assert r.stdout.strip() == f"output/cardbowl-{sheet}-a4.pdf"


def test_house_rules_file_changes_the_printed_timeouts(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text("[clock]\ntimeouts_per_half = 2\n", encoding="utf-8")
    pdf = render_sheet("cardbowl", "clock", paper="letter", rules_file=house)
    doc, pages = _pages(pdf)
    with doc:
        text = pages[0].extract_text()
        boxes = [r for r in pages[0].rects if abs(r["width"] - load_layout(
            "cardbowl-clock").length("timeouts.box")) < 0.01]
    assert "Timeouts (2 per half)" in text and len(boxes) == 2 * 2 * 2
