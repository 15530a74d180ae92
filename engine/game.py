"""A game as one object: what the rest of printkit asks of a game, in one place.

Each game package exports one :class:`Game` (``engine/<game>/game.py: GAME``) and
engine/registry.py lists them. Commands, play books and read-back look a game up there and
never branch on its id, so a new game is a new package plus one registry line.

Parts that pull in a game's whole engine (verifier, bots) are :class:`Lazy` references:
listing games or printing a play book never imports a rules engine it does not use.
"""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from printkit_engine.draws import Stream

T = TypeVar("T")

if TYPE_CHECKING:
    from pathlib import Path

    from printkit_engine.findings import Report
    from printkit_engine.rulesdata import Ranges

SIDES = ("home", "away")
LENGTH_TAG = "Length"         # the record tag naming one of a game's lengths (Game.lengths)
PLAYERS_TAG = "Players"       # the record tag naming a table's size (BookScheme.players)


class Lazy:
    """A function named as ``"package.module:name"``, imported on first call."""

    def __init__(self, target: str) -> None:
        self.target = target
        self._fn: Callable[..., Any] | None = None

    def resolve(self) -> Callable[..., Any]:
        if self._fn is None:
            module, _, name = self.target.partition(":")
            self._fn = getattr(importlib.import_module(module), name)
        return self._fn

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.resolve()(*args, **kwargs)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.target!r})"


class PerRules(Generic[T]):
    """`build(rules)` kept per rules object: rules data is immutable once loaded and
    unhashable (it holds dicts), so results are keyed by its identity and the rules held
    while cached; a few rules objects at most are kept (the oldest let go)."""

    KEEP = 4

    def __init__(self, build: Callable[[Any], T]) -> None:
        self.build = build
        self._kept: dict[int, tuple[Any, T]] = {}

    def __call__(self, rules: Any = None) -> T:
        hit = self._kept.get(id(rules))
        if hit is None or hit[0] is not rules:
            if len(self._kept) >= self.KEEP:
                self._kept.pop(next(iter(self._kept)))
            hit = self._kept[id(rules)] = (rules, self.build(rules))
        return hit[1]


class LazyPerRules(Lazy):
    """A Lazy whose result is kept per rules object (`PerRules`): odds tables are exact sums
    over every roll (PostCard's take 0.15 s), and a classroom pack asks for them once per
    reference card, so the tables of one rules object are computed once (each caller gets
    its own copy of the list)."""

    def __init__(self, target: str) -> None:
        super().__init__(target)
        self._kept: PerRules[list] = PerRules(lambda rules: list(self.resolve()(rules)))

    def __call__(self, rules: Any = None) -> list:
        return list(self._kept(rules))


def nfc(seed: str) -> str:
    """Seeds are Unicode NFC (docs/draws.md): one seed typed on two keyboards is one book."""
    return unicodedata.normalize("NFC", seed)


class BookSpec(Protocol):
    """What a scheme is asked about (printkit_engine.playbook.BookSpec: the one implementation)."""

    @property
    def seed(self) -> str: ...
    @property
    def plays(self) -> int: ...
    @property
    def players(self) -> int | None: ...


@dataclass(frozen=True)
class Source:
    """Where a game comes from: printed in docs, `printkit list` and on every sheet's footer."""

    title: str
    author: str
    edition: str
    where: str

    @property
    def line(self) -> str:
        return f"{self.title} by {self.author} ({self.edition}); {self.where}"


@dataclass(frozen=True)
class Section:
    """How one stream is shown in a play book: which side's pages, the heading it sits under
    and the short code a record cites it by."""

    side: str          # "home", "away", or "" for a stream of no side
    heading: str
    cite: str


@dataclass(frozen=True)
class Players:
    """A player-count option of a book (Luck of the Draw deals differ per player count)."""

    low: int
    high: int
    default: int


