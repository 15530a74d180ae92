"""Luck of the Draw's bubble logs without a play book (no Seed: deal lines on the sheet): the
fillable log's grammar (`grammar()`: one column per token, a line a row), and the bubble
sheet's (`grammar().dense`, issue #18): the play-book sheet's two-row bands with deal and
sidelines lines, two deals a band (the second on the band's second row, its hand on the
cards-given-back bubbles), no totals (the verifier adds the points up: `--from` leaves each
off and notes it), 29 bands a letter sheet (28 a4). Sheets read back from photos, from the
PDF and through audit; the fillable log from a filled PDF.

Expectations typed by hand from docs/notation.md (Luck of the Draw), records/luckdraw_six.rec
and examples/luckdraw.rec; luckdraw_six.sheet.rec is the six-player record as its sheets write
it (checked by hand: cards in the cheat sheet's order DP FBL FDN FG INT IR/TO MFG OP P PTD RTD
XP/S SACK STTD TE TOD, comments and totals gone, the header's Players and Length last)."""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

import cv2
import pytest
from hypothesis import given

from printkit.omr import read_bubble_file, record_from_file
from printkit_engine.bubbles import EncodeError, encode, for_sheet, sheet_form, split_record
from printkit_engine.luckdraw.bookrecord import dealt_record
from printkit_engine.luckdraw.bubbles import BookLines, grammar
from tests.fuzzing import fuzz_settings
from tests.helpers import run_cli
from tests.omr.distort import Distortion, distort, page_image
from tests.omr.mangle import edits as mangle_edits
from tests.omr.mangle import mangled
from tests.omr.places import shade
from tests.omr.test_fillable import _blank, _fill

RECORDS = Path(__file__).parent / "records"
RECORD = RECORDS / "luckdraw_six.rec"
SHEET = RECORDS / "luckdraw_six.sheet.rec"


def _tokens(line: str) -> dict[str, str]:
    g = grammar()
    marks = encode(g, line).marks
    return {name: g.slot(name).read(m) for name, m in marks.items() if g.slot(name).read(m)}


# -- the fillable log's grammar (one token a cell: a line a row) ------------------------------

def test_each_kind_of_line_shades_its_groups():
    assert _tokens("Q2") == {"kind": "Q2"}
    assert _tokens("drive 12 QB P3") == {"kind": "drive", "n": "12", "seat": "P3"}
    assert _tokens("deal P4 DP SACK") == {"kind": "deal", "seat": "P4", "DP": "DP",
                                          "SACK": "SACK"}
    assert _tokens("side FG TOD") == {"kind": "side", "FG": "FG", "TOD": "TOD"}
    assert _tokens("trade P2 TE FG for P4 OP DP") == {
        "kind": "trade", "seat": "P2", "TE": "TE", "FG": "FG", "seat2": "P4", "bOP": "OP",
        "bDP": "DP"}
    assert _tokens("call P1 pass P3 run") == {"kind": "call", "P1": "P1 pass", "P3": "P3 run"}
    assert _tokens("audible run P2 4 P5 3") == {"kind": "audible", "play": "run",
                                                "P2": "P2 4", "P5": "P5 3"}
    assert _tokens("P punt+blocked+td P4 8") == {"kind": "event", "P": "P",
                                                 "word": "punt+blocked+td", "seat": "P4",
                                                 "n": "8"}
    assert _tokens("IR/TO timeout side 0") == {"kind": "event", "IR/TO": "IR/TO",
                                               "word": "timeout", "seat": "side", "n": "0"}
    assert _tokens("penalty P2 procedure 3") == {"kind": "penalty", "seat": "P2",
                                                 "pen": "procedure", "n": "3"}
    assert _tokens("total P1 -2 P2 104 P3 7 P8 19") == {
        "kind": "total", "seat": "P1", "n": "-2", "seat2": "P2", "n2": "104", "t3": "P3 7",
        "t4": "P8 19"}
    assert _tokens("winner P1 P3") == {"kind": "winner", "seat": "P1", "seat2": "P3"}


