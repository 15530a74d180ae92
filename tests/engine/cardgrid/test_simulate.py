"""Bots' games: they verify clean (a round trip), and invariants read from the record text
alone hold (points typed by hand from the rules' table, starts follow the written next spot,
cards come from the dealer's half pack)."""

from __future__ import annotations

import re
from functools import cache

from printkit_engine.cardgrid.bots import play, seed_of
from printkit_engine.cardgrid.verify import verify_text
from tests.helpers import run_cli

POINTS = {"F": 1, "P": 2, "T": 4, "C": 2}      # "Scoring code 'F' ... Value 1 point" etc.
HOME, AWAY = set("CH"), set("DS")


@cache
def games() -> tuple[str, ...]:
    return tuple(play(seed_of("inv", k)).text() for k in range(1, 31))


def test_simulated_games_verify_clean():
    for text in games():
        report = verify_text(text, "sim.rec")
        assert report.clean, report.to_text()


def test_result_is_the_points_of_the_written_codes():
    for text in games():
        home = away = 0
        for line in text.splitlines():
            if ":" not in line or line.startswith("["):
                continue
            side, outcome = line[0], line.split("=")[1].split(">")[0].split()
            if outcome[0] == "pen":
                side = "A" if outcome[1] == "H" else "H"
            got = sum(POINTS[w] for w in outcome if w in POINTS)
            home, away = (home + got, away) if side == "H" else (home, away + got)
        assert f'[Result "{home}-{away}"]' in text


def test_each_passage_starts_where_the_last_said_and_the_first_at_the_kickoff():
    for text in games():
        kickoff = re.search(r'\[KickOff "([HA])"\]', text).group(1)
        want = f"{kickoff}2"
        for line in text.splitlines():
            if ":" in line and not line.startswith("["):
                assert line.split(":")[0] == want, (line, want)
                want = line.split(">")[1].strip().removeprefix("scrum ")


def test_the_side_in_possession_deals_first_from_its_own_half_pack():
    for text in games():
        for line in text.splitlines():
            if ":" in line and not line.startswith("["):
                first = line.split(":")[1].split()[0].rstrip("*")
                assert first[-1] in (HOME if line[0] == "H" else AWAY), line


def test_field_goals_only_on_grid_10_or_11_picture_cards():
    seen = 0
    for text in games():
        for line in text.splitlines():
            for card in re.findall(r"(\S+)\*", line):
                seen += 1
                assert card[:-1] in ("J", "Q", "K"), line
    assert seen > 0


def test_simulate_command_writes_records_that_verify(tmp_path):
    r = run_cli("simulate", "cardgrid", "--seed", "cg", "--games", "3", "--out", str(tmp_path))
    assert r.code == 0, r.stderr
    files = sorted(tmp_path.glob("*.rec"))
    assert [f.name for f in files] == [f"cardgrid-cg-000{k}.rec" for k in (1, 2, 3)]
    v = run_cli("verify", *map(str, files))
    assert v.code == 0, v.stdout


def test_same_seed_same_record_and_shuffles_stay_in_the_default_book():
    assert play("same-0001").text() == play("same-0001").text()
    for text in games():
        per_side = {"H": 1, "A": 1}
        for line in text.splitlines():
            if line.startswith("shuffle"):
                for side in line.split()[1:]:
                    per_side[side] += 1
        assert max(per_side.values()) <= 20          # the play book's default count
