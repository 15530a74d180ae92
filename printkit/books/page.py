"""Pages of a play book: blocks stacked top to bottom under a header, fold or cut lines
between them, paginated first so every header can say "page x of y".

A book renderer only describes blocks (height + a draw function); this module decides which
page each lands on, keeps a heading with the block it introduces, and draws the frame.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from reportlab.pdfgen.canvas import Canvas

from printkit.books.header import BODY_GAP, HeaderInfo, draw_header
from printkit.layout import Layout
from printkit.pdfdoc import Document

DrawFn = Callable[[Document, float, float, float], None]   # (document, x, top, width)


@dataclass(slots=True)
class Block:
    """A piece of a page: its height and how to draw it (slots: a long book holds one per
    stream, tens of thousands, until its last page is drawn)."""

    height: float
    draw: DrawFn
    new_page: bool = False        # start a new page before this block
    keep_with_next: bool = False  # a heading: never the last thing on a page
    line_after: str = "fold"      # "fold", "cut" or "" (line drawn in the gap below)
    continued: Callable[[], Block] | None = None   # heading to repeat atop a new page
    keys: str = ""                # the layout keys its height comes from (for errors)


class BlockTooTall(ValueError):
    """A block (with the heading repeated above it) that no page body can hold."""

    def __init__(self, block: Block, height: float, body: float) -> None:
        super().__init__(f"a block {height:.1f} pt tall, the body {body:.1f} pt")
        self.block, self.height, self.body = block, height, body


@dataclass(slots=True)
class Page:
    tag: str = ""                 # "HOME" / "AWAY" printed in the header of torn-out pages
    blocks: list[Block] = field(default_factory=list)


def paginate(blocks: list[tuple[str, Block]], body_height: float, gap: float) -> list[Page]:
    """Greedy top-to-bottom filling; (tag, block) pairs, tag shown on the block's page."""
    return list(each_page(blocks, body_height, gap))


def each_page(blocks: Iterable[tuple[str, Block]], body_height: float,
              gap: float) -> Iterator[Page]:
    """paginate's pages one at a time, from blocks made one at a time: a page is handed on
    once the page after it is filled (what moving a widow needs), so a long book holds three
    pages' blocks, not its own (issue 28)."""
    return _no_widows(_filled(blocks, body_height, gap), body_height, gap)


def _filled(blocks: Iterable[tuple[str, Block]], body_height: float,
            gap: float) -> Iterator[Page]:
    """Greedy filling, each page handed on when the next block does not fit on it."""
    page: Page | None = None
    used = body_height + 1.0    # forces a first page
    it = iter(blocks)
    following = next(it, None)
    while following is not None:
        tag, block = following
        following = next(it, None)
        need = block.height
        if block.keep_with_next and following is not None:
            need += following[1].height
        alone = block.height
        if block.continued is not None:
            alone += block.continued().height + gap
        if alone > body_height:
            raise BlockTooTall(block, alone, body_height)
        if block.new_page or page is None or used + need > body_height or page.tag != tag:
            if page is not None:
                yield page
            page = Page(tag)
            used = 0.0
            if block.continued is not None:     # a section running over: repeat its heading
                heading = block.continued()
                page.blocks.append(heading)
                used += heading.height + gap
        page.blocks.append(block)
        used += block.height + gap
    if page is not None:
        yield page


def _no_widows(pages: Iterable[Page], body_height: float, gap: float) -> Iterator[Page]:
    """No page left holding a single block after its headings (a lonely strip or legend at
    the end of a side): the section that started last on the page before moves over to
    join it, heading and all, when it fits. Each page is settled against the one before it
    (as that one was left) and the tag of the one after."""
    it = iter(pages)
    before = next(it, None)
    if before is None:
        return
    page = next(it, None)
    while page is not None:
        after = next(it, None)
        _widow(before, page, after, body_height, gap)
        yield before
        before, page = page, after
    yield before


def _widow(before: Page, page: Page, after: Page | None, body_height: float,
           gap: float) -> None:
    """Move the last section of `before` onto `page` if `page` would hold it lonely."""
    last_of_tag = after is None or after.tag != page.tag
    content = [b for b in page.blocks if not b.keep_with_next]
    if not last_of_tag or before.tag != page.tag or len(content) != 1:
        return
    starts = [k for k, b in enumerate(before.blocks) if b.keep_with_next]
    if not starts or starts[-1] == 0:
        return
    moved = before.blocks[starts[-1]:]
    rest = page.blocks[1:] if page.blocks[0].keep_with_next else page.blocks
    blocks = moved + rest
    if sum(b.height for b in blocks) + gap * len(blocks) > body_height:
        return
    before.blocks = before.blocks[:starts[-1]]
    page.blocks = blocks


class Pages:
    """A book's pages made as they are drawn: how many there are (every header says "page x
    of y"), counted in a first pass that let each page go, and the pages again, made anew
    from `make` as they are asked for."""

    def __init__(self, make: Callable[[], Iterator[Page]], count: int) -> None:
        self._make, self._count = make, count

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Page]:
        return self._make()


PAD = 2.0    # room in a separator's form below its line (a form clips to its box)


def _separator(doc: Document, layout: Layout, kind: str, x: float, y: float,
               width: float) -> None:
    """The dashed fold or cut line with its word: one form per kind and width."""

    def draw(c: Canvas) -> None:
        c.setStrokeColor(layout.colour("page.fold_colour"))
        c.setLineWidth(layout.length("page.fold_width"))
        dash = layout.length("page.fold_dash")
        c.setDash(dash, dash)
        c.line(0, PAD, width, PAD)
        c.setFillColor(layout.colour("page.fold_colour"))
        c.setFont("DejaVuSans", layout.length("page.label_size"))
        text = "\u2702 cut" if kind == "cut" else "fold"
        c.drawRightString(width, PAD + 1.5, text)

    size = layout.length("page.label_size")
    name = doc.form(f"{kind}line{width:.2f}", width + 1, 2 * PAD + 1.5 + 2 * size, draw)
    doc.place(name, x, y - PAD)


def compose(doc: Document, layout: Layout, info: HeaderInfo, pages: list[Page] | Pages,
            progress: Callable[[Iterable[Page]], Iterator[Page]] | None = None) -> None:
    """Draw every page: header, then its blocks with their separators."""
    margin = layout.length("page.margin")
    gap = layout.length("page.gap")
    width = doc.width - 2 * margin
    count = len(pages)
    for number, page in enumerate(progress(pages) if progress else pages, start=1):
        y = draw_header(doc, layout, info, page.tag, number, count)
        for i, block in enumerate(page.blocks):
            block.draw(doc, margin, y, width)
            y -= block.height
            if block.line_after and i + 1 < len(page.blocks):
                _separator(doc, layout, block.line_after, margin, y - gap / 2, width)
            y -= gap
        doc.show_page()


def body_height(layout: Layout, page_height: float) -> float:
    margin = layout.length("page.margin")
    return page_height - 2 * margin - layout.length("header.height") - BODY_GAP