@pytest.mark.parametrize("line", [
    "Q1", "OT", "drive 1 QB P1", "drive 27 QB P8",
    "deal P1 FG INT PTD TOD", "deal P3 DP FBL FDN FG INT IR/TO MFG OP",
    "side IR/TO MFG RTD TOD",
    "trade P2 TE for P3 OP", "trade P5 DP FBL for P6 OP XP/S",
    "call P1 pass P2 run P3 pass P4 pass P5 run P6 run P7 pass P8 run",
    "call",                                  # nobody called: the bots write it so
    "audible run P2 4", "audible pass", "audible pass P1 3 P3 3 P4 3",
    "FBL fumble+td P3 7", "FDN first+markers P4 2", "XP/S 2pt P5 2", "TOD none P1 1",
    "STTD td P2 8", "MFG missed side 0", "INT int P1 5",
    "penalty P2 delay 2", "penalty P4 conduct 4",
    "total P1 14 P2 7 P3 5 P4 10", "total P5 0", "total P1 -4 P2 199",
    "winner P1", "winner P2 P6",
])
def test_lines_come_back_as_written(line):
    assert sheet_form(grammar(), line) == line


def test_cards_come_back_in_the_cheat_sheets_order():
    assert sheet_form(grammar(), "deal P1 INT PTD TOD FG") == "deal P1 FG INT PTD TOD"
    assert sheet_form(grammar(), "side XP/S RTD IR/TO") == "side IR/TO RTD XP/S"
    assert sheet_form(grammar(), "trade P5 XP/S DP for P6 TE FBL") == \
        "trade P5 DP XP/S for P6 FBL TE"


def test_a_card_written_twice_is_left_off_once():
    enc = encode(grammar(), "deal P1 FG FG INT")
    assert enc.dropped == ("FG",)


@pytest.mark.parametrize("line", [
    "total P1 1 P2 2 P3 3 P4 4 P5 5",      # five seats: a total line holds four
    "winner P1 P2 P3",                     # a three-way tie
    "call P3 pass P1 run",                 # calls out of seat order
    "audible run P2 2",                    # neither a correct call's 3 nor a Loner's 4
    "trade P2 for P3 OP",                  # no card given
    "drive 3 qb p3",                       # keywords in another case
    "total P1 200",                        # past the digit columns
    "kickoff P1",
])
def test_lines_the_sheet_cannot_hold_are_refused(line):
    with pytest.raises(EncodeError):
        encode(grammar(), line)


def test_the_legend_is_printed_from_the_rules_data():
    legend = "\n".join(grammar().dense.legend)          # the sheet's (the fillable has none)
    assert "dl deal  sd side  tr trade" in legend
    assert "de delay (Delay of Game, 2)" in legend
    assert "pr procedure (Illegal Procedure, 3)" in legend
    assert "co conduct (Unsportsmanlike Conduct, 4)" in legend
    assert "mk markers" in legend and "4t fourth" in legend


# -- fillable -------------------------------------------------------------------------------
# Three players (5 cards each, the QB's PTD INT TOD + 2; FG on the sidelines), typed by hand.
FILLED = {      # the card columns and the seats' calls share a cell each (comma-separated)
    "tag.Players": "3", "tag.Length": "Q4",
    "L001.kind": "Q1",
    "L002.kind": "drive", "L002.n": "1", "L002.seat": "P1",
    "L003.kind": "deal", "L003.seat": "P1", "L003.DP-TOD": "PTD, INT, TOD, SACK, TE",
    "L004.kind": "deal", "L004.seat": "P2", "L004.DP-TOD": "DP FBL FDN IR/TO MFG",
    "L005.kind": "deal", "L005.seat": "p3", "L005.DP-TOD": "op, P, RTD, XP/S, STTD",
    "L006.kind": "event", "L006.DP-TOD": "STTD", "L006.word": "touchback", "L006.seat": "P3",
    "L006.n": "2",
    "L007.kind": "call", "L007.P1-P8": "P1 run, P2 pass, P3 pass",
    "L008.kind": "audible", "L008.play": "pass", "L008.P1-P8": "P2 3, P3 3",
    "L009.kind": "event", "L009.DP-TOD": "RTD", "L009.word": "td", "L009.seat": "P3",
    "L009.n": "6",
    "L010.kind": "total", "L010.seat": "P1", "L010.n": "0", "L010.seat2": "P2",
    "L010.n2": "3", "L010.t3": "P3 11",
}


