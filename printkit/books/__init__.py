"""Play-book PDFs: a header with the QR on every page, the draws laid out for the table.

One renderer per kind of draw: dice rows, card orders, or a game's own pages (a
dealt game's slips). Each returns blocks; printkit.books.page places
them on pages and draws the headers.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import BinaryIO

from printkit.books.header import HeaderInfo
from printkit.books.page import (
    Block,
    BlockTooTall,
    Page,
    Pages,
    body_height,
    compose,
    each_page,
)
from printkit.layout import Layout, LayoutError, load_layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit_engine import registry
from printkit_engine.draws import SCHEME
from printkit_engine.playbook import Book

# zlib level of a book's page streams: pages of numbers that differ from page to page
# compress about a tenth larger at 3 than at reportlab's 6, in half the time (issue #12)
BOOK_FLATE = 3


def layout_name(kind: str) -> str:
    """The shipped layout of a kind of book (layouts/playbook-KIND.toml)."""
    return f"playbook-{kind}"


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name) if importlib.util.find_spec(name) else None
    except ModuleNotFoundError:
        return None


def renderer(book: Book) -> ModuleType:
    """The module laying out a book's pages: the game's own (printkit/sheets/<game>/playbook.py)
    where it has one, else the generic one for its kind of draw (dice rows, card grids)."""
    own = _module(f"printkit.sheets.{book.spec.game}.playbook")
    return own or importlib.import_module(f"printkit.books.{book.spec.scheme.kind}")


def summary(book: Book) -> str:
    return f"{book.spec.scheme.describe(book.spec)} \u00b7 {book.draws} draws"


def _info(book: Book) -> HeaderInfo:
    title = f"{registry.get(book.spec.game).title} \u2014 play book"
    return HeaderInfo(title=title, seed=book.spec.seed, scheme=SCHEME,
                      summary=summary(book), check=book.checksum,
                      payload=book.payload(), howto=book.spec.scheme.howto)


def render_book(book: Book, paper: str, layout: Layout | None = None,
                progress: Callable[[Iterable[Page]], Iterator[Page]] | None = None,
                answers: list[str] | None = None, sink: BinaryIO | None = None) -> bytes:
    """The book as PDF bytes (deterministic: same book and paper, same bytes); `answers`,
    a game's "what happens" lines (Game.answers), are set after the draws. Given `sink` (an
    open binary file) the pages are written there as they are drawn and b"" comes back: a
    book of 10,000 pages then never holds its bytes in memory (twice, with the copy
    handed back). A lazy book (printkit_engine.playbook.lazy) is laid out in a first pass that
    counts its pages (and its draws and checksum), then drawn page by page."""
    game = book.spec.game
    layout = layout or load_layout(layout_name(book.spec.scheme.kind))
    module = renderer(book)
    size = page_size(paper)
    pages = book_pages(book, paper, layout, module, answers)     # first pass: laid out
    info = _info(book)
    doc = Document(size, title=f"{info.title} (seed {book.spec.seed})",
                   subject=info.payload, keywords=f"printkit play book {game}",
                   shared_xobjects=True, flate_level=BOOK_FLATE, sink=sink)
    doc.page_size(size)
    compose(doc, layout, info, pages, progress)
    return doc.finish()


def book_pages(book: Book, paper: str, layout: Layout, module: ModuleType,
               answers: list[str] | None = None) -> Pages:
    """The book's pages, counted now (a first pass over its blocks, each page let go) and
    made again as they are drawn: what a long book holds is a few pages' blocks."""
    from printkit.pdfdoc import register_fonts

    register_fonts()          # the first pass measures text before any document exists
    size = page_size(paper)
    body, gap = body_height(layout, size[1]), layout.length("page.gap")

    def blocks() -> Iterator[tuple[str, Block]]:
        yield from module.blocks(book, layout)
        if answers:
            from printkit.books.answers import blocks as answer_blocks

            yield from answer_blocks(answers, layout)

    try:
        count = sum(1 for _ in each_page(blocks(), body, gap))
    except BlockTooTall as exc:
        raise too_tall(layout, exc, paper) from None
    return Pages(lambda: each_page(blocks(), body, gap), count)


def draw_book(doc: Document, book: Book, paper: str, layout: Layout | None = None,
              progress: Callable[[Iterable[Page]], Iterator[Page]] | None = None,
              info: HeaderInfo | None = None, module: ModuleType | None = None,
              answers: list[str] | None = None) -> None:
    """Draw the book's pages into a document it is handed (a classroom pack holds many)."""
    layout = layout or load_layout(layout_name(book.spec.scheme.kind))
    module = module or renderer(book)
    size = page_size(paper)
    pages = book_pages(book, paper, layout, module, answers)
    if info is None:
        info = _info(book)
    doc.page_size(size)
    compose(doc, layout, info, pages, progress)


def too_tall(layout: Layout, exc: BlockTooTall, paper: str) -> LayoutError:
    """The keys that made a block taller than a page, blamed on the line that set one."""
    keys = [k.strip() for k in (exc.block.keys or "page.margin").split(",")]
    mm = 72 / 25.4
    return layout.blame(keys, f"expected a block that fits the {paper} page under the header "
                              f"({exc.body / mm:.0f} mm), found {exc.height / mm:.0f} mm")


SAFE_SEED = re.compile(r"[a-z0-9][a-z0-9_-]{0,59}")


def default_name(game: str, seed: str, paper: str) -> Path:
    """output/GAME-playbook-SEED-PAPER.pdf, one name per seed.

    A seed of lower-case letters, digits, '-' and '_' (up to 60) is its own file name. Any
    other seed is made safe and gets 8 hex digits of its SHA-256, so "week 3", "week_3",
    "Week_3" and "week/3" never write the same file (nor on a case-blind file system).
    """
    if SAFE_SEED.fullmatch(seed):
        stem = seed
    else:
        safe = "".join(ch if ch.isalnum() and ch.isascii() else "_" for ch in seed.lower())
        digest = hashlib.sha256(seed.encode("utf-8")).hexdigest()[:8]
        stem = f"{safe.strip('_')[:40] or 'seed'}-{digest}"
    return Path("output") / f"{game}-playbook-{stem}-{paper}.pdf"
