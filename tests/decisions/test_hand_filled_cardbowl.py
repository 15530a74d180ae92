"""A Card Bowl decision sheet filled by hand, as a table would (issue 31), read back.

The game is the bot-played record of play book `cbfill-0001` (Clubs at home, Aces away, 58-41,
162 plays on the sheet). Its decisions were worked out from the record's lines and
docs/bubblelog.md ("Decision sheets", Card Bowl) and docs/notation.md ("Decision logs (Card
Bowl)"): the play word of each scrimmage line, the first kickoff's toss (the kickoff is written
under the Aces, so the Clubs kick: `kicksH`), the two kickoffs written `touchback` (`tb0`, no
return card), the onside kick, the punts (`cards4` for the punt with no cards line: 46 yards is
a total of 31, which three cards can make too, so the rules' 4 when none was declared; `cards3
oob` for the two written `out of bounds`; the punt written `downed` let bounce), the field
goals, the three `; timeout Aces` comments (`toA` on the play before), and after each score the
scoring side's new score (a touchdown's after its extra point, `XP` kicked good or not). What the
notes do not hold (the defense's answer, the shotgun, a pass's turns and yardage cards, the call
on a `sack` or a `run` that was a pass, or on a line that is only a penalty, and the intervals
run between plays: the record's clock column does not tell a 2-interval play from an 8-interval
wait) was then taken from the typed decision log of the same game (docs/notation.md); the
table's list is typed below, not computed by the engine.

It was shaded on seven blank sheets (`render cardbowl bubblelog --seed cbfill-0001 --home Clubs
--away Aces --sheets 7`, letter, 150 dpi) at bubble positions found in the picture (each oval's
outline a connected blob 25 px high, rows 29.6 px apart, 26 ovals on a play row and 41 on a
"more" row): grey pencil zig-zags ~0.5 mm wide over each oval, the k-th play marked `more`
filling the k-th "more" row (every sixth row), three marks not filling their oval (sheet 1
row 3's wait `2` and row 12's score `7`, sheet 2 row 9's wait `3`, sheet 4 row 20's `more`: some
60% of it), two a little outside (sheet 1 row 16's `OLB blitz`, 6 px right and 4 down; sheet 5
row 3's `run`, 5 px left and 3 down), one rubbed out (sheet 1 row 8: `pass` shaded, rubbed out to
a light grey smudge, `run` shaded), and the "last sheet" tick on sheet 7. Sheets 1 and 3-7 are
grey scans (a slight blur, JPEG 60); sheet 2 is a phone photo (turned 3 degrees, a little
perspective, uneven warm light, some 127 dpi, JPEG 75). `handfill-cb-sheet1-light-pencil.jpg` is
sheet 1 shaded the same way in the first try's lighter pencil (some 75-105 of 255 at a shaded
bubble's centre, against 50-60 on the fixture): the reader finds every one of its rows
half-shaded, and reads none of them as anything else.

Everything expected here is typed by hand: the decision rows are the table's list, as its
sheets hold them (a play row, then its "more" row where it comes), and the findings are the
ones the sheets are known to give (none: the whole game, its last sheet ticked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_cli

FIXTURES = Path(__file__).parent / "fixtures"
SHEETS = ["handfill-cb-sheet1.jpg", "handfill-cb-sheet2-photo.jpg", "handfill-cb-sheet3.jpg",
          "handfill-cb-sheet4.jpg", "handfill-cb-sheet5.jpg", "handfill-cb-sheet6.jpg",
          "handfill-cb-sheet7.jpg"]
# lines read a sheet: 30 rows, less the "more" rows no play owned yet (sheet 1 row 18, ...)
LINES_READ = [29, 28, 29, 29, 29, 29, 16]
LIGHT = "handfill-cb-sheet1-light-pencil.jpg"

# The table's decisions, row by row, as the sheets hold them (blank rows left out).
TABLE = """\
kickoff more
run blitz
pass shotgun turns2 yd1
pass double turns1 yd1
pass MLB2 turns1 yd1
kicksH
pass double turns1 yd1
run blitz
pass double turns1 yd1
pass shotgun double turns1 yd1
screen more
XP = 7
scramble double
run
run blitz
run blitz
pass turns1 yd1
run blitz
run more
run blitz
pass turns1 yd1
lateral
XP = 13
run blitz
punt more
run blitz
pass shotgun double turns2 yd1
pass shotgun double turns2 yd1
cards4 bounce
run blitz
run blitz
run blitz
lateral
run blitz
screen double
pass double turns1 yd1
pass shotgun MLB1 turns3 yd1
run MLB1
pass double turns1 yd2 more
XP = 7
kickoff more
run blitz
lateral double
pass turns3 yd1
run blitz
tb0
lateral MLB1
scramble double
run blitz
run more
pass shotgun double turns2 yd1
XP = 20
pass turns1 yd1
run
pass double turns1 yd1
run MLB2
screen
run blitz
pass double turns2 yd1
run blitz
run MLB1 more
pass shotgun double turns1
XP = 14
run MLB2
pass shotgun turns1
pass shotgun more
run
run blitz
XP = 21
pass turns3 yd1
run blitz
screen double
FG
run blitz more
clock8
pass double turns2 yd1
pass double turns1 yd1
pass shotgun MLB1 turns2 yd1
pass double turns2 yd1
pass shotgun double turns1 yd1
punt more
pass shotgun double turns2 yd1
scramble
pass double
pass MLB1 turns1 yd1
cards3 oob
run
run blitz
pass shotgun double turns1 yd1
run blitz
pass shotgun turns1
run
run blitz more
pass double turns1 yd1
run blitz
screen more
XP = 28
kickoff more
pass double turns1 yd1
run
pass shotgun double turns3 yd1
run blitz
XP = 35
lateral MLB2 more
kickoff more
run blitz
run blitz
pass double turns2 yd1
tb0
run blitz
run blitz
pass shotgun double turns3 yd1
pass double turns2 yd1
run
XP = 41
scramble double
run blitz
run blitz more
run blitz
pass double turns1 yd2
tb0
run blitz
run
run MLB2
run
screen
XP = 27
run blitz more
pass shotgun double turns1 yd1
pass turns1 yd1
pass double turns1 yd1
scramble double
XP = 48
run blitz
punt more
lateral MLB1
scramble
pass shotgun turns1 yd1
cards3 oob
run
pass double turns1 yd1
pass turns2 yd1
pass shotgun double turns1 yd1
pass shotgun MLB2 turns3 yd1
run blitz more
run MLB1
pass MLB1 turns1
pass shotgun double
pass shotgun double turns1
XP = 34
FG more
pass shotgun turns1 yd1
pass turns1 yd1
pass double turns2 yd1
pass shotgun double turns1 yd1
= 51
pass double turns2 yd1
pass turns1 yd1
screen more
onside
pass turns2 yd1
XP = 41
run blitz toA
run blitz toA
run toA
run MLB1 more
pass MLB2 turns3 yd2
XP = 58
pass shotgun double turns1 yd2
pass shotgun turns1 yd2
screen
pass shotgun turns1 yd2
pass shotgun turns1 yd2
pass shotgun MLB1 turns1 yd1 more
run blitz
screen double
run blitz more
pass shotgun double turns3 yd1
clock8
pass shotgun double turns2 yd1
pass double turns1 yd1
run blitz more
pass double turns1 yd1
pass shotgun turns1 yd2
clock8
pass double turns2 yd1
run blitz more
clock8
clock8
"""


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, str, list[str]]:
    """The seven sheets scanned once (some 3 CPU s), for the tests that read what they say."""
    before = sorted(p.name for p in FIXTURES.iterdir())
    out = tmp_path_factory.mktemp("cbfill") / "game.dec"
    r = run_cli("scan", *(str(FIXTURES / name) for name in SHEETS), "--out", str(out))
    after = sorted(p.name for p in FIXTURES.iterdir())
    assert after == before                                   # nothing written beside them
    return r.code, r.stdout + r.stderr, out.read_text() if out.exists() else "", after


def test_the_hand_filled_sheets_read_as_the_tables_decisions(scanned):
    code, said, record, _ = scanned
    assert code == 0, said                                   # read, and the replay is clean
    for n, (name, lines) in enumerate(zip(SHEETS, LINES_READ, strict=True), 1):
        assert f"{name}: cardbowl sheet {n}: {lines} lines read\n" in said
    assert "ambiguous" not in said and "not read" not in said
    assert "cardbowl: 189 lines checked, clean" in said
    tags, _, rows = record.partition("\n\n")
    assert tags.splitlines() == ['[Game "cardbowl"]', '[Seed "cbfill-0001"]',
                                 '[Home "Clubs"]', '[Away "Aces"]', '[Log "decisions"]']
    assert rows.splitlines() == TABLE.splitlines()


def test_the_odd_marks_read_as_the_table_meant(scanned):
    """The rubbed-out `pass` of sheet 1 row 8 is no mark; the part-filled ovals and the marks
    spilling out of theirs are marks; a blank "more" row (sheet 1 row 18) is no line."""
    rows = scanned[2].partition("\n\n")[2].splitlines()
    assert rows[2] == "pass shotgun turns2 yd1"             # sheet 1 row 3: wait 2, 60%
    assert rows[7] == "run blitz"                           # row 8: pass rubbed out, run shaded
    assert rows[11] == "XP = 7"                             # row 12: the 7 60% filled
    assert rows[15] == "run blitz"                          # row 16: OLB blitz a little outside
    assert rows[16:18] == ["pass turns1 yd1", "run blitz"]  # rows 17, 19: row 18 left blank
    assert rows[36] == "pass shotgun MLB1 turns3 yd1"       # sheet 2 (the photo) row 9, 60%
    assert rows[104] == "kickoff more"                      # sheet 4 row 20: more, 60%
    assert rows[117] == "run blitz more"                    # sheet 5 row 3: run a little outside


def test_the_more_rows_belong_to_the_plays_marked_more(scanned):
    """The k-th play marked `more` owns the k-th "more" row, wherever it comes: sheet 1's
    first kickoff (row 1) owns row 6 (the toss), the touchdown screen of row 11 owns row 12,
    the touchdown run of row 20 owns row 24 (row 18 came before it, left blank), and the punt
    of row 26 owns row 30 (its cards and the bounce). Late in the game they queue: sheet 4
    row 20's kickoff (a touchback) owns sheet 5 row 6, the next sheet's first "more" row, and
    the game's last play (sheet 7 row 14) its clock run on row 24, after blank rows."""
    rows = scanned[2].partition("\n\n")[2].splitlines()
    assert (rows[0], rows[5]) == ("kickoff more", "kicksH")
    assert (rows[10], rows[11]) == ("screen more", "XP = 7")
    assert (rows[18], rows[22]) == ("run more", "XP = 13")
    assert (rows[24], rows[28]) == ("punt more", "cards4 bounce")
    assert sum(row.endswith(" more") for row in rows) == 27
    assert (rows[97], rows[108]) == ("kickoff more", "tb0")         # sheet 4 rows 13, 24
    assert (rows[103], rows[114]) == ("lateral MLB2 more", "XP = 41")  # sheet 4 rows 19, 30
    assert (rows[104], rows[120]) == ("kickoff more", "tb0")        # sheet 4 row 20, 5 row 6
    assert rows[-4:] == ["pass double turns2 yd1", "run blitz more", "clock8", "clock8"]