def test_a_filled_log_verifies(tmp_path):
    filled = _fill(_blank(tmp_path, "luckdraw"), FILLED, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert r.code == 0, r.stdout
    assert r.stdout == f"{filled}: luckdraw: 10 lines checked, clean; 3 players, 1 drive\n"


def test_a_slip_in_a_filled_log_is_the_typed_records_finding(tmp_path):
    slipped = {**FILLED, "L008.P1-P8": "P2 4, P3 3"}     # no Loner bonus with 3 players
    filled = _fill(_blank(tmp_path, "luckdraw"), slipped, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert r.code == 1
    # the record read: tags Game, Players, Length, a blank line, then the lines: the
    # audible is record line 12
    assert r.stdout.splitlines()[0] == (
        f"{filled}:12: LD-AUD-001: 3 audible points per correct call of pass "
        "(expected P2 3, P3 3, found P2 4, P3 3)")
    typed = tmp_path / "typed.rec"
    typed.write_text('[Players "3"]\n[Length "Q4"]\nQ1\ndrive 1 QB P1\n'
                     "deal P1 INT PTD TOD SACK TE\ndeal P2 DP FBL FDN IR/TO MFG\n"
                     "deal P3 OP P RTD XP/S STTD\nSTTD touchback P3 2\n"
                     "call P1 run P2 pass P3 pass\naudible pass P2 4 P3 3\nRTD td P3 6\n"
                     "total P1 0 P2 3 P3 11\n")
    t = run_cli("verify", str(typed))
    assert [line.split(": ", 1)[1] for line in t.stdout.splitlines()[:1]] == \
        [line.split(": ", 1)[1] for line in r.stdout.splitlines()[:1]]


def test_a_seeded_game_logged_without_deal_bands_verifies(tmp_path):
    """L17: with a play book the deal bands can be skipped. examples/luckdraw.rec (seed demo)
    without its 12 deal lines: 45 - 12 = 33 lines, less its three totals (a play-book sheet
    leaves them to the verifier): 30 lines, clean."""
    example = Path(__file__).resolve().parents[2] / "examples" / "luckdraw.rec"
    text = "".join(line for line in example.read_text().splitlines(keepends=True)
                   if not line.startswith("deal "))
    rec = tmp_path / "no-deals.rec"
    rec.write_text(text)
    pdf = tmp_path / "log.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(rec),
                   "--out", str(pdf)).code == 0
    r = run_cli("verify", str(pdf))
    assert r.code == 0, r.stdout
    assert r.stdout == f"{pdf}: luckdraw: 30 lines checked, clean; 4 players, 3 drives\n"


# -- the bubble sheet: deal lines on the play-book sheet's bands -------------------------------

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "luckdraw.rec"


def _unseeded_example() -> str:
    """examples/luckdraw.rec without its Seed tag (line 2): its line N is the example's N + 1."""
    text = EXAMPLE.read_text()
    assert '[Seed "demo"]\n' in text
    return text.replace('[Seed "demo"]\n', "")


# The example's bands, typed by hand (numbers: the unseeded copy's lines): the period and the
# drive line share a band, the four deals two bands (each hand in the cheat sheet's order),
# the calls join the event before them, the event after the audible joins it, a drive line
# joins the event or penalty before it (the totals between are left off).
EXAMPLE_BANDS = [
    (8, "Q1\ndrive 1 QB P1"),
    (10, "deal P1 FG INT PTD TOD\ndeal P2 FBL RTD STTD TE"),
    (12, "deal P3 IR/TO OP P XP/S\ndeal P4 DP FDN MFG SACK"),
    (14, "STTD touchback P2 2"),
    (15, "FDN first P4 1\ncall P1 pass P2 run P3 pass P4 pass"),
    (17, "audible run P2 4\nSACK sack P4 2"), (19, "OP penalty P3 1"),
    (20, "FDN first+markers P4 2"), (21, "trade P2 TE for P3 OP"), (22, "OP penalty P2 1"),
    (23, "PTD td P1 6"), (24, "XP/S xp P3 1\ndrive 2 QB P2"),
    (28, "deal P1 OP XP/S STTD TE\ndeal P2 INT IR/TO PTD TOD"),
    (30, "deal P3 DP FBL FG SACK\ndeal P4 FDN MFG P RTD"),
    (32, "STTD touchback P1 2"), (33, "FDN first P4 1"),
    (34, "IR/TO timeout P2 2\ncall P1 pass P3 pass P4 run"),
    (36, "audible pass P1 3 P3 3\nTE expires P1 3"), (38, "Q2\nP punt+inside P4 4"),
    (40, "penalty P2 delay 2\ndrive 3 QB P3"),
    (44, "deal P1 P XP/S SACK TE\ndeal P2 DP FBL MFG RTD"),
    (46, "deal P3 FG INT PTD TOD\ndeal P4 FDN IR/TO OP STTD"),
    (48, "STTD touchback P4 2"), (49, "FDN first P4 1"), (50, "SACK sack P1 2"),
    (51, "TOD fourth P3 4"), (52, "TE expires P1 3"), (54, "winner P1"),
]

# The six-player record's bands (its own line numbers): three bands of two deals a drive,
# the sidelines a band of their own.
SIX_BANDS = [
    (9, "Q1\ndrive 1 QB P1"), (11, "deal P1 INT PTD\ndeal P2 FDN OP"),
    (13, "deal P3 SACK TE\ndeal P4 P STTD"), (15, "deal P5 DP FBL\ndeal P6 RTD XP/S"),
    (17, "side FG IR/TO MFG TOD"), (18, "STTD touchback P4 2"),
    (19, "FDN first P2 1\ncall P1 pass P2 run P3 pass P4 pass P5 pass P6 pass"),
    (21, "audible run P2 4\nSACK sack P3 2"), (23, "IR/TO timeout side 0"),
    (24, "trade P5 DP for P6 XP/S"), (25, "OP penalty P2 1"),
    (26, "P punt+inside P4 4\ndrive 2 QB P2"),
    (31, "deal P1 FG RTD\ndeal P2 INT PTD"), (33, "deal P3 DP STTD\ndeal P4 SACK TE"),
    (35, "deal P5 FDN OP\ndeal P6 MFG P"), (37, "side FBL IR/TO XP/S TOD"),
    (38, "STTD touchback P3 2"),
    (39, "FDN first+markers P5 2\ncall P1 run P2 pass P3 pass P4 run P5 pass P6 run"),
    (41, "audible pass P2 3 P3 3 P5 3\nSACK sack P4 2"), (43, "TE expires P4 3"),
    (44, "Q2\nMFG missed+blocked P6 5"), (46, "penalty P2 delay 2\ndrive 3 QB P3"),
    (51, "deal P1 OP TE\ndeal P2 FBL SACK"), (53, "deal P3 INT PTD\ndeal P4 DP FDN"),
    (55, "deal P5 P XP/S\ndeal P6 FG STTD"), (57, "side IR/TO MFG RTD TOD"),
    (58, "STTD touchback P6 2"), (59, "FDN first P4 1"), (60, "PTD td P3 6"),
    (61, "XP/S 2pt P5 2"), (64, "winner P3"),
]


def test_a_sheet_without_a_seed_is_the_dense_one():
    g = grammar()
    dense = g.dense
    assert for_sheet(g, {}) is dense and for_sheet(g, {"Players": "4"}) is dense
    assert dense.lines == BookLines(dealt=True) and dense.variant == "book" and dense.book is None
    assert dense.slot("kind").parts[0].options == (
        "Q1", "Q2", "Q3", "Q4", "OT", "drive", "deal", "side", "trade", "call", "audible",
        "event", "penalty", "winner")
    # a deal's hand is shaded on the event's sixteen card bubbles (no bubbles of its own)
    assert dense.slot("dealt").shares == "card" and "dealt" not in {
        s.name for s in dense.bubble_slots}
    # every slot of the play-book sheet is there, the same, but the 2nd seat: it has sd
    # too (the sidelines below a deal, on the guest slot `below`: `deal P2` .. or `side`)
    book = g.book
    assert all(dense.slot(s.name) == s for s in book.slots if s.name not in ("kind", "seat2"))
    assert dense.slot("seat2").parts[0].labels == book.slot("seat2").parts[0].labels + ("sd",)
    assert dense.slot("below").shares == "seat2"
    assert dense.slot("below").parts[0].options[-2:] == ("deal P8", "side")


@pytest.mark.parametrize("line", [
    "deal P1 FG INT PTD TOD", "deal P8 DP", "deal P3",
    "deal P1 FG INT PTD TOD\ndeal P2 FBL RTD STTD TE",
    "deal P5 P XP/S\ndeal P6 FG STTD", "side", "side FG IR/TO MFG TOD",
    "side IR/TO\ndeal P6 TE TOD", "deal P1 FG\ndeal P2",
    "deal P5 P XP/S\nside IR/TO", "deal P3 FG INT PTD TOD\nside",    # an odd table's last
    "deal P3 FG\ndeal P4 TE\ncall P1 run P2 run P3 run P4 run",    # the calls before the
    "deal P5 FG\nside\ncall P2 pass", "side FG\ncall P1 run",        # first event
    # the play-book sheet's lines and bands hold here too
    "Q1\ndrive 1 QB P1", "XP/S xp P3 1\ndrive 2 QB P2", "trade P2 FG TE for P4 DP OP",
    "audible run P2 4\nSACK sack P4 2", "FDN first P4 1\ncall P1 pass P2 run P3 pass P4 pass",
    "P punt+blocked+td+inside P4 10", "penalty P2 delay 2\ndrive 3 QB P3", "winner P2 P6",
])
def test_dense_lines_come_back_as_written(line):
    assert sheet_form(grammar().dense, line) == line


def test_two_deals_share_a_band_on_the_card_and_given_back_bubbles():
    dense = grammar().dense
    marks = encode(dense, "deal P1 FG TE\ndeal P2 DP OP").marks
    assert set(marks) == {"kind", "seat", "card", "seat2", "back"}
    # the cheat sheet's order: DP FBL FDN FG INT IR/TO MFG OP P PTD RTD XP/S SACK STTD TE TOD
    assert marks["card"] == ((None,),) * 3 + ((0,),) + ((None,),) * 10 + ((0,),) + ((None,),)
    assert marks["back"] == ((0,),) + ((None,),) * 6 + ((0,),) + ((None,),) * 8
    assert marks["seat"] == ((0,),) and marks["seat2"] == ((1,),)     # P1 above, P2 below
    assert marks["kind"] == ((6,),)                                     # dl: the 7th kind
    # the sidelines below a deal: sd, the 9th bubble of the 2nd seat
    marks = encode(dense, "deal P3 FG\nside IR/TO").marks
    assert marks["seat2"] == ((8,),) and marks["back"] == ((None,),) * 5 + ((0,),) + \
        ((None,),) * 10


@pytest.mark.parametrize("line", [
    "deal P1 TE FG",                       # out of the cheat sheet's order: --from sorts it
    "deal P1 FG FG",                       # a card twice: --from shades it once, notes it
    "deal P1 FG\ndeal P2 TE\ndeal P3 DP",  # two deals a band
    "deal P1 FG\nside TE\ndeal P2 DP",     # two deal lines a band
    "deal P1 FG\ncall P1 run\ndeal P2 TE",  # the calls end a band
    "deal P1 FG\nSTTD touchback P2 2",     # an event's card is on the deal's bubbles
    "total P1 14 P2 7",                    # the verifier adds the points up
    "deal P1 FG\nP2 TE",                   # a hand below without its `deal`
    "deal P1 FG TE DP",                    # the hand out of order: not read as two hands
])
def test_lines_a_dense_band_cannot_hold_are_refused(line):
    with pytest.raises(EncodeError):
        encode(grammar().dense, line)


def test_an_unseeded_record_is_written_as_its_sheets_hold_it():
    text = ('[Game "luckdraw"]\n\nQ1\ndrive 1 QB P1\ndeal P1 INT PTD TOD FG ; the QB\n'
            "deal P2 FBL STTD STTD TE\nside XP/S IR/TO\ntrade P2 TE FG for P3 OP DP\n"
            "P punt+td+blocked P3 8\ntotal P1 6 P2 7 P3 2 P4 5\n")
    out, notes = dealt_record(text, "r.rec")
    assert out == ('[Game "luckdraw"]\n\nQ1\ndrive 1 QB P1\ndeal P1 FG INT PTD TOD ; the QB\n'
                   "deal P2 FBL STTD TE\nside IR/TO XP/S\ntrade P2 FG TE for P3 DP OP\n"
                   "P punt+blocked+td P3 8\n\n")           # the total blank: numbers kept
    assert notes == ["r.rec:6: not on the sheet: STTD",
                     "r.rec:10: not on the sheet: total P1 6 P2 7 P3 2 P4 5"]
    # no Players tag is written in (the deal lines count the seats) and a Seed is not looked
    # at: these sheets are chosen for records without one
    assert '[Players' not in out


def test_an_example_without_its_seed_goes_on_two_deals_a_band():
    _, bands = split_record(grammar().dense, dealt_record(_unseeded_example(), "ex.rec")[0])
    assert bands == EXAMPLE_BANDS
    _, six = split_record(grammar().dense, dealt_record(RECORD.read_text(), "six.rec")[0])
    assert six == SIX_BANDS


def _timing_squares(page) -> list[dict]:
    side = 1.5 * 72 / 25.4
    return [r for r in page.rects if abs(r["width"] - side) < 0.2 and
            abs(r["height"] - side) < 0.2]


@pytest.mark.parametrize(("paper", "bands"), [("letter", 29), ("a4", 28)])
def test_a_blank_sheet_without_a_seed_has_two_row_bands(tmp_path, paper, bands):
    import pdfplumber

    pdf = tmp_path / "blank.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--paper", paper, "--out", str(pdf))
    assert r.code == 0, r.stderr
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        text = page.extract_text()
        squares = _timing_squares(page)
    assert f"lines 1-{bands}" in text and "Seed" not in text
    assert "Deal: seat, cards; a 2nd deal or sd side: 2nd seat, cards given back." in text
    assert "dl deal sd side" in text and "No totals." in text
    mm = 72 / 25.4
    left = min(s["x0"] for s in squares)
    column = sorted(s["top"] for s in squares if abs(s["x0"] - left) < 0.5)
    assert len(column) == 2 * bands              # two rows a band, a timing square each
    steps = [round((b - a) / mm, 1) for a, b in zip(column, column[1:], strict=False)]
    assert steps == [2.5, 2.9] * (bands - 1) + [2.5]


