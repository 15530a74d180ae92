"""Luck of the Draw bubble logs for a play book (a Seed in the QR, issue #18, L17): no deal or
sidelines bands (the book's slips deal every drive) and no totals (the verifier adds the
points up), two rows a band, 29 bands a letter sheet (28 a4), a drive's line on the second
row of the band of the event before or after it. `render --from` leaves a seeded record's
deal and total lines off and notes any deal that is not the book's slip, and each total; the
scanned record verifies with the typed record's findings but LD-TOTAL's.

Expected texts, notes and findings are typed by hand: the play book's deal of seed `demo`
(4 players) is the one examples/luckdraw.rec writes (it verifies clean against the book):
drive 1 P1 INT PTD TOD FG, P2 FBL STTD RTD TE, P3 IR/TO XP/S P OP, P4 FDN DP MFG SACK, the
sidelines none (4 x 4 = 16 cards)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest
import zxingcpp
from hypothesis import given

from printkit.omr import record_from_file
from printkit.omr.payload import parse
from printkit_engine.bubbles import EncodeError, encode, for_sheet, play_book, sheet_form
from printkit_engine.luckdraw.bookrecord import book_record
from printkit_engine.luckdraw.bubbles import BookLines, grammar
from tests.fuzzing import fuzz_settings
from tests.helpers import PdfPage, Shape, pdf_pages, run_cli
from tests.omr.distort import Distortion, distort, page_image
from tests.omr.mangle import edits as mangle_edits
from tests.omr.mangle import mangled

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "luckdraw.rec"
MM = 72 / 25.4

# drive 1 of examples/luckdraw.rec, hand-copied: its tags, deal and first lines
HEAD = '[Game "luckdraw"]\n[Seed "demo"]\n[Players "4"]\n\nQ1\ndrive 1 QB P1\n'
DEAL = ("deal P1 INT PTD TOD FG\ndeal P2 FBL STTD RTD TE\ndeal P3 IR/TO XP/S P OP\n"
        "deal P4 FDN DP MFG SACK\n")
PLAY = "STTD touchback P2 2\nFDN first P4 1\ntrade P2 TE for P3 OP\n"


def totals_noted(record) -> list[str]:
    """What `render --from` says of examples/luckdraw.rec's three total lines, by hand."""
    return [f"{record}:26: not on the sheet: total P1 6 P2 7 P3 2 P4 5",
            f"{record}:42: not on the sheet: total P1 14 P2 7 P3 5 P4 10",
            f"{record}:54: not on the sheet: total P1 19 P2 7 P3 9 P4 13"]


# -- the grammar -------------------------------------------------------------------------

def test_a_seed_chooses_the_book_grammar():
    g = grammar()
    assert for_sheet(g, {"Seed": "demo"}) is g.book
    assert for_sheet(g, {"Players": "4"}) is g.dense         # a game dealt at the table
    # a fillable log stays on the plain grammar's columns; it takes a play book's hint
    assert play_book(g, {"Seed": "demo"}) is g.book and play_book(g, {"Players": "4"}) is g
    assert g.book is not None and g.book.variant == "book"
    assert g.book.lines == BookLines(dealt=False)


def test_the_book_sheet_has_no_deal_sidelines_or_total_kind():
    book = grammar().book
    kinds = book.slot("kind").parts[0].options
    assert kinds == ("Q1", "Q2", "Q3", "Q4", "OT", "drive", "trade", "call", "audible",
                     "event", "penalty", "winner")
    for line in ("deal P1 INT PTD TOD FG", "side XP/S", "total P1 14 P2 7"):
        with pytest.raises(EncodeError):
            encode(book, line)


@pytest.mark.parametrize("line", [
    "Q1", "OT", "drive 1 QB P1", "drive 27 QB P8",
    "trade P2 TE for P3 OP", "trade P5 DP FBL for P6 OP XP/S", "trade P2 DP TOD for P4 FG TE",
    "call P1 pass P2 run P3 pass P4 pass P5 run P6 run P7 pass P8 run",
    "call",                                  # nobody called: the bots write it so
    "audible run P2 4", "audible pass", "audible pass P1 3 P3 3 P4 3",
    "FBL fumble+td P3 7", "FDN first+markers P4 2", "XP/S 2pt P5 2", "TOD none P1 1",
    "STTD td P2 8", "MFG missed side 0", "INT int P1 5", "TOD fourth P3 4", "DP penalty P1 1",
    "penalty P2 delay 2", "penalty P4 conduct 4",
    "winner P1", "winner P2 P6", "drive 199 QB P3",
    "MFG missed+blocked+td P1 8", "P punt+blocked+td+inside P4 10", "FDN markers P2 1",
    "IR/TO review+overturned P3 3", "drive 100 QB P2",
])
def test_book_lines_come_back_as_written(line):
    assert sheet_form(grammar().book, line) == line


