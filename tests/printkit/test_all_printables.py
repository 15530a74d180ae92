"""Every registered printable, on both papers: structure, size, fonts, metadata, determinism."""

from __future__ import annotations

import ctypes
import io
import math
import re

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from printkit import sheets
from printkit.papers import PAPERS
from printkit_engine import registry
from tests.helpers import check_pdf, render_sheet

JOBS = [(g, s, p) for g, s in sheets.available() for p in PAPERS]


def _render(game: str, sheet: str, paper: str) -> bytes:
    return render_sheet(game, sheet, paper=paper)


DPI = 50
EDGE_PX = 12        # 0.24 in at 50 dpi: the 0.25 in band less half a pixel of anti-aliasing


# a rules document's decision id (docs/rules/GAME.md: B8, C13, G12, L15, ...) as a sheet would
# cite it: "(C13)", "(B5, B8)", "rules B6", "decision B8"
RULE_ID = re.compile(r"\((?:[A-Z]\d{1,2}(?:[-,] ?)?)+\)|\b(?:rules?|decisions?) [A-Z]\d{1,2}\b")


def _text(pdf: bytes) -> str:
    doc = pdfium.PdfDocument(pdf)
    try:
        return "\n".join(doc[k].get_textpage().get_text_range() for k in range(len(doc)))
    finally:
        doc.close()


def _inked_edge(pdf: bytes) -> list[tuple[int, str]]:
    """(page, side) of every page with ink (darker than paper) in the 0.25 in band along
    its edge, the band home printers do not print: rasterised, so marks, rules and words
    count alike."""
    found = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for k in range(len(doc)):
            grey = doc[k].render(scale=DPI / 72, grayscale=True).to_numpy()
            grey = grey if grey.ndim == 2 else grey[..., 0]
            ink = grey < 245
            for side, band in (("top", ink[:EDGE_PX]), ("bottom", ink[-EDGE_PX:]),
                               ("left", ink[:, :EDGE_PX]), ("right", ink[:, -EDGE_PX:])):
                if band.any():
                    found.append((k + 1, side))
    finally:
        doc.close()
    return found


READABLE = 8.0     # pt: the least size of text a person reads (the house style)
# Printables still carrying smaller words: the dense bubble logs keep a code in each bubble
# (issue 31's sheet of large bubbles, every word 8 pt, is to replace them as the default).
SMALL_TEXT_PENDING = {(g, "bubblelog") for g in registry.GAMES}


def _small_text(pdf: bytes) -> list[tuple[int, float, str]]:
    """(page, size, text) of every text object drawn under READABLE points, its size as the
    page shows it (the font size times the object's scale, so a scaled or rotated form
    counts at its printed size)."""
    found = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for k in range(len(doc)):
            page = doc[k]
            textpage = page.get_textpage()
            for obj in page.get_objects(max_depth=4):
                if obj.type != pdfium_c.FPDF_PAGEOBJ_TEXT:
                    continue
                size = ctypes.c_float()
                pdfium_c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
                m = obj.get_matrix()
                shown = size.value * math.sqrt(abs(m.a * m.d - m.b * m.c))
                if shown < READABLE - 0.01:
                    n = pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)
                    buf = (ctypes.c_ushort * max(n, 1))()
                    pdfium_c.FPDFTextObj_GetText(obj.raw, textpage.raw, buf, n)
                    text = bytes(buf).decode("utf-16-le").rstrip("\x00")
                    if text.strip():
                        found.append((k + 1, round(shown, 2), text))
    finally:
        doc.close()
    return found


@pytest.mark.parametrize("game,sheet,paper", [j for j in JOBS if j[:2] not in SMALL_TEXT_PENDING])
def test_every_word_is_8_pt_or_more(game, sheet, paper):
    assert _small_text(_render(game, sheet, paper)) == []


def test_the_size_check_sees_small_words():
    """The check above can fail: 7.5 pt text, and 10 pt text in a form scaled by 0.7."""
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    c = Canvas(out, pagesize=PAPERS["a4"])
    c.setFont("Helvetica", 7.5)
    c.drawString(100, 700, "small")
    c.setFont("Helvetica", 8)
    c.drawString(100, 650, "fine")
    c.saveState()
    c.scale(0.7, 0.7)
    c.setFont("Helvetica", 10)
    c.drawString(100, 600, "scaled")
    c.restoreState()
    c.showPage()
    c.save()
    assert _small_text(out.getvalue()) == [(1, 7.5, "small"), (1, 7.0, "scaled")]


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
    assert _inked_edge(pdf) == [], "ink within 0.25 in of the page edge (page, side)"
    assert RULE_ID.findall(_text(pdf)) == [], "a rule's id printed: print what the rule says"


def test_the_rule_id_pattern():
    """What a player cannot read (issue 30), and what is no rule id (a card code, a level)."""
    assert RULE_ID.findall("bounce card before each redraw (C13) A 2") == ["(C13)"]
    assert RULE_ID.findall("its deck (rules B6). A record") == ["rules B6"]
    assert RULE_ID.findall("range (B5, B8) and") == ["(B5, B8)"]
    assert RULE_ID.findall("caught L1 L2 (pressured L4: catch) K35 DP-OFS P15") == []


@pytest.mark.parametrize("game", sorted(registry.GAMES))
def test_play_book_headers_print_no_rule_id(game):
    """Every page of a play book prints the game's how-to text."""
    assert RULE_ID.findall(registry.GAMES[game].book.howto) == []


def test_the_edge_check_sees_a_mark_in_the_band():
    """The check above can fail: a hair line 0.1 in from the left edge is found."""
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    c = Canvas(out, pagesize=PAPERS["a4"])
    c.setLineWidth(0.3)
    c.line(7.2, 300, 7.2, 320)
    c.showPage()
    c.save()
    assert _inked_edge(out.getvalue()) == [(1, "left")]


def test_jobs_cover_both_papers():
    assert {p for _, _, p in JOBS} == {"letter", "a4"}
    assert ("postcard", "board", "letter") in JOBS


def test_check_pdf_rejects_a_broken_file():
    pdf = _render("postcard", "board", "letter")
    broken = pdf[: len(pdf) // 3]
    with pytest.raises(Exception):  # noqa: B017 - qpdf raises various errors
        check_pdf(broken)
    pikepdf.open(io.BytesIO(pdf))
