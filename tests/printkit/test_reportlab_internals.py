"""The reportlab internals printkit relies on, each checked by name (issue 28).

printkit/pdfstream.py re-implements reportlab's final write pass (writing pages as they are
finished) and printkit/draw/texts.py batches text by writing into a text object's code list
and a TTF's subset state. Neither is reportlab's public API, so pyproject pins reportlab to the
minor series tested; before raising the pin, this file says exactly which attribute a new
reportlab moved or reshaped, and which module needs it. Each check looks at reportlab alone
(a fresh document, canvas, text object or font), never at printkit's output.
"""

from __future__ import annotations

import inspect
import io
from collections.abc import Callable

import pytest
import reportlab
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen import textobject
from reportlab.pdfgen.canvas import Canvas

STREAM = "printkit/pdfstream.py"
TEXTS = "printkit/draw/texts.py"
TABLE = "printkit/draw/table.py"
FONTS = "printkit/pdfdoc.py"
SNAPSHOT = "printkit/pdfsnapshot.py"
FONT = "DejaVuSans"           # an embedded (subset) TTF, as every printable uses


def _fail(module: str, name: str, why: str) -> None:
    pytest.fail(f"reportlab {reportlab.Version}: {name} {why}; {module} relies on it "
                "(pyproject pins reportlab to the tested minor series: fix the module, or "
                "keep the pin)", pytrace=False)


def _need(module: str, owner: object, owner_name: str, attr: str) -> object:
    if not hasattr(owner, attr):
        _fail(module, f"{owner_name}.{attr}", "is gone")
    return getattr(owner, attr)


def _params(module: str, func: object, name: str, want: list[str]) -> None:
    try:
        got = list(inspect.signature(func).parameters)
    except (TypeError, ValueError):
        _fail(module, name, "has no signature to check")
        return
    if got[:len(want)] != want:
        _fail(module, name, f"takes ({', '.join(got)}), not ({', '.join(want)})")


def _source_calls(module: str, func: object, name: str, called: str) -> None:
    if called not in inspect.getsource(func):
        _fail(module, name, f"no longer calls {called}")


def _canvas() -> Canvas:
    from printkit.pdfdoc import register_fonts

    register_fonts()
    return Canvas(io.BytesIO(), pagesize=(200, 200), invariant=1, pageCompression=1)


# -- printkit/pdfstream.py ---------------------------------------------------------------

def _pdfdoc_classes() -> None:
    for name in ("PDFDocument", "PDFStreamFilterZCompress", "PDFDictionary",
                 "PDFObjectReference", "PDFObject", "PDFIndirectObject", "PDFPage",
                 "PDFCrossReferenceTable", "PDFTrailer", "PDFFile"):
        if not inspect.isclass(_need(STREAM, pdfdoc, "pdfdoc", name)):
            _fail(STREAM, f"pdfdoc.{name}", "is no longer a class")
    zc = _need(STREAM, pdfdoc, "pdfdoc", "PDFZCompress")
    if not isinstance(zc, pdfdoc.PDFStreamFilterZCompress):
        _fail(STREAM, "pdfdoc.PDFZCompress", "is no longer the default FlateDecode filter "
              "instance (pdfstream compares a content stream's filters with [PDFZCompress])")
    for attr in ("encode", "pdfname"):
        _need(STREAM, pdfdoc.PDFStreamFilterZCompress, "PDFStreamFilterZCompress", attr)
    # pdfstream.Remembered stands in for PDFZCompress on a big stream: a stream keeps its
    # filters in `filters`, and the default filter's bytes are zlib's at its default level
    import zlib

    if not inspect.isclass(_need(STREAM, pdfdoc, "pdfdoc", "PDFStream")):
        _fail(STREAM, "pdfdoc.PDFStream", "is no longer a class")
    stream = pdfdoc.PDFStream(content=b"x" * 100, filters=[zc])
    if getattr(stream, "filters", None) != [zc]:
        _fail(STREAM, "PDFStream.filters", "no longer holds the filters it is made with")
    data = bytes(range(256)) * 64
    if zc.encode(data) != zlib.compress(data):
        _fail(STREAM, "PDFZCompress.encode", "no longer gives zlib.compress's bytes (what "
              "pdfstream.Remembered writes in its place)")


