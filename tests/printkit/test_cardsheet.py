"""The card-sheet machinery, measured on the PDF it writes (pdfplumber / pikepdf).

Test cards stroke their trim rectangle in a colour of their own and print their number in
the middle; every expectation below is a hand-typed size in mm or a position read back from
the PDF, never the machinery's own geometry.
"""

from __future__ import annotations

import io

import pdfplumber
import pikepdf
import pytest
from reportlab.lib.colors import Color

from printkit.cardsheet import (
    A6,
    INDEX_4X6,
    POKER,
    CardSize,
    SheetCard,
    SheetOptions,
    SheetStyle,
    calibration_pages,
    impose,
)
from printkit.errors import UserError
from printkit.papers import PAPERS
from printkit.pdfdoc import Document

MM = 72 / 25.4
FRONT = (1.0, 0.0, 0.0)      # trim outline colours the test looks for
BACK = (0.0, 0.0, 1.0)
MARK = (0.0, 1.0, 0.0)
STYLE = SheetStyle(margin=6 * MM, gutter=0.0, bleed=3 * MM, mark_gap=1 * MM,
                   mark_length=5 * MM, mark_line=0.25, mark_colour=Color(*MARK),
                   font="DejaVuSans", bold_font="DejaVuSans-Bold", caption_size=6,
                   ink=Color(0, 0, 0), muted=Color(0.4, 0.4, 0.4))


def _side(rgb):
    def draw(doc, frame):
        c = doc.canvas
        b = frame.bleed
        c.setFillColorRGB(0.9, 0.9, 0.9)
        c.rect(-b, -b, frame.width + 2 * b, frame.height + 2 * b, stroke=0, fill=1)
        c.setStrokeColorRGB(*rgb)
        c.setLineWidth(0.5)
        c.rect(0, 0, frame.width, frame.height, stroke=1, fill=0)
        c.setFillColorRGB(0, 0, 0)
        c.setFont("DejaVuSans", 10)
        c.drawCentredString(frame.width / 2, frame.height / 2, f"c{frame.index}")
    return draw


def _pdf(paper="letter", n=9, size=POKER, **options) -> bytes:
    doc = Document(PAPERS[paper], "t", "t")
    cards = [SheetCard(_side(FRONT), _side(BACK)) for _ in range(n)]
    impose(doc, cards, size, SheetOptions(paper=paper, **options), STYLE, "Test cards")
    return doc.finish()


def _rgb(colour):
    """pdfplumber's colour as an RGB tuple (a grey comes as one number)."""
    if colour is None:
        return None
    values = tuple(colour) if isinstance(colour, list | tuple) else (colour,)
    return values * 3 if len(values) == 1 else values


def _close(a, b, tol=1e-3):
    if a is None or len(a) != len(b):
        return False
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def _outlines(page, rgb):
    """Bounding boxes (x0, y0, x1, y1, PDF coordinates) of the shapes stroked in `rgb`."""
    h = page.height
    found = []
    for obj in page.rects + page.curves:
        if obj.get("stroke") and _close(_rgb(obj.get("stroking_color")), rgb):
            found.append((obj["x0"], h - obj["bottom"], obj["x1"], h - obj["top"]))
    return sorted(found, key=lambda r: (-round(r[3]), round(r[0])))


def _in(point, box):
    return box[0] < point[0] < box[2] and box[1] < point[1] < box[3]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_nine_poker_cards_a_page_at_true_size(paper):
    with pdfplumber.open(io.BytesIO(_pdf(paper, n=12))) as pdf:
        assert len(pdf.pages) == 4                     # fronts, backs, fronts, backs
        first = _outlines(pdf.pages[0], FRONT)
        assert len(first) == 9
        assert len(_outlines(pdf.pages[2], FRONT)) == 3
        for x0, y0, x1, y1 in first:
            assert abs((x1 - x0) / MM - 63) <= 0.2 and abs((y1 - y0) / MM - 88) <= 0.2
        page = pdf.pages[0]
        left = min(r[0] for r in first)
        right = max(r[2] for r in first)
        bottom = min(r[1] for r in first)
        top = max(r[3] for r in first)
        assert abs(left - (page.width - right)) < 0.1          # centred across
        assert abs(bottom - (page.height - top)) < 0.1         # and up
        assert abs((right - left) / MM - 189) <= 0.2           # 3 x 63 mm, cards touching


@pytest.mark.parametrize("paper,bleed_mm", [("letter", 3), ("a4", 3), ("letter", 0),
                                            ("a4", 0)])
