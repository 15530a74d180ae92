"""BLOWOUT!!! and Luck of the Draw odds against counts made here from the deck lists and the
deal, PostCard season figures read from hand-written records, the interval helpers."""

from __future__ import annotations

from fractions import Fraction

from printkit_engine.blowout import odds as blowout
from printkit_engine.blowout.decks import load_decks
from printkit_engine.luckdraw import odds as luckdraw
from printkit_engine.luckdraw.deal import deal_shape
from printkit_engine.odds import GameStats
from printkit_engine.oddsmath import mean_interval, sum_dist, wilson
from printkit_engine.postcard.season import game_stats


def _table(tables, key):
    return {row[0]: row for row in next(t for t in tables if t.key == key).rows}


def test_blowout_yards_against_every_pair_of_cards():
    decks = load_decks()
    offense = [c for c in decks.deck("offense").cards for _ in range(c.count)]
    defense = [c.yards for c in decks.deck("defense").cards for _ in range(c.count)
               if c.type.key == "defensive_play"]
    table = _table(blowout.tables(), "yards")
    for kind, title in (("run", "RUN"), ("pass", "PASS")):
        plays = [c.yards for c in offense if c.type.key == kind]
        yards = []
        for o in plays:
            for d in defense:
                net = o + d
                yards.append(max(net, 0) if kind == "pass" else net)   # "PASS plays do not lose"
        n = len(yards)
        row = table[title]
        assert row[1].exact == Fraction(sum(yards), n)
        assert row[4].exact == Fraction(sum(y < 0 for y in yards), n)
        assert row[5].exact == Fraction(sum(y >= 10 for y in yards), n)
    assert table["PASS"][4].exact == 0


def test_blowout_by_card_and_field_goal_by_hand():
    by_card = _table(blowout.tables(), "by-card")
    # a RUN of 100 gains against every defensive play (none reaches -100 in the lists)
    assert by_card["R100"][6].exact == 0
    fg = _table(blowout.tables(), "field-goal")
    kicks = [c.yards for c in load_decks().deck("special").cards for _ in range(c.count)]
    # from the 30: the back of the end zone is 40 away; "more than" 40
    assert fg["30"][2].exact == Fraction(sum(k > 40 for k in kicks), len(kicks))
    assert fg["30"][1] == "41"


def test_blowout_field_goal_only_inside_field_goal_range(tmp_path):
    """B8: FIELD GOAL range is on or inside the opponent's 35; further out a SPECIAL TEAMS
    card is a punt, so the table (and `odds blowout field-goal`, the reference card) has
    yard lines 1 to 35 and no others; a rules file moving the red line moves the table."""
    from printkit_engine.blowout.rules import load_rules

    fg = _table(blowout.tables(), "field-goal")
    assert list(fg) == [str(n) for n in range(1, 36)]
    assert fg["35"][1] == "46" and fg["35"][2].exact == Fraction(5, 12)   # K50 x2, K55, K60, K65
    mine = tmp_path / "mine.toml"
    mine.write_text("[field]\nred_line = 25\n")
    assert list(_table(blowout.tables(load_rules(mine)), "field-goal"))[-1] == "25"


def test_luckdraw_deal_by_hand():
    table = _table(luckdraw.tables(), "deal")
    # 6 players: "the Quarterback automatically being dealt the PTD & INT cards, the other 5
    # players each being dealt 2 random cards & 4 cards being left on the sidelines"
    assert table["6"][1] == "2" and table["6"][2] == "2"
    assert table["6"][3].exact == Fraction(2, 14)
    assert table["6"][5].exact == Fraction(4, 14)
    for players, row in table.items():
        shape = deal_shape(int(players))
        assert (int(players) - 1) * row[3].exact + row[4].exact + row[5].exact == 1, shape


def test_sum_dist_by_enumeration():
    from itertools import combinations

    cards = [1, 1, 2, 3, 3, 3, 5]
    got = sum_dist(cards, 3)
    hands = list(combinations(range(len(cards)), 3))
    for total in range(0, 15):
        want = Fraction(sum(sum(cards[i] for i in h) == total for h in hands), len(hands))
        assert got.get(total, 0) == want


def test_intervals():
    share, (low, high) = wilson(40, 100)
    assert share == 0.4 and 0.30 < low < 0.31 and 0.49 < high < 0.51     # Wilson 95%: .309-.498
    mean, (lo, hi) = mean_interval([1, 2, 3, 4, 5])
    assert mean == 3 and abs((hi - lo) / 2 - 1.96 * (2.5 ** 0.5) / 5 ** 0.5) < 0.01


RECORD = """[Game "postcard"]
[Seed "t"]

toss H5 A1 = H {KO 0-0 T0/0 P0/0 B0/1}
kickoff A 2v6
fair {H 1&10 H5 0-0 T0/0 P0/0 B0/1}
rush 6v2 H4 A5 = stop {H 2&10 H5 0-0 T0/0 P1/0 B0/1}
rush 6v3 H5 A2 = +10
run H1 A3 = tackle {H 1&10 H15 0-0 T0/0 P2/1 B2/1}
rush 6v2 H2 A6 = fumble
fumble H3 A5+1 = A HxA {A 1&10 H15 0-0 T0/1 P4/1 B4/0}
pass 4v5 A6 H6 = +2
pressure H6 = L2
catch A4 = +0 TD HxA HxH {A TRY 0-6 T2/3 P3/0 B4/1}
try 1
fg A2 H6 = ok
kick A5,2 = good {A KO 0-7 T2/3 P3/0 B4/1}
"""


def test_season_figures_from_a_record():
    """Plays: six states written after the toss. Drives: H (no score), then A (fumble
    recovery, touchdown and kick: scored)."""
    assert game_stats(RECORD) == GameStats(plays=6, points=7, drives=2, scoring_drives=1)
