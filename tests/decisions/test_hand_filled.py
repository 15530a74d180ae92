"""A PostCard decision sheet filled by hand, as a table would (issue 31), read back.

The game is the bot-played record of play book `handfill-0001` (Foxes v Hawks, Home's Team
Skill defense-passing, Away's offense-rushing, 10-14). Its 83 plays were worked out from the
record's lines and docs/bubblelog.md "Decision sheets" alone, and shaded on six blank sheets
(`render postcard bubblelog --seed handfill-0001 --home Foxes --away Hawks`) at 150 dpi by
hand-read bubble positions: grey pencil strokes ~0.5 mm wide scribbled over each oval, some
not filling it (sheet 1 band 2's `rush`, sheet 2 band 6's bonus side, sheet 3 band 4's `v`
number, sheet 4 band 9's `rush`, sheet 5 band 13's `+2`, sheet 6 band 2's `6` of the numbers),
one a little outside its oval (band 24's `then rush`, 4 px right and 3 px up), two rubbed out
(band 3's `rush`, written over by `pass`; band 56's `+3`), and the last sheet's tick on sheet
6. Sheets 1, 2, 4, 5, 6 are grey scans (JPEG 70); sheet 3 is a phone photo (turned 3 degrees,
a little perspective, uneven light, JPEG 75). `handfill-0001-sheet1-light-pencil.jpg` is
sheet 1 shaded the same way in a lighter pencil (the first try: some 90 of 255 on the
strokes), where the reader finds one band half-shaded.

Everything expected here is typed by hand: the decision log is the table's list, not one the
engine computed, and the findings are the ones the sheet is known to give (a blank sheet
carries no Team Skill, so every re-roll is PC-SKILL-001 until the skills are added)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run_cli

FIXTURES = Path(__file__).parent / "fixtures"
SHEETS = ["handfill-0001-sheet1.jpg", "handfill-0001-sheet2.jpg",
          "handfill-0001-sheet3-photo.jpg", "handfill-0001-sheet4.jpg",
          "handfill-0001-sheet5.jpg", "handfill-0001-sheet6.jpg"]

# The table's decisions, band by band, as the typed decision log writes them.
TABLE = """\
onside H 6v3
rush 6v6 rrA
pass 3v6
rush 5v2
pass 2v6 A+2@2
rush 6v4 A+1@2
more H+1@2
rush 6v5 rrA
rush 1v2 xHH = 6
try1 = 7
kickoff 6v1 touchback
rush 5v1 H+3@1
more A+2@2
rush 6v1 H+1@2
rush 6v3 H+1@1
more A+1@1
rush 1v2
rush 1v1 A+1@1 xH
rush 1v5
pass 4v5
rush 1v3
rush 1v4 H+2@1
rush 5v1 H+1@1
fake rush A+1@1
pass 3v4 H+1@1 xAH
more H+1@3
more A+1@4
rush 6v1 H+1@2
more A+1@4
more H+2@5
rush 5v5 H+1@1
rush 6v6 xAH = 13
try1 = 14
kickoff 1v6 run
rush 6v2 H+2@2
pass 3v4 H+1@1
pass 3v4 again
punt 70 touchback
pass 2v5 rrH A+1@3 xA
more H+2@5
pass 2v6 A+1@7
rush 1v5 A+1@1
rush 1v1
pass 2v6 H+1@1 xH
more A+1@2
rush 5v6 H+1@1
rush 1v5 H+1@1
more A+1@1
rush 1v1
fg = 3
kickoff 6v6 run
rush 5v4
rush 5v5 H+2@2 xH
rush 6v2 H+2@1
rush 5v6
pass 2v5 again rrH
pass 4v3 again rrH A+1@2
rush 1v3 rrA xA
rush 5v5 rrA
pass 4v1 again
rush 5v4
fg xA
pass 3v4 again A+2@3
rush 6v2
pass 4v6
punt 70 run A+2@4
more H+4@4
rush 6v2 A+1@1
pass 3v6 again rrH A+1@5
more H+1@6
pass 3v1 again A+2@1
rush 1v4 H+1@1
pass 4v6 again rrH
fg xA
pass 4v5 again A+1@1
rush 6v1 H+1@1
rush 5v4 H+1@1
pass 3v6 again xA = 9
try1 = 10
kickoff 4v2 touchback
knee
rush 1v2 rrA A+1@1
rush 6v5 A+1@2
"""

# the side of each re-roll (the table's list: rrH or rrA on the band)
REROLL_SIDES = [("A", 2), ("A", 8), ("H", 39), ("H", 56), ("H", 57), ("A", 58), ("A", 59),
                ("H", 69), ("H", 73), ("A", 82)]


def _scan(tmp_path: Path) -> tuple[int, str, str]:
    out = tmp_path / "game.rec"
    r = run_cli("scan", *(str(FIXTURES / name) for name in SHEETS), "--out", str(out))
    return r.code, r.stdout + r.stderr, out.read_text()


def test_the_hand_filled_sheets_read_as_the_tables_decisions(tmp_path):
    before = sorted(p.name for p in FIXTURES.iterdir())
    code, said, record = _scan(tmp_path)
    assert code == 0, said                                  # read, and clean (below)
    for name, lines in zip(SHEETS, (15, 15, 15, 15, 15, 8), strict=True):
        assert f"{name}: postcard sheet {SHEETS.index(name) + 1}: {lines} lines read\n" in said
    assert "ambiguous" not in said and "not read" not in said
    tags, _, plays = record.partition("\n\n")
    assert tags.splitlines() == ['[Game "postcard"]', '[Seed "handfill-0001"]',
                                 '[Home "Foxes"]', '[Away "Hawks"]', '[Log "decisions"]']
    assert plays.splitlines() == TABLE.splitlines()
    assert sorted(p.name for p in FIXTURES.iterdir()) == before   # nothing written beside them


SKILLS_NOTED = [
    "HomeSkill not written: defense-passing, the skill its first re-roll needs (a sheet has "
    "no place for it)",
    "AwaySkill not written: offense-rushing, the skill its first re-roll needs (a sheet has "
    "no place for it)"]


def test_verify_takes_each_sides_skill_from_its_first_re_roll(tmp_path):
    """A sheet has no place for the Team Skills (chosen at the table): each side's is the one
    its first re-roll needs, said in a note, never a finding (once: ten PC-SKILL-001, one a
    re-roll, bands 2, 8, 39, 56, 57, 58, 59, 69, 73 and 82)."""
    _, _, record = _scan(tmp_path)
    scanned = tmp_path / "scanned.rec"
    scanned.write_text(record)
    r = run_cli("verify", str(scanned))
    assert r.code == 0, r.stdout + r.stderr
    for note in SKILLS_NOTED:
        assert note in r.stdout + r.stderr
    assert "83 lines checked, clean; final score 10-14" in r.stdout


def test_a_skill_written_that_no_re_roll_fits_is_found_on_each_band(tmp_path):
    """Home's skill written as offense-passing: Home's re-rolls (as defense, against a pass)
    need defense-passing, so each is PC-SKILL-001 on its band (Away's is still taken from its
    first re-roll)."""
    _, _, record = _scan(tmp_path)
    scanned = tmp_path / "wrong-skill.rec"
    scanned.write_text('[HomeSkill "offense-passing"]\n' + record)
    r = run_cli("verify", str(scanned))
    assert r.code == 1, r.stdout + r.stderr
    findings = [line for line in r.stdout.splitlines() if ": PC-" in line]
    home = [band for side, band in REROLL_SIDES if side == "H"]
    assert [int(f.split(":")[1]) for f in findings] == [band + 7 for band in home]
    assert all("PC-SKILL-001: re-roll without that team skill" in f
               and "(expected defense-passing, found offense-passing)" in f for f in findings)


def test_verify_of_the_photos_reads_them_as_one_game(tmp_path):
    """Sheets printed for a table (`--seed --home --away`, no class: no Match in the code)
    are one game's: verify puts the six files together as scan does (once each was verified
    alone, and refused as 'sheet 1 is not marked as the last')."""
    r = run_cli("verify", *(str(FIXTURES / name) for name in SHEETS))
    assert r.code == 0, r.stdout + r.stderr
    assert "not marked as the last" not in r.stdout + r.stderr
    assert "83 lines checked, clean; final score 10-14" in r.stdout


def test_a_blank_sheet_after_the_last_one_is_left_out(tmp_path):
    """Seven sheets printed, six used: the untouched seventh handed in with them is no gap
    (once: 'sheet 6 is marked as the last, but sheet 7 follows: unshade the wrong one')."""
    import pypdfium2 as pdfium

    blank = tmp_path / "blank.pdf"
    r = run_cli("render", "postcard", "bubblelog", "--seed", "handfill-0001", "--home", "Foxes",
                "--away", "Hawks", "--sheets", "7", "--out", str(blank))
    assert r.code == 0, r.stderr
    page = pdfium.PdfDocument(blank.read_bytes())[6]
    seventh = tmp_path / "sheet7.png"
    page.render(scale=150 / 72, grayscale=True).to_pil().save(seventh)
    r = run_cli("verify", *(str(FIXTURES / name) for name in SHEETS), str(seventh))
    assert r.code == 0, r.stdout + r.stderr
    assert "unshade" not in r.stdout + r.stderr
    assert "83 lines checked, clean" in r.stdout


def test_scan_says_the_skills_it_took_and_the_game_is_clean(tmp_path):
    _, said, _ = _scan(tmp_path)
    for note in SKILLS_NOTED:
        assert note in said
    assert ": PC-" not in said


def test_with_the_team_skills_written_in_the_game_verifies_clean(tmp_path):
    _, _, record = _scan(tmp_path)
    skills = '[HomeSkill "defense-passing"]\n[AwaySkill "offense-rushing"]\n[Result "10-14"]\n'
    scanned = tmp_path / "with-skills.rec"
    scanned.write_text(skills + record)
    r = run_cli("verify", str(scanned))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith("83 lines checked, clean; final score 10-14")


def test_a_sheet_in_light_grey_pencil_is_reported_ambiguous_never_guessed(tmp_path):
    """Sheet 1 shaded the same way in a lighter pencil (about 90 of 255 where the strokes
    lie, with paper showing between them): the word oval `onside` holds its own letters'
    ink, so it is read half-shaded; its band is left out, never guessed, and the rest read."""
    out = tmp_path / "light.rec"
    sheets = ["handfill-0001-sheet1-light-pencil.jpg", *SHEETS[1:]]
    r = run_cli("scan", *(str(FIXTURES / name) for name in sheets), "--out", str(out))
    assert r.code == 1, r.stdout + r.stderr
    light = FIXTURES / sheets[0]
    assert f"{light}: postcard sheet 1: 14 lines read, 1 ambiguous\n" in r.stdout
    assert f"{light}:1: ambiguous: half-shaded bubble in play (onside) (crop: " in r.stdout
    plays = out.read_text().partition("\n\n")[2].splitlines()
    assert plays[0] == f"; {light} line 1: not read: half-shaded bubble in play (onside)"
    assert plays[1:] == TABLE.splitlines()[1:]
    findings = [line for line in r.stdout.splitlines() if ": PC-" in line]
    assert len(findings) == 1 and f"{out}:7: PC-REC-003: a play line that cannot be read" in (
        findings[0])
