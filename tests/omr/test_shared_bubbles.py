"""`Slot.shares` (engine/bubbles/): a slot shaded on another slot's bubbles, for two kinds of
line that never use both. A toy grammar of two kinds written here, every expectation typed by
hand."""

from __future__ import annotations

import pytest

from printkit.layout import load_layout
from printkit.omr.geometry import sheet_geometry
from printkit_engine.bubbles import (
    Encoded,
    Form,
    Grammar,
    Part,
    Segment,
    Slot,
    blank_marks,
    bubble_cells,
    decode,
    encode,
)

KIND = Slot("kind", (Part("kind", ("play", "kick")),))
GAIN = Slot("gain", (Part("sign", ("+", "-")), Part("yards", digits=(9, 9))), title="yards")
KICK = Slot("kick", (Part("sign", (" to ", " to -")), Part("yards", digits=(9, 9))),
            shares="gain")
FORMS = (Form("play", (Segment("run ", ("gain",), always=True),)),
         Form("kick", (Segment("kick", ("kick",), always=True),)))


def toy(*slots: Slot, forms: tuple[Form, ...] = FORMS) -> Grammar:
    return Grammar("toy", slots, forms, kind="kind")


def test_a_shared_slot_is_shaded_on_its_hosts_bubbles():
    g = toy(KIND, GAIN, KICK)
    enc = encode(g, "kick to -12")
    assert enc.marks == {"kind": ((1,),), "gain": ((1,), (1, 2))}
    assert dict(enc.tokens) == {"kind": "kick", "kick": " to -12"}
    assert encode(g, "run -12").marks == {"kind": ((0,),), "gain": ((1,), (1, 2))}


def test_the_kind_says_which_slot_the_shared_bubbles_write():
    g = toy(KIND, GAIN, KICK)
    marks = {"kind": ((1,),), "gain": ((0,), (None, 7))}
    assert decode(g, marks) == "kick to 7"
    assert decode(g, {**marks, "kind": ((0,),)}) == "run +7"


def test_a_shared_slot_has_no_bubbles_of_its_own():
    g = toy(KIND, GAIN, KICK)
    assert g.bubbles == 2 + 2 + 10 + 10
    assert {s for s, *_ in bubble_cells(g)} == {"kind", "gain"}
    assert set(blank_marks(g)) == {"kind", "gain"}
    geo = sheet_geometry(g, load_layout("cardbowl-bubblelog"), "letter")
    assert {b.slot for b in geo.bubbles} == {"kind", "gain"}
    assert [p.slot.name for p in geo.placed] == ["kind", "gain"]
    alone = sheet_geometry(toy(KIND, GAIN, forms=FORMS[:1]), load_layout("cardbowl-bubblelog"),
                           "letter")
    assert [(b.slot, b.x, b.row) for b in geo.bubbles] == \
        [(b.slot, b.x, b.row) for b in alone.bubbles]


@pytest.mark.parametrize(("slots", "forms", "message"), [
    ((KIND, KICK), FORMS[1:], "kick shares 'gain', which is not a slot"),
    ((KIND, GAIN, Slot("kick", (Part("yards", digits=(9, 9)),), shares="gain")), FORMS,
     "kick shares gain's bubbles but not their shape (((10, 10),) against ((2,), (10, 10)))"),
    ((KIND, GAIN, KICK), (Form("play", (Segment("run ", ("gain", "kick")),)),),
     "form 'play' writes both kick and gain, which share bubbles"),
    ((KIND, GAIN, KICK, Slot("punt", KICK.parts, shares="kick")), FORMS,
     "punt shares 'kick', which is not a slot with bubbles of its own"),
])
def test_a_grammar_that_shares_wrongly_is_refused(slots, forms, message):
    with pytest.raises(ValueError, match="^slot |^form ") as exc:
        toy(*slots, forms=forms)
    assert message in str(exc.value)


def test_a_grammar_without_shared_slots_encodes_as_before():
    enc = encode(toy(KIND, GAIN, forms=FORMS[:1]), "run +5")
    assert enc == Encoded({"kind": ((0,),), "gain": ((0,), (None, 5))}, (),
                          (("gain", "+5"), ("kind", "play")))
