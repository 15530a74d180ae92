"""Fuzzing the reader and the verifier: random, record-like, truncated and shuffled text never
gives anything but findings or a ReadError that says where (line and column >= 1)."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import ReadError
from engine.postcard.bots import play_game
from engine.postcard.notation import parse
from engine.postcard.verify import verify_record
from tests.helpers import run_cli

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

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
    try:
        record = parse(text, "fuzz.rec")
        verify_record(record, "fuzz.rec")
    except ReadError as err:
        assert err.line >= 1 and err.column >= 1, (str(err), text)
        assert str(err).startswith("fuzz.rec:")
        assert "cannot follow this line" not in err.message, (str(err), text)  # engine bug


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


@SETTINGS
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
    assert result.code in (0, 1, 2), result
    if result.code == 2:
        assert result.stderr.startswith(f"printkit: error: {path}:"), result.stderr
        where = result.stderr.split(f"{path}:", 1)[1].split(":")
        assert int(where[0]) >= 1 and int(where[1]) >= 1, result.stderr
    else:
        assert "lines checked" in result.stdout
