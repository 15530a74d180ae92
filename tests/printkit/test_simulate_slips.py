"""`printkit simulate --slips N`: hand-written slips planted in a rehearsal's records, the
answer key beside them, and the audit finding every one (issue 29)."""

from __future__ import annotations

import csv
import json

import pytest

from tests.helpers import run_cli

# a class's schedule as `classroom` writes it (hand-typed: no key is needed without
# --class-key, and fixed seeds make the slips the same on every run)
SCHEDULE = ("match,round,home,away,seed,code,home_points,away_points\n"
            "M1,1,Owls,Foxes,seed-one,M1-AAAA,,\n"
            "M2,1,Bears,Hawks,seed-two,M2-BBBB,,\n"
            "M3,2,Owls,Bears,seed-three,M3-CCCC,,\n")
BIGGER = ("match,round,home,away,seed,code,home_points,away_points\n" + "".join(
    f"M{k},{k},Team {a},Team {b},s-{k}-x,M{k}-AAAA,,\n"
    for k, (a, b) in enumerate([(1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3), (4, 1),
                                (3, 2)], start=1)))


def _class(workdir, schedule: str = SCHEDULE):
    klass = workdir / "klass"
    klass.mkdir()
    (klass / "results.csv").write_text(schedule)
    return klass


def _audit(out, klass) -> dict:
    r = run_cli("audit", out, "--class", klass, "--format", "json")
    assert r.code in (0, 1), r.stderr
    return json.loads(r.stdout)


def _key(path) -> list[dict]:
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def test_a_fixed_small_class_gets_the_slips_typed_here(workdir):
    """Typed by hand from one run: the same class (its seeds) plants the same two slips,
    and the audit names each at its line with the rule written here."""
    klass = _class(workdir)
    r = run_cli("simulate", "postcard", "--class", klass, "--out", "recs", "--slips", "2")
    assert r.code == 0, r.stderr
    assert r.stdout.strip() == ("wrote 3 records of class matches to recs, 2 with a slip "
                                "(answer key: recs/answer-key.csv)")
    key = _key(workdir / "recs" / "answer-key.csv")
    assert [(k["file"], k["line"], k["slip"], k["rule"]) for k in key] == [
        ("M2.rec", "79", "a line written twice", "PC-REC-004"),
        ("M3.rec", "193", "a score added wrong", "PC-SCORE-001")]
    m3 = (workdir / "recs" / "M3.rec").read_text().splitlines()
    assert m3[192] == "rush 1v2 H4+1 A6 = stop {H 3&10 50 4-10 T5/7 P7/7 B0/2}"   # was 3-10
    m2 = (workdir / "recs" / "M2.rec").read_text().splitlines()
    assert m2[77] == m2[78] == "rush 5v2 A2+3 H1 = +15"
    report = _audit(workdir / "recs", klass)
    found = {rec["file"].rsplit("/", 1)[-1]: [(f["line"], f["rule"]) for f in rec["findings"]]
             for rec in report["records"]}
    assert found == {"M1.rec": [], "M2.rec": [(79, "PC-REC-004")],
                     "M3.rec": [(193, "PC-SCORE-001")]}
    # the same class, again: the same bytes
    assert run_cli("simulate", "postcard", "--class", klass, "--out", "again",
                   "--slips", "2").code == 0
    for name in ("M1.rec", "M2.rec", "M3.rec", "answer-key.csv"):
        assert (workdir / "again" / name).read_bytes() == (workdir / "recs" / name).read_bytes()


@pytest.mark.parametrize("game", ["cardbowl", "postcard", "blowout", "luckdraw", "cardgrid"])
def test_every_slip_of_the_key_is_what_the_audit_finds(workdir, game):
    """Eight matches, six slips of the game's kinds: the audit's findings for each file are
    the key's (its first finding's rule and line, and how many), the other files clean."""
    klass = _class(workdir, BIGGER)
    r = run_cli("simulate", game, "--class", klass, "--out", "recs", "--slips", "6")
    assert r.code == 0, r.stderr
    key = {k["file"]: k for k in _key(workdir / "recs" / "answer-key.csv")}
    assert len(key) == 6
    assert len({k["slip"] for k in key.values()}) >= 4          # the kinds are taken in turn
    report = _audit(workdir / "recs", klass)
    assert len(report["records"]) == 8
    for rec in report["records"]:
        name = rec["file"].rsplit("/", 1)[-1]
        findings = [(f["line"], f["rule"]) for f in rec["findings"]]
        if name not in key:
            assert findings == [], (name, findings)
            continue
        k = key[name]
        assert findings[0] == (int(k["finding_line"]), k["rule"]), (name, k, findings)
        assert len(findings) == int(k["findings"])
        lines = (workdir / "recs" / name).read_text().splitlines()
        if k["now"]:                                            # the slip is where it says
            assert lines[int(k["line"]) - 1] == k["now"]
        assert sum(1 for f in findings if f[1].endswith("REC-003")) <= 1


def test_a_team_misspelt_is_class_004_on_the_home_line(workdir):
    """A slip kind every game has, found only with the class's schedule."""
    klass = _class(workdir, BIGGER)
    assert run_cli("simulate", "cardgrid", "--class", klass, "--out", "recs",
                   "--slips", "8").code == 0
    misspelt = [k for k in _key(workdir / "recs" / "answer-key.csv")
                if k["slip"] == "a team name misspelt"]
    assert misspelt, "8 slips over 6 kinds include a team name"
    for k in misspelt:
        assert k["rule"] == "CLASS-004"
        assert k["was"].startswith(("[Home \"Team ", "[Away \"Team "))
        assert k["now"] != k["was"] and len(k["now"]) == len(k["was"])


def test_slips_with_a_seed_and_the_refusals(workdir):
    r = run_cli("simulate", "cardgrid", "--seed", "s", "--games", "3", "--out", "o",
                "--slips", "2")
    assert r.code == 0, r.stderr
    assert len(_key(workdir / "o" / "answer-key.csv")) == 2
    r = run_cli("simulate", "cardgrid", "--seed", "s", "--games", "3", "--out", "p",
                "--slips", "4")
    assert r.code == 2
    assert r.stderr == "printkit: error: --slips 4: only 3 records to plant them in\n"
    assert not (workdir / "p").exists()
    again = run_cli("simulate", "cardgrid", "--seed", "s", "--games", "3", "--out", "o",
                    "--slips", "2")
    assert again.code == 2 and "file exists" in again.stderr
