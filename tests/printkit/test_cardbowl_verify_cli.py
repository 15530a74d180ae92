"""`printkit verify` on Card Bowl records: exit codes 0/1, text and JSON; an unreadable line
is a finding on its line (exit 1), the rest of the record still checked."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import run_cli

RECORDS = Path(__file__).parents[1] / "engine" / "cardbowl" / "records"


def test_rules_example_without_tags_is_recognised_and_clean():
    r = run_cli("verify", RECORDS / "rules_example.txt")
    assert r.code == 0, r.stderr
    assert r.stdout.strip().endswith("cardbowl: 18 lines checked, clean; 2 lines read as "
                                     "printed in the rules' example (docs/rules/cardbowl.md C1)")


def test_findings_exit_1_text_and_json():
    path = RECORDS / "errors" / "down.txt"
    r = run_cli("verify", path)
    assert r.code == 1
    assert r.stdout.splitlines()[0] == f"{path}:5: CB-DOWN-001: wrong down (expected 2, found 3)"
    r = run_cli("verify", path, "--format", "json")
    assert r.code == 1
    data = json.loads(r.stdout)
    assert data["game"] == "cardbowl" and not data["clean"]
    assert data["findings"] == [{"line": 5, "rule": "CB-DOWN-001", "message": "wrong down",
                                 "expected": "2", "found": "3"}]


def test_tagged_record_json_clean():
    r = run_cli("verify", RECORDS / "full_game.txt", "--format", "json")
    assert r.code == 0 and json.loads(r.stdout)["clean"] is True


def test_an_unreadable_line_is_a_finding_and_the_rest_is_checked(tmp_path):
    # line 3 cannot be read ("banana"); line 4 starts where it says (its play before is not
    # known); line 5 is a slip of its own: 28 + 2 = 30, written 31
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "cardbowl"]\nSteelers\n1 & 10 @ 24\tpass banana\n'
                   "2 & 6 @ 28\trun 2\n3 & 4 @ 31\trun 1\n", encoding="utf-8")
    r = run_cli("verify", bad)
    assert r.code == 1, r.stderr
    assert r.stdout.splitlines() == [
        f"{bad}:3: CB-REC-003: cannot read this line: cannot read 'banana' in the play result "
        "(see docs/notation.md, Card Bowl)",
        f"{bad}:5: CB-YARD-001: yard line does not follow from the last play (expected 30, "
        "found 31)",
        f"{bad}: cardbowl: 3 lines checked, 2 findings"]
    assert r.stderr == ""
