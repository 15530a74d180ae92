"""Several record lines on one band (engine/bubbles/: forms with newlines), as a written
log keeps a team heading and a clock marker in its Team and Clock columns beside a play. A toy
grammar written here; every expectation typed by hand."""

from __future__ import annotations

import pytest

from printkit.omr import Scanned
from printkit.omr.payload import SheetId
from printkit.omr.read import SheetRead
from printkit_engine.bubbles import (
    BandNumber,
    EncodeError,
    Form,
    Grammar,
    Part,
    Segment,
    Slot,
    decode,
    encode,
    join_lines,
    left_off_lines,
    sheet_record,
    split_record,
)

SLOTS = (
    Slot("kind", (Part("kind", ("run", "change")),)),
    Slot("marker", (Part("marker", ("Q2", "Halftime")),)),
    Slot("change", (Part("change", ("---",)),)),
    Slot("team", (Part("team", ("%Home%", "%Away%")),)),
    Slot("gain", (Part("yards", digits=(9, 9)),)),
)
HEAD = (Segment("", ("marker",), trail="\n"), Segment("", ("change",), trail="\n"),
        Segment("#### ", ("team",), trail="\n"))
TOY = Grammar("toy", SLOTS, (Form("run", (*HEAD, Segment("run ", ("gain",), always=True))),
                             Form("change", (Segment("", ("change",), always=True),))),
              kind="kind")
RECORD = """[Home "Steelers"]
[Away "Cowboys"]

#### Cowboys
run 3
run 12
Q2
run 4

Halftime

---

#### Steelers
run 40
---
"""


def test_headings_and_markers_join_the_band_of_the_line_after_them():
    tags, lines = split_record(TOY, RECORD)
    assert tags == [("Home", "Steelers"), ("Away", "Cowboys")]
    # a band is numbered as its first line and knows the number of every line it holds
    assert lines == [(4, "#### Cowboys\nrun 3"), (6, "run 12"), (7, "Q2\nrun 4"),
                     (10, "Halftime\n---\n#### Steelers\nrun 40"), (16, "---")]
    assert [getattr(n, "lines", None) for n, _ in lines] == [
        (4, 5), None, (7, 8), (10, 12, 14, 15), None]


def test_a_band_of_several_lines_is_shaded_once_and_written_back_as_its_lines():
    tags = {"Home": "Steelers", "Away": "Cowboys"}
    enc = encode(TOY, "Halftime\n---\n#### Steelers\nrun 40", tags)
    assert enc.marks == {"kind": ((0,),), "marker": ((1,),), "change": ((0,),),
                         "team": ((0,),), "gain": ((4, 0),)}
    assert decode(TOY, enc.marks, tags) == "Halftime\n---\n#### Steelers\nrun 40"


def test_a_line_no_band_can_take_keeps_its_own_number():
    lines = join_lines(TOY, [(1, "Q2"), (2, "kneel"), (3, "run 5")])
    assert lines == [(1, "Q2"), (2, "kneel"), (3, "run 5")]
    with pytest.raises(EncodeError):
        encode(TOY, "kneel")


def test_lines_are_never_joined_out_of_order():
    # `---` after the play it follows stays a band of its own; a heading with no play after
    # it cannot be a band at all, and is left to be named by its own number
    assert join_lines(TOY, [(1, "run 5"), (2, "---"), (3, "#### Cowboys")]) == \
        [(1, "run 5"), (2, "---"), (3, "#### Cowboys")]


def test_the_most_lines_a_band_holds_are_joined_even_through_a_line_that_is_no_band():
    # "Halftime" and "Halftime\n---" are no band of this grammar; the four lines are one
    assert join_lines(TOY, [(1, "Halftime"), (2, "---"), (3, "#### %Home%"), (4, "run 1")]) \
        == [(1, "Halftime\n---\n#### %Home%\nrun 1")]


def test_a_scanned_band_of_several_lines_is_that_many_record_lines_of_its_number():
    read = SheetRead(SheetId("toy", "letter", 1, (), "k"), [
        (1, "#### %Away%\nrun 3"), (2, None), (3, "run 4")], {})
    scanned = Scanned("toy", [("Game", "toy")], [("photo.png", read)])
    assert [(n, t) for _, _, n, t in scanned.lines()] == \
        [(1, "#### %Away%"), (1, "run 3"), (2, None), (3, "run 4")]


def test_the_sheet_form_of_a_record_holds_every_joined_line():
    assert sheet_record(TOY, RECORD).splitlines()[4:] == [
        "#### Cowboys", "run 3", "run 12", "Q2", "run 4", "Halftime", "---", "#### Steelers",
        "run 40", "---"]


def test_what_a_band_leaves_off_is_named_by_the_line_it_is_on():
    number = BandNumber((4, 6, 9))
    band = "---\n#### Steelers\n1 & 10 @ 16\trun 4\t7-0 Steelers\tcards: JS"
    assert left_off_lines(number, band, ("7-0", "Steelers", ": JS")) == [
        (9, ("7-0", "Steelers", ": JS"))]
    assert left_off_lines(BandNumber((2, 3)), "x 1 ; a\ny 2 ; b", ("; a", "; b")) == [
        (2, ("; a",)), (3, ("; b",))]
    assert left_off_lines(5, "run 3\t7-0", ("7-0",)) == [(5, ("7-0",))]
    assert left_off_lines(5, "run 3", ()) == []


def test_a_band_holds_as_many_lines_as_a_form_has_newlines_and_one():
    # the toy's run form: marker, `---`, team heading, each ending in a newline, then the run
    assert TOY.most_lines == 4
    assert Grammar("flat", SLOTS, (Form("", (Segment("run ", ("gain",), always=True),)),)
                   ).most_lines == 1
