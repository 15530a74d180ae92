"""`printkit render GAME bubblelog --from RECORD` says on stderr what the sheet leaves off
(one line each, `RECORD:LINE: note`) and still writes the sheets (exit 0)."""

from __future__ import annotations

from tests.helpers import run_cli

LUCKDRAW = """[Game "luckdraw"]
[Players "4"]

Q1
drive 1 QB P1
deal P1 PTD INT PTD
deal P2 FDN OP
"""

BLOWOUT = """[Game "blowout"]
[Home "Hawks"]
[Away "Bears"]

Q1 H R60 D60 +0 {H 2&10 H20 0-0}
Q1 H R55 D60 -5 {H 3&15 H15 0-0} ; lost five
"""


def test_a_card_written_twice_is_a_note_on_stderr(tmp_path):
    record = tmp_path / "twice.rec"
    record.write_text(LUCKDRAW)
    out = tmp_path / "twice.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--from", str(record), "--out", str(out))
    assert r.code == 0
    assert r.stdout.strip() == str(out)
    assert r.stderr.splitlines() == [f"{record}:6: not on the sheet: PTD"]
    assert out.stat().st_size > 0


def test_a_comment_after_the_state_is_a_note(tmp_path):
    record = tmp_path / "comment.rec"
    record.write_text(BLOWOUT)
    r = run_cli("render", "blowout", "bubblelog", "--from", str(record),
                "--out", str(tmp_path / "c.pdf"))
    assert r.code == 0
    assert r.stderr.splitlines() == [f"{record}:6: not on the sheet: lost five"]


def test_the_fillable_log_says_so_too(tmp_path):
    record = tmp_path / "twice.rec"
    record.write_text(LUCKDRAW)
    r = run_cli("render", "luckdraw", "bubblelog", "--fillable", "--from", str(record),
                "--out", str(tmp_path / "f.pdf"))
    assert r.code == 0
    assert r.stderr.splitlines() == [f"{record}:6: not in the log: PTD"]


def test_a_record_the_sheet_holds_whole_prints_no_note(tmp_path):
    record = tmp_path / "whole.rec"
    record.write_text(LUCKDRAW.replace("PTD INT PTD", "PTD INT"))
    r = run_cli("render", "luckdraw", "bubblelog", "--from", str(record),
                "--out", str(tmp_path / "w.pdf"))
    assert r.code == 0
    assert r.stderr == ""


def test_many_notes_are_summed_up_after_five(tmp_path):
    """Eight lines each with a comment the sheet leaves off: five named, one line for three."""
    lines = "\n".join(f"Q1 H R60 D60 +0 {{H 2&10 H20 0-0}} ; note {n}" for n in range(8))
    record = tmp_path / "many.rec"
    record.write_text(f'[Game "blowout"]\n[Home "Hawks"]\n[Away "Bears"]\n\n{lines}\n')
    r = run_cli("render", "blowout", "bubblelog", "--from", str(record), "--out",
                str(tmp_path / "many.pdf"))
    assert r.code == 0, r.stderr
    err = r.stderr.strip().splitlines()
    assert len(err) == 6
    assert err[0].startswith(f"{record}:5: ") and err[4].startswith(f"{record}:9: ")
    assert err[5].startswith("... and 3 more lines with parts not on the sheet")
