"""Fuzzing the grid game's reader and verifier: random, record-like, mutated and shuffled
text gives findings on lines of the text (an unreadable line is CG-REC-003 on its line),
never an exception."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from printkit_engine.cardgrid.bots import play
from printkit_engine.cardgrid.verify import verify_text
from printkit_engine.verify.record import split_lines
from tests.engine.cardgrid.records import LOG, SEEDED, SHEET
from tests.fuzzing import fuzz_settings

WORDS = ["H2:", "A11:", "H10:", "JH*", "QS", "10C", "2D", "KH", "5S", "AC", "=", ">", "lost",
         "kick", "touch", "dead", "against", "F", "T", "C", "C-", "P", "P-", "pen", "H", "A",
         "kick", "notouch", "scrum", "A2", "H3", "4-0", "0-6", "99-99", "shuffle", "H A",
         '[Seed "x"]', '[KickOff "H"]', '[Finish "10:40"]', '[Result "4-0"]', "#", ":", "*",
         "RJ", "BJ", "13", "0", "-1", "12", "scrum H2", "1-", "-0", "\t", "\u00a0"]


@cache
def sample() -> str:
    return play("fuzz-0001").text()


def check(text: str) -> None:
    report = verify_text(text, "fuzz.rec")
    lines = max(1, len(split_lines(text)))
    for f in report.findings:
        assert 1 <= f.line <= lines and f.rule.startswith("CG-"), f


@fuzz_settings(200)
@given(st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join))
def test_record_like_lines(line):
    check(f'[Finish "10:00"]\n{line}\n')
    check(f"{line}\n")


@fuzz_settings(150)
@given(which=st.integers(0, 3), at=st.integers(0, 1 << 16), cut=st.integers(0, 12),
       put=st.text(max_size=8))
def test_mutated_records(which, at, cut, put):
    text = (LOG, SEEDED, SHEET, sample())[which]
    at %= len(text) + 1
    check(text[:at] + put + text[at + cut:])


@fuzz_settings(20)          # a shuffled game fails on every line: ~0.5 s a record to read
@given(seed=st.integers(0, 10_000))   # every way the kernel keeps (8 readings a line)
def test_shuffled_lines(seed):
    lines = sample().splitlines()
    random.Random(seed).shuffle(lines)
    check("\n".join(lines))


@fuzz_settings(100)
@given(st.text(max_size=300))
def test_random_text(text):
    check(text)
