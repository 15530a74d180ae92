"""Team Skills a record cannot say (decision P27 in docs/rules/postcard.md): a bubble sheet has
no place for the skill chosen at the table, so its scan writes `[HomeSkill "*"]`; the side
then has the skill its first re-roll needs (said after the score, never a finding), and a
later re-roll needing another is PC-SKILL-001 on its line. A typed record without the tag is
still checked as having none. Records edited by hand from tests' drive.rec: Away receives
and runs the drive, so Away's re-roll on a rush needs offense-rushing, on a pass
offense-passing, and Home's on Away's rush defense-rushing (rules.toml [team_skill])."""

from __future__ import annotations

import re
from pathlib import Path

from printkit_engine.postcard.verify import verify_text
from tests.helpers import run_cli

DRIVE = (Path(__file__).parent / "records" / "clean" / "drive.rec").read_text()
UNSAID = DRIVE.replace('[Result "*"]', '[HomeSkill "*"]\n[AwaySkill "*"]\n[Result "*"]')


def _edit(text: str, *edits: tuple[str, str]) -> str:
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def _report(text: str):
    report = verify_text(text, "x.rec")
    return [(f.line, f.rule, f.expected, f.found) for f in report.findings], report.summary()


def test_a_first_re_roll_says_the_side_s_skill():
    found, summary = _report(_edit(UNSAID, ("rush 5v3 A4 H2", "rush 5v3 A1/4 H2")))
    assert found == []
    assert summary.endswith("; AwaySkill not written: offense-rushing, the skill its first "
                            "re-roll needs")


def test_both_sides_said_by_their_own_first_re_rolls():
    found, summary = _report(_edit(UNSAID, ("rush 5v3 A4 H2", "rush 5v3 A1/4 H1/2")))
    assert found == []
    assert "; HomeSkill not written: defense-rushing" in summary
    assert "; AwaySkill not written: offense-rushing" in summary


def test_a_later_re_roll_needing_another_skill_is_pc_skill_001_on_its_line():
    text = _edit(UNSAID, ("rush 5v3 A4 H2", "rush 5v3 A1/4 H2"),
                 ("pass 2v1 A3 H3", "pass 2v1 A1/3 H3"))
    found, _ = _report(text)
    # lines 12 and 14 of drive.rec are 14 and 16 under the two added tag lines
    assert found == [(16, "PC-SKILL-001", "offense-passing",
                      "offense-rushing (the skill of the re-roll on line 14)")]


def test_a_typed_record_without_the_tag_has_no_skill_as_before():
    text = _edit(DRIVE, ("rush 5v3 A4 H2", "rush 5v3 A1/4 H2"))
    found, summary = _report(text)
    assert found == [(12, "PC-SKILL-001", "offense-rushing", "none")]
    assert "not written" not in summary


def test_a_dense_sheet_of_a_game_with_re_rolls_scans_with_the_skills_unsaid_and_clean(tmp_path):
    """The sheet is drawn from the record without its skill tags (a blank sheet's QR has
    none), shaded, scanned: the record it writes says `*` and verifies clean."""
    record = tmp_path / "g.rec"
    plain = re.sub(r" +;.*", "", DRIVE)      # a comment after a line is not on the sheet
    record.write_text(_edit(plain, ("rush 5v3 A4 H2", "rush 5v3 A1/4 H2")))
    pdf = tmp_path / "g.pdf"
    r = run_cli("render", "postcard", "bubblelog", "--dense", "--from", record, "--out", pdf)
    assert r.code == 0, r.stderr
    r = run_cli("scan", pdf, "--out", tmp_path / "s.rec")
    assert r.code == 0, r.stdout + r.stderr
    text = (tmp_path / "s.rec").read_text()
    assert '[HomeSkill "*"]\n[AwaySkill "*"]\n' in text
    assert "AwaySkill not written: offense-rushing" in r.stdout + r.stderr