def _pdfdoc_signatures() -> None:
    _params(STREAM, pdfdoc.PDFIndirectObject, "PDFIndirectObject(name, content)",
            ["name", "content"])
    _params(STREAM, pdfdoc.PDFObjectReference, "PDFObjectReference(name)", ["name"])
    _params(STREAM, pdfdoc.PDFTrailer, "PDFTrailer(startxref, Size, Prev, Root, Info, ID)",
            ["startxref", "Size", "Prev", "Root", "Info", "ID"])
    _params(STREAM, pdfdoc.PDFCrossReferenceTable.addsection,
            "PDFCrossReferenceTable.addsection(firstentry, ids)", ["self", "firstentry", "ids"])
    _params(STREAM, pdfdoc.PDFDocument.SaveToFile, "PDFDocument.SaveToFile(filename, canvas)",
            ["self", "filename", "canvas"])
    _params(STREAM, pdfdoc.PDFDocument.GetPDFData, "PDFDocument.GetPDFData(canvas)",
            ["self", "canvas"])
    _params(STREAM, pdfdoc.PDFDocument.format, "PDFDocument.format()", ["self"])
    # the streaming document overrides format() and SaveToFile(): the base must still reach
    # them the same way (canvas.save -> SaveToFile -> GetPDFData -> format)
    _source_calls(STREAM, pdfdoc.PDFDocument.GetPDFData, "PDFDocument.GetPDFData",
                  "self.format()")
    _source_calls(STREAM, Canvas.save, "Canvas.save", "SaveToFile")
    _source_calls(STREAM, pdfdoc.PDFDocument.format, "PDFDocument.format", "idToOffset")


def _document_state() -> None:
    c = _canvas()
    doc = _need(STREAM, c, "Canvas", "_doc")
    if not isinstance(doc, pdfdoc.PDFDocument):
        _fail(STREAM, "Canvas._doc", "is no longer a PDFDocument")
    for attr in ("idToOffset", "idToObject", "numberToId"):
        if not isinstance(_need(STREAM, doc, "PDFDocument", attr), dict):
            _fail(STREAM, f"PDFDocument.{attr}", "is no longer a dict")
    pages = _need(STREAM, _need(STREAM, doc, "PDFDocument", "Pages"), "PDFDocument.Pages",
                  "pages")
    if not isinstance(pages, list):
        _fail(STREAM, "PDFDocument.Pages.pages", "is no longer a list")
    for attr in ("Catalog", "info", "_pdfVersion"):
        _need(STREAM, doc, "PDFDocument", attr)
    for attr in ("Reference", "ID", "GetPDFData"):
        if not callable(_need(STREAM, doc, "PDFDocument", attr)):
            _fail(STREAM, f"PDFDocument.{attr}", "is no longer a method")
    encrypt = _need(STREAM, doc, "PDFDocument", "encrypt")
    for attr in ("prepare", "info"):
        if not callable(_need(STREAM, encrypt, "PDFDocument.encrypt", attr)):
            _fail(STREAM, f"PDFDocument.encrypt.{attr}", "is no longer a method")
    header = pdfdoc.PDFFile(doc._pdfVersion).strings[0]
    if not (isinstance(header, bytes) and header.startswith(b"%PDF-1.")):
        _fail(STREAM, "PDFFile(version).strings[0]", f"is {header!r}, not the %PDF-1.x header")


