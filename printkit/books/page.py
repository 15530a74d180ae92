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
    repeated: bool = False        # its first block is a running section's heading, repeated


def paginate(blocks: list[tuple[str, Block]], body_height: float, gap: float) -> list[Page]:
    """Greedy top-to-bottom filling; (tag, block) pairs, tag shown on the block's page."""
    return list(each_page(blocks, body_height, gap))


def each_page(blocks: Iterable[tuple[str, Block]], body_height: float,
              gap: float) -> Iterator[Page]:
    """paginate's pages one at a time, from blocks made one at a time: a page is handed on
    once the pages after it are filled (what moving a widow and evening out a side's last
    pages need), so a long book holds a few pages' blocks, not its own (issue 28)."""
    return _settled(_filled(blocks, body_height, gap), body_height, gap)


def _filled(blocks: Iterable[tuple[str, Block]], body_height: float, gap: float,
            room: float | None = None) -> Iterator[Page]:
    """Greedy filling, each page handed on when the next block does not fit on it; `room`,
    if given, is how much of each page's body may be filled (evening out pages)."""
    room = body_height if room is None else room
    page: Page | None = None
    used = room + 1.0    # forces a first page
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
        if block.new_page or page is None or used + need > room or page.tag != tag:
            if page is not None:
                yield page
            page = Page(tag)
            used = 0.0
            if block.continued is not None:     # a section running over: repeat its heading
                heading = block.continued()
                page.blocks.append(heading)
                page.repeated = True
                used += heading.height + gap
        page.blocks.append(block)
        used += block.height + gap
    if page is not None:
        yield page


EVEN_PAGES = 3        # a side's last pages shared out evenly, at most this many
FULL_ENOUGH = 0.6     # a side's last page used at least this much of its body is left as is


def _settled(pages: Iterable[Page], body_height: float, gap: float) -> Iterator[Page]:
    """No page left holding a single block after its headings (a lonely strip or legend at
    the end of a side): the section that started last on the page before moves over to
    join it, heading and all, when it fits (_widow). And no side's last page left mostly
    blank (the tail of a side, a cheat sheet alone, issue 30): the blocks of the side's
    last pages are shared out evenly between them, in the same order (_even). Each page is
    settled once the page after it is known (is it the last of its side?); the pages before
    it are held until then, a few pages' blocks at a time."""
    held: list[Page] = []
    for after in pages:
        if held:
            _settle(held, after, body_height, gap)
        held.append(after)
        while len(held) > EVEN_PAGES:
            yield held.pop(0)
    if held:
        _settle(held, None, body_height, gap)
    yield from held


def _settle(held: list[Page], after: Page | None, body_height: float, gap: float) -> None:
    """Settle the last held page against the one before it and the one `after` it."""
    page = held[-1]
    if len(held) > 1:
        _widow(held[-2], page, after, body_height, gap)
    if after is None or after.tag != page.tag:
        side: list[Page] = []
        for held_page in reversed(held[-EVEN_PAGES:]):    # the side's last pages held
            if held_page.tag != page.tag:
                break
            side.insert(0, held_page)
        _even(side, body_height, gap)


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
    page.repeated = False


def used_height(blocks: list[Block], gap: float) -> float:
    """The height a page's blocks take, with the gaps between them."""
    return sum(b.height for b in blocks) + gap * max(len(blocks) - 1, 0)


def _even(side: list[Page], body_height: float, gap: float) -> None:
    """A side's last page less than FULL_ENOUGH used (issue 30: a side's last shuffle, the
    Luck of the Draw cheat sheet, alone on a page): the blocks of the side's last two or
    more pages (`side`, at most EVEN_PAGES) are laid out again, in the same order, on as
    many pages, each given the least room that still needs no more pages; of these, the
    one whose emptiest page is fullest is kept, and nothing changes where none does
    better."""
    if len(side) < 2 or used_height(side[-1].blocks, gap) >= FULL_ENOUGH * body_height:
        return
    best: tuple[int, list[Page]] | None = None
    best_low = min(used_height(p.blocks, gap) for p in side) + 0.01
    for first in range(len(side) - 1):
        pages = _evened(side[first:], body_height, gap)
        if pages is None:
            continue
        low = min(used_height(p.blocks, gap) for p in side[:first] + pages)
        if low > best_low:
            best, best_low = (first, pages), low
    if best is None:
        return
    first, pages = best
    for page, even in zip(side[first:], pages, strict=True):
        page.blocks = even.blocks
        if page is not side[first]:      # the first keeps the heading it may begin with
            page.repeated = even.repeated


def _evened(pages: list[Page], body_height: float, gap: float) -> list[Page] | None:
    """The pages' blocks laid out on as many pages, each given the least room that keeps
    the page count (None if they cannot be)."""
    blocks = list(pages[0].blocks)
    for page in pages[1:]:
        blocks += page.blocks[1:] if page.repeated else page.blocks

    def laid(room: float) -> list[Page]:
        return list(_filled((("", b) for b in blocks), body_height, gap, room))

    low, high = used_height(blocks, gap) / len(pages), body_height
    if len(laid(high)) != len(pages):
        return None
    for _ in range(20):                  # the least room that keeps the page count
        middle = (low + high) / 2
        if len(laid(middle)) == len(pages):
            high = middle
        else:
            low = middle
    even = laid(high)
    return even if len(even) == len(pages) else None


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
