"""Deck data: standard decks, BLOWOUT!!!'s designed decks, Luck of the Draw's cards."""

from __future__ import annotations

import copy
import tomllib

import pytest

from engine.blowout.decks import DECKS_FILE, DeckDataError, load_decks, parse_decks
from engine.cardbowl.game import deck as cardbowl_deck
from engine.cardgrid.game import half_pack
from engine.cards import FULL_DECK, is_red, suit
from engine.luckdraw.cards import load_cards


def cardgrid_half(side):
    return half_pack(side).cards


def blowout_deck(name):
    return load_decks().deck(name).order


def luckdraw_cards():
    return load_cards().codes

LOTD = ["DP", "FBL", "FDN", "FG", "INT", "IR/TO", "MFG", "OP", "P", "PTD", "RTD", "XP/S",
        "SACK", "STTD", "TE", "TOD"]


def test_cardbowl_deck_is_the_54_card_canonical_deck():
    deck = cardbowl_deck()
    assert deck == FULL_DECK and len(set(deck)) == 54
    assert deck[:3] == ("AC", "2C", "3C") and deck[-2:] == ("BJ", "RJ")


def test_cardgrid_half_packs():
    home, away = cardgrid_half("home"), cardgrid_half("away")
    assert len(home) == len(away) == 26
    assert {suit(c) for c in home} == {"C", "H"} and {suit(c) for c in away} == {"D", "S"}
    assert set(home).isdisjoint(away) and set(home) | set(away) == set(FULL_DECK[:52])
    # "each half comprising one complete red suit and one complete black suit"
    assert sum(map(is_red, home)) == sum(map(is_red, away)) == 13
    assert home[:2] == ("AC", "2C") and home[13] == "AH"
    with pytest.raises(ValueError):
        cardgrid_half("middle")


def test_blowout_deck_sizes_and_types():
    decks = load_decks()
    assert [len(blowout_deck(d)) for d in ("offense", "defense", "special")] == [40, 40, 12]
    types = {d: {c.type.key for c in decks.deck(d).cards} for d in decks.decks}
    assert types["offense"] == {"run", "pass", "defensive_penalty", "challenge"}
    assert types["defense"] == {"defensive_play", "offensive_penalty", "turnover", "sack",
                                "challenge"}
    assert types["special"] == {"kick"}
    names = {c.name for d in decks.decks.values() for c in d.cards if c.name}
    assert {"OFFSIDES", "PASS INTERFERENCE", "HOLDING", "DELAY OF GAME", "INTERCEPTION",
            "FUMBLE", "SACK!", "CHALLENGE"} <= names


def test_blowout_values_inside_the_rules_ranges():
    ranges = {"run": (45, 100), "pass": (15, 100), "defensive_play": (-100, -10)}
    for deck in load_decks().decks.values():
        for card in deck.cards:
            if card.type.key in ranges:
                low, high = ranges[card.type.key]
                assert low <= card.yards <= high, card.code
                assert card.yards % 5 == 0
    offense = load_decks().deck("offense")
    assert offense.card("R100").label == "100"
    assert load_decks().deck("defense").card("D60").label == "-60"
    assert offense.order[:3] == ("R45", "R50", "R55")


def _raw() -> dict:
    with DECKS_FILE.open("rb") as fh:
        return tomllib.load(fh)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["decks"]["offense"]["cards"][0].update(yards=110), "outside the rules' range"),
    (lambda d: d["decks"]["offense"]["cards"][0].update(type="laser"), "unknown type"),
    (lambda d: d["decks"]["special"]["cards"].append(
        {"code": "SACK", "type": "sack", "count": 1}), "cannot be in special"),
    (lambda d: d["decks"]["offense"]["cards"][1].update(code="R45"), "duplicate"),
    (lambda d: d["decks"]["defense"]["cards"][0].update(count=0), "count"),
])
def test_blowout_loader_refuses_bad_data(change, message):
    data = copy.deepcopy(_raw())
    change(data)
    with pytest.raises(DeckDataError, match=message):
        parse_decks(data)


def test_luckdraw_cards_and_scoring():
    cards = load_cards()
    assert list(luckdraw_cards()) == LOTD
    assert cards.card("PTD").scoring[0].points == 6
    assert cards.card("STTD").scoring[0].points == 8
    assert cards.card("FG").scoring[0].per == "drive"
    assert [s.points for s in cards.card("P").scoring] == [2, 3, 3, 2]
    assert cards.qb_fixed(5) == ("INT", "PTD", "TOD")
    assert cards.qb_fixed(6) == ("INT", "PTD")


def test_blowout_doc_lists_every_card_with_its_count():
    """docs/rules/blowout.md prints the deck lists; keep them equal to the data file."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "blowout.md").read_text()
    for name, title in (("offense", "OFFENSE"), ("defense", "DEFENSE"),
                        ("special", "SPECIAL TEAMS")):
        section = doc.split(f"### {title}\n", 1)[1].split("###", 1)[0]
        deck = load_decks().deck(name)
        for card in deck.cards:
            assert f"| `{card.code}` | {card.type.title} | {card.label} | {card.count} |" in section
        assert f"**{len(deck.order)}**" in section
