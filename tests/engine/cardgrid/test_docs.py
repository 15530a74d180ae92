"""docs/notation.md (the grid game's section) and docs/rules/cardgrid.md stay in step with
the engine: every rule id documented, each with a hand-written slip, decisions numbered."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SECTION = (ROOT / "docs" / "notation.md").read_text().split(
    "## The playing-card 'Football' grid game", 1)[1].split("\n## ", 1)[0]
RULES = (ROOT / "docs" / "rules" / "cardgrid.md").read_text()
KERNEL = {"CG-END-001", "CG-END-002"}      # the verifier kernel's end checks, CG-prefixed


def _engine() -> str:
    return "".join(p.read_text() for p in (ROOT / "engine" / "cardgrid").glob("*.py"))


def test_every_rule_id_in_the_engine_is_documented():
    used = set(re.findall(r'"(CG-[A-Z0-9]+-\d{3})"', _engine()))
    documented = set(re.findall(r"^\| `(CG-[A-Z0-9]+-\d{3})`", SECTION, re.M))
    assert "CG-RESULT-001" not in used | documented          # now the kernel's CG-END-001
    assert len(used) == 23 and used <= documented and documented - used <= KERNEL


def test_every_rule_id_has_a_hand_written_slip():
    here = Path(__file__).parent
    decisions = here.parents[1] / "decisions"        # the decision log's (CG-DEC-...)
    tests = "".join(p.read_text() for p in [*here.glob("test_*.py"),
                                            *decisions.glob("test_cardgrid_*.py")]
                    if p.name != "test_docs.py")
    used = set(re.findall(r'"(CG-[A-Z0-9]+-\d{3})"', _engine()))
    assert used | {"CG-END-001"} <= set(re.findall(r'"(CG-[A-Z0-9]+-\d{3})"', tests))


def test_decisions_are_numbered_in_order():
    ids = [int(n) for n in re.findall(r"\*\*G(\d+) ", RULES)]
    assert ids == list(range(1, len(ids) + 1)) and len(ids) >= 15


def test_decisions_cited_by_the_engine_exist():
    cited = {int(n) for n in re.findall(r"\bG(\d+)\b", _engine())}
    ids = {int(n) for n in re.findall(r"\*\*G(\d+) ", RULES)}
    assert cited and cited <= ids
