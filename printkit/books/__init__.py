"""Play-book PDFs: a header with the QR on every page, the draws laid out for the table.

One renderer per kind of draw: dice rows (PostCard), card orders (Card Bowl, the grid game,
BLOWOUT!!!) and deal slips (Luck of the Draw). Each returns blocks; printkit.books.page places
them on pages and draws the headers.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from engine.draws import SCHEME
from engine.playbook import Book
from printkit.books.header import HeaderInfo
from printkit.books.page import Page, body_height, compose, paginate
from printkit.layout import Layout, load_layout
from printkit.papers import page_size
from printkit.pdfdoc import Document

TITLES = {
    "postcard": "PostCard Football",
    "cardbowl": "Card Bowl",
    "cardgrid": "Football (card grid game)",
    "blowout": "BLOWOUT!!!",
    "luckdraw": "Luck of the Draw",
}
KIND = {"postcard": "dice", "cardbowl": "cards", "cardgrid": "cards", "blowout": "cards",
        "luckdraw": "deal"}


def layout_name(game: str) -> str:
    return f"playbook-{KIND[game]}"


def _howto(layout: Layout, game: str) -> str:
    key = f"howto.{game}"
    return layout.text(key) if layout.has(key) else layout.text("header.howto")


def render_book(book: Book, paper: str, layout: Layout | None = None,
                progress: Callable[[Iterable[Page]], Iterator[Page]] | None = None) -> bytes:
    """The book as PDF bytes (deterministic: same book and paper, same bytes)."""
    game = book.spec.game
    layout = layout or load_layout(layout_name(game))
    module = importlib.import_module(f"printkit.books.{KIND[game]}")
    size = page_size(paper)
    title = f"{TITLES[game]} \u2014 play book"
    info = HeaderInfo(title=title, seed=book.spec.seed, scheme=SCHEME,
                      summary=module.summary(book), check=book.checksum,
                      payload=book.payload(), howto=_howto(layout, game))
    doc = Document(size, title=f"{title} (seed {book.spec.seed})",
                   subject=book.payload(), keywords=f"printkit play book {game}")
    pages = paginate(module.blocks(book, layout), body_height(layout, size[1]),
                     layout.length("page.gap"))
    compose(doc, layout, info, pages, progress)
    return doc.finish()


def default_name(game: str, seed: str, paper: str) -> Path:
    """output/GAME-playbook-SEED-PAPER.pdf with the seed made safe for a file name."""
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in seed).strip("._")
    return Path("output") / f"{game}-playbook-{safe[:60] or 'seed'}-{paper}.pdf"
