"""`printkit odds`: every game with odds in text, JSON and CSV, questions, refusals, files,
season figures from the bots, charts read back, and speed."""

from __future__ import annotations

import csv
import io
import json
import resource
import subprocess
import sys

import pdfplumber
import pytest

from printkit_engine import registry
from tests.helpers import check_pdf, run_cli

GAMES = [g.id for g in registry.with_part("odds")]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_prints_text_json_and_csv(game):
    text = run_cli("odds", game)
    assert text.code == 0, text.stderr
    data = json.loads(run_cli("odds", game, "--format", "json").stdout)
    assert data["game"] == game and data["tables"]
    rows = list(csv.DictReader(io.StringIO(run_cli("odds", game, "--format", "csv").stdout)))
    for table in data["tables"]:
        assert f"{game} {table['key']}: {table['title']}" in text.stdout
        figures = [v for row in table["rows"] for v in row if isinstance(v, dict)]
        assert figures and all(f["method"] in ("exact", "monte carlo") for f in figures)
        assert len([r for r in rows if r["table"] == table["key"]]) == len(figures)


def test_text_shows_method_and_small_fractions():
    out = run_cli("odds", "cardbowl", "sack").stdout
    line = next(x for x in out.splitlines() if x.startswith("5 "))
    assert "0.3846 5/13" in line and "0.3774 20/53" in line and line.rstrip().endswith("exact")
    assert 'rules claim: "the offense may decide that an approx. 5 in 13' in out


def test_json_figure_carries_its_fraction():
    data = json.loads(run_cli("odds", "postcard", "catch", "--format", "json").stdout)
    level1 = data["tables"][0]["rows"][0]
    assert level1[:2] == ["1", "5-15"]
    assert level1[2] == {"value": 5 / 6, "method": "exact", "exact": "5/6", "interval": None,
                         "samples": None}


def test_csv_one_line_per_figure():
    rows = list(csv.DictReader(io.StringIO(
        run_cli("odds", "postcard", "field-goal", "--format", "csv").stdout)))
    twenty = {r["column"]: r for r in rows if r["row"] == "20 / 4-10"}
    assert twenty["in range"]["exact"] == "5/6" and twenty["blocked"]["exact"] == "1/36"
    assert set(rows[0]) == {"game", "table", "row", "column", "value", "method", "exact",
                            "low", "high", "samples"}


def test_unknown_question_lists_the_keys():
    r = run_cli("odds", "cardbowl", "touchdowns")
    assert r.code == 2 and r.stderr.count("\n") == 1
    assert "field-goal, kickoff, pass-suit, sack, snap" in r.stderr


def test_game_without_odds_or_unknown():
    r = run_cli("odds", "nosuchgame")
    assert r.code == 2 and r.stderr.count("\n") == 1 and "games with odds: " in r.stderr
    for game in registry.GAMES.values():
        if game.odds is None:
            r = run_cli("odds", game.id)
            assert r.code == 2 and f"no odds for {game.id!r}" in r.stderr


def test_out_file_and_force(workdir):
    assert run_cli("odds", "blowout", "yards", "--out", "y.csv", "--format", "csv").code == 0
    assert (workdir / "y.csv").read_text().startswith("game,table,row,column")
    again = run_cli("odds", "blowout", "yards", "--out", "y.csv")
    assert again.code == 2 and "--force" in again.stderr
    assert run_cli("odds", "blowout", "yards", "--out", "y.csv", "--force").code == 0
    assert (workdir / "y.csv").read_text().startswith("blowout yards:")


def test_simulate_season_figures_with_intervals():
    r = run_cli("odds", "postcard", "--simulate", "4", "--format", "json")
    assert r.code == 0, r.stderr
    table = json.loads(r.stdout)["tables"][0]
    figures = {row[0]: row[1] for row in table["rows"]}
    assert set(figures) == {"plays per game", "points per game", "drives per game",
                            "share of drives ending in a score"}
    for f in figures.values():
        low, high = f["interval"]
        assert f["method"] == "monte carlo" and low <= f["value"] <= high
    assert figures["plays per game"]["samples"] == 4
    # the same seed gives the same figures
    assert run_cli("odds", "postcard", "--simulate", "4", "--format", "json").stdout == r.stdout


def test_simulate_refusals():
    r = run_cli("odds", "chess", "--simulate", "3")
    assert r.code == 2 and "unknown game 'chess'" in r.stderr
    r = run_cli("odds", "postcard", "catch", "--simulate", "3")
    assert r.code == 2 and "QUESTION" in r.stderr


