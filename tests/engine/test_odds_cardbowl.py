"""Card Bowl odds: exact figures against brute force over every order of a small deck, a
seeded Monte Carlo of the full deck inside its interval, and figures worked out by hand.

The brute-force players here are written from the rules text, card by card, without the
case analysis engine/cardbowl/odds.py uses: they walk a deck order the way a player draws.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import permutations

import pytest

from printkit_engine.cardbowl import odds
from printkit_engine.cardbowl.rules import load_rules
from printkit_engine.cards import FULL_DECK
from printkit_engine.oddsmath import wilson

RULES = load_rules(None)
VALUES = {"A": 1, "J": 11, "Q": 12, "K": 13}


def val(card: str) -> int:
    r = card[:-1]
    return VALUES.get(r) or int(r)


def red(card: str) -> bool:
    return card == "RJ" or card[-1] in "DH"


# -- field goal, walked card by card ----------------------------------------------------------
def play_kick(order: tuple[str, ...], kick_cards: int, window: int) -> tuple[str, int]:
    """('blocked'|'stopped'|'kick', total) for one deck order, as a player draws it."""
    cards = list(order)
    drawn = 0            # written kick draws so far (jokers included)
    total = taken = 0
    while taken < kick_cards:
        card = cards.pop(0)
        drawn += 1
        if card == "RJ" and drawn <= window:
            return "blocked", 0
        if card == "BJ" and drawn == 1:
            colour = cards.pop(0)              # the penalty draw, not a kick draw
            if red(colour):
                return "stopped", 0
            continue
        if card in ("RJ", "BJ"):
            continue                            # discarded and replaced
        total += val(card)
        taken += 1
    return "kick", total


SMALL = ("AC", "2D", "3S", "4H", "5C", "6D", "BJ", "RJ")


@pytest.mark.parametrize("window", [1, 2, 3])
def test_field_goal_matches_every_order_of_a_small_deck(window):
    counts: dict[tuple[str, int], int] = {}
    orders = list(permutations(SMALL))
    for order in orders:
        key = play_kick(order, 3, window)
        counts[key] = counts.get(key, 0) + 1
    n = len(orders)
    k = odds.kick_odds(SMALL, val, 3)
    assert k.stopped == Fraction(counts.get(("stopped", 0), 0), n)
    assert k.blocked(window) == Fraction(counts.get(("blocked", 0), 0), n)
    for distance in range(5, 17):
        made = sum(c for (what, t), c in counts.items() if what == "kick" and t >= distance)
        assert k.made(distance, window) == Fraction(made, n), distance


def test_field_goal_full_deck_monte_carlo_inside_its_interval():
    table = {row[0]: row for row in odds.field_goal_table(RULES, FULL_DECK).rows}
    rng = random.Random(16)
    deck = list(FULL_DECK)
    trials = 6000
    made = blocked = 0
    for _ in range(trials):
        rng.shuffle(deck)
        what, total = play_kick(tuple(deck), 6, 4)          # a 42-yard kick: 4 block draws
        made += what == "kick" and total >= 42
        blocked += what == "blocked"
    for got, col in ((made, 2), (blocked, 4)):
        _, (low, high) = wilson(got, trials)
        assert low <= table["42"][col].value <= high


def test_field_goal_hand_figures():
    rows = {row[0]: row for row in odds.field_goal_table(RULES, FULL_DECK).rows}
    # the block window: "20-29 = first two cards" ... ">= 60 = any card" (six cards)
    assert [rows[d][1] for d in ("19", "20", "29", "30", "42", "59", "60", "65")] == \
        ["1", "2", "2", "3", "4", "5", "6", "6"]
    # Red Joker first: 1/54; or a card then the Red Joker second (52/54 * 1/53); or BJ,
    # a black card, then the Red Joker (1/54 * 26/53 * 1/52): 1/54 + 52/2862 + 1/5724
    assert rows["20"][4].exact == (Fraction(1, 54) + Fraction(52, 54 * 53)
                                   + Fraction(26, 54 * 53 * 52))
    # stopped: Black Joker first and a red card or the Red Joker next: 1/54 * 27/53
    assert rows["42"][5].exact == Fraction(27, 54 * 53)
    # 52 cards, six drawn: totals are symmetric about 42, so P(>= 42) = (1 + P(42)) / 2 > 1/2
    assert Fraction(1, 2) < rows["42"][6].exact < Fraction(53, 100)
    # every outcome accounted for
    for row in rows.values():
        assert sum(f.exact for f in row[2:6]) == 1


# -- kickoff ---------------------------------------------------------------------------------
def play_kickoff(order, kick_cards, subtract, offside_max):
    cards = list(order)
    first = True
    total = taken = 0
    while taken < kick_cards:
        card = cards.pop(0)
        if card == "BJ" and first:
            nxt = cards.pop(0)
            if nxt == "RJ" or val(nxt) > offside_max:
                return "out"
            first = False
            continue
        first = False
        if card in ("RJ", "BJ"):
            continue
        total += val(card)
        taken += 1
    return total - subtract


def test_kickoff_matches_every_order_of_a_small_deck():
    deck = ("AC", "2D", "3S", "6H", "7C", "KD", "BJ", "RJ")
    counts: dict[object, int] = {}
    orders = list(permutations(deck))
    for order in orders:
        key = play_kickoff(order, 2, 5, 2)
        counts[key] = counts.get(key, 0) + 1
    spots, out = odds.kickoff_spots(deck, val, 2, 5, 2)
    assert out == Fraction(counts.pop("out"), len(orders))
    assert spots == {k: Fraction(v, len(orders)) for k, v in sorted(counts.items())}


def test_kickoff_hand_figures():
    rows = {row[0]: row for row in odds.kickoff_table(RULES, FULL_DECK).rows}
    # out of bounds: Black Joker first (1/54), then 6-K (32 cards) or the Red Joker: 33/53
    assert rows["out"][2].exact == Fraction(33, 54 * 53)
    assert rows["out"][1] == "out of bounds: the 40"
    # deepest: two aces, 2 - 11 = -9; shortest of the field: two kings, 26 - 11 = 15
    assert min(int(k) for k in rows if k != "out") == -9
    assert max(int(k) for k in rows if k != "out") == 15
    assert rows["out"][3].exact == 1


# -- the receiver's suit -----------------------------------------------------------------------
def test_pass_suit_against_enumeration():
    """Receiver a spade, 11-card hand holding it and m other spades; every unseen card as the
    next draw, a Black Joker replaced by the card after it."""
    rows = {row[0]: row for row in odds.pass_suit_table(RULES, FULL_DECK, 11).rows}
    for m in (0, 3, 10):
        hand = ["AS"] + [f"{r}S" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                            "J")[:m]]
        hand += [c for c in FULL_DECK if c[-1] in "CD"][: 11 - len(hand)]
        unseen = [c for c in FULL_DECK if c not in hand]
        match = rj = total = 0
        for first in unseen:
            nexts = [c for c in unseen if c != first] if first == "BJ" else [None]
            for second in nexts:
                card = second if first == "BJ" else first
                weight = 1 if first != "BJ" else Fraction(1, len(nexts))
                total += weight
                match += weight * (card != "RJ" and card[-1] == "S")
                rj += weight * (card == "RJ")
        assert rows[f"{m} in hand"][1].exact == Fraction(match) / total
        assert rows[f"{m} in hand"][2].exact == Fraction(rj) / total
    # the rules' "about a 25% chance": a yardage card of the receiver's suit, nothing else
    # known: 12 of the 52 cards that are neither the receiver nor the Black Joker
    assert rows["receiver only"][1].exact == Fraction(12, 52)


def test_clean_yardage_draws_by_brute_force():
    # 6 unseen: BJ, RJ, 2 of the suit, 2 others. Two yardage cards clean = both "others".
    unseen = ["BJ", "RJ", "2S", "3S", "4C", "5D"]
    good = total = 0
    for order in permutations(unseen):
        drawn = [c for c in order if c != "BJ"][:2]
        total += 1
        good += all(c in ("4C", "5D") for c in drawn)
    assert odds.clean_draws(6, 2, 2) == Fraction(good, total)


# -- sacks -------------------------------------------------------------------------------------
def test_sack_figures_by_hand():
    rows = {row[0]: row for row in odds.sack_table(RULES, FULL_DECK).rows}
    # the rules' example: rush 24, protection 19: "a 5 or less and a sack": 5 ranks of 13
    assert rows["5"][1].exact == Fraction(5, 13)
    # from the deck: 20 cards A-5 of the 53 that are not the (replaced) Black Joker
    assert rows["5"][2].exact == Fraction(20, 53)
    assert rows["5"][3].exact == Fraction(1, 53)
    # pressure: draw 6..11 (difference 1..6 below 7): 24 cards
    assert rows["5"][4].exact == Fraction(24, 53)
    # "If a 3 were drawn, it would be a sack for 5-yard loss (2+3)": draws 1..5 lose
    # (5 - draw) + 3 = 7, 6, 5, 4, 3 yards, 5 on average
    assert rows["5"][5].exact == Fraction(7 + 6 + 5 + 4 + 3, 5)
    assert rows["13"][2].exact == Fraction(52, 53)


def test_every_table_has_a_unique_key_and_whole_rows():
    tables = odds.tables(RULES)
    assert [t.key for t in tables] == ["field-goal", "kickoff", "pass-suit", "sack", "snap",
                                       "bounce", "draw-values", "open-field-run"]
    for t in tables:
        assert all(len(row) == len(t.columns) for row in t.rows)
        labels = {row[0] for row in t.rows}
        assert all(label in labels for _, label in t.claims)


def test_snap_by_hand():
    rows = {row[0]: row for row in odds.snap_table(RULES, FULL_DECK).rows}
    # Red Joker (1/54) then "an A or a 2" (8 of 53): regular; "A to 5" (20 of 53): shotgun
    assert rows["regular"][1].exact == Fraction(8, 54 * 53)
    assert rows["shotgun"][1].exact == Fraction(20, 54 * 53)
    # Black Joker then a black card (26 of 53): offside on the defence
    assert rows["regular"][3].exact == Fraction(26, 54 * 53)
    for row in rows.values():
        assert sum(f.exact for f in row[1:]) == 1


def test_bounce_by_hand():
    rows = {row[0][:4]: row for row in odds.bounce_table(RULES, FULL_DECK).rows}
    # a different suit from the punt card: 39 of the 51 other cards
    assert rows["forw"][1].exact == Fraction(39, 51)
    # back: one card of the punt card's suit, its value; by symmetry 7 on average
    assert rows["back"][2].exact == 7


def test_draw_values_by_hand():
    rows = {row[0]: row for row in odds.draw_values_table(RULES, FULL_DECK).rows}
    assert rows["1 card"][1].exact == Fraction(4 * 91, 52)      # 4 x (1 + ... + 13) / 52
    assert rows["6 cards"][1].exact == 42


def test_open_field_run_monte_carlo_contains_the_exact_share():
    """Under 10 yards exactly when the first card that counts is A-9 (36 cards) or the run
    is fumbled on the very first draw (the Red Joker): 37 of the 53 cards that are not the
    (replaced) Black Joker. A face card alone is 11+ yards."""
    rows = {row[0]: row[1] for row in odds.ofr_table(RULES, FULL_DECK).rows}
    low, high = rows["less than 10 yards"].interval
    assert low <= 37 / 53 <= high
    assert rows["less than 10 yards"].samples == odds.OFR_TRIALS
    assert rows["less than 10 yards"].method == "monte carlo"
    # the same seed, the same figures
    again = {row[0]: row[1] for row in odds.ofr_table(RULES, FULL_DECK).rows}
    assert again == rows