def _shown_page() -> None:
    c = _canvas()
    c.drawString(10, 10, "x")
    c.showPage()
    doc = c._doc
    page = doc.Pages.pages[-1]
    if not isinstance(page, pdfdoc.PDFPage):
        _fail(STREAM, "PDFDocument.Pages.pages[-1]", "is not the PDFPage just shown")
    for attr in ("__InternalName__", "XObjects", "Contents"):
        _need(STREAM, page, "PDFPage", attr)
    name = page.__InternalName__
    if doc.idToObject.get(name) is not page:
        _fail(STREAM, "PDFPage.__InternalName__", "no longer names the page in idToObject")
    # pdfstream writes the page the moment it is shown; formatting it makes its content
    # stream, numbered in the document's table
    data = pdfdoc.PDFIndirectObject(name, page).format(doc)
    if not (isinstance(data, bytes) and b" obj" in data):
        _fail(STREAM, "PDFIndirectObject(name, page).format(doc)", "no longer gives the bytes")
    contents = page.Contents
    if _need(STREAM, contents, "PDFPage.Contents", "filters") != [pdfdoc.PDFZCompress]:
        _fail(STREAM, "PDFPage.Contents.filters", "is no longer [PDFZCompress] for a "
              "compressed page (pdfstream swaps in its own Flate level there)")
    cname = getattr(contents, "__InternalName__", None)
    if cname is None or doc.idToObject.get(cname) is not contents:
        _fail(STREAM, "PDFPage.Contents.__InternalName__",
              "no longer names the content stream in idToObject")
    ref = doc.Reference(pdfdoc.PDFDictionary())
    if not isinstance(ref, pdfdoc.PDFObjectReference):
        _fail(STREAM, "PDFDocument.Reference(obj)", "no longer returns a PDFObjectReference")
    if not isinstance(_need(STREAM, pdfdoc.PDFDictionary(), "PDFDictionary", "dict"), dict):
        _fail(STREAM, "PDFDictionary.dict", "is no longer a dict")


# -- printkit/draw/texts.py --------------------------------------------------------------

def _module_functions() -> None:
    from reportlab.lib import rl_accel

    fp_str = _need(TEXTS, rl_accel, "reportlab.lib.rl_accel", "fp_str")
    if fp_str(1.5, -0.25) != "1.5 -0.25":
        _fail(TEXTS, "rl_accel.fp_str(1.5, -0.25)", f"gives {fp_str(1.5, -0.25)!r}")
    for name in ("getFont", "stringWidth"):
        if not callable(_need(TEXTS, pdfmetrics, "pdfmetrics", name)):
            _fail(TEXTS, f"pdfmetrics.{name}", "is no longer callable")
    for name in ("beginText", "drawText", "_escape"):
        if not callable(_need(TEXTS, Canvas, "Canvas", name)):
            _fail(TEXTS, f"Canvas.{name}", "is no longer a method")
    for name in ("setFont", "setFillColor", "setTextOrigin", "textOut"):
        if not callable(_need(TEXTS, textobject.PDFTextObject, "PDFTextObject", name)):
            _fail(TEXTS, f"PDFTextObject.{name}", "is no longer a method")


def _text_object() -> None:
    c = _canvas()
    t = c.beginText()
    t.setFont(FONT, 9)
    code = _need(TEXTS, t, "PDFTextObject", "_code")
    if not isinstance(code, list):
        _fail(TEXTS, "PDFTextObject._code", "is no longer a list of operator strings")
    if _need(TEXTS, t, "PDFTextObject", "_leading") != pytest.approx(10.8):
        _fail(TEXTS, "PDFTextObject._leading", "is not the leading setFont set (1.2 x size)")
    if not isinstance(_need(TEXTS, t, "PDFTextObject", "_curSubset"), int):
        _fail(TEXTS, "PDFTextObject._curSubset", "is no longer the current subset number")
    before = len(t._code)
    t.textOut("Ab")
    written = " ".join(t._code[before:])
    if not written.endswith("Tj"):
        _fail(TEXTS, "PDFTextObject.textOut", f"no longer appends its Tj to _code ({written!r})")
    if c._escape(b"(") != "\\(":
        _fail(TEXTS, "Canvas._escape(b'(')", f"gives {c._escape(b'(')!r}, not '\\\\('")
    if not isinstance(c.__dict__, dict):
        _fail(TEXTS, "Canvas.__dict__", "is gone (texts.py keeps its per-document memo there)")


