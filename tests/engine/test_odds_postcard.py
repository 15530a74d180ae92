"""PostCard odds: exact figures against a brute-force walk over every roll of the dice (written
here from the rules text, die by die), a seeded Monte Carlo inside its interval, and figures
worked out by hand (counts over 36 or 216)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from printkit_engine.oddsmath import wilson
from printkit_engine.postcard import odds
from printkit_engine.postcard.rules import load_rules

RULES = load_rules(None)
FACES = range(1, 7)


def rows(key: str) -> dict[str, tuple]:
    table = next(t for t in odds.tables(RULES) if t.key == key)
    return {row[0]: row for row in table.rows}


# the charts as the rules text states them (typed here, not read from rules.toml)
CATCH = {1: 2, 2: 3, 3: 4, 4: 5, 5: 6}                  # "Level 1 ... roll a 2 to 6" ...
PRESSURE = {1: 6, 2: 6, 3: 5, 4: 5}                     # "needs to roll a 6" / "a 5 or 6"


def level_of(result: int) -> int:
    return 1 if result <= 3 else 2 if result <= 6 else 3 if result <= 9 else 4


def walk_pass(o, d, again, a2, pressure, catch, pick, sack_pair, bonus):
    """One pass, every die given: the outcome the rules text gives. With no throw, `catch`
    is the offense's die of the grounding check (the catch die is not rolled then)."""
    r1 = max(-6, min(13, o - d + bonus))
    final = r1
    if again:
        final = max(-6, min(13, r1 + (a2 if r1 >= 0 else a2 // 2)))
    if final <= -4:
        return "sack fumble" if sum(sack_pair) >= 11 else "sack"
    if final in (-1, 0):
        return "grounding" if catch == 1 else "incomplete"
    if final in (-2, -3):
        if catch == 1:
            return "grounding"
        return "intercepted" if pick == 6 else "incomplete"
    level = 3 if r1 < 0 else level_of(final)
    if pressure >= PRESSURE[level]:
        level += 1
    if catch >= CATCH[level]:
        return "caught"
    if pressure >= 4:
        return "intercepted" if pick == 6 else "incomplete"
    return "incomplete"


PAIRS = list(product(FACES, FACES))


@pytest.mark.parametrize(("policy", "bonus"), [("never", 0), ("always", 0), ("always", -2),
                                               ("never", 1)])
def test_passing_against_every_roll(policy, bonus):
    """Offense, defense, second roll, pressure, catch, pick: 6^6 rolls, and the 36 pairs of
    the strip roll after a sack."""
    counts: dict[str, Fraction] = {}
    for o, d, a2, pressure, catch, pick in product(FACES, repeat=6):
        out = walk_pass(o, d, policy == "always", a2, pressure, catch, pick, (1, 1), bonus)
        if out == "sack":
            for pair in PAIRS:
                key = walk_pass(o, d, policy == "always", a2, pressure, catch, pick, pair,
                                bonus)
                counts[key] = counts.get(key, 0) + Fraction(1, 36)
        else:
            counts[out] = counts.get(out, 0) + 1
    total = 6 ** 6
    got, _ = odds.pass_outcomes(RULES, bonus, policy)
    assert set(got) == set(odds.OUTCOMES)
    for key in odds.OUTCOMES:
        assert got[key] == Fraction(counts.get(key, 0)) / total, key


def test_passing_sack_pair_is_one_in_twelve():
    """'If the sum of the two dice is 11 or 12': 3 of 36 pairs."""
    out, _ = odds.pass_outcomes(RULES, -2, "never")
    assert out["sack fumble"] / (out["sack"] + out["sack fumble"]) == Fraction(3, 36)


def test_passing_grounding_and_interception_without_a_second_roll():
    """Result 0/-1 and -2/-3 without a second roll, counted by hand over 36 pairs: 0 or -1
    has 6 + 5 = 11 pairs, -2/-3 has 4 + 3 = 7 pairs; a 1 grounds (1/6); on -2/-3 a 6 from the
    defence otherwise intercepts (5/6 * 1/6)."""
    out, _ = odds.pass_outcomes(RULES, 0, "never")
    assert out["grounding"] == Fraction(11 + 7, 36) * Fraction(1, 6)
    # interceptions on -2/-3 plus interceptions after a missed catch (pressure 4+)
    thrown = {1: 5, 2: 4, 3: 3, 4: 2, 5: 1}          # pairs giving result 1..5 (levels 1-2)
    miss_pick = Fraction(0)
    for result, pairs in thrown.items():
        level = level_of(result)
        for pressure in FACES:
            lv = level + 1 if pressure >= PRESSURE[level] else level
            miss = Fraction(CATCH[lv] - 1, 6)
            if pressure >= 4:
                miss_pick += Fraction(pairs, 36) * Fraction(1, 6) * miss * Fraction(1, 6)
    assert out["intercepted"] == Fraction(7, 36) * Fraction(5, 6) * Fraction(1, 6) + miss_pick


def test_passing_monte_carlo_inside_its_interval():
    rng = random.Random(16)
    trials = 20000
    caught = 0
    for _ in range(trials):
        dice = [rng.randint(1, 6) for _ in range(8)]
        out = walk_pass(dice[0], dice[1], True, dice[2], dice[3], dice[4], dice[5],
                        (dice[6], dice[7]), 0)
        caught += out == "caught"
    _, (low, high) = wilson(caught, trials)
    exact, _ = odds.pass_outcomes(RULES, 0, "always")
    assert low <= exact["caught"] <= high


def test_challenge_by_hand():
    table = rows("challenge")
    assert table["+0"][3].exact == Fraction(6, 36)          # no bonus: six doubles
    assert table["+7"][5].exact == Fraction(1, 36)          # 6 v 1 with +2
    assert table["-7"][1].exact == Fraction(1, 36)
    for col in range(1, 6):
        assert sum(r[col].exact for r in table.values()) == 1


def test_rushing_by_hand():
    table = rows("rushing")
    # no bonus: -5 or worse is 1 v 6 only (1/36: a -5 loss; -6 cannot happen)
    assert table["none"][1].exact == 0
    assert table["none"][2].exact == Fraction(1, 36)
    # gain 15 = result 3 or more: 3+2+1 = 6 pairs... plus 4 and 5: 3,4,5 -> 3+2+1 = 6/36
    assert table["none"][6].exact == Fraction(6, 36)
    # breakaway (4+): 3 pairs
    assert table["none"][7].exact == Fraction(3, 36)


def test_catch_by_level_by_hand():
    table = rows("catch")
    assert [table[str(n)][2].exact for n in (1, 2, 3, 4)] == \
        [Fraction(5, 6), Fraction(4, 6), Fraction(3, 6), Fraction(2, 6)]
    # under pressure the next level's roll; a pressured level 4 "must roll a 6"
    assert [table[str(n)][4].exact for n in (1, 2, 3, 4)] == \
        [Fraction(4, 6), Fraction(3, 6), Fraction(2, 6), Fraction(1, 6)]
    assert [table[str(n)][3].exact for n in (1, 2, 3, 4)] == \
        [Fraction(1, 6), Fraction(1, 6), Fraction(2, 6), Fraction(2, 6)]
    assert table["1"][1] == "5-15" and table["4"][1] == "50-65"


def test_field_goal_and_punt_by_hand():
    fg = rows("field-goal")
    # "if the ball is at the 20 yard line, the player must roll a value between 4 and 10":
    # 36 - (1 + 2) - (2 + 1) = 30 of 36; blocked on a Challenge of -5 or less: 1 v 6 only
    assert fg["20"][2].exact == Fraction(30, 36)
    assert fg["20"][3].exact == Fraction(1, 36)
    assert fg["20"][4].exact == Fraction(30, 36) * Fraction(35, 36)
    punt = rows("punt")
    # "targeting a 40 yard punt (target range of rolling 5-9)": 4+5+6+5+4 = 24 of 36
    assert punt["40"][2].exact == Fraction(24, 36)
    assert punt["40"][3].exact == Fraction(6, 36)          # 2, 3, 4: 1 + 2 + 3


def test_strategy_circle_by_hand():
    table = rows("strategy")
    # "1 will beat strategies 2, 4 and 5": wins 3 of 6, ties 1, loses 2
    assert (table["1"][2].exact, table["1"][3].exact, table["1"][4].exact) == \
        (Fraction(1, 2), Fraction(1, 3), Fraction(1, 6))


def test_tackle_and_fumble_by_hand():
    tackle = rows("tackle")
    # "If the result of a Challenge is negative or 0, the Defense has made a successful
    # tackle"; "-5 or -6, the ball is fumbled": with no bonus 1 v 6 is the only -5
    assert tackle["none"][1].exact == Fraction(15, 36)          # results 1..5: 5+4+3+2+1
    assert tackle["none"][3].exact == Fraction(1, 36)
    assert tackle["none"][2].exact == Fraction(20, 36)
    fumble = rows("fumble")
    # ties (6) stay with the fumbling team, higher rolls (15 each way) recover
    assert fumble["fumbling team"][1].exact == Fraction(21, 36)
    # "difference ... 4 or higher": 5-1, 6-1, 6-2 for each side
    assert fumble["other team"][2].exact == Fraction(3, 36)
