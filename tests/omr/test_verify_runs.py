"""`printkit verify` of a match's bubble-sheet photos: the sheets are grouped as `audit`
groups them (same game, seed and match in their QR codes) into one record in sheet order, so
the findings are the whole game's, each naming the sheet file and the line printed on it.

The match: tests/omr/records/luckdraw_match.rec (a simulated 4-player game of 12 drives, 156
lines, clean, Match M3), shaded on three play-book sheets of 29 bands by `render --from` (its
deal and total lines left off: 96 lines on 64 bands, 29 + 29 + 6); the slip scores the file's
line 106, `TOD fourth P3 4`, as 5: line 38 printed on sheet 2 (its 9th band)."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from tests.helpers import run_cli
from tests.omr.distort import page_image

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "luckdraw.rec"
MATCH = Path(__file__).resolve().parent / "records" / "luckdraw_match.rec"
SHEETS = 3


def _record(slip: bool) -> str:
    lines = MATCH.read_text().splitlines(keepends=True)
    assert lines[105] == "TOD fourth P3 4\n"
    if slip:
        lines[105] = "TOD fourth P3 5\n"
    return "".join(lines)


def _photos(folder: Path, slip: bool) -> list[Path]:
    folder.mkdir()
    record = folder / "game.rec"
    record.write_text(_record(slip))
    pdf = folder / "sheets.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                "--out", str(pdf))
    assert r.code == 0, r.stderr
    data = pdf.read_bytes()
    out = []
    for page in range(SHEETS):
        out.append(folder / f"p{page + 1}.png")
        cv2.imwrite(str(out[-1]), page_image(data, page, 150))
    record.unlink()
    pdf.unlink()
    return out


@pytest.fixture(scope="module")
def clean(tmp_path_factory) -> list[Path]:
    return _photos(tmp_path_factory.mktemp("verify-runs") / "clean", slip=False)


@pytest.fixture(scope="module")
def slipped(tmp_path_factory) -> list[Path]:
    return _photos(tmp_path_factory.mktemp("verify-runs") / "slip", slip=True)


def test_a_match_photographed_sheet_by_sheet_verifies_as_one_clean_game(clean):
    shuffled = [clean[k] for k in (2, 0, 1)]        # any order: read in sheet order
    r = run_cli("verify", *map(str, shuffled))
    names = ", ".join(str(p) for p in shuffled)           # named as given
    assert r.stdout.splitlines() == [
        f"{names}: luckdraw: 96 lines checked, clean; 4 players, 12 drives"]
    assert r.code == 0


def test_a_slip_is_named_by_its_sheet_file_and_printed_line(slipped):
    r = run_cli("verify", *map(str, slipped))
    lines = r.stdout.splitlines()
    # the scanned record: 5 tags and a blank line, then the 56 lines of bands 1-37: line 63
    assert lines[0] == (f"{slipped[1]}:38: LD-EVENT-001: points for TOD fourth: 4 (expected 4, "
                        "found 5) [record line 63]")
    assert lines[1].endswith(": luckdraw: 96 lines checked, 1 finding; 4 players, 12 drives")
    assert len(lines) == 2
    assert r.code == 1
    data = json.loads(run_cli("verify", *map(str, slipped), "--format", "json").stdout)
    (finding,) = data["findings"]
    assert (finding["rule"], finding["line"], finding["sheet"]) == (
        "LD-EVENT-001", 63, f"{slipped[1]} line 38")


def test_each_photo_alone_is_not_the_game(clean):
    """Without the grouping, sheet 2 alone would be verified as a game of its own: it is a
    run of one match missing sheet 1, reported unreadable (exit 2), never verified."""
    r = run_cli("verify", str(clean[1]))
    assert r.code == 2
    assert r.stderr.strip() == (f"printkit: error: {clean[1]}: match M3 (seed m3c-0001): sheet 1 "
                                "missing (sheets 2 found): not verified")


def test_a_missing_middle_sheet_is_unreadable_and_other_records_still_verified(clean):
    r = run_cli("verify", *map(str, [clean[0], clean[2]]), str(EXAMPLE))
    assert r.code == 2
    names = ", ".join(str(clean[k]) for k in (0, 2))
    assert r.stderr.strip() == (f"printkit: error: {names}: match M3 (seed m3c-0001): sheet 2 "
                                "missing (sheets 1, 3 found): not verified")
    assert r.stdout.splitlines() == [
        f"{EXAMPLE}: luckdraw: 45 lines checked, clean; 4 players, 3 drives",
        "total: 2 records: 1 clean, 0 with findings (0 findings), 1 unreadable"]


# -- the last sheet -------------------------------------------------------------------------

def test_render_from_shades_last_sheet_on_the_records_last_sheet_only(clean):
    from printkit.omr import read_bubble_file

    marked = [read.last for p in clean for _, read in read_bubble_file(p)]
    assert marked == [False, False, True]


def test_a_run_missing_its_last_sheet_is_reported_by_verify_audit_and_scan(clean, tmp_path):
    first_two = clean[:2]
    message = "match M3 (seed m3c-0001): sheet 2 is not marked as the last: a later sheet may be " \
              "missing"
    names = ", ".join(map(str, first_two))
    r = run_cli("verify", *map(str, first_two))
    assert (r.code, r.stdout) == (2, "")
    assert r.stderr.strip() == f"printkit: error: {names}: {message}: not verified"
    folder = tmp_path / "hand-in"
    folder.mkdir()
    for p in first_two:
        (folder / p.name).write_bytes(p.read_bytes())
    r = run_cli("audit", str(folder))
    shown = ", ".join(str(folder / p.name) for p in first_two)
    assert r.stdout.splitlines()[0] == f"{shown}: {message}: not verified [unreadable, skipped]"
    assert r.code == 2
    # scan: the same rule, the same line, exit 2 (once a note, and the record verified)
    r = run_cli("scan", *map(str, first_two), "--out", str(tmp_path / "first_two.rec"))
    assert r.code == 2
    assert r.stderr.strip() == f"printkit: error: {names}: {message}: not verified"
    assert r.stdout.splitlines() == [f"{first_two[0]}: luckdraw sheet 1: 29 lines read",
                                     f"{first_two[1]}: luckdraw sheet 2: 29 lines read"]
    assert not (tmp_path / "first_two.rec").exists()


def test_a_whole_run_is_not_reported_as_incomplete(clean, tmp_path):
    r = run_cli("scan", *map(str, clean), "--out", str(tmp_path / "all.rec"))
    assert not [t for t in r.stdout.splitlines() if t.startswith("note:")]
    assert r.code == 0
    folder = tmp_path / "hand-in"
    folder.mkdir()
    for p in clean:
        (folder / p.name).write_bytes(p.read_bytes())
    r = run_cli("audit", str(folder))
    assert r.stdout.splitlines()[-1] == "audit: 1 record: 1 clean, 0 with findings, 0 unreadable"


def test_a_blank_sheet_is_not_a_whole_game_until_last_sheet_is_shaded(tmp_path):
    """A blank log's sheet read as it is: nothing shaded, so not marked the last."""
    pdf = tmp_path / "blank.pdf"
    assert run_cli("render", "blowout", "bubblelog", "--out", str(pdf)).code == 0
    r = run_cli("verify", str(pdf))
    assert r.code == 2
    assert r.stderr.strip() == (f"printkit: error: {pdf}: these sheets: sheet 1 is not marked "
                                "as the last: a later sheet may be missing: not verified")


