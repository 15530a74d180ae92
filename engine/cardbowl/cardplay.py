"""The draws every Card Bowl play shares: card values, face-card draws, the open-field run,
penalty cards and fumble recovery, each a small function of the cards drawn.

Quotes are from the rules text (Card Bowl v1.1.6); the choices the rules leave open are
decisions C19-C30 in docs/rules/cardbowl.md. Yards are counted from the spot the draws start
at, towards the goal the running team attacks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printkit_engine.cardbowl.deal import Draws
from printkit_engine.cards import FULL_DECK, JOKERS, RED_SUITS, rank
from printkit_engine.frozen import fast_init

RED, BLACK = "RJ", "BJ"
FACE = {"J": 1, "Q": 2, "K": 3}          # "J=1, Q=2, K=3" (open-field run draws)
VALUE = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
JOKER_IN_HAND = 15                        # "Joker in hand = 15"


def _table(fn) -> dict[str, int]:
    return {card: fn(card) for card in FULL_DECK}


def _value(card: str) -> int:
    return VALUE.get(rank(card), 0)


VALUES = _table(_value)                                     # looked up, not computed: the
HAND_VALUES = {**VALUES, BLACK: JOKER_IN_HAND, RED: JOKER_IN_HAND}   # bots read a card's
FACES = _table(lambda card: FACE.get(rank(card), 0))       # value a thousand times a game


def value(card: str) -> int:
    """A drawn card's value (A-10 face value, J 11, Q 12, K 13); a drawn joker has none."""
    return VALUES[card]


def hand_value(card: str) -> int:
    """A card in a hand: a joker there is worth 15."""
    return HAND_VALUES[card]


def face(card: str) -> int:
    """Open-field run draws a card gives: J 1, Q 2, K 3, else 0."""
    return FACES[card]


def is_face(card: str) -> bool:
    return FACES[card] > 0


def red(card: str) -> bool:
    """Red for a penalty card: a heart, a diamond or the Red Joker."""
    return card == RED or card[-1:] in RED_SUITS


SUIT_OF = {**{card: card[-1:] for card in FULL_DECK}, BLACK: "S", RED: "H"}


def suit_of(card: str) -> str:
    """A card's suit; "A Receiver that is a Black Joker counts as a spade and a Red Joker
    counts as a heart" (looked up, as the values are)."""
    return SUIT_OF[card]


def half_up(n: int, d: int = 2) -> int:
    """n / d rounded to the nearest, halves up ("rounded up if half", the QB Sneak's rule,
    used for every division the rules make; C20)."""
    return (2 * n + d) // (2 * d)


def standard(draws: Draws) -> str:
    """A card with a value: a joker drawn here is discarded and replaced."""
    card = draws.draw()
    while card in JOKERS:
        card = draws.draw()
    return card


# -- penalties ------------------------------------------------------------------------------
@fast_init          # made several times a play: one step, not a call a field
@dataclass(frozen=True)
class Foul:
    """A penalty: `yards` against `against` ("O" the side with the ball, "D" the other);
    `first_down` an automatic first down; `spot` yards from where the play's draws started
    at which it is enforced (an open-field run's foul: "assessed from the spot of the
    penalty"), None at the end of the play; `stops` a foul that stops the play (the down is
    replayed); `interference` a defensive pass interference (a spot foul)."""

    yards: int
    against: str
    first_down: bool = False
    spot: int | None = None
    stops: bool = False
    interference: bool = False
    previous: bool = False       # enforced from the line of scrimmage, the down replayed
    spot_foul: bool = False      # forward to its spot, never halved (the 5-yard foul on a
                                 # receiver behind the line, decision C4)


def column(card: str, yards: tuple[int, int, int]) -> int:
    """The penalty card's yards: A-5, 6-10, face card or other joker (rules.toml
    `penalty_cards`)."""
    if card in JOKERS or is_face(card):
        return yards[2]
    return yards[0] if value(card) <= 5 else yards[1]


def run_foul(card: str, spot: int | None = None) -> Foul:
    """After a Black Joker in a rushing play's draws (and an open-field run's): "Red =
    against offense: 1-10 = 10 yard penalty; face card or other Joker = 15 yard penalty.
    Black = against defense: 1-5 = 5 yard penalty; 6-10 = 5 yard penalty and automatic first
    down; face card or other Joker = 15 yard penalty and automatic first down"."""
    if red(card):
        return Foul(column(card, (10, 10, 15)), "O", spot=spot)
    yards = column(card, (5, 5, 15))
    return Foul(yards, "D", first_down=card in JOKERS or value(card) > 5 or is_face(card))


def ofr_foul(card: str, spot: int) -> Foul:
    """An open-field run's: red against the offence from the spot of the foul (10 or 15),
    black against the defence ("1-10 = 5 yard penalty; face card or other Joker = 15 yard
    penalty and automatic first down")."""
    if red(card):
        return Foul(column(card, (10, 10, 15)), "O", spot=spot)
    big = card in JOKERS or is_face(card)
    return Foul(15 if big else 5, "D", first_down=big)


