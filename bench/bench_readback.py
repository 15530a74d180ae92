"""Benchmark: reading a play book's printed draws back (`printkit scan` of a PDF), pages per
second of CPU, beside the ways before it measured in the same run: pdfium's text objects
(printkit.pdfwords, what scan used until the text operators were read directly; about 60
pages/s) and pdfplumber's extract_words, character by character (before that; about 6
pages/s). pdfplumber is a test dependency only: without it that figure is skipped and said
so. Every reader must give the same words in the same order; the run says whether they did.

Target: at least 200 pages/s (a 1,544-page BLOWOUT!!! book took 236 s).

    .venv/bin/python bench/bench_readback.py [--plays N] [--naive-pages N]
    (prints figures; no pass/fail)
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import itertools
import logging
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from printkit.books import layout_name, render_book  # noqa: E402
from printkit.books.readback import SIZE_KEYS, compare, printed_tokens  # noqa: E402
from printkit.layout import load_layout  # noqa: E402
from printkit_engine.playbook import build, make_spec  # noqa: E402

TARGET = 200.0


def naive_tokens(pdf: bytes, kind: str, pages: int) -> Iterator[str]:
    """The old reader (pdfplumber, every character), on the first `pages` pages."""
    import pdfplumber

    logging.getLogger("pdfminer").setLevel(logging.ERROR)
    layout = load_layout(layout_name(kind))
    sizes = [layout.length(k) for k in SIZE_KEYS[kind]]
    header = layout.length("page.margin") + layout.length("header.height")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages[:pages]:
            words = [w for w in page.extract_words(extra_attrs=["size"])
                     if w["top"] > header and any(abs(w["size"] - s) < 0.05 for s in sizes)]
            words.sort(key=lambda w: (round(w["bottom"], 1), w["x0"]))
            yield from (w["text"] for w in words)
            page.close()


def pdfium_tokens(pdf: Path, kind: str) -> Iterator[str]:
    """The reader before the text operators were read: pdfium's text objects, every page."""
    from printkit.books.readback import _Pdfium

    layout = load_layout(layout_name(kind))
    sizes = [layout.length(k) for k in SIZE_KEYS[kind]]
    header = layout.length("page.margin") + layout.length("header.height")
    with _Pdfium(pdf, sizes, header) as reader:
        for index in range(reader.count()):
            words = [w for w in reader.words(index) if w.top > header]
            words.sort(key=lambda w: (round(w.bottom, 1), w.x0))
            yield from (w.text for w in words)


def first_pages(pdf: bytes, pages: int) -> bytes:
    """The first `pages` pages of `pdf` as a PDF of their own (qpdf copies them)."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as src, pikepdf.new() as out:
        out.pages.extend(src.pages[:pages])
        buf = io.BytesIO()
        out.save(buf)
        return buf.getvalue()


def cpu(fn: Callable[[], object]) -> tuple[float, object]:
    """CPU seconds `fn` takes (this process; the machine's other load counts less than in
    wall time) and what it returns."""
    start = time.process_time()
    result = fn()
    return time.process_time() - start, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plays", type=int, default=2000,
                    help="BLOWOUT!!! shuffles per side (2000: about 1,544 pages)")
    ap.add_argument("--naive-pages", type=int, default=60,
                    help="pages the naive reader reads (it is slow)")
    args = ap.parse_args()

    book = build(make_spec("blowout", "bench readback", plays=args.plays))
    pdf = render_book(book, "letter")
    kind = book.spec.scheme.kind
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "book.pdf"
        path.write_bytes(pdf)
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(pdf)
        pages = len(doc)
        doc.close()
        seconds, tokens = cpu(lambda: list(printed_tokens(path, kind)))
        print(f"book: blowout, plays {args.plays}, {pages} pages, {len(tokens)} draws read")
        print(f"new (text operators, pikepdf): {pages / seconds:8.1f} pages/s CPU "
              f"({seconds:.2f} s; target {TARGET:.0f})")
        seconds, result = cpu(lambda: compare(path, book))
        print(f"scan's compare, whole book:    {pages / seconds:8.1f} pages/s CPU, "
              f"match={result.match}, {result.count} draws")
        seconds, before = cpu(lambda: list(pdfium_tokens(path, kind)))
        print(f"before (pdfium text objects):  {pages / seconds:8.1f} pages/s CPU "
              f"({seconds:.2f} s); same words, same order: {before == tokens}")

        if importlib.util.find_spec("pdfplumber") is None:
            print("naive (pdfplumber): skipped (pdfplumber is not installed; "
                  "pip install -e '.[test]')")
            return
        n = min(args.naive_pages, pages)
        part = first_pages(pdf, n)
        seconds, old = cpu(lambda: list(naive_tokens(part, kind, n)))
        new = list(printed_tokens(part, kind))
        print(f"naive (pdfplumber, {n} pages): {n / seconds:8.1f} pages/s CPU "
              f"({seconds:.2f} s; the whole book: about {pages * seconds / n:.0f} s)")
        same = old == new
        where = next((i for i, (a, b) in enumerate(itertools.zip_longest(old, new))
                      if a != b), None)
        print(f"same words, same order: {same}"
              + ("" if same else f" (first difference at word {where})"))


if __name__ == "__main__":
    main()
