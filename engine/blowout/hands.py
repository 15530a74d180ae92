"""Hands dealt from the play book's shuffles (decision B6, docs/rules/blowout.md).

Period k (quarter, half or overtime period: one pass through the decks) uses shuffle k of
every deck: labels `home/offense/k`, `home/special/k`, `home/defense/k` and the same for
`away`. Each side holds an offense hand (the first 5 OFFENSE cards and the first SPECIAL TEAMS
card of its shuffles) and a defense hand (the first 6 DEFENSE cards) from the start of the
period; a card played is replaced at once by the next card of the deck it came from, while
that deck lasts. Bots, the verifier and the printed book all read the shuffles this way.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from printkit_engine.blowout.game import GAME
from printkit_engine.blowout.rules import Rules
from printkit_engine.blowout.state import SIDES, STREAM_SIDE, Hand, State
from printkit_engine.frozen import new_tuple

DECKS = ("offense", "special", "defense")
OFFENSE_DECKS = ("offense", "special")       # the offense hand holds both


def label(side: str, deck: str, period: int) -> str:
    return f"{STREAM_SIDE[side]}/{deck}/{period}"


@lru_cache(maxsize=256)
def shuffle(seed: str, side: str, deck: str, period: int) -> tuple[str, ...]:
    """Shuffle `period` of one side's deck, exactly as the play book prints it."""
    from printkit_engine.blowout.decks import load_decks

    order = load_decks().deck(deck).order
    return tuple(GAME.book.stream(seed, label(side, deck, period)).shuffle(order))


def deal(seed: str, period: int, rules: Rules) -> Hands:
    """Every hand at the start of `period`."""
    size = {"offense": rules.hands.offense, "special": rules.hands.special,
            "defense": rules.hands.defense}
    out = []
    for side in SIDES:
        for deck in DECKS:
            cards = shuffle(seed, side, deck, period)
            n = min(size[deck], len(cards))
            out.append(((side, deck), Hand(cards[:n], n)))
    return tuple(out)


def play(hands: Hands, seed: str, period: int, side: str, deck: str,
         code: str) -> Hands | None:
    """The hands after `side` plays `code` from its `deck` hand and draws its replacement;
    None if the hand does not hold that card."""
    return play_all(hands, seed, period, ((side, deck, code),))


def play_all(hands: Hands, seed: str, period: int,
             plays: Iterable[tuple[str, str, str]]) -> Hands | None:
    """The hands after each of `plays` ((side, deck, code), in order: a snap's two or three
    cards) is played and replaced, as `play` one after the other (a card drawn for the first
    may be the next one played), with the six hands put together once; None if a hand does
    not hold its card."""
    held = list(hands)
    for side, deck, code in plays:
        key = (side, deck)
        i = PLACES.get(key, -1)
        if not (0 <= i < len(held) and held[i][0] == key):
            i = place(hands, side, deck)
        hand = held[i][1]
        cards = hand.cards
        if code not in cards:
            return None
        at = cards.index(code)          # the first copy, as list.remove takes
        order = shuffle(seed, side, deck, period)
        nxt = hand.next
        if nxt < len(order):
            kept = (*cards[:at], *cards[at + 1:], order[nxt])
            nxt += 1
        else:
            kept = cards[:at] + cards[at + 1:]
        held[i] = (held[i][0], new_tuple(Hand, (kept, nxt, hand.unknown)))
    return tuple(held)


# where `deal` puts each hand: (side, deck) -> its position in the hands (play and unseen keep
# it), so a hand is found with one look, not a dictionary made of the six
PLACES = {(side, deck): n for n, (side, deck) in
          enumerate((side, deck) for side in SIDES for deck in DECKS)}


def place(hands: Hands, side: str, deck: str) -> int:
    """The position of `side`'s `deck` hand in `hands` (KeyError if there is none)."""
    key = (side, deck)
    n = PLACES.get(key, -1)
    if 0 <= n < len(hands) and hands[n][0] == key:
        return n
    for n, (held, _hand) in enumerate(hands):       # hands put together in another order
        if held == key:
            return n
    raise KeyError(key)


LOOK = 3            # snaps a record may leave out before a card and still be followed

Hands = tuple[tuple[tuple[str, str], Hand], ...]


