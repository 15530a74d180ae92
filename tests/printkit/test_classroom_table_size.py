"""A class's Luck of the Draw match is two teams at a four-seat table (docs/rules/luckdraw.md,
L20), so the bubble sheets of its pack say so: their QR codes carry `Players=4` and their
headers "for 4 players"; its fillable log's Players field is filled in with 4. A sheet handed
back with its Players bubble left blank is then replayed at four instead of drawing a
finding for the missing count."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
import zxingcpp

from tests.helpers import run_cli
from tests.omr.distort import page_image


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("class")
    r = run_cli("classroom", "luckdraw", "--teams", "2", "--out", str(out / "class"),
                "--class-key", str(out / "class.key"), "--fillable")
    assert r.code == 0, r.stderr
    return out / "class" / "matches" / "match-001.pdf"


def _bubble_pages(pdf: Path) -> list[tuple[str, str]]:
    """(QR text, page text) of each page whose QR code is a bubble sheet's, the QR read by
    zxing-cpp itself (not the sheet reader; OpenCV's detector misses it among the ovals)."""
    data = pdf.read_bytes()
    doc = pdfium.PdfDocument(data)
    out = []
    for k in range(len(doc)):
        text = doc[k].get_textpage().get_text_range()
        if "bubble log" not in text:
            continue
        (code,) = [r.text for r in zxingcpp.read_barcodes(page_image(data, k, 150),
                                                          formats=zxingcpp.BarcodeFormat.QRCode)]
        out.append((code, text))
    return out


def test_a_class_match_s_bubble_sheets_are_for_a_table_of_four(pack: Path) -> None:
    pages = _bubble_pages(pack)
    assert pages, "the match's pack has no bubble sheet"
    for code, text in pages:
        assert code.startswith("PKBL1;luckdraw;letter;")
        assert "Players=4" in code.split(";")[-1].split("&")
        assert "for 4 players" in text


def test_a_class_match_s_fillable_log_is_for_a_table_of_four(pack: Path) -> None:
    import pikepdf

    form = pack.parent.parent / "fillable" / "match-001.pdf"
    with pikepdf.open(form) as doc:
        fields = {str(f.T): str(f.get("/V", "")) for f in doc.Root.AcroForm.Fields}
    assert fields["tag.Players"] == "4"
    assert fields["tag.Match"] == "M1"