def test_crop_marks_in_the_margin_on_every_edge(paper, bleed_mm):
    with pdfplumber.open(io.BytesIO(_pdf(paper, bleed=bool(bleed_mm)))) as pdf:
        page = pdf.pages[0]
        h = page.height
        cards = _outlines(page, FRONT)
        b = bleed_mm * MM
        bleed = [(x0 - b, y0 - b, x1 + b, y1 + b) for x0, y0, x1, y1 in cards]
        marks = [(ln["x0"], h - ln["bottom"], ln["x1"], h - ln["top"]) for ln in page.lines
                 if _close(_rgb(ln["stroking_color"]), MARK)]
        assert marks
        for m in marks:
            for b in bleed:                        # no mark touches a card or its bleed
                assert m[2] < b[0] or m[0] > b[2] or m[3] < b[1] or m[1] > b[3], (m, b)
            assert m[0] >= 0 and m[2] <= page.width and m[1] >= 0 and m[3] <= page.height
        vertical = {round(m[0], 2) for m in marks if abs(m[0] - m[2]) < 0.01}
        horizontal = {round(m[1], 2) for m in marks if abs(m[1] - m[3]) < 0.01}
        for x0, y0, x1, y1 in cards:               # every trim edge has its mark
            assert round(x0, 2) in vertical and round(x1, 2) in vertical
            assert round(y0, 2) in horizontal and round(y1, 2) in horizontal
        block_top = max(b[3] for b in bleed)
        block_bottom = min(b[1] for b in bleed)
        for x in vertical:                         # above and below the whole block
            assert any(abs(m[0] - x) < 0.01 and m[1] > block_top for m in marks)
            assert any(abs(m[0] - x) < 0.01 and m[3] < block_bottom for m in marks)


@pytest.mark.parametrize("paper,per_page", [("letter", 6), ("a4", 8)])
def test_bleed_sets_trim_and_bleed_boxes(paper, per_page):
    data = _pdf(paper, bleed=True)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        cards = _outlines(pdf.pages[0], FRONT)
        assert len(cards) == per_page              # turned a quarter: 88 x 63 mm on the page
        for x0, y0, x1, y1 in cards:
            assert abs((x1 - x0) / MM - 88) <= 0.2 and abs((y1 - y0) / MM - 63) <= 0.2
        # neighbours are 6 mm apart: 3 mm bleed each
        xs = sorted({round(r[0], 1) for r in cards})
        assert abs((xs[1] - xs[0]) / MM - (88 + 6)) <= 0.2
    trim = (min(r[0] for r in cards), min(r[1] for r in cards), max(r[2] for r in cards),
            max(r[3] for r in cards))
    doc = pikepdf.open(io.BytesIO(data))
    page = doc.pages[0]
    got_trim = [float(v) for v in page.obj.TrimBox]
    got_bleed = [float(v) for v in page.obj.BleedBox]
    assert _close(got_trim, trim, 0.2 * MM)
    b = 8.5039                                     # 3 mm in points
    assert _close(got_bleed, (trim[0] - b, trim[1] - b, trim[2] + b, trim[3] + b), 0.2 * MM)


def _centres(page, rgb):
    return [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in _outlines(page, rgb)]


def _cards_by_number(page, rgb):
    """Card number (the digit of its label, read from the characters inside the outline, so
    turned text reads too) -> its outline box."""
    h = page.height
    found = {}
    for box in _outlines(page, rgb):
        digits = [ch["text"] for ch in page.chars if ch["text"].isdigit()
                  and _in(((ch["x0"] + ch["x1"]) / 2, h - (ch["top"] + ch["bottom"]) / 2), box)]
        assert len(digits) == 1, digits
        found[int(digits[0])] = box
    return found


@pytest.mark.parametrize("paper,size,bleed", [("letter", POKER, False), ("a4", POKER, True),
                                              ("a4", A6, False), ("letter", INDEX_4X6, False)])
def test_back_of_each_card_lands_behind_its_front(paper, size, bleed):
    with pdfplumber.open(io.BytesIO(_pdf(paper, n=5, size=size, bleed=bleed))) as pdf:
        front, back = pdf.pages[0], pdf.pages[1]
        fronts, backs = _cards_by_number(front, FRONT), _cards_by_number(back, BACK)
        assert set(fronts) == set(backs) and fronts
        width = front.width
        for k, fbox in fronts.items():
            bbox = backs[k]
            mirrored = (width - bbox[2], bbox[1], width - bbox[0], bbox[3])
            assert _close(mirrored, fbox, 0.5 * MM), (k, mirrored, fbox)


def test_back_offset_moves_backs_by_exactly_x_y():
    plain = _pdf("letter", n=9)
    moved = _pdf("letter", n=9, back_offset=(1.5 * MM, -2 * MM))
    with pdfplumber.open(io.BytesIO(plain)) as a, pdfplumber.open(io.BytesIO(moved)) as b:
        before, after = _centres(a.pages[1], BACK), _centres(b.pages[1], BACK)
        assert len(before) == len(after) == 9
        for (x0, y0), (x1, y1) in zip(before, after, strict=True):
            assert abs((x1 - x0) / MM - 1.5) < 0.01 and abs((y1 - y0) / MM + 2) < 0.01
        assert _centres(a.pages[0], FRONT) == _centres(b.pages[0], FRONT)


