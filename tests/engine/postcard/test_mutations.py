"""Property tests on bot-played records: every simulated record verifies clean, and every
mutation from the catalogue (tests/engine/postcard/mutations.py) is found on the line it
changed and nowhere else."""

from __future__ import annotations

import random
from functools import cache

import pytest

from printkit_engine.postcard.bots import game_seed, play_game
from printkit_engine.postcard.verify import verify_text
from tests.engine.postcard.mutations import MUTATIONS, draws_swapped
from tests.fuzzing import corpus

CLEAN_GAMES = corpus(80)          # 1,600 in make fuzz
MUTATED_GAMES = corpus(60)        # each mutation on as many records (1,200 in make fuzz)
CHUNKS = 4


@cache
def record(number: int) -> str:
    return play_game(game_seed("prop", number)).text()


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_simulated_records_verify_clean(chunk):
    size = CLEAN_GAMES // CHUNKS
    for number in range(chunk * size + 1, (chunk + 1) * size + 1):
        report = verify_text(record(number), f"prop-{number}.rec")
        assert report.clean, report.to_text()
        assert "final score" in report.summary()


@pytest.mark.fuzz
@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_mutation_found_on_its_line_only(name):
    mutate = MUTATIONS[name]
    applied = 0
    for number in range(1, MUTATED_GAMES + 1):
        lines = record(number).splitlines()
        mutated = mutate(lines, random.Random(f"{name}-{number}"))
        if mutated is None:
            continue
        out, changed = mutated
        applied += 1
        report = verify_text("\n".join(out) + "\n", "m.rec")
        where = sorted({f.line for f in report.findings})
        assert where == [changed], (name, number, out[changed - 1], report.to_text())
    assert applied >= MUTATED_GAMES // 2, f"{name} applied to only {applied} records"


@pytest.mark.parametrize("name", ["yards_off", "spot_off", "score_wrong", "fifth_bonus",
                                  "down_wrong", "to_go_wrong", "bonus_overused",
                                  "tracker_mark_missing", "play_mark_missing"])
def test_without_a_seed(name):
    """The same catalogue on records without a Seed tag. (A changed die is left out: without
    the play book it shows only where its effect does, which can be a later line.)"""
    mutate = MUTATIONS[name]
    for number in range(1, MUTATED_GAMES // 2 + 1):
        lines = [x for x in record(number).splitlines() if not x.startswith("[Seed")]
        mutated = mutate(lines, random.Random(f"noseed-{name}-{number}"))
        if mutated is None:
            continue
        out, changed = mutated
        report = verify_text("\n".join(out) + "\n", "m.rec")
        assert sorted({f.line for f in report.findings}) == [changed], report.to_text()


def test_draws_out_of_play_book_order():
    """A side's next two draws used the other way round: a finding on each of the two
    lines, none elsewhere (the rest of the record follows from the play book's dice)."""
    for number in range(1, MUTATED_GAMES + 1):
        lines = record(number).splitlines()
        out, first, second = draws_swapped(lines, random.Random(f"swap-{number}"))
        report = verify_text("\n".join(out) + "\n", "m.rec")
        assert sorted({f.line for f in report.findings}) == [first, second], report.to_text()
        assert {f.rule for f in report.findings} == {"PC-DRAW-001"}
