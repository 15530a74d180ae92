"""Fuzzing the reader and the verifier: random, record-like, truncated and shuffled text never
gives anything but findings, each on a line of the record (an unreadable line is one of them,
`PC-REC-003`); an exception would be a bug in the engine."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from printkit_engine.postcard.bots import play_game
from printkit_engine.postcard.verify import verify_text
from printkit_engine.verify.record import split_lines
from tests.fuzzing import fuzz_settings
from tests.helpers import run_cli

SETTINGS = fuzz_settings(150)
# a record cut up in up to four places is read line by line through the readings of every
# line left out (engine/postcard/leftout.py): a tenth of a second or more each
EDITED = fuzz_settings(40)

WORDS = ["toss", "kickoff", "onside", "rush", "pass", "again", "pressure", "catch",
         "intercept", "ground", "sack", "fumble", "run", "punt", "fg", "fake", "kick", "fair",
         "touchback", "knee", "try", "H", "A", "=", "5v3", "1v1", "6v2", "H4", "A1", "H2/5",
         "A5,6", "H3+1", "A6+4", "H9", "HxA", "AxH", "+5", "+15", "-5", "0", "stop", "tackle",
         "fumble", "pen O 10", "pen D 5", "int", "inc", "grounding", "held", "ok", "blocked",
         "good", "miss", "on", "short 2", "long 1", "L1", "L5", "H+5", "A", "tie", "TD",
         "safety", "40", "1", "2", "{H 1&10 H25 0-0 T0/0 P0/0 B0/0}", "{KO}", "{A 4&G A5}",
         "{END 7-3}", "{B5/0}", "; note", "{", "}", "[", "]", '"', "12."]


@cache
def sample_record() -> str:
    return play_game("fuzz-0001").text()


def check(text: str) -> None:
    report = verify_text(text, "fuzz.rec")
    last = max(1, len(split_lines(text)))
    assert all(1 <= f.line <= last for f in report.findings), (report.to_text(), text)


@SETTINGS
@given(st.text(max_size=300))
def test_random_text(text):
    check('[Game "postcard"]\n' + text)
    check(text)


@SETTINGS
@given(st.lists(st.lists(st.sampled_from(WORDS), max_size=8), max_size=30))
def test_record_like_text(lines):
    check('[Game "postcard"]\n' + "\n".join(" ".join(words) for words in lines))


@SETTINGS
@given(st.integers(min_value=0, max_value=100_000))
def test_truncated_records(cut):
    text = sample_record()
    check(text[: cut % (len(text) + 1)])


@EDITED
@given(st.integers(min_value=0, max_value=2**32))
def test_lines_dropped_repeated_or_swapped(seed):
    rng = random.Random(seed)
    lines = sample_record().splitlines()
    for _ in range(rng.randint(1, 4)):
        i, j = rng.randrange(8, len(lines)), rng.randrange(8, len(lines))
        action = rng.choice(("drop", "repeat", "swap"))
        if action == "drop":
            del lines[i]
        elif action == "repeat":
            lines.insert(i, lines[j])
        else:
            lines[i], lines[j] = lines[j], lines[i]
    check("\n".join(lines))


@settings(max_examples=25, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('HAx=+-{}[]"; \n0123456789&/vkoprustG')),
               max_size=200))
def test_cli_exit_codes(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("fuzz") / "f.rec"
    path.write_text('[Game "postcard"]\n' + text, encoding="utf-8")
    result = run_cli("verify", str(path))
    assert result.code in (0, 1), result          # 2 only for a file that is not text
    assert "lines checked" in result.stdout and result.stderr == ""
