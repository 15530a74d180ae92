"""Luck of the Draw in a class (issue 29): two teams at a four-seat table, their players
alternating (docs/rules/luckdraw.md L20); the audit's team and per-player standings."""

from __future__ import annotations

import csv
import io
import json
import re

from tests.helpers import run_cli

SCHEDULE = ("match,round,home,away,seed,code,home_points,away_points\n"
            "M1,1,Owls,Foxes,ld-one,M1-AAAA,,\n"
            "M2,1,Bears,Hawks,ld-two,M2-BBBB,,\n"
            "M3,2,Owls,Bears,ld-three,M3-CCCC,,\n")


def _rehearsal(workdir):
    klass = workdir / "klass"
    klass.mkdir()
    (klass / "results.csv").write_text(SCHEDULE)
    r = run_cli("simulate", "luckdraw", "--class", klass, "--out", "recs")
    assert r.code == 0, r.stderr
    return klass


def _seats(text: str) -> dict[str, int]:
    """Each seat's player and final points, read from the record by hand: the seat tags and
    the last `total` line."""
    names = dict(re.findall(r'^\[(P\d) "([^"]+)"\]$', text, re.M))
    last = re.findall(r"^total (.*)$", text, re.M)[-1].split()
    return {names[seat]: int(points) for seat, points in zip(last[::2], last[1::2],
                                                              strict=True)}


def test_the_record_names_teams_and_players_and_the_seats_alternate(workdir):
    _rehearsal(workdir)
    text = (workdir / "recs" / "M1.rec").read_text()
    for tag in ('[Home "Owls"]', '[Away "Foxes"]', '[Players "4"]', '[P1 "Owls player 1"]',
                '[P2 "Foxes player 1"]', '[P3 "Owls player 2"]', '[P4 "Foxes player 2"]',
                '[Match "M1"]'):
        assert tag in text.splitlines(), tag
    seats = _seats(text)
    home = seats["Owls player 1"] + seats["Owls player 2"]
    away = seats["Foxes player 1"] + seats["Foxes player 2"]
    assert f'[Result "{home}-{away}"]' in text
    check = run_cli("verify", "recs/M1.rec")
    assert check.code == 0, check.stdout
    assert check.stdout.rstrip().endswith(f"final score {home}-{away}")


def test_the_audit_gives_team_and_player_standings_in_every_format(workdir):
    klass = _rehearsal(workdir)
    records = {m: _seats((workdir / "recs" / f"{m}.rec").read_text()) for m in
               ("M1", "M2", "M3")}
    # per player, added up here from the records' own totals
    points: dict[str, int] = {}
    for seats in records.values():
        for player, p in seats.items():
            points[player] = points.get(player, 0) + p
    owls = points["Owls player 1"] + points["Owls player 2"]

    r = run_cli("audit", "recs", "--class", klass, "--format", "json")
    assert r.code == 0, r.stdout + r.stderr
    report = json.loads(r.stdout)
    teams = {s["team"]: s for s in report["standings"]}
    assert sorted(teams) == ["Bears", "Foxes", "Hawks", "Owls"]
    assert teams["Owls"]["played"] == 2 and teams["Bears"]["played"] == 2
    assert teams["Owls"]["points_for"] == owls
    players = {p["player"]: p for p in report["players"]}
    assert sorted(players) == sorted(points)          # 8 players, 2 for each team
    assert len(players) == 8
    for name, p in players.items():
        assert p["points"] == points[name]
        assert p["team"] == name.rsplit(" player ", 1)[0]
    assert players["Owls player 1"]["played"] == 2 and players["Foxes player 2"]["played"] == 1
    assert sum(p["won"] for p in players.values()) >= 3        # a winner at every table

    text = run_cli("audit", "recs", "--class", klass).stdout
    assert "M1: clean" not in text
    assert re.search(r"recs/M1\.rec: luckdraw M1: Owls v Foxes \d+-\d+: clean", text)
    assert re.search(rf"^\s+\d+\s+Owls player 1\s+Owls\s+2\s+\d+\s+"
                     rf"{points['Owls player 1']}\s", text, re.M)

    rows = list(csv.DictReader(io.StringIO(run_cli("audit", "recs", "--class", klass,
                                                   "--format", "csv").stdout)))
    by_player = {row["player"]: row for row in rows if row["kind"] == "player"}
    assert by_player["Hawks player 2"]["team"] == "Hawks"
    assert by_player["Hawks player 2"]["points"] == str(points["Hawks player 2"])
    assert sum(row["kind"] == "team" for row in rows) == 4

    page = run_cli("audit", "recs", "--class", klass, "--format", "html").stdout
    assert "<h2>Players</h2>" in page and "<td class=t>Bears player 2</td>" in page


def test_a_team_match_at_an_odd_table_and_a_wrong_result_are_findings(workdir):
    _rehearsal(workdir)
    text = (workdir / "recs" / "M2.rec").read_text()
    result = re.search(r'\[Result "(\d+)-(\d+)"\]', text)
    assert result
    swapped = text.replace(result.group(0), f'[Result "{result.group(2)}-{result.group(1)}"]')
    (workdir / "swapped.rec").write_text(swapped)
    out = run_cli("verify", "swapped.rec").stdout
    assert "LD-END-001" in out
    if result.group(1) != result.group(2):
        assert f"expected {result.group(1)}-{result.group(2)}" in out
    assert run_cli("simulate", "luckdraw", "--seed", "odd", "--players", "3", "--out",
                   "three").code == 0
    three = (workdir / "three" / "luckdraw-odd-0001.rec").read_text()
    (workdir / "odd.rec").write_text('[Home "Owls"]\n[Away "Foxes"]\n' + three)
    out = run_cli("verify", "odd.rec").stdout
    assert out.startswith("odd.rec:2: LD-TEAM-001: two teams share a table of an even number "
                          "of seats (L20) (expected an even Players, found 3)\n"), out
