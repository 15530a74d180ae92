"""Play-book PDFs: structure, headers read back, QR geometry and decoding, determinism."""

from __future__ import annotations

import io
import re

import pdfplumber
import pytest
import zxingcpp

from printkit.books import render_book
from printkit.papers import page_size
from printkit.preview import rasterise
from printkit.units import MM
from printkit_engine import registry
from printkit_engine.playbook import build, make_spec
from tests.engine.test_draws import DEAL_1, HOME
from tests.helpers import check_pdf

BOOKS = {
    "postcard": dict(plays=25),
    "cardbowl": dict(plays=12),
    "cardgrid": dict(plays=6),
    "blowout": dict(plays=2),
    "luckdraw": dict(drives=5, players=6),
}


def _book(game: str, seed: str = "demo"):
    return build(make_spec(game, seed, **BOOKS[game]))


@pytest.fixture(scope="module")
def pdfs() -> dict[tuple[str, str], bytes]:
    return {(g, p): render_book(_book(g), p) for g in BOOKS for p in ("letter", "a4")}


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", list(BOOKS))
def test_structure_and_headers(pdfs, game, paper):
    data = pdfs[(game, paper)]
    check_pdf(data)
    book = _book(game)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        total = len(pdf.pages)
        for number, page in enumerate(pdf.pages, start=1):
            assert (page.width, page.height) == pytest.approx(page_size(paper), abs=0.01)
            text = page.extract_text()
            assert f"page {number} of {total}" in text
            assert "seed: demo" in text
            assert "scheme printkit-draws/1" in text and f"check {book.checksum}" in text
            title = f"{registry.get(game).title} \u2014 play book"
            assert title in " ".join(text.splitlines()[:2])
            assert not page.images, "the QR must be vector paths, not a bitmap"


def _qr_square(page) -> dict:
    """The QR's white background square: the largest square rect in the header's top right."""
    squares = [r for r in page.rects if abs(r["width"] - r["height"]) < 0.01
               and r["x0"] > page.width / 2 and r["top"] < 40 * MM]
    return max(squares, key=lambda r: r["width"])


@pytest.mark.parametrize("game", list(BOOKS))
def test_qr_is_large_enough_and_decodes_to_the_payload(pdfs, game):
    data = pdfs[(game, "letter")]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        square = _qr_square(pdf.pages[-1])
    assert square["width"] >= 20 * MM
    image = list(rasterise(data, 150))[-1]
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    books = [r for r in found if ";stream=" not in r.text]     # slips carry their own QR
    assert [r.text for r in books] == [_book(game).payload()]
    assert books[0].ec_level in ("M", "Q", "H")


def test_dice_numbered_per_side_with_tick_boxes(pdfs):
    with pdfplumber.open(io.BytesIO(pdfs[("postcard", "letter")])) as pdf:
        first = pdf.pages[0]
        words = [w["text"] for w in first.extract_words()]
        assert "HOME" in words and "H1" in words and "H150" in words and "A1" not in words
        # the first row's values, in order, are the home stream's first dice: 18 of them
        # (three plays a row), the first 12 those docs/draws.md gives
        h1 = next(w for w in first.extract_words() if w["text"] == "H1")
        row = [w for w in first.extract_words()
               if re.fullmatch(r"[1-6]", w["text"]) and w["top"] > h1["top"]]
        top = min(w["top"] for w in row)
        values = [int(w["text"]) for w in sorted(row, key=lambda w: w["x0"])
                  if abs(w["top"] - top) < 2]
        assert len(values) == 18 and values[:12] == HOME
        boxes = [r for r in first.rects if abs(r["width"] - 2.8 * MM) < 0.1]
        assert len(boxes) == 150
        assert "AWAY" in pdf.pages[-1].extract_text()


def test_cards_show_suits_in_red_and_black(pdfs):
    with pdfplumber.open(io.BytesIO(pdfs[("cardbowl", "letter")])) as pdf:
        page = pdf.pages[0]
        colours = {}
        for ch in page.chars:
            if ch["text"] in "\u2663\u2666\u2665\u2660":
                colours.setdefault(ch["text"], set()).add(tuple(ch["non_stroking_color"]))
        text = page.extract_text()
    red, black = (0.784, 0.063, 0.18), (0.067, 0.067, 0.067)
    for symbol, colour in (("\u2665", red), ("\u2666", red), ("\u2663", black),
                           ("\u2660", black)):
        assert len(colours[symbol]) == 1
        assert next(iter(colours[symbol])) == pytest.approx(colour, abs=0.01)
    # deal/1 starts J♠ 4♦ 2♥ 10♠ (spec vector)
    assert DEAL_1[:4] == ["JS", "4D", "2H", "10S"]
    assert "J\u2660" in text and "10\u2660" in text


def test_deal_sheets_one_slip_per_drive(pdfs):
    book = _book("luckdraw")
    with pdfplumber.open(io.BytesIO(pdfs[("luckdraw", "letter")])) as pdf:
        text = "\n".join(p.extract_text() for p in pdf.pages)
    for d in book.deals():
        assert f"Drive {d.drive} \u2014 QB: P{d.qb}" in text
    assert text.count("Sidelines") == 5


def test_rendering_is_deterministic():
    for game in ("postcard", "luckdraw"):
        assert render_book(_book(game), "a4") == render_book(_book(game), "a4")
    assert render_book(_book("cardgrid"), "a4") != render_book(_book("cardgrid", "other"), "a4")
