"""What every game's decision-sheet tests check the same way: the bubbles' centres row by row,
read off the PDF, at least a 5 mm pitch both ways (the sizes the issue asks for, typed here),
and a typed log shaded on its sheet, photographed badly and verified."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import cv2

from tests.helpers import CliResult, run_cli
from tests.omr.distort import Distortion, distort, page_image

MM = 72 / 25.4
PITCH = 4.99 * MM          # centres at least 5 mm apart (a rounding's worth under)


def rows_of(ovals: list[dict]) -> dict[float, list[float]]:
    """The ovals' centres (x) by the top of their row (pdfplumber's curves)."""
    rows: dict[float, list[float]] = {}
    for c in ovals:
        rows.setdefault(round(c["top"], 2), []).append((c["x0"] + c["x1"]) / 2)
    return rows


def assert_pitch(rows: dict[float, list[float]]) -> None:
    """Every two neighbours in a row, and every two rows, at least 5 mm apart."""
    gaps = [b - a for xs in rows.values() for a, b in zip(sorted(xs), sorted(xs)[1:],
                                                          strict=False)]
    assert min(gaps) >= PITCH
    tops = sorted(rows)
    assert min(b - a for a, b in zip(tops, tops[1:], strict=False)) >= PITCH


def photographed(tmp_path: Path, pdf: Path, distortion: Distortion, page: int = 0) -> Path:
    """A page of `pdf` at 150 dpi, photographed with `distortion`, as a JPEG."""
    photo = tmp_path / f"photo{page + 1}.jpg"
    cv2.imwrite(str(photo), distort(page_image(pdf.read_bytes(), page, 150), distortion))
    return photo


def verify_photo(tmp_path: Path, pdf: Path, distortion: Distortion) -> CliResult:
    """`printkit verify` of the first page of `pdf`, photographed (its findings: exit 1)."""
    r = run_cli("verify", str(photographed(tmp_path, pdf, distortion)))
    assert r.code == 1, r.stdout + r.stderr
    return r


def shaded_and_scanned(tmp_path: Path, render: Callable[..., Path], text: str,
                       *args: str) -> tuple[Path, CliResult, str]:
    """A record (or typed log) shaded on its sheets (`render(tmp_path, "--from", ...)`, the
    test's own) and scanned back clean: the PDF, the scan's result and the log it wrote."""
    record = tmp_path / "game.rec"
    record.write_text(text)
    pdf = render(tmp_path, "--from", str(record), *args)
    out = tmp_path / "scanned.dec"
    r = run_cli("scan", str(pdf), "--out", str(out))
    assert r.code == 0, r.stdout + r.stderr
    return pdf, r, out.read_text()
