"""The BLOWOUT!!! text oracle (tests/oracle/blowout_text.py) held against the verifier, both
ways, on hand-written, simulated and mutated records.

- what the oracle flags, the verifier flags (no record the oracle knows broken is clean);
- what the verifier flags on a record the oracle calls clean is a rule the oracle does not
  model, each listed below with the reason (ORACLE_BLIND); anything else fails the test.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from printkit_engine.blowout.game import GAME
from printkit_engine.blowout.verify import verify_text
from tests.oracle.blowout_text import check

ROOT = Path(__file__).parents[2]
GAMES = 16
MUTATIONS = 15

# rules the verifier holds a record to that the text oracle cannot see, and why
ORACLE_BLIND = {
    "BO-HAND-001": "the play book's hands: the oracle knows no shuffle",
    "BO-HAND-002": "copies of a card per deck and period",
    "BO-SEQ-002": "a snap left out shows in the play book's draws (or a side on offense that "
                  "changes without a snap that hands the ball over)",
    "BO-REC-004": "a line written twice can leave the states in step (a score, a turnover)",
    "BO-QTR-001": "when a period ends is the hands' (B7)",
    "BO-4TH-001": "which down a SPECIAL TEAMS card may be played on",
    "BO-CARD-001": "which codes are cards of a deck (the oracle reads R110 as a RUN of 110)",
    "BO-CARD-002": "which codes are cards of a deck",
    "BO-PEN-003": "PASS INTERFERENCE yards (full or half the distance) are not modelled",
    "BO-PUNT-001": "punts are not modelled (the ball changes hands anywhere)",
    "BO-FG-001": "field goals are not modelled",
    "BO-DOWN-001": "after a penalty or CHALLENGE the oracle allows the same or the next down "
                   "(a turnover card may not apply, B10); the verifier knows which card applies",
    "BO-TD-001": "the oracle does not hold a scoring snap's yards to the distance to the goal "
                 "line (a line left out before it moves the ball)",
    "BO-SAFE-001": "likewise for a safety",
}


@cache
def simulated(number: int) -> str:
    return GAME.bots.play(GAME.bots.seed_of("oracle", number)).text()


def _hand_written() -> dict[str, str]:
    folder = ROOT / "tests/handwritten/blowout"
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.rec"))
            if "--" not in p.name}


HAND = _hand_written()


@pytest.mark.parametrize("name", sorted(HAND))
def test_hand_written_clean_records_keep_every_invariant(name):
    assert check(HAND[name]) == []


def test_simulated_games_keep_every_invariant():
    for number in range(GAMES):
        assert check(simulated(number)) == [], number


def _mutants(number: int) -> list[str]:
    """A game with one line deleted, written twice, or one digit changed."""
    lines = simulated(number).split("\n")
    body = [i for i, line in enumerate(lines) if line.strip() and not line.startswith("[")]
    rng = random.Random(number)
    out = []
    for m in range(MUTATIONS):
        i, mutant = rng.choice(body), list(lines)
        if m % 3 == 0:
            del mutant[i]
        elif m % 3 == 1:
            mutant.insert(i, mutant[i])
        else:
            words = mutant[i].split(" ")
            j = rng.randrange(len(words))
            digits = [c for c, ch in enumerate(words[j]) if ch.isdigit()]
            if digits:
                c = rng.choice(digits)
                words[j] = words[j][:c] + str((int(words[j][c]) + 1) % 10) + words[j][c + 1:]
            mutant[i] = " ".join(words)
        out.append("\n".join(mutant))
    return out


def test_both_ways_on_mutated_games():
    blind: Counter[str] = Counter()
    for number in range(GAMES):
        for text in _mutants(number):
            oracle = check(text)
            report = verify_text(text, "m.rec")
            assert not (oracle and report.clean), (oracle, text)
            if not oracle:
                blind.update(f.rule for f in report.findings)
    unexplained = set(blind) - set(ORACLE_BLIND)
    assert not unexplained, {rule: blind[rule] for rule in unexplained}
    assert blind["BO-SEQ-002"] > 0          # the corpus does plant lines left out
