"""A BLOWOUT!!! decision sheet filled by hand, as a table would (issue 31), read back.

The game is the bot-played record `printkit simulate blowout --games 1 --seed handfill-bo`
(play book `handfill-bo-0001`, Comets v Owls, a full game). Its first 56 snaps (all in Q1,
13-0) were worked out as a table would, from the record's lines, the play book and
docs/bubblelog.md ("Decision sheets", BLOWOUT!!!) alone: each card crossed out of its hand as
it is played, the hand the first cards of the book's list not crossed out (B6), each side's
card named by its place, a response card crossed out of the hand of the side that played it
(its OFFENSE hand on offense, its DEFENSE hand on defense), and after each score the scoring
side's new score a digit a row (13: `1` on the snap's row, `3` alone on the next). That is 57
rows: sheet 1 rows 1-42 (its row 42 the `3` of 13), sheet 2 rows 43-57.

They were shaded on two blank sheets (`render blowout bubblelog --seed handfill-bo-0001
--home Comets --away Owls --sheets 2`, 150 dpi) at bubble positions read off the image by eye:
grey pencil zig-zags ~0.5 mm wide over each oval, three not filling it (row 4's `challenge`,
row 27's OFFENSE `4`, row 47's response side `A`: some 60% of the oval), one a little outside
its oval (row 12's DEFENSE `3`, 6 px right and 4 px down), one rubbed out (row 18: OFFENSE `2`
shaded, rubbed out to a grey smudge, `1` shaded), and the "last sheet" tick on sheet 2 (the
table stopped there: see the last test). Sheet 1 is a grey scan (JPEG 60, a slight blur);
sheet 2 a phone photo (turned 3 degrees, a little perspective, uneven light, some 120 dpi,
JPEG 75). `handfill-bo-sheet1-light-pencil.jpg` is sheet 1 shaded the same way in a lighter
pencil (some 92 of 255 inside a shaded bubble on average, against 67 on the fixture): the
reader finds most of its rows half-shaded.

Everything expected here is typed by hand: the decision rows are the table's list, not one
the engine computed, and the findings are the ones the sheets are known to give."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run_cli

FIXTURES = Path(__file__).parent / "fixtures"
SHEETS = ["handfill-bo-sheet1.jpg", "handfill-bo-sheet2-photo.jpg"]
LIGHT = "handfill-bo-sheet1-light-pencil.jpg"

# The table's decisions, row by row, as the typed decision log writes them.
TABLE = """\
1 v3 first:H
4 v1 H:DP-PI
5 v6
3 v6 H:CHAL
5 v5
1 v2
5 v6
K v2 A:CHAL
K v6
K v6 = 3
1 v3
3 v3 A:DP-PI
4 v1
5 v5
3 v5
1 v3
4 v4
1 v6
5 v5
4 v6 H:CHAL
4 v6
2 v6 H:DP-HLD
2 v4
K v5 A:CHAL
K v6 = 6
5 v5
4 v6
5 v6
4 v1
5 v1
5 v4
2 v6
2 v5 A:DP-HLD
1 v3
2 v3
K v5 H:CHAL
K v6
K v3
2 v2
1 v6
2 v4 = 1
= 3
4 v6
5 v5
4 v6
3 v5 A:DP-PI
4 v5 A:CHAL
4 v6
3 v5
5 v4
4 v4 A:DP-HLD
4 v6
K v1 H:CHAL
K v5
3 v2
5 v6
4 v6
"""

# The light-pencil sheet 1: the rows (1-42) the reader reports half-shaded, not read.
LIGHT_NOT_READ = [1, 2, 3, 4, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 20, 21, 22, 23, 24, 25,
                  26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 37, 39, 40, 41]

UNFINISHED = ("BO-END-002: the record ends before the game is over "
              "[play: Q1 H P50 FUM +0 {H 1&10 A40}] "
              "(expected the game played to its end, found no more snaps)")


def _scan(tmp_path: Path, *names: str) -> tuple[int, str, str]:
    out = tmp_path / "game.dec"
    r = run_cli("scan", *(str(FIXTURES / name) for name in names), "--out", str(out))
    return r.code, r.stdout + r.stderr, out.read_text() if out.exists() else ""


def test_the_hand_filled_sheets_read_as_the_tables_decisions(tmp_path):
    before = sorted(p.name for p in FIXTURES.iterdir())
    code, said, record = _scan(tmp_path, *SHEETS)
    assert code == 1, said                       # read; the one finding: the game goes on
    assert f"{SHEETS[0]}: blowout sheet 1: 42 lines read\n" in said
    assert f"{SHEETS[1]}: blowout sheet 2: 15 lines read\n" in said
    assert "ambiguous" not in said and "not read" not in said
    tags, _, rows = record.partition("\n\n")
    # no Length: the decision sheet has no Length bubbles and its QR none (a full game is
    # the verifier's default)
    assert tags.splitlines() == ['[Game "blowout"]', '[Seed "handfill-bo-0001"]',
                                 '[Home "Comets"]', '[Away "Owls"]', '[Log "decisions"]']
    assert rows.splitlines() == TABLE.splitlines()
    assert sorted(p.name for p in FIXTURES.iterdir()) == before   # nothing written beside them


def test_the_odd_marks_read_as_the_table_meant(tmp_path):
    """The rubbed-out OFFENSE 2 of row 18 is no mark, the part-filled ovals and the mark
    spilling out of row 12's DEFENSE 3 are marks, and the 13 of row 41 is two rows."""
    _, _, record = _scan(tmp_path, *SHEETS)
    rows = record.partition("\n\n")[2].splitlines()
    assert rows[17] == "1 v6"                    # row 18: 2 rubbed out, 1 shaded
    assert rows[3] == "3 v6 H:CHAL"              # row 4: challenge 60% filled
    assert rows[11] == "3 v3 A:DP-PI"            # row 12: DEFENSE 3 a little outside
    assert rows[26] == "4 v6"                    # row 27: OFFENSE 4 60% filled
    assert rows[46] == "4 v5 A:CHAL"             # row 47: side A 60% filled
    assert rows[40:42] == ["2 v4 = 1", "= 3"]    # 13, a digit a row


