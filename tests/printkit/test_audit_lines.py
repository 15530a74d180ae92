"""The audit's line per record reads as a sentence of parts: file, game and match, teams and
score, the verdict; a part a game's record does not have is left out, not left empty."""

from __future__ import annotations

from tests.helpers import run_cli


def test_a_luck_of_the_draw_record_has_no_empty_teams_part(tmp_path):
    """Luck of the Draw records name players, not two teams: once "luckdraw:: clean"."""
    assert run_cli("simulate", "luckdraw", "--seed", "lines", "--out", tmp_path).code == 0
    r = run_cli("audit", tmp_path)
    assert r.code == 0, r.stderr
    assert r.stdout.splitlines()[0] == f"{tmp_path}/luckdraw-lines-0001.rec: luckdraw: clean"


def test_a_two_team_record_names_its_teams_and_score(tmp_path):
    record = tmp_path / "m.rec"
    record.write_text('[Game "postcard"]\n[Home "Comets"]\n[Away "Foxes"]\n'
                      '[Result "0-0"]\n')
    r = run_cli("audit", tmp_path)
    first = r.stdout.splitlines()
    assert any(line.startswith(f"{record}: postcard: Comets v Foxes") for line in first), first
