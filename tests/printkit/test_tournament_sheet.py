"""The generic tournament sheet: every game offers it, without a per-game copy, and it prints
every pair of a round robin once, the byes, and the bracket."""

from __future__ import annotations

import io
import re
from itertools import combinations

import pdfplumber
import pytest

from printkit import sheets
from printkit_engine import registry
from tests.helpers import run_cli


def _text(path) -> list[str]:
    with pdfplumber.open(io.BytesIO(path.read_bytes())) as pdf:
        return [p.extract_text() or "" for p in pdf.pages]


def test_every_game_offers_the_same_tournament_sheet():
    for game in registry.GAMES:
        p = sheets.get(game, "tournament")
        assert p.module.__name__ == "printkit.sheets.common.tournament"
        assert p.layout == "tournament"


@pytest.mark.parametrize("n", [2, 3, 5, 12])
def test_round_robin_pages_list_every_pair_once(tmp_path, n):
    out = tmp_path / "t.pdf"
    r = run_cli("render", "postcard", "tournament", "--players", str(n), "--out", out)
    assert r.code == 0, r.stderr
    pages = _text(out)
    rr = "\n".join(p for p in pages if "round robin" in p)
    pairs = re.findall(r"M(\d+) (Team \d+) v (Team \d+) :", rr)
    assert sorted(int(m) for m, _, _ in pairs) == list(range(1, n * (n - 1) // 2 + 1))
    met = sorted(tuple(sorted((a, b))) for _, a, b in pairs)
    assert met == sorted(tuple(sorted(p)) for p in combinations(
        [f"Team {i}" for i in range(1, n + 1)], 2))
    # odd counts: each team rests once (typed: 3 teams -> 3 rests, 5 -> 5)
    assert len(re.findall(r"rests: Team \d+", rr)) == (n if n % 2 else 0)
    assert any("knock-out bracket" in p for p in pages)


def test_bracket_with_byes_by_hand(tmp_path):
    out = tmp_path / "t.pdf"
    assert run_cli("render", "cardbowl", "tournament", "--players", "5", "--paper", "a4",
                   "--out", out).code == 0
    bracket = next(p for p in _text(out) if "knock-out bracket" in p)
    assert "a bracket of 8; 3 top seeds start in round 2" in bracket
    assert bracket.count("bye") == 3
    for mid in ("M1", "M2", "M3", "M4"):
        assert mid in bracket


def test_roster(tmp_path):
    roster = tmp_path / "r.csv"
    roster.write_text("student,team\nAnn,Falcons\nBo,Falcons\nCy,Owls\nDee,\n")
    out = tmp_path / "t.pdf"
    r = run_cli("render", "luckdraw", "tournament", "--roster", roster, "--out", out)
    assert r.code == 0, r.stderr
    text = _text(out)[0]
    assert "3 teams, 3 matches in 3 rounds" in text
    for team in ("Falcons", "Owls", "Dee"):
        assert team in text


@pytest.mark.parametrize("content,message", [
    ("A,B\nC,D\n", "r.csv:1: expected a header row naming a team, student, name or first "
                    "name and last name column, found 'A, B'"),
    ("team\nA\nA\n", "r.csv:3: team 'A' is named twice (first on line 2)"),
    ("team\nA\n", "r.csv:1: expected at least 2 teams, found 1"),
])
def test_bad_roster(tmp_path, content, message):
    roster = tmp_path / "r.csv"
    roster.write_text(content)
    r = run_cli("render", "postcard", "tournament", "--roster", roster, "--out",
                tmp_path / "t.pdf")
    assert r.code == 2 and r.stderr.strip().endswith(message), r.stderr


def test_players_bounds(tmp_path):
    r = run_cli("render", "postcard", "tournament", "--players", "201", "--out",
                tmp_path / "t.pdf")
    assert r.code == 2 and "--players" in r.stderr


@pytest.mark.parametrize(("n", "paper", "table_pages"), [
    (4, "letter", 1), (36, "letter", 2), (64, "letter", 2), (200, "letter", 7),
    (4, "a4", 1), (36, "a4", 2), (64, "a4", 2), (200, "a4", 6)])
def test_the_table_goes_on_over_pages_with_every_team_on_a_page(tmp_path, n, paper,
                                                                 table_pages):
    """From 35 teams the table's rows ran off the bottom of page 1 (issue: 40 teams lost 5
    rows, 64 lost 29): it goes on over the next pages, each team's row once, and no character
    of any page (200 teams: 19900 matches, a bracket of 256 in parts) nearer the edge than
    0.25 in (18 pt)."""
    from printkit.onpage import strays

    out = tmp_path / "t.pdf"
    assert run_cli("render", "postcard", "tournament", "--players", str(n), "--paper", paper,
                   "--out", out).code == 0
    assert strays(out.read_bytes()) == []
    with pdfplumber.open(out) as pdf:
        rows, pages = [], 0
        for page in pdf.pages:
            text = page.extract_text() or ""
            found = re.findall(r"^(\d+)\. Team (\d+)$", text, re.M)
            if not found and pages:
                break                   # the table is over: the rounds follow
            pages += bool(found)
            rows += [int(a) for a, b in found if a == b]
            for ch in page.chars:      # (a glyph's advance may overhang by a hair: 0.75 pt)
                assert ch["x0"] >= 17.25 and ch["x1"] <= page.width - 17.25, ch
                assert ch["top"] >= 17.25 and ch["bottom"] <= page.height - 17.25, ch
    assert rows == list(range(1, n + 1))
    assert pages == table_pages
