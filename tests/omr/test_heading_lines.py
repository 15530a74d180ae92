"""The heading lines over a bubble sheet's first band keep clear of its QR code.

A heading line may rise into the header's room left of the QR (PostCard's decision sheet
puts its second row's line there), but no word may stand in the code's quiet zone: the QR's
box is found on the rendered page by the QR reader, the characters' boxes read out of the PDF."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
import zxingcpp

from tests.helpers import run_cli

MM = 72 / 25.4
QUIET = 2 * MM          # a QR's quiet zone is 4 modules: over 2 mm at these sizes
DPI = 150


def _qr_box(pdf: Path) -> tuple[float, float, float, float]:
    """(x0, top, x1, bottom) of the page's QR code in points, as the reader finds it."""
    image = pdfium.PdfDocument(pdf)[0].render(scale=DPI / 72).to_pil()
    (code,) = zxingcpp.read_barcodes(image)
    p = code.position
    xs = [pt.x * 72 / DPI for pt in (p.top_left, p.top_right, p.bottom_left, p.bottom_right)]
    ys = [pt.y * 72 / DPI for pt in (p.top_left, p.top_right, p.bottom_left, p.bottom_right)]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("game", ["postcard", "cardbowl", "blowout", "luckdraw", "cardgrid"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_heading_word_in_the_qr_codes_quiet_zone(tmp_path, game, paper):
    out = tmp_path / "s.pdf"
    r = run_cli("render", game, "bubblelog", "--decisions", "--seed", "demo", "--paper", paper,
                "--out", str(out))
    assert r.code == 0, r.stderr
    x0, top, x1, bottom = _qr_box(out)
    doc = pdfium.PdfDocument(out)
    page = doc[0]
    height = page.get_height()
    text = page.get_textpage()
    near = []
    for i in range(text.count_chars()):
        left, low, right, high = text.get_charbox(i, loose=True)      # from the page's foot
        if (right > x0 - QUIET and left < x1 + QUIET and height - low > top - QUIET
                and height - high < bottom + QUIET and text.get_text_range(i, 1).strip()):
            near.append(text.get_text_range(i, 1))
    doc.close()
    assert near == []
