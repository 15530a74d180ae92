"""The PostCard text oracle (tests/oracle/postcard_text.py) on hand-written records, simulated
games and planted slips; and against the verifier on mutated simulated records."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

from engine.postcard.game import GAME
from engine.postcard.verify import verify_text
from tests.engine.postcard import test_verify
from tests.engine.postcard.mutations import MUTATIONS
from tests.engine.postcard.test_rule_coverage import TABLE, slipped
from tests.oracle.postcard_text import check

ROOT = Path(__file__).parents[2]
SIMULATED = 300
CHUNKS = 3


def _doc_example() -> str:
    text = (ROOT / "docs/notation.md").read_text(encoding="utf-8")
    return re.search(r'```\n(\[Game "postcard"\].*?)```', text, re.S).group(1)


def _records_dir() -> dict[str, str]:
    folder = ROOT / "tests/engine/postcard/records"
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("clean/*.rec"))}


HAND_WRITTEN = {"examples/game.rec": (ROOT / "examples/game.rec").read_text(encoding="utf-8"),
                "docs/notation.md example": _doc_example(),
                "test_verify.RECORD": test_verify.RECORD, **_records_dir()}


@pytest.mark.parametrize("name", sorted(HAND_WRITTEN))
def test_hand_written_clean_records_keep_every_invariant(name):
    assert check(HAND_WRITTEN[name]) == []


@cache
def simulated(number: int) -> str:
    return GAME.bots.play(GAME.bots.seed_of("oracle", number)).text()


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_simulated_games_keep_every_invariant(chunk):
    size = SIMULATED // CHUNKS
    for number in range(chunk * size, (chunk + 1) * size):
        assert check(simulated(number)) == [], number


def _edit(text: str, number: int, old: str, new: str) -> str:
    lines = text.splitlines()
    assert old in lines[number - 1], lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    return "\n".join(lines) + "\n"


GAME_REC = HAND_WRITTEN["examples/game.rec"]
# Slips planted in examples/game.rec, each with the invariant and line typed by hand. After a
# slip the oracle reads on from the written state or the one before it, so one slip is one
# slip here too.
PLANTED = [
    # the extra point makes 7-0; written 6-0
    ((25, "{H KO 7-0", "{H KO 6-0"), [(25, "score")]),
    # a touchdown without its TD marker: the 6-0 written is not scored by any line
    ((22, "+20 TD AxA AxA", "+20 AxA AxA"), [(22, "score")]),
    # one Time Tracker mark dropped, the state still says T0/2
    ((22, "TD AxA AxA", "TD AxA"), [(22, "time")]),
    # no kick, turnover or 4th down between lines 15 and 16, yet Away has the ball
    ((16, "{H 2&10 A35", "{A 2&10 A35"), [(16, "possession")]),
    # after 1&10 and a stop: 2nd down, written 3rd
    ((16, "{H 2&10 A35", "{H 3&10 A35"), [(16, "downs")]),
    # a stop leaves 10 to go; written 2&5
    ((16, "{H 2&10 A35", "{H 2&5 A35"), [(16, "downs")]),
    # A55 is not on the field
    ((15, "A35 0-0", "A55 0-0"), [(15, "spot")]),
    # a missed field goal scores nothing; written 7-3
    ((49, "{H 1&10 H35 7-0", "{H 1&10 H35 7-3"), [(49, "score")]),
    # a failed two-point try written as good (15-0) without a TD marker: the text allows 0
    # or 2 (it cannot see the yards), but the next state's 13-0 takes the two points back
    ((60, "{H KO 13-0", "{H KO 15-0"), [(62, "score")]),
    # the same try written 16-0: no reading gives 3 points
    ((60, "{H KO 13-0", "{H KO 16-0"), [(60, "score")]),
    # a Time Tracker count lowered: T0/3 after T0/2 and a mark, written T0/1
    ((49, "T0/3", "T0/1"), [(49, "time")]),
    # 3&10 at A40, then +15 and +5 to H40: a first down, written 4&10
    ((38, "{A 1&10 H40", "{A 4&10 H40"), [(38, "downs")]),
    # a bonus count over the Bonus Bar
    ((15, "B0/0}", "B5/0}"), [(15, "bonus")]),
]


@pytest.mark.parametrize("edit,want", PLANTED, ids=[f"{e[0]}:{e[2]}" for e, _ in PLANTED])
def test_planted_slips_are_caught_by_the_text_alone(edit, want):
    got = [(s.line, s.invariant) for s in check(_edit(GAME_REC, *edit))]
    assert got == want


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_what_the_text_oracle_sees_the_verifier_finds(name):
    """On mutated simulated records: a record the text oracle flags, the verifier flags too
    (a slip the oracle sees and the replay misses would be a verifier defect). The oracle
    reads only states, so it may see a slip on the next state's line, never before it."""
    rng = random.Random(f"oracle|{name}")
    flagged = 0
    for number in range(40):
        mutated = MUTATIONS[name](simulated(number).splitlines(), rng)
        if mutated is None:
            continue
        text = "\n".join(mutated[0]) + "\n"
        oracle = {s.line for s in check(text)}
        verifier = {f.line for f in verify_text(text, "m.rec").findings}
        assert bool(oracle) <= bool(verifier), (name, number, mutated[1], oracle, verifier)
        assert all(line >= mutated[1] for line in oracle), (name, number, mutated[1], oracle)
        flagged += bool(oracle)
    assert flagged or name in ("die_changed", "draw_order", "bonus_overused",
                               "play_mark_missing", "fifth_bonus", "yards_off")


# The PostCard rule-id slips (tests/engine/postcard/test_rule_coverage.py) as the oracle reads
# them, typed by hand: the slips the text alone can see, on the state that shows them (a TD
# or safety marker on line 12 shows in the score written on line 15). The rest need the dice.
ORACLE_ON_SLIPS = {
    "PC-BONUS-004": [(13, "bonus")], "PC-DOWN-001": [(19, "downs")],
    "PC-DOWN-002": [(19, "downs")], "PC-POSS-001": [(13, "possession")],
    "PC-SCORE-001": [(25, "score")], "PC-SCORE-002": [(15, "score")],
    "PC-SCORE-003": [(15, "score")], "PC-TIME-001": [(49, "time")],
    "PC-TIME-002": [(49, "time")], "PC-TIME-003": [(16, "time")],
    "PC-TIME-004": [(83, "time")],
}


def test_rule_id_slips_as_the_oracle_reads_them():
    for rule, (_, source, edit, (line, _, _)) in TABLE.items():
        text = slipped(source, edit)
        got = [(s.line, s.invariant) for s in check(text)]
        assert got == ORACLE_ON_SLIPS.get(rule, []), rule
        assert all(at >= line for at, _ in got), rule
