"""docs/notation.md and docs/rules/postcard.md stay in step with the engine and the rules
data."""

from __future__ import annotations

import re
from pathlib import Path

from printkit_engine.postcard.notation import VERBS, outcome_help
from printkit_engine.postcard.rules import load_rules
from printkit_engine.postcard.verify import verify_text

ROOT = Path(__file__).resolve().parents[3]
NOTATION = (ROOT / "docs" / "notation.md").read_text()
SECTION = NOTATION.split("## PostCard Football", 1)[1].split("\n## ", 1)[0]


def test_every_rule_id_in_the_engine_is_documented():
    code = "".join(p.read_text() for p in (ROOT / "engine" / "postcard").glob("*.py"))
    used = set(re.findall(r'"(PC-[A-Z]+-\d{3})"', code))
    kernel = {"PC-END-001", "PC-END-002"}      # the verifier kernel's end checks, PC-prefixed
    documented = set(re.findall(r"`(PC-[A-Z]+-\d{3})`", SECTION))
    assert used and not used & kernel and used | kernel == documented


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


# -- the values the docs quote are the rules file's ----------------------------------------
R = load_rules()
DECISIONS = " ".join((ROOT / "docs" / "rules" / "postcard.md").read_text().split())


def _range(low: int, high: int) -> str:
    return f"{low}-{high}" if low != high else str(low)


def test_notation_lists_the_team_skills_of_the_rules():
    row = next(line for line in SECTION.splitlines() if line.startswith("| `[HomeSkill"))
    assert re.findall(r"`([a-z]+-[a-z]+)`", row) == list(R.team_skill.names)


def test_notation_lists_the_rushing_outcomes_of_the_chart():
    row = next(line for line in SECTION.splitlines() if line.startswith("| `rush "))
    words = outcome_help("rush", R).replace(" or ", ", ").split(", ")
    assert row.rstrip(" |").endswith(", ".join(f"`{w}`" for w in words))


def test_decisions_quote_the_catch_levels():
    text = ", ".join(
        f"{lv.level} = {'results ' if lv.level == 1 else ''}{lv.first}-{lv.last} "
        f"({_range(*R.level_yards(lv))} yd, catch {lv.catch}-6)"
        for lv in R.passing.levels if lv.first)
    assert f"Levels: {text}" in DECISIONS


def test_decisions_quote_the_field_goal_ranges_and_punt_targets():
    ranges = ", ".join(f"{r.spot}: {_range(r.low, r.high)}" for r in R.field_goal.ranges)
    assert f"Ranges: {ranges}." in DECISIONS
    targets = ", ".join(f"{t.distance}: {_range(t.low, t.high)} ({t.bonus})"
                        for t in R.punt.targets)
    assert f"Targets (distance: 2d6 range, bonus): {targets}." in DECISIONS


def test_decisions_quote_the_time_tracker_stars():
    stars = ", ".join(map(str, R.time_tracker.stars))
    assert f"with {stars} stars" in DECISIONS
