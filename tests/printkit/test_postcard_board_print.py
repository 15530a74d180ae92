"""The PostCard board as a player sees it (issue 30), read back from its PDF on both papers:
every word 8 pt or larger, no two words on top of each other, no word half inside a box or run
through by an outline, no line of the field through a word, a die or a circle, and the Time
Tracker's triggers printed by each end zone.

Words come from printkit.pdfwords (the words of every size the page shows), characters and
their sizes from pdfium's text page (turned text too), shapes from pdfplumber: rectangles,
curves (their outline as the points of their path) and straight lines."""

from __future__ import annotations

import ctypes
import io
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from printkit.layout import load_layout
from printkit.pdfwords import PageWords, Word
from printkit.sheets import RenderOptions
from tests.helpers import render_sheet, run_cli

Box = tuple[float, float, float, float]     # x0, top, x1, bottom: points down from the top
Segment = tuple[tuple[float, float], tuple[float, float]]
LAYOUT = load_layout("postcard-board")
MM = 72 / 25.4
TRIGGERS = ("Cross 2 circles when scored on, 1 on losing the ball, 1 when your Play Tracker "
            "fills (9); gain the stars.")      # engine/postcard/rules.toml [time_tracker]


@dataclass
class Char:
    text: str
    size: float
    box: Box
    index: int = 0             # its place in the page's text


@dataclass
class Sheet:
    paper: str
    text: str                  # the page's text, whitespace collapsed
    chars: list[Char]          # every character shown, turned ones too (pdfium's text page)
    words: list[Word]          # upright words of every size shown (printkit.pdfwords)
    rects: list[Box]
    outlines: list[list[Segment]]     # each curve's path as short straight pieces
    curve_boxes: list[Box]
    lines: list[Segment]


def read(pdf: bytes, paper: str = "") -> Sheet:
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[0]
        height = page.get_height()
        textpage = page.get_textpage()
        text = " ".join(textpage.get_text_range().split())
        chars, sizes = [], set()
        left, right, bottom, top = (ctypes.c_double() for _ in range(4))
        for i in range(raw.FPDFText_CountChars(textpage.raw)):
            if raw.FPDFText_IsGenerated(textpage.raw, i) == 1:
                continue
            ch = chr(raw.FPDFText_GetUnicode(textpage.raw, i))
            size = raw.FPDFText_GetFontSize(textpage.raw, i)
            sizes.add(round(size, 3))
            if ch.isspace():
                continue
            raw.FPDFText_GetCharBox(textpage.raw, i, left, right, bottom, top)
            chars.append(Char(ch, size, (left.value, height - top.value, right.value,
                                         height - bottom.value), i))
        words = PageWords(sorted(sizes)).words(page)
    finally:
        doc.close()
    with pdfplumber.open(io.BytesIO(pdf)) as plumber:
        p = plumber.pages[0]
        rects = [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in p.rects]
        outlines = [flatten(c["path"]) for c in p.curves]
        curve_boxes = [(c["x0"], c["top"], c["x1"], c["bottom"]) for c in p.curves]
        lines = [(ln["pts"][0], ln["pts"][-1]) for ln in p.lines]
    return Sheet(paper, text, chars, words, rects, outlines, curve_boxes, lines)


@pytest.fixture(scope="module", params=["letter", "a4"])
def board(request) -> Sheet:
    return read(render_sheet("postcard", "board", RenderOptions(paper=request.param)),
                request.param)


def flatten(path: list[tuple]) -> list[Segment]:
    """A curve's path (pdfplumber's: moves, lines, Bezier curves, closes) as short straight
    segments close to it, each cubic in 16 pieces."""
    out: list[Segment] = []
    start = at = (0.0, 0.0)
    for op, *pts in path:
        if op == "m":
            start = at = pts[0]
        elif op == "l":
            out.append((at, pts[0]))
            at = pts[0]
        elif op in ("c", "v", "y"):
            if op == "v":
                pts = [at, *pts]
            elif op == "y":
                pts = [pts[0], pts[1], pts[1]]
            (x1, y1), (x2, y2), (x3, y3) = pts
            x0, y0 = at
            for k in range(1, 17):
                t = k / 16
                u = 1 - t
                nxt = (u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                       u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3)
                out.append((at, nxt))
                at = nxt
        elif op == "h":
            out.append((at, start))
            at = start
    return out


def box_of(w: Word) -> Box:
    return (w.x0, w.top, w.x1, w.bottom)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: Box, b: Box, slack: float = 0.01) -> bool:
    return (b[0] - slack <= a[0] and a[2] <= b[2] + slack
            and b[1] - slack <= a[1] and a[3] <= b[3] + slack)


