"""The grid game's bubble grammar, its bubble log read back from photos, its fillable log and
an audit over both. Expectations typed by hand from docs/notation.md (the grid game) and
records/cardgrid_game*.rec (the hand-written passage log of tests/engine/cardgrid/records.py
with its score sheet kept beside it)."""

from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

import cv2
import pytest

from printkit.omr import read_bubble_file, record_from_file
from printkit_engine.bubbles import EncodeError, encode, sheet_form
from printkit_engine.cardgrid.bubbles import grammar
from tests.helpers import run_cli
from tests.omr.distort import Distortion, distort, page_image
from tests.omr.places import bubble_px, shade
from tests.omr.test_fillable import _blank, _fill

RECORDS = Path(__file__).parent / "records"
RECORD = RECORDS / "cardgrid_game.rec"
SHEET = RECORDS / "cardgrid_game.sheet.rec"
SHEET_LINES = SHEET.read_text().split("\n\n", 1)[1].splitlines()


def _tokens(line: str) -> dict[str, str]:
    g = grammar()
    marks = encode(g, line).marks
    return {name: g.slot(name).read(m) for name, m in marks.items() if g.slot(name).read(m)}


# -- the grammar ------------------------------------------------------------------------------

def test_a_passage_shades_start_outcome_next_and_each_card():
    assert _tokens("H11: 5H 3C 9H = T 5-0 C 7-0 > A2") == {
        "kind": "passage", "start": "H11", "c1": "5H", "c2": "3C", "c3": "9H", "what": "T",
        "score": "5-0", "conv": "C", "score2": "7-0", "next": "A2"}
    assert _tokens("A2: 9S QC 10D JS 7C JD KH = pen A P 9-0 > A3") == {
        "kind": "passage", "start": "A2", "c1": "9S", "c2": "QC", "c3": "10D", "c4": "JS",
        "c5": "7C", "c6": "JD", "c7": "KH", "what": "pen", "pen": "A P", "score": "9-0",
        "next": "A3"}
    assert _tokens("H10: JH* = F 1-0 > A3") == {
        "kind": "passage", "start": "H10", "c1": "JH*", "what": "F", "score": "1-0",
        "next": "A3"}
    assert _tokens("A3: 2S 8C AD 3S 10C 5D = touch > scrum H2")["next"] == "scrum H2"


def test_score_sheet_shuffle_and_tag_lines():
    assert _tokens("A P 6-3 > H3") == {"kind": "score", "start": "A", "what": "P",
                                       "score": "6-3", "next": "H3"}
    assert _tokens("shuffle H A") == {"kind": "shuffle H A"}
    assert _tokens("shuffle A") == {"kind": "shuffle A"}
    assert _tokens('[KickOff "A"]') == {"kind": "kick-off A"}
    assert _tokens('[Finish "9:05"]') == {"kind": "finish", "time": "9:05"}


@pytest.mark.parametrize("line", [
    "H2: 3H 5C 9D 7H 2C KD 4H 6C 3S 8H 9C 5D 10H JC AS QH KC 2D = kick > A2",
    "A2: 4D 6S 6H = lost > H10",
    "A3: 2S 8C AD 3S 10C 5D 4S 2H 6D 5S 4H 9D 7S 6H QD KS JC = touch > scrum H2",
    "H2: QC = against > A11",
    "A11: 7D 8D = dead > H3",
    "A3: 7D 8S 4C 8D 3D = pen A kick > H11",
    "H3: 2C 5S 3H 4C 5D KD = pen A notouch > A5",
    "H3: 2C 4D 2H 7S = pen H P- > H3",
    "A5: AD 2D 3D 4D 6D 9D 10D 8S KS = T 9-4 C- > H2",
    "H11: 5H 3C 9H = T 25-40 C 27-40 > A2",
    "H F 7-3 > A3",
    "A T 9-4 > H2",
    "H C 6-0 > A2",
    "shuffle H",
    '[KickOff "H"]',
    '[Finish "10:40"]',
    '[Finish "23:59"]',
])
def test_lines_come_back_as_written(line):
    assert sheet_form(grammar(), line) == line