@dataclass(frozen=True)
class BookScheme:
    """A game's play book: its streams, what each shuffles, counts and their defaults.

    `items(spec, label)` is None for a dice stream (`dice_per_play` d6 per counted play),
    else the cards the stream shuffles in canonical order. Verifiers and bots take their
    streams from here (:meth:`stream`, :meth:`draw`), never by building them, so a record is
    always checked against the very draws a printed book shows.
    """

    game: str
    kind: str                                           # "dice", "cards" or "deal"
    labels: Callable[[BookSpec], list[str]]
    items: Callable[[BookSpec, str], Sequence[str] | None]
    section: Callable[[str], Section]
    describe: Callable[[BookSpec], str]                 # the header's one-line summary
    default_count: int
    count_name: str = "plays"
    count_help: str = ""
    dice_per_play: int | None = None
    players: Players | None = None
    deal: Callable[..., Any] | None = None              # kind "deal": cut a stream into hands
    # what the codes a book prints mean: () -> [(codes, meaning)], printed with each side
    legend: Callable[[], Sequence[tuple[str, str]]] | None = None
    # how to use the book without peeking, printed in every page's header; every game has
    # its own (what a record cites, how the book is folded), so it is required, not a default
    howto: str = ""

    def __post_init__(self) -> None:
        """A book with no how-to text fails when the game's package is imported: the header
        has no generic text to fall back to (a wrong one would tell players to cite wrongly)."""
        if not self.howto.strip():
            raise ValueError(f"game {self.game!r}: its play book has no how-to text "
                             "(BookScheme.howto, printed in every page's header)")

    def stream(self, seed: str, label: str) -> Stream:
        """The labelled draw stream of a seed (seed NFC-normalised)."""
        return Stream(self.game, nfc(seed), label)

    def draw(self, spec: BookSpec, label: str) -> list:
        """Every draw of one label as the book prints it."""
        stream = self.stream(spec.seed, label)
        items = self.items(spec, label)
        if items is None:
            return stream.dice(spec.plays * (self.dice_per_play or 1))
        return stream.shuffle(items)


@dataclass(frozen=True)
class Bots:
    """Seeded players: `play(seed, rules, date)` returns a record whose `.text()` is written;
    `seed_of(seed, k)` names game k of a run (it is that game's play-book seed). `stats(text)`
    reads a written record back into a printkit_engine.odds.GameStats (`printkit odds --simulate`);
    `claims(stats, seed)` tables the rules' own claims about a whole game beside the figures
    of the simulated games (a printkit_engine.odds.OddsTable), for a game whose rules make some."""

    play: Callable[..., Any]
    seed_of: Callable[[str, int], str]
    stats: Callable[[str], Any] | None = None
    claims: Callable[[Any, str], Any] | None = None
    # the slips a student makes writing the game down (engine/slips.py: Slip), which
    # `simulate --slips N` plants in the bots' records for a rehearsal of the audit
    slips: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Game:
    """One game: identity, source, rules, play book, records (reader, verifier) and bots."""

    id: str
    title: str
    blurb: str                   # what it is played with, for `printkit list`
    source: Source
    book: BookScheme
    load_rules: Callable[[Path | None], Any] | None = None
    verify: Callable[[str, str, Any], Report] | None = None    # verify_text(text, file, rules)
    detect: Callable[[str], bool] | None = None     # an untagged record in this game's notation?
    bots: Bots | None = None
    odds: Callable[[Any], list] | None = None       # tables(rules) -> list[odds.OddsTable]
    answers: Callable[[BookSpec], list[str]] | None = None  # a book's "what happens" lines
    bubbles: Callable[..., Any] | None = None       # grammar() -> bubbles.Grammar
    decisions: Callable[..., Any] | None = None     # decision_log(rules) -> the game's
                                                    # decisions.DecisionLog (issue 31)
    # the ranges a rules file is checked against (engine/<game>/ranges.py): required with
    # load_rules, so a player's rules file is never read unchecked
    ranges: Ranges | None = None
    # the game lengths its rules know (a quarter, halves, a whole game): a record's Length
    # tag names one, and a blank bubble sheet's code carries the one a class plays
    # (`render --length`, `classroom --length`) so a short game is read as short
    lengths: Callable[[Any], tuple[str, ...]] | None = None
    # how much of a whole game one of those lengths is (a quarter: 0.25): a class pack of a
    # short game prints blank sheets for that much of a game, not for a whole one
    length_share: Callable[[Any, str], float] | None = None

    def __post_init__(self) -> None:
        """A game missing a piece it needs fails here, when its package is imported, naming
        the game and the piece: never later, and never with another game's piece."""
        if self.book.game != self.id:
            raise ValueError(f"game {self.id!r}: its book scheme is for {self.book.game!r}")
        if self.load_rules is not None and self.ranges is None:
            raise ValueError(f"game {self.id!r}: it has rules data (load_rules) but no rules "
                             "ranges (Game.ranges, from the game's package)")
        if self.ranges is not None and self.ranges.game != self.id:
            raise ValueError(f"game {self.id!r}: its rules ranges are {self.ranges.game!r}'s")
        if (self.lengths is None) != (self.length_share is None):
            raise ValueError(f"game {self.id!r}: game lengths (lengths) and how much of a "
                             "game each is (length_share) come together")
        if self.lengths is not None and self.load_rules is None:
            raise ValueError(f"game {self.id!r}: it has game lengths but no rules data "
                             "(load_rules) to read them from")

    def rules(self, user_file: Path | None = None) -> Any:
        """The game's rules data (shipped, or with a player's file laid over it)."""
        if self.load_rules is None:
            raise ValueError(f"{self.id} has no rules data file")
        return self.load_rules(user_file)
