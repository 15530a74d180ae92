"""Several record lines a band (engine/bubbles/ `Grammar.band`, printkit/omr/geometry.py):
a toy grammar of a long slot and a short one, two lines a band laid out as BLOWOUT!!!'s (the
long rows above and below, the short ones side by side between). Positions typed by hand from
the blowout layout's sizes: pitch 2.6 mm, part gap 0.7 mm, slot gap 3.2 mm."""

from __future__ import annotations

from dataclasses import replace

import pytest

from printkit.layout import load_layout
from printkit.omr.geometry import sheet_geometry
from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot, lines_per_band

MM = 72 / 25.4
LONG = Slot("long", (Part("long", tuple("ABCDEFGHIJ")),))            # 10 bubbles: 26 mm
SHORT = Slot("short", (Part("short", ("x", "y")),), new_row=True)   # 2 bubbles: 5.2 mm
TOY = Grammar("toy", (LONG, SHORT), (Form("", (Segment("", ("long", "short")),)),))
BAND = (((0, 0),), ((0, 1), (1, 1)), ((1, 0),))


def _geo(grammar: Grammar, paper: str = "letter"):
    return sheet_geometry(grammar, load_layout("blowout-bubblelog"), paper)


def test_one_line_a_band_without_band():
    geo = _geo(TOY)
    assert (lines_per_band(TOY), geo.per_band, geo.rows, geo.lines) == (1, 1, 2, geo.bands)
    assert {b.line for b in geo.bubbles} == {0} and geo.pointers == ()


def test_two_lines_a_band_in_three_rows():
    toy = replace(TOY, band=BAND)
    geo = _geo(toy)
    assert (lines_per_band(toy), geo.per_band, geo.rows) == (2, 2, 3)
    assert geo.lines == 2 * geo.bands
    assert geo.line_rows == ((0, 1), (2, 1))         # each line's numbered row first
    assert geo.headings == (0, 1)                    # row 2 is laid out as row 0
    placed = {(p.line, p.slot.name): (p.row, round(p.x / MM, 2)) for p in geo.placed}
    # the middle row: an arrow's pitch, line 1's short slot (5.2 mm), a slot gap, an arrow's
    # pitch, line 2's: 2.6, then 2.6 + 5.2 + 3.2 + 2.6 = 13.6
    assert placed == {(0, "long"): (0, 0.0), (0, "short"): (1, 2.6),
                      (1, "short"): (1, 13.6), (1, "long"): (2, 0.0)}
    assert [(row, round(x / MM, 2), line) for row, x, line in geo.pointers] == [
        (1, 1.3, 0), (1, 12.3, 1)]
    assert [geo.pointer(row, line) for row, _, line in geo.pointers] == ["up", "down"]
    # the middle row's timing squares: both ends, and halfway through the slot gap between
    # the pieces (line 2's piece starts at 2.6 + 5.2 + 3.2 = 11.0: 11.0 - 1.6 = 9.4)
    assert [round(x / MM, 2) for x in geo.refs[1][1:-1]] == [9.4]
    groups = {k[:2] for k in geo.groups}
    assert groups == {(0, "long"), (0, "short"), (1, "long"), (1, "short")}
    assert geo.key != _geo(TOY).key


@pytest.mark.parametrize(("band", "why"), [
    ((((0, 0),), ((0, 1), (1, 1))), "must be in it once"),                  # line 2 row 0 missing
    ((((0, 0), (1, 0)), ((0, 1), (1, 1))), "a band row of its own"),        # numbers would meet
])
def test_a_band_that_cannot_be_drawn_is_refused(band, why):
    with pytest.raises(ValueError, match=why):
        _geo(replace(TOY, band=band))
