"""Luck of the Draw bubble sheets for a table of 2-8 (`render luckdraw bubblelog --players N`):
the count rides in the sheet's QR code (its geometry key unchanged, so sheets printed before
still read) and is printed in words in its header; `scan`, `verify` and `audit` then replay a
table of five as five. A sheet printed without the count says the play book's table of four
and is replayed at four.

The game is the bots' 5-player game of play book `players-0012` (to the end of Q1, the drive
in progress finished: the default), its decision rows typed below from the bot's record an
event a row (as `render --decisions --from` put them on the sheets of one event a row: a log
so written still reads the same). Everything expected is typed by hand."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl

import cv2
import numpy as np
import pdfplumber
import pytest

from tests.decisions.test_postcard_sheet import _luminance
from tests.helpers import run_cli
from tests.omr.distort import Distortion, distort, page_image

SEED = "players-0012"
# The decision log of the 5-player game, with no Players tag (as a table's log of a sheet
# printed without the count reads back). Its last five rows are the checkpoint after the
# clock ran out in Q1: a total row a seat, P1 to P5.
LOG = f"""\
[Game "luckdraw"]
[Log "decisions"]
[Seed "{SEED}"]
[Length "Q1"]

drive first
first
defpen
offpen
punt
touchback
drive calls first
defpen
punt +inside
drive calls first
first
int
audible:run pass:P2P4P5 run:P1
drive offpen
offpen
punt +inside
drive touchback
punt +inside
drive defpen
audible:run pass:P1P2 run:P3P4P5
sack
punt
expires
P1 = 8
P2 = 10
P3 = 14
P4 = 11
P5 = 7
"""
# The sheets' code (QR) for that game: game, paper, geometry key, sheet number, tags. The
# key is the one every Luck of the Draw decision sheet on letter has carried since its band
# of five event rows, two audible and two total rows (the hand-filled fixtures' sheets,
# tests/decisions/fixtures/handfill-ld-*).
KEY = "3de43d77"
CODE_5 = f"PKBL1;luckdraw;letter;{KEY};{{}};Seed={SEED}&Players=5&Length=Q1"
CODE_NONE = f"PKBL1;luckdraw;letter;{KEY};{{}};Seed={SEED}&Length=Q1"
EDGE = 0.25 * 72                    # nothing within a quarter inch of the paper's edge
FIXTURE = Path(__file__).parent / "fixtures" / "handfill-ld-sheet1.jpg"


def _render(tmp_path: Path, name: str, *args: str) -> Path:
    out = tmp_path / name
    r = run_cli("render", "luckdraw", "bubblelog", *args, "--out", str(out))
    assert r.code == 0, r.stderr
    return out


def _qr(image: np.ndarray) -> str:
    """The text of the one QR code in a page image, read by zxing-cpp itself (not the sheet
    reader under test; OpenCV's detector misses it among the sheet's many ovals)."""
    import zxingcpp

    found = [r.text for r in zxingcpp.read_barcodes(image)
             if r.format == zxingcpp.BarcodeFormat.QRCode]
    assert len(found) == 1, "no QR code read"
    return found[0]


def _codes(pdf: Path) -> list[str]:
    """The QR code of each page of `pdf`, rasterised at 150 dpi."""
    data = pdf.read_bytes()
    with pdfplumber.open(pdf) as doc:
        pages = len(doc.pages)
    return [_qr(page_image(data, k, 150)) for k in range(pages)]


def _photos(tmp_path: Path, pdf: Path, stem: str) -> list[str]:
    """Each page of `pdf` photographed: tilted, a little perspective, JPEG, blur, a shadow."""
    data = pdf.read_bytes()
    with pdfplumber.open(pdf) as doc:
        pages = len(doc.pages)
    out = []
    for k in range(pages):
        image = distort(page_image(data, k, 150),
                        Distortion(dpi=150, angle=3.0, perspective=0.03, jpeg=70, blur=0.6,
                                   shadow=0.6, crumple=0.002, seed=k + 7))
        path = tmp_path / f"{stem}{k + 1}.jpg"
        cv2.imwrite(str(path), image)
        out.append(str(path))
    return out


def test_the_code_carries_the_count_and_keeps_the_geometry_key(tmp_path):
    """A blank sheet printed `--players 5` carries `Players=5` in its code, with the same
    geometry key as one printed without it and as the hand-filled sheets printed before."""
    five = _render(tmp_path, "five.pdf", "--decisions", "--seed", SEED, "--length", "Q1",
                   "--players", "5")
    plain = _render(tmp_path, "plain.pdf", "--decisions", "--seed", SEED, "--length", "Q1")
    assert _codes(five) == [CODE_5.format(1)]
    assert _codes(plain) == [CODE_NONE.format(1)]
    earlier = _qr(cv2.imread(str(FIXTURE), cv2.IMREAD_GRAYSCALE))
    assert earlier.split(";")[3] == KEY


def test_a_table_of_five_shades_its_sheets_and_is_replayed_as_five(tmp_path):
    """The log shaded on sheets printed for five (`--from LOG --players 5`: the very codes of
    blank `--players 5` sheets; its last totals on sheet 2), photographed, scanned: the
    record says Players 5, and the replay is clean at five players; `verify` of the photos
    says the same."""
    log = tmp_path / "game.dec"
    log.write_text(LOG)
    pdf = _render(tmp_path, "shaded5.pdf", "--decisions", "--from", str(log), "--players", "5")
    assert _codes(pdf) == [CODE_5.format(1), CODE_5.format(2)]
    photos = _photos(tmp_path, pdf, "five")
    scanned = tmp_path / "scanned.dec"
    r = run_cli("scan", *photos, "--out", str(scanned))
    assert r.code == 0, r.stdout + r.stderr
    text = scanned.read_text()
    assert text.startswith('[Game "luckdraw"]\n[Seed "players-0012"]\n[Players "5"]\n'
                           '[Length "Q1"]\n[Log "decisions"]\n')
    assert "clean; 5 players, 6 drives" in r.stdout
    r = run_cli("verify", str(scanned))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.endswith("clean; 5 players, 6 drives\n")


def test_the_same_sheets_printed_without_the_count_are_replayed_at_four(tmp_path):
    """The same log on sheets printed without `--players`: their header says `for 4
    players`, their code has no Players, and the replay deals for the play book's table of
    four: the two audibles' calls (joined to the events marked `calls`, scanned lines 12 and
    15) and the last total (33) name P5, no seat of that game, and three of the four other
    totals are not a 4-player deal's (29, 31, 32)."""
    log = tmp_path / "game.dec"
    log.write_text(LOG)
    pdf = _render(tmp_path, "shaded.pdf", "--decisions", "--from", str(log))
    with pdfplumber.open(pdf) as doc:
        assert "for 4 players" in doc.pages[0].extract_text()
    assert _codes(pdf) == [CODE_NONE.format(1), CODE_NONE.format(2)]
    photos = _photos(tmp_path, pdf, "four")
    scanned = tmp_path / "scanned.dec"
    r = run_cli("scan", *photos, "--out", str(scanned))
    assert r.code == 1, r.stdout + r.stderr
    assert "Players" not in scanned.read_text()
    r = run_cli("verify", str(scanned))
    assert r.code == 1
    assert r.stdout.endswith("28 lines checked, 6 findings; 4 players, 6 drives\n")
    found = [tuple(line.split(": ")[:2]) for line in r.stdout.splitlines()[:-1]]
    assert found == [(f"{scanned}:{n}", rule) for n, rule in (
        (12, "LD-DEC-002"), (15, "LD-DEC-002"), (29, "LD-TOTAL-001"), (31, "LD-TOTAL-001"),
        (32, "LD-TOTAL-001"), (33, "LD-DEC-002"))]
    assert "P5 is not a seat of this game (expected P1-P4, found P5)" in r.stdout


