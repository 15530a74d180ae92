"""A slot drawn as a table's columns (`Slot.heads`, Luck of the Draw's decision sheet): its
bubbles are the layout's least width at the layout's pitch, whatever their words, and the
sheet makes room over its first band for the words turned upright; a grammar without such a
slot has no such room (every other sheet as it was). Sizes typed here, not taken from the
layout: the decision sheets' 4 mm bubbles on a 5 mm pitch."""

from __future__ import annotations

from printkit.layout import load_layout
from printkit.omr.geometry import sheet_geometry
from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot

MM = 72 / 25.4
WORDS = ("a", "overturned", "touchback")


def _grammar(heads: bool) -> Grammar:
    slot = Slot("event", (Part("event", WORDS),), heads=heads)
    return Grammar("toy", (slot,), (Form("", (Segment("", ("event",)),)),),
                   variant="decisions")


def test_a_table_column_is_a_least_width_bubble_on_the_pitch():
    layout = load_layout("luckdraw-bubblelog")
    geo = sheet_geometry(_grammar(True), layout, "a4")
    assert [b.w for b in geo.bubbles] == [0.0, 0.0, 0.0]          # the layout's width: 4 mm
    assert round(geo.bubble_w / MM, 2) == 4.0
    xs = [b.x / MM for b in geo.bubbles]
    assert [round(b - a, 2) for a, b in zip(xs, xs[1:], strict=False)] == [5.0, 5.0]
    # the words in ovals instead: each oval as wide as its word, the long ones wider than 4 mm
    ovals = sheet_geometry(_grammar(False), layout, "a4")
    assert ovals.bubbles[1].w > 4.5 * MM and ovals.bubbles[2].w > 4.5 * MM


def test_room_over_the_first_band_only_with_a_table():
    layout = load_layout("luckdraw-bubblelog")
    table = sheet_geometry(_grammar(True), layout, "a4")
    plain = sheet_geometry(_grammar(False), layout, "a4")
    assert plain.heads == 0.0
    # "overturned" at 8 pt bold is over 15 mm long; the room is the longest word and air
    assert 15 * MM < table.heads < 25 * MM
    assert round(table.first_band - plain.first_band, 3) == round(table.heads, 3)
