"""The fast byte-mode QR path gives the very matrix qrcode gives (qrcode is the reference: an
independent encoder), so slips keep scanning and books keep their bytes."""

from __future__ import annotations

import pytest
import qrcode
from qrcode.constants import ERROR_CORRECT_H, ERROR_CORRECT_M, ERROR_CORRECT_Q

from printkit.draw.qr import qr_matrix, qr_rows
from printkit.draw.qrfast import byte_matrix

SLIP = ("printkit-draws/1;game=luckdraw;seed=bench;players=8;stream=drive/999;draws=14;"
        "check=9209b1c6")


def _qrcode(data: bytes, level: int, mask: int) -> tuple[tuple[bool, ...], ...]:
    qr = qrcode.QRCode(error_correction=level, border=0, box_size=1, mask_pattern=mask)
    qr.add_data(data)
    qr.make(fit=True)
    return tuple(tuple(row) for row in qr.get_matrix())


@pytest.mark.parametrize("level", [ERROR_CORRECT_M, ERROR_CORRECT_Q, ERROR_CORRECT_H])
@pytest.mark.parametrize("size", [7, 40, 91, 150, 330])   # versions 1 to 14 or so
def test_same_matrix_as_qrcode(level, size):
    data = (SLIP * 4)[:size].encode()
    for mask in range(8):
        assert byte_matrix(data, level, mask) == _qrcode(data, level, mask), mask


def test_unicode_and_every_byte_value():
    text = "".join(ch for ch in map(chr, range(32, 256)) if not ch.isupper() and not ch.isdigit())
    data = f"seed=Zürich wk\u00b73;{text}".encode()
    assert byte_matrix(data, ERROR_CORRECT_M, 2) == _qrcode(data, ERROR_CORRECT_M, 2)


def test_payloads_qrcode_would_split_fall_back():
    upper = b"seed=" + b"ABCDEFGHIJKLMNOPQRSTUVWXYZ" + b";x"
    assert byte_matrix(upper, ERROR_CORRECT_M, 2) is None
    digits = b"1234567890" * 5                      # a numeric segment: not this path's
    assert byte_matrix(digits, ERROR_CORRECT_M, 2) is None
    assert qr_matrix(digits.decode(), "M", mask=2) == _qrcode(digits, ERROR_CORRECT_M, 2)


def test_slip_matrix_through_qr_matrix():
    assert qr_matrix(SLIP, "M", mask=2) == _qrcode(SLIP.encode(), ERROR_CORRECT_M, 2)


def test_rows_are_the_matrix_fast_path_or_not():
    for payload in (SLIP, "1234567890" * 5):
        rows = qr_rows(payload, "M", 2)
        expected = _qrcode(payload.encode(), ERROR_CORRECT_M, 2)
        assert [[ch == "1" for ch in row] for row in rows] == [list(r) for r in expected]
