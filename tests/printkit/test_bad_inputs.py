"""Inputs that must never hang, exhaust memory or print a traceback: each is one line on
stderr and exit 2 (issue: every bad input gets one line and exit 2)."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from tests.helpers import run_cli


def _one_line(r, *parts: str) -> None:
    assert r.code == 2, (r.code, r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    for part in parts:
        assert part in r.stderr, r.stderr


@pytest.mark.parametrize("command", ["verify", "scan"])
def test_fifo_and_device_are_refused_not_waited_on(tmp_path, command):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    _one_line(run_cli(command, str(fifo)), "not a regular file")
    _one_line(run_cli(command, "/dev/zero"), "not a regular file")


def test_a_directory_given_to_scan(tmp_path):
    _one_line(run_cli("scan", str(tmp_path)), "is a directory")


def test_an_overlong_record_line_is_refused_with_its_line(tmp_path):
    rec = tmp_path / "long.rec"
    rec.write_text('[Game "postcard"]\n' + "rush " * 2000 + "\n", encoding="utf-8")
    _one_line(run_cli("verify", str(rec)), f"{rec}:2: line longer than 4000 characters")


def test_a_blank_heavy_record_is_quick(tmp_path):
    """40,000 blank lines once took 20 s through a `^\\s*` MULTILINE search."""
    import time

    rec = tmp_path / "blank.rec"
    rec.write_text("\n" * 40_000 + "hello\n", encoding="utf-8")
    start = time.perf_counter()
    r = run_cli("verify", str(rec))
    assert time.perf_counter() - start < 2.0
    _one_line(r, "cannot tell the game")


def test_control_characters_in_a_record_are_shown_escaped(tmp_path):
    rec = tmp_path / "evil.rec"
    rec.write_text('[Game "postcard"]\nrush \x1b[2J 5v3 = +5\n', encoding="utf-8")
    r = run_cli("verify", str(rec))
    assert "\x1b" not in r.stdout + r.stderr


def _png_with_header(path: Path, width: int, height: int) -> Path:
    Image.new("L", (8, 8), 255).save(path)
    data = bytearray(path.read_bytes())
    data[16:24] = struct.pack(">II", width, height)
    data[29:33] = struct.pack(">I", zlib.crc32(bytes(data[12:29])))
    path.write_bytes(bytes(data))
    return path


def test_a_forged_huge_image_header(tmp_path):
    _one_line(run_cli("scan", str(_png_with_header(tmp_path / "huge.png", 30000, 30000))),
              "image too large")


def test_stray_bytes_between_png_chunks(tmp_path):
    good = tmp_path / "ok.png"
    Image.new("L", (8, 8), 255).save(good)
    data = good.read_bytes()
    bad = tmp_path / "stray.png"
    bad.write_bytes(data[:33] + b"\x00\x00" + data[33:])
    _one_line(run_cli("scan", str(bad)), "stray.png")


def test_a_truncated_jpeg(tmp_path):
    good = tmp_path / "ok.jpg"
    Image.new("RGB", (200, 200), (255, 255, 255)).save(good, quality=90)
    bad = tmp_path / "cut.jpg"
    bad.write_bytes(good.read_bytes()[:300])
    r = run_cli("scan", str(bad))
    _one_line(r, "cut.jpg")


def test_a_damaged_pdf(tmp_path):
    bad = tmp_path / "dmg.pdf"
    bad.write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF")
    _one_line(run_cli("scan", str(bad)), "dmg.pdf: cannot read PDF")


def test_a_200_inch_page_is_refused_not_rasterised(tmp_path):
    big = tmp_path / "big.pdf"
    c = Canvas(str(big), pagesize=(200 * 72, 200 * 72))
    c.drawString(10, 10, "x")
    c.showPage()
    c.save()
    _one_line(run_cli("scan", str(big)), "page 1 is 200.0 x 200.0 in")


def test_an_oversized_class_key_says_its_limit_in_words(tmp_path):
    """A 5,000-byte class key: "larger than 4 KB", never "larger than 0 MB"."""
    (tmp_path / "recs").mkdir()
    (tmp_path / "recs" / "a.rec").write_text("x\n")
    (tmp_path / "class.key").write_bytes(b"k" * 5000)
    r = run_cli("audit", str(tmp_path / "recs"), "--class-key", str(tmp_path / "class.key"))
    _one_line(r, "class key larger than 4 KB")


def test_a_right_to_left_override_in_a_seed_is_shown_escaped(tmp_path):
    """`scan` echoes the book's seed: a U+202E in it would show the words after it reversed
    (and could make a MISMATCH read as a MATCH); it is printed as an escape."""
    book = tmp_path / "book.pdf"
    assert run_cli("playbook", "postcard", "--seed", "club\u202eHCTAM", "--plays", "20",
                   "--out", str(book)).code == 0
    r = run_cli("scan", str(book))
    assert r.code == 0, r.stderr
    assert "\u202e" not in r.stdout and "seed: club\\u202eHCTAM" in r.stdout
