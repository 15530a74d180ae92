"""A passage's written cards against the play book (a record with a Seed), and against the
single pack (every record): pure functions the verifier's step calls.

- :func:`read_book` reads each written card against the deck of the side whose deal it is;
  after a wrong card it reads on from where the written card is (a card left out, the
  dealer's card left out, a shuffle not written) or takes the book's card for the written
  one, so one slip is one finding (CG-CARD-001).
- :func:`jumps` finds where else in the book a passage's cards are, each side's written
  cards in a row: the record left a passage or a shuffle out before this line, or wrote a
  passage twice. The step offers the book read from there as another reading, so the walk
  realigns on the written cards after one finding instead of losing its place.
- :func:`deal_out` keeps the cards out of their half packs: "A single pack of playing cards
  is used", so a card dealt again before the cards go back is CG-CARD-002 (G14).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product

from printkit_engine.cardgrid import deal as decks_
from printkit_engine.cardgrid.deal import HALF, Decks, Shuffles, Split
from printkit_engine.cardgrid.passage import Passage, dealer, fg_option
from printkit_engine.cardgrid.passage import step as play
from printkit_engine.cardgrid.rules import Rules
from printkit_engine.findings import Finding

MAX_MISSING = 3        # cards a line may leave out at its end and still be read on the book
MAX_JUMPS = 6          # other places in the book a passage's cards are tried from

Out = frozenset[tuple[str, int]]      # the cards out of their half packs, each with its line


@dataclass(frozen=True)
class Table:
    """What the cards are read against: the play book's shuffles (None without a Seed) and
    the table's split of the pack."""

    shuffles: Shuffles | None
    split: Split
    rules: Rules


@dataclass(frozen=True)
class Book:
    """The written cards against the play book: the decks after them, CG-CARD-001 findings
    (with the index of the written card each is about), and the cards the book says were
    dealt (a wrong card read as the book's, a card left out put back), with their field-goal
    marks."""

    decks: Decks | None
    findings: tuple[tuple[int, Finding], ...] = ()
    cards: tuple[str, ...] = ()
    marks: tuple[bool, ...] = ()
    missing: tuple[str, ...] = ()            # the book's cards that end a line stopping short
    decks_on: Decks | None = None            # the decks after those
    # where the book reads the written cards as written (the line's cards and marks): the
    # passage they start from and the passage after each card the engine played, so the
    # step's replay of the written cards (steps._replay) need not play them again
    passages: tuple[Passage, ...] = field(default=(), compare=False, repr=False)


def _fits(decks: Decks, later: str | None, table: Table) -> bool:
    """A reading of the book fits the line if the next card the line shows from the same half
    pack is the book's next card there (or the line shows none)."""
    assert table.shuffles is not None
    return later is None or decks_.peek(decks, table.split.owner(later), table.shuffles) == later


def _book_card(decks: Decks, card: str, deals: str, line: int, table: Table,
               rest: Sequence[str] = (), out: bool = False
               ) -> tuple[Decks, Finding | None, list[str]]:
    """One card against the dealer's play book (CG-CARD-001): the decks after it and the
    cards the book says were dealt. After a wrong card the book is read on from where the
    written card is: the card after the expected one (one left out), the other side's next
    card (the dealer's card left out), the first of the next shuffle (a shuffle not written);
    else, and always for a card that is `out` of its half pack (no place in the book deals
    it now), the book's card stands for the written one. So one slip is one finding.
    `rest`: the line's cards after this one (a reading fits if the next of them from the
    same half pack is the book's next there; looked at only after a wrong card)."""
    get = table.shuffles
    assert get is not None
    k, pos = decks.at(deals)
    want, after = decks_.deal(decks, deals, get)
    if want == card:
        return after, None, [card]
    return _wrong_card(decks, card, deals, line, table, rest, out, want, after)


def _wrong_card(decks: Decks, card: str, deals: str, line: int, table: Table,
                rest: Sequence[str], out: bool, want: str, after: Decks
                ) -> tuple[Decks, Finding | None, list[str]]:
    """:func:`_book_card` where the written card is not the book's (`want`)."""
    get = table.shuffles
    assert get is not None
    k, pos = decks.at(deals)
    where = f"the play book's {decks_.LABELS[deals]} shuffle {k} (card {pos % HALF + 1})"
    if out:
        return after, Finding(line, "CG-CARD-001", f"not the next card of {where}", want,
                              card), [want]
    owner = table.split.owner(card)
    later = next((c for c in rest if table.split.owner(c) == deals), None)
    fresh = decks_.reshuffle(decks, deals)
    other_side = decks_.deal(after, owner, get)[1] if owner != deals else None
    skipped = decks_.deal(after, deals, get)[1]
    reshuffled = decks_.deal(fresh, deals, get)[1]
    if other_side and decks_.peek(after, owner, get) == card and _fits(other_side, later, table):
        after, why, meant = other_side, f"; {want} left out?", [want, card]
    elif owner != deals:
        why, meant = "", [want]
    elif decks_.peek(after, deals, get) == card and _fits(skipped, later, table):
        after, why, meant = skipped, f"; {want} left out?", [want, card]
    elif decks_.peek(fresh, deals, get) == card and _fits(reshuffled, later, table):
        after, meant = reshuffled, [card]
        why = f"; it opens shuffle {k + 1}: a shuffle not written?"
    else:
        why, meant = "", [want]
    return after, Finding(line, "CG-CARD-001", f"not the next card of {where}{why}", want,
                          card), meant