# The longest legal passage (23 cards, worked out by hand): from grid 1 home deals the ten
# hearts A-10 to grid 11 with five tackles (3C-7C) among them, each answered by away (5D-9D,
# never a pair), JH (an unmarked picture card: the field goal declined) reaches the in-goal,
# 8C grounds it and QC (12 >= 8) converts.
LONGEST = ("H1: AH 3C 5D 2H 4C 6D 3H 5C 7D 4H 6C 8D 5H 7C 9D 6H 7H 8H 9H 10H JH 8C QC "
           "= T 4-0 C 6-0 > A2")


def test_the_longest_legal_passage_fits_one_band():
    from printkit_engine.cardgrid.passage import start, step
    from printkit_engine.cardgrid.rules import load_rules

    cards = LONGEST.split(": ")[1].split(" = ")[0].split()
    p = start("H", 1)
    for card in cards:
        p = step(p, card, load_rules())
    assert len(cards) == 23 and p.outcome is not None
    assert (p.outcome.event, p.outcome.converted, p.outcome.next.text()) == ("T", True, "A2")
    assert sheet_form(grammar(), LONGEST) == LONGEST


@pytest.mark.parametrize("line", [
    "H1: " + " ".join(["AH", "2H"] * 13) + " = kick > A5",        # 26 cards: more than a band
    "H2: RJ 3C = kick > A2",                                       # a joker
    "H13: 3H = kick > A2",                                         # no grid 13
    "H T 100-0 > A2",                                              # a score past 99
    "H2: 3H 5C = kick > A2 (a long one)",                          # free text
    "H T 4-0",                                                     # no restart
    "shuffle",
])
def test_lines_the_sheet_cannot_hold_are_refused(line):
    with pytest.raises(EncodeError):
        encode(grammar(), line)


def test_bubbles_come_from_the_rules_and_deck_data():
    g = grammar()
    assert g.slot("start").parts[1].options == tuple(str(n) for n in range(1, 13))
    assert g.slot("what").parts[0].options == (
        "lost", "kick", "touch", "dead", "against", "pen", "F", "P", "T", "C")
    assert g.slot("pen").parts[1].options == ("P", "P-", "kick", "notouch")
    assert g.slot("c1").parts[1].options == ("C", "H", "D", "S")     # home's suits first


# -- the sheet, photographed ---------------------------------------------------------------------

@cache
def _pdf(paper: str = "letter") -> bytes:
    from printkit import sheets
    from tests.helpers import render_sheet

    return render_sheet("cardgrid", "bubblelog", opts=sheets.RenderOptions(
        paper=paper, extra={"from": RECORD}))


def _read(image, tmp_path: Path, name: str = "photo.jpg"):
    path = tmp_path / name
    cv2.imwrite(str(path), image)
    (_, read), = read_bubble_file(path)
    return read


def test_seven_bands_a_sheet_on_both_papers():
    import io

    from pypdf import PdfReader

    for paper in ("letter", "a4"):
        assert len(PdfReader(io.BytesIO(_pdf(paper))).pages) == 3      # 18 lines, 7 a sheet


PHOTOS = [
    Distortion(dpi=150, angle=90, perspective=0.15, seed=1),
    Distortion(dpi=200, angle=200, jpeg=40, blur=1.0, shadow=0.5, seed=2),
    Distortion(dpi=200, angle=300, perspective=0.1, jpeg=70, crumple=0.004, seed=3),
]


@pytest.mark.parametrize("d", PHOTOS, ids=lambda d: f"{d.dpi}dpi-{d.angle:.0f}deg")
def test_a_photo_of_the_first_sheet_reads_back_identical(tmp_path, d):
    read = _read(distort(page_image(_pdf(), 0, d.dpi), d), tmp_path)
    assert read.ambiguities == []
    assert read.lines == list(enumerate(SHEET_LINES[:7], start=1))


