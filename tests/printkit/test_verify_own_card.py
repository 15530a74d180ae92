"""A player's own card values (--rules) reach the verifier, the board and the bots."""

from __future__ import annotations

from pathlib import Path

import pdfplumber

from printkit.layout import load_layout
from printkit.units import MM
from printkit_engine.postcard.bots import play_game
from printkit_engine.postcard.rules import load_rules
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]


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


# A card with three Time Tracker circles and 10-yard steps (passes, catches, punt spots).
OWN_CARD = "[field]\nyards_per_step = 10\n\n[time_tracker]\nstars = [1, 2, 3]\n"


def _board(path: str) -> tuple[int, str]:
    """Time Tracker circles on a rendered board, and its text."""
    diameter = round(load_layout("postcard-board").length("time_tracker.diameter") / MM, 1)
    with pdfplumber.open(path) as doc:
        page = doc.pages[0]
        circles = sum(1 for c in page.curves if round(c["width"] / MM, 1) == diameter)
        return circles, page.extract_text()


def test_own_circles_and_steps_reach_board_bots_and_verifier(workdir):
    Path("card.toml").write_text(OWN_CARD)
    assert run_cli("render", "postcard", "board", "--rules", "card.toml", "--out", "own.pdf"
                   ).code == 0
    assert run_cli("render", "postcard", "board", "--out", "ours.pdf").code == 0
    circles, text = _board("own.pdf")
    assert circles == 2 * 3                                   # three in each end zone
    assert "10 yd" in text and "130 yd" in text and "× 10 yd" in text
    assert "off target 10 yd a spot" in text
    circles, text = _board("ours.pdf")
    assert circles == 2 * 7 and "65 yd" in text and "130 yd" not in text

    # the bots play by the card, and the verifier checks by it only when given it
    card = load_rules(Path("card.toml"))
    Path("own.rec").write_text(play_game("own-card", card).text())
    own = run_cli("verify", "own.rec", "--rules", "card.toml")
    assert own.code == 0, own.stdout
    shipped = run_cli("verify", "own.rec")
    assert shipped.code == 1
    assert "PC-PASS-004" in shipped.stdout        # a catch run counted in 10-yard steps
    assert "PC-TIME-005" in shipped.stdout        # the end of game came after 3 + 3 circles


def test_a_bad_rules_file_with_a_folder_is_one_error(workdir):
    """A rules file that is no rules file of any record's game: one line on stderr naming the
    file and line, exit 2, before any record is read (not one error per record)."""
    Path("recs").mkdir()
    for name in ("game.rec", "postcard-start.rec", "blowout.rec", "cardgrid.rec"):
        Path("recs", name).write_text((ROOT / "examples" / name).read_text())
    Path("bad.toml").write_text("[penalty]\ngoal = 5\n")
    r = run_cli("verify", "--rules", "bad.toml", "recs")
    assert r.code == 2 and r.stdout == ""
    assert r.stderr == "printkit: error: bad.toml:1: unknown key 'penalty'\n"


def test_a_rules_file_of_one_game_among_others(workdir):
    """A grid-game rules file with a folder of several games' records: the grid game's
    record is verified with it, the others with their own rules, each saying so."""
    Path("recs").mkdir()
    for name in ("blowout.rec", "cardgrid.rec"):
        Path("recs", name).write_text((ROOT / "examples" / name).read_text())
    Path("mine.toml").write_text("[field]\ngrids = 12\n")
    r = run_cli("verify", "--rules", "mine.toml", "recs")
    assert r.code == 0, r.stderr
    assert r.stdout.splitlines()[0] == ("mine.toml is a rules file of cardgrid, not of "
                                        "blowout: this record is verified with blowout's own "
                                        "rules")
    assert r.stdout.count("rules file of") == 1
