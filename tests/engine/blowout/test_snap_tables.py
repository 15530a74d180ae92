"""A snap's answer is kept in tables under the rules by what it depends on (engine/blowout/
snap.py: the slips by cards, sides and down; the yards by the cards' plan and the one question
about the spot that changes them). The same cards asked for on both sides of each boundary,
in an order that visits a region again after another, must give each spot its own answer:
the figures here are the rules' (rules.toml: penalty 5, END ZONE 10, red line 35) worked by
hand."""

from __future__ import annotations

from printkit_engine.blowout.notation import Line, Written
from printkit_engine.blowout.rules import load_rules
from printkit_engine.blowout.snap import resolve

SPOT = Written("H", 1, 10, 50, (0, 0))


def _line(off: str, de: str, response: tuple[str, str] | None = None) -> Line:
    return Line(1, "Q1", "H", off, de, response, 0, SPOT)


def _ask(line: Line, spots: list[int], down: int = 1) -> list[tuple[int, str]]:
    rules = load_rules()
    return [(s.yards, s.arithmetic) for s in (resolve(rules, down, tg, line) for tg in spots)]


def test_offsides_gains_five_or_half_the_distance_near_the_goal_line():
    assert _ask(_line("DP-OFS", "D50"), [30, 4, 6, 5, 30, 3]) == [
        (5, "OFFSIDES (DEFENSE): +5"),
        (2, "OFFSIDES (DEFENSE): 5 yards would reach the goal line, half the distance "
            "(4 / 2) = 2"),
        (5, "OFFSIDES (DEFENSE): +5"),
        (2, "OFFSIDES (DEFENSE): 5 yards would reach the goal line, half the distance "
            "(5 / 2) = 2"),
        (5, "OFFSIDES (DEFENSE): +5"),
        (1, "OFFSIDES (DEFENSE): 5 yards would reach the goal line, half the distance "
            "(3 / 2) = 1")]


def test_delay_of_game_loses_five_or_half_the_distance_to_its_own_goal_line():
    got = _ask(_line("R50", "OP-DOG"), [50, 97, 95, 94, 97])
    assert [y for y, _ in got] == [-5, -1, -2, -5, -1]          # room 3, 5, 6 behind the ball
    assert got[1][1].endswith("half the distance (3 / 2) = 1")


def test_pass_interference_full_yards_or_half_the_distance():
    got = _ask(_line("P30", "D50", ("H", "DP-PI")), [40, 30, 31, 12, 40])
    assert [y for y, _ in got] == [30, 15, 30, 6, 30]
    assert got[0][1] == "PASS INTERFERENCE: full YARDS GAINED 30"


def test_a_pass_past_the_back_of_the_end_zone_is_incomplete():
    # P90 against D10: +80; the back of the END ZONE is the spot + 10
    got = _ask(_line("P90", "D10"), [70, 69, 60, 75, 69])
    assert [y for y, _ in got] == [80, 0, 0, 80, 0]
    assert got[1][1] == ("P90 against D10: 90 - 10 = +80, past the back of the END ZONE "
                         "(69 + 10 = 79): incomplete (B9), +0")


def test_a_kick_is_a_field_goal_inside_the_red_line_else_a_punt():
    rules = load_rules()
    kinds = [resolve(rules, 4, tg, _line("K45", "D50")).kind for tg in (35, 36, 20, 60, 35)]
    assert kinds == ["fg", "punt", "fg", "punt", "fg"]


def test_a_kick_before_fourth_down_is_a_slip_that_names_the_down():
    rules = load_rules()
    found = [[(s.rule, s.found) for s in resolve(rules, down, 50, _line("K45", "D50")).slips]
             for down in (3, 4, 1, 3)]
    assert found == [[("BO-4TH-001", "K45 on down 3")], [], [("BO-4TH-001", "K45 on down 1")],
                     [("BO-4TH-001", "K45 on down 3")]]
