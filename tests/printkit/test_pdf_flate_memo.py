"""printkit.pdfstream.Remembered: a big stream (an embedded font's subset) compressed once
per process, the same bytes as compressing it again."""

from __future__ import annotations

import zlib

from printkit import sheets
from printkit.layout import load_layout
from printkit.pdfstream import REMEMBERED, Remembered


def _font_like(n: int, salt: int) -> bytes:
    return bytes((i * 7 + salt) % 251 for i in range(n))


def test_a_remembered_stream_is_zlibs_default_level_output():
    memo = Remembered()
    data = _font_like(40_000, 3)
    first = memo.encode(data)
    assert first == zlib.compress(data, 6)
    assert zlib.decompress(first) == data
    assert memo.encode(data) is first                 # the second time: remembered
    small = b"BT /F1 12 Tf ET" * 10                   # under SMALLEST: compressed each time
    assert memo.encode(small) == zlib.compress(small, 6)
    assert small not in memo._memo


def test_the_memo_is_bounded():
    memo = Remembered()
    memo.KEPT = 50_000
    a, b = _font_like(30_000, 1), _font_like(30_000, 2)
    memo.encode(a)
    memo.encode(b)                                    # 60,000 > 50,000: a forgotten
    assert list(memo._memo) == [b]
    assert memo._kept == 30_000


def test_a_board_rendered_again_is_the_same_bytes():
    printable = sheets.get("postcard", "board")
    layout = load_layout(printable.layout)
    opts = sheets.RenderOptions(paper="a4")
    REMEMBERED._memo.clear()
    REMEMBERED._kept = 0
    fresh = sheets.render(printable, opts, layout)
    assert REMEMBERED._memo                           # the fonts' subsets were remembered
    assert sheets.render(printable, opts, layout) == fresh
