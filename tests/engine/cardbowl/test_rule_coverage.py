"""Every Card Bowl rule id (docs/notation.md) has a hand-written clean record that exercises
its situation (the line named here, matched by the pattern typed here) and a hand-written
slipped record in records/errors/ whose `; expect:` line, typed by hand, is exactly what the
verifier finds (test_verify.test_error_record_gives_exactly_its_findings checks the findings;
this test checks the coverage and that one slip gives one finding).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit_engine.cardbowl.verify import verify_text

RECORDS = Path(__file__).parent / "records"
NOTATION = Path(__file__).parents[3] / "docs/notation.md"

# rule id: (clean record, a pattern its text must hold: the situation the rule checks,
#           slipped record under errors/)
TABLE: dict[str, tuple[str, str, str]] = {
    "CB-DOWN-001": ("rules_example.txt", r"2 & 8 @ 42\trun, -1", "down.txt"),
    "CB-DIST-001": ("rules_example.txt", r"2 & 3 @ 29", "distance.txt"),
    "CB-GOAL-001": ("turnovers.txt", r"1 & goal @ 5", "goal_as_number.txt"),
    "CB-GOAL-002": ("turnovers.txt", r"1 & goal @ 2", "goal_short.txt"),
    "CB-YARD-001": ("rules_example.txt", r"1 & 10 @ 40\trun 2", "yard.txt"),
    "CB-LINE-001": ("full_game.txt", r"1 & 10 @ 16\trun 4\n2 & 6 @ 20\tpass 31\n1 & 10 @ 49",
                    "line_left_out.txt"),
    "CB-ARITH-001": ("rules_example.txt", r"run 5 \+ 8 = 13", "arith.txt"),
    "CB-POSS-001": ("full_game.txt", r"fumble, D recovers|pass int\. 12", "no_separator.txt"),
    "CB-POSS-002": ("clean/onside_recovered.txt", r"K recovers\n1 & 10", "extra_separator.txt"),
    "CB-POSS-003": ("turnovers.txt", r"4 & 8 @ 29\tpass 3\n---\nSteelers", "wrong_team.txt"),
    "CB-POSS-004": ("full_game.txt", r'\[Away "Cowboys"\]', "third_team.txt"),
    "CB-PEN-001": ("rules_example.txt", r"pen\. vs\. D, auto 1", "auto_vs_offense.txt"),
    "CB-PEN-002": ("full_game.txt", r"10 yd pen\. vs\. O", "penalty_yards.txt"),
    "CB-TD-001": ("full_game.txt", r"1 & 10 @ 30\trun 30, TD", "td_short.txt"),
    "CB-TD-002": ("full_game.txt", r"2 & goal @ 5\tpass 5, TD", "td_past_goal.txt"),
    "CB-SAFE-001": ("full_game.txt", r"3 & 22 @ 15\tsack -15, safety", "safety_short.txt"),
    "CB-SCORE-001": ("full_game.txt", r"7-2 Steelers", "score.txt"),
    "CB-FG-001": ("rules_example.txt", r"4 & 6 @ 20\t38 yd FG good", "fg_distance.txt"),
    "CB-TRY-001": ("full_game.txt", r"TD\t6-0 Steelers\nTry", "try_without_td.txt"),
    "CB-TRY-002": ("full_game.txt", r"2 pt\tpass 3, good", "conversion_short.txt"),
    "CB-KICK-002": ("full_game.txt", r"to 4, 20 yd return to 24", "kick_return.txt"),
    "CB-KICK-003": ("full_game.txt", r"Halftime\n\n---\n\n#### Cowboys\n\nKickoff",
                    "kick_without_score.txt"),
    "CB-KICK-004": ("turnovers.txt", r"Kickoff\tto -4, touchback", "touchback_in_field.txt"),
    "CB-PUNT-001": ("full_game.txt", r"punt 44, 6 yd return to 16", "punt_return.txt"),
    "CB-CARD-001": ("full_game.txt", r"to 4, .*cards: JS 4D", "card_kick.txt"),
    "CB-CARD-002": ("full_game.txt", r"cards: 3D KS / 9S / JS 10D 3H 4C", "card_return.txt"),
    "CB-CARD-003": ("full_game.txt", r"cards deal 1124: QS AD KH 3H / 7D / 9S 4D",
                    "card_punt.txt"),
    "CB-CARD-004": ("full_game.txt", r"kick good\t7-0 Steelers\tcards: QS 6D RJ 5C 2S 3D KD",
                    "card_fg.txt"),
    "CB-CARD-005": ("full_game.txt", r"FG no good\tcards deal 42: 4H 5C 7D 4D 3C 8H",
                    "card_count.txt"),
    "CB-CARD-006": ("full_game.txt", r'\[Seed "demo"\]', "card_seed.txt"),
    "CB-CARD-007": ("full_game.txt", r"cards: QS 6D RJ 5C 2S 3D KD", "card_twice.txt"),
    "CB-CARD-008": ("full_game.txt", r"2 & 7 @ 27\tpass 12\n", "card_not_kick.txt"),
    "CB-CARD-009": ("clean/kick_returns.txt", r"7D 8H 3C QS / 2D 4H", "card_ofr_none.txt"),
    "CB-CARD-010": ("clean/kick_returns.txt", r"punt 32, fair catch\tcards: 9H 8S",
                    "card_punt_fair_catch.txt"),
}

_EXPECT = re.compile(r"^; expect: (\d+) (CB-[A-Z]+-\d{3}) ", re.M)


def test_every_documented_rule_id_is_in_the_table():
    documented = set(re.findall(r"^\| `(CB-[A-Z]+-\d{3})` \|",
                                NOTATION.read_text(encoding="utf-8"), re.M))
    # a decision log's own ids (CB-DEC-00N) come from replaying a log, not from a record's
    # lines: tests/decisions/test_cardbowl_replay.py gives them from hand-typed logs
    assert documented - {f"CB-DEC-00{n}" for n in range(1, 8)} == set(TABLE)


@pytest.mark.parametrize("rule", sorted(TABLE))
def test_clean_record_exercises_the_rule_and_verifies_clean(rule):
    name, pattern, _ = TABLE[rule]
    text = (RECORDS / name).read_text(encoding="utf-8")
    assert re.search(pattern, text), (rule, name, pattern)
    report = verify_text(text, name)
    assert report.clean, report.to_text()


@pytest.mark.parametrize("rule", sorted(TABLE))
def test_slipped_record_states_one_finding_of_the_rule(rule):
    text = (RECORDS / "errors" / TABLE[rule][2]).read_text(encoding="utf-8")
    assert [m[2] for m in _EXPECT.finditer(text)] == [rule]


def test_one_slip_one_finding_over_the_slipped_corpus():
    """Each slipped record holds one slip (but the one that shows two slips in a row) and
    gives exactly one finding."""
    for path in sorted((RECORDS / "errors").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        planted = len(_EXPECT.findall(text))
        assert len(verify_text(text, path.name).findings) == planted, path.name
        assert planted == 1 or path.name == "score_slip_then_td.txt"
