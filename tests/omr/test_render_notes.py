"""`printkit render GAME bubblelog --from RECORD` says on stderr what the sheet leaves off
(one line each, `RECORD:LINE: note`) and still writes the sheets (exit 0)."""

from __future__ import annotations

from pathlib import Path

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

Q1 H R60 D60 +0 {H 2&10 H20}
Q1 H R55 D60 -5 {H 3&15 H15} ; lost five
"""


def test_a_card_written_twice_is_a_note_on_stderr(tmp_path):
    record = tmp_path / "twice.rec"
    record.write_text(LUCKDRAW)
    out = tmp_path / "twice.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                "--out", str(out))
    assert r.code == 0
    assert r.stdout.strip() == str(out)
    assert r.stderr.splitlines() == [f"{record}:6: not on the sheet: PTD"]
    assert out.stat().st_size > 0


def test_a_comment_after_the_state_is_a_note(tmp_path):
    record = tmp_path / "comment.rec"
    record.write_text(BLOWOUT)
    r = run_cli("render", "blowout", "bubblelog", "--dense", "--from", str(record),
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
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                "--out", str(tmp_path / "w.pdf"))
    assert r.code == 0
    assert r.stderr == ""


def test_many_notes_are_summed_up_after_five(tmp_path):
    """Eight lines each with a comment the sheet leaves off: five named, one line for three."""
    lines = "\n".join(f"Q1 H R60 D60 +0 {{H 2&10 H20 0-0}} ; note {n}" for n in range(8))
    record = tmp_path / "many.rec"
    record.write_text(f'[Game "blowout"]\n[Home "Hawks"]\n[Away "Bears"]\n\n{lines}\n')
    r = run_cli("render", "blowout", "bubblelog", "--dense", "--from", str(record), "--out",
                str(tmp_path / "many.pdf"))
    assert r.code == 0, r.stderr
    err = r.stderr.strip().splitlines()
    assert len(err) == 6
    assert err[0].startswith(f"{record}:5: ") and err[4].startswith(f"{record}:9: ")
    assert err[5].startswith("... and 3 more lines with parts not on the sheet")


def test_notes_of_another_kind_are_never_summed_away(tmp_path):
    """Six dice that are not the play book's (the book's are the record's own: it verifies
    clean) on a record whose states leave eight parts off the sheet: each die note is shown,
    only the left-off parts beyond five are summed."""
    book = Path(__file__).parent / "records" / "postcard_book.rec"
    lines = book.read_text().splitlines()
    for number, was, now in ((12, "run A5 H6 ", "run A5 H5 "),
                             (14, "pass 3v1 A3 H5 ", "pass 3v1 A3 H4 "),
                             (16, "rush 5v6 A1/6 H5 ", "rush 5v6 A1/6 H4 "),
                             (17, "run A4 H1 ", "run A4 H2 "),
                             (19, "rush 5v3 A6 H6 ", "rush 5v3 A6 H5 "),
                             (21, "rush 1v2 A1/4+1 H4+1 ", "rush 1v2 A1/4+1 H3+1 ")):
        assert lines[number - 1].startswith(was)
        lines[number - 1] = now + lines[number - 1][len(was):]
    record = tmp_path / "six-dice.rec"
    record.write_text("\n".join(lines) + "\n")
    r = run_cli("render", "postcard", "bubblelog", "--dense", "--from", str(record), "--out",
                str(tmp_path / "six.pdf"))
    assert r.code == 0, r.stderr
    err = r.stderr.strip().splitlines()
    dice = [e for e in err if "is not the play book's draw" in e]
    assert [e.split(":")[1] for e in dice] == ["12", "14", "16", "17", "19", "21"]
    assert f"{record}:12: H5 is not the play book's draw (H6)" in dice[0]
    assert f"{record}:21: H3+1 is not the play book's draw (H4)" in dice[5]
    assert len([e for e in err if ": not on the sheet: " in e]) == 5
    assert err[-1].startswith("... and 3 more lines with parts not on the sheet")
