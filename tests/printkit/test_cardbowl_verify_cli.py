"""`printkit verify` on Card Bowl records: exit codes 0/1/2, text and JSON."""

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


def test_unreadable_record_exit_2_one_line_with_position(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text('[Game "cardbowl"]\nSteelers\n1 & 10 @ 24\tpass banana\n', encoding="utf-8")
    r = run_cli("verify", bad)
    assert r.code == 2
    assert r.stderr.strip() == (f"printkit: error: {bad}:3:18: cannot read 'banana' in the play "
                                "result (see docs/notation.md, Card Bowl)")
    assert "Traceback" not in r.stderr
