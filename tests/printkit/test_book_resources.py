"""A play book's pages name their forms through one XObject dictionary
(StreamingPDFDocument.share_xobjects): every form a page draws resolves through it, and a
page costs no list of 20 names of its own. Other documents keep per-page dictionaries."""

from __future__ import annotations

import io
import zlib

import pikepdf
import pytest

from printkit.books import render_book
from printkit.layout import load_layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit_engine.playbook import build, make_spec

BOOKS = [("luckdraw", {"drives": 9, "players": 5}), ("postcard", {"plays": 120}),
         ("cardbowl", {"plays": 100})]


@pytest.mark.parametrize("game, kwargs", BOOKS)
def test_every_page_draws_its_forms_through_the_one_dictionary(game, kwargs):
    pdf = render_book(build(make_spec(game, "shared-res", **kwargs)), "letter")
    doc = pikepdf.open(io.BytesIO(pdf))
    assert len(doc.pages) >= 2
    dictionaries = set()
    for number, page in enumerate(doc.pages, start=1):
        xobjects = page.obj.Resources.get("/XObject")
        assert xobjects.is_indirect, f"page {number}: a dictionary of its own"
        dictionaries.add(xobjects.objgen)
        drawn = {str(operands[0]) for operands, op in pikepdf.parse_content_stream(page)
                 if str(op) == "Do"}
        assert drawn, f"page {number} draws no form"
        assert drawn <= set(xobjects.keys()), (number, drawn - set(xobjects.keys()))
        for name in drawn:
            assert xobjects[name].get("/Subtype") == "/Form"
    assert len(dictionaries) == 1


def test_other_documents_keep_a_dictionary_per_page():
    from printkit import sheets

    doc = Document(page_size("letter"), title="two sheets", subject="per page")
    for sheet in ("clock", "drivelog"):
        p = sheets.get("cardbowl", sheet)
        p.draw(doc, sheets.RenderOptions(paper="letter"), load_layout(p.layout))
    pages = pikepdf.open(io.BytesIO(doc.finish())).pages
    assert len(pages) == 2
    assert not any(page.obj.Resources.XObject.is_indirect for page in pages)


def test_book_page_streams_are_compressed_at_level_3_other_streams_as_reportlab():
    pdf = render_book(build(make_spec("luckdraw", "flate", drives=4, players=4)), "letter")
    doc = pikepdf.open(io.BytesIO(pdf))
    for page in doc.pages:
        stream = page.obj.Contents
        assert stream.read_raw_bytes() == zlib.compress(stream.read_bytes(), 3)
    forms = [o for o in doc.objects if isinstance(o, pikepdf.Stream)
             and o.get("/Subtype") == "/Form"]
    assert forms
    for form in forms:
        assert form.read_raw_bytes() == zlib.compress(form.read_bytes(), 6)
