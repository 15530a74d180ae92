"""Page order for duplex printing: which pages share a sheet, and where a blank back goes.

Printed on both sides, pages 1 and 2 are one sheet, 3 and 4 the next, and so on. A pack is
right when a two-sided item (a reference card: front and back) lies on one sheet, when two
things used at the same time (a board and its drive log, a field and its score sheet, a field
and the markers cut out beside it) are never the two sides of one sheet, when nothing is
printed on the back of what is cut out, and when each match starts on a front. What is used
with what is data: each printable says it (:class:`printkit.sheets.Printable`: ``sides``,
``parts``, ``cut``, ``used_with``); this module only imposes it.

The rule goes page by page and never looks ahead (:class:`Sheets`), so a renderer drawing
pages as it goes (a classroom pack, streamed to its file) and :func:`duplex_order` on a list
give the same order. The items keep their order; only blank backs are put in. Without duplex
(one-sided printers) the order is the items' pages as they are, with no blanks.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Generic, TypeVar

if TYPE_CHECKING:
    from printkit.sheets import Printable

P = TypeVar("P")
BOOK = "playbook"       # a play book's parts: "playbook", or one a side: "playbook HOME", ...


class _Blank:
    """A blank back (one object: ``page is BLANK``)."""

    _instance: _Blank | None = None

    def __new__(cls) -> _Blank:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "BLANK"


BLANK: Final = _Blank()


@dataclass(frozen=True)
class Part:
    """A run of pages read in order as one thing: a drive log's sheets, a reference card's two
    sides, one team's play book. Its own pages may back each other (a drive log's second page
    on the back of its first is read after it); another part's may not when either names the
    other in `used_with`.

    name: what it is ("board", "markers", "playbook HOME"); sides: 2 when its pages are the
    front and back of cards (page 1 on a front, page 2 on its back, ...); cut: it is cut out,
    so nothing else is printed on its sheet; used_with: names of parts used at the same
    time as this one (either part naming the other is enough; a name names the parts whose
    first word it is: "playbook" names "playbook HOME" and "playbook AWAY")."""

    name: str
    sides: int = 1
    cut: bool = False
    used_with: frozenset[str] = frozenset()

    def clashes(self, other: Part) -> bool:
        """May this part and `other` not be the two sides of one sheet?"""
        if other == self:
            return False
        return (self.cut or other.cut or _names(self.used_with, other.name)
                or _names(other.used_with, self.name))


def _names(names: frozenset[str], part: str) -> bool:
    """Does `names` name the part: its own name, or the first word of it ("playbook" names
    "playbook HOME", each side of a play book)?"""
    return part in names or part.split(" ", 1)[0] in names


@dataclass(frozen=True)
class Item(Generic[P]):
    """One part's pages (whatever the caller places: page numbers, forms, names)."""

    part: Part
    pages: Sequence[P]


@dataclass
class Sheets:
    """The rule, one page at a time: how many blanks go before the next page, and after an
    item. State: pages placed so far (their parity says front or back) and the part on the
    open sheet's front."""

    duplex: bool = True
    placed: int = 0
    front: Part | None = field(default=None)

    @property
    def on_back(self) -> bool:
        """Would the next page be printed on the back of a sheet?"""
        return self.duplex and self.placed % 2 == 1

    def before(self, part: Part, index: int) -> int:
        """Blanks to put in before page `index` (0-based) of `part` (0 or 1); records the page
        as placed after them."""
        blanks = 0
        if self.on_back:
            starts_card = part.sides == 2 and index % part.sides == 0
            if starts_card or (self.front is not None and part.clashes(self.front)):
                blanks = 1
        self.placed += blanks + 1
        self.front = part if self.placed % 2 == 1 else None
        return blanks

    def after(self, part: Part, count: int) -> int:
        """Blanks to put in after the last of `count` pages of `part`: a two-sided part of an
        odd page count keeps its last card's back blank."""
        if self.on_back and count and part.sides == 2:
            self.placed += 1
            self.front = None
            return 1
        return 0

    def end(self) -> int:
        """Blanks to put in so that what follows (the next match) starts on a front."""
        if self.on_back:
            self.placed += 1
            self.front = None
            return 1
        return 0


def duplex_order(items: Sequence[Item[P]], duplex: bool = True) -> list[P | _Blank]:
    """The items' pages in print order with :data:`BLANK` backs where the rule needs one
    (module docstring); the result is always an even number of pages when `duplex`, so
    another run of items appended starts on a front. ``duplex=False``: the pages as they are."""
    sheets = Sheets(duplex)
    out: list[P | _Blank] = []
    for item in items:
        for index, page in enumerate(item.pages):
            out += [BLANK] * sheets.before(item.part, index)
            out.append(page)
        out += [BLANK] * sheets.after(item.part, len(item.pages))
    out += [BLANK] * sheets.end()
    return out


def page_parts(p: Printable, count: int) -> list[tuple[Part, int]]:
    """Each of a printable's `count` pages as (its part, its index in that part), from the
    printable's data (sides, parts, cut, used_with)."""
    out: list[tuple[Part, int]] = []
    for page in range(count):
        name = p.part_of(page)
        part = Part(name, p.sides, name in p.cut, frozenset(p.used_with))
        index = out[-1][1] + 1 if out and out[-1][0] == part else 0
        out.append((part, index))
    return out


def book_part(tag: str) -> Part:
    """The part of a play-book page with this side tag ("HOME", "AWAY"; "" for a book of no
    sides): each side is held by its own team, so the two sides never back each other."""
    return Part(f"{BOOK} {tag}".strip(), used_with=frozenset({BOOK}))


def sheet_pairs(order: Sequence[Hashable]) -> list[tuple[Hashable, Hashable | None]]:
    """The order as sheets: (front, back) pairs, the last back None on an odd count."""
    return [(order[i], order[i + 1] if i + 1 < len(order) else None)
            for i in range(0, len(order), 2)]
