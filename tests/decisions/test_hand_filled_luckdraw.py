"""A Luck of the Draw decision sheet filled by hand, as a table would (issue 31), read back.

The game is the bot-played record of play book `ldfill-0006` (4 players, to the end of Q2: 14
drives, 60 events, P3 wins 55 to 45, 35 and 35). Its decisions were worked out from the
record's lines and docs/bubblelog.md ("Luck of the Draw and the grid game") and
docs/notation.md ("Decision logs") alone: a row an event in the order the record writes them,
`new drive` on a drive's first event, `audible` on the event after the record's `call` and
`audible` lines (the calls on the next free audible row: the k-th row marked `audible` owns
the k-th audible row), each `penalty P. delay 2` a `late deal` row of its own where the record
writes it (after the drive's last event), and each player's total, a total row each in seat
order, after the drive the clock ran out in (drive 7, `TE expires`: the end of Q1) and after
the game's last drive (drive 14, whose `TE expires` ends Q2 and the game: one checkpoint).
Nobody traded. The winner is not on the sheet (the replay finds it).

It was shaded on three blank sheets (`render luckdraw bubblelog --decisions --seed ldfill-0006
--length Q2 --sheets 3 --paper letter`, 150 dpi) at bubble positions found in the picture
(each oval's outline a connected blob 25 px high; rows 29-30 px apart, 33 ovals on an event
row, 18 on an audible row, 30 on a total row): grey pencil zig-zags ~0.5 mm wide over each
oval (some 52 of 255 at a shaded bubble's centre), four not filling their oval (sheet 1 line
2's FG, line 16's called run P3, sheet 2 line 49's def pen, sheet 3 line 98's ones 5 of P3's
55: some 65-70% of it), one a little outside (sheet 1 line 22's 1st down, 5 px right and 3
down), one rubbed out (sheet 1 line 11: run TD shaded, rubbed out to a light grey smudge,
pass TD shaded), and the "last sheet" tick on sheet 3. Sheets 1 and 3 are grey scans (a slight
blur, JPEG 60); sheet 2 is a phone photo (turned 3 degrees, a little perspective, uneven warm
light, some 135 dpi, JPEG 75). `handfill-ld-sheet1-light-pencil.jpg` is sheet 1 shaded the same
way in a lighter pencil (some 93 of 255 at a shaded bubble's centre, against 52 on the
fixture): the reader finds six of its rows half-shaded, and reads none as anything else.

Everything expected here is typed by hand: the decision rows are the table's list, as its
sheets hold them (blank rows left out), and the findings are the ones the sheets are known to
give (none: the whole game, its last sheet ticked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_cli

FIXTURES = Path(__file__).parent / "fixtures"
SHEETS = ["handfill-ld-sheet1.jpg", "handfill-ld-sheet2-photo.jpg", "handfill-ld-sheet3.jpg"]
LIGHT = "handfill-ld-sheet1-light-pencil.jpg"
# The light-pencil sheet 1: the lines the reader reports half-shaded, and the bubbles it doubts.
LIGHT_NOT_READ = {2: "half-shaded bubble in calls (calls); half-shaded bubble in score (FG)",
                  4: "half-shaded bubble in drive (drive)",
                  5: "half-shaded bubble in end (punt)",
                  22: "half-shaded bubble in drive (drive)",
                  23: "half-shaded bubble in play (first)",
                  31: "half-shaded bubble in drive (drive)"}

# The table's decisions, row by row, as the sheets hold them (blank rows left out): sheet 1
# lines 1-36 (its total rows 8-9, 17-18 and 26-27 blank), sheet 2 lines 37-72, sheet 3 lines
# 73-99 (its event rows 91-96 and audible row 97 blank, lines 100-108 blank).
TABLE = """\
drive short
calls FG
late
drive sack
punt +inside
drive offpen
audible:pass pass:P2P3 run:P1P4
first
passTD
xp
late
drive touchback
calls first
audible:run run:P2P3P4
int
drive first
calls 4th
drive calls first
first
int
audible:pass pass:P3 run:P1P2P4
drive first
FG
expires
drive touchback
calls first
offpen
audible:run pass:P1P4 run:P2P3
P1 = 12
P2 = 19
offpen
defpen
punt
touchback
drive calls sack
first
audible:run pass:P2P4 run:P1P3
P3 = 20
P4 = 14
review
sack
punt
drive calls defpen
timeout
short
audible:pass pass:P1P3 run:P2P4
fumble
drive calls first
sack
passTD
xp
drive defpen
audible:pass pass:P3P4 run:P2
offpen
FG
drive calls first
first
defpen
review
audible:pass pass:P2P4 run:P1P3
first
offpen
offpen
punt
drive touchback
first
audible:run pass:P2 run:P1P4
calls first
first
reset
passTD
xp
expires
audible:run pass:P1P2 run:P3P4
P1 = 35
P2 = 35
P3 = 55
P4 = 45
"""


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, str, Path]:
    """The three sheets scanned once (some 1.3 CPU s), for the tests that read what they say."""
    before = sorted(p.name for p in FIXTURES.iterdir())
    out = tmp_path_factory.mktemp("ldfill") / "game.dec"
    r = run_cli("scan", *(str(FIXTURES / name) for name in SHEETS), "--out", str(out))
    assert sorted(p.name for p in FIXTURES.iterdir()) == before   # nothing written beside them
    return r.code, r.stdout + r.stderr, out.read_text() if out.exists() else "", out


def test_the_hand_filled_sheets_read_as_the_tables_decisions(scanned):
    code, said, record, out = scanned
    assert code == 0, said                                   # read, and the replay is clean
    assert f"{SHEETS[0]}: luckdraw sheet 1: 30 lines read\n" in said
    assert f"{SHEETS[1]}: luckdraw sheet 2: 30 lines read\n" in said
    assert f"{SHEETS[2]}: luckdraw sheet 3: 18 lines read\n" in said
    assert "ambiguous" not in said and "not read" not in said
    assert f"{out}: luckdraw: 78 lines checked, clean; 4 players, 14 drives\n" in said
    tags, _, rows = record.partition("\n\n")
    # no Players tag: the blank decision sheet has no Players bubbles and its QR none (the
    # play book's four hands are the verifier's default)
    assert tags.splitlines() == ['[Game "luckdraw"]', '[Seed "ldfill-0006"]',
                                 '[Length "Q2"]', '[Log "decisions"]']
    assert rows.splitlines() == TABLE.splitlines()


def test_the_odd_marks_read_as_the_table_meant(scanned):
    """The rubbed-out run TD of sheet 1 line 11 is no mark; the part-filled ovals and the
    mark spilling out of line 22's 1st down are marks."""
    rows = scanned[2].partition("\n\n")[2].splitlines()
    assert rows[1] == "calls FG"                              # line 2: FG 70% filled
    assert rows[8] == "passTD"                                # line 11: run TD rubbed out
    assert rows[13] == "audible:run run:P2P3P4"               # line 16: run P3 65% filled
    assert rows[17] == "drive calls first"                    # line 22: 1st down outside
    assert rows[42] == "drive calls defpen"                   # line 49: def pen 70% filled
    assert rows[-2] == "P3 = 55"                              # line 98: ones 5 70% filled


