"""`printkit audit DIR` over photos of the several sheets of ONE game: the sheets are read
together as one record (same game, seed and match in their QR codes), reported as one entry
naming every file; a sheet missing from the run is reported, never verified as if whole."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from tests.helpers import run_cli
from tests.omr.distort import page_image

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "game.rec"
BODY = 60                   # record lines: a play book's sheets (the record has a Seed) hold
                            # 27 bands on letter, so 3 sheets (27 + 27 + 6)


def _record(slip: bool = False) -> str:
    """examples/game.rec's first 60 lines, a Match tag added, the game not over yet."""
    lines = EXAMPLE.read_text().splitlines()
    head = [t for t in lines if t.startswith("[") and not t.startswith("[Result")]
    body = [t for t in lines if t and not t.startswith(("[", ";"))][:BODY]
    assert body[28] == "run A3 H2 = +5"        # band 29: sheet 2's 2nd band
    if slip:
        body[28] = "run A3 H2 = +10"
    return "\n".join([*head, '[Match "M7"]', '[Result "*"]', "", *body]) + "\n"


def _photos(tmp_path: Path, slip: bool = False) -> Path:
    record = tmp_path / "game.rec"
    record.write_text(_record(slip))
    sheets = tmp_path / "sheets.pdf"
    r = run_cli("render", "postcard", "bubblelog", "--dense",
                "--from", str(record), "--out", str(sheets))
    assert r.code == 0, r.stderr
    folder = tmp_path / "hand-in"
    folder.mkdir()
    data = sheets.read_bytes()
    for page in range(3):
        cv2.imwrite(str(folder / f"M7-p{page + 1}.png"), page_image(data, page, 150))
    return folder


@pytest.fixture(scope="module")
def clean_folder(tmp_path_factory) -> Path:
    return _photos(tmp_path_factory.mktemp("clean"))


def test_three_photos_of_one_game_are_one_clean_record(clean_folder):
    r = run_cli("audit", str(clean_folder), "--format", "json")
    records = json.loads(r.stdout)["records"]
    names = [f"{clean_folder}/M7-p{k}.png" for k in (1, 2, 3)]
    assert [(e["file"], e["status"], e["match"]) for e in records] == [
        (", ".join(names), "clean", "M7")]
    assert r.code == 0


def test_a_missing_sheet_is_reported_not_verified(clean_folder, tmp_path):
    folder = tmp_path / "two"
    folder.mkdir()
    for k in (1, 3):
        (folder / f"M7-p{k}.png").write_bytes((clean_folder / f"M7-p{k}.png").read_bytes())
    r = run_cli("audit", str(folder))
    assert r.stdout.splitlines()[0] == (
        f"{folder}/M7-p1.png, {folder}/M7-p3.png: match M7 (seed example-0001): sheet 2 "
        "missing (sheets 1, 3 found): not verified [unreadable, skipped]")
    assert r.code == 2


def test_a_lone_later_sheet_is_reported_too(clean_folder, tmp_path):
    folder = tmp_path / "one"
    folder.mkdir()
    (folder / "M7-p3.png").write_bytes((clean_folder / "M7-p3.png").read_bytes())
    r = run_cli("audit", str(folder))
    assert r.stdout.splitlines()[0] == (
        f"{folder}/M7-p3.png: match M7 (seed example-0001): sheets 1, 2 missing (sheets 3 "
        "found): not verified [unreadable, skipped]")


def test_a_slip_on_sheet_two_is_found_on_its_line(tmp_path):
    folder = _photos(tmp_path, slip=True)
    r = run_cli("audit", str(folder), "--format", "json")
    (entry,) = json.loads(r.stdout)["records"]
    assert entry["status"] == "findings"
    # The record read: 8 tags (Game; Seed, Home, Away, HomeSkill, AwaySkill, Match from the
    # code; Result from the header), a blank line, then band 1 on line 10: band 29 is line 38.
    assert [(f["line"], f["rule"], f["expected"], f["found"], f["sheet"])
            for f in entry["findings"]] == [
        (38, "PC-RUN-001", "+5", "+10", f"{folder}/M7-p2.png line 29")]
    assert r.code == 1
    text = run_cli("audit", str(folder)).stdout.splitlines()
    assert text[0].startswith(f"{folder}/M7-p2.png:29: PC-RUN-001: ")
    assert text[0].endswith("(expected +5, found +10) [record line 38]")


def test_pdfs_of_sheets_join_photos_of_the_same_match(clean_folder, tmp_path):
    """Sheets 1-2 scanned into one PDF, sheet 3 photographed: one record."""
    from pypdf import PdfReader, PdfWriter

    record = tmp_path / "game.rec"
    record.write_text(_record())
    sheets = tmp_path / "sheets.pdf"
    assert run_cli("render", "postcard", "bubblelog", "--dense", "--from", str(record),
                   "--out", str(sheets)).code == 0
    folder = tmp_path / "mixed"
    folder.mkdir()
    writer = PdfWriter()
    for page in PdfReader(str(sheets)).pages[:2]:
        writer.add_page(page)
    with open(folder / "a-scan.pdf", "wb") as fh:
        writer.write(fh)
    (folder / "b-photo.png").write_bytes((clean_folder / "M7-p3.png").read_bytes())
    r = run_cli("audit", str(folder), "--format", "json")
    records = json.loads(r.stdout)["records"]
    assert [(e["file"], e["status"]) for e in records] == [
        (f"{folder}/a-scan.pdf, {folder}/b-photo.png", "clean")]
    assert r.code == 0


def test_a_damaged_photo_beside_a_run_is_its_own_unreadable_entry(clean_folder, tmp_path):
    folder = tmp_path / "damaged"
    folder.mkdir()
    for k in (1, 2, 3):
        (folder / f"M7-p{k}.png").write_bytes((clean_folder / f"M7-p{k}.png").read_bytes())
    (folder / "M7-p4.jpg").write_bytes(b"\xff\xd8\xff not a jpeg")
    r = run_cli("audit", str(folder), "--format", "json")
    records = json.loads(r.stdout)["records"]
    assert [(Path(e["file"].split(", ")[0]).name, e["status"]) for e in records] == [
        ("M7-p1.png", "clean"), ("M7-p4.jpg", "unreadable")]
    assert r.code == 2
