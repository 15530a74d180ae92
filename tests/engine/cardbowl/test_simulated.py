"""Whole Card Bowl games played by the bots: they verify clean, keep the text oracle's
invariants (tests/oracle/cardbowl_text.py, which shares nothing with the engine), draw every
kick from the top of the play book's deal for its play, and keep the clock as the rules'
Complex Timing says."""

from __future__ import annotations

import re
from functools import cache

import pytest

from printkit_engine.cardbowl.bots import game_seed, play_game
from printkit_engine.cardbowl.game import GAME
from printkit_engine.cardbowl.game import deck as cardbowl_deck
from printkit_engine.cardbowl.verify import verify_text
from tests.oracle.cardbowl_text import check

GAMES = 40
PLAY = re.compile(r"^(\d & (\d+|goal) @ |Kickoff|Free kick|Onside kick|Try|2 pt)")
TIME = re.compile(r"\t(\d{1,2}):(\d{2})(\t|$)")


@cache
def simulated(k: int) -> str:
    return play_game(game_seed("sim", k)).text()


@pytest.mark.parametrize("k", range(1, GAMES + 1))
def test_simulated_games_verify_clean(k):
    report = verify_text(simulated(k), f"sim-{k:04d}.rec")
    assert report.findings == [], report.to_text()


def test_simulated_games_keep_the_oracles_invariants():
    for k in range(1, GAMES + 1):
        assert check(simulated(k)) == [], k


def test_kick_cards_are_the_top_of_their_plays_deal():
    """Play K (kickoffs, scrimmage lines and tries counted from 1) draws from the play
    book's deal/K: a cards line lists its first cards (docs/notation.md, C9)."""
    checked = 0
    for k in range(1, 11):
        seed, number = game_seed("sim", k), 0
        for line in simulated(k).splitlines():
            if PLAY.match(line):
                number += 1
            if "cards: " not in line:
                continue
            cards = line.split("cards: ")[1].replace("/", " ").split()
            top = GAME.book.stream(seed, f"deal/{number}").shuffle(cardbowl_deck())
            assert cards == top[: len(cards)], (seed, number, line)
            checked += 1
    assert checked > 100


def test_the_clock_runs_down_each_quarter():
    """180 intervals of 5 s a quarter: within a quarter the time written never goes up;
    the quarters end in order, the two-minute warning comes in the 2nd and 4th quarters."""
    for k in range(1, 11):
        text = simulated(k)
        markers = [line for line in text.splitlines()
                   if line in ("Q2", "Halftime", "Q4", "End of game", "Two-minute warning")]
        assert [m for m in markers if m != "Two-minute warning"] == ["Q2", "Halftime", "Q4",
                                                                      "End of game"]
        assert markers.count("Two-minute warning") <= 2
        left = 15 * 60
        for line in text.splitlines():
            if line in ("Q2", "Halftime", "Q4"):
                left = 15 * 60
            if m := TIME.search(line):
                now = int(m[1]) * 60 + int(m[2])
                assert now <= left and now % 5 == 0, (k, line)
                left = now


def test_same_seed_same_game():
    assert play_game(game_seed("sim", 3)).text() == simulated(3)
    assert play_game(game_seed("sim", 4)).text() != simulated(3)


def test_a_game_has_every_kind_of_play():
    """Across a few games the bots run every play the rules have."""
    words = " ".join(simulated(k) for k in range(1, 21))
    for play in ("Kickoff\t", "\trun ", "\tpass ", "pass inc.", "\tscreen ", "\tlateral ",
                 "\tsneak ", "\tscramble ", "\tsack ", "punt ", "fair catch", "yd FG good",
                 "FG no good", "Try\tkick good", "yd pen. vs.", "fumble", "int.", "touchback",
                 "Two-minute warning", ", TD"):
        assert play in words, play


def test_a_class_match_is_played_with_its_teams():
    """A class's match (bench/class_drill.py): the bots play its seed under its team names."""
    text = play_game("class-m1", home="Owls", away="Rams").text()
    assert '[Home "Owls"]' in text and '[Away "Rams"]' in text
    headings = {line for line in text.splitlines() if line.startswith("#### ")}
    assert headings == {"#### Owls", "#### Rams"}
    assert verify_text(text, "m1.rec").findings == []