def test_a_record_with_its_header_left_blank_verifies_as_untagged(tmp_path):
    """A blank sheet with no Players / Length bubbles shaded writes `*` for them."""
    text = SHEET.read_text().replace('[Players "6"]', '[Players "*"]') \
        .replace('[Length "Q2"]', '[Length "*"]')
    rec = tmp_path / "blank-header.rec"
    rec.write_text(text)
    r = run_cli("verify", str(rec))
    # the full game: Q2 is no longer the final quarter, and 6 players are counted from drive 1
    assert r.code == 0, r.stdout
    assert r.stdout == f"{rec}: luckdraw: 48 lines checked, clean; 6 players, 3 drives\n"


@cache
def _pdf(paper: str) -> bytes:
    from printkit import sheets
    from tests.helpers import render_sheet

    return render_sheet("luckdraw", "bubblelog", opts=sheets.RenderOptions(
        paper=paper, extra={"from": RECORD}))


@pytest.mark.parametrize("paper, page, d", [       # 31 bands: 29 + 2 letter, 28 + 3 a4
    ("letter", 0, Distortion(dpi=200, angle=93, perspective=0.1, jpeg=40, blur=0.8,
                             shadow=0.6, crumple=0.003, seed=1)),
    ("a4", 0, Distortion(dpi=170, angle=-8, perspective=0.15, jpeg=70, shadow=0.5, seed=2)),
    ("a4", 1, Distortion(dpi=220, angle=181, blur=1.0, jpeg=55, crumple=0.004, seed=3)),
])
def test_a_photo_reads_back_as_the_sheet_holds_it(tmp_path, paper, page, d):
    photo = tmp_path / f"p{page}.jpg"
    cv2.imwrite(str(photo), distort(page_image(_pdf(paper), page, d.dpi), d))
    (_, read), = read_bubble_file(photo)
    assert read.ambiguities == []
    bands = {"letter": 29, "a4": 28}[paper]
    want = [text for _, text in SIX_BANDS][bands * page:bands * (page + 1)]
    assert read.lines == list(enumerate(want, start=bands * page + 1))