def read_book(decks: Decks | None, cards: tuple[str, ...], marks: tuple[bool, ...],
              first: Passage, line: int, table: Table, out: frozenset[int] = frozenset(),
              take: bool = False) -> Book:
    """The written cards against the play book, each against the deck of the side whose deal
    it is (the engine says, reading the book's cards from `first`); `out`: the indices of
    written cards that were out of their half packs; `take`: a book's card standing for a
    written one takes the field-goal option where it has one (the written card was the
    field goal, its mark gone with it)."""
    get = table.shuffles
    if decks is None or get is None:
        return Book(decks, (), cards, marks)
    rules = table.rules
    found: list[tuple[int, Finding]] = []
    meant_cards: list[str] = []
    meant_marks: list[bool] = []
    p = first
    passages = [first]
    # each side's shuffle and place, home's first, kept here card by card (a Decks is made
    # where a wrong card needs one, and at the end)
    ks, at = list(decks.k), list(decks.pos)
    owner = table.split.owner
    for i, (card, marked) in enumerate(zip(cards, marks, strict=True)):
        deals = owner(card) if p.outcome is not None else dealer(p)
        side = 1 if deals == "A" else 0
        shuffle = get(deals, ks[side])
        if shuffle[at[side] % len(shuffle)] == card:
            # the book's card (nearly every card): the deck moves on, the passage plays it
            at[side] += 1
            meant_cards.append(card)
            meant_marks.append(marked)
            if p.outcome is None:
                p = play(p, card, rules, fg=marked)
                passages.append(p)
            continue
        decks, finding, meant = _book_card(Decks((ks[0], ks[1]), (at[0], at[1])), card, deals,
                                           line, table, cards[i + 1:], i in out)
        ks, at = list(decks.k), list(decks.pos)
        if finding is not None:
            found.append((i, finding))
        for n, c in enumerate(meant, start=1):
            mark = marked if n == len(meant) else False
            if take and c != card and not p.over and fg_option(p, c, rules):
                mark = True
            meant_cards.append(c)
            meant_marks.append(mark)
            if not p.over:
                p = play(p, c, rules, fg=mark)
                passages.append(p)
    decks = Decks((ks[0], ks[1]), (at[0], at[1]))
    as_written = tuple(meant_cards) == cards and tuple(meant_marks) == marks
    missing: list[str] = []
    decks_on = decks
    while not p.over and len(missing) < MAX_MISSING:   # the line stops short: does the book end it?
        card, decks_on = decks_.deal(decks_on, dealer(p), get)
        missing.append(card)
        p = play(p, card, rules)
    return Book(decks, tuple(found), tuple(meant_cards), tuple(meant_marks), tuple(missing),
                decks_on, tuple(passages) if as_written else ())


# -- another place in the book ---------------------------------------------------------------
@dataclass(frozen=True)
class Jump:
    """The book read from elsewhere: the decks the passage's cards start from, what the
    record probably did, whether cards were left out before (a passage may be missing, so
    its points may be in the next running total), and how far-fetched it is (lower first)."""

    decks: Decks
    why: str
    forward: bool
    cost: int


def _in_a_row(shuffle: Sequence[str], cards: list[str]) -> int | None:
    """Where `cards` stand one after another in a shuffle (wrapping to its start), if they
    do."""
    if cards[0] not in shuffle:
        return None
    at = shuffle.index(cards[0])
    n = len(shuffle)
    return at if all(shuffle[(at + i) % n] == c for i, c in enumerate(cards)) else None


def _places(decks: Decks, side: str, cards: list[str], get: Shuffles) -> list[Move]:
    """Where one side's written cards stand in a row: further on in its shuffle (cards left
    out, wrapping to the shuffle's start as the book does), back in it (cards written
    again), or in the next shuffle or the one before."""
    k, pos = decks.at(side)
    here = pos % HALF
    out = []
    for kk in (k, k + 1, k - 1):
        if kk < 1:
            continue
        at = _in_a_row(get(side, kk), cards)
        if at is None or (kk == k and at == here):
            continue
        if kk != k:
            out.append(Move(side, k, kk, at, kk > k))
            continue
        out.append(Move(side, k, k, pos + (at - here) % HALF, True))
        if at < here:
            out.append(Move(side, k, k, pos - (here - at), False))
    return out


