"""`printkit verify` on grid-game records through the CLI: exit codes, the finding line, an
untagged record known by its notation, a player's own rules file."""

from __future__ import annotations

from tests.engine.cardgrid.records import LOG, SHEET, slip
from tests.helpers import run_cli

FIVE_POINT_TRY = """\
[[scoring]]
code = "F"
name = "field goal"
points = 1
[[scoring]]
code = "P"
name = "penalty conversion"
points = 2
[[scoring]]
code = "T"
name = "try"
points = 5
[[scoring]]
code = "C"
name = "try conversion"
points = 2
"""


def test_exit_codes_and_finding_line(tmp_path):
    clean, slipped, broken = tmp_path / "c.rec", tmp_path / "s.rec", tmp_path / "b.rec"
    clean.write_text(LOG)
    slipped.write_text(slip(LOG, "6H = lost > H10", "6H = lost > H9"))
    broken.write_text(slip(LOG, "6H = lost > H10", "6H = lost H10"))
    assert run_cli("verify", str(clean)).code == 0
    r = run_cli("verify", str(slipped))
    assert r.code == 1
    assert r.stdout.splitlines()[0] == (
        f"{slipped}:11: CG-NEXT-001: where play goes on after 'lost' (expected H10, found H9)")
    # an unreadable line is a finding on its line (the rest of the record is checked)
    r = run_cli("verify", str(broken))
    assert r.code == 1 and r.stderr == ""
    assert r.stdout.splitlines()[0] == (
        f"{broken}:11: CG-REC-003: cannot read this line: expected 'SIDE GRID: cards = "
        "outcome > SIDE GRID'")


def test_untagged_passage_log_is_recognised(tmp_path):
    path = tmp_path / "u.txt"
    path.write_text(LOG.replace('[Game "cardgrid"]\n', ""))
    r = run_cli("verify", str(path))
    assert r.code == 0 and "cardgrid" in r.stdout


def test_players_rules_file_changes_the_points(tmp_path):
    rules = tmp_path / "five.toml"
    rules.write_text(FIVE_POINT_TRY)
    sheet = tmp_path / "s.rec"
    sheet.write_text('[Game "cardgrid"]\n[Finish "10:40"]\nH T 5-0 > A2\nH C 7-0 > A2\n')
    assert run_cli("verify", str(sheet), "--rules", str(rules)).code == 0
    r = run_cli("verify", str(sheet))
    assert r.code == 1 and "CG-SCORE-001" in r.stdout and "expected 4-0" in r.stdout


def test_bad_rules_value_names_file_and_line(tmp_path):
    rules = tmp_path / "bad.toml"
    rules.write_text("[tackles]\ncount = 40\n")
    sheet = tmp_path / "s.rec"
    sheet.write_text(SHEET)
    r = run_cli("verify", str(sheet), "--rules", str(rules))
    assert r.code == 2 and f"{rules}:2" in r.stderr and "tackles.count" in r.stderr
