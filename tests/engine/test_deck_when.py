"""BLOWOUT!!! deck data: every card says when it may be played (B15), once, in the data."""

from __future__ import annotations

import pytest

from printkit_engine import datafile
from printkit_engine.blowout.decks import DECKS_FILE, DeckDataError, load_decks, parse_decks


def test_every_card_has_a_when_from_its_type_or_itself():
    decks = load_decks()
    offense, defense = decks.deck("offense"), decks.deck("defense")
    assert offense.card("R45").timing == ('On the snap ("Hut, hut, hike!"), together with the '
                                          "DEFENSE's card.")
    assert offense.card("DP-PI").timing == ("After DEFENSE plays their card (only if OFFENSE "
                                            "plays a PASS play).")
    assert defense.card("OP-DOG").timing == "Instead of a DEFENSE play."
    assert defense.card("SACK").timing == "In response to a PASS play."
    assert defense.card("SACK").effect == "OFFENSE loses 10 yards and a down."
    assert decks.deck("special").card("K40").timing == ("On FOURTH DOWN, instead of an "
                                                        "OFFENSE card.")
    for deck in decks.decks.values():
        for card in deck.cards:
            assert card.timing and card.effect, card.code
            assert card.timing not in card.effect     # the when is not typed twice


def test_a_card_without_a_when_is_refused_on_its_line():
    text = DECKS_FILE.read_text(encoding="utf-8")
    old = 'when = "Instead of a DEFENSE play."\n'
    at = text.index(old)
    line = text.count("\n", 0, text.index('code = "OP-DOG"')) + 1
    raw = (text[:at] + text[at + len(old):]).encode()
    with pytest.raises(DeckDataError) as err:
        parse_decks(datafile.parse(raw, "decks.toml"))
    assert str(err.value) == (f"decks.toml:{line - 1}: decks.defense.cards[18].code: expected a "
                              "`when` on the card or its type offensive_penalty (when OP-DOG "
                              "may be played), found none")
