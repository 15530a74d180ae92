"""The one-step reading of a plain line from scrimmage (steps.follows) gives the state, and
only where the full reading (steps.any_play) finds nothing: on every line of whole bot games,
of those games with one number changed on a line (tests/engine/cardbowl/mutate.py) and of the
hand-written and defect records, both readings are made from every state the kernel steps and
must be equal wherever the one-step reading answers."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from printkit_engine.cardbowl import steps
from printkit_engine.cardbowl.bots import game_seed, play_game
from printkit_engine.cardbowl.verify import RULEBOOK
from printkit_engine.verify import kernel
from tests.engine.cardbowl.mutate import mutations

HERE = Path(__file__).parent
RECORDS = sorted((HERE / "records").rglob("*.txt")) + \
    sorted((HERE.parents[1] / "handwritten" / "cardbowl").glob("*.rec"))


def _compared(text: str, counts: dict[str, int]) -> None:
    """Walk `text`, making both readings at every scrimmage line; counts the lines each
    way."""
    def step(s, entry):
        if entry.kind == "play" and entry.name == "scrimmage":
            plain = steps.follows(s, entry)
            if plain is None:
                counts["full"] += 1
            else:
                counts["plain"] += 1
                assert plain == steps.any_play(s, entry), entry.text
        return steps.step(s, entry)

    book = replace(RULEBOOK, step=step)
    kernel.verify(book, text, "r.rec")


def test_bot_games_are_read_the_same_both_ways_and_mostly_in_one_step():
    counts = {"plain": 0, "full": 0}
    for k in range(1, 9):
        _compared(play_game(game_seed("follows", k)).text(), counts)
    # a bot game's lines from scrimmage nearly all follow the line before plainly
    assert counts["plain"] > 3 * counts["full"] > 0, counts


def test_games_with_a_number_changed_are_read_the_same_both_ways():
    counts = {"plain": 0, "full": 0}
    for k in range(1, 3):
        text = play_game(game_seed("follows-mutated", k)).text()
        for mutated, _line, _what in list(mutations(text))[::7]:
            _compared(mutated, counts)
    assert counts["plain"] > 0 and counts["full"] > 0, counts


def test_hand_written_and_defect_records_are_read_the_same_both_ways():
    counts = {"plain": 0, "full": 0}
    for path in RECORDS:
        _compared(path.read_text(encoding="utf-8"), counts)
    assert counts["plain"] > 0 and counts["full"] > 0, counts
