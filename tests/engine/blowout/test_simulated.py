"""Simulated BLOWOUT!!! games: the bots' records verify clean (a round trip), and invariants
computed from the record text alone (this file's own reading of the lines, card values read
off the codes) hold on every line: the arithmetic of RUN and PASS against a DEFENSIVE PLAY,
scores moving by 7, 3 or 2, the side with the ball, deck sizes per period, the Result tag,
and, with the Seed, each card inside the play book's shuffle. 500 games: bench/bench_blowout.py.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest

from printkit_engine.blowout.bots import game_seed, play_game
from printkit_engine.blowout.game import GAME
from printkit_engine.blowout.verify import verify_text
from printkit_engine.playbook import make_spec

GAMES = 24
LINE = re.compile(r"^(\S+) ([HA]) (\S+) (\S+)(?: ([HA]):(\S+))? ([+-]\d+) "
                  r"\{([HA]) ([1-4])&(\d+) (\S+) (\d+)-(\d+)\}$")
TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
DECK_SIZE = 40              # docs/rules/blowout.md, B1


@cache
def records() -> tuple[str, ...]:
    return tuple(play_game(game_seed("sim", k)).text() for k in range(1, GAMES + 1))


def parsed(text: str) -> tuple[dict[str, str], list[re.Match[str]]]:
    tags, snaps = {}, []
    for raw in text.splitlines():
        if m := TAG.match(raw):
            tags[m.group(1)] = m.group(2)
        elif raw.strip():
            m = LINE.match(raw)
            assert m, raw
            snaps.append(m)
    return tags, snaps


def value(code: str) -> int | None:
    """R70 -> 70, D65 -> 65, P15 -> 15; None for a named card."""
    m = re.fullmatch(r"[RPDK](\d+)", code)
    return int(m.group(1)) if m else None


def spot(text: str) -> int:
    """Yards from HOME's goal line."""
    if text == "50":
        return 50
    return int(text[1:]) if text[0] == "H" else 100 - int(text[1:])


@pytest.mark.parametrize("k", range(GAMES))
def test_simulated_games_verify_clean(k):
    text = records()[k]
    report = verify_text(text, "sim.rec")
    assert report.clean, report.to_text()
    assert "game not over" not in report.summary()


@pytest.mark.parametrize("k", range(GAMES))
def test_record_text_invariants(k):
    tags, snaps = parsed(records()[k])
    score = (0, 0)
    ball = None
    used: Counter[tuple[str, str, str]] = Counter()
    period = None
    for m in snaps:
        per, side, off, de, rside, resp, yards = m.group(1, 2, 3, 4, 5, 6, 7)
        w_ball, w_down, w_togo, w_spot = m.group(8), int(m.group(9)), int(m.group(10)), m.group(11)
        new = (int(m.group(12)), int(m.group(13)))
        if per != period:
            period, used = per, Counter()
        elif ball is not None:
            assert side == ball, m.group(0)          # the side with the ball snaps next
        used[(side, "offense", off)] += 1
        assert sum(n for (s, d, c), n in used.items() if s == side and c[0] != "K") \
            <= DECK_SIZE
        g, lost = value(off), value(de)
        if resp is None and off[0] == "R" and de[0] == "D" and g and lost:
            assert int(yards) == g - lost, m.group(0)
        if resp is None and off[0] == "P" and de[0] == "D" and g and lost:
            assert int(yards) in (max(0, g - lost), 0), m.group(0)
        gained = (new[0] - score[0], new[1] - score[1])
        scorer = 0 if side == "H" else 1
        assert gained[1 - scorer] in (0, 2) and gained[scorer] in (0, 3, 7), m.group(0)
        assert 1 <= w_down <= 4 and 1 <= w_togo <= 99
        to_goal = 100 - spot(w_spot) if w_ball == "H" else spot(w_spot)
        assert w_togo <= to_goal, m.group(0)
        if gained != (0, 0):
            assert w_down == 1 and w_togo == 10
        score, ball = new, w_ball
    assert tags["Result"] == f"{score[0]}-{score[1]}"
    assert score[0] != score[1]


def test_seeded_cards_come_from_the_book():
    """Every OFFENSE card HOME leads with in the first period is in the book's first
    shuffle of HOME's OFFENSE deck, no further in than the cards drawn so far allow."""
    tags, snaps = parsed(records()[0])
    spec = make_spec("blowout", tags["Seed"], plays=1)
    shuffle = GAME.book.draw(spec, "home/offense/1")
    played = 0
    for m in snaps:
        if m.group(1) != "Q1":
            break
        if m.group(2) == "H" and m.group(3)[0] != "K":
            assert m.group(3) in shuffle[:5 + played], m.group(0)
            played += 1 + (m.group(5) == "H")          # a response card draws one too


def test_one_changed_yards_figure_is_found_on_its_line():
    tags, snaps = parsed(records()[1])
    lines = records()[1].splitlines()
    for m in snaps[5:40:5]:
        number = lines.index(m.group(0)) + 1
        wrong = m.group(0).replace(f" {m.group(7)} ", f" {int(m.group(7)) + 5:+d} ", 1)
        mutated = "\n".join(lines[:number - 1] + [wrong] + lines[number:])
        report = verify_text(mutated, "m.rec")
        assert report.findings and report.sorted_findings()[0].line == number, wrong


def test_seeded_period_ends_exactly_when_the_cards_run_out():
    """With the Seed the verifier knows when a period is over: the first snap of Q2 written
    as Q1 is one BO-QTR-001 on that line (expected Q2, found Q1)."""
    text = records()[2]
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("Q2 "))
    assert lines[number - 2].startswith("Q1 ")
    wrong = lines[:number - 1] + ["Q1 " + lines[number - 1][3:]] + lines[number:]
    findings = verify_text("\n".join(wrong), "q.rec").sorted_findings()
    assert (findings[0].line, findings[0].rule, findings[0].expected, findings[0].found) == (
        number, "BO-QTR-001", "Q2", "Q1")
    early = lines[:number - 2] + ["Q2 " + lines[number - 2][3:]] + lines[number - 1:]
    findings = verify_text("\n".join(early), "q.rec").sorted_findings()
    assert (findings[0].line, findings[0].rule, findings[0].expected, findings[0].found) == (
        number - 1, "BO-QTR-001", "Q1", "Q2")


@pytest.mark.parametrize("what", ["yards", "to go", "score", "down"])
def test_one_slip_in_a_simulated_record_is_one_finding_on_its_line(what):
    """Ten lines of each of three records, each changed alone (yards +5, to go +1, HOME's
    score +1, the down moved on): exactly one finding, on the changed line."""
    for text in records()[3:6]:
        lines = text.splitlines()
        snaps = [i for i, line in enumerate(lines) if LINE.match(line)]
        for i in snaps[7::max(1, len(snaps) // 10)][:10]:
            m = LINE.match(lines[i])
            start, end = {"yards": m.span(7), "to go": m.span(10), "score": m.span(12),
                          "down": m.span(9)}[what]
            old = lines[i][start:end]
            new = {"yards": f"{int(old) + 5:+d}", "to go": str(int(old) + 1),
                   "score": str(int(old) + 1), "down": str(int(old) % 4 + 1)}[what]
            changed = lines[:i] + [lines[i][:start] + new + lines[i][end:]] + lines[i + 1:]
            findings = verify_text("\n".join(changed), "m.rec").findings
            assert [f.line for f in findings] == [i + 1], (lines[i], findings)