def _ttf_state() -> None:
    c = _canvas()
    ttf = pdfmetrics.getFont(FONT)
    if not _need(TEXTS, ttf, "TTFont", "_dynamicFont"):
        _fail(TEXTS, "TTFont._dynamicFont", "is not True for an embedded TTF")
    if getattr(ttf, "shapable", False):
        _fail(TEXTS, "TTFont.shapable", "is true by default (texts.py leaves shaped fonts "
              "to reportlab, so nothing would be batched)")
    state_map = _need(TEXTS, ttf, "TTFont", "state")
    if not hasattr(state_map, "get"):
        _fail(TEXTS, "TTFont.state", "is no longer a mapping of document -> subset state")
    c.setFont(FONT, 9)
    c.drawString(10, 10, "Ab")
    state = state_map.get(c._doc)
    if state is None:
        _fail(TEXTS, "TTFont.state[canvas._doc]", "is not made by drawing a string")
    assignments = _need(TEXTS, state, "TTFont.state[doc]", "assignments")
    if not isinstance(assignments, dict) or not {ord("A"), ord("b")} <= set(assignments):
        _fail(TEXTS, "TTFont.state[doc].assignments",
              "is no longer a dict of the drawn characters' codes (unicode -> code)")
    if any(not isinstance(n, int) or n >> 8 != 0 for n in (assignments[ord("A")],
                                                           assignments[ord("b")])):
        _fail(TEXTS, "TTFont.state[doc].assignments",
              "no longer gives codes whose high byte is the subset (the first: 0)")
    if _need(TEXTS, state, "TTFont.state[doc]", "internalName") is None:
        _fail(TEXTS, "TTFont.state[doc].internalName", "is not set once the font is used")
    getname = _need(TEXTS, ttf, "TTFont", "getSubsetInternalName")
    name = getname(0, c._doc)
    if not (isinstance(name, str) and name.startswith("/")):
        _fail(TEXTS, "TTFont.getSubsetInternalName(0, doc)", f"gives {name!r}, not a /Name")


def _path_code() -> None:
    """draw/table.py writes a cell's `re` operator once into two paths' code lists."""
    c = _canvas()
    p = c.beginPath()
    _need(TABLE, p, "PDFPathObject", "_code_append")
    p._code_append("1 2 3 4 re")          # looked up each time: the first call swaps it
    p._code_append("5 6 7 8 re")
    if p.getCode() != "n 1 2 3 4 re 5 6 7 8 re":
        _fail(TABLE, "PDFPathObject._code_append", f"now gives {p.getCode()!r} for two rects "
              "(expected the operators after an opening 'n', as rect() writes them)")


def _subset_maker() -> None:
    """pdfdoc.remember_subsets puts a remembering makeSubset on each font's face: reportlab
    must still make a subset's font program through the face's own makeSubset(subset)."""
    from reportlab.pdfbase import ttfonts

    face_class = ttfonts.TTFontFace
    _params(FONTS, _need(FONTS, face_class, "TTFontFace", "makeSubset"),
            "TTFontFace.makeSubset", ["self", "subset"])
    _source_calls(FONTS, _need(FONTS, face_class, "TTFontFace", "addSubsetObjects"),
                  "TTFontFace.addSubsetObjects", "self.makeSubset(subset)")


