"""The Luck of the Draw text oracle (tests/oracle/luckdraw_text.py) on hand-written records,
simulated games and planted slips; and both ways against the verifier on mutated simulated
records: what the oracle flags, the verifier flags; what the verifier flags on a record the
oracle calls clean is one of the kinds listed here, each with the reason the text alone cannot
see it."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest

from printkit_engine.luckdraw.bots import game_seed, play_game
from printkit_engine.luckdraw.verify import verify_text
from tests.oracle.luckdraw_text import check

ROOT = Path(__file__).parents[2]
RECORDS = ROOT / "tests/engine/luckdraw/records"
HAND_WRITTEN = ["examples/luckdraw.rec", *(f"tests/engine/luckdraw/records/{p.name}"
                                          for p in sorted(RECORDS.iterdir())),
                *(f"tests/omr/records/{p.name}"
                  for p in sorted((ROOT / "tests/omr/records").glob("luckdraw*")))]
CARDS = ("DP", "FBL", "FDN", "FG", "INT", "IR/TO", "MFG", "OP", "P", "PTD", "RTD", "XP/S",
         "SACK", "STTD", "TE", "TOD")


def _slips(text: str) -> list[tuple[int, str]]:
    return [(s.line, s.invariant) for s in check(text)]


@pytest.mark.parametrize("name", HAND_WRITTEN)
def test_hand_written_clean_records_keep_every_invariant(name):
    assert _slips((ROOT / name).read_text(encoding="utf-8")) == []


@cache
def simulated(players: int, number: int, seeded: bool = True) -> str:
    seed = game_seed(f"oracle{players}", number)
    text = play_game(seed, players=players).text()
    return text if seeded else text.replace(f'[Seed "{seed}"]\n', "")


@pytest.mark.parametrize("players", range(2, 9))
def test_simulated_games_keep_every_invariant(players):
    for number in range(8):
        for seeded in (True, False):
            assert _slips(simulated(players, number, seeded)) == [], (number, seeded)


def _edit(name: str, *changes: tuple[int, str]) -> str:
    lines = (RECORDS / name).read_text(encoding="utf-8").split("\n")
    for at, text in changes:
        lines[at - 1] = text
    return "\n".join(lines)


# Slips planted in the hand-written records (the defects among them), each with the
# invariant and the line typed by hand.
PLANTED = [
    # returns.rec: an unblocked punt written as returned for a TD on the punt card
    (("returns.rec", (14, "P punt+td P3 5"), (15, "total P1 0 P2 0 P3 5"),
      (22, "total P1 8 P2 0 P3 5"), (30, "total P1 18 P2 0 P3 5")), [(14, "event")]),
    # endings.rec: a rushing TD after the passing TD that ended drive 1
    (("endings.rec", (14, "RTD td P2 6"), (15, "total P1 7 P2 6"), (23, "total P1 14 P2 7")),
     [(14, "drive")]),
    # endings.rec: TOD none after P2's 1st down in drive 2
    (("endings.rec", (19, "FDN first P2 1"), (23, "total P1 12 P2 3")), [(21, "drive")]),
    # two.rec: the Q2 marker not written, the winner in Q1 of a game to Q2
    (("two.rec", (25, "; (Q2)")), [(40, "end")]),
    # three.rec: `[FinishDrive "no"]`, and drive 2 goes on after the Q2 marker
    (("three.rec", (4, '[FinishDrive "no"]')), [(30, "end")]),
    # three.rec: P3's deal one line late, after the kickoff's touchback, no penalty
    (("three.rec", (10, "side TE"), (11, "STTD touchback P3 2"),
      (12, "deal P3 OP P XP/S SACK STTD")), [(12, "deal")]),
    # ... and with the Delay of Game penalty it is clean
    (("three.rec", (10, "side TE"), (11, "STTD touchback P3 2"),
      (12, "deal P3 OP P XP/S SACK STTD"), (14, "penalty P1 delay 2"),
      (20, "total P1 -2 P2 1 P3 14"), (32, "total P1 -2 P2 3 P3 14")), []),
    # seeded4.rec: a running total 2 high for P2
    (("seeded4.rec", (41, "total P1 14 P2 9 P3 5 P4 10")), [(41, "total")]),
    # seeded4.rec: the sack credited to P3 (P4 holds SACK); the total on line 25 counts it
    # for P4, as the rules do
    (("seeded4.rec", (17, "SACK sack P3 2")), [(17, "holder")]),
]


@pytest.mark.parametrize("edit,want", PLANTED, ids=[f"{e[0]}:{e[1][0]}" for e, _ in PLANTED])
def test_planted_slips_are_caught_by_the_text_alone(edit, want):
    assert _slips(_edit(*edit)) == want


# What the verifier may flag on a record the oracle calls clean, and why the text alone cannot
# see it.
KNOWN = {
    "LD-DEAL-004": "with a Seed every hand is the play book's slip: the oracle does not shuffle "
                   "the book (it reads the hands as written), so a card swapped between two "
                   "deal lines is the verifier's alone when no event names it",
}
# (A card swapped between two hands of a game without a Seed, or two lines swapped that may
# come in either order, is clean for both: nothing in the text says otherwise.)


def _mutations(lines: list[str], players: int, rng: random.Random):
    """(text, kind) for one record: a line taken out, written twice, a token reversed, a
    number off by one or two, a card swapped between neighbouring deal lines, an event for
    the next seat, two neighbouring lines swapped."""
    body = [i for i, line in enumerate(lines) if line.strip() and not line.startswith("[")]
    deals = [i for i in body if lines[i].startswith("deal ") and
             lines[i + 1].startswith("deal ")]
    events = [i for i in body if lines[i].split(" ")[0] in CARDS and
              lines[i].split(" ")[2] != "side"]
    for kind in range(7):
        new = lines[:]
        i = rng.choice(body)
        words = new[i].split(" ")
        if kind == 0:
            del new[i]
        elif kind == 1:
            new.insert(i, new[i])
        elif kind == 2:
            j = rng.randrange(len(words))
            words[j] = words[j][::-1] if len(words[j]) > 1 else words[j] + "1"
            new[i] = " ".join(words)
        elif kind == 3:
            numbers = [j for j, w in enumerate(words) if w.lstrip("-").isdigit()]
            if not numbers:
                continue
            j = rng.choice(numbers)
            words[j] = str(int(words[j]) + rng.choice((-1, 1, 2)))
            new[i] = " ".join(words)
        elif kind == 4:
            i = rng.choice(deals)
            a, b = new[i].split(" "), new[i + 1].split(" ")
            x, y = rng.randrange(2, len(a)), rng.randrange(2, len(b))
            a[x], b[y] = b[y], a[x]
            new[i], new[i + 1] = " ".join(a), " ".join(b)
        elif kind == 5:
            i = rng.choice(events)
            words = new[i].split(" ")
            words[2] = f"P{int(words[2][1:]) % players + 1}"
            new[i] = " ".join(words)
        else:
            if i + 1 >= len(new) or not new[i + 1].strip():
                continue
            new[i], new[i + 1] = new[i + 1], new[i]
        yield "\n".join(new), kind


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_what_the_oracle_sees_the_verifier_finds_and_the_rest_is_known(players):
    flagged = 0
    for number in range(4):
        for seeded in (True, False):
            lines = simulated(players, number, seeded).split("\n")
            rng = random.Random(f"oracle|{players}|{number}|{seeded}")
            for _ in range(4):
                for text, kind in _mutations(lines, players, rng):
                    oracle = _slips(text)
                    found = verify_text(text, "m.rec").findings
                    assert bool(oracle) <= bool(found), (players, number, kind, oracle)
                    if found and not oracle:
                        unknown = {f.rule for f in found} - set(KNOWN)
                        assert not unknown, (players, number, kind, unknown)
                    flagged += bool(oracle)
    assert flagged > 80