def test_verify_says_the_game_is_not_over(tmp_path):
    """The table stopped after 56 snaps of a full game (the record's 57th row, sheet 2's
    15th): verify replays them all (no other finding: every card, response and score digit
    is the record's) and says the game goes on, on the last row, with the snap it replayed."""
    r = run_cli("verify", *(str(FIXTURES / name) for name in SHEETS))
    assert r.code == 1, r.stdout + r.stderr
    findings = [line for line in r.stdout.splitlines() if ": BO-" in line]
    assert findings == [f"{FIXTURES / SHEETS[1]}:57: {UNFINISHED} [record line 63]"]
    assert r.stdout.splitlines()[-1] == (
        f"{FIXTURES / SHEETS[0]}, {FIXTURES / SHEETS[1]}: blowout: 57 lines checked, "
        "1 finding; score 13-0, game not over")


def test_sheet_one_alone_is_refused_as_not_the_last(tmp_path):
    """Sheet 1 has no tick: alone it may be a game with a lost sheet 2, so scan writes
    nothing and says so in one line (exit 2)."""
    code, said, record = _scan(tmp_path, SHEETS[0])
    assert code == 2
    assert record == ""
    assert (f"printkit: error: {FIXTURES / SHEETS[0]}: seed handfill-bo-0001: sheet 1 is not "
            "marked as the last: a later sheet may be missing: not verified\n") in said


def test_a_light_pencil_is_reported_half_shaded_never_read_wrong(tmp_path):
    """Sheet 1 in a lighter pencil (some 92 of 255 inside a shaded bubble): 34 of its 42 rows
    are reported half-shaded (each named, with a crop), the other 8 read as the table's; no
    row is read as anything else. The replay stops at the first row not read."""
    code, said, record = _scan(tmp_path, LIGHT, SHEETS[1])
    assert code == 1, said
    assert f"{LIGHT}: blowout sheet 1: 8 lines read, 34 ambiguous\n" in said
    assert f"{SHEETS[1]}: blowout sheet 2: 15 lines read\n" in said
    rows = record.partition("\n\n")[2].splitlines()
    table = TABLE.splitlines()
    assert len(rows) == len(table)
    not_read = [n for n, row in enumerate(rows, 1) if row.startswith(";")]
    assert not_read == LIGHT_NOT_READ
    assert all(f"line {n}: not read: half-shaded bubble in " in rows[n - 1] for n in not_read)
    assert [row for n, row in enumerate(rows, 1) if n not in not_read] == \
           [row for n, row in enumerate(table, 1) if n not in not_read]
    assert "BO-REC-003: a play line that cannot be read" in said
    assert "blowout: 0 lines checked, 1 finding; score 0-0, game not over" in said
    assert "BO-END-002" not in said          # stopped at line 1: no whole game to judge
