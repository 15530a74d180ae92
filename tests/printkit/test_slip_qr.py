"""Luck of the Draw slip codes: one QR version per book (its longest payload's), fixed mask,
qrcode fitting a payload after all when it does not fit the version given; every slip decodes.

Capacities typed from the QR standard (ISO/IEC 18004, table 7, level M, byte mode): version 5
holds 84 bytes, version 6 106, version 9 180, version 10 213.
"""

from __future__ import annotations

import hashlib

import pytest
import qrcode
import zxingcpp
from PIL import Image

from printkit.books import render_book
from printkit.draw import qr
from printkit.preview import rasterise
from printkit.sheets.luckdraw.playbook import SLIP_MASK, _dashed_rows, slip_version
from printkit_engine.playbook import build, make_spec, slip_payload

# drive 3 of seed demo, 4 players, as its slip prints it (tests/printkit/test_luckdraw_cli.py)
DRIVE3 = "FG IR/TO STTD FDN OP P XP/S TE SACK MFG DP RTD FBL"
CHECK3 = hashlib.sha256(f"drive/3:{DRIVE3}\nplayers=4\n".encode()).hexdigest()[:8]
SLIP3 = ("printkit-draws/1;game=luckdraw;seed=demo;players=4;stream=drive/3;draws=13;"
         f"check={CHECK3}")                                                 # 89 bytes
# the longest seeds a book takes: 96 characters once percent-encoded, of each QR mode
SEEDS = ("\u00e9" * 16, "9" * 96, "Z" * 96, "z" * 96, "%" * 32)


def _decode(modules: list[list[bool]]) -> list[str]:
    """The matrix as a picture (4 px a module, quiet zone included), read by zxing."""
    n = len(modules) + 2 * qr.QUIET
    image = Image.new("L", (n, n), 255)
    for r, row in enumerate(modules):
        for c, dark in enumerate(row):
            if dark:
                image.putpixel((c + qr.QUIET, r + qr.QUIET), 0)
    image = image.resize((4 * n, 4 * n), Image.NEAREST)
    return [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)]


def test_a_payload_too_long_for_the_version_given_is_fitted_after_all():
    assert len(SLIP3) == 89
    with pytest.raises(qrcode.exceptions.DataOverflowError):      # what the fallback catches
        code = qrcode.QRCode(version=5, error_correction=qrcode.constants.ERROR_CORRECT_M,
                             mask_pattern=SLIP_MASK)
        code.add_data(SLIP3.encode())
        code.make(fit=False)
    modules = qr.encode(SLIP3, "M", SLIP_MASK, version=5)
    assert len(modules) == 41                  # version 6: 4 * 6 + 17 modules a side
    assert _decode(modules) == [SLIP3]
    assert len(qr.encode(SLIP3, "M", SLIP_MASK, version=1)) == 41


def test_a_version_that_fits_is_kept_even_when_a_smaller_one_would_do():
    modules = qr.encode(SLIP3, "M", SLIP_MASK, version=9)
    assert len(modules) == 53                  # version 9, not fitted down to 6
    assert _decode(modules) == [SLIP3]
    assert qr.fitted_version(SLIP3, "M") == 6


def _drives() -> list[int]:
    """Every length a drive number takes (1-4 digits) at its edges, and a spread between."""
    return sorted({1, 9, 10, 99, 100, 999, 1000, 2000, *range(1, 2001, 97)})


@pytest.mark.parametrize("seed", SEEDS)
def test_the_book_version_fits_every_slip_of_the_largest_books(seed):
    for players in range(2, 9):
        spec = make_spec("luckdraw", seed, drives=2000, players=players)
        payloads = [slip_payload(spec, f"drive/{k}") for k in _drives()]
        version = slip_version(payloads, "M")
        assert version <= 10       # 184 bytes at most: version 10 holds 213 (byte mode, M)
        for payload in payloads:
            code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M)
            code.add_data(payload.encode())
            assert code.best_fit() <= version, payload
        longest = max(payloads, key=len)
        assert len(qr.encode(longest, "M", SLIP_MASK, version)) == 4 * version + 17


def test_the_longest_slip_code_decodes_at_the_book_version():
    spec = make_spec("luckdraw", "\u00e9" * 16, drives=2000, players=8)
    payload = slip_payload(spec, "drive/2000")
    version = slip_version([slip_payload(spec, "drive/1"), payload], "M")
    assert version == 9
    assert _decode(qr.encode(payload, "M", SLIP_MASK, version)) == [payload]


def test_every_slip_of_a_long_seed_book_decodes_from_the_page():
    """A printed page at 300 dpi: both slips' codes (22 mm, version 9) and the book's."""
    book = build(make_spec("luckdraw", "Z" * 96, drives=2, players=8))
    page = next(iter(rasterise(render_book(book, "letter"), 300)))
    found = {r.text for r in zxingcpp.read_barcodes(page,
                                                    formats=zxingcpp.BarcodeFormat.QRCode)}
    assert found == {book.payload(), slip_payload(book.spec, "drive/1"),
                     slip_payload(book.spec, "drive/2")}


def test_slip_codes_are_drawn_at_one_version_per_book(monkeypatch):
    """qrcode fits the version once per book (not once per slip) and never searches masks."""
    calls = {"best_fit": 0, "best_mask_pattern": 0}
    for name in calls:
        original = getattr(qrcode.QRCode, name)

        def counted(self, *args, _original=original, _name=name, **kwargs):
            calls[_name] += 1
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(qrcode.QRCode, name, counted)
    qr.qr_matrix.cache_clear()
    book = build(make_spec("luckdraw", "one-fit", drives=6, players=3))
    pdf = render_book(book, "letter")
    assert pdf.startswith(b"%PDF-")
    # the book's own code (header): a mask search, and two fits (qrcode's make(fit=True)
    # reads its version property, which fits too); the six slips: one fit between them
    assert calls == {"best_fit": 3, "best_mask_pattern": 1}


def test_a_code_row_is_one_dashed_line_from_its_first_dark_module():
    """Rows typed by hand: dash arrays alternate dark and light runs; a row ending light ends
    on a gap; a light row draws nothing; the line runs through the middle of its row."""
    x, o = True, False
    modules = [[x, x, o, x, o, o],
               [o, o, o, o, o, o],
               [o, o, x, o, x, x],
               [o, x, o, o, o, o],
               [x, x, x, x, x, x],
               [o, o, o, o, o, x]]
    assert _dashed_rows(modules) == ["[2 1 1 2] 0 d 0 5.5 m 6 5.5 l S",
                                     "[1 1 2] 0 d 2 3.5 m 6 3.5 l S",
                                     "[1 4] 0 d 1 2.5 m 6 2.5 l S",
                                     "[6] 0 d 0 1.5 m 6 1.5 l S",
                                     "[1] 0 d 5 0.5 m 6 0.5 l S"]


def test_a_slip_payload_from_the_dealt_draws_is_the_one_drawn_afresh():
    """The book renderer hands slip_payload each deal's shuffle instead of drawing it again."""
    spec = make_spec("luckdraw", "again", drives=40, players=5)
    for deal in build(spec).deals():
        label = f"drive/{deal.drive}"
        assert slip_payload(spec, label, list(deal.shuffled)) == slip_payload(spec, label)
    spec = make_spec("luckdraw", "demo", drives=3, players=4)
    deal = list(build(spec).deals())[2]
    assert slip_payload(spec, "drive/3", list(deal.shuffled)) == SLIP3
