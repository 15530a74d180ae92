"""Luck of the Draw decision sheets printed before a row held a drive's events (an event a row,
a band of six event rows, an audible row and two total rows: geometry key 49715633 on
letter), shaded by hand in pencil, still read and replayed: a class that printed its packs
then hands them in as they are (`Grammar.earlier`, printkit/omr/sheet.py `sheet_grammar`).

The three sheets are the ones the earlier layout's hand-filled test read (the bot-played
record of play book `ldfill-0006`, 4 players, to the end of Q2: 14 drives, 60 events, P3
wins), kept under new names: its rows were worked out from the record's lines by hand, an
event a row; sheets 1 and 3 grey scans, sheet 2 a phone photo; one mark rubbed out and
shaded again, four ovals part-filled, one a little outside. Everything expected is typed by
hand: the table's rows as its sheets hold them (blank rows left out) and the clean replay."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run_cli

FIXTURES = Path(__file__).parent / "fixtures"
SHEETS = ["handfill-ld-v1-sheet1.jpg", "handfill-ld-v1-sheet2-photo.jpg",
          "handfill-ld-v1-sheet3.jpg"]

# The table's decisions, row by row, as the sheets hold them: sheet 1 lines 1-36 (its total
# rows 8-9, 17-18 and 26-27 blank), sheet 2 lines 37-72, sheet 3 lines 73-99.
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


def test_sheets_of_an_event_a_row_read_and_replay_clean(tmp_path):
    out = tmp_path / "game.dec"
    r = run_cli("scan", *(str(FIXTURES / name) for name in SHEETS), "--out", str(out))
    said = r.stdout + r.stderr
    assert r.code == 0, said
    assert f"{SHEETS[0]}: luckdraw sheet 1: 30 lines read\n" in said
    assert f"{SHEETS[1]}: luckdraw sheet 2: 30 lines read\n" in said
    assert f"{SHEETS[2]}: luckdraw sheet 3: 18 lines read\n" in said
    assert "another layout" not in said and "ambiguous" not in said
    tags, _, rows = out.read_text().partition("\n\n")
    assert '[Log "decisions"]' in tags.splitlines()
    assert rows.splitlines() == TABLE.splitlines()
    r = run_cli("verify", str(out))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.splitlines() == [f"{out}: luckdraw: 78 lines checked, clean; "
                                     "4 players, 14 drives"]
