"""A play book's memory stays flat with its pages (issue #28): what rendering a book holds
grows by a few KB a page at most (it was about 28 KB a page for BLOWOUT!!!, 12 KB for Luck of
the Draw, before their blocks shared their shapes and the PDF went to its file as it was
drawn; the draws and the blocks were then still made up front, 12-20 KB a page in the whole
process, until the book was drawn as its pages are: printkit_engine.playbook.lazy). Measured with
tracemalloc, the peak while rendering a lazy book (as `printkit playbook` does) into a file,
at two sizes of one book: the difference per added page (bench/bench_book_memory.py has the
whole-process figures). And, counted rather than measured: while a page is drawn, only the
few pages the layout looks ahead to are alive, and no stream's draws are kept."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

import pytest

from printkit.books import render_book
from printkit.books.page import Page
from printkit.pdfdoc import register_fonts
from printkit.pdfstream import REMEMBERED
from printkit_engine.playbook import Book, build, lazy, make_spec

# measured here: BLOWOUT!!! 8.6-9.2 KB a page (22.4 before); Luck of the Draw 14-16 on 7 -> 67
# pages, where the bounded caches (strings, widths, Td steps, QR matrices) and CPython's own
# free lists of the deals' tuples are still filling (drawn lazily, each page's deals are made
# and freed: whole-process growth fell from 9.9 to 3.9 KB a page at 667 pages,
# bench/bench_book_memory.py); bounds leave room for other Python builds. A Luck of the Draw
# page holds four slips since issue 30 (three before): 21.8 KB a page measured, the same
# 5-7 KB a slip, so its bound is four slips' worth of the 20 KB three had
KB_PER_PAGE = {"blowout": 12.0, "luckdraw": 27.0}


def _peak(tmp_path: Path, game: str, count: int) -> tuple[int, int]:
    """(pages, peak bytes traced while rendering) of a book written to a file."""
    option = "drives" if game == "luckdraw" else "plays"
    book = lazy(make_spec(game, "flat", **{option: count}))
    out = tmp_path / f"{game}-{count}.pdf"
    pages = []
    REMEMBERED.forget()     # the font subsets a process remembers (bounded) are not the book's
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
    # the process's bounded caches (text memo, widths, a deck's card table) filled once, by a
    # book of the large size: what they hold is not the book's growth (a 2-play warm-up left
    # them filling during the measurement: 11.7 KB a page read for BLOWOUT!!!, 8.8 filled)
    render_book(build(make_spec(game, "warm", **{"drives" if game == "luckdraw" else "plays":
                                                 large})), "letter")
    p0, m0 = _peak(tmp_path, game, small)
    p1, m1 = _peak(tmp_path, game, large)
    assert p1 - p0 >= 40, (p0, p1)
    per_page = (m1 - m0) / 1024 / (p1 - p0)
    assert per_page < KB_PER_PAGE[game], f"{game}: {per_page:.1f} KB a page ({p0} -> {p1} pages)"


@pytest.mark.parametrize(("game", "count"), [("blowout", 40), ("luckdraw", 90),
                                              ("postcard", 900), ("cardgrid", 200)])
def test_a_lazy_book_holds_a_few_pages_while_drawing(tmp_path: Path, game: str,
                                                       count: int) -> None:
    """While page 20 of a long book is drawn, at most five pages are alive (the page, the
    two before it and the one after, which moving a widow and evening out a side's last
    three pages need, and one being filled), and the book keeps none of its streams'
    draws."""
    option = "drives" if game == "luckdraw" else "plays"
    book = lazy(make_spec(game, "few", **{option: count}))
    alive: list[int] = []

    def watch(pages):
        for number, page in enumerate(pages, start=1):
            if number == 20:
                gc.collect()
                alive.append(sum(1 for o in gc.get_objects() if type(o) is Page))
            yield page

    with (tmp_path / "book.pdf").open("wb") as sink:
        render_book(book, "letter", progress=watch, sink=sink)
    assert alive and alive[0] <= 5, alive
    assert not isinstance(book.streams, dict)


def _compare_peak(pdf: Path, book: Book) -> tuple[int, int]:
    """(draws read back, peak bytes traced) of comparing a book's PDF with a book."""
    from printkit.books.readback import compare

    gc.collect()
    tracemalloc.start()
    try:
        result = compare(pdf, book)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.match
    return result.count, peak


def test_scan_compares_the_printed_draws_a_page_at_a_time(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """`printkit scan`'s comparison (issue 28) holds a page's draws: the seed's book is lazy
    and its expected draws made stream by stream. Card Bowl at 30 and 300 plays (4 and 34
    letter pages): measured 4.7 KB a page more for the lazy book; the naive way (the book
    built whole and its expected draws listed before the first page is read, as scan did)
    83 KB a page, in the same run."""
    from printkit.books import readback

    books = {}
    for plays in (30, 300):
        spec = make_spec("cardbowl", "scan-memory", plays=plays)
        out = tmp_path / f"cardbowl-{plays}.pdf"
        with out.open("wb") as sink:
            render_book(lazy(spec), "letter", sink=sink)
        books[plays] = spec, out
    _compare_peak(books[30][1], lazy(books[30][0]))      # the process's caches filled first
    (n0, lazy0), (n1, lazy1) = (_compare_peak(out, lazy(spec)) for spec, out in books.values())
    assert (n0, n1) == (30 * 54, 300 * 54)
    listed = readback.expected
    monkeypatch.setattr(readback, "expected", lambda book: iter(list(listed(book))))
    (_, naive0), (_, naive1) = (_compare_peak(out, build(spec)) for spec, out in books.values())
    per_page, naive_per_page = ((b - a) / 1024 / 30 for a, b in ((lazy0, lazy1),
                                                                (naive0, naive1)))
    assert per_page < 15.0, f"{per_page:.1f} KB a page (naive {naive_per_page:.1f})"
    assert naive_per_page > 40.0, f"the naive way grew {naive_per_page:.1f} KB a page"
