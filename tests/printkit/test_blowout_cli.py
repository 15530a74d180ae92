"""`printkit verify` and `printkit simulate` on BLOWOUT!!! records, through the real entry
point: exit codes, the finding line, untagged records, the shipped example."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "blowout.rec"


def test_shipped_example_verifies_clean():
    r = run_cli("verify", str(EXAMPLE))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.strip() == (f"{EXAMPLE}: blowout: 24 lines checked, clean; "
                                "final score 3-0")


def test_one_slip_one_finding_line(workdir):
    text = EXAMPLE.read_text().replace("Q1 H K45 D75 +45 {A 1&10 A20 3-0}",
                                       "Q1 H K45 D75 +45 {A 1&10 A30 0-0}")
    (workdir / "slip.rec").write_text(text)
    r = run_cli("verify", "slip.rec")
    assert r.code == 1
    first = r.stdout.splitlines()[0]
    assert first == ("slip.rec:21: BO-FG-001: KICK YARDS 45 against 30 + 10 = 40 to the back "
                     "of the END ZONE: good, 3 points, the DEFENSE's ball on its own 20 "
                     "(expected {A 1&10 A20 3-0}, found {A 1&10 A30 0-0})")


def test_untagged_record_is_known_by_its_snap_lines(workdir):
    body = "\n".join(line for line in EXAMPLE.read_text().splitlines()
                     if not line.startswith("[Game"))
    (workdir / "untagged.txt").write_text(body + "\n")
    r = run_cli("verify", "untagged.txt")
    assert r.code == 0, r.stdout + r.stderr
    assert "blowout: 24 lines checked, clean" in r.stdout


def test_unreadable_line_is_a_finding_on_its_line(workdir):
    """A line that cannot be read is one finding on it (exit 1), not a refusal of the file."""
    (workdir / "bad.rec").write_text('[Game "blowout"]\nQ1 H R70 D65 +5 {H 2&5 H25 0-0 x}\n')
    r = run_cli("verify", "bad.rec")
    assert r.code == 1 and r.stderr == ""
    assert r.stdout.splitlines()[1] == (
        "bad.rec:2: BO-REC-003: cannot read this line: expected the state as {SIDE "
        "DOWN&TOGO BALL-ON SCORE}, e.g. {H 1&10 H20 0-0} (the score may be left off), found "
        "{H 2&5 H25 0-0 x}")


def test_simulate_writes_records_that_verify_clean(workdir):
    r = run_cli("simulate", "blowout", "--seed", "cup", "--games", "2", "--out", "recs")
    assert r.code == 0, r.stderr
    names = sorted(p.name for p in (workdir / "recs").iterdir())
    assert names == ["blowout-cup-0001.rec", "blowout-cup-0002.rec"]
    text = (workdir / "recs" / names[0]).read_text()
    assert '[Seed "cup-0001"]' in text and '[Length "full"]' in text
    check = run_cli("verify", "recs")
    assert check.code == 0, check.stdout
    assert check.stdout.splitlines()[-1].startswith("total: 2 records: 2 clean")
