"""A Luck of the Draw decision sheet filled by hand, as a table would (issue 31), read back.

The game is the bot-played record of play book `ldfill-0006` (`simulate luckdraw --seed
ldfill --games 6`, game 6: 4 players, to the end of Q2: 14 drives, 60 events, P3 wins 55 to
45, 35 and 35). Its decisions were worked out from the record's lines and docs/bubblelog.md
("Luck of the Draw and the grid game") and docs/notation.md ("Decision logs") alone, not with
printkit's code: a row holds events of one drive, each at most once, in column order, an
event seen again in the drive on the drive's first row where its bubble is still empty (drive
6's two 1st downs: two rows; drive 13's three: three); `new drive` on the drive's first row;
`audible` on the row of the event the record writes after its `call` and `audible` lines
(drive 14's audible comes between its first and second 1st down: its second row), its calls
on the next free audible row after that row (the k-th row marked `audible` owns the k-th
shaded audible row); each `penalty P. delay 2` a `late deal` row of its own where the record
writes it (after the drive's events); each player's total, a total row each in seat order,
on the next free total rows after the drive the clock ran out in (drive 7, `TE expires`: the
end of Q1) and after the game's last drive (drive 14, whose `TE expires` ends Q2 and the
game: one checkpoint). Nobody traded. The winner is not on the sheet (the replay finds it).
The game takes 23 event rows, 10 audible rows and 8 total rows: two sheets.

It was shaded on two blank sheets (`render luckdraw bubblelog --seed ldfill-0006 --length Q2
--sheets 2 --paper letter`, 150 dpi) at bubble positions found in the picture (each oval's
outline a connected blob some 25 px high, rows 29-30 px apart: 33 ovals on an event row, 18
on an audible row, 30 on a total row), with PIL: grey pencil zig-zags ~0.5 mm (3 px) wide over
each oval, the pressure varying a little from oval to oval (some 47 of 255 at a shaded
bubble's centre), four not filling their oval (sheet 1 line 1's FG and sheet 2 line 37's reset
shaded over their top 70%, line 16's called run P2 and line 53's ones 5 of P3's 55 over their
left two thirds), one a little outside (line 12's 1st down, 5 px right and 3 down), one rubbed
out (line 4: run TD shaded, rubbed out to a light grey smudge, pass TD shaded), and the "last
sheet" tick on sheet 2. Sheet 1 is a grey scan (a slight blur, JPEG 60); sheet 2, the last, is
a phone photo (turned 3 degrees, a little perspective, uneven warm light, some 135 dpi, JPEG
75). `handfill-ld-sheet1-light-pencil.jpg` is sheet 1 shaded the same way in a lighter pencil
(some 88 of 255 at a shaded bubble's centre): the reader finds 21 of its 31 rows half-shaded,
and reads none as anything else.

Everything expected here is typed by hand: the decision rows are the table's list, each with
the sheet line it is shaded on (blank rows left out), and the findings are the ones the sheets
are known to give (none: the whole game, its last sheet ticked)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import run_cli

FIXTURES = Path(__file__).parent / "fixtures"
SHEETS = ["handfill-ld-sheet1.jpg", "handfill-ld-sheet2-photo.jpg"]
LIGHT = "handfill-ld-sheet1-light-pencil.jpg"

# The table's decisions as the sheets hold them, each with its sheet line (blank rows left
# out). A band is lines 9b+1..9b+5 (event rows), 9b+6..9b+7 (audible), 9b+8..9b+9 (total).
# Sheet 1: all 20 event rows; audible rows 6, 15, 16, 24, 25, 33, 34 (7 blank: line 10's
# audible came after it); total rows 17-18, 26-27 (8-9 blank: before the clock ran out;
# 35-36 blank: the last totals come after line 39). Sheet 2: lines 37-39, 42-45, 51, 53-54.
LINES = [
    (1, "drive calls short FG"),                      # drive 1
    (2, "late"),                                      # penalty P1 delay 2
    (3, "drive sack punt +inside"),                   # drive 2
    (4, "drive offpen first passTD xp"),              # drive 3
    (5, "late"),                                      # penalty P3 delay 2
    (6, "audible:pass pass:P2P3 run:P1P4"),           # line 1's
    (10, "drive calls first touchback int"),          # drive 4
    (11, "drive calls first 4th"),                    # drive 5
    (12, "drive calls first int"),                    # drive 6
    (13, "first"),
    (14, "drive first FG expires"),                   # drive 7: Q1 ends
    (15, "audible:run run:P2P3P4"),                   # line 10's
    (16, "audible:pass pass:P3 run:P1P2P4"),          # line 11's
    (17, "P1 = 12"),                                  # the checkpoint after drive 7
    (18, "P2 = 19"),
    (19, "drive calls offpen defpen first touchback punt"),   # drive 8
    (20, "offpen touchback"),
    (21, "drive calls sack first review punt"),       # drive 9
    (22, "sack"),
    (23, "drive calls defpen short timeout fumble"),  # drive 10
    (24, "audible:run pass:P1P4 run:P2P3"),           # line 12's
    (25, "audible:run pass:P2P4 run:P1P3"),           # line 19's
    (26, "P3 = 20"),
    (27, "P4 = 14"),
    (28, "drive calls sack first passTD xp"),         # drive 11
    (29, "drive offpen defpen FG"),                   # drive 12
    (30, "drive calls offpen defpen first review punt"),      # drive 13
    (31, "offpen first"),
    (32, "first"),
    (33, "audible:pass pass:P1P3 run:P2P4"),          # line 21's
    (34, "audible:pass pass:P3P4 run:P2"),            # line 23's
    (37, "drive first reset touchback passTD xp expires"),    # drive 14: Q2 and the game end
    (38, "calls first"),
    (39, "first"),
    (42, "audible:pass pass:P2P4 run:P1P3"),          # line 28's
    (43, "audible:run pass:P2 run:P1P4"),             # line 30's
    (44, "P1 = 35"),                                  # the checkpoint after drive 14
    (45, "P2 = 35"),
    (51, "audible:run pass:P1P2 run:P3P4"),           # line 38's
    (53, "P3 = 55"),
    (54, "P4 = 45"),
]
TABLE = [row for _, row in LINES]

# The light-pencil sheet 1: the lines the reader reports half-shaded, and the bubbles it doubts
# (each one shaded on that line: none of the blank ones, not line 4's rubbed-out run TD).
LIGHT_NOT_READ = {
    1: "half-shaded bubble in drive (drive); half-shaded bubble in calls (calls); "
       "half-shaded bubble in play (short)",
    2: "half-shaded bubble in drive (late)",
    3: "half-shaded bubble in drive (drive); half-shaded bubble in end (punt)",
    4: "half-shaded bubble in drive (drive); half-shaded bubble in play (first)",
    6: "half-shaded bubble in run (P4)",
    10: "half-shaded bubble in drive (drive); half-shaded bubble in calls (calls); "
        "half-shaded bubble in play (first); half-shaded bubble in end (int)",
    11: "half-shaded bubble in drive (drive); half-shaded bubble in end (4th)",
    12: "half-shaded bubble in drive (drive); half-shaded bubble in calls (calls); "
        "half-shaded bubble in play (first)",
    13: "half-shaded bubble in play (first)",
    17: "half-shaded bubble in seat (P1)",
    19: "half-shaded bubble in drive (drive); half-shaded bubble in calls (calls); "
        "half-shaded bubble in play (defpen); half-shaded bubble in play (first)",
    21: "half-shaded bubble in drive (drive); half-shaded bubble in calls (calls); "
        "half-shaded bubble in play (sack); half-shaded bubble in play (first); "
        "half-shaded bubble in stop (review); half-shaded bubble in end (punt)",
    22: "half-shaded bubble in play (sack)",
    23: "half-shaded bubble in calls (calls); half-shaded bubble in play (defpen); "
        "half-shaded bubble in play (short)",
    25: "half-shaded bubble in pass (P4)",
    28: "half-shaded bubble in drive (drive); half-shaded bubble in play (first)",
    30: "half-shaded bubble in drive (drive); half-shaded bubble in calls (calls); "
        "half-shaded bubble in play (offpen); half-shaded bubble in play (first); "
        "half-shaded bubble in end (punt)",
    31: "half-shaded bubble in play (offpen); half-shaded bubble in play (first)",
    32: "half-shaded bubble in play (first)",
    33: "half-shaded bubble in call (pass)",
    34: "half-shaded bubble in call (pass)",
}
# ... what the table shaded on each of those lines, in the reader's words for its bubbles
LIGHT_SHADED = {
    1: {"drive", "calls", "short", "FG"}, 2: {"late"}, 3: {"drive", "sack", "punt", "inside"},
    4: {"drive", "offpen", "first", "passTD", "xp"}, 6: {"pass", "P2", "P3", "P1", "P4"},
    10: {"drive", "calls", "first", "touchback", "int"}, 11: {"drive", "calls", "first", "4th"},
    12: {"drive", "calls", "first", "int"}, 13: {"first"}, 17: {"P1", "1", "2"},
    19: {"drive", "calls", "offpen", "defpen", "first", "touchback", "punt"},
    21: {"drive", "calls", "sack", "first", "review", "punt"}, 22: {"sack"},
    23: {"drive", "calls", "defpen", "short", "timeout", "fumble"},
    25: {"run", "P2", "P4", "P1", "P3"}, 28: {"drive", "calls", "sack", "first", "passTD", "xp"},
    30: {"drive", "calls", "offpen", "defpen", "first", "review", "punt"},
    31: {"offpen", "first"}, 32: {"first"}, 33: {"pass", "P1", "P3", "P2", "P4"},
    34: {"pass", "P3", "P4", "P2"},
}


def row_of(rows: list[str], line: int) -> str:
    """The scanned row of a sheet line (the table above is in sheet order)."""
    return rows[[n for n, _ in LINES].index(line)]


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, str, Path]:
    """The two sheets scanned once, for the tests that read what they say."""
    before = sorted(p.name for p in FIXTURES.iterdir())
    out = tmp_path_factory.mktemp("ldfill") / "game.dec"
    r = run_cli("scan", *(str(FIXTURES / name) for name in SHEETS), "--out", str(out))
    assert sorted(p.name for p in FIXTURES.iterdir()) == before   # nothing written beside them
    return r.code, r.stdout + r.stderr, out.read_text() if out.exists() else "", out


def test_the_hand_filled_sheets_read_as_the_tables_decisions(scanned):
    code, said, record, out = scanned
    assert code == 0, said                                   # read, and the replay is clean
    assert f"{SHEETS[0]}: luckdraw sheet 1: 31 lines read\n" in said
    assert f"{SHEETS[1]}: luckdraw sheet 2: 10 lines read\n" in said
    assert "ambiguous" not in said and "not read" not in said
    assert f"{out}: luckdraw: 41 lines checked, clean; 4 players, 14 drives\n" in said
    tags, _, rows = record.partition("\n\n")
    # no Players tag: the blank decision sheet has no Players bubbles and its QR none (the
    # play book's four hands are the verifier's default)
    assert tags.splitlines() == ['[Game "luckdraw"]', '[Seed "ldfill-0006"]',
                                 '[Length "Q2"]', '[Log "decisions"]']
    assert rows.splitlines() == TABLE


def test_the_odd_marks_read_as_the_table_meant(scanned):
    """The rubbed-out run TD of line 4 is no mark; the part-filled ovals and the mark
    spilling out of line 12's 1st down are marks."""
    rows = scanned[2].partition("\n\n")[2].splitlines()
    assert row_of(rows, 1) == "drive calls short FG"               # FG 70% filled
    assert row_of(rows, 4) == "drive offpen first passTD xp"       # run TD rubbed out
    assert row_of(rows, 12) == "drive calls first int"             # 1st down a little outside
    assert row_of(rows, 16) == "audible:pass pass:P3 run:P1P2P4"   # run P2 two thirds filled
    assert row_of(rows, 37) == "drive first reset touchback passTD xp expires"   # reset 70%
    assert row_of(rows, 53) == "P3 = 55"                           # ones 5 two thirds filled


