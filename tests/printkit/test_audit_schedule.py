"""The audit binds records to the class's schedule (results.csv, written by `classroom`):
wrong teams are findings that keep a record out of the standings, and every scheduled match
is accounted for: missing, pending, twice, or two clean records that disagree."""

from __future__ import annotations

import csv
import json

import pytest

from printkit_engine.postcard.bots import play_game
from tests.helpers import run_cli


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    """A four-team PostCard class: six matches; records of M1 (twice), M2 and M3 only."""
    root = tmp_path_factory.mktemp("class")
    r = run_cli("classroom", "postcard", "--teams", "4", "--class-key", root / "k.key",
                "--out", root / "class4")
    assert r.code == 0, r.stderr
    rows = list(csv.DictReader((root / "class4" / "results.csv").open()))
    assert [(x["match"], x["home"], x["away"]) for x in rows[:3]] == [
        ("M1", "Team 1", "Team 4"), ("M2", "Team 2", "Team 3"), ("M3", "Team 3", "Team 1")]
    records = root / "class4" / "records"
    records.mkdir()
    for row in rows[:3]:
        game = play_game(row["seed"])
        game.tags.update(Home=row["home"], Away=row["away"], Match=row["match"])
        (records / f"{row['match']}.rec").write_text(game.text())
    return root / "class4"


def _audit(folder, *args):
    return run_cli("audit", folder, *args)


def test_missing_matches_are_listed_and_counted(klass):
    r = _audit(klass / "records")
    lines = r.stdout.splitlines()
    assert lines[lines.index("") + 1:lines.index("") + 4] == [
        "M4 Team 4 v Team 2: no record", "M5 Team 1 v Team 2: no record",
        "M6 Team 3 v Team 4: no record"]
    assert lines[-1] == "audit: 3 records: 3 clean, 0 with findings, 0 unreadable; " \
                        "3 matches missing"
    assert r.stderr == "" and r.code == 0


def test_a_misspelt_team_is_a_finding_and_the_match_is_pending(klass, tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    for name in ("M1.rec", "M2.rec"):
        (folder / name).write_text((klass / "records" / name).read_text())
    m2 = folder / "M2.rec"
    m2.write_text(m2.read_text().replace('[Home "Team 2"]', '[Home "Tema 2"]'))
    r = _audit(folder, "--class", klass)
    home_line = m2.read_text().splitlines().index('[Home "Tema 2"]') + 1
    assert (f"{m2}:{home_line}: CLASS-004: M2 was drawn for other teams: the record does not "
            "count in the standings (expected Team 2 v Team 3, found Tema 2 v Team 3)"
            ) in r.stdout.splitlines()
    assert "M2 Team 2 v Team 3: pending (its records have findings: " \
           f"{m2})" in r.stdout.splitlines()
    assert "Tema 2" not in r.stdout.split("  #  team")[1]      # not in the standings
    assert r.code == 1


def test_two_records_of_a_match_count_once_or_are_flagged(klass, tmp_path):
    folder = tmp_path / "records"
    folder.mkdir()
    text = (klass / "records" / "M1.rec").read_text()
    (folder / "M1.rec").write_text(text)
    (folder / "M1 (1).rec").write_text(text)
    r = _audit(folder, "--class", klass, "--format", "json")
    data = json.loads(r.stdout)
    first = data["matches"][0]
    assert (first["match"], first["state"]) == ("M1", "twice")
    assert sum(s["played"] for s in data["standings"]) == 2      # one game, two teams
    swapped = text.replace('[Home "Team 1"]', '[Home "Team 4"]', 1).replace(
        '[Away "Team 4"]', '[Away "Team 1"]', 1)          # the teams the other way round
    (folder / "M1 (1).rec").write_text(swapped)
    r = _audit(folder, "--class", klass, "--format", "json")
    data = json.loads(r.stdout)
    assert data["matches"][0]["state"] == "disagree"
    assert sum(s["played"] for s in data["standings"]) == 0       # until the teacher settles it


def test_without_a_schedule_the_audit_says_so_once(tmp_path):
    (tmp_path / "a.rec").write_text('[Game "postcard"]\n[Home "A"]\n[Away "B"]\n')
    r = _audit(tmp_path)
    assert r.stderr == ("note: no class schedule (results.csv) in the folder or the one above "
                        "it: each record's match and teams were not checked (--class CLASSDIR)"
                        "\n")


def test_a_class_option_without_a_schedule_is_refused(tmp_path):
    (tmp_path / "a.rec").write_text('[Game "postcard"]\n')
    r = _audit(tmp_path, "--class", tmp_path)
    assert (r.code, r.stderr) == (2, f"printkit: error: {tmp_path}: no results.csv: not a "
                                     "class folder `printkit classroom` wrote\n")


def test_a_class_can_be_rehearsed_and_audits_clean_with_nothing_missing(klass, tmp_path):
    """`simulate --class`: the bots play every scheduled match with its seed, teams and id;
    the audit takes them as the class's records."""
    out = tmp_path / "rehearsal"
    r = run_cli("simulate", "postcard", "--class", klass, "--out", out)
    assert (r.code, r.stdout) == (0, f"wrote 6 records of class matches to {out}\n")
    rows = list(csv.DictReader((klass / "results.csv").open()))
    for row in rows:
        head = (out / f"{row['match']}.rec").read_text().split("\n\n")[0]
        for tag in (f'[Seed "{row["seed"]}"]', f'[Home "{row["home"]}"]',
                    f'[Away "{row["away"]}"]', f'[Match "{row["match"]}"]'):
            assert tag in head.splitlines(), (tag, head)
    r = _audit(out, "--class", klass, "--class-key", klass.parent / "k.key")
    assert r.code == 0, r.stdout
    assert r.stdout.splitlines()[-1] == "audit: 6 records: 6 clean, 0 with findings, " \
                                        "0 unreadable"
    assert "no record" not in r.stdout


def test_simulate_needs_a_seed_or_a_class(tmp_path):
    r = run_cli("simulate", "postcard", "--out", tmp_path)
    assert (r.code, r.stderr) == (2, "printkit: error: simulate needs --seed SEED or --class "
                                     "CLASSDIR (one of them)\n")


def test_the_class_folder_itself_audits_its_records_not_its_printouts(klass):
    """`audit CLASSDIR`: the pack, the schedule and teacher sheets and each match's copy are
    what `classroom` wrote to print, not hand-ins (rasterised as bubble sheets they once took
    minutes); they are left out, and said so."""
    r = _audit(klass)
    assert r.code == 0, r.stdout + r.stderr
    assert r.stderr.splitlines()[0] == ("note: the class's own printouts are not hand-ins, "
                                        "left out: pack.pdf, schedule.pdf, teacher.pdf, "
                                        "matches/")
    assert r.stdout.splitlines()[-1] == ("audit: 3 records: 3 clean, 0 with findings, "
                                         "0 unreadable; 3 matches missing")
    assert "pack.pdf" not in r.stdout and "teacher.pdf" not in r.stdout