def _snapshot_state() -> None:
    """pdfsnapshot copies a fresh document's state: everything drawing changes must hang off
    the canvas (its document included), except each TTF's per-document state, kept on the
    font and keyed by the document; Document.fresh/_in_form read a canvas's form state."""
    c = _canvas()
    if _need(SNAPSHOT, c, "Canvas", "_formData") is not None:
        _fail(SNAPSHOT, "Canvas._formData", "is not None on a fresh canvas drawing a page")
    if _need(SNAPSHOT, c, "Canvas", "_codeStack") != []:
        _fail(SNAPSHOT, "Canvas._codeStack", "is not an empty list on a fresh canvas")
    c.beginForm("f")
    if c._formData is None or not isinstance(c._codeStack, list):
        _fail(SNAPSHOT, "Canvas.beginForm", "no longer sets _formData")
    c.endForm()
    doc = c._doc
    signature = _need(SNAPSHOT, doc, "PDFDocument", "signature")
    if not callable(getattr(signature, "copy", None)):
        _fail(SNAPSHOT, "PDFDocument.signature", "is no longer a hash with copy()")
    if not isinstance(_need(SNAPSHOT, doc, "PDFDocument", "fontMapping"), dict):
        _fail(SNAPSHOT, "PDFDocument.fontMapping", "is no longer a dict")
    c.setFont(FONT, 9)
    c.drawString(10, 10, "Ab")
    state = pdfmetrics.getFont(FONT).state
    if doc not in state or not hasattr(state, "keyrefs"):
        _fail(SNAPSHOT, "TTFont.state", "is no longer a weak mapping keyed by the document")


def _font_widths() -> None:
    """pdfstream.formatted_widths stands in for a font subset's /Widths array, which reportlab
    must still make as a PDFArray on the PDFTrueTypeFont it adds."""
    from reportlab.pdfbase import ttfonts

    if not issubclass(_need(STREAM, pdfdoc, "pdfdoc", "PDFTrueTypeFont"), pdfdoc.PDFObject):
        _fail(STREAM, "pdfdoc.PDFTrueTypeFont", "is no longer a PDFObject")
    _source_calls(STREAM, ttfonts.TTFont.addObjects, "TTFont.addObjects",
                  "pdfFont.Widths = pdfdoc.PDFArray(widths)")


CHECKS: dict[str, Callable[[], None]] = {
    "pdfdoc classes and the default Flate filter": _pdfdoc_classes,
    "pdfdoc signatures and the save path": _pdfdoc_signatures,
    "a document's object table, page tree and encryption": _document_state,
    "a shown page, its content stream and their names": _shown_page,
    "fp_str, pdfmetrics, Canvas and PDFTextObject methods": _module_functions,
    "a text object's code list, leading, subset; textOut; _escape": _text_object,
    "a TTF's per-document subset state": _ttf_state,
    "a path's code list (a table's cells)": _path_code,
    "a TTF face makes each subset through makeSubset": _subset_maker,
    "a document's state for a snapshot: canvas, form state, TTF states": _snapshot_state,
    "a font subset's /Widths is a PDFArray": _font_widths,
}


@pytest.mark.parametrize("what", list(CHECKS))
def test_reportlab_internals_printkit_relies_on(what):
    CHECKS[what]()


def test_pyproject_pins_the_tested_minor_series():
    """The pin and the installed reportlab agree: a reportlab outside the range would not be
    installed, and a range wider than one minor series would admit untested internals."""
    import re
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml")
                            .read_text(encoding="utf-8"))
    pins = [d for d in project["project"]["dependencies"] if d.startswith("reportlab")]
    assert len(pins) == 1, pins
    m = re.fullmatch(r"reportlab>=(\d+)\.(\d+),<(\d+)\.(\d+)", pins[0].replace(" ", ""))
    assert m, f"reportlab is not pinned to one minor series: {pins[0]!r}"
    low, high = (int(m[1]), int(m[2])), (int(m[3]), int(m[4]))
    assert high == (low[0], low[1] + 1), f"more than one minor series: {pins[0]!r}"
    installed = tuple(int(p) for p in reportlab.Version.split(".")[:2])
    assert installed == low, f"reportlab {reportlab.Version} installed, {pins[0]!r} pinned"