def test_a4_photos_of_every_sheet_read_the_whole_record(tmp_path):
    lines = []
    for page in (0, 1, 2):
        d = Distortion(dpi=200, angle=15 + 120 * page, perspective=0.08, jpeg=60, blur=0.6,
                       shadow=0.6, seed=10 + page)
        read = _read(distort(page_image(_pdf("a4"), page, d.dpi), d), tmp_path,
                     f"p{page}.jpg")
        assert (read.sheet.sheet, read.sheet.paper, read.ambiguities) == (page + 1, "a4", [])
        lines += read.lines
    assert lines == list(enumerate(SHEET_LINES, start=1))


def test_the_pdf_reads_to_the_record_and_verifies(tmp_path):
    pdf = tmp_path / "log.pdf"
    pdf.write_bytes(_pdf())
    game, text, notes = record_from_file(pdf)
    assert (game, notes) == ("cardgrid", [])
    assert text == SHEET.read_text()
    r = run_cli("verify", str(pdf))
    assert (r.code, r.stdout) == (0, f"{pdf}: cardgrid: 18 lines checked, clean\n")


def test_a_double_shaded_card_is_reported_not_guessed(tmp_path):
    image = page_image(_pdf(), 0, 150).copy()
    shade(image, "cardgrid", "c1", 0, "5", 1, 150)       # line 2: "A2: 4D 6S 6H ..."
    read = _read(image, tmp_path, "sheet1.png")
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (2, "2 bubbles shaded in c1 rank (4, 5)")]
    assert (2, None) in read.lines and (3, "shuffle A") in read.lines
    # scanned and verified: the band is a comment line, and the passage after it is found
    # starting where the one before the lost band left the ball
    # with its sheets 2 and 3 (sheet 1 alone is refused: a later sheet may be missing)
    rest = [tmp_path / f"sheet{k}.png" for k in (2, 3)]
    for k, path in enumerate(rest, start=1):
        cv2.imwrite(str(path), page_image(_pdf(), k, 150))
    r = run_cli("scan", str(tmp_path / "sheet1.png"), *map(str, rest), "--out",
                str(tmp_path / "game.rec"))
    assert r.code == 1, r.stderr
    assert "; sheet1.png line 2: not read: 2 bubbles shaded in c1 rank (4, 5)" in \
        (tmp_path / "game.rec").read_text().replace(str(tmp_path) + "/", "")
    assert "CG-START-001" in r.stdout and "(expected A2, found H10)" in r.stdout


# -- the fillable log ------------------------------------------------------------------------------

def _cards(line: int, cards: str) -> dict[str, str]:
    """The card cells of a fillable log's line, one card each."""
    return {f"L{line:03d}.c{k}": c for k, c in enumerate(cards.split(), start=1)}


# The seeded record of tests/engine/cardgrid/records.py (play book "demo"), typed cell by cell;
# the kick-off side and the finishing time are lines of their own, as on a blank sheet.
SEEDED = {
    "tag.Seed": "demo", "tag.Result": "0-6",
    "L001.kind": "kick-off H",
    "L002.kind": "finish", "L002.time": "15:00",
    "L003.kind": "passage", "L003.start": "H2", "L003.what": "pen", "L003.pen": "H kick",
    "L003.next": "A11",
    **_cards(3, "JH 7C QS AC 2D KC AD 10H 10C AS 2C"),
    "L004.kind": "passage", "L004.start": "a11", "L004.c1": "10d", "L004.c2": "5S",
    "L004.c3": "10S", "L004.what": "T", "L004.score": "0-4", "L004.conv": "C",
    "L004.score2": "0-6", "L004.next": "H2",
    "L005.kind": "shuffle H",
    "L006.kind": "passage", "L006.start": "H2", "L006.what": "kick", "L006.next": "A4",
    **_cards(6, "6C JD 8C 3D 7H 4H 9H 7C 9D 3C 4S 5C 8S AC 9S"),
}


def _filled(tmp_path: Path, values: dict[str, str], name: str = "filled.pdf") -> Path:
    return _fill(_blank(tmp_path, "cardgrid", "passages"), values, tmp_path / name)