def test_an_event_shades_one_card_bubble_of_its_set():
    book = grammar().book
    marks = encode(book, "STTD touchback P2 2").marks
    # the cheat sheet's order: DP FBL FDN FG INT IR/TO MFG OP P PTD RTD XP/S SACK STTD TE
    # TOD, STTD the 14th
    assert marks["card"] == ((None,),) * 13 + ((0,),) + ((None,),) * 2
    assert "back" not in marks
    assert encode(book, "trade P2 FG TE for P4 DP OP").marks["back"] == \
        ((0,),) + ((None,),) * 6 + ((0,),) + ((None,),) * 8       # DP the 1st, OP the 8th
    with pytest.raises(EncodeError):                # a set in another order: --from sorts it
        encode(book, "trade P2 TE FG for P4 OP DP")


def test_bonus_words_are_one_bubble_each_in_the_cards_order():
    book = grammar().book
    word = book.slot("word")
    # the event word, then markers, overturned, blocked, td, inside (MFG and P write
    # blocked before td), each printed with its + and its two letters
    assert [p.options for p in word.parts[1:]] == [("markers",), ("overturned",),
                                                  ("blocked",), ("td",), ("inside",)]
    assert [p.labels for p in word.parts[1:]] == [("mk",), ("ov",), ("bl",), ("td",),
                                                 ("is",)]
    marks = encode(book, "P punt+blocked+td P4 8").marks["word"]
    assert marks[3:5] == ((0,), (0,)) and marks[1:3] == ((None,), (None,))
    for line in ("P punt+td+blocked P4 8",        # another order: --from sorts it
                 "P punt+td+td P4 8"):            # a bonus twice: one bubble
        with pytest.raises(EncodeError):
            encode(book, line)


@pytest.mark.parametrize("line", [
    "total P1 14",                         # the verifier adds the points up
    "PTD td P1 200",                       # past the digit columns
    "drive 200 QB P1",
    "drive -1 QB P1",                      # a drive's number has no sign
    "deal P1 INT PTD TOD FG",              # the book's slip
])
def test_lines_a_book_band_cannot_hold_are_refused(line):
    with pytest.raises(EncodeError):
        encode(grammar().book, line)


def test_a_drive_number_is_below_the_events_points():
    book = grammar().book
    marks = encode(book, "drive 27 QB P8").marks
    assert set(marks) == {"kind", "n2", "seat2"}
    # no sign, one part: the hundreds blank, the tens column's 2, the ones column's 7
    assert marks["n2"] == ((None, 2, 7),)
    assert marks["seat2"] == ((7,),) and marks["kind"] == ((5,),)      # P8; the 6th kind
    assert book.slot("n2").title == "drive no." and book.slot("n").title == "points"
    assert book.slot("n").parts[0].options == ("-",)            # points keep their sign
    eight = "total P1 3 P2 -1 P3 0 P4 7 P5 2 P6 4 P7 1 P8 9"
    assert book.lines.spread(eight) == (eight,)                # no totals on book sheets


# -- --from: the record as the sheets hold it ----------------------------------------------

def test_a_seeded_record_is_written_without_its_deal():
    text = HEAD + DEAL + "side\n" + PLAY
    out, notes = book_record(text.replace("side\n", ""), "r.rec")
    assert notes == []
    assert out == HEAD + "\n\n\n\n" + PLAY          # the four deal lines blank: numbers kept
    # a trade's cards in the cheat sheet's order, its comment kept
    out, _ = book_record(HEAD + "trade P2 TE FG for P4 OP DP ; two each\n", "r.rec")
    assert out.splitlines()[-1] == "trade P2 FG TE for P4 DP OP ; two each"
    # an event's bonus words in the sheet's order, its spacing and comment kept
    out, _ = book_record(HEAD + "P  punt+td+blocked P3 8 ; blocked, run back\n", "r.rec")
    assert out.splitlines()[-1] == "P  punt+blocked+td P3 8 ; blocked, run back"
    out, _ = book_record(HEAD + "P punt+td+td P3 8\n", "r.rec")       # not the sheet's to
    assert out.splitlines()[-1] == "P punt+td+td P3 8"                  # mend: --from names it