def test_the_pdf_reads_to_the_record(tmp_path):
    pdf = tmp_path / "log.pdf"
    pdf.write_bytes(_pdf("letter"))
    game, text, notes = record_from_file(pdf)
    assert (game, notes) == ("luckdraw", [])
    assert text == SHEET.read_text()


def test_from_notes_each_total_it_leaves_off(tmp_path):
    """Totals of four seats a line or six on one (simulate writes them so): each noted."""
    text = RECORD.read_text()
    for four, two in (("total P1 0 P2 6 P3 2 P4 6", "total P5 0 P6 0"),
                      ("total P1 0 P2 7 P3 7 P4 11", "total P5 5 P6 5")):
        assert f"{four}\n{two}\n" in text
        text = text.replace(f"{four}\n{two}\n", f"{four} {two[6:]}\n")
    rec = tmp_path / "one-line-totals.rec"
    rec.write_text(text)
    pdf = tmp_path / "log.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(rec), "--out", str(pdf))
    assert r.code == 0, r.stderr
    assert r.stderr.splitlines() == [
        f"{rec}:27: not on the sheet: total P1 0 P2 6 P3 2 P4 6 P5 0 P6 0",
        f"{rec}:46: not on the sheet: total P1 0 P2 7 P3 7 P4 11 P5 5 P6 5",
        f"{rec}:60: not on the sheet: total P1 0 P2 7 P3 13 P4 12",
        f"{rec}:61: not on the sheet: total P5 7 P6 7"]
    game, back, notes = record_from_file(pdf)
    assert (game, notes) == ("luckdraw", [])
    assert back == SHEET.read_text()


