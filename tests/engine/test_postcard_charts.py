"""The PostCard charts in engine/ against every worked example in the rules text."""

from __future__ import annotations

from itertools import combinations

import pytest

from printkit_engine.errors import ReadError
from printkit_engine.postcard.rules import load_rules

R = load_rules()


def test_strategy_circle_completion_and_stars():
    assert R.strategy.beats == {1: (2, 4, 5), 2: (3, 6), 3: (1, 4, 6), 4: (2, 5), 5: (2, 3, 6),
                                6: (1, 4)}
    assert R.strategy.stars == {1: 1, 2: 2, 3: 1, 4: 2, 5: 1, 6: 2}
    # "Strategy number 5 beats number 3, so Defense gains a bonus of 1"
    assert R.strategy_winner(3, 5) == 5 and R.strategy.stars[5] == 1
    # every pair of different numbers has exactly one winner
    for a, b in combinations(range(1, 7), 2):
        assert (b in R.strategy.beats[a]) != (a in R.strategy.beats[b])
    assert R.strategy_winner(4, 4) is None
    assert [R.play_type(n) for n in range(1, 7)] == ["rush", "pass", "pass", "pass", "rush",
                                                       "rush"]


@pytest.mark.parametrize("offense,defense,outcome,yards", [
    (4, 2, "gain", 10),       # Rushing Example 1: result 2, 10 yards
    (2, 4, "stopped", 0),     # Rushing Example 2: result -2, no change
    (1, 8, "fumble", -5),     # Rushing Example 3: -7 treated as -6, fumble, loss of 5 (C2)
    (3, 3, "stopped", 0),
    (6, 1, "gain", 15),       # beyond +3: set at the limit
    (1, 6, "loss", -5),       # -5: tackled 5 yards behind
])
def test_rushing_examples(offense, defense, outcome, yards):
    row = R.rushing.row(offense - defense)
    assert (row.outcome, row.yards) == (outcome, yards)


def test_passing_example_1_result_5_is_25_yards_level_2_catch_3_to_6():
    result = (4 - 1) + 2
    level = R.passing.level_of(result)
    assert R.throw_yards(result) == 25
    assert level.level == 2 and level.catch == 3 and level.pressure == 6
    # Defense rolls 4: no extra pressure; Offense catches with 5; catch - pressure = 1 -> 5 yd
    assert level.pressure > 4 and level.catch <= 5


def test_passing_example_2_negative_made_positive_is_level_3_then_pressured_to_4():
    step1 = 4 - 5
    result = step1 + 5 // 2
    assert result == 1 and R.throw_yards(result) == 5
    level = R.passing.level(R.passing.negative_to_positive_level)
    assert level.level == 3 and level.pressure == 5     # "the Defense must roll at 5 or 6"
    pressured = R.passing.level(level.level + 1)
    assert pressured.catch == 5                          # "they need to roll a 5 or a 6"
    assert pressured.catch > 4                           # they roll a 4: no catch
    assert R.passing.interception_pressure <= 6
    assert R.passing.interception_roll == 6


def test_passing_example_3_sack_for_5_and_no_strip_on_9():
    result = (1 - 6) + 2 // 2
    row = R.passing.row(result)
    assert result == -4 and (row.outcome, row.yards) == ("sack", -5)
    assert 9 not in R.passing.sack_strip
    assert R.passing.sack_strip == (11, 12)


def test_passing_example_4_minus_3_is_an_interception_chance():
    result = (2 - 8) + 6 // 2
    assert result == -3 and R.passing.row(result).outcome == "interception_chance"


def test_passing_chart_limits_and_levels():
    assert R.passing.row(-9).yards == -15
    assert R.throw_yards(20) == 65
    assert [(lv.level, R.level_yards(lv), lv.catch) for lv in R.passing.levels[:4]] == [
        (1, (5, 15), 2), (2, (20, 30), 3), (3, (35, 45), 4), (4, (50, 65), 5)]
    assert R.passing.level(5).catch == 6                          # pressured level 4
    assert [R.passing.row(r).outcome for r in (0, -1)] == ["incomplete"] * 2


def test_tackle_chart():
    assert (R.tackle.row(6 - 2).outcome, R.tackle.row(4).yards) == ("gain", 20)  # 4 spaces
    assert R.tackle.row(3 - 5).outcome == "tackle"
    assert [R.tackle.row(r).outcome for r in (-5, -6, -7)] == ["fumble"] * 3
    assert (R.tackle.row(8).outcome, R.tackle.row(8).yards) == ("penalty_offense", 10)
    assert (R.tackle.row(9).outcome, R.tackle.row(9).yards) == ("penalty_offense", 15)
    assert (R.tackle.row(-8).outcome, R.tackle.row(-9).yards) == ("penalty_defense", 15)
    assert R.tackle.row(12).outcome == "penalty_offense"  # set at the limit


def test_field_goal_20_yard_line_needs_4_to_10():
    fg = R.field_goal.at(20)
    assert (fg.low, fg.high) == (4, 10)
    assert fg.contains(4) and fg.contains(10) and not fg.contains(3) and not fg.contains(11)
    assert R.field_goal.at(55) is None
    assert R.field_goal.at(R.scoring.extra_point_spot) is not None


def test_punt_40_targets_5_to_9_with_bonus_3():
    punt = R.punt.target(40)
    assert (punt.low, punt.high, punt.bonus) == (5, 9, 3)
    assert punt.miss_by(11) == 2       # "you are two higher. Move the ball 2 spots (10 yards)"
    assert punt.miss_by(2) == -3       # "3 lower. Move the ball 3 spots (15 yards)"
    assert punt.miss_by(7) == 0
    assert [p.distance for p in R.punt.targets] == list(range(20, 75, 5))


def test_kickoff_dice_spots():
    assert [(k.die, k.yard_line) for k in R.kickoff.spots] == [
        (1, 10), (2, 5), (3, 0), (4, -5), (5, -5), (6, -5)]
    assert all(k.bonus >= 1 for k in R.kickoff.spots)
    assert [R.onside.spot(d).distance for d in range(1, 7)] == [10, 10, 15, 15, 20, 20]


def test_trackers_and_bonus_cap():
    assert R.time_tracker.circles == 7
    assert R.play_tracker.circles == 9
    assert R.bonus.max == 4


def test_players_card_values_override(tmp_path):
    own = tmp_path / "mycard.toml"
    own.write_text('[field_goal]\nranges = [ { spot = 20, low = 5, high = 9 } ]\n')
    mine = load_rules(own)
    assert (mine.field_goal.at(20).low, mine.field_goal.at(20).high) == (5, 9)
    assert mine.field_goal.at(30) is None
    assert load_rules().field_goal.at(20).low == 4    # the shipped rules are untouched


def test_players_card_unknown_key_is_a_read_error_with_line(tmp_path):
    own = tmp_path / "bad.toml"
    own.write_text('[punt]\nsnap_back = 15\nwobble = 3\n')
    with pytest.raises(ReadError) as err:
        load_rules(own)
    assert err.value.line == 3 and "punt.wobble" in str(err.value)