@dataclass(frozen=True)
class Move:
    """One side's deck read from elsewhere: from shuffle `k0` to shuffle `k`, position
    `pos`; `forward` when cards were left out on the way."""

    side: str
    k0: int
    k: int
    pos: int
    forward: bool

    @property
    def cost(self) -> int:
        """How far-fetched (lower first): cards left out, a shuffle not written, then a
        shuffle not taken or cards written again."""
        if self.k == self.k0:
            return 1 if self.forward else 3
        return 2 if self.k > self.k0 else 3

    @property
    def why(self) -> str:
        if self.k > self.k0:
            return "a shuffle not written"
        if self.k < self.k0:
            return "a shuffle written that was not taken"
        return "a passage left out before this one" if self.forward else \
            "a passage written twice"


def jumps(decks: Decks, cards: tuple[str, ...], table: Table) -> list[Jump]:
    """The other places in the book this passage's cards may come from: each side's written
    cards one after another in its current shuffle, the next one or the one before, most
    likely first. A side that moves nowhere stays where it is."""
    get = table.shuffles
    assert get is not None
    options: list[list[Move | None]] = []
    for side in "HA":
        mine = [c for c in cards if table.split.owner(c) == side]
        if mine:
            options.append([None, *_places(decks, side, mine, get)])
    found: list[Jump] = []
    for combo in product(*options):
        moves = [m for m in combo if m is not None]
        if not moves:
            continue
        moved = decks
        for m in moves:
            moved = moved.moved(m.side, m.k, m.pos)
        why = " or ".join(sorted({m.why for m in moves})) + "?"
        found.append(Jump(moved, why, all(m.forward for m in moves),
                          sum(m.cost for m in moves)))
    found.sort(key=lambda j: j.cost)
    return found[:MAX_JUMPS]


def follows(decks: Decks, cards: tuple[str, ...], table: Table) -> Decks | None:
    """The decks after `cards` if each side's written cards are the book's next ones from
    `decks` (whoever dealt them: the engine's replay says that), else None."""
    get = table.shuffles
    assert get is not None
    for side in "HA":
        mine = [c for c in cards if table.split.owner(c) == side]
        k, pos = decks.at(side)
        shuffle = get(side, k)
        if any(shuffle[(pos + i) % len(shuffle)] != c for i, c in enumerate(mine)):
            return None
        decks = decks.moved(side, k, pos + len(mine))
    return decks


def jump_finding(decks: Decks, jump: Jump, cards: tuple[str, ...], line: int,
                 table: Table) -> Finding:
    """The one finding of a passage read from elsewhere in the book: the first written card
    that is not where the record was, and where the book has it."""
    get = table.shuffles
    assert get is not None
    card = next(c for c in cards if jump.decks.at(table.split.owner(c)) !=
                decks.at(table.split.owner(c)))
    side = table.split.owner(card)
    k, pos = decks.at(side)
    jk, jpos = jump.decks.at(side)
    label = decks_.LABELS[side]
    return Finding(line, "CG-CARD-001",
                   f"not the next card of the play book's {label} shuffle {k} (card "
                   f"{pos % HALF + 1}); the passage's cards follow the book from {label} "
                   f"shuffle {jk} card {jpos % HALF + 1}: {jump.why}",
                   decks_.peek(decks, side, get), card)


# -- the single pack -------------------------------------------------------------------------
def deal_out(out: Out, cards: tuple[str, ...], line: int, split: Split
             ) -> tuple[Out, tuple[tuple[int, Finding], ...]]:
    """The cards out after a passage's written cards, and CG-CARD-002 for a card dealt while
    it is out (with the index of the card). A side whose every card is out takes them back
    before it deals again (G14: the play book's wrap). The set is read into a look-up by card
    once, not searched at every card (each card is out once: this function and `returned`
    make every set of cards out)."""
    found = []
    lines = dict(out)                     # card -> the line it was dealt on
    assert len(lines) == len(out), "a card out twice"
    owners = split.owners                 # suit -> side
    changed = False
    for i, card in enumerate(cards):
        side = owners[card[-1]]
        if len(lines) >= HALF and sum(owners[c[-1]] == side for c in lines) >= HALF:
            out = frozenset(x for x in _out(out, lines, changed) if owners[x[0][-1]] != side)
            lines, changed = dict(out), False
        was = lines.get(card)
        if was is None:
            lines[card] = line
            changed = True
            continue
        where = "earlier in this passage" if was == line else f"on line {was}"
        found.append((i, Finding(line, "CG-CARD-002", f"{card} is out of its half pack: dealt "
                                 f"{where}, and the cards have not gone back since (a single "
                                 "pack: each card once)", "a card still in the half pack",
                                 card)))
    return _out(out, lines, changed), tuple(found)


def _out(out: Out, lines: dict[str, int], changed: bool) -> Out:
    """The cards out as a set again (the same set when no card was added)."""
    return frozenset(lines.items()) if changed else out


def returned(out: Out, side: str | None, split: Split) -> Out:
    """The cards out after a side's cards go back (None: both sides', a change of
    possession)."""
    if side is None:
        return frozenset()
    return frozenset(x for x in out if split.owner(x[0]) != side)