def test_a_record_without_players_gets_the_tag_from_its_first_deal():
    text = HEAD.replace('[Players "4"]\n', "") + DEAL + PLAY
    out, notes = book_record(text, "r.rec")
    assert notes == []
    assert out.splitlines()[:6] == ['[Game "luckdraw"]', '[Seed "demo"]', '[Players "4"]',
                                    "Q1", "drive 1 QB P1", ""]
    # an unseeded record is none of this rewrite's business
    plain = text.replace('[Seed "demo"]\n', "")
    assert book_record(plain, "r.rec") == (plain, [])


def test_deals_that_are_not_the_books_are_noted():
    text = (HEAD + DEAL.replace("deal P4 FDN DP MFG SACK", "deal P4 FDN DP MFG TE")
            .replace("deal P3 IR/TO XP/S P OP\n", "") + "side TOD\n" + PLAY)
    _, notes = book_record(text, "r.rec")
    assert notes == [
        "r.rec:6: drive 1 has no deal line for P3: the sheet leaves the deal to the play book",
        "r.rec:9: P4's hand FDN DP MFG TE is not the play book's deal of drive 1 (FDN DP MFG "
        "SACK): the sheet leaves the deal to the play book",
        "r.rec:10: side TOD are not the play book's sidelines of drive 1 (none): the sheet "
        "leaves the deal to the play book",
    ]


def test_a_deal_line_after_play_began_is_noted():
    text = HEAD + DEAL + PLAY + "deal P1 INT PTD TOD FG\n"
    out, notes = book_record(text, "r.rec")
    assert notes == ["r.rec:14: a deal line after the drive's play began: the sheet leaves "
                     "the deal to the play book"]
    assert out.splitlines()[13] == ""


def test_from_notes_a_deal_that_is_not_the_books_and_the_typed_record_finds_it(tmp_path):
    lines = EXAMPLE.read_text().splitlines()
    assert lines[13] == "deal P4 FDN DP MFG SACK"
    lines[13] = "deal P4 FDN DP MFG TE"
    record = tmp_path / "off.rec"
    record.write_text("\n".join(lines) + "\n")
    typed = run_cli("verify", str(record))
    assert typed.code == 1
    assert typed.stdout.splitlines()[0] == (
        f"{record}:14: LD-DEAL-004: P4's hand is not the play book's deal of drive 1 (stream "
        "drive/1) (expected FDN DP MFG SACK, found FDN DP MFG TE)")
    pdf = tmp_path / "off.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                "--out", str(pdf))
    assert r.code == 0
    assert r.stderr.splitlines() == [
        f"{record}:14: P4's hand FDN DP MFG TE is not the play book's deal of drive 1 (FDN DP "
        "MFG SACK): the sheet leaves the deal to the play book", *totals_noted(record)]
    # the sheet holds the book's deal: the scanned record is clean
    back = run_cli("verify", str(pdf))               # the 45 lines less 12 deals, 3 totals
    assert back.code == 0 and "30 lines checked, clean" in back.stdout


# -- the sheet ----------------------------------------------------------------------------

def _timing_squares(page: PdfPage) -> list[Shape]:
    side = 1.5 * MM
    return [r for r in page.rects() if abs(r.width - side) < 0.2 and
            abs(r.height - side) < 0.2]


@pytest.mark.parametrize(("paper", "bands"), [("letter", 29), ("a4", 28)])
def test_a_blank_book_sheet_has_two_row_bands(tmp_path, paper, bands):
    pdf = tmp_path / "book.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--seed", "demo", "--paper", paper,
                "--out", str(pdf))
    assert r.code == 0, r.stderr
    with pdf_pages(pdf) as pages:
        page = pages[0]
        text = page.text()
        squares = _timing_squares(page)
        words = page.words()
    assert f"lines 1-{bands}" in text and "Seed: demo" in text
    assert "Deals: the play book's slips (shade Players)." in text
    # the left end of every band row has a timing square: bands x 2 rows, a band's rows
    # 2.5 mm apart, 2.9 mm from its second row to the next band's first (0.4 mm between)
    left = min(s.x0 for s in squares)
    column = sorted(s.top for s in squares if abs(s.x0 - left) < 0.5)
    assert len(column) == 2 * bands
    steps = [round((b - a) / MM, 1) for a, b in zip(column, column[1:], strict=False)]
    assert steps == [2.5, 2.9] * (bands - 1) + [2.5]
    # the last band ends above the foot's legend; the first starts under the headings
    assert column[-1] / MM < {"letter": 201, "a4": 195}[paper]
    # the headings: one line per band row, the line's kind, seat, cards, event and points
    # over the first row; the penalty or play, the calls, the QB or second seat, the cards
    # given back and the drive's number over the second
    bottoms = {w.text: w.bottom for w in words if w.top < column[0]}
    first = [bottoms[k] for k in ("line", "holder", "card(s)", "+bonuses", "points")]
    second = [bottoms[k] for k in ("play", "P1", "P8", "QB", "given", "no.")]
    assert max(first) - min(first) < 1 and max(second) - min(second) < 1
    assert min(second) - max(first) > 4           # a heading line (5 pt) apart
    code = parse(zxingcpp.read_barcodes(page_image(pdf.read_bytes(), 0, 150))[0].text)
    assert dict(code.tags) == {"Seed": "demo"}