@pytest.mark.parametrize("game", ["cardbowl", "blowout", "luckdraw", "cardgrid"])
def test_every_game_with_bots_simulates_a_season(game):
    """Plays, points and drives per game and the share of drives that score, for every
    game whose bots can play (issue 32: three of them used to say "has no bots")."""
    r = run_cli("odds", game, "--simulate", "3", "--format", "json")
    assert r.code == 0, r.stderr
    figures = {row[0]: row[1] for row in json.loads(r.stdout)["tables"][0]["rows"]}
    assert set(figures) == {"plays per game", "points per game", "drives per game",
                            "share of drives ending in a score"}
    assert figures["plays per game"]["value"] > 0 and figures["drives per game"]["value"] > 0


def test_cardbowl_simulated_claims_beside_the_rules_sentences():
    r = run_cli("odds", "cardbowl", "--simulate", "3")
    assert r.code == 0, r.stderr
    assert "cardbowl claims: The rules' claims about a game, against 3 bot games" in r.stdout
    claims = next(line for line in r.stdout.splitlines()
                  if line.startswith("scrimmage plays per quarter"))
    assert "about 31 scrimmage plays per quarter" in claims and "monte carlo, n=3" in claims


def test_plot_pdf_reads_back(workdir):
    r = run_cli("odds", "cardbowl", "field-goal", "--plot", "fg.pdf")
    assert r.code == 0, r.stderr
    check_pdf(workdir / "fg.pdf")
    with pdfplumber.open(workdir / "fg.pdf") as pdf:
        assert len(pdf.pages) == 1
        words = pdf.pages[0].extract_text()
    assert "Field goal success by attempt distance" in words and "made" in words
    first = (workdir / "fg.pdf").read_bytes()
    run_cli("odds", "cardbowl", "field-goal", "--plot", "fg.pdf", "--force")
    assert (workdir / "fg.pdf").read_bytes() == first


def test_plot_png_one_per_table(workdir):
    r = run_cli("odds", "postcard", "--plot", "pc.png")
    assert r.code == 0, r.stderr
    pngs = sorted(p.name for p in workdir.glob("pc*.png"))
    assert len(pngs) == 9 and pngs[0] == "pc-p01.png"
    bad = run_cli("odds", "postcard", "--plot", "pc.svg")
    assert bad.code == 2 and "--plot" in bad.stderr


CALIBRATION = "s = 0\nfor i in range(3_000_000):\n    s += i * i % 7\n"


def _cpu(args: list[str]) -> float:
    """CPU time of a fresh process (start-up included), so a busy machine does not decide."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, *args], capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stderr
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@pytest.mark.parametrize("game", GAMES)
def test_answers_well_under_two_seconds(game):
    """1.5 s of CPU; where this machine runs slower than the one the target was set on (its
    CPU time for the same code varies by a half between hours), three times a fixed loop of
    pure Python measured in the same run (about 0.5 s there: odds of the grid game, the
    slowest, took twice the loop)."""
    used = _cpu(["-m", "printkit", "odds", game])
    loop = _cpu(["-c", CALIBRATION])
    assert used < max(1.5, 3 * loop), f"{game}: {used:.2f} s (the loop: {loop:.2f} s)"


def test_rules_file_changes_the_figures(workdir):
    """A player's card with a wider range at the 10: 2-12 is every roll of 2d6."""
    (workdir / "card.toml").write_text(
        "[field_goal]\nranges = [\n" + "".join(
            f"  {{ spot = {spot}, low = {low}, high = {high} }},\n" for spot, low, high in (
                (10, 2, 12), (15, 3, 11), (20, 4, 10), (25, 5, 10), (30, 5, 9), (35, 6, 9),
                (40, 6, 8), (45, 7, 8), (50, 7, 7))) + "]\n")
    data = json.loads(run_cli("odds", "postcard", "field-goal", "--rules", "card.toml",
                              "--format", "json").stdout)
    ten = data["tables"][0]["rows"][0]
    assert ten[:2] == ["10", "2-12"] and ten[2]["value"] == 1.0 and ten[4]["exact"] == "35/36"
    bad = run_cli("odds", "blowout", "--rules", "card.toml")
    assert bad.code == 2 and "card.toml:1: unknown key" in bad.stderr
    (workdir / "bad.toml").write_text("[field_goal]\nblock = 3\n")
    bad = run_cli("odds", "postcard", "--rules", "bad.toml")
    assert bad.code == 2 and "bad.toml:2" in bad.stderr