def test_a_record_of_five_goes_on_sheets_for_five(tmp_path):
    """`--from RECORD`: the record's Players tag is the sheets' (code and header); a record
    with no Players tag, the seats its first drive deals; `--players` naming another count
    than the record's is one line, exit 2."""
    record = tmp_path / "game.rec"
    record.write_text(f'[Game "luckdraw"]\n[Seed "{SEED}"]\n[Players "5"]\n[Length "Q1"]\n\n'
                      "Q1\ndrive 1 QB P1\nFDN first P5 1\n")
    untagged = tmp_path / "untagged.rec"
    untagged.write_text(f'[Game "luckdraw"]\n[Seed "{SEED}"]\n[Length "Q1"]\n\n'
                        "Q1\ndrive 1 QB P1\ndeal P1 INT PTD TOD\ndeal P2 OP STTD P\n"
                        "deal P3 MFG TE DP\ndeal P4 RTD XP/S IR/TO\ndeal P5 FDN FG FBL\n"
                        "side SACK\nFDN first P5 1\n")
    for source in (record, untagged):
        pdf = _render(tmp_path, f"{source.stem}.pdf", "--decisions", "--from", str(source))
        with pdfplumber.open(pdf) as doc:
            text = doc.pages[0].extract_text()
        assert "for 5 players" in text and "Players:" not in text
        code = _codes(pdf)[0].split(";")
        assert code[:5] == ["PKBL1", "luckdraw", "letter", KEY, "1"]
        assert dict(parse_qsl(code[5])) == {"Seed": SEED, "Players": "5", "Length": "Q1"}
    r = run_cli("render", "luckdraw", "bubblelog", "--decisions", "--from", str(record),
                "--players", "4", "--out", str(tmp_path / "x.pdf"))
    assert (r.code, r.stderr) == (2, f"printkit: error: --players 4: {record} was played by 5 "
                                     "players (its Players tag)\n")