# -- photographed, scanned, verified -----------------------------------------------------

def _findings(stdout: str) -> list[tuple[str, str, str, str]]:
    data = json.loads(stdout)
    return [(f["rule"], f["message"], f["expected"], f["found"])
            for r in data.get("records", [data]) for f in r["findings"]]


DISTORTIONS = (
    Distortion(dpi=200, angle=93, perspective=0.1, jpeg=40, blur=0.8, shadow=0.6,
               crumple=0.003, seed=1),
    Distortion(dpi=150, angle=-8, perspective=0.15, jpeg=70, shadow=0.5, seed=2),
    Distortion(dpi=220, angle=181, blur=1.0, jpeg=55, crumple=0.004, seed=3),
)


@pytest.mark.parametrize(("slip", "rule", "turn"), [
    (None, None, 0),
    (("audible run P2 4 ", "audible run P2 3 "), "LD-AUD-001", 1),    # the Loner bonus missed
    (("PTD td P1 6\n", "PTD td P3 6\n"), "LD-EVENT-002", 2)],         # not the holder
    ids=["clean", "audible", "holder"])
def test_photos_of_a_seeded_game_verify_as_the_typed_record(tmp_path, slip, rule, turn):
    text = EXAMPLE.read_text()
    if slip:
        assert text.count(slip[0]) == 1
        text = text.replace(slip[0], slip[1])
    record = tmp_path / "game.rec"
    record.write_text(text)
    typed = run_cli("verify", str(record), "--format", "json")
    pdf = tmp_path / "log.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                "--out", str(pdf))
    assert r.code == 0 and r.stderr.splitlines() == totals_noted(record)
    d = DISTORTIONS[turn]                             # 21 bands: one sheet
    photo = tmp_path / "p1.jpg"
    cv2.imwrite(str(photo), distort(page_image(pdf.read_bytes(), 0, d.dpi), d))
    back = tmp_path / "back.rec"                      # a seed without a match: one scan
    assert run_cli("scan", str(photo), "--out", str(back)).code == (1 if slip else 0)
    scanned = run_cli("verify", str(back), "--format", "json")
    assert (typed.code, scanned.code) == ((1, 1) if slip else (0, 0))
    assert _findings(scanned.stdout) == _findings(typed.stdout)
    assert [f[0] for f in _findings(typed.stdout)] == ([rule] if slip else [])


def test_a_running_total_slip_is_the_typed_records_alone(tmp_path):
    """The sheet has no totals: a wrong total is a finding of the typed record, `--from`
    names the line it leaves off, and the sheet's record is clean."""
    record = tmp_path / "total.rec"
    record.write_text(EXAMPLE.read_text().replace("total P1 6 P2 7 P3 2 P4 5\n",
                                                  "total P1 6 P2 7 P3 2 P4 6\n"))
    typed = run_cli("verify", str(record))
    assert typed.stdout.splitlines()[0] == (
        f"{record}:26: LD-TOTAL-001: running totals: game card points + audible points - "
        "penalty points so far (expected P4 5, found P4 6)")
    pdf = tmp_path / "log.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                "--out", str(pdf))
    assert r.stderr.splitlines()[0] == f"{record}:26: not on the sheet: total P1 6 P2 7 P3 2 P4 6"
    assert run_cli("verify", str(pdf)).stdout == (
        f"{pdf}: luckdraw: 30 lines checked, clean; 4 players, 3 drives\n")