def test_per_page_asks_for_fewer_and_refuses_too_many():
    with pdfplumber.open(io.BytesIO(_pdf("letter", n=4, per_page=4))) as pdf:
        cards = _outlines(pdf.pages[0], FRONT)
        assert len(cards) == 4 and len({round(r[0]) for r in cards}) == 2   # 2 x 2
    with pytest.raises(UserError, match=r"--per-page: 9 .*at most 6"):
        _pdf("letter", n=9, per_page=9, bleed=True)
    with pytest.raises(UserError, match="at most 2"):
        _pdf("letter", n=4, size=INDEX_4X6, per_page=4)


def test_big_cards_two_up():
    for paper, size in (("letter", INDEX_4X6), ("a4", A6), ("letter", A6)):
        with pdfplumber.open(io.BytesIO(_pdf(paper, n=2, size=size, per_page=2))) as pdf:
            assert len(pdf.pages) == 2 and len(_outlines(pdf.pages[0], FRONT)) == 2


def test_no_backs_no_back_pages_and_no_boxes_leak():
    doc = Document(PAPERS["a4"], "t", "t")
    impose(doc, [SheetCard(_side(FRONT))] * 3, CardSize(50 * MM, 50 * MM),
           SheetOptions(paper="a4"), STYLE, "t")
    doc.canvas.drawString(10, 10, "next printable")
    doc.show_page()
    pdf = pikepdf.open(io.BytesIO(doc.finish()))
    assert len(pdf.pages) == 2
    assert "/TrimBox" in pdf.pages[0].obj and "/TrimBox" not in pdf.pages[1].obj


def test_calibration_back_scales_sit_behind_the_front_crosses():
    for offset in ((0.0, 0.0), (2 * MM, -1 * MM)):
        doc = Document(PAPERS["letter"], "t", "t")
        calibration_pages(doc, SheetOptions(paper="letter", back_offset=offset), STYLE, "T")
        with pdfplumber.open(io.BytesIO(doc.finish())) as pdf:
            front, back = pdf.pages
            w, h = front.width, front.height
            # front crosses: the centres of the small circles
            crosses = [((c["x0"] + c["x1"]) / 2, h - (c["top"] + c["bottom"]) / 2)
                       for c in front.curves if abs(c["width"] - 3 * MM) < 0.1]
            assert len(crosses) == 5
            # back: every "0" label of an X scale sits under a mirrored cross
            zeros = [((z["x0"] + z["x1"]) / 2, h - z["bottom"])
                     for z in back.extract_words(x_tolerance=0.5)
                     if z["text"] == "0"]
            assert len(zeros) == 10                       # X and Y scale of each cross
            for x, y in crosses:
                mx = w - x + offset[0]
                # the X scale 26 mm above or below its target (into the page), its numbers
                # 4 mm past its line
                assert any(abs(zx - mx) < 0.3 * MM and 26 * MM < abs(zy - y - offset[1])
                           < 40 * MM for zx, zy in zeros), (x, y)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_calibration_scales_run_as_far_as_back_offset_goes_in_8_pt(paper):
    """Issue 30: the scales ran +-5 mm with 4.5 pt digits while --back-offset takes +-20 mm:
    each scale now reads 20 15 10 5 0 5 10 15 20 (mm), every number at 8 pt, and the
    front cross's arms reach 50 mm towards the scales (a 20 mm drift still crosses them)."""
    doc = Document(PAPERS[paper], "t", "t")
    calibration_pages(doc, SheetOptions(paper=paper), STYLE, "T")
    with pdfplumber.open(io.BytesIO(doc.finish())) as pdf:
        front, back = pdf.pages
        digits = [ch for ch in back.chars if ch["text"].isdigit() and ch["top"] > 0]
        numbers = [wd["text"] for wd in back.extract_words(x_tolerance=0.5)
                   if wd["text"].isdigit()]
        longest = max(max(abs(ln["x1"] - ln["x0"]), abs(ln["bottom"] - ln["top"]))
                      for ln in front.lines)
    scale_digits = [ch for ch in digits if round(ch["size"], 1) != 9.0]   # not the text
    assert {round(ch["size"], 1) for ch in scale_digits} == {8.0}
    assert numbers.count("20") == 5 * 4 and numbers.count("15") == 5 * 4
    assert longest == pytest.approx(62 * MM, abs=0.5)         # 12 mm one way, 50 the other


TOP = (1.0, 0.0, 1.0)       # a marker each side draws just under its own top edge