def test_a_double_shaded_seat_is_reported_not_guessed(tmp_path):
    image = page_image(_pdf("letter"), 0, 150).copy()
    shade(image, "luckdraw", "seat", 0, "P5", 1, 150, ink=25)   # band 2: "deal P1 INT PTD"
    photo = tmp_path / "sheet1.png"
    cv2.imwrite(str(photo), image)
    (_, read), = read_bubble_file(photo)
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (2, "2 bubbles shaded in seat (P1, P5)")]
    assert (2, None) in read.lines and (3, "deal P3 SACK TE\ndeal P4 P STTD") in read.lines


def _findings(stdout: str) -> list[tuple[str, str, str, str]]:
    data = json.loads(stdout)
    return [(f["rule"], f["message"], f["expected"], f["found"])
            for r in data.get("records", [data]) for f in r["findings"]]


@pytest.mark.parametrize(("slip", "found"), [
    (("deal P4 FDN DP MFG SACK", "deal P4 FDN DP MFG FG"), [  # FG dealt to P1 and P4
        ("LD-DEAL-003", "a card dealt twice", "each card once", "FG in P1's and P4's hands"),
        ("LD-EVENT-002", "SACK is held by side at this point of drive 1", "side", "P4")]),
    (("audible run P2 4 ", "audible run P2 3 "), [              # the Loner bonus missed
        ("LD-AUD-001", "3 audible points per correct call of run (one correct call alone: "
         "+ the Loner bonus)", "P2 4", "P2 3")]),
], ids=["deal", "audible"])
def test_a_slip_is_found_in_the_scanned_record_as_in_the_typed_one(tmp_path, slip, found):
    text = _unseeded_example()
    assert text.count(slip[0]) == 1
    record = tmp_path / "slip.rec"
    record.write_text(text.replace(*slip))
    typed = run_cli("verify", str(record), "--format", "json")
    pdf = tmp_path / "slip.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--from", str(record),
                   "--out", str(pdf)).code == 0
    photo = tmp_path / "slip.jpg"
    d = Distortion(dpi=170, angle=-97, perspective=0.12, jpeg=55, blur=0.7, seed=4)
    cv2.imwrite(str(photo), distort(page_image(pdf.read_bytes(), 0, d.dpi), d))
    scanned = run_cli("verify", str(photo), "--format", "json")
    assert (typed.code, scanned.code) == (1, 1)
    assert _findings(typed.stdout) == _findings(scanned.stdout) == found


