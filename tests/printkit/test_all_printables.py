"""Every registered printable, on both papers: structure, size, fonts, metadata, determinism."""

from __future__ import annotations

import io

import pikepdf
import pytest

from printkit import sheets
from printkit.papers import PAPERS
from tests.helpers import check_pdf, render_sheet

JOBS = [(g, s, p) for g, s in sheets.available() for p in PAPERS]


def _render(game: str, sheet: str, paper: str) -> bytes:
    return render_sheet(game, sheet, paper=paper)


@pytest.mark.parametrize("game,sheet,paper", JOBS)
def test_printable(game, sheet, paper):
    pdf = _render(game, sheet, paper)
    assert pdf == _render(game, sheet, paper), "not byte-identical"
    doc = check_pdf(pdf)
    w, h = PAPERS[paper]
    for page in doc.pages:
        box = [float(v) for v in page.MediaBox]
        size = sorted((round(box[2] - box[0], 1), round(box[3] - box[1], 1)))
        assert size == sorted((round(w, 1), round(h, 1)))
    assert str(doc.Root.ViewerPreferences.PrintScaling) == "/None"
    for key in ("/Title", "/Subject", "/Creator"):
        assert str(doc.docinfo[key]).strip()
    assert str(doc.docinfo["/CreationDate"]).startswith("D:2000")   # invariant mode


def test_jobs_cover_both_papers():
    assert {p for _, _, p in JOBS} == {"letter", "a4"}
    assert ("postcard", "board", "letter") in JOBS


def test_check_pdf_rejects_a_broken_file():
    pdf = _render("postcard", "board", "letter")
    broken = pdf[: len(pdf) // 3]
    with pytest.raises(Exception):  # noqa: B017 - qpdf raises various errors
        check_pdf(broken)
    pikepdf.open(io.BytesIO(pdf))
