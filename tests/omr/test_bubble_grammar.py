"""The bubble grammar (engine/bubbles/) with PostCard's data: lines to shadings and back.
Expectations are typed by hand from docs/notation.md."""

from __future__ import annotations

import pytest

from printkit_engine.bubbles import EncodeError, decode, encode, sheet_form, split_record
from printkit_engine.postcard.bubbles import grammar
from printkit_engine.postcard.notation import VERBS


def _shaded(marks, slot):
    """The option text of each part of a slot's shading (None: blank)."""
    g = grammar()
    out = []
    for part, cols in zip(g.slot(slot).parts, marks[slot], strict=True):
        out.append("".join(part.columns[c][i] for c, i in enumerate(cols) if i is not None)
                   or None)
    return out


def test_a_rush_line_shades_what_it_writes():
    enc = encode(grammar(), "rush 5v3 H4 A2 = +10")
    assert _shaded(enc.marks, "action") == ["rush"]
    assert _shaded(enc.marks, "picks") == ["5", "3"]
    assert _shaded(enc.marks, "die1") == ["H", "4", None, None, None]
    assert _shaded(enc.marks, "die2") == ["A", "2", None, None, None]
    assert _shaded(enc.marks, "outcome") == [None, "+", "10"]
    assert enc.dropped == ()
    assert decode(grammar(), enc.marks) == "rush 5v3 H4 A2 = +10"


@pytest.mark.parametrize("line", [
    "kickoff H 4v3",
    "rush 1v2 A1/4+1 H4+1 = +5",
    "sack H3,4 = fumble",
    "run H4 A2 = pen O 10",
    "kick A3,5 = short 2",
    "fumble H6 A1 = H+5 TD AxA AxH AxA {H TRY}",
    "pressure H1 = L2",
    "punt 40 A5 H2 = ok",
    "try 2",
    "touchback {A 1&10 A25}",
    "run A2 H3+1 = tackle {A 1&G H5 sack}",
    "toss H5 A5 = tie",
])
def test_lines_come_back_as_written(line):
    assert decode(grammar(), encode(grammar(), line).marks) == line


def test_the_state_keeps_ball_down_spot_and_sack_only():
    enc = encode(grammar(), "toss H6 A1 = H {KO 0-0 T0/0 P0/0 B0/1}")
    assert decode(grammar(), enc.marks) == "toss H6 A1 = H {KO}"
    assert enc.dropped == ("0-0", "T0/0", "P0/0", "B0/1")
    # parts in any order are written back in the sheet's order
    assert sheet_form(grammar(), "run A1 H3 = tackle {A30 7-3 2&5 A}") == \
        "run A1 H3 = tackle {A 2&5 A30}"


@pytest.mark.parametrize("line", ["rush 7v3 H4 A2 = +10", "dance H4", "rush 5v3 H4 A2 H1 A1",
                                  "rush 5v3 H4 A2 = +100", "x" * 300])
def test_lines_the_sheet_cannot_hold_are_refused(line):
    with pytest.raises(EncodeError):
        encode(grammar(), line)


def test_every_action_has_a_bubble_and_the_punt_distances_come_from_the_rules():
    g = grammar()
    assert g.slot("action").parts[0].options == VERBS
    # rules.toml: punt targets 20..70 by 5; tries of 1 and 2 points
    assert g.slot("number").parts[0].options == ("1", "2", "20", "25", "30", "35", "40", "45",
                                                 "50", "55", "60", "65", "70")


def test_split_record_drops_comments_and_line_numbers():
    tags, lines = split_record(grammar(), '[Game "postcard"]\n\n; a comment\n12. knee\nknee\n')
    assert tags == [("Game", "postcard")]
    assert lines == [(4, "knee"), (5, "knee")]


def test_a_first_column_without_0_writes_and_reads_numbers_without_a_leading_0():
    """Part.first: the first digit column holds only the digits given (a score's hundreds:
    1 alone), so no bubble writes a leading 0; the other columns still hold 0-9."""
    from printkit_engine.bubbles import Part

    score = Part("home", digits=(1, 9, 9), first=(1,))
    assert score.columns == [("1",), tuple("0123456789"), tuple("0123456789")]
    written = dict(score.values())
    assert written["105"] == (0, 0, 5) and written["7"] == (None, None, 7)
    assert written["0"] == (None, None, 0) and written["70"] == (None, 7, 0)
    assert "07" not in written and "199" in written and "200" not in written
    assert score.read((0, 0, 5)) == "105" and score.read((None, 7, 0)) == "70"
    togo = Part("togo", digits=(9, 9), first=tuple(range(1, 10)), last=(0, 5))
    assert togo.columns == [tuple("123456789"), ("0", "5")]
    assert sorted(dict(togo.values()), key=int)[:4] == ["0", "5", "10", "15"]


def _toy():
    """A toy line `go 12 to 30 | note words`: the `to` part has no bubbles (Part.left_off),
    the note field ends at the next `|` (Segment.stop); typed here, not PostCard's."""
    from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot

    verb = Slot("verb", (Part("verb", ("go", "stop")),))
    move = Slot("move", (Part("yards", digits=(9, 9)),
                         Part("to", digits=(5, 9), prefix=" to ", left_off=True)))
    end = Slot("end", (Part("end", ("end",)),))
    return Grammar("toy", (verb, move, end), (Form("", (
        Segment("", ("verb", "move"), always=True),
        Segment(" | ", (), mode="set", stop=" |", leaves=str.isalpha),
        Segment(" | ", ("end",)))),))


