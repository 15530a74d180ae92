"""docs/notation.md and docs/rules/postcard.md stay in step with the engine."""

from __future__ import annotations

import re
from pathlib import Path

from engine.postcard.notation import VERBS
from engine.postcard.verify import verify_text

ROOT = Path(__file__).resolve().parents[3]
NOTATION = (ROOT / "docs" / "notation.md").read_text()
SECTION = NOTATION.split("## PostCard Football", 1)[1].split("\n## ", 1)[0]


def test_every_rule_id_in_the_engine_is_documented():
    code = "".join(p.read_text() for p in (ROOT / "engine" / "postcard").glob("*.py"))
    used = set(re.findall(r'"(PC-[A-Z]+-\d{3})"', code))
    documented = set(re.findall(r"`(PC-[A-Z]+-\d{3})`", SECTION))
    assert used and used == documented


def test_every_action_is_documented():
    table = SECTION.split("| action |", 1)[1].split("\n\n", 1)[0]
    for verb in VERBS:
        assert f"`{verb}" in table, verb


def test_the_example_verifies_clean():
    example = SECTION.split("### Example", 1)[1].split("```\n", 2)[1]
    report = verify_text(example, "example.rec")
    assert report.clean, report.to_text()
    assert report.lines_checked == 44


def test_play_decisions_are_numbered():
    rules = (ROOT / "docs" / "rules" / "postcard.md").read_text()
    ids = [int(n) for n in re.findall(r"\*\*P(\d+) ", rules)]
    assert ids == list(range(1, len(ids) + 1)) and len(ids) >= 20
