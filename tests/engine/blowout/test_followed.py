"""The one-pass reading of a snap line with nothing to report (steps._followed) gives the
state the full reading (steps._snap) gives, and only where the full reading finds nothing and
keeps no other reading: on every line of whole bot games, of those games with one number or
card changed on a line, and of the shipped and hand-written records, both readings are made
from every state the kernel steps and must agree wherever the one-pass reading answers."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from pathlib import Path

from printkit_engine.blowout import steps
from printkit_engine.blowout.bots import game_seed, play_game
from printkit_engine.blowout.verify import RULEBOOK
from printkit_engine.verify import kernel

ROOT = Path(__file__).resolve().parents[3]
RECORDS = [ROOT / "examples" / "blowout.rec",
           *sorted((ROOT / "tests" / "handwritten" / "blowout").glob("*.rec"))]


def _compared(text: str, counts: dict[str, int]) -> None:
    """Walk `text`, making both readings at every snap line; counts the lines each way."""
    def step(state, line):
        fast = steps._followed(state, line)
        if fast is None:
            counts["full"] += 1
        else:
            counts["fast"] += 1
            full = steps._snap(state, line)
            assert (full.state, full.findings, full.alternatives) == (fast, (), ()), \
                line.text()
        return steps.step(state, line)

    kernel.verify(replace(RULEBOOK, step=step), text, "r.rec")


def _changed(text: str, rng: random.Random) -> str:
    """`text` with one snap line's number changed (a yard, a down, a spot, a score)."""
    lines = text.split("\n")
    snaps = [k for k, t in enumerate(lines) if re.search(r"\{.*\d.*\}", t)]
    k = rng.choice(snaps)
    digits = [m.start() for m in re.finditer(r"\d", lines[k])]
    at = rng.choice(digits)
    lines[k] = lines[k][:at] + str((int(lines[k][at]) + rng.randint(1, 9)) % 10) + \
        lines[k][at + 1:]
    return "\n".join(lines)


def test_bot_games_are_read_the_same_both_ways_and_mostly_in_one_pass():
    counts = {"fast": 0, "full": 0}
    for k in range(1, 7):
        _compared(play_game(game_seed("followed", k)).text(), counts)
    # a bot game's snap lines nearly all have nothing to report
    assert counts["fast"] > 3 * counts["full"] > 0, counts


def test_games_with_a_number_changed_are_read_the_same_both_ways():
    counts = {"fast": 0, "full": 0}
    rng = random.Random("followed-changed")
    for k in range(1, 3):
        text = play_game(game_seed("followed-changed", k)).text()
        for _ in range(40):
            _compared(_changed(text, rng), counts)
    assert counts["fast"] > 0 and counts["full"] > 0, counts


def test_shipped_and_hand_written_records_are_read_the_same_both_ways():
    counts = {"fast": 0, "full": 0}
    for path in RECORDS:
        _compared(path.read_text(encoding="utf-8"), counts)
    assert counts["fast"] > 0 and counts["full"] > 0, counts