def test_the_pdf_reads_to_the_book_record(tmp_path):
    pdf = tmp_path / "log.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(EXAMPLE),
                   "--out", str(pdf)).code == 0
    game, text, notes = record_from_file(pdf)
    assert (game, notes) == ("luckdraw", [])
    # the example's lines without its 12 deal lines and comments, typed by hand
    assert text.split("\n\n", 1)[1].splitlines()[:6] == [
        "Q1", "drive 1 QB P1", "STTD touchback P2 2", "FDN first P4 1",
        "call P1 pass P2 run P3 pass P4 pass", "audible run P2 4"]
    assert text.startswith('[Game "luckdraw"]\n[Seed "demo"]\n[Date "2026-11-22"]\n'
                           '[Players "4"]\n[Length "Q2"]\n\n')
    # the 45 lines less 12 deals and 3 totals
    body = text.split("\n\n", 1)[1].splitlines()
    assert "deal " not in text and "total" not in text and len(body) == 30
    assert body[-3:] == ["TOD fourth P3 4", "TE expires P1 3", "winner P1"]


@pytest.mark.parametrize("players", ["", '[Players "*"]\n'], ids=["no-tag", "star"])
def test_a_sheet_of_a_record_without_players_carries_the_count(tmp_path, players):
    """No Players tag, or `*` (unknown): the seats are the first deal's, the header shades 4."""
    record = tmp_path / "untagged.rec"
    record.write_text(HEAD.replace('[Players "4"]\n', players) + DEAL + PLAY)
    pdf = tmp_path / "log.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                "--out", str(pdf))
    assert r.code == 0 and r.stderr == ""
    photo = tmp_path / "p1.png"
    cv2.imwrite(str(photo), page_image(pdf.read_bytes(), 0, 150))
    game, text, notes = record_from_file(photo)
    assert (game, notes) == ("luckdraw", [])
    assert '[Players "4"]' in text
    v = run_cli("verify", str(photo))
    assert v.code == 0 and "5 lines checked, clean; 4 players, 1 drive" in v.stdout


def test_a_simulated_game_scans_to_its_lines_without_the_deals(tmp_path):
    """The bots deal from the book, so --from notes nothing; the scanned record is the typed
    one's lines less its deal and total lines (comments and blank lines aside: computed from
    the text alone) and verifies clean; --from names each total it leaves off."""
    assert run_cli("simulate", "luckdraw", "--seed", "ldbook", "--players", "4",
                   "--out", str(tmp_path)).code == 0
    record = tmp_path / "luckdraw-ldbook-0001.rec"
    typed = [line.split(";")[0].strip() for line in record.read_text().splitlines()]
    body = [t for t in typed if t and not t.startswith(("[", "deal ", "side ", "total "))]
    totals = [t for t in typed if t.startswith("total ")]
    assert len(body) < len([t for t in typed if t and not t.startswith("[")]) - 4
    assert len(totals) > 6
    pdf = tmp_path / "log.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                "--out", str(pdf))
    assert r.code == 0
    said = r.stderr.splitlines()               # five named, then the rest summed in one line
    assert [line.split(": not on the sheet: ")[1] for line in said[:5]] == totals[:5]
    assert said[5:] == [f"... and {len(totals) - 5} more lines with parts not on the sheet "
                        "(docs/bubblelog.md says what each game's sheet leaves off)"]
    back = tmp_path / "back.rec"
    s = run_cli("scan", str(pdf), "--out", str(back))
    assert s.code == 0, s.stdout
    assert f"{len(body)} lines checked, clean; 4 players" in s.stdout
    assert [t for t in back.read_text().split("\n\n", 1)[1].splitlines() if t] == body


# -- fuzz ------------------------------------------------------------------------------------

LINES = EXAMPLE.read_text().splitlines()


@fuzz_settings(60)
@given(edits=mangle_edits(LINES))
def test_a_mangled_seeded_record_is_rewritten_or_left_alone(edits):
    """Whatever the record, the rewrite never raises, keeps every line where it was (a line is
    blanked, never moved: only a Players tag written at the top moves them) and writes each
    note as `FILE:LINE: ...` of a line that is a deal or drive line."""
    lines = mangled(LINES, edits)
    text = "\n".join(lines) + "\n"
    out, notes = book_record(text, "r.rec")
    written = out.splitlines()
    if len(written) == len(lines) + 1:          # no Players tag and no blank line for it
        assert written.pop(0) == '[Players "4"]'
    assert len(written) == len(lines)
    for note in notes:
        number = int(note.split(":")[1])
        assert lines[number - 1].startswith(("deal ", "side", "drive ", "total ")), note
    for old, new in zip(lines, written, strict=True):
        assert new in (old, "", '[Players "4"]') or new.startswith("trade "), (old, new)