def test_the_audible_and_total_rows_belong_where_the_sheet_says(scanned):
    """The k-th row marked `audible` owns the k-th shaded audible row, each on the next free
    audible row after its event row: line 1's takes line 6 (line 7 stays blank: line 10's
    audible comes after it and takes line 15), line 12's (drive 6, the band's third) line 24
    in the next band, line 28's and line 30's sheet 2's lines 42-43, drive 14's (line 38, its
    second row) line 51. A checkpoint's totals take the next free total rows after its drive:
    after drive 7's clock 0 (line 14) P1 and P2 on lines 17-18 and P3 and P4 on lines 26-27,
    after drives 8-10's events; after the game's last event (sheet 2 line 39) P1 and P2 on
    lines 44-45 and P3 and P4 on lines 53-54, after a band's blank event rows (lines 35-36,
    free but before the game's end, stay blank)."""
    rows = scanned[2].partition("\n\n")[2].splitlines()
    marked = [n for n, row in LINES if "calls" in row.split()]
    assert marked == [1, 10, 11, 12, 19, 21, 23, 28, 30, 38]
    assert sum(" calls " in f" {row} " for row in rows) == 10
    assert [n for n, row in LINES if row.startswith("audible:")] == \
           [6, 15, 16, 24, 25, 33, 34, 42, 43, 51]
    assert sum(row.startswith("audible:") for row in rows) == 10
    # the calls of line 10 (drive 4: all but P1 called run) come after it, not on line 7
    assert rows[5:9] == ["audible:pass pass:P2P3 run:P1P4", "drive calls first touchback int",
                         "drive calls first 4th", "drive calls first int"]
    assert rows[10:15] == ["drive first FG expires", "audible:run run:P2P3P4",
                           "audible:pass pass:P3 run:P1P2P4", "P1 = 12", "P2 = 19"]
    assert rows[19:24] == ["drive calls defpen short timeout fumble",
                           "audible:run pass:P1P4 run:P2P3", "audible:run pass:P2P4 run:P1P3",
                           "P3 = 20", "P4 = 14"]
    assert rows[31:] == ["drive first reset touchback passTD xp expires", "calls first",
                         "first", "audible:pass pass:P2P4 run:P1P3",
                         "audible:run pass:P2 run:P1P4", "P1 = 35", "P2 = 35",
                         "audible:run pass:P1P2 run:P3P4", "P3 = 55", "P4 = 45"]


