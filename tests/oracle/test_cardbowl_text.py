"""The Card Bowl text oracle (tests/oracle/cardbowl_text.py) on the hand-written records and
their slips, and against the verifier on mutated records."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cardbowl.verify import verify_text
from tests.engine.cardbowl.mutate import mutations
from tests.oracle.cardbowl_text import check, gain

RECORDS = Path(__file__).parents[1] / "engine/cardbowl/records"
CLEAN = ["full_game.txt", "turnovers.txt"] + sorted(
    f"clean/{p.name}" for p in (RECORDS / "clean").glob("*.txt"))


def slips(name: str) -> list[tuple[int, str]]:
    return [(s.line, s.invariant) for s in check((RECORDS / name).read_text(encoding="utf-8"))]


@pytest.mark.parametrize("name", CLEAN)
def test_clean_records_keep_every_invariant(name):
    assert slips(name) == []


def test_the_rules_example_shows_its_two_printed_slips():
    """The rules' example as printed: 1 & 10 @ 43, pass 7, then 2 & 7 @ 50 (43 + 7 leaves 3
    to go), and 2 & 10 @ 23, run 6, then 3 & 4 @ 18 (23 - 6 is 17): the two lines the
    verifier's errata name (rules.toml), found here from the text alone."""
    assert slips("rules_example.txt") == [(18, "downs"), (24, "downs")]


# The slipped corpus: what the oracle sees, typed by hand (None: the invariants do not cover
# that slip; it is about cards, rules arithmetic or kick rules the text alone cannot know).
# The oracle puts a possession slip on the heading or --- line itself, the verifier on the
# play line after it: one line apart at most.
SLIPPED = {
    "arith.txt": [(3, "arith")],                  # 5 + 8 written = 14
    "distance.txt": [(4, "downs")],
    "down.txt": [(5, "downs")],
    "extra_separator.txt": [(4, "possession")],   # a --- after a 4-yard run
    "goal_as_number.txt": [(4, "downs")],
    "heading_after_punt.txt": [(9, "possession")],   # a punt, ---, Steelers again
    "third_team.txt": [(8, "team")],              # Colts: neither tag's team
    "third_team_first.txt": [(6, "team")],
    "third_team_twice.txt": [(8, "team")],
    "goal_short.txt": [(4, "downs")],
    "kick_return.txt": [(3, "spot")],             # to 3, 21 yd return to 25
    "line_left_out.txt": [(5, "downs")],          # 16 + 4, then 1 & 10 @ 49
    "repeated_line.txt": [(6, "downs")],          # 2 & 7 @ 23 again after run 2
    "no_separator.txt": [(4, "possession")],      # Cowboys after a lost fumble, no ---
    "other_td_left_out.txt": [(7, "score")],      # a try, no touchdown written before
    "safety_line_left_out.txt": [(8, "score")],   # a free kick, no safety written before
    "score.txt": [(3, "score")],                  # 7-0 after one TD
    "score_slip_then_td.txt": [(6, "score"), (7, "downs")],
    "td_line_left_out.txt": [(5, "score")],      # 7-0 after only a try
    "try_without_td.txt": [(4, "score")],
    "turnover_on_downs_missed.txt": [(12, "possession")],   # 4 & 4, run 2, 1 & 10 again
    "wrong_team.txt": [(5, "possession")],        # a punt, ---, then Steelers again
    "yard.txt": [(4, "downs")],                   # @ 24, pass 16, then @ 41
}
ERRORS = sorted(p.name for p in (RECORDS / "errors").glob("*.txt"))


@pytest.mark.parametrize("name", ERRORS)
def test_slipped_records_as_the_oracle_reads_them(name):
    assert slips(f"errors/{name}") == SLIPPED.get(name, [])


@pytest.mark.parametrize("name", ERRORS)
def test_the_verifier_finds_what_the_oracle_sees(name):
    text = (RECORDS / "errors" / name).read_text(encoding="utf-8")
    found = {f.line for f in verify_text(text, name).findings}
    for line, _ in slips(f"errors/{name}"):
        assert found & {line, line + 1}, (name, line, found)


@pytest.mark.parametrize("result,yards", [
    ("run 5", 5), ("run, -1", -1), ("18 pass + 5 = 23", 23), ("sack loss of 7", -7),
    ("pass inc.", 0), ("run, no gain", 0), ("sack -8", -8),
    ("run 2; 5 yrd pen. vs. d, auto 1 st down", None), ("punt 44, 6 yd return to 16", None)])
def test_plain_gains_read_by_the_oracle(result, yards):
    assert gain(result) == yards


def test_number_mutations_the_oracle_sees_the_verifier_finds():
    """tests/engine/cardbowl/mutate.py changes one number; a mutant the oracle flags must be
    a finding of the verifier (within a line)."""
    seen = 0
    for name in CLEAN:
        for text, line, what in mutations((RECORDS / name).read_text(encoding="utf-8")):
            oracle = {s.line for s in check(text)}
            if not oracle:
                continue
            seen += 1
            found = {f.line for f in verify_text(text, "m").findings}
            assert found, (name, line, what, oracle)
            assert min(oracle) >= line - 1, (name, line, what, oracle)
    assert seen > 40
