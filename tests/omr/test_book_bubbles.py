"""PostCard bubble logs for a play book (a Seed in the QR, issue #18): no die values on the
sheet, two rows a band, more lines a sheet; `?` dice read back and verified from the seed.

Expected records are typed by hand (records/postcard_book.sheet.rec: records/postcard_book.rec
as a book sheet holds it); a simulated game's sheets are compared line by line with what the
sheet holds (printkit_engine.bubbles.sheet_record, the writer's side, not the reader under test)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

import cv2
import pytest
import zxingcpp

from printkit.omr import read_bubble_file, record_from_file
from printkit.omr.payload import parse
from printkit_engine.bubbles import EncodeError, encode, for_sheet, sheet_form, sheet_record
from printkit_engine.postcard.bubbles import book_record, grammar, yard_ones
from printkit_engine.postcard.rules import load_rules
from tests.helpers import pdf_texts, run_cli
from tests.omr.distort import Distortion, distort, page_image

RECORDS = Path(__file__).parent / "records"
BOOK = RECORDS / "postcard_book.rec"                    # postcard_start.rec with its Seed
BOOK_SHEET = (RECORDS / "postcard_book.sheet.rec").read_text()


def _pdf(tmp_path: Path, *args: str, name: str = "log.pdf") -> tuple[Path, str]:
    out = tmp_path / name
    r = run_cli("render", "postcard", "bubblelog", "--dense", *args, "--out", str(out))
    assert r.code == 0, r.stderr
    return out, r.stderr


# -- the grammar -------------------------------------------------------------------------

def test_a_seed_chooses_the_book_grammar():
    g = grammar()
    assert for_sheet(g, {"Seed": "demo"}) is g.book
    assert for_sheet(g, {"Home": "Comets"}) is g and for_sheet(g, {"Seed": ""}) is g
    assert g.book is not None and g.book.variant == "book"


def test_a_book_die_is_side_rr_2d_and_bonuses():
    book = grammar().book
    marks = encode(book, "rush 5v3 H?/?+2 A?,? = +10").marks
    # parts: side (H? A?), re-roll (?), second die (?), bonus (1 2 3 4)
    assert marks["die1"] == ((0,), (0,), (None,), (1,))
    assert marks["die2"] == ((1,), (None,), (0,), (None,))
    assert [c for p in book.slot("die1").parts for c in p.columns] == [
        ("H?", "A?"), ("?",), ("?",), ("1", "2", "3", "4")]
    assert sheet_form(book, "pass 2v1 A?/? H? = +1") == "pass 2v1 A?/? H? = +1"
    with pytest.raises(EncodeError):
        encode(book, "rush 5v3 H5 A4 = +10")          # a written value has no bubble here


def test_spots_and_yards_to_go_come_in_fives():
    book = grammar().book
    assert yard_ones(load_rules()) == (0, 5)
    assert book.slot("spot").parts[1].columns == [("0", "1", "2", "3", "4", "5"), ("0", "5")]
    assert sheet_form(book, "fair {A 1&5 H35}") == "fair {A 1&5 H35}"
    assert sheet_form(book, "fair {H 3&G A0 sack}") == "fair {H 3&G A0 sack}"
    assert sheet_form(book, "fair {A 2&25 50}") == "fair {A 2&25 50}"
    assert encode(book, "fair {A 1&10 H27}").dropped == ("H27",)   # `--from` notes it
    # a card with a distance that is no multiple of five gets every ones digit back
    odd = replace(load_rules(), passing=replace(load_rules().passing, grounding_yards=7))
    assert yard_ones(odd) == tuple(range(10))


def test_a_typed_record_is_written_with_book_dice():
    lines = ["[Game \"postcard\"]", "[Seed \"doc-0003\"]", "",
             "toss H6 A1 = H", "kickoff H 4v3", "run A5 H5 = +5", "rush 5v6 A2/3 H4 = +10"]
    text, notes = book_record("\n".join(lines) + "\n", "g.rec")
    assert text.splitlines()[3:] == ["toss H? A? = H", "kickoff H 4v3", "run A? H? = +5",
                                     "rush 5v6 A?/? H? = +10"]
    # doc-0003's draws: home 6 6 4 ..., away 1 5 2 3 ...: the run's H5 is not the book's
    assert notes == ["g.rec:6: H5 is not the play book's draw (H6): the sheet leaves the "
                     "die to the book"]


# -- the sheet ----------------------------------------------------------------------------

# lines a sheet: a blank (die values) one, a book one; the written drive log holds 27 lines a
# letter page and 26 an a4 one (printkit/sheets/postcard/drivelog.py), the book sheet as many
@pytest.mark.parametrize(("paper", "blank_lines", "lines"), [("letter", 18, 27), ("a4", 17, 26)])
def test_a_book_sheet_holds_more_lines(tmp_path, paper, blank_lines, lines):
    blank, _ = _pdf(tmp_path, "--paper", paper, name="blank.pdf")
    book, _ = _pdf(tmp_path, "--paper", paper, "--seed", "demo", name="book.pdf")
    assert f"lines 1-{blank_lines}" in pdf_texts(blank)[0]
    text = pdf_texts(book)[0]
    assert f"lines 1-{lines}" in text and "Seed: demo" in text
    assert f"{lines}\n" in text or f"{lines} " in text
    code = parse(zxingcpp.read_barcodes(page_image(book.read_bytes(), 0, 150))[0].text)
    assert dict(code.tags) == {"Seed": "demo"}


def test_the_book_sheet_has_no_die_values(tmp_path):
    book, _ = _pdf(tmp_path, "--seed", "demo")
    text = pdf_texts(book)[0]
    assert "die: side, rr, 2d, +bonus" in text and "die: side, value" not in text
    assert "the play book gives its value" in text


@cache
def _book_pdf() -> bytes:
    from printkit import sheets
    from tests.helpers import render_sheet

    return render_sheet("postcard", "bubblelog",
                        opts=sheets.RenderOptions(extra={"from": BOOK, "dense": True}))


def test_a_clean_scan_reads_the_book_record(tmp_path):
    pdf = tmp_path / "log.pdf"
    pdf.write_bytes(_book_pdf())
    game, text, notes = record_from_file(pdf)
    assert (game, notes) == ("postcard", [])
    assert text == BOOK_SHEET


def test_from_notes_a_die_that_is_not_the_books(tmp_path):
    lines = BOOK.read_text().splitlines()
    assert lines[11] == "run A5 H6 = +5"
    lines[11] = "run A5 H5 = +5"
    record = tmp_path / "off.rec"
    record.write_text("\n".join(lines) + "\n")
    _, stderr = _pdf(tmp_path, "--from", str(record))
    assert f"{record}:12: H5 is not the play book's draw (H6): the sheet leaves the die to " \
           "the book" in stderr.splitlines()


@pytest.mark.parametrize("d", [
    Distortion(dpi=150, angle=90, perspective=0.15, seed=11),
    Distortion(dpi=200, angle=213, jpeg=40, blur=1.0, shadow=0.5, crumple=0.004, seed=12),
], ids=lambda d: f"{d.dpi}dpi-{d.angle:.0f}deg")
def test_photos_of_a_book_sheet_read_back_identical(tmp_path, d):
    path = tmp_path / "photo.jpg"
    cv2.imwrite(str(path), distort(page_image(_book_pdf(), 0, d.dpi), d))
    read = read_bubble_file(path)[0][1]
    assert read.ambiguities == []
    body = [line for line in BOOK_SHEET.split("\n\n", 1)[1].split("\n") if line]
    assert [t for _, t in read.lines] == body and len(body) == 16


def test_a_slip_shaded_on_a_book_sheet_is_found_on_its_line(tmp_path):
    lines = BOOK.read_text().splitlines()
    lines[11] = "run A5 H6 = +10"                      # sheet line 3: the book's dice give +5
    record = tmp_path / "slip.rec"
    record.write_text("\n".join(lines) + "\n")
    pdf, _ = _pdf(tmp_path, "--from", str(record))
    photo = tmp_path / "sheet1.png"
    d = Distortion(dpi=150, angle=4, perspective=0.05, seed=3)
    cv2.imwrite(str(photo), distort(page_image(pdf.read_bytes(), 0, d.dpi), d))
    r = run_cli("scan", str(photo), "--out", str(tmp_path / "game.rec"))
    assert r.code == 1
    # the record read: 8 tags, a blank line, band 1 on line 10: band 3 is record line 12
    found = [line for line in r.stdout.splitlines() if "PC-" in line]
    assert len(found) == 1
    assert found[0].startswith(f"{tmp_path / 'game.rec'}:12: PC-RUN-001: ")
    assert f"(expected +5, found +10) [{photo} line 3, crop: " in found[0]
    assert "run A? H? = +10" in (tmp_path / "game.rec").read_text()


# -- a whole simulated game ----------------------------------------------------------------

@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("sim")
    assert run_cli("simulate", "postcard", "--seed", "bookdice", "--out", str(folder)).code == 0
    record = folder / "postcard-bookdice-0001.rec"
    pdf = folder / "log.pdf"
    r = run_cli("render", "postcard", "bubblelog", "--dense",
                "--from", str(record), "--out", str(pdf))
    assert r.code == 0, r.stderr
    assert "is not the play book's draw" not in r.stderr        # the bots roll the book's dice
    return record, pdf


def test_a_simulated_game_scans_to_its_book_record_and_verifies(simulated, tmp_path):
    record, pdf = simulated
    body = [t for t in record.read_text().split("\n\n", 1)[1].splitlines() if t]
    sheets = -(-len(body) // 27)                               # 27 bands a letter sheet
    r = run_cli("scan", str(pdf), "--out", str(tmp_path / "game.rec"))
    assert r.code == 0, r.stdout
    assert f"{pdf} page {sheets}: postcard sheet {sheets}: {len(body) - 27 * (sheets - 1)} " \
           "lines read" in r.stdout
    assert f"{len(body)} lines checked, clean" in r.stdout
    scanned = (tmp_path / "game.rec").read_text()
    assert scanned == sheet_record(grammar(), record.read_text())
    # invariants from the texts alone: every die on the scanned record is left to the book,
    # and each line has as many dice, on the same sides, as the typed one
    typed_lines = body
    read_lines = [t for t in scanned.split("\n\n", 1)[1].splitlines() if t]
    assert len(read_lines) == len(typed_lines)
    def dice(line: str) -> list[str]:
        inputs = line.split(" = ")[0].split(" {")[0].split()[1:]
        return [w for w in inputs if w[:1] in "HA" and len(w) > 1]

    for typed, read in zip(typed_lines, read_lines, strict=True):
        assert [w[0] for w in dice(read)] == [w[0] for w in dice(typed)]
        assert all("?" in w and not any(c.isdigit() for c in w.split("+")[0])
                   for w in dice(read))


def test_a_photo_of_a_later_sheet_of_the_game(simulated, tmp_path):
    record, pdf = simulated
    d = Distortion(dpi=200, angle=147, perspective=0.1, jpeg=70, blur=0.6, seed=21)
    path = tmp_path / "p2.jpg"
    cv2.imwrite(str(path), distort(page_image(pdf.read_bytes(), 1, d.dpi), d))
    read = read_bubble_file(path)[0][1]
    assert read.ambiguities == [] and read.sheet.sheet == 2
    want = [t for t in sheet_record(grammar(), record.read_text()).split("\n\n", 1)[1]
            .splitlines() if t][27:54]
    assert len(want) == 27 and read.lines == list(zip(range(28, 55), want, strict=True))


def test_from_with_seed_makes_a_seedless_record_a_book_sheet(tmp_path):
    start = tmp_path / "start.rec"                           # the same game, no Seed tag
    start.write_text("".join(line for line in BOOK.read_text().splitlines(keepends=True)
                             if not line.startswith("[Seed ")))
    pdf, stderr = _pdf(tmp_path, "--from", str(start), "--seed", "doc-0003")
    assert "not the play book's draw" not in stderr
    game, text, notes = record_from_file(pdf)
    assert text == BOOK_SHEET


def test_from_with_another_seed_than_the_records_is_refused(tmp_path):
    r = run_cli("render", "postcard", "bubblelog", "--dense", "--from", str(BOOK), "--seed",
                "other", "--out", str(tmp_path / "x.pdf"))
    assert r.code == 2 and r.stderr.count("\n") == 1
    assert f"--seed 'other': {BOOK} was played from the play book 'doc-0003'" in r.stderr


# -- the layout's [book] table and the fillable log ------------------------------------------

def test_the_book_table_is_laid_over_the_layout():
    from printkit.layout import load_layout
    from printkit.units import MM

    layout = load_layout("postcard-bubblelog")
    book = layout.variant("book")
    assert round(layout.length("band.gap") / MM, 2) == 0.8
    assert round(book.length("band.gap") / MM, 2) == 0.6
    assert round(layout.length("bubble.pitch_x") / MM, 2) == 2.6
    assert round(book.length("bubble.pitch_x") / MM, 2) == 2.9
    assert book.length("bubble.pitch_y") == layout.length("bubble.pitch_y")   # not in [book]
    assert layout.variant("") is layout and layout.variant("nothing") is layout
    assert layout.variant("book") is book


def test_a_book_sheet_drawn_with_another_book_layout_is_refused(tmp_path):
    mine = tmp_path / "mine.toml"
    mine.write_text('[book.band]\ngap = "0.9 mm"\n')
    out = tmp_path / "mine.pdf"
    r = run_cli("render", "postcard", "bubblelog", "--dense",
                "--layout", str(mine), "--seed", "demo",
                "--out", str(out), "--png")
    assert r.code == 0, r.stderr
    r = run_cli("scan", str(tmp_path / "mine.png"))
    assert r.code == 2 and "this sheet was drawn with another layout or rules" in r.stderr


def test_a_seeded_fillable_log_takes_book_dice(tmp_path):
    from tests.omr.test_fillable import _blank, _fill

    values = {"tag.Seed": "doc-0003", "tag.HomeSkill": "offense-rushing",
              "tag.AwaySkill": "offense-rushing",
              "L001.action": "toss", "L001.die1": "H?", "L001.die2": "a?", "L001.outcome": "H",
              "L002.action": "kickoff", "L002.kicker": "H", "L002.picks": "4v3",
              "L003.action": "run", "L003.die1": "A5", "L003.die2": "H?", "L003.outcome": "+10"}
    blank = _blank(tmp_path)
    filled = _fill(blank, values, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    # tags Game, Seed, HomeSkill, AwaySkill, a blank line: the run is record line 8; the
    # book's dice (A5 H6) give +5
    assert r.stdout.splitlines()[0].startswith(f"{filled}:8: PC-RUN-001: ")
    assert "(expected +5, found +10)" in r.stdout.splitlines()[0]
    assert r.code == 1
    values.pop("tag.Seed")                  # without the book a `?` cell is no die
    unseeded = _fill(blank, values, tmp_path / "unseeded.pdf")
    assert run_cli("verify", str(unseeded)).stdout.splitlines()[0] == (
        f"{unseeded}:1: unreadable cells: die1 'H?', die2 'a?'")
