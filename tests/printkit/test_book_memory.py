"""A play book's memory stays flat with its pages (issue #28): what rendering a book holds
beyond the book itself grows by a few KB a page at most (it was about 28 KB a page for
BLOWOUT!!!, 12 KB for Luck of the Draw, before their blocks shared their shapes and the PDF
went to its file as it was drawn). Measured with tracemalloc, the peak while rendering into
a file, at two sizes of one book: the difference per added page (bench/bench_book_memory.py has
the whole-process figures)."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from engine.playbook import build, make_spec
from printkit.books import render_book
from printkit.pdfdoc import register_fonts

# measured here: BLOWOUT!!! 9.2 KB a page (22.4 before), Luck of the Draw 10.1 (16.0 before;
# its slips are three a page, each with its deal and QR payload held until drawn); bounds
# leave a little room for other Python builds
KB_PER_PAGE = {"blowout": 12.0, "luckdraw": 12.0}


def _peak(tmp_path: Path, game: str, count: int) -> tuple[int, int]:
    """(pages, peak bytes traced while rendering) of a book written to a file."""
    option = "drives" if game == "luckdraw" else "plays"
    book = build(make_spec(game, "flat", **{option: count}))
    out = tmp_path / f"{game}-{count}.pdf"
    pages = []
    gc.collect()
    tracemalloc.start()
    try:
        with out.open("wb") as sink:
            render_book(book, "letter", progress=lambda it: (pages.append(p) or p for p in it),
                        sink=sink)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert out.read_bytes().startswith(b"%PDF-")
    return len(pages), peak


@pytest.mark.parametrize(("game", "small", "large"),
                         [("blowout", 20, 120), ("luckdraw", 20, 200)])
def test_memory_per_page_is_bounded(tmp_path: Path, game: str, small: int, large: int) -> None:
    """Peak traced memory grows by less than the bound for each added page."""
    register_fonts()
    render_book(build(make_spec(game, "warm", **{"drives" if game == "luckdraw" else "plays":
                                                 2})), "letter")    # caches filled once
    p0, m0 = _peak(tmp_path, game, small)
    p1, m1 = _peak(tmp_path, game, large)
    assert p1 - p0 >= 40, (p0, p1)
    per_page = (m1 - m0) / 1024 / (p1 - p0)
    assert per_page < KB_PER_PAGE[game], f"{game}: {per_page:.1f} KB a page ({p0} -> {p1} pages)"