def test_audit_reads_a_photo_of_a_luckdraw_sheet(tmp_path):
    folder = tmp_path / "hand-in"
    folder.mkdir()
    shutil.copy(RECORD, folder / "typed.rec")
    # the first drive of the three-player game above, RTD's td scored by P2 (P3 holds it)
    slipped = tmp_path / "slipped.rec"
    slipped.write_text('[Game "luckdraw"]\n[Players "3"]\n\nQ1\ndrive 1 QB P1\n'
                       "deal P1 INT PTD TOD SACK TE\ndeal P2 DP FBL FDN IR/TO MFG\n"
                       "deal P3 OP P RTD XP/S STTD\nSTTD touchback P3 2\nRTD td P2 6\n"
                       "total P1 0 P2 6 P3 2\n")
    sheet = tmp_path / "sheet.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--from", str(slipped),
                   "--out", str(sheet)).code == 0
    photo = distort(page_image(sheet.read_bytes(), 0, 170), Distortion(dpi=170, angle=-6.0))
    cv2.imwrite(str(folder / "photo.JPG"), photo, [cv2.IMWRITE_JPEG_QUALITY, 70])
    r = run_cli("audit", str(folder), "--format", "json")
    data = json.loads(r.stdout)
    status = {Path(e["file"]).name: e["status"] for e in data["records"]}
    assert status == {"typed.rec": "clean", "photo.JPG": "findings"}
    photo_entry = next(e for e in data["records"] if e["file"].endswith("photo.JPG"))
    assert [(f["rule"], f["expected"], f["found"]) for f in photo_entry["findings"]] == [
        ("LD-EVENT-002", "P3", "P2")]
    assert r.code == 1


