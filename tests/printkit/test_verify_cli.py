"""`printkit verify` on PostCard Football records: exit codes, text and JSON, positions."""

from __future__ import annotations

import json
from pathlib import Path

from printkit_engine.postcard.bots import play_game
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]

CLEAN = play_game("cli-0001").text()


def write(tmp_path, text: str, name: str = "game.rec"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def slip(text: str) -> tuple[str, int]:
    """The record with the first rushing gain written 5 yards short, and that line."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("rush ") and "= +" in line:
            head, gain = line.rsplit("= +", 1)
            n, rest = gain.split(" ", 1) if " " in gain else (gain, "")
            lines[i] = f"{head}= +{int(n) - 5} {rest}".rstrip()
            return "\n".join(lines) + "\n", i + 1
    raise AssertionError("no rushing gain in the record")


def test_clean_record_exit_0(tmp_path):
    path = write(tmp_path, CLEAN)
    result = run_cli("verify", str(path))
    assert result.code == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{path}: postcard: ") and "lines checked, clean" in lines[0]


def test_findings_exit_1_with_the_finding_format(tmp_path):
    text, number = slip(CLEAN)
    path = write(tmp_path, text)
    result = run_cli("verify", str(path))
    assert result.code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{path}:{number}: PC-RUSH-001: rushing result does not "
                               "follow from the dice (expected +")
    assert lines[0].endswith(")") and ", found +" in lines[0]
    assert lines[1].startswith(f"{path}: postcard: ") and "1 finding;" in lines[1]


def test_json_lists_the_same_findings(tmp_path):
    text, number = slip(CLEAN)
    path = write(tmp_path, text)
    result = run_cli("verify", str(path), "--format", "json")
    assert result.code == 1
    data = json.loads(result.stdout)
    assert data["game"] == "postcard" and data["clean"] is False
    assert [(f["line"], f["rule"]) for f in data["findings"]] == [(number, "PC-RUSH-001")]
    text_out = run_cli("verify", str(path)).stdout.splitlines()
    assert data["summary"] == text_out[-1]


def test_an_unreadable_line_is_a_finding_on_its_line(tmp_path):
    """A line that cannot be read is one finding on it (PC-REC-003, exit 1), never a refusal
    of the file; the rest of the record is checked (and is clean)."""
    lines = CLEAN.splitlines()
    lines[12] = lines[12] + " banana"
    path = write(tmp_path, "\n".join(lines))
    result = run_cli("verify", str(path))
    assert result.code == 1 and result.stderr == ""
    out = result.stdout.splitlines()
    assert out[0] == (f"{path}:13: PC-REC-003: cannot read this line: cannot read 'banana' "
                      "in the outcome of run (write +N, tackle, fumble, pen O N or pen D N)")
    assert len(out) == 2 and "1 finding" in out[1]


def test_not_utf8_and_missing_file(tmp_path):
    path = tmp_path / "bad.rec"
    path.write_bytes(b'[Game "postcard"]\ntoss H4 A\xff1\n')
    result = run_cli("verify", str(path))
    assert result.code == 2 and f"{path}:2:" in result.stderr
    result = run_cli("verify", str(tmp_path / "nope.rec"))
    assert result.code == 2 and "nope.rec" in result.stderr


def test_seed_tag_checks_the_play_book(tmp_path):
    text = CLEAN.replace('[Seed "cli-0001"]', '[Seed "cli-0002"]')
    result = run_cli("verify", str(write(tmp_path, text)))
    assert result.code == 1
    assert "PC-DRAW-001: not the play book's next" in result.stdout


def test_entries_of_a_folder_that_cannot_be_read_are_each_reported(tmp_path):
    """A FIFO, a symbolic link that loops, one to /dev/zero and one to nothing, named like
    records, are each reported unreadable and counted (verify and audit), never skipped."""
    import os

    folder = tmp_path / "recs"
    folder.mkdir()
    (folder / "a.rec").write_text((ROOT / "examples/game.rec").read_text())
    os.mkfifo(folder / "fifo.rec")
    (folder / "loop.rec").symlink_to("loop.rec")
    (folder / "zero.rec").symlink_to("/dev/zero")
    (folder / "gone.rec").symlink_to("missing.rec")
    r = run_cli("verify", str(folder))
    assert r.code == 2
    assert r.stdout.splitlines()[-1] == ("total: 5 records: 1 clean, 0 with findings "
                                         "(0 findings), 4 unreadable")
    assert sorted(line.split("/")[-1].split(":")[0] for line in r.stderr.splitlines()) == [
        "fifo.rec", "gone.rec", "loop.rec", "zero.rec"]
    r = run_cli("audit", str(folder))
    assert "audit: 5 records: 1 clean, 0 with findings, 4 unreadable" in r.stdout
