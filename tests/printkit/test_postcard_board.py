"""The PostCard board read back from its PDF: size, labels, counts, scale, determinism."""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest

from printkit.layout import load_layout
from printkit.sheets import RenderOptions
from printkit.units import MM
from tests.helpers import check_pdf, render_sheet, run_cli

PAGES = {"letter": (792.0, 612.0), "a4": (841.89, 595.28)}
LAYOUT = load_layout("postcard-board")


@pytest.fixture(scope="module", params=["letter", "a4"])
def board(request):
    pdf = render_sheet("postcard", "board", RenderOptions(paper=request.param, home="Lions",
                                                         away="Bears"))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        # extract_text for the layout, plus the characters in drawing order (rotated labels)
        text = page.extract_text() + "\n" + "".join(c["text"] for c in page.chars)
        yield request.param, pdf, page, text, len(doc.pages)


def _mm(points: float) -> float:
    return round(points / MM, 1)


def test_one_landscape_page_of_the_right_size(board):
    paper, _, page, _, pages = board
    assert pages == 1
    assert (round(page.width, 2), round(page.height, 2)) == PAGES[paper]


def test_structure_fonts_and_print_scaling(board):
    _, pdf, _, _, _ = board
    doc = check_pdf(pdf)
    assert str(doc.Root.ViewerPreferences.PrintScaling) == "/None"
    info = doc.docinfo
    assert "PostCard Football" in str(info["/Title"])
    assert "Lions v Bears" in str(info["/Subject"])
    assert str(info["/Creator"]).startswith("printkit")


@pytest.mark.parametrize("label", [
    "STRATEGY", "CIRCLE", "PASS 2·3·4", "RUSH 1·5·6", "BONUS BAR (max 4)", "PLAY TRACKER",
    "TIME TRACKER", "SCORE", "OFF RUSH", "OFF PASS", "DEF RUSH", "DEF PASS", "PASS O−D",
    "RUSH O−D", "TACKLE O−D", "FG spot", "2d6 needed", "PUNT yards", "target 2d6",
    "KICKOFF die", "ONSIDE", "FG 2d6", "2PT", "XP", "TB", "KO", "HOME: Lions", "AWAY: Bears",
    "SACK 15", "INT?", "INC", "65 yd", "P+15", "P−10", "FUM", "print at 100%",
])
def test_every_label_is_on_the_board(board, label):
    assert label in board[3]


def test_chart_values_come_from_the_engine(board):
    text = board[3]
    assert "4-10" in text                      # field goal from the 20
    assert "2-6" in text and "5-6" in text     # catch rolls
    for n in (10, 20, 30, 40, 50):
        assert str(n) in text


def test_counts_of_circles_and_boxes(board):
    _, _, page, _, _ = board
    curves = Counter(_mm(c["width"]) for c in page.curves)
    assert curves[LAYOUT.length("time_tracker.diameter") / MM] == 14       # 7 + 7
    assert curves[LAYOUT.length("panel.play_diameter") / MM] == 18         # 9 + 9
    assert curves[2 * LAYOUT.length("strategy.node") / MM] == 6            # numbers 1-6
    box = _mm(LAYOUT.length("panel.bonus_box"))
    assert sum(1 for r in page.rects if _mm(r["width"]) == box == _mm(r["height"])) == 8


def test_strategy_numbers_one_to_six(board):
    _, _, page, _, _ = board
    size = LAYOUT.length("strategy.number_size")
    numbers = sorted(c["text"] for c in page.chars if abs(c["size"] - size) < 0.01)
    assert numbers == ["1", "2", "3", "4", "5", "6"]


def _yard_line_xs(page) -> list[float]:
    """Where the field's vertical lines stand, between its two sidelines (the two longest
    horizontal lines): a yard line is drawn in pieces, stopping short of words, dice and
    the Time Tracker's circles; each x is counted once."""
    sides = sorted((ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01),
                   key=lambda ln: ln["x1"] - ln["x0"])[-2:]
    top, bottom = min(s["top"] for s in sides), max(s["top"] for s in sides)
    return sorted({round(ln["x0"], 2) for ln in page.lines
                   if abs(ln["x0"] - ln["x1"]) < 0.01 and ln["top"] >= top - 0.01
                   and ln["bottom"] <= bottom + 0.01})


def test_five_yard_lines_are_spaced_as_the_layout_says(board):
    _, _, page, _, _ = board
    step = LAYOUT.length("field.step")
    xs = _yard_line_xs(page)
    assert len(xs) == 25                       # 24 segments of 5 yards incl. end zones
    gaps = [b - a for a, b in zip(xs, xs[1:], strict=False)]
    assert all(abs(g - step) < 0.02 for g in gaps)
    assert abs((xs[-1] - xs[0]) - 24 * step) < 0.05


