"""Dealing Luck of the Draw's 16 game cards for one drive, from the play book's seeded stream.

Rules ("Dealing of the game cards"): the Quarterback (dealer) always holds PTD and INT, and TOD
too with 2-5 players; "an equal # of the remaining game cards are randomly dealt" so that "all
players end up with an equal # of cards"; the rest sit on the sidelines. We deal hands as
large as possible (docs/rules/luckdraw.md, L1-L3). The drive-K stream (label ``drive/K``)
shuffles the cards left after the QB's fixed cards, in deck order; the shuffled list is then
cut in this order: the QB's extra cards, then each other player in QB order after the QB
(h cards each), then the sidelines.
"""

from __future__ import annotations

from dataclasses import dataclass

from printkit_engine.luckdraw.cards import MAX_PLAYERS, MIN_PLAYERS, load_cards

DECK_SIZE = 16


@dataclass(frozen=True)
class DealShape:
    """How many cards go where for a player count (the same every drive)."""

    players: int
    hand: int          # cards every player ends with
    qb_fixed: int      # the QB's automatic cards
    qb_extra: int      # cards dealt to the QB on top of the fixed ones
    sidelines: int     # cards nobody gets


@dataclass(frozen=True)
class Deal:
    drive: int
    players: int
    qb: int                                  # seat 1..players
    shuffled: tuple[str, ...]                # the drive's stream: the dealt-out order
    hands: tuple[tuple[int, tuple[str, ...]], ...]   # (seat, cards), QB first then QB order
    sidelines: tuple[str, ...]

    def hand(self, seat: int) -> tuple[str, ...]:
        return dict(self.hands)[seat]


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Luck of the Draw is for {MIN_PLAYERS}-{MAX_PLAYERS} players, "
                         f"not {players}")


def deal_shape(players: int) -> DealShape:
    """Equal hands as large as possible, never smaller than the QB's fixed cards."""
    check_players(players)
    fixed = len(load_cards().qb_fixed(players))
    hand = DECK_SIZE // players
    if hand < fixed:   # cannot happen with 16 cards and <= 8 players; guards the data
        raise ValueError(f"{players} players cannot each hold {fixed} cards")
    return DealShape(players, hand, fixed, hand - fixed, DECK_SIZE - players * hand)


def qb_seat(drive: int, players: int) -> int:
    """Seat of the drive's QB: seat 1 opens, then the order rotates one seat per drive."""
    if drive < 1:
        raise ValueError("drives are numbered from 1")
    return (drive - 1) % players + 1


def seat_order(qb: int, players: int) -> list[int]:
    """The QB, then every other seat in QB order after the QB."""
    return [(qb - 1 + i) % players + 1 for i in range(players)]


def remaining_cards(players: int) -> tuple[str, ...]:
    """The cards a drive's stream shuffles: the deck without the QB's fixed cards."""
    cards = load_cards()
    fixed = set(cards.qb_fixed(players))
    return tuple(c for c in cards.codes if c not in fixed)


def deal_from(shuffled: list[str] | tuple[str, ...], drive: int, players: int) -> Deal:
    """Cut an already shuffled remainder into hands and sidelines (re-derivation helper)."""
    shape = deal_shape(players)
    if sorted(shuffled) != sorted(remaining_cards(players)):
        raise ValueError("not a shuffle of the cards left after the QB's fixed cards")
    qb = qb_seat(drive, players)
    fixed = load_cards().qb_fixed(players)
    pos = shape.qb_extra
    hands = [(qb, tuple(fixed) + tuple(shuffled[:pos]))]
    for seat in seat_order(qb, players)[1:]:
        hands.append((seat, tuple(shuffled[pos:pos + shape.hand])))
        pos += shape.hand
    return Deal(drive, players, qb, tuple(shuffled), tuple(hands), tuple(shuffled[pos:]))