def test_the_fillable_log_has_a_cell_per_token_and_the_tags(tmp_path):
    from pypdf import PdfReader

    fields = PdfReader(str(_blank(tmp_path, "cardgrid", "passages"))).get_fields()
    assert fields["printkit.game"]["/V"] == "cardgrid"
    for name in ("L001.kind", "L001.start", "L001.c1", "L001.c25", "L001.time", "L032.next",
                 "tag.Finish", "tag.KickOff", "tag.Result"):
        assert name in fields


def test_a_filled_log_verifies_as_the_typed_record(tmp_path):
    filled = _filled(tmp_path, SEEDED)
    game, text, notes = record_from_file(filled)
    assert (game, notes) == ("cardgrid", [])
    assert text.split("\n\n", 1)[1].splitlines()[:4] == [
        '[KickOff "H"]', '[Finish "15:00"]',
        "H2: JH 7C QS AC 2D KC AD 10H 10C AS 2C = pen H kick > A11",
        "A11: 10D 5S 10S = T 0-4 C 0-6 > H2"]
    r = run_cli("verify", str(filled))
    assert (r.code, r.stdout) == (0, f"{filled}: cardgrid: 4 lines checked, clean\n")


def test_a_slip_in_a_filled_log_is_the_typed_records_finding(tmp_path):
    filled = _filled(tmp_path, {**SEEDED, "L004.score2": "0-7"})
    r = run_cli("verify", str(filled))
    assert r.code == 1
    # record lines: Game, Seed, Result, a blank line, then L001 is line 5: L004 is line 8
    assert r.stdout.splitlines()[0] == (
        f"{filled}:8: CG-SCORE-001: wrong running score after A C "
        "(expected 0-6 (0-4 + C 2 to A), found 0-7)")
    typed = tmp_path / "typed.rec"
    typed.write_text(RECORDS.joinpath("cardgrid_seeded.rec").read_text()
                     .replace("C 0-6 > H2", "C 0-7 > H2"))
    r2 = run_cli("verify", str(typed))
    assert r2.code == 1
    assert r2.stdout.splitlines()[0].split(": ", 1)[1] == \
        r.stdout.splitlines()[0].split(": ", 1)[1]


def test_a_cell_that_is_no_card_is_reported_not_guessed(tmp_path):
    filled = _filled(tmp_path, {**SEEDED, "L003.c2": "1C"})
    r = run_cli("verify", str(filled))
    assert r.stdout.splitlines()[0] == f"{filled}:3: unreadable cell: c2 '1C'"


# -- audit ---------------------------------------------------------------------------------------

def test_audit_finds_the_slips_of_a_photo_and_a_tablet_log(tmp_path):
    folder = tmp_path / "hand-in"
    folder.mkdir()
    shutil.copy(RECORD, folder / "typed.rec")
    slipped = tmp_path / "slipped.rec"
    # the photo is of one whole sheet: the record's first seven lines (sheet 1 of three alone
    # is no whole game: a later sheet may be missing), without the final Result
    lines = RECORD.read_text().splitlines()
    body = [k for k, t in enumerate(lines) if t.strip() and not t.startswith(("[", "#"))]
    short = [t for t in lines[:body[7]] if not t.startswith("[Result")]
    slipped.write_text("\n".join(short).replace("= lost > H10", "= lost > H9") + "\n")
    sheet = tmp_path / "sheet.pdf"
    r = run_cli("render", "cardgrid", "bubblelog", "--from", str(slipped), "--out", str(sheet))
    assert r.code == 0, r.stderr
    d = Distortion(dpi=200, angle=8.0, perspective=0.05, jpeg=70, seed=4)
    cv2.imwrite(str(folder / "photo.jpg"), distort(page_image(sheet.read_bytes(), 0, 200), d))
    _fill_to(tmp_path, {**SEEDED, "L004.score2": "0-7"}, folder / "tablet.pdf")
    r = run_cli("audit", str(folder), "--format", "json")
    data = json.loads(r.stdout)
    status = {Path(e["file"]).name: e["status"] for e in data["records"]}
    assert status == {"typed.rec": "clean", "photo.jpg": "findings", "tablet.pdf": "findings"}
    found = {Path(e["file"]).name: [(f["rule"], f["expected"], f["found"]) for f in e["findings"]]
             for e in data["records"] if e["findings"]}
    assert found == {"photo.jpg": [("CG-NEXT-001", "H10", "H9")],
                     "tablet.pdf": [("CG-SCORE-001", "0-6 (0-4 + C 2 to A)", "0-7")]}
    assert r.code == 1