def test_verify_replays_the_whole_game_clean():
    """verify of the seven files (in any order: grouped by their codes) replays the whole
    game with no finding: every decision shaded is the game's, and the last sheet is ticked,
    so no end-of-game finding either. The summary names the files as they were given."""
    files = [str(FIXTURES / name) for name in reversed(SHEETS)]
    r = run_cli("verify", *files)
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.splitlines() == [", ".join(files) + ": cardbowl: 189 lines checked, clean"]


def test_a_light_pencil_is_reported_half_shaded_never_read_wrong(tmp_path):
    """Sheet 1 in a lighter pencil, with sheets 2-7: each of its 29 shaded rows (all but the
    blank row 18) is reported half-shaded with the bubbles it doubts, none read as anything
    else; the rubbed-out `pass` of row 8 is not among them. The replay stops at the first row
    not read, so the whole game is one finding."""
    out = tmp_path / "game.dec"
    r = run_cli("scan", str(FIXTURES / LIGHT), *(str(FIXTURES / name) for name in SHEETS[1:]),
                "--out", str(out))
    said = r.stdout + r.stderr
    assert r.code == 1, said
    assert f"{LIGHT}: cardbowl sheet 1: 0 lines read, 29 ambiguous\n" in said
    assert f"{SHEETS[1]}: cardbowl sheet 2: 28 lines read\n" in said
    rows = out.read_text().partition("\n\n")[2].splitlines()
    table = TABLE.splitlines()
    assert len(rows) == len(table)
    prefix = f"; {FIXTURES / LIGHT} line "
    assert [row.partition(":")[0] for row in rows[:29]] == \
           [f"{prefix}{n}" for n in [*range(1, 18), *range(19, 31)]]
    assert all(": not read: half-shaded bubble in " in row for row in rows[:29])
    assert rows[2] == (f"{prefix}3: not read: half-shaded bubble in play (pass); half-shaded "
                       "bubble in shotgun (shotgun); half-shaded bubble in turns (2); "
                       "half-shaded bubble in yardage (1)")
    assert rows[7] == (f"{prefix}8: not read: half-shaded bubble in play (run); half-shaded "
                       "bubble in defense (blitz)")
    assert rows[11] == (f"{prefix}12: not read: half-shaded bubble in try (XP); half-shaded "
                        "bubble in score digit 3 (7)")
    assert rows[29:] == table[29:]
    assert (f"{out}:7: CB-REC-003: a play line that cannot be read: a play the sheet could "
            "not read (half-shaded bubble in play (kickoff); half-shaded bubble in more (more)) "
            "(the replay stops here) (expected a decision line, found marks the sheet reader "
            f"could not read) [{FIXTURES / LIGHT} line 1, crop: {tmp_path / 'game.line1.png'}]"
            ) in said      # the reader's words whole, not cut mid-word
    assert "cardbowl: 0 lines checked, 1 finding" in said


def test_a_long_list_of_doubts_is_quoted_whole_problem_by_problem():
    """A line with many doubtful bubbles: the finding quotes whole problems, as many as fit,
    then says how many more (it cut one mid-word: 'half-shaded bubble in )')."""
    from printkit_engine.decisions.text import _problems

    raw = ("; p1.jpg line 3: not read: half-shaded bubble in play (pass); half-shaded bubble "
           "in shotgun (shotgun); half-shaded bubble in turns (2); half-shaded bubble in "
           "yardage (1); half-shaded bubble in timeout (H)")
    assert _problems(raw) == ("half-shaded bubble in play (pass); half-shaded bubble in "
                              "shotgun (shotgun); half-shaded bubble in turns (2); "
                              "half-shaded bubble in yardage (1); and 1 more")
