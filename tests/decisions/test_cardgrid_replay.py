"""The grid game's decision logs (issue 31): a hand-typed log replayed from the seed, its
planted slip and needless decision found on their rows; every bot game survives record ->
decisions -> replay unchanged and verifies clean.

The hand-typed log is the game tests/engine/cardgrid/records.py works out by hand as SEEDED
(play book "demo", home kicks off): passage 1 `H2: ... = pen H kick > A11` (home's cards
never reach grid 10: no field-goal choice); passage 2 `A11: 10D 5S 10S = T 0-4 C 0-6 > H2`
(away on grid 11, but 10D is no picture card: no choice; away's try and conversion, its new
score 6; possession changes and home shuffles); passage 3 `H2: ... = kick > A4`, the last
one played. So the log is `2 shuffle:H = 6` and `3`, and the replay writes SEEDED's lines.
"""

from __future__ import annotations

import pytest

from printkit_engine.cardgrid.bots import play, seed_of
from printkit_engine.cardgrid.decisions import decision_log, log_of_record
from printkit_engine.cardgrid.notation import record_text
from printkit_engine.cardgrid.verify import verify_text
from printkit_engine.decisions import read_log, replayed_record, verify_log
from printkit_engine.verify.record import Unread
from tests.engine.cardgrid.records import SEEDED
from tests.fuzzing import corpus

HAND = """[Game "cardgrid"]
[Log "decisions"]
[Seed "demo"]
[KickOff "H"]
[Finish "15:00"]
[Result "0-6"]

2 shuffle:H = 6
3
"""

# the same game with two slips: a field goal taken where passage 1 had no picture card on
# grid 10 or 11 (line 8), away's score written 7 after its try and conversion (line 9)
SLIPS = HAND.replace("2 shuffle:H = 6\n", "1 FG:yes\n2 shuffle:H = 7\n")


def _rows(text: str) -> tuple[dict[str, str], list]:
    record = read_log(decision_log(), text, "hand.txt")
    rows = [r.item for r in record.rows]
    assert not any(isinstance(r, Unread) for r in rows)
    return {k: v for k, v in record.tags.items() if k != "Log"}, rows


def test_hand_typed_log_replays_to_the_hand_worked_record() -> None:
    tags, rows = _rows(HAND)
    lines = replayed_record(decision_log(), tags, rows).split("\n\n", 1)[1].splitlines()
    want = [line for line in SEEDED.split("\n\n", 1)[1].splitlines()
            if not line.startswith("#")]
    assert lines == want
    assert verify_text(HAND, "hand.txt").findings == []


def test_hand_typed_slips_found_on_their_rows() -> None:
    report = verify_text(SLIPS, "slips.txt")
    found = [(f.line, f.rule, f.expected, f.found) for f in report.findings]
    assert found == [(8, "CG-DEC-002", "nothing", "FG:yes"),
                     (9, "CG-SCORE-001", "0-6 (0-4 + C 2 to A)", "0-7")]


def test_a_score_not_written_rows_out_of_order_no_kickoff() -> None:
    found = [(f.line, f.rule) for f in verify_text(HAND.replace(" = 6", ""), "x").findings]
    assert found == [(8, "CG-DEC-003")]
    found = [(f.line, f.rule) for f in
             verify_text(HAND.replace("3\n", "3\n1\n"), "x").findings]
    assert (10, "CG-DEC-004") in found
    found = [(f.line, f.rule) for f in
             verify_text(HAND.replace('[KickOff "H"]\n', ""), "x").findings]
    assert found[0] == (1, "CG-DEC-001")
    found = [(f.line, f.rule) for f in
             verify_text(HAND.replace('[Seed "demo"]\n', ""), "x").findings]
    assert found[0] == (1, "CG-DEC-005")


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(4))
def test_every_bot_game_round_trips(chunk: int) -> None:
    """100 bot games (2,000 in make fuzz): record -> decision log -> replay is the same
    record, and the log verifies clean."""
    log = decision_log()
    for k in range(1 + chunk, corpus(100) + 1, 4):
        game = play(seed_of("dec", k))
        record = record_text(game.tags, game.lines)
        text = log_of_record(record)
        tags, rows = _rows(text)
        assert replayed_record(decision_log(), tags, rows) == record, k
        assert verify_log(log, text, "x").findings == [], k
