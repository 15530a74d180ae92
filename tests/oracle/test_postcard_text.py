"""The PostCard text oracle (tests/oracle/postcard_text.py) on hand-written records, simulated
games and planted slips; and against the verifier on mutated simulated records."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

from printkit_engine.postcard.game import GAME
from printkit_engine.postcard.verify import verify_text
from tests.engine.postcard import test_verify
from tests.engine.postcard.mutations import GAPS, MUTATIONS
from tests.engine.postcard.test_rule_coverage import TABLE, slipped
from tests.fuzzing import corpus
from tests.oracle.postcard_text import check

ROOT = Path(__file__).parents[2]
SIMULATED = corpus(120)           # 2,400 in make fuzz
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


@pytest.mark.fuzz
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


# What the verifier finds on a mutated record the text oracle calls clean, by rule id, and why
# the oracle cannot see it: it reads only the written states and markers (no dice, no charts,
# no strategy picks, no Bonus Bar within a play, no sequence of actions).
BEYOND_THE_TEXT = {
    "PC-DRAW-001": "a die that is not the play book's draw: the oracle reads no dice",
    "PC-RUSH-001": "a rushing result the dice do not give: the oracle reads no dice",
    "PC-RUN-001": "a tackle Challenge the dice do not give: the oracle reads no dice",
    "PC-PASS-001": "a passing Challenge the dice do not give: the oracle reads no dice",
    "PC-PASS-003": "a catch level the pressure die does not give: the oracle reads no dice",
    "PC-PASS-004": "yards after a catch the dice do not give: the oracle reads no dice",
    "PC-SCORE-002": "a TD marker the dice do not give: the oracle counts the markers",
    "PC-SPOT-001": "a spot the yards do not give: the oracle checks only that it is on the "
                   "field (the yards need the dice)",
    "PC-DOWN-001": "a down after a play the oracle cannot follow (a kick, a turnover, more "
                   "than one play between two states)",
    "PC-DOWN-002": "yards to go after a spot the oracle cannot check",
    "PC-PLAY-001": "the Play Tracker: the oracle does not read strategy picks",
    "PC-BONUS-001": "bonuses used beyond those held: the oracle reads the Bonus Bar only in "
                    "the states",
    "PC-KICK-006": "a fair catch or touchback the kick's landing does not allow: the oracle "
                   "does not place kicks",
    "PC-TRY-001": "a try for other than 1 or 2 points: the oracle does not read try values",
    "PC-SEQ-004": "a line left out between two states that agree with each other",
    "PC-REC-004": "a line written twice: its state, read again, agrees with itself",
    "PC-REC-003": "a line that cannot be read: the oracle reads around what it cannot read",
    "PC-END-002": "the line that ends the game left out: the oracle does not know when the "
                  "game is over",
}


@pytest.mark.parametrize("name", sorted({**MUTATIONS, **GAPS}))
def test_the_text_oracle_and_the_verifier_both_ways(name):
    """On mutated simulated records (one slip each): a record the text oracle flags, the
    verifier flags too (a slip the oracle sees and the replay misses would be a verifier
    defect); the oracle reads only states, so it may see a slip on the next state's line,
    never before it. And what the verifier finds on a record the oracle calls clean is a kind
    the oracle cannot see (BEYOND_THE_TEXT, with the reason)."""
    rng = random.Random(f"oracle|{name}")
    flagged = 0
    for number in range(40):
        mutated = {**MUTATIONS, **GAPS}[name](simulated(number).splitlines(), rng)
        if mutated is None:
            continue
        text = "\n".join(mutated[0]) + "\n"
        oracle = {s.line for s in check(text)}
        findings = verify_text(text, "m.rec").findings
        assert bool(oracle) <= bool(findings), (name, number, mutated[1], oracle)
        assert all(line >= mutated[1] for line in oracle), (name, number, mutated[1], oracle)
        if not oracle:
            unknown = {f.rule for f in findings} - set(BEYOND_THE_TEXT)
            assert not unknown, (name, number, mutated[1], unknown)
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
