"""`printkit scan`: PDF, PNG and photo-like JPEG input; tampered codes; exit codes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import qrcode
from PIL import Image, ImageFilter

from printkit.books import render_book
from printkit.preview import rasterise
from printkit_engine.playbook import Book, build, make_spec
from tests.helpers import run_cli


@pytest.fixture(scope="module")
def book_pdf(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("scan") / "book.pdf"
    path.write_bytes(render_book(build(make_spec("cardbowl", "scan me", plays=3)), "letter"))
    return path


def _qr_png(path: Path, text: str) -> Path:
    qrcode.make(text, error_correction=qrcode.constants.ERROR_CORRECT_M).save(path)
    return path


def test_scan_pdf_matches(book_pdf):
    r = run_cli("scan", str(book_pdf))
    assert r.code == 0
    assert r.stdout.splitlines() == [
        "game: cardbowl", "seed: scan me", "count: plays 3, 162 draws",
        f"check: {build(make_spec('cardbowl', 'scan me', plays=3)).checksum}",
        "QR payload re-derived: MATCH",
        "printed draws: checked: all 162 read back from the pages as re-derived",
        "verdict: MATCH: the QR and the printed draws are what the seed makes"]


def test_scan_png_page(book_pdf, tmp_path):
    png = tmp_path / "page.png"
    list(rasterise(book_pdf.read_bytes(), 150))[-1].save(png)
    r = run_cli("scan", str(png))
    assert r.code == 0 and "QR payload re-derived: MATCH" in r.stdout.splitlines()
    assert r.stdout.splitlines()[-1] == "verdict: QR MATCH, printed draws not checked"


def test_scan_photo_like_jpeg(book_pdf, tmp_path):
    """A skewed, soft, lossy 'phone photo' of the page still reads."""
    page = next(rasterise(book_pdf.read_bytes(), 200)).convert("RGB")
    photo = page.rotate(7, resample=Image.BICUBIC, expand=True, fillcolor=(120, 110, 100))
    photo = photo.filter(ImageFilter.GaussianBlur(1.2)).point(lambda v: int(v * 0.85 + 20))
    jpg = tmp_path / "photo.jpg"
    photo.save(jpg, quality=55)
    r = run_cli("scan", str(jpg))
    assert r.code == 0 and "seed: scan me" in r.stdout
    assert "printed draws: not checked" in r.stdout and "verdict: MATCH" not in r.stdout


def test_a_photo_whose_digits_were_altered_is_not_a_full_match(book_pdf, tmp_path):
    """Paint over one printed card of the page: the QR still reads, so the verdict may only
    vouch for the QR, never for the printed draws."""
    from PIL import ImageDraw

    page = next(rasterise(book_pdf.read_bytes(), 200)).convert("RGB")
    ImageDraw.Draw(page).rectangle((400, 700, 700, 760), fill=(255, 255, 255))
    jpg = tmp_path / "altered.jpg"
    page.save(jpg, quality=80)
    r = run_cli("scan", str(jpg))
    lines = r.stdout.splitlines()
    assert r.code == 0 and lines[-1] == "verdict: QR MATCH, printed draws not checked"
    assert not any(line.startswith("verdict: MATCH") for line in lines)


def test_control_characters_in_a_qr_seed_cannot_forge_a_line(tmp_path):
    seed = "x\nverdict: MATCH\x1b[8m"
    payload = build(make_spec("postcard", seed, plays=1)).payload()
    r = run_cli("scan", str(_qr_png(tmp_path / "evil.png", payload)))
    assert r.code == 0
    assert "\x1b" not in r.stdout and "seed: x\\nverdict: MATCH\\x1b[8m" in r.stdout
    assert sum(line.startswith("verdict:") for line in r.stdout.splitlines()) == 1


def test_a_payload_with_an_unknown_field_is_refused(tmp_path):
    payload = build(make_spec("postcard", "x", plays=1)).payload() + ";extra=1"
    r = run_cli("scan", str(_qr_png(tmp_path / "extra.png", payload)))
    assert r.code == 2 and "unknown field 'extra'" in r.stderr


@pytest.mark.parametrize("old, new, why", [
    ("check=", "check=f", "checksum"),
    ("seed=scan%20me", "seed=scan%20mE", "checksum"),
    ("draws=162", "draws=163", "draw count"),
])
def test_tampered_payload_is_not_trusted(tmp_path, old, new, why):
    payload = build(make_spec("cardbowl", "scan me", plays=3)).payload()
    assert old in payload
    bad = payload.replace(old, new)
    if old == "check=":
        bad = bad[:-1]
    r = run_cli("scan", str(_qr_png(tmp_path / "tampered.png", bad)))
    assert r.code == 1
    lines = r.stdout.splitlines()
    assert lines[-2].startswith("QR payload re-derived: MISMATCH") and why in lines[-2]
    assert lines[-1].startswith("verdict: MISMATCH") and "do not trust" in lines[-1]


def test_no_qr_is_exit_2_naming_the_file(tmp_path):
    blank = tmp_path / "blank.png"
    Image.new("L", (400, 300), 255).save(blank)
    r = run_cli("scan", str(blank))
    assert r.code == 2 and r.stderr == f"printkit: error: {blank}: no QR code found\n"


@pytest.mark.parametrize("content, message", [
    ("https://example.org", "not a printkit play book"),
    ("printkit-draws/1;game=chess;seed=x;plays=1;draws=1;check=0", "unknown game"),
])
def test_foreign_or_broken_codes_are_exit_2(tmp_path, content, message):
    r = run_cli("scan", str(_qr_png(tmp_path / "other.png", content)))
    assert r.code == 2 and message in r.stderr and r.stderr.count("\n") == 1


def test_unreadable_files_are_exit_2(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    r = run_cli("scan", str(text))
    assert r.code == 2 and "not a PDF, PNG or JPEG" in r.stderr
    r = run_cli("scan", str(tmp_path / "missing.pdf"))
    assert r.code == 2 and "missing.pdf: cannot read" in r.stderr
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4 garbage")
    r = run_cli("scan", str(broken))
    assert r.code == 2 and "broken.pdf: cannot read PDF" in r.stderr


class Forged(Book):
    """A book whose pages were edited but which still prints the genuine QR."""

    genuine = ""

    def payload(self) -> str:
        return self.genuine


@pytest.mark.parametrize("game, kwargs, label, index, where", [
    ("postcard", {"plays": 5}, "home", 16, "H17"),
    ("luckdraw", {"drives": 2, "players": 4}, "drive/2", 0, "drive/2 P1"),  # P1 reads first
])
def test_pdf_edited_with_its_qr_intact_is_caught(tmp_path, game, kwargs, label, index, where):
    real = build(make_spec(game, "forge", **kwargs))
    forged = Forged(real.spec, {k: list(v) for k, v in real.streams.items()})
    forged.genuine = real.payload()
    draws = forged.streams[label]
    if game == "postcard":
        draws[index] = draws[index] % 6 + 1
    else:
        draws[index], draws[-1] = draws[-1], draws[index]
    path = tmp_path / "forged.pdf"
    path.write_bytes(render_book(forged, "a4"))
    r = run_cli("scan", str(path))
    assert r.code == 1
    said = r.stdout.splitlines()[-2]
    assert said.startswith("printed draws: MISMATCH: the pages print") and f" at {where} " in said
    assert r.stdout.splitlines()[-1].startswith("verdict: MISMATCH")


def test_a_play_book_page_is_not_searched_patiently_for_bubble_sheet_markers(book_pdf,
                                                                            monkeypatch):
    """A play book's page has no corner markers; its code says it is no bubble sheet, so the
    patient marker passes (some seconds a page) are not run for it. A bubble sheet's page still
    gets them when its quick pass misses a marker (tests/omr)."""
    from printkit.omr import files, read

    patient: list[bool] = []
    real = read._candidates

    def counted(image: np.ndarray, factor: float, slow: bool) -> list:
        patient.append(slow)
        return real(image, factor, slow)

    monkeypatch.setattr(read, "_candidates", counted)
    page = next(rasterise(book_pdf.read_bytes(), 150))
    codes = files.page_codes(np.asarray(page.convert("L")))
    assert (codes.sheet, dict(codes.markers)) == (None, {})
    assert codes.codes == ["printkit-draws/1;game=cardbowl;seed=scan%20me;plays=3;draws=162;"
                           "check=d997c8eaa9204c83"]
    assert patient == [False]
