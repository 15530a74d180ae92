"""The PostCard board's art kept between renders (printkit.pdfsnapshot, issue #28): a board
resumed from the kept art has the bytes of one drawn in full, and its own team names."""

from __future__ import annotations

import subprocess
import sys

import pytest
from reportlab.lib.colors import black

import printkit.sheets.postcard.board as board
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from tests.helpers import check_pdf, pdf_texts, render_sheet

FRESH_PROCESS = """
import sys
from printkit import sheets
from printkit.layout import load_layout
p = sheets.get("postcard", "board")
sys.stdout.buffer.write(sheets.render(p, sheets.RenderOptions(paper=sys.argv[1]),
                                      load_layout(p.layout)))
"""


@pytest.fixture
def nothing_kept(monkeypatch):
    monkeypatch.setattr(board, "_ART", {})


def _no_art(b):
    raise AssertionError("the board's art was drawn again, not resumed")


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_kept_art_gives_the_bytes_of_drawing_it(nothing_kept, monkeypatch, paper):
    from printkit import sheets
    from printkit.layout import load_layout

    p = sheets.get("postcard", "board")
    layout = load_layout(p.layout)
    drawn = sheets.render(p, RenderOptions(paper=paper), layout)
    assert len(board._ART) == 1
    monkeypatch.setattr(board, "_art", _no_art)        # from here on only the kept art
    resumed = sheets.render(p, RenderOptions(paper=paper), layout)
    again = sheets.render(p, RenderOptions(paper=paper), layout)
    assert resumed == drawn
    assert again == drawn


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_fresh_process_draws_the_bytes_a_warm_one_resumes(paper):
    from printkit import sheets
    from printkit.layout import load_layout

    p = sheets.get("postcard", "board")
    layout = load_layout(p.layout)
    sheets.render(p, RenderOptions(paper=paper), layout)
    warm = sheets.render(p, RenderOptions(paper=paper), layout)
    cold = subprocess.run([sys.executable, "-c", FRESH_PROCESS, paper], capture_output=True,
                          check=True).stdout
    assert cold[:8] == b"%PDF-1.4"
    assert cold == warm


def test_each_resumed_board_has_its_own_names(nothing_kept, monkeypatch):
    from printkit import sheets
    from printkit.layout import load_layout

    p = sheets.get("postcard", "board")
    layout = load_layout(p.layout)
    sheets.render(p, RenderOptions(paper="letter", home="Owls", away="Hawks"), layout)
    monkeypatch.setattr(board, "_art", _no_art)
    pdf = sheets.render(p, RenderOptions(paper="letter", home="Lions", away="Bears"), layout)
    check_pdf(pdf)                                      # fonts embedded, structure sound
    text = pdf_texts(pdf)[0]
    for words in ("PostCard Football Lions v Bears", "HOME: Lions", "AWAY: Bears",
                  "LIONS", "BEARS", "TIME TRACKER (top down)", "ONSIDE", "PLAY TRACKER"):
        assert words in text, words
    assert "Owls" not in text and "Hawks" not in text and "OWLS" not in text


def test_names_are_in_the_page_the_glyphs_of_the_art_too():
    """A name with letters the art never uses (its subset grows past the kept one)."""
    pdf = render_sheet("postcard", "board", RenderOptions(paper="a4", home="Zürich Qäx",
                                                         away="Jøkull"))
    check_pdf(pdf)
    text = pdf_texts(pdf)[0]
    assert "HOME: Zürich Qäx" in text and "AWAY: Jøkull" in text and "JØKULL" in text


def test_only_a_fresh_document_resumes():
    doc = Document((200, 200), title="t", subject="s")
    assert doc.fresh()
    doc.canvas.setFillColor(black)
    doc.canvas.rect(10, 10, 20, 20, stroke=0, fill=1)
    assert not doc.fresh()
    other = Document((200, 200), title="t", subject="s")
    snap = doc.snapshot()
    other.resume(snap)
    assert not other.fresh()
    with pytest.raises(ValueError, match="drawing of its own"):
        doc.resume(snap)
    shown = Document((200, 200), title="t", subject="s")
    shown.show_page()
    assert not shown.fresh()


def test_a_form_being_drawn_is_not_fresh():
    doc = Document((200, 200), title="t", subject="s")
    doc.canvas.beginForm("captured")
    assert not doc.fresh()
    doc.canvas.endForm()