def test_verify_replays_the_whole_game_clean(scanned):
    """verify of the scanned decision log replays all 14 drives with no finding: every event,
    call and total shaded is the game's, and the last sheet is ticked, so no end-of-game
    finding either."""
    out = scanned[3]
    r = run_cli("verify", str(out))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.splitlines() == [f"{out}: luckdraw: 41 lines checked, clean; "
                                     "4 players, 14 drives"]


def test_the_first_sheet_alone_is_refused_as_not_the_last(tmp_path):
    """Sheet 1 has no tick: alone it may be a game with a lost sheet 2, so scan writes
    nothing and says so in one line (exit 2)."""
    out = tmp_path / "game.dec"
    r = run_cli("scan", str(FIXTURES / SHEETS[0]), "--out", str(out))
    assert r.code == 2
    assert not out.exists()
    assert r.stderr == (f"printkit: error: {FIXTURES / SHEETS[0]}: seed ldfill-0006: sheet 1 "
                        "is not marked as the last: a later sheet may be missing: not "
                        "verified\n")


def test_a_light_pencil_is_reported_half_shaded_never_read_wrong(tmp_path):
    """Sheet 1 in a lighter pencil, with sheet 2: 21 of its 31 shaded lines are reported
    half-shaded (each named, with the bubbles doubted, each one the table shaded there, and a
    crop), the other 10 read as the table's; no line is read as anything else, and the
    rubbed-out run TD of line 4 is not doubted. The replay stops at the first line not read
    (line 1)."""
    out = tmp_path / "game.dec"
    r = run_cli("scan", str(FIXTURES / LIGHT), str(FIXTURES / SHEETS[1]), "--out", str(out))
    said = r.stdout + r.stderr
    assert r.code == 1, said
    assert f"{LIGHT}: luckdraw sheet 1: 10 lines read, 21 ambiguous\n" in said
    assert f"{SHEETS[1]}: luckdraw sheet 2: 10 lines read\n" in said
    assert said.count(": ambiguous: ") == 21
    for line, doubts in LIGHT_NOT_READ.items():
        assert (f"{FIXTURES / LIGHT}:{line}: ambiguous: {doubts} "
                f"(crop: {tmp_path / f'game.line{line}.png'})\n") in said
        named = {part.rpartition("(")[2].rstrip(")") for part in doubts.split("; ")}
        assert named <= LIGHT_SHADED[line], line          # a bubble the table shaded there
    assert "runTD" not in said and "run TD" not in said
    rows = out.read_text().partition("\n\n")[2].splitlines()
    assert len(rows) == len(TABLE)
    for (line, row), got in zip(LINES, rows, strict=True):
        if line in LIGHT_NOT_READ:
            assert got == f"; {FIXTURES / LIGHT} line {line}: not read: {LIGHT_NOT_READ[line]}"
        else:
            assert got == row, line                       # read as the table's, or not at all
    assert [n for n, _ in LINES if n <= 36 and n not in LIGHT_NOT_READ] == \
           [5, 14, 15, 16, 18, 20, 24, 26, 27, 29]
    assert (f"{out}:6: LD-REC-003: a play line that cannot be read: a play the sheet could not "
            f"read ({LIGHT_NOT_READ[1]}) (the replay stops here) (expected a decision line, "
            "found marks the sheet reader could not read) "
            f"[{FIXTURES / LIGHT} line 1, crop: {tmp_path / 'game.line1.png'}]") in said
    # the replay stopped at line 1: no drive replayed, the game's end not judged (no
    # checkpoint at its end asked for, no winner "declared in Q1"), and no Players finding
    # (no deal read: the count is the play book's four the replay dealt for)
    assert f"{out}: luckdraw: 0 lines checked, 1 finding; 4 players, 0 drives\n" in said
    assert "LD-TAG-001" not in said
    assert "; 4 players, 0 drives\n" in said
    assert "LD-LEN-002" not in said and "LD-DEC-003" not in said