def unseen(hands: Hands, seed: str, period: int, side: str, deck: str, plays: int) -> Hands:
    """The hands after `side` played `plays` cards of `deck` that the record does not show:
    which ones is unknown, so every card held stays possible, with the replacements drawn."""
    i = place(hands, side, deck)
    hand = hands[i][1]
    order = shuffle(seed, side, deck, period)
    drawn = order[hand.next:hand.next + plays]
    new = Hand(hand.cards + drawn, hand.next + len(drawn), hand.unknown + plays)
    return (*hands[:i], (hands[i][0], new), *hands[i + 1:])


def readings(hands: Hands, seed: str, period: int, side: str, deck: str,
             code: str) -> list[Hands]:
    """The hands after `side` plays `code`, a card its hand does not hold: played after one to
    LOOK snaps the record does not show (the card was drawn for one of them), and, whatever
    the card, the written code a slip for a card that was held (one card gone, unknown)."""
    out = []
    for gap in range(1, LOOK + 1):
        after = play(unseen(hands, seed, period, side, deck, gap), seed, period, side, deck,
                     code)
        if after is not None:
            out.append(after)
            break
    out.append(unseen(hands, seed, period, side, deck, 1))
    return out


def leads(state: State, rules: Rules, side: str, role: str) -> list[tuple[str, str]]:
    """(deck, code) of every card `side` holds that may lead a snap in `role`
    (offense: RUN, PASS, OFFSIDES, and on fourth down SPECIAL TEAMS; defense: any DEFENSE
    card but CHALLENGE). Needs the hands (a Seed)."""
    offense, defense = _leaders(rules)
    if role == "offense":
        out = [("offense", c) for c in state.hand(side, "offense").cards if c in offense]
        if state.down == rules.field.downs:
            out += [("special", c) for c in state.hand(side, "special").cards]
        return out
    return [("defense", c) for c in state.hand(side, "defense").cards if c in defense]


def _leaders(rules: Rules) -> tuple[frozenset[str], frozenset[str]]:
    """The codes that may lead an offense snap and a defense snap under `rules` (the
    decks' cards as `may_lead_offense` and `may_lead_defense` read them), worked out once
    per rules object."""
    kept = rules.tables.get("leaders")
    if kept is None:
        offense = frozenset(c for c in (*rules.decks.by_code.get("offense", {}),
                                        rules.cards.offsides_on_defense)
                            if may_lead_offense(rules, c))
        defense = frozenset(c for c in rules.decks.by_code.get("defense", {})
                            if may_lead_defense(rules, c))
        kept = rules.tables["leaders"] = (offense, defense)
    return kept


def may_lead_offense(rules: Rules, code: str) -> bool:
    return rules.kind("offense", code) in ("run", "pass") or \
        code == rules.cards.offsides_on_defense


def may_lead_defense(rules: Rules, code: str) -> bool:
    return rules.card("defense", code) is not None and code != rules.cards.challenge


def period_over(state: State, rules: Rules, maybe: bool = False) -> bool:
    """"After all OFFENSE cards have been played" (B7): a period ends when the side due to
    lead a snap holds no card it may lead with. Needs the hands. `maybe`: it may have ended,
    the cards it could lead with being among those gone unknown (after a slip)."""
    hands = state.hands
    ball = state.ball
    if hands is None or not ball:
        return False
    (o, ko), (sp, ks), (d, kd) = LEAD_PLACES[ball]
    if len(hands) == len(PLACES) and hands[o][0] == ko and hands[sp][0] == ks and \
            hands[d][0] == kd:
        offense, special, defense = hands[o][1], hands[sp][1], hands[d][1]
    else:                               # hands put together in another order
        offense, special, defense = (hands[place(hands, *key)][1] for key in (ko, ks, kd))
    leaders = _leaders(rules)
    if not maybe:                       # the question at every snap: is there any card to lead
        fourth = state.down == rules.field.downs and bool(special.cards)
        return (leaders[0].isdisjoint(offense.cards) and not fourth) or \
            leaders[1].isdisjoint(defense.cards)
    n = sum(map(leaders[0].__contains__, offense.cards))
    if state.down == rules.field.downs:
        n += len(special.cards)
    if n <= offense.unknown + special.unknown:
        return True
    return sum(map(leaders[1].__contains__, defense.cards)) <= defense.unknown


# the hands `period_over` reads when `side` has the ball, where `deal` puts them: its offense
# and special teams hands and the other side's defense hand
LEAD_PLACES = {side: tuple((PLACES[key], key) for key in (
    (side, "offense"), (side, "special"), (SIDES[1 - SIDES.index(side)], "defense")))
    for side in SIDES}
