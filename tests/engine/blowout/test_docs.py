"""docs/notation.md (BLOWOUT!!! section) and docs/rules/blowout.md stay in step with the
engine: every rule id documented, decisions numbered, the balance command shown."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SECTION = (ROOT / "docs" / "notation.md").read_text().split("## BLOWOUT!!!", 1)[1]
RULES = (ROOT / "docs" / "rules" / "blowout.md").read_text()


def test_every_rule_id_in_the_engine_is_documented():
    code = "".join(p.read_text() for p in (ROOT / "engine" / "blowout").glob("*.py"))
    used = set(re.findall(r'"(BO-[A-Z0-9]+-\d{3})"', code))
    kernel = {"BO-END-001", "BO-END-002"}      # the verifier kernel's end checks, BO-prefixed
    documented = set(re.findall(r"`(BO-[A-Z0-9]+-\d{3})`", SECTION))
    assert len(used) == 41 and used | kernel == documented      # 35, and 6 of decision logs


def test_every_rule_id_has_a_hand_written_slip():
    tests = (Path(__file__).parent / "test_records.py").read_text() + \
        (ROOT / "tests" / "decisions" / "test_blowout_replay.py").read_text()   # BO-DEC-*
    documented = set(re.findall(r"`(BO-[A-Z0-9]+-\d{3})`", SECTION))
    assert documented <= set(re.findall(r'"(BO-[A-Z0-9]+-\d{3})"', tests))


def test_decisions_are_numbered_in_order():
    ids = [int(n) for n in re.findall(r"\*\*B(\d+) ", RULES)]
    assert ids == list(range(1, len(ids) + 1)) and len(ids) >= 14


def test_decisions_cited_by_the_engine_exist():
    code = "".join(p.read_text() for p in (ROOT / "engine" / "blowout").glob("*.py"))
    cited = {int(n) for n in re.findall(r"\bB(\d+)\b", code)}
    ids = {int(n) for n in re.findall(r"\*\*B(\d+) ", RULES)}
    assert cited <= ids
