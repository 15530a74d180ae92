"""A BLOWOUT!!! state written without its score (`{H 2&5 H25}`): the verifier keeps the score
from the snaps, a score left off is never a finding, and the Result tag is checked against the
score the snaps give. The bubble log has no score bubbles for this reason (docs/bubblelog.md).

The record is the hand-written quarter of the bubble-log tests (its comments say how each
state was worked out, its Result is 12-0); every expectation below is typed by hand."""

from __future__ import annotations

import re
from pathlib import Path

from printkit_engine.blowout.verify import verify_text

QUARTER = Path(__file__).resolve().parents[2] / "omr" / "records" / "blowout_quarter.rec"
SCORE = re.compile(r" \d+-\d+\}")


def _without_scores(text: str) -> str:
    return SCORE.sub("}", text)


def _findings(text: str) -> list[tuple[int, str, str, str]]:
    report = verify_text(text, "q.rec")
    return [(f.line, f.rule, f.expected, f.found) for f in report.findings]


def test_the_quarter_without_scores_is_clean_and_ends_12_0():
    text = _without_scores(QUARTER.read_text())
    assert "{A 1&10 A20}" in text and "12-0}" not in text
    report = verify_text(text, "q.rec")
    assert report.findings == []
    assert report.summary_extra == "final score 12-0"


def test_a_wrong_result_is_found_against_the_snaps_score():
    text = _without_scores(QUARTER.read_text()).replace('[Result "12-0"]', '[Result "10-0"]')
    assert _findings(text)[-1][1:] == ("BO-END-001", "12-0", "10-0")


def test_a_wrong_spot_left_without_score_names_what_was_written():
    # line 11: "Q1 H R65 D60 +5 {H 4&10 H20 0-0}" -> the H25 written for the H20
    lines = _without_scores(QUARTER.read_text()).splitlines()
    assert lines[10] == "Q1 H R65 D60 +5 {H 4&10 H20}"
    lines[10] = "Q1 H R65 D60 +5 {H 4&10 H25}"
    assert _findings("\n".join(lines) + "\n") == [
        (11, "BO-SPOT-001", "{H 4&10 H20 0-0}", "{H 4&10 H25}")]


def test_a_touchdown_left_without_score_is_scored():
    # line 35: "Q1 H R100 D10 +90 {A 1&10 A20 12-0}": a touchdown, 7 points, A's ball on its 20
    lines = _without_scores(QUARTER.read_text()).splitlines()
    assert lines[34] == "Q1 H R100 D10 +90 {A 1&10 A20}"
    lines[34] = "Q1 H R100 D10 +90 {A 1&10 A25}"          # the restart spot wrong
    assert _findings("\n".join(lines) + "\n") == [
        (35, "BO-TD-001", "{A 1&10 A20 12-0}", "{A 1&10 A25}")]


def test_scores_written_on_some_lines_only_are_checked_where_written():
    # the score written on the touchdown's line only, wrongly (6 points for 7)
    lines = _without_scores(QUARTER.read_text()).splitlines()
    lines[34] = "Q1 H R100 D10 +90 {A 1&10 A20 11-0}"
    assert _findings("\n".join(lines) + "\n") == [
        (35, "BO-TD-001", "{A 1&10 A20 12-0}", "{A 1&10 A20 11-0}")]
