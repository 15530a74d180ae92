"""No mostly blank pages (issue 30): every page of every game's play book (its default size,
the one `printkit kit` prints) and of the Card Bowl cribbage sheet, on both papers, has ink
in at least half of its printable area.

The measure: the page rasterised at 48 dpi (a 0.25 in square is 12 pixels); its printable
area (the page less 0.25 in on every side) cut into 0.25 in squares; a square is inked if
any of its pixels is darker than 240 of 255 (text, rules, cell lines, the QR, coloured
bands; the card and dice blocks' pale fill, #F7F7F4, does not count). Where the last page of
a PostCard side held its last 60 dice and the Luck of the Draw cheat sheet sat alone, 30% of
the squares were inked; a page full of draws is 70-90%.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from reportlab.pdfgen.canvas import Canvas

from printkit.books import render_book
from printkit.books.page import Block, paginate
from printkit.preview import rasterise
from printkit_engine import registry
from printkit_engine.playbook import lazy, make_spec
from tests.helpers import render_sheet

DPI = 48
EDGE = DPI // 4          # 0.25 in in pixels: the margin left out, and a square's side
INK = 240
LEAST = 0.5              # the share of squares that must be inked


def inked(image) -> float:
    """The share of the printable area's 0.25 in squares holding ink."""
    grey = np.asarray(image.convert("L"))[EDGE:-EDGE, EDGE:-EDGE] < INK
    rows, cols = grey.shape[0] // EDGE, grey.shape[1] // EDGE
    squares = grey[:rows * EDGE, :cols * EDGE].reshape(rows, EDGE, cols, EDGE)
    return float(squares.any(axis=(1, 3)).mean())


def test_the_measure_on_pages_drawn_for_it():
    out = io.BytesIO()
    c = Canvas(out, pagesize=(612, 792))
    c.showPage()                                   # blank
    c.rect(18, 396, 576, 378, stroke=0, fill=1)    # the printable area's top half, black
    c.showPage()
    c.setFillGray(0.97)
    c.rect(0, 0, 612, 792, stroke=0, fill=1)       # a pale fill over all: no ink
    c.showPage()
    c.save()
    shares = [inked(page) for page in rasterise(out.getvalue(), DPI)]
    assert shares[0] == 0.0
    assert shares[1] == pytest.approx(0.5, abs=0.03)
    assert shares[2] == 0.0


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", list(registry.GAMES))
def test_no_play_book_page_is_mostly_blank(game: str, paper: str) -> None:
    scheme = registry.get(game).book
    book = lazy(make_spec(game, "fill"))          # the game's default count and players
    shares = [inked(page) for page in rasterise(render_book(book, paper), DPI)]
    assert shares, game
    low = [(n, round(share, 2)) for n, share in enumerate(shares, start=1) if share < LEAST]
    assert low == [], f"{game} {scheme.default_count} {scheme.count_name} on {paper}"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_cribbage_page_is_mostly_blank(paper: str) -> None:
    pdf = render_sheet("cardbowl", "cribbage", paper=paper, home="Lions", away="Bears")
    shares = [inked(page) for page in rasterise(pdf, DPI)]
    assert len(shares) == 1 and shares[0] >= LEAST, shares


def _block(height: float, heading: bool = False) -> Block:
    return Block(height, lambda *a: None, keep_with_next=heading)


def test_a_sides_last_page_shares_the_page_before_s_blocks():
    # body 100, gap 0: eleven blocks of 20 on a side, greedy 5 | 5 | 1 (the last page 20%
    # used); evened out over the three pages, 4 | 4 | 3 (a room of 60 would need a fourth)
    pages = paginate([("X", _block(20)) for _ in range(11)], 100.0, 0.0)
    assert [len(p.blocks) for p in pages] == [4, 4, 3]


def test_a_cheat_sheet_alone_takes_blocks_from_the_page_before():
    # slips of 50 and a sheet of 80 on pages of 220, gap 10: greedy 4 slips (230 > 220, so
    # 3: 170) | 3 | sheet alone; evened: 3 | 2 | 1 slip and the sheet (140)
    blocks = [("", _block(50)) for _ in range(6)] + [("", _block(80))]
    pages = paginate(blocks, 220.0, 10.0)
    assert [[b.height for b in p.blocks] for p in pages] == [[50, 50, 50], [50, 50],
                                                              [50, 80]]


def test_a_full_enough_last_page_and_other_sides_are_left_alone():
    # the last page 60 of 100 used: as greedy left it; a side's pages never take another's
    pages = paginate([("X", _block(20)) for _ in range(8)], 100.0, 0.0)
    assert [len(p.blocks) for p in pages] == [5, 3]
    pages = paginate([("H", _block(20)) for _ in range(5)] + [("A", _block(20))], 100.0, 0.0)
    assert [(p.tag, len(p.blocks)) for p in pages] == [("H", 5), ("A", 1)]
