"""The Luck of the Draw score sheet read back from its PDF, for 2 and 8 players on both
papers: page size, the drive blocks, the card columns with the QB's automatic cards in yellow,
the rules printed from the data, everything inside the margins, the block drawn once."""

from __future__ import annotations

import io
import re

import pdfplumber
import pikepdf
import pytest

from printkit.units import INCH, MM
from tests.helpers import check_pdf, render_sheet

LANDSCAPE = {"letter": (792.0, 612.0), "a4": (841.89, 595.28)}
CARDS = ["DP", "FBL", "FDN", "FG", "INT", "IR/TO", "MFG", "OP", "P", "PTD", "RTD", "XP/S",
         "SACK", "STTD", "TE", "TOD"]
# drive blocks on page 1 and page 2 (8 seat rows a block for 8 players, 3 rows for 2)
BLOCKS = {(2, "letter"): (5, 11), (2, "a4"): (5, 11), (8, "letter"): (2, 4),
          (8, "a4"): (2, 4)}
YELLOW = (1.0, 0.886, 0.478)          # table.qb_fill #FFE27A
MARGIN = 9 * MM
JOBS = [(p, paper) for p in (2, 8) for paper in LANDSCAPE]
_CACHE: dict[tuple[int, str], bytes] = {}


def _pdf(players: int, paper: str) -> bytes:
    if (players, paper) not in _CACHE:
        _CACHE[players, paper] = render_sheet("luckdraw", "scoresheet", paper=paper,
                                              players=players)
    return _CACHE[players, paper]


@pytest.mark.parametrize("players,paper", JOBS)
def test_two_landscape_pages_deterministic(players, paper):
    pdf = _pdf(players, paper)
    assert pdf == render_sheet("luckdraw", "scoresheet", paper=paper, players=players)
    doc = check_pdf(pdf)
    assert len(doc.pages) == 2
    for page in doc.pages:
        box = [round(float(v), 2) for v in page.MediaBox]
        assert (box[2], box[3]) == LANDSCAPE[paper]


@pytest.mark.parametrize("players,paper", JOBS)
def test_drive_blocks_and_seat_rows(players, paper):
    with pdfplumber.open(io.BytesIO(_pdf(players, paper))) as doc:
        for page, blocks in zip(doc.pages, BLOCKS[players, paper], strict=True):
            words = page.extract_words()
            assert [w["text"] for w in words].count("Play") == blocks
            # the seat column: after the 29 mm drive column, 9 mm wide
            # (page 1 ends with the final tally, 5 rows of 4.8 mm, headed P1 P2 ...)
            floor = page.height - MARGIN - (25 * MM if page.page_number == 1 else 0)
            seats = [w["text"] for w in words if MARGIN + 29 * MM < w["x0"] < MARGIN + 38 * MM
                     and re.fullmatch(r"P\d+", w["text"]) and w["bottom"] < floor]
            assert seats == [f"P{s}" for s in range(1, players + 1)] * blocks
            assert f"P{players + 1}" not in words


@pytest.mark.parametrize("players,paper", JOBS)
def test_card_columns_in_deck_order_with_the_qbs_cards_yellow(players, paper):
    with pdfplumber.open(io.BytesIO(_pdf(players, paper))) as doc:
        page = doc.pages[0]
        bold = [w for w in page.extract_words(extra_attrs=["fontname", "size"])
                if w["text"] in CARDS and "Bold" in w["fontname"] and w["size"] == 8]
        top = min(w["top"] for w in bold)       # the heading row, above the codes in the cells
        heading = sorted((w for w in bold if w["top"] < top + 1), key=lambda w: w["x0"])
        assert [w["text"] for w in heading] == CARDS
        yellow = [r for r in page.rects if r.get("non_stroking_color") and
                  tuple(round(v, 3) for v in r["non_stroking_color"]) == YELLOW]
        marked = {w["text"] for w in heading
                  if any(r["x0"] <= w["x0"] and w["x1"] <= r["x1"] for r in yellow)}
        assert marked == ({"PTD", "INT", "TOD"} if players == 2 else {"PTD", "INT"})


@pytest.mark.parametrize("players", (2, 8))
def test_rules_printed_from_the_data(players):
    with pdfplumber.open(io.BytesIO(_pdf(players, "letter"))) as doc:
        text = " ".join(doc.pages[0].extract_text().split())
    assert f"Luck of the Draw score sheet \u2014 {players} players" in text
    assert "3 points per correct call" in text
    if players == 8:
        assert "Loner bonus +1 when only one player is right (4+ players: 4 points)" in text
        assert "Each player holds 2 of the 16 cards" in text
    else:
        assert "no Loner bonus with 2 players (it needs 4+)" in text
        assert "Each player holds 8 of the 16 cards" in text
    for penalty in ("Delay of Game (cards dealt after the 1st snap of the drive) \u22122",
                    "Illegal Procedure (serving as QB out of turn) \u22123",
                    "(scoring error made by the QB) \u22124"):
        assert penalty in text
    assert "ties: 1. most audible points (Loner bonus included); 2. most points on a " \
           "single drive" in text
    for length in ("end of the 1st quarter", "end of the 4th quarter",
                   "end of the game, incl. OT"):
        assert length in text
    assert text.count("no trades from Q4") == 2 and text.count("no trades from Q1") == 1
    assert text.count("drive under way may finish") == 2
    assert "fumble 4 \u00b7 +td 3" in text and "punt 2 \u00b7 +blocked 3 \u00b7 +td 3" in text


@pytest.mark.parametrize("players,paper", JOBS)
def test_everything_inside_the_margins_and_readable(players, paper):
    width, height = LANDSCAPE[paper]
    with pdfplumber.open(io.BytesIO(_pdf(players, paper))) as doc:
        for page in doc.pages:
            for ch in page.chars:
                assert ch["x0"] >= MARGIN - 0.5 and ch["x1"] <= width - MARGIN + 0.5, ch
                assert ch["top"] >= MARGIN - 0.5 and ch["bottom"] <= height - MARGIN + 0.5
                assert ch["size"] >= 6.99
            for r in page.rects:
                assert r["x0"] >= MARGIN - 1 and r["x1"] <= width - MARGIN + 1


def test_check_bars_true_to_length():
    with pdfplumber.open(io.BytesIO(_pdf(8, "a4"))) as doc:
        widths = {round(r["width"], 2) for r in doc.pages[0].rects}
    assert round(100 * MM, 2) in widths and round(4 * INCH, 2) in widths


def test_the_drive_block_is_one_form_placed_on_both_pages():
    pdf = pikepdf.open(io.BytesIO(_pdf(2, "letter")))
    placed = []
    for page in pdf.pages:
        names = [str(op.operands[0]) for op in pikepdf.parse_content_stream(page)
                 if str(op.operator) == "Do"]
        placed.append(names)
    block = max(set(placed[0]), key=placed[0].count)
    assert placed[0].count(block) == 5 and placed[1].count(block) == 11
