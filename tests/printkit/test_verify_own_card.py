"""A player's own card values (--rules) reach the verifier, as they reach the board."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run_cli


def _clean_record(workdir: Path) -> Path:
    assert run_cli("simulate", "postcard", "--seed", "card", "--games", "3",
                   "--out", "recs").code == 0
    for rec in sorted(Path("recs").glob("*.rec")):
        if "\nfg " in rec.read_text():
            return rec
    raise AssertionError("no simulated game kicked a field goal")


def test_own_card_changes_what_verifies(workdir):
    rec = _clean_record(workdir)
    assert run_cli("verify", str(rec)).code == 0
    # a card on which no field goal can ever be good: every kicked FG line is now wrong
    Path("card.toml").write_text(
        "[field_goal]\nranges = [" + ", ".join(
            f"{{ spot = {s}, low = 13, high = 13 }}" for s in range(10, 55, 5)) + "]\n")
    result = run_cli("verify", str(rec), "--rules", "card.toml")
    assert result.code == 1, result.stdout
    assert "PC-" in result.stdout


def test_bad_rules_file_is_exit_2(workdir):
    rec = _clean_record(workdir)
    Path("card.toml").write_text("[field_goal]\nwobble = 1\n")
    result = run_cli("verify", str(rec), "--rules", "card.toml")
    assert result.code == 2 and "card.toml:2" in result.stderr
