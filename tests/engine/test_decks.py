"""Deck data: standard decks, BLOWOUT!!!'s designed decks, Luck of the Draw's cards."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit_engine import datafile
from printkit_engine.blowout.decks import DECKS_FILE, DeckDataError, load_decks, parse_decks
from printkit_engine.cardbowl.game import deck as cardbowl_deck
from printkit_engine.cardgrid.game import half_pack
from printkit_engine.cards import FULL_DECK, is_red, suit
from printkit_engine.decks import deck_file, standard_deck
from printkit_engine.decks import parse_decks as parse_standard
from printkit_engine.errors import ReadError
from printkit_engine.luckdraw.cards import CARDS_FILE, load_cards, parse_cards

ROOT = Path(__file__).resolve().parents[2]


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


def _edited(path, old: str, new: str) -> tuple[bytes, int]:
    """The shipped file with one edit, and the edited line's number."""
    text = path.read_text(encoding="utf-8")
    at = text.index(old)
    return text.replace(old, new, 1).encode(), text.count("\n", 0, at) + 1


R45 = '{ code = "R45", type = "run", yards = 45, count = 1 }'
D10 = '{ code = "D10", type = "defensive_play", yards = -10, count = 1 }'


@pytest.mark.parametrize("old, new, message", [
    (R45, R45.replace("45,", "110,"), "decks.offense.cards[1].yards: expected yards from 45 "
     "to 100 (outside the rules' range for run), found 110"),
    (R45, R45.replace('"run"', '"laser"'), 'decks.offense.cards[1].type: expected a type of '
     '[types] (run, pass, defensive_penalty, defensive_play, offensive_penalty, turnover, '
     'sack, challenge, kick), found "laser" (unknown type)'),
    ('{ code = "K25"', '{ code = "SACK", type = "sack", count = 1 },\n    { code = "K25"',
     "decks.special.cards[1].type: expected a type of the special deck, found sack (a sack "
     "card cannot be in special)"),
    ('code = "R50"', 'code = "R45"', "decks.offense.cards[2].code: expected each code once in "
     "the deck, found R45 twice (duplicate card codes)"),
    (D10, D10.replace("count = 1", "count = 0"), "decks.defense.cards[1].count: expected a "
     "whole number from 1 to 20, found 0"),
    (D10, D10.replace("count = 1", "count = nan"), "decks.defense.cards[1].count: expected "
     "a finite number, found nan"),
    (D10, D10.replace("count = 1", 'count = "1"'), "decks.defense.cards[1].count: expected "
     'a whole number, found "1"'),
    ("min = 45", "min = 145", "types.run.min: expected a whole number from -100 to 100, "
     "found 145"),
])
def test_blowout_loader_refuses_bad_data(old, new, message):
    raw, line = _edited(DECKS_FILE, old, new)
    with pytest.raises(ReadError) as err:          # DeckDataError is a ReadError
        parse_decks(datafile.parse(raw, "decks.toml"))
    assert str(err.value) == f"decks.toml:{line}: {message}"
    assert err.value.line == line and (isinstance(err.value, DeckDataError) or "nan" in new)


@pytest.mark.parametrize("game, old, new, message", [
    ("cardbowl", 'suits = "CDHS"', 'suits = "CDXS"', 'deal.suits: expected suits out of CDHS '
     'once each, found "CDXS"'),
    ("cardgrid", 'suits = "CH"', 'suits = ""', 'home.suits: expected suits out of CDHS once '
     'each, found ""'),
    ("cardbowl", "jokers = true", 'jokers = "yes"', 'deal.jokers: expected true or false, '
     'found "yes"'),
])
def test_standard_deck_loader_refuses_bad_data(game, old, new, message):
    raw, line = _edited(ROOT / "engine" / game / "decks.toml", old, new)
    with pytest.raises(ReadError) as err:
        parse_standard(datafile.parse(raw, "decks.toml"), game)
    assert str(err.value) == f"decks.toml:{line}: {message}"


def test_a_game_without_its_deck_file_or_a_deck_fails_naming_both(tmp_path):
    """A game's decks live in its package: a missing file or deck is an error naming the game
    and the piece, never a silent stand-in."""
    with pytest.raises(FileNotFoundError, match="game 'toyball': no deck file: its package "
                                                "has no decks.toml"):
        deck_file("toyball", tmp_path)
    (tmp_path / "decks.toml").write_text('[home]\ntitle = "t"\nsuits = "C"\n')
    path = deck_file("toyball", tmp_path)
    assert standard_deck("toyball", path, "home").cards[:2] == ("AC", "2C")
    with pytest.raises(LookupError, match="game 'toyball': its decks.toml has no deck 'away' "
                                          r"\(decks: home\)"):
        standard_deck("toyball", path, "away")


@pytest.mark.parametrize("old, new, message", [
    ("qb_players = [2, 5]", "qb_players = [5, 2]", "cards[16].qb_players: expected [low, high] "
     "with low <= high, found [5, 2]"),
    ("qb_players = [2, 5]", "qb_players = [2, 9]", "cards[16].qb_players[2]: expected a whole "
     "number from 2 to 8, found 9"),
    ("qb_players = [2, 5]", "qb_players = [2]", "cards[16].qb_players: expected a list of 2 "
     "items, found a list of 1"),
    ('code = "FBL"', 'code = "DP"', 'cards[2].code: expected a code no other card has, '
     'found "DP"'),
    ('per = "drive", event = "made field goal"', 'per = "game", event = "made field goal"',
     'cards[4].scoring[1].per: expected one of "occurrence", "drive", "bonus", found "game"'),
])
def test_luckdraw_loader_refuses_bad_data(old, new, message):
    raw, line = _edited(CARDS_FILE, old, new)
    with pytest.raises(ReadError) as err:
        parse_cards(datafile.parse(raw, "cards.toml"))
    assert str(err.value) == f"cards.toml:{line}: {message}"


def test_deck_files_read_with_a_bom():
    raw = b"\xef\xbb\xbf" + DECKS_FILE.read_bytes()
    assert parse_decks(datafile.parse(raw, "decks.toml")).deck("special").order == \
        load_decks().deck("special").order


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