def test_a_part_left_off_has_no_bubbles_and_is_reported():
    from printkit_engine.bubbles import bubble_cells

    g = _toy()
    assert [len(p.columns) for p in g.slot("move").parts] == [2, 0]
    assert g.bubbles == 2 + 20 + 1
    assert not any(slot == "move" and part == 1 for slot, part, _, _ in bubble_cells(g))
    enc = encode(g, "go 12 to 30")
    assert enc.dropped == ("to 30",)
    assert decode(g, enc.marks) == "go 12"
    assert encode(g, "go 12").marks == enc.marks
    with pytest.raises(EncodeError):        # the part left off is never a whole token
        encode(g, "go to 30")


def test_a_set_segment_stops_at_the_next_field():
    g = _toy()
    enc = encode(g, "go 5 to 9 | two words | end")
    assert enc.dropped == ("to 9", "two", "words")          # in the line's order
    assert decode(g, enc.marks) == "go 5 | end"
    assert encode(g, "stop | note").dropped == ("note",)
    with pytest.raises(EncodeError):        # a word the segment may not leave off
        encode(g, "stop | 12 | end")


def test_the_plain_sheet_lines_leave_off_blanks_comments_and_named_lines():
    from printkit_engine.bubbles import PlainLines

    plain = PlainLines()
    assert plain.on_sheet("   ") is None and plain.on_sheet("  ; a note") is None
    assert plain.on_sheet("rush 5v3 H4 ; kept: no trailing comments") == \
        "rush 5v3 H4 ; kept: no trailing comments"
    trailing = PlainLines(trailing_comment=True)
    assert trailing.on_sheet("PTD td P1 6 ; the try") == "PTD td P1 6"
    assert trailing.on_sheet('[Home "A; B"]') == '[Home "A; B"]'     # a tag keeps its `;`
    cards = PlainLines(leave_off=("cards",))
    assert cards.on_sheet("cards: 7H 2C") is None and cards.on_sheet("1 & 10 @ 20") is not None
    assert PlainLines(comment="#").on_sheet("# passage 3") is None
    assert plain.spread("total P1 3 P2 4") == ("total P1 3 P2 4",)
    assert plain.rewrite("x\n", "f.rec", {}) is None


def test_every_grammar_bends_the_plain_way_only_through_its_sheet_lines():
    """No callables on a grammar: a game's own way of putting lines on sheets is a class in
    its package (Grammar.lines), so the bubble code names no game."""
    import dataclasses

    from printkit_engine import registry
    from printkit_engine.bubbles import Grammar, logs_of

    fields = {f.name for f in dataclasses.fields(Grammar)}
    assert not fields & {"spread", "rewrite", "leave_off", "trailing_comment", "comment"}
    for game_id in registry.GAMES:
        top = registry.get(game_id).bubbles()
        for g in (*logs_of(top), top.book, top.dense):
            if g is None:
                continue
            lines = type(g.lines)
            own = ("printkit_engine.bubbles.lines", "printkit_engine.decisions.lines")
            # the plain way, a decision log's (set by data), or the game's own package's
            # (Card Bowl's decision sheet: engine/cardbowl/sheetlines.py)
            assert lines.__module__ in own or lines.__module__.startswith(
                f"printkit_engine.{game_id}."), (game_id, lines)


def test_line_kinds_put_each_line_on_the_next_line_that_holds_it():
    """Card Bowl's decision sheet: five play rows, then a "more" row. A play row's line goes
    on the next play row, a "more" line on the next "more" row, the lines passed over left
    blank (positions typed by hand: lines 0-4 play rows, 5 "more", 6-10 play rows, 11)."""
    from printkit_engine.bubbles import lines_passed, placed_lines
    from printkit_engine.cardbowl.decisions import decision_log

    g = decision_log().grammar
    assert placed_lines(g, ["kickoff more", "run", "kicksA XP = 7", "tb0"]) == [
        "kickoff more", "run", None, None, None, "kicksA XP = 7",
        None, None, None, None, None, "tb0"]
    assert lines_passed(g, {"play"}, 5) == 1 and lines_passed(g, {"score"}, 6) == 5
    with pytest.raises(EncodeError, match="no line of a band"):
        lines_passed(g, {"play", "score"}, 0)          # a play and its score: two lines


def test_line_kinds_must_name_every_line_of_the_band_and_only_slots_with_bubbles():
    from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot

    slots = (Slot("a", (Part("a", ("x",)),)), Slot("b", (Part("b", ("y",)),)))
    form = (Form("", (Segment("", ("a", "b")),)),)
    band = (((0, 0),), ((1, 0),))
    assert Grammar("t", slots, form, band=band, line_slots=(("a",), ("b",))).line_kind(1) \
        == ("b",)
    with pytest.raises(ValueError, match="names 1 lines, the band has 2"):
        Grammar("t", slots, form, band=band, line_slots=(("a", "b"),))
    with pytest.raises(ValueError, match="on no line"):
        Grammar("t", slots, form, band=band, line_slots=(("a",), ("a",)))