EXAMPLE_LINES = _unseeded_example().splitlines()


@fuzz_settings(60)
@given(edits=mangle_edits(EXAMPLE_LINES))
def test_a_mangled_unseeded_record_is_rewritten_or_left_alone(edits):
    """Whatever the record, the rewrite never raises, keeps every line where it was (blanked
    or rewritten in place, never moved, no tag written in) and notes only a total's or a deal
    line's number."""
    lines = mangled(EXAMPLE_LINES, edits)
    out, notes = dealt_record("\n".join(lines) + "\n", "r.rec")
    written = out.splitlines()
    assert len(written) == len(lines)
    for note in notes:
        assert lines[int(note.split(":")[1]) - 1].startswith(("deal ", "side", "total ")), note
    for old, new in zip(lines, written, strict=True):
        if new != old:
            assert new == "" and old.startswith("total ") or \
                new.split()[:2] == old.split()[:2] and old.startswith(("deal ", "side", "trade ")) \
                or "+" in old, (old, new)


def test_a_sheet_printed_before_the_dense_one_still_reads(tmp_path, monkeypatch):
    """Sheets drawn with deals a band a line (four rows, 14 bands a letter sheet, totals on
    it: the plain grammar's, as printed before) carry their own geometry key: the reader
    still finds their grammar by it."""
    import printkit.omr.sheet  # imported before the patch: it keeps the real one
    import printkit_engine.bubbles
    import printkit_engine.bubbles.records
    from printkit import sheets
    from printkit_engine.bubbles import for_sheet, play_book
    from tests.helpers import render_sheet

    record = tmp_path / "game.rec"
    record.write_text(_unseeded_example())
    with monkeypatch.context() as m:            # draw as before: the plain grammar's sheets
        m.setattr(printkit_engine.bubbles.records, "for_sheet", play_book)   # --from draws so
        pdf = render_sheet("luckdraw", "bubblelog", opts=sheets.RenderOptions(
            extra={"from": record}))
    assert printkit.omr.sheet.for_sheet is for_sheet is printkit_engine.bubbles.for_sheet
    path = tmp_path / "old.pdf"
    path.write_bytes(pdf)
    import pypdfium2 as pdfium

    assert len(pdfium.PdfDocument(pdf)) == 4               # 45 lines, 14 a sheet
    game, text, notes = record_from_file(path)
    assert (game, notes) == ("luckdraw", [])
    body = text.split("\n\n", 1)[1].splitlines()
    assert len(body) == 45 and body[:4] == ["Q1", "drive 1 QB P1", "deal P1 FG INT PTD TOD",
                                            "deal P2 FBL RTD STTD TE"]
    assert body[17] == "total P1 6 P2 7 P3 2 P4 5"          # its totals are on it


def test_the_finish_drive_choice_rides_in_the_sheets_code(tmp_path):
    """`FinishDrive` (L8) has no header bubble (it would change every sheet's geometry key):
    a sheet drawn `--from` a record carries it in its code, and the record read back is held
    to it. tests/engine/luckdraw/records/three.rec plays on after the Q2 marker (line 29) of a
    game to the end of Q1; with `[FinishDrive "no"]` its line 30 is play after the end."""
    text = (Path(__file__).parents[1] / "engine/luckdraw/records/three.rec").read_text()
    rec = tmp_path / "finish.rec"
    rec.write_text(text.replace('[Length "Q1"]\n', '[Length "Q1"]\n[FinishDrive "no"]\n'))
    pdf = tmp_path / "finish.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--from", str(rec),
                   "--out", str(pdf)).code == 0
    game, back, notes = record_from_file(pdf)
    assert (game, notes) == ("luckdraw", [])
    assert '[FinishDrive "no"]' in back.split("\n\n", 1)[0]
    scanned = tmp_path / "back.rec"
    scanned.write_text(back)
    r = run_cli("verify", str(scanned))
    assert r.code == 1 and "LD-LEN-001: play after the agreed end" in r.stdout
