"""The grid game's odds as data (`printkit odds cardgrid`): what a passage leads to from each
grid, the conversion chance by try card, and the chance of each single-card event.

Single cards are exact: a half pack holds each rank twice (one red, one black card), so a
chance is a card count over the cards left, read off the rules data (`tackles.touch`,
`penalty.goal`...). A conversion is exact given the try card: the next card is any of the
other 25 of the side's half pack. A whole passage turns on draws without replacement from
two packs, pairs and six tackles: its table is a Monte Carlo run of the engine itself
(engine/cardgrid/passage.py) over freshly shuffled half packs, with a fixed seed so the
figures are the same every run, each with its 95% interval.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

from printkit_engine.cardgrid.game import half_pack
from printkit_engine.cardgrid.passage import dealer, start, step
from printkit_engine.cardgrid.rules import Rules
from printkit_engine.cards import RANKS
from printkit_engine.odds import MONTE_CARLO, Figure, OddsTable, Row

SAMPLES = 1200                  # passages per start grid
SEED = "cardgrid-odds"
PACK = 26                       # cards in a half pack
PER_RANK = 2                    # one red and one black card of each rank in a half pack


def exact(fraction: Fraction) -> Figure:
    return Figure(float(fraction), exact=fraction)


def estimate(hits: int, n: int) -> Figure:
    """A Monte Carlo share with its 95% Wilson interval."""
    p, z = hits / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Figure(p, MONTE_CARLO, interval=(max(0.0, centre - half), min(1.0, centre + half)),
                  samples=n)


# -- single cards ---------------------------------------------------------------------------------
def _share(ranks: tuple[str, ...], out_of: int = PACK, less: int = 0) -> Fraction:
    return Fraction(PER_RANK * len(ranks) - less, out_of)


def cards_table(rules: Rules) -> OddsTable:
    rows = [
        ("red card: the ball moves on", Fraction(1, 2)),
        ("black card: a tackle", Fraction(1, 2)),
        ("defender's card pairs the black card: possession lost", Fraction(PER_RANK, PACK)),
        ("a side's next card pairs its last one: penalty", Fraction(PER_RANK - 1, PACK - 1)),
        (f"{' '.join(rules.field_goal.ranks)} card on grid "
         f"{' or '.join(map(str, rules.field_goal.grids))}: field-goal option",
         _share(rules.field_goal.ranks)),
        ("card after the last tackle finds touch", _share(rules.tackles.touch)),
        ("scrum feed goes against the feed", _share(rules.scrum.against_feed)),
        ("penalty goal card is good", _share(rules.penalty.goal)),
        ("penalty touch card fails to find touch", _share(rules.penalty.no_touch)),
    ]
    return OddsTable(
        "cards", "Single cards: the chance from a freshly shuffled half pack",
        ("event", "chance"), tuple((label, exact(f)) for label, f in rows),
        note="Each half pack holds each rank twice; a side's own pair is its card's twin among "
             "the 25 cards left. Chances ignore the cards already dealt in the passage.")


# -- conversions ----------------------------------------------------------------------------------
def conversion(rules: Rules, try_rank: str) -> Fraction:
    """The next card of the other 25 is of at least the try card's value and no King."""
    try_card = f"{try_rank}C"
    good = sum(PER_RANK for r in RANKS if rules.converts(try_card, f"{r}H"))
    return Fraction(good - 1 if rules.converts(try_card, try_card) else good, PACK - 1)


def conversion_table(rules: Rules) -> OddsTable:
    rows = [(r, exact(conversion(rules, r))) for r in RANKS]
    mean = sum((conversion(rules, r) for r in RANKS), Fraction(0)) / len(RANKS)
    rows.append(("any", exact(mean)))
    return OddsTable(
        "conversion", "Try conversion: the chance by the black card that grounded the try",
        ("try card", "converted"), tuple(rows),
        note="The conversion card is the next of the other 25 cards of the scoring side's "
             "half pack; it must be of at least the try card's value (aces one) and no King.")


# -- passages -------------------------------------------------------------------------------------
OUTCOMES = ("try", "converted", "field goal", "penalty goal", "penalty", "lost", "kick",
            "dead-in-goal")


def _passage(rules: Rules, grid: int, rng: random.Random, packs: dict[str, list[str]]):
    """One passage over freshly shuffled packs, shuffled lazily (a card is drawn at random
    from those not yet dealt when it is needed: the same law as a whole shuffle, at a third of
    the cost); past the 26th card a pack starts over, as G2 deals."""
    decks = {s: list(c) for s, c in packs.items()}
    pos = {"H": 0, "A": 0}
    p = start("H", grid)
    while not p.over:
        side = dealer(p)
        deck, i = decks[side], pos[side] % PACK
        if pos[side] < PACK:
            j = i + int(rng.random() * (PACK - i))
            deck[i], deck[j] = deck[j], deck[i]
        pos[side] += 1
        p = step(p, deck[i], rules, fg=True)
    return p.outcome


def _tally(outcome) -> set[str]:
    codes = {code for _, code in outcome.scores}
    got = set()
    if "T" in codes:
        got.add("try")
    if "C" in codes:
        got.add("converted")
    if "F" in codes:
        got.add("field goal")
    if "P" in codes:
        got.add("penalty goal")
    if outcome.event == "pen":
        got.add("penalty")
    if outcome.event == "lost":
        got.add("lost")
    if outcome.event in ("kick", "touch"):
        got.add("kick")
    if outcome.event == "dead":
        got.add("dead-in-goal")
    return got


def passage_table(rules: Rules, samples: int = SAMPLES) -> OddsTable:
    packs = {"H": list(half_pack("home").cards), "A": list(half_pack("away").cards)}
    rng = random.Random(SEED)
    rows: list[Row] = []
    grids = range(rules.field.kickoff, rules.tackles.kick_limit + 1)
    for grid in grids:
        counts = dict.fromkeys(OUTCOMES, 0)
        for _ in range(samples):
            for what in _tally(_passage(rules, grid, rng, packs)):
                counts[what] += 1
        rows.append((str(grid), *(estimate(counts[k], samples) for k in OUTCOMES)))
    return OddsTable(
        "passage", "What a passage leads to, by the grid it starts on",
        ("start grid", *OUTCOMES), tuple(rows),
        note="The side in possession takes every field-goal option; both half packs freshly "
             "shuffled. 'penalty' counts penalties either side gave away, 'penalty goal' the "
             "goals kicked from them (by either side); 'kick' is the last tackle's kick.")


def tables(rules: Rules, samples: int = SAMPLES) -> list[OddsTable]:
    return [passage_table(rules, samples), conversion_table(rules), cards_table(rules)]
