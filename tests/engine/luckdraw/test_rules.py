"""Luck of the Draw rules data (engine/luckdraw/rules.toml + cards.toml) as typed objects, and
a player's house rules laid over it reaching the verifier and the score sheet."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from printkit_engine.errors import ReadError
from printkit_engine.luckdraw.rules import load_rules
from printkit_engine.luckdraw.verify import verify_text
from tests.helpers import render_sheet, run_cli


def test_values_from_the_rules_text():
    rules = load_rules()
    a = rules.audible
    # "3 audible points", "one “Loner” bonus point", "For games involving 4 or more players"
    assert (a.points, a.loner_bonus, a.loner_min_players, a.per_drive) == (3, 1, 4, 1)
    assert [a.points_each(n, p) for n, p in ((1, 4), (1, 3), (2, 8), (0, 8))] == [4, 3, 3, 0]
    assert [(p.key, p.points) for p in rules.penalties] == \
        [("delay", 2), ("procedure", 3), ("conduct", 4)]
    assert [(g.key, g.last, g.no_trades_from, g.finish_drive) for g in rules.lengths] == [
        ("Q1", "Q1", "Q1", True), ("Q2", "Q2", "Q2", False), ("Q3", "Q3", "Q3", True),
        ("Q4", "Q4", "Q4", False), ("full", "OT", "Q4", False)]
    assert [t.key for t in rules.tiebreakers] == ["audible", "best_drive"]


def test_event_words_carry_the_cheat_sheet_points():
    rules = load_rules()
    assert len(rules.events) == 32
    mfg = rules.card_events("MFG")
    assert [(e.word, e.points, e.bonus, e.base) for e in mfg] == [
        ("missed", 3, False, None), ("blocked", 2, True, "missed"), ("td", 3, True, "missed")]
    review = rules.card_events("IR/TO")
    assert [(e.word, e.base) for e in review] == [
        ("review", None), ("overturned", "review"), ("timeout", None)]


HOUSE = "[audible]\npoints = 2\nloner_bonus = 3\n"


def test_house_rules_reach_the_verifier_and_the_sheet(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text(HOUSE)
    rules = load_rules(path)
    text = ('[Game "luckdraw"]\n[Players "4"]\ndrive 1 QB P1\n'
            "deal P1 PTD INT TOD FG\ndeal P2 DP FBL FDN IR/TO\n"
            "deal P3 MFG OP P RTD\ndeal P4 XP/S SACK STTD TE\n"
            "call P1 run P2 pass\naudible pass P2 5\n")
    assert verify_text(text, "h", rules).findings == []     # 2 + a Loner bonus of 3
    found = verify_text(text, "h").findings                 # shipped: 3 + 1 = 4
    assert [(f.rule, f.expected, f.found) for f in found] == [("LD-AUD-001", "P2 4", "P2 5")]
    pdf = render_sheet("luckdraw", "scoresheet", players=4, rules_file=path)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        words = " ".join(doc.pages[0].extract_text().split())
    assert "2 points per correct call; Loner bonus +3" in words


def test_a_bad_house_rule_is_one_line(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("[audible]\npoints = 40\n")
    with pytest.raises(ReadError) as err:
        load_rules(path)
    assert str(err.value) == f"{path}:2: audible.points: expected a whole number from 0 to " \
                             "12, found 40"
    (tmp_path / "t.rec").write_text('[Game "luckdraw"]\n')
    r = run_cli("verify", str(tmp_path / "t.rec"), "--rules", str(path))
    assert r.code == 2 and r.stderr.count("\n") == 1