# -- the open-field run -----------------------------------------------------------------------
@fast_init          # made several times a play: one step, not a call a field
@dataclass(frozen=True)
class Run:
    """An open-field run: `yards` gained; `fumble` the yards at which a Red Joker came (the
    ball is loose there, "a replacement card is not drawn"); `foul` a Black Joker's penalty;
    `cards` the run cards drawn (the notes' fourth group on a return)."""

    yards: int = 0
    fumble: int | None = None
    foul: Foul | None = None
    cards: tuple[str, ...] = ()
    drew: bool = False            # any run card drawn (an open-field run at the end: 2 intervals)


def open_field_run(draws: Draws, first: int, tacklers: Sequence[int] = (), room: int = 999,
                   start: int = 0, cap: bool = True) -> Run:
    """Sets of draws: the first of `first` cards, then one card per J, two per Q, three per K
    in the set before, "continuing until a draw occurs with no face card". `tacklers[i]` is
    the defence's value applied against set i ("If the defense card - offense card >= the run
    yardage card, the play is stopped with no additional yardage"; later sets have none).
    `start` yards already gained before the run (a foul's spot counts from the play's start);
    the run ends at the goal line, `room` yards away (its yards counted to it, or with
    `cap` False all the cards drawn, as a return's cards line adds them up, C14)."""
    yards, size, index = 0, first, 0
    cards: list[str] = []
    black_at: int | None = None
    while size > 0 and yards < room:
        drawn: list[str] = []
        while len(drawn) < size:
            card = draws.draw()
            cards.append(card)
            if card == RED:
                at = yards + sum(map(VALUES.__getitem__, drawn))
                return Run(yards, fumble=min(at, room), cards=tuple(cards), drew=True,
                           foul=_pending(draws, black_at, start))
            if card == BLACK:
                black_at = start + yards + sum(map(VALUES.__getitem__, drawn))
                continue                      # "draw replacement card for yardage"
            drawn.append(card)
        gained = sum(map(VALUES.__getitem__, drawn)) - \
            (tacklers[index] if index < len(tacklers) else 0)
        if gained <= 0:
            break                             # "forward motion stopped"
        yards += gained
        size, index = sum(map(FACES.__getitem__, drawn)), index + 1
    return Run(min(yards, room) if cap else yards, cards=tuple(cards), drew=bool(cards),
               foul=_pending(draws, black_at, start))


def _pending(draws: Draws, black_at: int | None, start: int) -> Foul | None:
    """"then draw a card to determine the penalty" once the run is over."""
    if black_at is None:
        return None
    return ofr_foul(draws.draw(), black_at)


# -- fumble recovery ---------------------------------------------------------------------------
@fast_init          # made several times a play: one step, not a call a field
@dataclass(frozen=True)
class Recovery:
    """Who has the ball after a fumble: "O" the side that fumbled, "D" the other; `bounce`
    yards the ball moved on ties (+ towards the defence's goal); `run_draws` the winner's
    open-field run draws ("winner value - loser value"); `foul` a bounce's Black Joker."""

    by: str
    bounce: int = 0
    run_draws: int = 0
    foul: Foul | None = None


BOUNCE = {"A": -4, "2": -3, "3": -2, "4": -1, "10": 1, "J": 2, "Q": 3, "K": 4}   # C13


def recover(draws: Draws, fall: tuple[int, int] = (0, 0), receiver_two: bool = False,
            head_start: int = 0) -> Recovery:
    """"Each player draws one card ..., offense first, and the higher card recovers the
    fumble. If the draw is a tie, players keep drawing until one is higher. However, before
    each subsequent draw, draw one card for the bounce". `fall` adds each side's declared
    falling on the ball (+) or picking it up (-) to its draws; `head_start` is added to the
    defence's first draw only (an onside kick's distance - 10); `receiver_two`: a blocked
    punt, the defence draws two cards on the first draw and must be beaten by both."""
    bounce, first, foul = 0, True, None
    while True:
        o = standard(draws)
        d_cards = [standard(draws)] + ([standard(draws)] if receiver_two and first else [])
        ov = value(o) + fall[0]
        dv = [value(c) + fall[1] + (head_start if first else 0) for c in d_cards]
        if ov > max(dv):
            return Recovery("O", bounce, _run_draws(o, fall[0], d_cards, fall[1]), foul)
        if max(dv) > ov:
            best = max(d_cards, key=VALUES.__getitem__)
            return Recovery("D", bounce, _run_draws(best, fall[1], [o], fall[0]), foul)
        first = False
        card = draws.draw()
        while card == RED:                     # C24: no Red Joker on the bounce
            card = draws.draw()
        if card == BLACK:
            pen = draws.draw()
            foul = Foul(column(pen, (5, 10, 15)), "O" if red(pen) else "D")
            card = draws.draw()
            while card in JOKERS:
                card = draws.draw()
        bounce += BOUNCE.get(rank(card), 0)


def _faces(card: str, fall: int) -> int:
    return min(max(face(card) - fall, 0), 3) if is_face(card) else 0


def _run_draws(winner: str, fall: int, losers: Sequence[str], loser_fall: int) -> int:
    """"If the winner recovers with a face card ... Face card values are compared for both
    teams, with any modifiers applied ...; winner value - loser value = initial draw for
    OFR"; falling on the ball takes from a face's value, picking it up adds ("not to exceed
    3"); "If more than one card is drawn on one side (i.e. blocked punt) only the highest
    card counts"."""
    if not is_face(winner):
        return 0
    theirs = max((_faces(c, loser_fall) for c in losers), default=0)
    return max(_faces(winner, fall) - theirs, 0)
