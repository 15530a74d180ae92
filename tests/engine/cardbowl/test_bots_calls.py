"""The bots' play path stays lean, counted rather than timed: the Python frames one whole
game runs are deterministic (a timing is not; bench/bench_cardbowl.py times the bots)."""

from __future__ import annotations

import gc
import sys
from collections import Counter
from types import FrameType

from printkit_engine.cardbowl.bots import play_game
from printkit_engine.cardbowl.rules import load_rules

SEED = "bench-0001"          # the bench's first game: about 210 plays


def _frames(seed: str) -> Counter[tuple[str, str]]:
    """(file name, function name) -> Python frames started while the game is played."""
    rules = load_rules()
    counts: Counter[tuple[str, str]] = Counter()

    def count(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            code = frame.f_code
            name = code.co_name
            if name == "<lambda>" and code.co_filename == "<string>":   # a NamedTuple's
                name = f"new {frame.f_locals['_cls'].__module__}"      # own constructor
            counts[code.co_filename.rsplit("/", 1)[-1], name] += 1

    # counted warm, as the bench plays games one after another: the first game in a process
    # also fills its caches and imports what it needs late (some 300 frames more), which
    # made the count depend on which tests ran before; and no garbage collected while
    # counting (a finalizer of an earlier test, a PDF closed, runs frames not the game's)
    play_game(seed, rules)
    gc.collect()
    gc.disable()
    sys.setprofile(count)
    try:
        play_game(seed, rules)
    finally:
        sys.setprofile(None)
        gc.enable()
    return counts


def test_a_game_makes_its_namedtuples_without_their_python_constructors():
    """A NamedTuple's own constructor is a Python function C runs in a frame of its own:
    the play path made about 1,400 of them a game (situation, hands, formation, read, call,
    field); now none."""
    counts = _frames(SEED)
    made = {name: n for (file, name), n in counts.items()
            if file == "<string>" and name.startswith("new printkit_engine.cardbowl")}
    assert made == {}
    assert counts["coach.py", "__new__"] == 0        # Situation(...): the loop calls situation()


def test_a_situations_clock_flags_are_fields_not_properties():
    counts = _frames(SEED)
    assert counts["coach.py", "late"] == 0
    assert counts["coach.py", "hurry"] == 0


def test_python_calls_a_game():
    """18,767 Python frames this game before the Situation, NamedTuple and Snap changes;
    15,512 after them (15,663 counted warm, the game played once first). A change that adds a
    call per play (about 210) still passes; one that adds two or more a play does not."""
    assert sum(_frames(SEED).values()) < 15_800