def crosses(seg: Segment, box: Box) -> bool:
    """Does the segment pass through the box's inside (Liang-Barsky clipping)?"""
    (x0, y0), (x1, y1) = seg
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]),
                 (dy, box[3] - y0)):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low >= high:
            return False
    return True


def grown(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def test_every_word_is_8_pt_or_larger(board):
    sizes = {c.text: c.size for c in board.chars}
    assert len(board.chars) > 1500                      # the whole board was read
    small = sorted({(round(c.size, 2), c.text) for c in board.chars if c.size < 7.995})
    assert small == [], small[:20]
    assert min(sizes.values()) == pytest.approx(8.0, abs=0.01)


def test_no_two_words_overlap(board):
    """Nor touch: a point at least between any two words' boxes ("reset" ran 0.2 pt from
    "DEF RUSH")."""
    words = board.words
    assert len(words) > 500
    hits = [(a.text, b.text) for i, a in enumerate(words) for b in words[i + 1:]
            if overlap(grown(box_of(a), 0.5), grown(box_of(b), 0.5))]
    assert hits == []


def overlapping_chars(chars: list[Char]) -> list[tuple[str, str]]:
    """Pairs of characters whose glyph boxes overlap (pdfium's tight boxes), neighbours in
    the text apart ("AY": a glyph's box may reach over its neighbour's): two words set on
    top of each other in one size, which a word maker would read as one word."""
    ordered = sorted(chars, key=lambda c: c.box[0])
    out = []
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.box[0] >= a.box[2]:
                break
            if abs(a.index - b.index) > 1 and overlap(a.box, b.box):
                out.append((a.text, b.text))
    return out


def test_no_two_characters_overlap(board):
    assert overlapping_chars(board.chars) == []


def test_no_word_is_half_inside_a_box(board):
    """A word is inside a drawn rectangle (a chart cell, a Bonus Bar place, the turf) or
    clear of it: "BONUS BAR" stood on its places' top edge."""
    hits = [(w.text, [round(v, 1) for v in r]) for w in board.words for r in board.rects
            if overlap(box_of(w), r) and not inside(box_of(w), r)
            and not inside(r, box_of(w))]
    assert hits == []


def test_no_outline_runs_through_a_word(board):
    """Panels, circles, dice, arcs and arrows: no edge of their paths enters a word's box (the
    yard numbers' arrows touched the numbers)."""
    hits = []
    for w in board.words:
        box = box_of(w)
        for segments, cbox in zip(board.outlines, board.curve_boxes, strict=True):
            if overlap(box, cbox) and any(crosses(seg, box) for seg in segments):
                hits.append((w.text, [round(v, 1) for v in cbox]))
    assert hits == []


def _field(board: Sheet) -> Box:
    """The turf: the widest filled rectangle (end line to end line, sideline to sideline)."""
    return max(board.rects, key=lambda r: r[2] - r[0])


def test_no_field_line_crosses_a_word_a_die_or_a_circle(board):
    """Yard lines, sidelines and hash marks stop short of every character (the onside
    labels, the FG ranges, the yard numbers, the names turned along the end zones), of every
    die and of every Time Tracker circle."""
    field = grown(_field(board), 1)
    lines = [s for s in board.lines if inside((min(s[0][0], s[1][0]), min(s[0][1], s[1][1]),
                                               max(s[0][0], s[1][0]), max(s[0][1], s[1][1])),
                                              field)]
    assert len(lines) > 40                       # yard lines (in pieces) and hash marks
    small = [b for b in board.curve_boxes if b[2] - b[0] < 20 and b[3] - b[1] < 20
             and inside(b, field)]
    dice = [b for b in small if abs((b[2] - b[0]) - (b[3] - b[1])) < 0.1]
    assert len(dice) >= 7 + 7 + 6 + 6 + 14      # kickoff and onside dice, Time Tracker
    hits = [(c.text, [round(v, 1) for v in c.box]) for c in board.chars for s in lines
            if crosses(s, c.box)]
    hits += [("shape", [round(v, 1) for v in b]) for b in small for s in lines
             if crosses(s, b)]
    assert hits == []


def test_headings_stand_clear_of_their_boxes(board):
    """BONUS BAR over its places and PLAY TRACKER over its circles: the heading's box (the
    type size, from its descent) ends at least 1 pt above what it heads."""
    bonus = LAYOUT.length("panel.bonus_box")
    places = [r for r in board.rects if abs(r[2] - r[0] - bonus) < 0.1
              and abs(r[3] - r[1] - bonus) < 0.1]
    play = LAYOUT.length("panel.play_diameter")
    circles = [b for b in board.curve_boxes if abs(b[2] - b[0] - play) < 0.2]
    assert len(places) == 8 and len(circles) == 18
    for heading, under in (("BAR", places), ("TRACKER", circles)):
        found = [w for w in board.words if w.text == heading]
        assert len(found) == 2, heading
        for w in found:
            below = min(b[1] for b in under if b[0] < w.x1 + 60 and w.x0 - 60 < b[2])
            assert below - w.bottom >= 1.0, (heading, below - w.bottom)


def test_play_tracker_words_stay_in_their_column(board):
    """"reset" ran into "DEF RUSH" (away) and touched the HOME panel's edge: the Play
    Tracker's lines end inside the panel, clear of the score keeper's labels."""
    resets = [w for w in board.words if w.text == "reset"]
    assert len(resets) == 2
    panels = [b for b in board.curve_boxes if 250 < b[2] - b[0] < 262]    # 91 mm panels
    assert len(panels) == 2
    rush = [w for w in board.words if w.text == "RUSH" and w.size == 8.0]
    for w in resets:
        panel = next(p for p in panels if p[0] < w.x0 < p[2])
        assert inside(grown(box_of(w), 3), panel)
        assert all(not overlap(grown(box_of(w), 3), box_of(r)) for r in rush)


def test_time_tracker_triggers_by_each_end_zone(board):
    """What crosses Time Tracker circles and how many, from the rules object, printed twice:
    turned along each end zone, outside its end line, beside its TIME TRACKER heading."""
    assert board.text.count(TRIGGERS) == 2
    assert board.text.count("TIME TRACKER (top down) " + TRIGGERS) == 2
    field = _field(board)
    beside = [c for c in board.chars if c.box[1] < field[3] and field[1] < c.box[3]
              and (c.box[2] <= field[0] or c.box[0] >= field[2])]
    left = "".join(c.text for c in beside if c.box[2] <= field[0])
    right = "".join(c.text for c in beside if c.box[0] >= field[2])
    for side in (left, right):
        assert TRIGGERS.replace(" ", "") in side
    for c in beside:                     # along the end zone, between the sidelines
        assert field[1] <= c.box[1] and c.box[3] <= field[3]


def test_a_players_card_changes_the_triggers(workdir):
    Path("card.toml").write_text("[time_tracker]\ntouchdown = 3\nlost_possession = 2\n")
    assert run_cli("render", "postcard", "board", "--rules", "card.toml",
                   "--out", "c.pdf").code == 0
    text = read(Path("c.pdf").read_bytes()).text
    assert text.count("Cross 3 circles when scored on, 2 on losing the ball, 1 when your "
                      "Play Tracker fills (9); gain the stars.") == 2


def test_the_checks_see_a_line_through_a_word_and_words_on_top_of_each_other():
    """The checks above can fail: a line drawn through a word, two words overlapping, a word
    half in a box and a 7 pt word are all found."""
    from reportlab.pdfgen.canvas import Canvas

    from printkit.pdfdoc import register_fonts

    register_fonts()
    out = io.BytesIO()
    c = Canvas(out, pagesize=(400, 300))
    c.setFont("DejaVuSans", 8)
    c.drawString(100, 200, "ONSIDE")
    c.drawString(100, 150, "TWO")
    c.drawString(104, 151, "ONE")
    c.setFont("DejaVuSans", 9)
    c.drawString(110, 202, "DICE")
    c.setFont("DejaVuSans", 8)
    c.rect(50, 95, 40, 20)
    c.drawString(60, 110, "BONUS")
    c.setFont("DejaVuSans", 7)
    c.drawString(200, 50, "tiny")
    c.line(115, 170, 115, 250)
    c.showPage()
    c.save()
    sheet = read(out.getvalue())
    assert any(crosses(s, ch.box) for s in sheet.lines for ch in sheet.chars
               if ch.text == "S")
    words = {w.text: box_of(w) for w in sheet.words}
    assert overlap(words["ONSIDE"], words["DICE"])
    assert ("T", "O") in overlapping_chars(sheet.chars)
    assert overlap(words["BONUS"], sheet.rects[0]) and not inside(words["BONUS"], sheet.rects[0])
    assert [c.text for c in sheet.chars if c.size < 7.995] == list("tiny")


@pytest.mark.parametrize("toml,expected", [
    ('[charts]\nrow = "9 mm"\n',
     "my.toml:2: charts.row: expected the charts to end on the board, found them"),
    ('[board]\nwidth = "200 mm"\n',
     "my.toml:2: board.width: expected the charts to fit the board's width, found them"),
])
def test_a_layout_with_no_room_for_the_charts_is_refused(workdir, toml, expected):
    """Charts that would run off the board, or columns too narrow for their words (never
    squeezed under 8 pt): one line naming the value, exit 2, nothing written."""
    Path("my.toml").write_text(toml)
    result = run_cli("render", "postcard", "board", "--layout", "my.toml", "--out", "x.pdf")
    assert result.code == 2
    assert expected in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not Path("x.pdf").exists()
