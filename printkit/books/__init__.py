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

from engine import registry
from engine.draws import SCHEME
from engine.playbook import Book
from printkit.books.header import HeaderInfo
from printkit.books.page import BlockTooTall, Page, body_height, compose, paginate
from printkit.layout import Layout, LayoutError, load_layout
from printkit.papers import page_size
from printkit.pdfdoc import Document

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


def render_book(book: Book, paper: str, layout: Layout | None = None,
                progress: Callable[[Iterable[Page]], Iterator[Page]] | None = None,
                answers: list[str] | None = None, sink: BinaryIO | None = None) -> bytes:
    """The book as PDF bytes (deterministic: same book and paper, same bytes); `answers`,
    a game's "what happens" lines (Game.answers), are set after the draws. Given `sink` (an
    open binary file) the pages are written there as they are drawn and b"" comes back: a
    book of 10,000 pages then never holds its bytes in memory (twice, with the copy
    handed back)."""
    game = book.spec.game
    layout = layout or load_layout(layout_name(book.spec.scheme.kind))
    module = renderer(book)
    size = page_size(paper)
    title = f"{registry.get(game).title} \u2014 play book"
    info = HeaderInfo(title=title, seed=book.spec.seed, scheme=SCHEME,
                      summary=summary(book), check=book.checksum,
                      payload=book.payload(), howto=book.spec.scheme.howto)
    doc = Document(size, title=f"{title} (seed {book.spec.seed})",
                   subject=book.payload(), keywords=f"printkit play book {game}",
                   shared_xobjects=True, flate_level=BOOK_FLATE, sink=sink)
    draw_book(doc, book, paper, layout, progress, info=info, module=module, answers=answers)
    return doc.finish()


def draw_book(doc: Document, book: Book, paper: str, layout: Layout | None = None,
              progress: Callable[[Iterable[Page]], Iterator[Page]] | None = None,
              info: HeaderInfo | None = None, module: ModuleType | None = None,
              answers: list[str] | None = None) -> None:
    """Draw the book's pages into a document it is handed (a classroom pack holds many)."""
    layout = layout or load_layout(layout_name(book.spec.scheme.kind))
    module = module or renderer(book)
    size = page_size(paper)
    if info is None:
        title = f"{registry.get(book.spec.game).title} \u2014 play book"
        info = HeaderInfo(title=title, seed=book.spec.seed, scheme=SCHEME,
                          summary=summary(book), check=book.checksum,
                          payload=book.payload(), howto=book.spec.scheme.howto)
    doc.page_size(size)
    try:
        blocks = module.blocks(book, layout)
        if answers:
            from printkit.books.answers import blocks as answer_blocks

            blocks = blocks + answer_blocks(answers, layout)
        pages = paginate(blocks, body_height(layout, size[1]), layout.length("page.gap"))
    except BlockTooTall as exc:
        raise too_tall(layout, exc, paper) from None
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