def _fill_to(tmp_path: Path, values: dict[str, str], out: Path) -> None:
    shutil.move(_filled(tmp_path, values, "tmp-filled.pdf"), out)


def test_every_line_of_simulated_games_goes_on_the_sheet_as_written():
    """Round trip, with an invariant read from the record text alone: no line of a bot's game
    has more cards than a band holds, and the sheet writes every line back unchanged."""
    from printkit_engine.cardgrid.bots import play

    g = grammar()
    for seed in ("bb-1", "bb-2", "bb-3"):
        for line in play(seed).text().splitlines():
            if line and not line.startswith("["):
                cards = line.partition(": ")[2].partition(" = ")[0].split()
                assert len(cards) <= 23, line
                assert sheet_form(g, line) == line


def test_a_line_too_long_for_a_band_is_one_line_exit_2(tmp_path):
    record = tmp_path / "long.rec"
    record.write_text('[Game "cardgrid"]\n[Finish "10:40"]\n\n'
                      "H1: " + " ".join(["AH", "2H"] * 13) + " = kick > A5\n")
    r = run_cli("render", "cardgrid", "bubblelog", "--from", str(record),
                "--out", str(tmp_path / "x.pdf"))
    assert r.code == 2
    assert r.stderr.startswith(f"printkit: error: {record}:4: cannot be shaded on a bubble sheet: ")
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_finish_and_kick_off_bands_read_back_as_tag_lines_the_verifier_reads(tmp_path):
    """On a blank sheet the finishing time and the kick-off are bands; here they follow a
    first line (a record's leading tags would go into the code instead)."""
    record = tmp_path / "bands.rec"
    record.write_text('[Game "cardgrid"]\n[Result "0-0"]\n\nshuffle A\n'
                      '[KickOff "H"]\n[Finish "9:05"]\n'
                      "H2: JH 7C QS AC 2D KC AD 10H 10C AS 2C = pen H kick > A11\n")
    pdf = tmp_path / "bands.pdf"
    assert run_cli("render", "cardgrid", "bubblelog", "--from", str(record),
                   "--out", str(pdf)).code == 0
    game, text, notes = record_from_file(pdf)
    assert text.split("\n\n", 1)[1] == ('shuffle A\n[KickOff "H"]\n[Finish "9:05"]\n'
                                        "H2: JH 7C QS AC 2D KC AD 10H 10C AS 2C "
                                        "= pen H kick > A11\n")
    r = run_cli("verify", str(pdf))
    # the shuffle before any passage is the one finding: the tags were read
    assert r.code == 1
    assert [line.split(": ", 2)[1] for line in r.stdout.splitlines()[:-1]] == ["CG-SHUF-001"]


def test_a_band_shaded_without_its_kind_is_reported_not_dropped(tmp_path):
    image = page_image(_pdf(), 0, 150).copy()
    # line 2: "A2: 4D 6S 6H ..."
    x, y, rx, ry = bubble_px("cardgrid", "kind", 0, "passage", 1, 150)
    cv2.ellipse(image, (x, y), (rx + 3, ry + 3), 0, 0, 360, 255, -1)    # its kind rubbed out
    read = _read(image, tmp_path, "sheet1.png")
    assert [(a.line, a.what) for a in read.ambiguities] == [
        (2, "marks but no line: is its kind shaded?")]
    assert read.lines[:3] == [(1, SHEET_LINES[0]), (2, None), (3, "shuffle A")]


def test_a_row_typed_without_its_kind_is_reported_not_dropped(tmp_path):
    values = {k: v for k, v in SEEDED.items() if k != "L004.kind"}
    filled = _filled(tmp_path, values)
    r = run_cli("verify", str(filled))
    assert r.stdout.splitlines()[0] == f"{filled}:4: cells but no line: is its kind filled in?"
