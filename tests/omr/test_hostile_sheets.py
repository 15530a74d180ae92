"""Bubble sheets handed in wrongly (issue 27), and the scan path doing each piece of work once
(issue 28): one file, one answer in `scan` and `verify`; a sheet given twice said and read
once; a picture of two sheets said; each page decoded once and its codes read once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.helpers import run_cli
from tests.omr.distort import page_image

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "postcard-start.rec"     # one sheet, marked as the last


@cache
def _sheet_pdf(seed_tag: str = "", match: str = "") -> bytes:
    """The one-sheet log of examples/postcard-start.rec (its Seed tag replaced by
    `seed_tag` when given, a Match tag added when `match` is), the tags in its code."""
    import tempfile

    from printkit import sheets
    from tests.helpers import render_sheet

    text = RECORD.read_text()
    if seed_tag:
        text = text.replace('[Seed "doc-0003"]', seed_tag)
    if match:
        text = text.replace('[Seed "doc-0003"]', f'[Seed "doc-0003"]\n[Match "{match}"]')
    with tempfile.TemporaryDirectory() as tmp:
        record = Path(tmp) / "game.rec"
        record.write_text(text)
        return render_sheet("postcard", "bubblelog",
                            opts=sheets.RenderOptions(extra={"from": record, "dense": True}))


def _photo(path: Path, **kw: str) -> Path:
    cv2.imwrite(str(path), page_image(_sheet_pdf(**kw), 0, 150))
    return path


def test_a_record_with_a_bad_tag_is_one_finding_in_scan_as_in_verify(tmp_path):
    """The sheet's code carries an empty seed (its record's `[Seed ""]`). Once scan said so
    with exit 1 and verify with exit 2; both now give the same finding on line 2, exit 1."""
    photo = _photo(tmp_path / "sheet.png", seed_tag='[Seed ""]')
    out = tmp_path / "sheet.rec"
    scan = run_cli("scan", str(photo), "--out", str(out))
    verify = run_cli("verify", str(photo))
    assert (scan.code, verify.code) == (1, 1)
    assert (scan.stderr, verify.stderr) == ("", "")
    finding = ("2: PC-TAG-003: an empty Seed: the record is read without a play book "
               '(expected a seed, found "")')
    assert scan.stdout.splitlines() == [f"{photo}: postcard sheet 1: 16 lines read",
                                        f"{out}:{finding}",
                                        f"{out}: postcard: 16 lines checked, 1 finding; "
                                        "score 0-0, game not over",
                                        f"record: {out}"]
    assert verify.stdout.splitlines()[0] == f"{photo}:{finding}"
    assert '[Seed ""]' in out.read_text()       # written, for the person to look at


def _count(monkeypatch, module, name: str) -> list[int]:
    """Calls of `module.name` counted in the list returned."""
    calls = [0]
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


@pytest.fixture
def counters(monkeypatch):
    from printkit import pages
    from printkit.omr import files, read

    return {"decoded": _count(monkeypatch, pages, "image"),
            "codes": _count(monkeypatch, files, "page_codes"),
            "qr": _count(monkeypatch, files, "qr_texts"),
            "bubbles": _count(monkeypatch, read, "read_page")}


def test_the_same_sheet_twice_is_said_and_read_once(tmp_path, counters):
    """Two photos of one sheet: once merged into one record with 13 bogus findings."""
    a = _photo(tmp_path / "a.png", match="M1")
    b = tmp_path / "b.png"
    b.write_bytes(a.read_bytes())
    out = tmp_path / "game.rec"
    r = run_cli("scan", str(a), str(b), "--out", str(out))
    assert r.code == 2
    line = f"{a}, {b}: match M1 (seed doc-0003): sheet 1 is given twice ({a}, {b}): keep one: " \
           "not verified"
    assert r.stderr == f"printkit: error: {line}\n"
    assert r.stdout.splitlines() == [
        f"{a}: postcard sheet 1: 16 lines read",
        f"{b}: the same sheet as {a} (postcard sheet 1): not read again"]
    assert not out.exists()
    assert (counters["decoded"][0], counters["codes"][0], counters["bubbles"][0]) == (2, 2, 1)
    # verify (and audit) put the two files together as one match's run: the same line
    v = run_cli("verify", str(a), str(b))
    assert (v.code, v.stderr) == (2, f"printkit: error: {line}\n")


def test_scan_decodes_a_sheet_once_and_reads_its_code_once(tmp_path, counters):
    """Once: up to three decodes of the image and two readings of its code (the command's
    look at the first page, then the sheet reader's)."""
    photo = _photo(tmp_path / "one.png")
    r = run_cli("scan", str(photo), "--out", str(tmp_path / "one.rec"))
    assert r.code == 0, r.stdout + r.stderr
    assert (counters["decoded"][0], counters["codes"][0], counters["bubbles"][0]) == (1, 1, 1)
    assert counters["qr"][0] == 1            # the sheet's top strip, read from its markers


def test_scan_of_a_play_book_page_decodes_it_once_and_reads_its_code_once(tmp_path,
                                                                           counters):
    book = tmp_path / "book.pdf"
    assert run_cli("playbook", "postcard", "--seed", "once", "--plays", "5", "--out",
                   str(book), "--png").code == 0
    page = next(tmp_path.glob("book*.png"))
    r = run_cli("scan", str(page))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[-1] == "verdict: QR MATCH, printed draws not checked"
    assert (counters["decoded"][0], counters["codes"][0], counters["qr"][0]) == (1, 1, 1)


def test_a_picture_of_two_sheets_says_so(tmp_path):
    """Once one of them was read and the other dropped without a word."""
    one = page_image(_sheet_pdf(), 0, 150)
    gap = np.full((one.shape[0], 100), 255, np.uint8)
    two = tmp_path / "two.png"
    cv2.imwrite(str(two), np.hstack([one, gap, one]))
    note = (f"{two}: 2 bubble sheets in one picture: only sheet 1 is read (photograph each "
            "sheet on its own)")
    r = run_cli("scan", str(two), "--out", str(tmp_path / "two.rec"))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[:2] == [f"{two}: postcard sheet 1: 16 lines read",
                                         f"note: {note}"]
    assert "16 lines checked, clean" in r.stdout
    v = run_cli("verify", str(two))
    assert v.code == 0
    assert v.stdout.splitlines()[0] == note
