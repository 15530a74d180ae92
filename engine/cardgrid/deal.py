"""Where each side's next card comes from: the play book's numbered shuffles (G2), and whose
half pack a card is in (G1, the table's split).

Each side reads its shuffle K (`home/K`, `away/K` via the game's BookScheme) from where it
left off, wrapping to the shuffle's start ("returned to the bottom of their respective half
pack"); a shuffle a player chooses moves that side to shuffle K + 1 from its first card. The
bots, the verifier and the play book's answers all deal through :func:`deal`.

The play book prints the default split (home clubs + hearts). A table that split its pack
another way reads the printed book with its own suits (G1): the book's clubs are its home
black suit, hearts its home red suit, and so on; :class:`Split` does that reading, so a
seeded record of such a table is checked against the same book.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from printkit_engine.cards import is_red, rank, suit
from printkit_engine.frozen import fast_init

LABELS = {"H": "home", "A": "away"}
OWNER = {"C": "H", "H": "H", "D": "A", "S": "A"}    # G1: home clubs+hearts, away diamonds+spades
BLACK, RED = ("C", "S"), ("H", "D")
HALF = 26                                          # cards in a half pack

Shuffles = Callable[[str, int], Sequence[str]]


@dataclass(frozen=True)
class Split:
    """The table's half packs (G1): home's black suit and red suit; away has the other two.
    The default is the play book's, clubs + hearts."""

    black: str = "C"
    red: str = "H"

    @property
    def home(self) -> str:
        return self.black + self.red

    def owner(self, card: str) -> str:
        """The side whose half pack holds `card`."""
        return _owners(self.black, self.red)[card[-1]]

    @property
    def owners(self) -> dict[str, str]:
        """Whose half pack each suit is in: `owners[card[-1]]` is `owner(card)`, for a loop
        over many cards (the caller must not change it: it is shared)."""
        return _owners(self.black, self.red)

    def suits(self, side: str) -> str:
        """A side's two suits, black first."""
        if side == "H":
            return self.home
        return _other(BLACK, self.black) + _other(RED, self.red)

    def label(self, side: str) -> str:
        """How a finding names a card of a side's half pack: 'a home card (clubs or
        hearts)', 'an away card (diamonds or spades)'."""
        names = " or ".join(SUIT_NAMES[s] for s in sorted(self.suits(side)))
        return f"{'an' if side == 'A' else 'a'} {LABELS[side]} card ({names})"

    def read(self, card: str) -> str:
        """A card the play book prints (default split) as this table reads it."""
        s = suit(card)
        colour = RED if is_red(card) else BLACK
        mine = self.red if colour is RED else self.black
        printed_home = DEFAULT.red if colour is RED else DEFAULT.black
        return rank(card) + (mine if s == printed_home else _other(colour, mine))


SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


@lru_cache(maxsize=8)
def _owners(black: str, red: str) -> dict[str, str]:
    """Whose half pack each suit is in (a card's suit is its last letter)."""
    return {s: "H" if s in (black, red) else "A" for s in "CDHS"}


def _other(pair: tuple[str, str], one: str) -> str:
    return pair[1] if one == pair[0] else pair[0]


DEFAULT = Split()


def split_of(value: str) -> Split | None:
    """The split a `HomeSuits` tag writes (`CH`, `hs`, `SD`...: home's two suits, one black
    and one red, in any order and case); None for anything else."""
    letters = value.strip().upper()
    if len(letters) != 2:
        return None
    black = [s for s in letters if s in BLACK]
    red = [s for s in letters if s in RED]
    if len(black) != 1 or len(red) != 1:
        return None
    return Split(black[0], red[0])


def owner(card: str, split: Split = DEFAULT) -> str:
    """The side whose half pack holds `card`."""
    return split.owner(card)


def shuffles(seed: str, split: Split = DEFAULT) -> Shuffles:
    """Shuffle K of a side's half pack, exactly as the play book for `seed` prints it, read
    with the table's split."""
    from printkit_engine.cardgrid.game import GAME, half_pack

    @lru_cache(maxsize=64)
    def get(side: str, k: int) -> Sequence[str]:
        label = f"{LABELS[side]}/{k}"
        printed = GAME.book.stream(seed, label).shuffle(half_pack(LABELS[side]).cards)
        return printed if split == DEFAULT else tuple(split.read(c) for c in printed)

    return get


@fast_init
@dataclass(frozen=True)
class Decks:
    """Each side's place in the play book: shuffle number and next position."""

    k: tuple[int, int] = (1, 1)
    pos: tuple[int, int] = (0, 0)

    def at(self, side: str) -> tuple[int, int]:
        i = "HA".index(side)
        return self.k[i], self.pos[i]

    def moved(self, side: str, k: int, pos: int) -> Decks:
        """The decks with `side` at shuffle k, position pos."""
        return Decks(_set(self.k, side, k), _set(self.pos, side, pos))


def _set(pair: tuple[int, int], side: str, value: int) -> tuple[int, int]:
    return (value, pair[1]) if side == "H" else (pair[0], value)


def peek(decks: Decks, side: str, get: Shuffles) -> str:
    k, pos = decks.at(side)
    cards = get(side, k)
    return cards[pos % len(cards)]


def deal(decks: Decks, side: str, get: Shuffles) -> tuple[str, Decks]:
    """The side's next card and the decks after it."""
    k, pos = decks.at(side)
    cards = get(side, k)
    return cards[pos % len(cards)], Decks(decks.k, _set(decks.pos, side, pos + 1))


def reshuffle(decks: Decks, side: str) -> Decks:
    k, _ = decks.at(side)
    return Decks(_set(decks.k, side, k + 1), _set(decks.pos, side, 0))
