"""The classroom stamp (class, match, teams, seed, code on every page of a class pack), read
back from each game's pack on both papers: 8 pt, 0.25 in inside every edge, and touching no
ink of the sheet it is printed on (the page rasterised with the stamp taken out is blank
where the stamp stood). The strip along the bottom edge kept for it is empty on every sheet
a pack stamps there."""

from __future__ import annotations

import ctypes

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from reportlab.lib.colors import black

from printkit import sheets
from printkit.classroom import StampStyle, make_plan, recipe, render_pack
from printkit.layout import load_layout
from printkit.pdfdoc import Document
from printkit_engine import registry
from printkit_engine.classkey import ClassKey
from printkit_engine.tournament import round_robin
from tests.helpers import render_sheet

SAFE = 18.0                 # 0.25 in
DPI = 100
LONG = ("The Northfield Academy Flying Foxes Club", "Riverside Community Comets Football XI")


def _text(obj: pdfium.PdfObject, textpage: pdfium.PdfTextPage) -> str:
    n = raw.FPDFTextObj_GetText(obj.raw, textpage.raw, None, 0)     # bytes, with the NUL
    buf = (ctypes.c_ushort * (n // 2 + 1))()
    raw.FPDFTextObj_GetText(obj.raw, textpage.raw, buf, n)
    return bytes(buf)[:max(0, n - 2)].decode("utf-16-le", "replace")


def stamps_of(pdf: bytes) -> list[dict]:
    """Each page's stamp: its text, size, box (points from the lower left), the page's size,
    and how many dark pixels the page has in the stamp's box (grown by 1.5 pt) once the
    stamp is taken out; None for a page without one."""
    out: list[dict] = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for k in range(len(doc)):
            page = doc[k]
            w, h = page.get_width(), page.get_height()
            textpage = page.get_textpage()
            found = [o for o in page.get_objects(max_depth=1)
                     if o.type == raw.FPDF_PAGEOBJ_TEXT
                     and _text(o, textpage).startswith("class ")]
            if not found:
                out.append({"page": k + 1, "text": textpage.get_text_range()})
                continue
            assert len(found) == 1, f"page {k + 1}: {len(found)} stamps"
            stamp = found[0]
            size = ctypes.c_float()
            raw.FPDFTextObj_GetFontSize(stamp.raw, size)
            matrix = stamp.get_matrix().get()
            text = _text(stamp, textpage)
            left, bottom, right, top = stamp.get_bounds()
            page.remove_obj(stamp)
            page.gen_content()
            grey = page.render(scale=DPI / 72, grayscale=True).to_numpy()
            grey = grey if grey.ndim == 2 else grey[..., 0]
            s, pad = DPI / 72, 1.5
            region = grey[max(0, int((h - top - pad) * s)):int((h - bottom + pad) * s) + 1,
                          max(0, int((left - pad) * s)):int((right + pad) * s) + 1]
            out.append({"page": k + 1, "text": text, "size": size.value * matrix[3],
                        "box": (left, bottom, right, top), "paper": (w, h),
                        "ink": int((region < 245).sum())})
    finally:
        doc.close()
    return out


@pytest.fixture(scope="module", params=[(g, p) for g in registry.GAMES for p in ("letter", "a4")],
                ids=lambda gp: f"{gp[0]}-{gp[1]}")
def pack(request):
    game, paper = request.param
    plan = make_plan(game, round_robin(LONG), ClassKey(bytes(32)), paper)
    combined, _, pages = render_pack(plan, sheets.RenderOptions(paper=paper), singles_too=False)
    return game, paper, stamps_of(combined), pages


def test_every_page_but_a_blank_back_is_stamped(pack):
    game, _, stamps, pages = pack
    assert len(stamps) == pages > 4
    for s in stamps:
        if "size" not in s:
            assert "blank on purpose" in s["text"], (game, s["page"])


def test_the_stamp_is_8_pt_and_a_quarter_inch_inside_every_edge(pack):
    _, _, stamps, _ = pack
    stamped = [s for s in stamps if "size" in s]
    assert stamped
    for s in stamped:
        left, bottom, right, top = s["box"]
        w, h = s["paper"]
        assert s["size"] == pytest.approx(8.0, abs=0.01), s["page"]
        assert min(left, bottom, w - right, h - top) >= SAFE, (s["page"], s["box"])


def test_the_stamp_touches_no_ink_of_its_sheet(pack):
    _, _, stamps, _ = pack
    touching = [(s["page"], s["ink"]) for s in stamps if s.get("ink")]
    assert touching == []


def test_long_team_names_are_cut_to_fit(pack):
    """Two 38- and 40-character names: the stamp keeps the class, match, seed and code whole
    and cuts the names with an ellipsis where the room is short (a bubble log's header)."""
    _, _, stamps, _ = pack
    for s in (s for s in stamps if "size" in s):
        assert s["text"].startswith("class ") and " · code M1-" in s["text"]
        assert " · seed " in s["text"] and "(round 1): " in s["text"]
    texts = {s["text"] for s in stamps if "size" in s}
    assert any(LONG[0] in t for t in texts)            # whole where a page is wide enough
    assert any("\u2026" in t for t in texts)            # cut in a bubble log's header


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", list(registry.GAMES))
def test_the_bottom_strip_is_empty_on_every_sheet_stamped_there(game, paper):
    """Every sheet a pack stamps at its foot leaves the bottom 11 mm (the house style's
    page.stamp_strip) without ink, rendered alone as well as in a pack."""
    for p in recipe(game):
        if StampStyle.of(load_layout(p.layout)).top:
            continue
        doc = pdfium.PdfDocument(render_sheet(game, p.sheet, paper=paper))
        try:
            for k in range(len(doc)):
                grey = doc[k].render(scale=DPI / 72, grayscale=True).to_numpy()
                grey = grey if grey.ndim == 2 else grey[..., 0]
                band = grey[-int(11 / 25.4 * DPI):]
                assert not (band < 245).any(), (game, p.sheet, k + 1)
        finally:
            doc.close()


def test_the_checks_see_a_stamp_on_ink():
    """The check above can fail: a stamp set over a rule and 7 pt is found out."""
    from printkit.classroom import _Stamped

    doc = Document((612.0, 792.0), title="t", subject="t")
    stamped = _Stamped(doc, "class X · M1 (round 1): {home} v {away} · seed s · code M1-AAAA",
                       {"home": "A", "away": "B"})
    doc.canvas.setStrokeColor(black)
    doc.canvas.line(300, 10, 600, 30)             # across the strip
    stamped.show_page()
    [s] = stamps_of(doc.finish())
    assert s["ink"] > 0 and s["size"] == pytest.approx(8.0)


def test_a_stamp_too_long_for_its_room_is_cut_never_shrunk():
    from printkit.classroom import _Stamped

    doc = Document((300.0, 200.0), title="t", subject="t")
    stamped = _Stamped(doc, "class X · M1 (round 1): {home} v {away} · seed s · code M1-AAAA",
                       {"home": LONG[0], "away": LONG[1]})
    stamped.show_page()
    [s] = stamps_of(doc.finish())
    assert s["size"] == pytest.approx(8.0) and "\u2026" in s["text"]
    assert s["box"][0] >= SAFE and 300 - s["box"][2] >= SAFE
    assert s["text"].endswith("code M1-AAAA")


def test_the_house_style_keeps_the_strip_and_the_stamp_in_it():
    """Typed by hand: the strip is 11 mm, the stamp 8 pt with its baseline 7.1 mm up (0.25 in
    plus its descent); a bubble log's stamp is in its header."""
    base = load_layout("base")
    assert base.length("page.stamp_strip") == pytest.approx(11 * 72 / 25.4)
    style = StampStyle.of()
    assert (style.size, style.top) == (8.0, False)
    assert style.baseline == pytest.approx(7.1 * 72 / 25.4)
    assert StampStyle.of(load_layout("postcard-bubblelog")).top
    assert not StampStyle.of(load_layout("postcard-drivelog")).top