def test_the_audible_and_total_rows_belong_where_the_sheet_says(scanned):
    """The k-th row marked `audible` owns the k-th audible row: sheet 1 line 22's (drive 6,
    the band's second) owns line 34, the next band's, so line 32's (drive 8) owns sheet 2 line
    43; drive 13's (sheet 2 line 66) owns sheet 3 line 79. A checkpoint's totals take the next
    free total rows: after drive 7's clock 0 (line 30) P1 and P2 on lines 35-36 and P3 and P4
    on sheet 2 lines 44-45, amid drive 8's events; after the game's last event (sheet 3 line
    87) P1 and P2 on lines 89-90 and P3 and P4 on lines 98-99, after six blank event rows."""
    rows = scanned[2].partition("\n\n")[2].splitlines()
    assert sum(row.startswith("audible:") for row in rows) == 10
    assert sum(" calls " in f" {row} " for row in rows) == 10
    assert rows[17:21] == ["drive calls first", "first", "int",
                           "audible:pass pass:P3 run:P1P2P4"]      # line 21's 4th down's
    assert rows[27:30] == ["audible:run pass:P1P4 run:P2P3", "P1 = 12", "P2 = 19"]
    assert rows[36:39] == ["audible:run pass:P2P4 run:P1P3", "P3 = 20", "P4 = 14"]
    assert rows[58:63] == ["review", "audible:pass pass:P2P4 run:P1P3", "first", "offpen",
                           "offpen"]                                # sheet 2 line 70, 3 line 73
    assert rows[65:68] == ["first", "audible:run pass:P2 run:P1P4", "calls first"]


