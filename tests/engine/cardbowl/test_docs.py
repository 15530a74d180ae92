"""docs/notation.md (Card Bowl section) and docs/rules/cardbowl.md stay in step with the
engine: every rule id the engine gives is documented, decisions are numbered in order, and
the decisions the engine and its tests cite exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SECTION = (ROOT / "docs" / "notation.md").read_text().split("## Card Bowl", 1)[1] \
    .split("\n## ", 1)[0]
RULES = (ROOT / "docs" / "rules" / "cardbowl.md").read_text()
CODE = "".join(p.read_text() for p in (ROOT / "engine" / "cardbowl").glob("*.py"))


def test_every_rule_id_in_the_engine_is_documented_in_the_table():
    used = set(re.findall(r'"(CB-[A-Z]+-\d{3})"', CODE))
    table = set(re.findall(r"^\| `(CB-[A-Z]+-\d{3})` \|", SECTION, re.M))
    assert used == table and len(table) == 41        # 34, and the decision log's seven
    # the kernel's ids (every game's, XX-REC-00N) are not repeated in the game's table
    assert not any(rule.startswith(("CB-REC-", "CB-END-")) for rule in table)


def test_decisions_are_numbered_in_order():
    ids = [int(n) for n in re.findall(r"^##?#? C(\d+)\. ", RULES, re.M)]
    assert ids == list(range(1, len(ids) + 1)) and len(ids) >= 16


def test_decisions_cited_exist():
    tests = "".join(p.read_text() for p in Path(__file__).parent.glob("*.py"))
    cited = {int(n) for n in re.findall(r"\bC(\d+)\b", CODE + tests)}
    ids = {int(n) for n in re.findall(r"^##?#? C(\d+)\. ", RULES, re.M)}
    assert cited and cited <= ids