def test_a_play_book_sheet_with_players_left_blank_says_to_shade_it(tmp_path):
    """No deal bands and no Players bubble: the seats cannot be counted; verify says why and
    what to do (a finding on line 1, exit 1), and checks the rest with the highest seat the
    lines name (the QBs of drives 1-3: P3; the events name P4)."""
    pdf = tmp_path / "log.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(EXAMPLE),
                   "--out", str(pdf)).code == 0
    game, text, _ = record_from_file(pdf)
    blank = tmp_path / "blank-players.rec"
    blank.write_text(text.replace('[Players "4"]', '[Players "*"]'))
    r = run_cli("verify", str(blank))
    assert (r.code, r.stderr) == (1, "")
    assert r.stdout.splitlines() == [
        f"{blank}:1: LD-TAG-001: the number of players: a Players tag, or the first drive's "
        "deal lines (a play-book bubble log: shade its Players bubble) (expected "
        '[Players "N"], N 2 to 8, found no deal lines)',
        f"{blank}: luckdraw: 30 lines checked, 1 finding; 4 players, 3 drives"]


# -- a hand-written drive ---------------------------------------------------------------------
# Drive 1 of the book of seed demo as a table would write it: its deal lines (the book's), a
# blocked punt run back (the drive's end, L19) written with its bonuses out of the sheet's
# order, a comment, and the running totals of all four seats on one line (P1: TOD short 1;
# P3: OP 1 + punt 2+3+3 + xp 1 = 10).
HAND_DRIVE = HEAD + DEAL + """STTD touchback P2 2
FDN first P4 1
call P1 pass P2 run P3 pass P4 pass
audible run P2 4          ; P2 alone called the run
SACK sack P4 2
OP penalty P3 1
TOD short P1 1
FDN first+markers P4 2
trade P2 TE for P3 OP
OP penalty P2 1
P punt+td+blocked P3 8    ; blocked and run back
XP/S xp P3 1
total P1 1 P2 7 P3 10 P4 5
"""
# what its sheet holds, typed by hand: no deal lines, no comments, the bonuses in the sheet's
# order, no total; the QR's tags, then the header's (Length left blank: *)
HAND_DRIVE_SHEET = """[Game "luckdraw"]
[Seed "demo"]
[Players "4"]
[Length "*"]

Q1
drive 1 QB P1
STTD touchback P2 2
FDN first P4 1
call P1 pass P2 run P3 pass P4 pass
audible run P2 4
SACK sack P4 2
OP penalty P3 1
TOD short P1 1
FDN first+markers P4 2
trade P2 TE for P3 OP
OP penalty P2 1
P punt+blocked+td P3 8
XP/S xp P3 1
"""


@pytest.mark.parametrize("slip", [False, True], ids=["clean", "holder-slip"])
def test_a_hand_written_drive_goes_through_a_photo(tmp_path, slip):
    """The slip: P3 scores OP's penalty after trading OP to P2 (LD-EVENT-002)."""
    slipped = ("OP penalty P2 1", "OP penalty P3 1")
    text = HAND_DRIVE.replace(*slipped) if slip else HAND_DRIVE
    record = tmp_path / "drive.rec"
    record.write_text(text)
    typed = run_cli("verify", str(record))
    pdf = tmp_path / "drive.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                "--out", str(pdf))
    assert (r.code, r.stderr) == (0, f"{record}:23: not on the sheet: total P1 1 P2 7 P3 10 "
                                     "P4 5\n")
    photo = tmp_path / "drive.jpg"
    d = Distortion(dpi=170, angle=-97, perspective=0.12, jpeg=55, blur=0.7, shadow=0.5,
                   crumple=0.003, seed=4)
    cv2.imwrite(str(photo), distort(page_image(pdf.read_bytes(), 0, d.dpi), d))
    back = tmp_path / "back.rec"
    assert run_cli("scan", str(photo), "--out", str(back)).code == (1 if slip else 0)
    want = HAND_DRIVE_SHEET.replace(*slipped) if slip else HAND_DRIVE_SHEET
    assert back.read_text() == want
    scanned = run_cli("verify", str(back))
    if not slip:
        assert (typed.code, scanned.code) == (0, 0)
        assert scanned.stdout == f"{back}: luckdraw: 14 lines checked, clean; 4 players, " \
                                 "1 drive\n"
        return
    # the typed record's line 20 is the scanned record's line 17 (no deals, a 4th tag)
    message = "LD-EVENT-002: OP is held by P2 at this point of drive 1 (expected P2, found P3)"
    assert typed.stdout.splitlines() == [
        f"{record}:20: {message}",
        f"{record}: luckdraw: 19 lines checked, 1 finding; 4 players, 1 drive"]
    assert scanned.stdout.splitlines() == [
        f"{back}:17: {message}",
        f"{back}: luckdraw: 14 lines checked, 1 finding; 4 players, 1 drive"]
    assert (typed.code, scanned.code) == (1, 1)