def test_repeated_artwork_is_one_form_used_many_times(board):
    _, pdf, _, _, _ = board
    doc = check_pdf(pdf)
    page = doc.pages[0]
    forms = {str(k) for k in page.Resources.XObject}
    assert {"/FormXob.die1", "/FormXob.star"} <= forms
    content = page.Contents.read_bytes()
    assert content.count(b"/FormXob.star Do") > 20
    assert content.count(b"/FormXob.die1 Do") >= 4


def test_byte_identical_rerender(workdir):
    first = run_cli("render", "postcard", "board", "--out", "a.pdf")
    second = run_cli("render", "postcard", "board", "--out", "b.pdf")
    assert first.code == second.code == 0
    assert Path("a.pdf").read_bytes() == Path("b.pdf").read_bytes()


def test_default_path_png_and_force(workdir):
    result = run_cli("render", "postcard", "board", "--paper", "a4", "--png")
    assert result.code == 0, result.stderr
    pdf, png = Path("output/postcard-board-a4.pdf"), Path("output/postcard-board-a4.png")
    assert result.stdout.split() == [str(pdf), str(png)]
    from PIL import Image

    with Image.open(png) as im:          # 150 dpi of A4 landscape (297 x 210 mm)
        w, h = im.size
    assert abs(w - 297 / 25.4 * 150) < 1 and abs(h - 210 / 25.4 * 150) < 1
    again = run_cli("render", "postcard", "board", "--paper", "a4")
    assert again.code == 2 and "exists (use --force" in again.stderr
    assert run_cli("render", "postcard", "board", "--paper", "a4", "--force").code == 0


def test_user_layout_changes_the_field_scale(workdir):
    Path("my.toml").write_text('[field]\nstep = "9 mm"\nturf = "#FFFFFF"\n')
    assert run_cli("render", "postcard", "board", "--layout", "my.toml", "--out", "m.pdf").code == 0
    with pdfplumber.open("m.pdf") as doc:
        xs = _yard_line_xs(doc.pages[0])
    assert len(xs) == 25
    assert abs((xs[1] - xs[0]) - 9 * MM) < 0.02


def test_players_own_card_values_reach_the_board(workdir):
    Path("card.toml").write_text('[field_goal]\nranges = [ { spot = 20, low = 2, high = 12 } ]\n')
    result = run_cli("render", "postcard", "board", "--rules", "card.toml", "--out", "c.pdf")
    assert result.code == 0
    with pdfplumber.open("c.pdf") as doc:
        text = doc.pages[0].extract_text()
    assert "2d6 needed 2-12" in text and "2d6 needed 3-11" not in text


def test_ink_saver_changes_fills_not_geometry(workdir):
    assert run_cli("render", "postcard", "board", "--ink-saver", "--out", "i.pdf").code == 0
    assert run_cli("render", "postcard", "board", "--out", "n.pdf").code == 0
    assert Path("i.pdf").read_bytes() != Path("n.pdf").read_bytes()
    with pdfplumber.open("i.pdf") as a, pdfplumber.open("n.pdf") as b:
        assert len(a.pages[0].curves) == len(b.pages[0].curves)


def test_rules_option_refused_where_a_sheet_does_not_use_it(workdir, monkeypatch):
    from printkit import sheets

    plain = sheets.Printable("postcard", "board", "postcard-board", "board", "d")
    monkeypatch.setattr(sheets, "get", lambda game, sheet: plain)
    Path("card.toml").write_text("")
    result = run_cli("render", "postcard", "board", "--rules", "card.toml")
    assert result.code == 2 and "--rules is not used by the postcard board sheet" in result.stderr


def test_score_ring_labels_clear_the_arcs(board):
    """The four skill labels sit outside the score rings: "DEF RUSH" and "DEF PASS" were
    drawn across the lower arcs' ends. No label's box may meet a curve's box."""
    _, _, page, _, _ = board
    curves = [c for c in page.curves if 20 < c["x1"] - c["x0"] < 100
              and c["bottom"] - c["top"] < 100]                         # the ring arcs
    for label in ("OFF RUSH", "OFF PASS", "DEF RUSH", "DEF PASS"):
        found = page.search(label)
        assert len(found) == 2, label                                   # home and away
        for box in found:
            hits = [c for c in curves if c["x0"] < box["x1"] and box["x0"] < c["x1"]
                    and c["top"] < box["bottom"] and box["top"] < c["bottom"]]
            assert not hits, (label, box["top"], [(h["top"], h["bottom"]) for h in hits])