def test_verify_replays_the_whole_game_clean(scanned):
    """verify of the scanned decision log replays all 14 drives with no finding: every event,
    call and total shaded is the game's, and the last sheet is ticked, so no end-of-game
    finding either."""
    out = scanned[3]
    r = run_cli("verify", str(out))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.splitlines() == [f"{out}: luckdraw: 78 lines checked, clean; "
                                     "4 players, 14 drives"]


def test_the_first_two_sheets_alone_are_refused_as_not_the_last(tmp_path):
    """Sheets 1 and 2 have no tick: alone they may be a game with a lost sheet 3, so scan
    writes nothing and says so in one line (exit 2)."""
    out = tmp_path / "game.dec"
    r = run_cli("scan", *(str(FIXTURES / name) for name in SHEETS[:2]), "--out", str(out))
    assert r.code == 2
    assert not out.exists()
    assert r.stderr == (f"printkit: error: {FIXTURES / SHEETS[0]}, {FIXTURES / SHEETS[1]}: "
                        "seed ldfill-0006: sheet 2 is not marked as the last: a later sheet "
                        "may be missing: not verified\n")


def test_a_light_pencil_is_reported_half_shaded_never_read_wrong(tmp_path):
    """Sheet 1 in a lighter pencil, with sheets 2 and 3: six of its 30 shaded lines are
    reported half-shaded (each named, with the bubbles doubted and a crop), the other 24 read
    as the table's; no line is read as anything else, the rubbed-out run TD of line 11 is not
    among them. The replay stops at the first line not read (line 2)."""
    out = tmp_path / "game.dec"
    r = run_cli("scan", str(FIXTURES / LIGHT), *(str(FIXTURES / name) for name in SHEETS[1:]),
                "--out", str(out))
    said = r.stdout + r.stderr
    assert r.code == 1, said
    assert f"{LIGHT}: luckdraw sheet 1: 24 lines read, 6 ambiguous\n" in said
    assert f"{SHEETS[1]}: luckdraw sheet 2: 30 lines read\n" in said
    for line, doubts in LIGHT_NOT_READ.items():
        assert (f"{FIXTURES / LIGHT}:{line}: ambiguous: {doubts} "
                f"(crop: {tmp_path / f'game.line{line}.png'})\n") in said
    rows = out.read_text().partition("\n\n")[2].splitlines()
    table = TABLE.splitlines()
    assert len(rows) == len(table)
    # record rows 2, 4, 5, 18, 19, 25 are sheet 1 lines 2, 4, 5, 22, 23, 31
    assert [n for n, row in enumerate(rows, 1) if row.startswith(";")] == [2, 4, 5, 18, 19, 25]
    for n, line in zip([2, 4, 5, 18, 19, 25], LIGHT_NOT_READ, strict=True):
        assert rows[n - 1] == f"; {FIXTURES / LIGHT} line {line}: not read: {LIGHT_NOT_READ[line]}"
    assert [row for row in rows if not row.startswith(";")] == \
           [row for n, row in enumerate(table, 1) if n not in (2, 4, 5, 18, 19, 25)]
    assert (f"{out}:7: LD-REC-003: a play line that cannot be read: a play the sheet could not "
            f"read ({LIGHT_NOT_READ[2]}) (the replay stops here) (expected a decision line, "
            "found marks the sheet reader could not read) "
            f"[{FIXTURES / LIGHT} line 2, crop: {tmp_path / 'game.line2.png'}]") in said
    # the replay stopped at line 2: the game's end is not judged (no checkpoint at its end
    # asked for, no winner "declared in Q1"), the stop is the one finding
    assert f"{out}: luckdraw: 1 lines checked, 1 finding; 4 players, 1 drive\n" in said
    assert "LD-LEN-002" not in said and "LD-DEC-003" not in said