@pytest.mark.parametrize("count", ["9", "1", "0"])
def test_a_count_outside_two_to_eight_is_one_line(tmp_path, count):
    r = run_cli("render", "luckdraw", "bubblelog", "--decisions", "--seed", SEED, "--players",
                count, "--out", str(tmp_path / "x.pdf"))
    assert (r.code, r.stderr) == (2, "printkit: error: --players: Luck of the Draw is for 2-8 "
                                     f"players, not {count}\n")
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("args", "words"), [
    (("--decisions", "--players", "6"), "for 6 players"),
    (("--decisions",), "for 4 players"),
    (("--dense", "--players", "3"), "for 3 players")])
def test_the_header_says_the_count_readably(tmp_path, paper, args, words):
    """The words in the header line under the title: 8 pt or more, dark (contrast at least
    7:1 on white), a quarter inch or more from every edge."""
    pdf = _render(tmp_path, "sheet.pdf", "--seed", SEED, "--paper", paper, *args)
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        hits = page.search(words)
        assert len(hits) == 1, page.extract_text()[:300]
        box = hits[0]
        chars = [c for c in page.chars if c["text"].strip() and box["x0"] - 0.1 <= c["x0"]
                 and c["x1"] <= box["x1"] + 0.1 and abs(c["top"] - box["top"]) < 1]
        assert "".join(c["text"] for c in chars) == words.replace(" ", "")
        assert min(c["size"] for c in chars) >= 7.99
        assert min(1.05 / (_luminance(c["non_stroking_color"]) + 0.05) for c in chars) >= 7.0
        assert box["x0"] >= EDGE and box["x1"] <= page.width - EDGE
        assert box["top"] >= EDGE and box["bottom"] <= page.height - EDGE


def test_a_play_book_sheet_printed_for_five_reads_five_unless_its_bubble_says(tmp_path):
    """The play-book (dense) sheet has Players and Length bubbles of its own: printed
    `--players 5 --length Q1` and left blank there, the scanned record says Players 5 and
    Length Q1, each once (the code's; a second `*` tag would be the record's REC-005); with
    Players 6 shaded there, the table's 6."""
    from printkit.layout import load_layout
    from printkit.omr.geometry import sheet_geometry
    from printkit_engine.bubbles import for_sheet
    from printkit_engine.luckdraw.bubbles import grammar

    pdf = _render(tmp_path, "book.pdf", "--dense", "--seed", SEED, "--players", "5",
                  "--length", "Q1")
    geo = sheet_geometry(for_sheet(grammar(), {"Seed": SEED}), load_layout("luckdraw-bubblelog"),
                         "letter")
    six = next(geo.header_x + b.x for tag, b in geo.header_bubbles
               if tag == "Players" and b.opt == ("2", "3", "4", "5", "6", "7", "8").index("6"))
    k = 150 / 72
    radii = (int(geo.bubble_w * 0.45 * k), int(geo.bubble_h * 0.44 * k))
    got = []
    for name, marks in (("blank", [geo.last]), ("six", [geo.last, (six, geo.header_y)])):
        image = page_image(pdf.read_bytes(), 0, 150).copy()
        for x, y in marks:
            cv2.ellipse(image, (int(x * k), int(y * k)), radii, 0, 0, 360, 30, -1)
        photo = tmp_path / f"{name}.png"
        cv2.imwrite(str(photo), image)
        out = tmp_path / f"{name}.rec"
        run_cli("scan", str(photo), "--out", str(out))
        got.append([line for line in out.read_text().splitlines()
                    if line.startswith(("[Players", "[Length"))])
    assert got == [['[Players "5"]', '[Length "Q1"]'], ['[Players "6"]', '[Length "Q1"]']]


def test_a_typed_play_book_record_of_five_on_play_book_sheets_for_five(tmp_path):
    """A play-book game typed without its deals or a Players tag (the slips are the book's)
    goes on the play-book sheets with `--players 5`: they shade Players 5, and the scan
    replays clean at five."""
    from printkit_engine.luckdraw.bots import game_seed, play_game

    played = play_game(game_seed("players", 12), players=5).text()
    typed = "\n".join(line for line in played.splitlines()
                      if not line.startswith(("[Players", "deal ", "side")))
    record = tmp_path / "typed.rec"
    record.write_text(typed + "\n")
    pdf = _render(tmp_path, "book.pdf", "--from", str(record), "--players", "5")
    photos = _photos(tmp_path, pdf, "book")
    out = tmp_path / "scanned.rec"
    r = run_cli("scan", *photos, "--out", str(out))
    assert r.code == 0, r.stdout + r.stderr
    assert '[Players "5"]' in out.read_text()
    assert "clean; 5 players" in r.stdout


def test_a_fillable_log_printed_for_five_has_its_players_field_filled(tmp_path):
    import pikepdf

    pdf = _render(tmp_path, "form.pdf", "--fillable", "--seed", SEED, "--players", "5")
    with pikepdf.open(pdf) as doc:
        fields = {str(f.T): str(f.get("/V", "")) for f in doc.Root.AcroForm.Fields}
    assert fields["tag.Players"] == "5"
    assert fields["tag.Seed"] == SEED