def test_encoding_an_event_never_lists_a_card_sets_tokens():
    """`encode` asks each slot of the line what it leaves off; a slot with no part left off
    answers without listing its tokens (the card set's 65,535: half a second a `--from`)."""
    from printkit_engine.bubbles import encode

    book = grammar().book
    card = book.slot("card")
    assert dict(encode(book, "STTD touchback P2 2").tokens)["card"] == "STTD "
    assert card.left_off == {}
    assert "_tables" not in card.__dict__


def test_a_card_set_is_read_as_the_listed_table_would_be():
    """The book's card sets find a token's shading by reading it (not listing 65,535 tokens):
    every token the listed table has has the same shading, nothing else is found."""
    book = grammar().book
    for name in ("card", "back"):
        slot = book.slot(name)
        listed = slot._tables[0]
        assert not isinstance(slot.table, dict)
        assert len(slot.table) == len(listed) == 2 ** 16 - 1
        assert all(slot.table[t] == m for t, m in listed.items())
        assert slot.longest == max(map(len, listed))
    for token, name in (("", "card"), (" P TD", "back"), ("PTD", "card"), ("DP DP ", "card"),
                        ("FG DP ", "card"), ("SACK", "back")):
        assert token not in book.slot(name).table
    assert book.slot("back").table[" PTD"] == ((None,),) * 9 + ((0,),) + ((None,),) * 6


# -- two lines on one band -------------------------------------------------------------------

@pytest.mark.parametrize("lines", [
    "FDN first P4 1\ncall P1 pass P2 run P3 pass P4 pass",      # the calls after an event
    "drive 2 QB P2\ncall P1 pass P3 pass P4 run",               # ... after a drive line
    "trade P2 TE for P3 OP\ncall P1 run",                       # ... after a trade
    "penalty P2 delay 2\ncall P4 pass",
    "Q2\ncall P1 run P2 run",
    "audible run P2 4\nSACK sack P4 2",                         # the event after the audible
    "audible pass P1 3 P3 3\nP punt+blocked+td P3 8",
    "audible pass\nTE expires P1 3",
    "drive 1 QB P1\nSTTD touchback P2 2",                       # a drive's first event
    "drive 1 QB P1\nSTTD touchback P2 2\ncall P1 pass",
    "Q1\ndrive 1 QB P1\nSTTD touchback P2 2\ncall P1 pass P2 run",   # four lines
    "Q3\ndrive 12 QB P4",
    "Q2\nP punt+inside P4 4",                                   # the event after a period
    "XP/S xp P3 1\ndrive 2 QB P2",                              # a drive after the last event
    "TE expires P1 3\ndrive 3 QB P3\ncall P2 pass",
    "penalty P2 delay 2\ndrive 3 QB P3",
    "audible run P2 4\nSACK sack P4 2\ndrive 4 QB P4",
])
def test_two_lines_that_meet_no_group_twice_share_a_band(lines):
    book = grammar().book
    assert sheet_form(book, lines) == lines
    assert len(encode(book, lines).marks) > 2


@pytest.mark.parametrize("lines", [
    "call P1 pass P2 run\naudible run P2 4",        # both on the P1-P8 groups
    "FDN first P4 1\nSACK sack P4 2",               # two events
    "XP/S xp P3 1\ndrive 2 QB P2\nSTTD touchback P1 2",   # the event row twice
    "drive 2 QB P2\ndrive 3 QB P3",                # the drive's number twice
    "trade P2 TE for P3 OP\ndrive 2 QB P2",        # the 2nd seat twice
    "FDN first P4 1\ncall P1 run\ndrive 2 QB P2",  # the calls end a band
    "winner P1\ncall P1 pass",                     # the winner takes nothing after it
    "SACK sack P4 2\naudible run P2 4",             # the audible comes first on its band
    "audible run P2 4\nSACK sack P4 2\ncall P1 run",
])
def test_lines_that_would_meet_on_a_group_do_not_share_a_band(lines):
    with pytest.raises(EncodeError):
        encode(grammar().book, lines)


