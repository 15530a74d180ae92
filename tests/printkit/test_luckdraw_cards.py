"""`printkit render luckdraw cards`, read back from the PDF.

Expectations typed from the rules' cheat sheet (16 cards; PTD and INT the QB's yellow default
cards, TOD the QB's in 2-5 player games) and layouts/luckdraw-cards.toml ("#FFD21F").
"""

from __future__ import annotations

import io

import pdfplumber
import pikepdf
import pytest

from printkit.sheets import RenderOptions
from tests.helpers import check_pdf, render_sheet

MM = 72 / 25.4
YELLOW = (1.0, 0.824, 0.122)          # "#FFD21F"
SLOTS = [((13.45 + 63 * col) * MM, (7.7 + 88 * row) * MM, (13.45 + 63 * (col + 1)) * MM,
          (7.7 + 88 * (row + 1)) * MM) for row in range(3) for col in range(3)]   # Letter


def _pdf(**kw) -> bytes:
    extra = kw.pop("extra", {})
    return render_sheet("luckdraw", "cards", opts=RenderOptions(extra=extra, **kw))


@pytest.fixture(scope="module")
def letter():
    return _pdf(paper="letter")


def _rgb(colour):
    values = tuple(colour) if isinstance(colour, list | tuple) else (colour,)
    return values * 3 if len(values) == 1 else values


def _texts(page):
    return [(page.crop(box).extract_text() or "").replace("\n", " ") for box in SLOTS]


def test_sixteen_cards_in_cheat_sheet_order(letter):
    check_pdf(letter)
    with pdfplumber.open(io.BytesIO(letter)) as pdf:
        assert len(pdf.pages) == 4                      # 9 + 7 fronts, each with its backs
        cards = _texts(pdf.pages[0]) + _texts(pdf.pages[2])
    symbols = [t.split()[0] if t else "" for t in cards]
    assert symbols == ["DP", "FBL", "FDN", "FG", "INT", "IR/TO", "MFG", "OP", "P", "PTD", "RTD",
                       "XP/S", "SACK", "STTD", "TE", "TOD", "", ""]
    fumble = cards[1]
    assert "Lost Fumble" in fumble and "4 pts lost fumble, per occurrence" in fumble
    assert "+3 pts bonus: fumble returned for a TD" in fumble
    assert "3 pts made field goal, per drive" in cards[3]
    assert cards[4].startswith("INT QB CARD Interception")
    assert cards[15].startswith("TOD QB CARD, 2\u20135 PLAYERS Turnover on Downs")
    assert "QB CARD" not in cards[10]                   # RTD: anybody's


def test_qb_default_symbols_are_yellow(letter):
    with pdfplumber.open(io.BytesIO(letter)) as pdf:
        yellow = {}
        for page in (pdf.pages[0], pdf.pages[2]):
            for w in page.extract_words(extra_attrs=["non_stroking_color", "size"]):
                if w["size"] > 20:                       # the symbols
                    yellow[w["text"]] = all(abs(a - b) < 0.01 for a, b in
                                            zip(_rgb(w["non_stroking_color"]), YELLOW,
                                                strict=True))
    assert len(yellow) == 16
    assert {s for s, y in yellow.items() if y} == {"PTD", "INT"}


def test_text_sizes(letter):
    with pdfplumber.open(io.BytesIO(letter)) as pdf:
        for page in (pdf.pages[0], pdf.pages[2]):
            assert min(ch["size"] for ch in page.chars if ch["upright"]) >= 6
            for box in SLOTS[:7]:
                words = page.crop(box).extract_words(extra_attrs=["size"])
                if words:
                    name = [w for w in words if w["top"] > box[1] + 24 * MM][0]
                    assert name["size"] >= 8, name   # the name, first under the panel


def test_one_back_form(letter):
    pdf = pikepdf.open(io.BytesIO(letter))
    forms = [o for o in pdf.objects if isinstance(o, pikepdf.Stream)
             and o.get("/Subtype") == "/Form"]
    assert len(forms) == 1


def test_ink_saver_panels_pale_and_yellow_outlined():
    with pdfplumber.open(io.BytesIO(_pdf(paper="a4", ink_saver=True))) as pdf:
        for page in pdf.pages:
            for r in page.rects:
                if r["fill"] and r["width"] * r["height"] > 400:
                    assert min(_rgb(r["non_stroking_color"])) > 0.75
        yellow = [w["text"] for page in pdf.pages[0::2]
                  for w in page.extract_words(extra_attrs=["size", "non_stroking_color"])
                  if w["size"] > 20 and all(abs(a - b) < 0.01 for a, b in zip(
                      _rgb(w["non_stroking_color"]), YELLOW, strict=True))]
        assert sorted(yellow) == ["INT", "PTD"]
    # ... outlined (text render mode 2: fill and stroke) so they read on a pale panel, once
    # per yellow symbol and never left on for the text after it
    doc = pikepdf.open(io.BytesIO(_pdf(paper="a4", ink_saver=True)))
    ops = [(str(op), operands) for page in doc.pages
           for operands, op in pikepdf.parse_content_stream(page)]
    outlined = [i for i, (op, operands) in enumerate(ops) if op == "Tr" and int(operands[0]) == 2]
    assert len(outlined) == 2
    for i in outlined:                  # the graphics state is restored before the next text
        rest = [op for op, _ in ops[i:]]
        next_text = rest.index("BT", rest.index("ET"))
        assert "Q" in rest[:next_text]


def test_without_ink_saver_no_outlined_text(letter):
    doc = pikepdf.open(io.BytesIO(letter))
    assert not [op for page in doc.pages for operands, op in pikepdf.parse_content_stream(page)
                if str(op) == "Tr" and int(operands[0]) != 0]