def _marked(rgb):
    """A test side that also fills a small square under the middle of the card's top edge."""
    outline = _side(rgb)

    def draw(doc, frame):
        outline(doc, frame)
        c = doc.canvas
        c.setFillColorRGB(*TOP)
        c.rect(frame.width / 2 - 2 * MM, frame.height - 6 * MM, 4 * MM, 4 * MM, stroke=0, fill=1)
    return draw


def _markers(page):
    h = page.height
    return [((r["x0"] + r["x1"]) / 2, h - (r["top"] + r["bottom"]) / 2) for r in page.rects
            if _close(_rgb(r.get("non_stroking_color")), TOP)]


@pytest.mark.parametrize("paper,size,bleed", [("letter", POKER, False), ("letter", POKER, True),
                                              ("a4", A6, False)])
def test_back_reads_upright_when_the_card_turns_over_its_long_edge(paper, size, bleed):
    """Seen through the paper (the back page mirrored), each back's top marker sits at the
    same edge of the card as its front's: turn the cut card over its long edge and the back
    is the right way up."""
    doc = Document(PAPERS[paper], "t", "t")
    n = 2 if size is A6 else 4                   # one page of cards
    impose(doc, [SheetCard(_marked(FRONT), _marked(BACK)) for _ in range(n)], size,
           SheetOptions(paper=paper, bleed=bleed), STYLE, "t")
    with pdfplumber.open(io.BytesIO(doc.finish())) as pdf:
        front, back = pdf.pages
        width = front.width
        fronts, backs = _outlines(front, FRONT), _outlines(back, BACK)
        seen = [(width - x, y) for x, y in _markers(back)]
        assert len(fronts) == len(_markers(front)) == len(seen) == n
        for box in fronts:
            mark = next(m for m in _markers(front) if _in(m, box))
            through = next(m for m in seen if _in(m, box))
            # the front's marker and the back's, seen through the paper, are at the same
            # edge: the long-edge turn keeps the card's top where it was
            assert abs(mark[0] - through[0]) < 0.5 * MM and abs(mark[1] - through[1]) < 0.5 * MM
        assert len(backs) == n


def test_render_cards_default_per_page_and_the_option_over_it():
    from printkit.cardsheet import render_cards
    from printkit.layout import load_layout
    from printkit.sheets import RenderOptions

    layout = load_layout("luckdraw-cards")
    cards = [SheetCard(_side(FRONT), _side(BACK)) for _ in range(4)]
    for extra, want in (({}, 2), ({"per_page": 4}, 4)):
        doc = Document(PAPERS["letter"], "t", "t")
        grid = render_cards(doc, RenderOptions(paper="letter", extra=extra), layout, cards,
                            "t", size=INDEX_4X6 if want == 2 else POKER, per_page=2)
        with pdfplumber.open(io.BytesIO(doc.finish())) as pdf:
            assert len(_outlines(pdf.pages[0], FRONT)) == want == grid.count


def test_calibration_back_says_the_offset_and_a_worked_example():
    doc = Document(PAPERS["a4"], "t", "t")
    calibration_pages(doc, SheetOptions(paper="a4", back_offset=(1 * MM, -0.5 * MM)), STYLE,
                      "T")
    with pdfplumber.open(io.BytesIO(doc.finish())) as pdf:
        text = pdf.pages[1].extract_text()
    assert "printed with --back-offset 1,-0.5: add your readings" in text
    assert "print the cards with --back-offset 2.5,-1." in text


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_page_captions_are_8_pt_inside_the_safe_area_at_one_place(tmp_path, paper):
    """The caption beside a card sheet's grid: >= 8 pt, every glyph at least 0.25 in (18 pt)
    from every edge (on Letter the nine cards leave no room under the grid, so it runs up
    the left margin), at the same place on every fronts page, the last one too."""
    import pdfplumber

    from tests.helpers import run_cli

    out = tmp_path / "cards.pdf"
    assert run_cli("render", "luckdraw", "cards", "--paper", paper, "--out", out).code == 0
    with pdfplumber.open(out) as doc:
        places = []
        for page in doc.pages:
            text = "".join(ch["text"] for ch in page.chars)
            assert "Luck of the Draw cards \u00b7 " in text, page.page_number
            start = text.index("Luck of the Draw cards \u00b7 ")
            caption = page.chars[start:start + 40]
            for ch in caption:
                assert (ch["size"] if ch["upright"] else ch["width"]) >= 8, ch  # turned: across
                assert ch["x0"] >= 18 and ch["x1"] <= page.width - 18, ch
                assert ch["top"] >= 18 and ch["bottom"] <= page.height - 18, ch
            if "fronts" in text:
                places.append((round(caption[0]["x0"]), round(caption[0]["top"])))
        assert len(places) == 2 and len(set(places)) == 1, places