def test_a_record_shares_bands_where_it_can():
    """The example as its sheet holds it, typed by hand (file line numbers): the period, the
    drive and its first event share a band, the calls join the line before them, the event
    after the audible joins it, and a drive's line joins the line before it."""
    from printkit_engine.bubbles import split_record

    book = grammar().book
    out, _ = book_record(EXAMPLE.read_text(), "ex.rec")
    _, bands = split_record(book, out)
    assert bands == [
        (9, "Q1\ndrive 1 QB P1\nSTTD touchback P2 2"),
        (16, "FDN first P4 1\ncall P1 pass P2 run P3 pass P4 pass"),
        (18, "audible run P2 4\nSACK sack P4 2"), (20, "OP penalty P3 1"),
        (21, "FDN first+markers P4 2"), (22, "trade P2 TE for P3 OP"), (23, "OP penalty P2 1"),
        (24, "PTD td P1 6"), (25, "XP/S xp P3 1\ndrive 2 QB P2"),
        (33, "STTD touchback P1 2"), (34, "FDN first P4 1"),
        (35, "IR/TO timeout P2 2\ncall P1 pass P3 pass P4 run"),
        (37, "audible pass P1 3 P3 3\nTE expires P1 3"), (39, "Q2\nP punt+inside P4 4"),
        (41, "penalty P2 delay 2\ndrive 3 QB P3"), (49, "STTD touchback P4 2"),
        (50, "FDN first P4 1"), (51, "SACK sack P1 2"), (52, "TOD fourth P3 4"),
        (53, "TE expires P1 3"), (55, "winner P1")]


def test_a_photo_of_shared_bands_reads_each_line_with_its_band_number(tmp_path):
    """The hand-written drive above: 14 lines on 10 bands; the lines sharing a band read
    back with its printed number."""
    from printkit.omr import read_bubble_file

    record = tmp_path / "drive.rec"
    record.write_text(HAND_DRIVE)
    pdf = tmp_path / "drive.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                   "--out", str(pdf)).code == 0
    photo = tmp_path / "drive.png"
    cv2.imwrite(str(photo), page_image(pdf.read_bytes(), 0, 150))
    (_, read), = read_bubble_file(photo)
    assert read.ambiguities == []
    assert [n for n, _ in read.lines] == list(range(1, 11))
    assert read.lines[:3] == [(1, "Q1\ndrive 1 QB P1\nSTTD touchback P2 2"),
                              (2, "FDN first P4 1\ncall P1 pass P2 run P3 pass P4 pass"),
                              (3, "audible run P2 4\nSACK sack P4 2")]


def test_a_card_set_abuts_and_every_other_group_keeps_its_gap():
    """book.bubble.set_gap (0 mm) between two one-bubble groups printing no prefix: sixteen
    cards at the 2.6 mm pitch; a bonus bubble after its printed + and the digit columns keep
    the 0.7 mm part gap (3.3 mm centre to centre)."""
    from printkit.layout import load_layout
    from printkit.omr.geometry import sheet_geometry

    def xs(geo, slot):
        return [round(b.x / MM, 2) for b in geo.bubbles if b.slot == slot]

    def steps(values):
        return [round(b - a, 1) for a, b in zip(values, values[1:], strict=False)]

    geo = sheet_geometry(grammar().book, load_layout("luckdraw-bubblelog"), "letter")
    assert steps(xs(geo, "card")) == [2.6] * 15 and steps(xs(geo, "back")) == [2.6] * 15
    assert steps(xs(geo, "word"))[-5:] == [3.3] * 5           # word | +mk | +ov | +bl | +td | +is
    assert steps(xs(geo, "n")) == [3.3, 3.3] + [2.6] * 9 + [3.3] + [2.6] * 9   # - | 1 | 0-9 | 0-9
    assert {b.row for b in geo.bubbles if b.slot in ("kind", "card", "word", "n")} == {0}
    assert {b.row for b in geo.bubbles if b.slot in ("play", "P1", "back", "n2")} == {1}
    assert steps(xs(geo, "n2")) == [3.3] + [2.6] * 9 + [3.3] + [2.6] * 9   # 1 | 0-9 | 0-9
    # the sheet with deals has the same groups in the same places, its hands on the cards
    dealt = sheet_geometry(grammar().dense, load_layout("luckdraw-bubblelog"), "letter")
    assert steps(xs(dealt, "n")) == steps(xs(geo, "n")) and not xs(dealt, "dealt")
    assert steps(xs(dealt, "card")) == [2.6] * 15 and steps(xs(dealt, "back")) == [2.6] * 15
