"""Fuzzing the BLOWOUT!!! reader and verifier: random, record-like, truncated and shuffled
text gives findings or a ReadError that says where (line and column >= 1), never anything
else, and never the engine's "cannot follow this line" (that would be an engine bug)."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from printkit_engine.blowout.bots import play_game
from printkit_engine.blowout.verify import verify_text
from printkit_engine.errors import ReadError
from tests.fuzzing import fuzz_settings

WORDS = ["Q1", "Q2", "Q4", "1H", "2H", "OT1", "OT9", "H", "A", "R70", "R100", "P15", "P100",
         "D65", "D10", "K45", "K25", "DP-OFS", "DP-PI", "DP-HLD", "OP-DOG", "OP-OFS", "INT",
         "FUM", "SACK", "CHAL", "H:CHAL", "A:CHAL", "H:DP-PI", "A:SACK", "+5", "-10", "0",
         "+90", "-55", "{H 1&10 H20 0-0}", "{A 4&1 A1 99-0}", "{H 1&10 50 7-7}", "{A 2&5}",
         "{", "}", "; note", '[Seed "demo"]', '[Length "halves"]', '[Length "quarter"]',
         '[Result "7-0"]', "[", "]", '"', "X9", "Q0"]


@cache
def sample_record() -> str:
    return play_game("fuzz-0001").text()


def check(text: str) -> None:
    try:
        verify_text(text, "fuzz.rec")
    except ReadError as err:
        assert err.line >= 1, (str(err), text)
        assert str(err).startswith("fuzz.rec:")
        assert "cannot follow this line" not in err.message, (str(err), text)


@fuzz_settings(120)
@given(st.text(max_size=300))
def test_random_text(text):
    check('[Game "blowout"]\n' + text)


@fuzz_settings(200)
@given(st.lists(st.lists(st.sampled_from(WORDS), max_size=9), max_size=12))
def test_record_like_lines(rows):
    check('[Game "blowout"]\n' + "\n".join(" ".join(r) for r in rows))


@fuzz_settings(60)
@given(st.integers(0, 10_000), st.integers(0, 3))
def test_mutated_simulated_records(seed, edits):
    rng = random.Random(seed)
    lines = sample_record().splitlines()
    for _ in range(edits + 1):
        i = rng.randrange(len(lines))
        what = rng.randrange(4)
        if what == 0:
            del lines[i]
        elif what == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif what == 2:
            words = lines[i].split(" ")
            words[rng.randrange(len(words))] = rng.choice(WORDS)
            lines[i] = " ".join(words)
        else:
            lines[i], lines[-1] = lines[-1], lines[i]
    check("\n".join(lines))