def test_a_sheet_marked_last_with_sheets_after_it_is_unreadable(clean, tmp_path):
    """The record's first 107 lines (39 bands: through `TE expires P2 3` on band 39), shaded
    on their own: two sheets, the second marked the last. Its photo with sheet 3 of the whole
    game (same match and seed) is no whole game: sheet 2 says the game ended there, sheet 3
    that it went on."""
    lines = _record(False).splitlines(keepends=True)
    assert lines[106] == "TE expires P2 3\n"
    record = tmp_path / "first-40.rec"
    record.write_text("".join(lines[:107]))
    pdf = tmp_path / "first-40.pdf"
    assert run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                   "--out", str(pdf)).code == 0
    early = tmp_path / "early-p2.png"
    cv2.imwrite(str(early), page_image(pdf.read_bytes(), 1, 150))
    files = [clean[0], early, *clean[2:]]
    r = run_cli("verify", *map(str, files))
    assert (r.code, r.stdout) == (2, "")
    assert r.stderr.strip() == (f"printkit: error: {', '.join(map(str, files))}: match M3 "
                                "(seed m3c-0001): sheet 2 is marked as the last, but sheet 3 "
                                "follows: unshade the wrong one: not verified")


def test_a_photo_s_codes_are_read_once_until_the_file_changes(clean, tmp_path, monkeypatch):
    """An audit groups sheets by their codes and the teacher's page then says what each file
    was read as: the second asking does not decode the photo again, unless it changed."""
    from printkit.omr import files

    opened: list[Path] = []
    real = files.open_file

    def counted(path: Path) -> files.Opened:
        opened.append(path)
        return real(path)

    monkeypatch.setattr(files, "open_file", counted)
    photo = tmp_path / "p2.png"
    photo.write_bytes(clean[1].read_bytes())
    first = files.sheet_ids(photo)
    assert [(i.game, i.sheet) for i in first] == [("luckdraw", 2)]
    assert files.sheet_ids(photo) == first and len(opened) == 1
    photo.write_bytes(clean[0].read_bytes())             # another sheet in its place
    assert [(i.game, i.sheet) for i in files.sheet_ids(photo)] == [("luckdraw", 1)]
    assert len(opened) == 2


def test_a_half_shaded_last_sheet_bubble_is_named_not_taken_for_a_missing_sheet():
    """The hand-fill's light tick on its last sheet was refused as 'not marked as the last: a
    later sheet may be missing', which sends a teacher looking for a sheet that does not
    exist; the doubt is the bubble's, and is said so."""
    from printkit.omr import Scanned, gaps
    from printkit.omr.payload import SheetId
    from printkit.omr.read import HEADER, Ambiguity, SheetRead

    def sheet(n: int, doubt: bool) -> tuple[str, SheetRead]:
        read = SheetRead(SheetId("cardbowl", "letter", "k", n), [(1, "run")], {})
        if doubt:
            read.ambiguities.append(Ambiguity(HEADER, 0,
                                              "half-shaded bubble in last sheet (game over)"))
        return f"p{n}.jpg", read

    assert gaps(Scanned("cardbowl", [], [sheet(1, False), sheet(2, True)])) == (
        "sheet 2's \"last sheet (game over)\" bubble is half-shaded: shade it fully if the "
        "game ended on this sheet, or rub it out")
    assert gaps(Scanned("cardbowl", [], [sheet(1, False), sheet(2, False)])) == (
        "sheet 2 is not marked as the last: a later sheet may be missing")
