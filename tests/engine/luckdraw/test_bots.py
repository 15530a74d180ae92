"""Simulated Luck of the Draw games: the verifier finds them clean (a round trip), and
invariants checked from the transcript text alone, with the cheat sheet's points typed here."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from printkit_engine.luckdraw.bots import game_seed, play_game
from printkit_engine.luckdraw.verify import verify_text

# the rules' "Game Card Scoring Cheat Sheet", typed by hand: (card, event word) -> points
POINTS = {("DP", "penalty"): 1, ("FBL", "fumble"): 4, ("FBL", "td"): 3, ("FDN", "first"): 1,
          ("FDN", "markers"): 1, ("FG", "made"): 3, ("INT", "int"): 4, ("INT", "td"): 3,
          ("IR/TO", "review"): 2, ("IR/TO", "overturned"): 1, ("IR/TO", "timeout"): 2,
          ("MFG", "missed"): 3, ("MFG", "blocked"): 2, ("MFG", "td"): 3, ("OP", "penalty"): 1,
          ("P", "punt"): 2, ("P", "blocked"): 3, ("P", "td"): 3, ("P", "inside"): 2,
          ("PTD", "td"): 6, ("RTD", "td"): 6, ("XP/S", "xp"): 1, ("XP/S", "2pt"): 2,
          ("XP/S", "safety"): 2, ("SACK", "sack"): 2, ("STTD", "td"): 8,
          ("STTD", "touchback"): 2, ("TE", "expires"): 3, ("TE", "reset"): 2,
          ("TOD", "fourth"): 4, ("TOD", "short"): 1, ("TOD", "none"): 1}
PENALTIES = {"delay": 2, "procedure": 3, "conduct": 4}
NO_TRADES_FROM = {"Q1": 1, "Q2": 2, "Q3": 3, "Q4": 4, "full": 4}
PERIODS = ("Q1", "Q2", "Q3", "Q4", "OT")


def check_invariants(text: str) -> Counter:
    """Every rule the transcript shows, re-checked from its words; returns line kinds."""
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]$', text, re.M))
    players = int(tags["Players"])
    seats = range(1, players + 1)
    totals = dict.fromkeys(seats, 0)
    audible = dict.fromkeys(seats, 0)
    best = dict.fromkeys(seats, -99)
    drive_pts: dict[int, int] = {}
    hands: dict[int, list[str]] = {}
    calls: dict[int, str] = {}
    period, drive, qb = 1, 0, 0
    kinds: Counter = Counter()
    for line in text.splitlines():
        w = line.split()
        if not w or line.startswith("["):
            continue
        kinds[w[0] if w[0] in ("drive", "deal", "side", "trade", "call", "audible",
                               "penalty", "total", "winner") or w[0] in PERIODS else "event"] += 1
        if w[0] in PERIODS:
            assert PERIODS.index(w[0]) + 1 == period + (w[0] != "Q1")
            period = PERIODS.index(w[0]) + 1
        elif w[0] == "drive":
            for s in seats:
                best[s] = max(best[s], drive_pts.get(s, -99))
            drive += 1
            assert w[1] == str(drive)
            qb = (drive - 1) % players + 1
            assert w[3] == f"P{qb}"
            hands, calls, drive_pts = {}, {}, dict.fromkeys(seats, 0)
        elif w[0] == "deal":
            hands[int(w[1][1:])] = w[2:]
            assert len(w[2:]) == 16 // players
        elif w[0] == "side":
            assert len(w[1:]) == 16 - players * (16 // players)
        elif w[0] == "trade":
            a, b = int(w[1][1:]), int(w[4][1:])
            assert qb not in (a, b) and period < NO_TRADES_FROM[tags["Length"]]
            assert w[2] in hands[a] and w[5] in hands[b]
            hands[a].remove(w[2])
            hands[b].remove(w[5])
            hands[a].append(w[5])
            hands[b].append(w[2])
        elif w[0] == "call":
            calls = {int(w[i][1:]): w[i + 1] for i in range(1, len(w), 2)}
        elif w[0] == "audible":
            right = [s for s, c in calls.items() if c == w[1]]
            each = 3 + (1 if len(right) == 1 and players >= 4 else 0)
            awards = {int(w[i][1:]): int(w[i + 1]) for i in range(2, len(w), 2)}
            assert awards == dict.fromkeys(right, each)
            for s, p in awards.items():
                totals[s] += p
                audible[s] += p
                drive_pts[s] += p
        elif w[0] == "penalty":
            assert w[1] == f"P{qb}" and int(w[3]) == PENALTIES[w[2]]
            totals[qb] -= int(w[3])
            drive_pts[qb] -= int(w[3])
        elif w[0] == "total":
            assert {int(w[i][1:]): int(w[i + 1]) for i in range(1, len(w), 2)} == totals
        elif w[0] == "winner":
            for s in seats:
                best[s] = max(best[s], drive_pts.get(s, -99))
            key = {s: (totals[s], audible[s], best[s]) for s in seats}
            top = max(key.values())
            assert [int(x[1:]) for x in w[1:]] == [s for s in seats if key[s] == top]
        else:
            card, words, holder, points = w[0], w[1].split("+"), w[2], int(w[3])
            owner = next((s for s, cards in hands.items() if card in cards), None)
            if owner is None:
                assert holder == "side" and points == 0
            else:
                assert holder == f"P{owner}"
                assert points == sum(POINTS[(card, x)] for x in words)
                totals[owner] += points
                drive_pts[owner] += points
    assert kinds["winner"] == 1
    return kinds


@pytest.mark.parametrize("players", range(2, 9))
def test_simulated_games_verify_clean_and_keep_the_invariants(players):
    for k in range(1, 3):
        game = play_game(game_seed(f"bots{players}", k), players=players)
        text = game.text()
        assert verify_text(text, "sim.rec").findings == []
        check_invariants(text)


def test_a_corpus_shows_every_kind_of_line():
    kinds: Counter = Counter()
    bonus = 0
    for k in range(1, 13):
        text = play_game(game_seed("corpus", k), players=4 + k % 4).text()
        kinds += check_invariants(text)
        bonus += text.count("+")
    for kind in ("drive", "deal", "side", "trade", "call", "audible", "penalty", "total",
                 "winner", "event", "Q1", "Q2"):
        assert kinds[kind] > 0, kind
    assert bonus > 0


def test_the_same_seed_plays_the_same_game():
    assert play_game("same", players=5).text() == play_game("same", players=5).text()
    assert play_game("same", players=5).text() != play_game("same", players=6).text()
    assert game_seed("demo", 7) == "demo-0007"


def test_the_record_carries_its_tags():
    text = play_game("tags", players=3, date="2026-11-22").text()
    head = text.splitlines()[:5]
    assert head[:3] == ['[Game "luckdraw"]', '[Seed "tags"]', '[Players "3"]']
    assert re.fullmatch(r'\[Length "(Q1|Q2|Q3|Q4|full)"\]', head[3])
    assert head[4] == '[Date "2026-11-22"]'
