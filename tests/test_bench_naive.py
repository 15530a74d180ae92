"""bench/bench_books.py's naive way is the issue's (#12): every QR rebuilt on every page with
qrcode's defaults. Checked by counting qrcode's mask searches while it runs."""

from __future__ import annotations

import importlib.util
import io
import zlib
from pathlib import Path

import pikepdf
import qrcode

from printkit import books
from printkit.books import render_book
from printkit.draw import qr
from printkit_engine.playbook import build, make_spec

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_books.py"


def _bench():
    spec = importlib.util.spec_from_file_location("bench_books", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_naive_rebuilds_every_code_with_qrcode_defaults(monkeypatch):
    searches = []
    original = qrcode.QRCode.best_mask_pattern
    monkeypatch.setattr(qrcode.QRCode, "best_mask_pattern",
                        lambda self: searches.append(1) or original(self))
    book = build(make_spec("luckdraw", "naive", drives=2, players=3))   # one page, two slips
    qr.qr_matrix.cache_clear()
    render_book(book, "letter")
    render_book(book, "letter")
    assert len(searches) == 1           # printkit: the header's code, once (cached after)
    searches.clear()
    matrix, encode = qr.qr_matrix, qr.qrcode
    with _bench().Naive():
        render_book(book, "letter")
        pdf = render_book(book, "letter")
    assert len(searches) == 6           # naive: the header and both slips, each render
    with pikepdf.open(io.BytesIO(pdf)) as doc:                      # reportlab's zlib level
        page = doc.pages[0].obj.Contents
        assert page.read_raw_bytes() == zlib.compress(page.read_bytes(), 6)
    assert (qr.qr_matrix, qr.qrcode) == (matrix, encode)     # restored
    assert books.BOOK_FLATE == 3
