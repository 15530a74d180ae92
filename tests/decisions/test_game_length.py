"""A short game read as short: `render --length` and `classroom --length` put the game's
length in the bubble sheets' codes (BLOWOUT!!! and Luck of the Draw have lengths), so the
replay of a quarter is not held to a whole game's end (BO-END-002 would be a false finding).
Found by the hand-fill of a BLOWOUT!!! sheet: a quarter game scanned as a whole one."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
import zxingcpp

from printkit_engine.blowout.bots import play_game
from tests.helpers import run_cli


def _codes(pdf: Path) -> list[str]:
    doc = pypdfium2.PdfDocument(pdf)
    try:
        return [r.text for k in range(len(doc))
                for r in zxingcpp.read_barcodes(doc[k].render(scale=2).to_pil())]
    finally:
        doc.close()


def test_a_blank_sheet_s_code_carries_the_length_and_keeps_its_geometry(tmp_path):
    short, whole = tmp_path / "short.pdf", tmp_path / "whole.pdf"
    assert run_cli("render", "blowout", "bubblelog", "--seed", "q1", "--length", "quarter",
                   "--out", short).code == 0
    assert run_cli("render", "blowout", "bubblelog", "--seed", "q1", "--out", whole).code == 0
    (code,), (plain,) = _codes(short), _codes(whole)
    assert code.startswith("PKBL1;blowout;letter;") and code.endswith(";1;Seed=q1&Length=quarter")
    assert plain.endswith(";1;Seed=q1")
    assert code.split(";")[3] == plain.split(";")[3]        # the same bubbles: the same key


def test_luck_of_the_draw_takes_its_own_lengths(tmp_path):
    pdf = tmp_path / "ld.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--seed", "s", "--decisions",
                "--length", "Q2", "--out", pdf)
    assert (r.code, r.stderr) == (0, "")
    assert _codes(pdf)[0].endswith(";1;Seed=s&Length=Q2")


@pytest.mark.parametrize(("args", "said"), [
    (("blowout", "bubblelog", "--seed", "s", "--length", "hour"),
     "--length 'hour': not a BLOWOUT!!! game length (quarter, halves, full)"),
    (("postcard", "bubblelog", "--seed", "s", "--length", "quarter"),
     "--length: PostCard Football has no game lengths (a game is always the whole game)"),
    (("blowout", "board", "--length", "quarter"),
     "--length are options of the bubblelog sheet"),
    (("nogame", "bubblelog", "--length", "quarter"), "unknown game 'nogame'"),
])
def test_a_bad_length_is_one_line_exit_2(tmp_path, args, said):
    r = run_cli("render", *args, "--out", tmp_path / "x.pdf")
    assert r.code == 2 and r.stderr.count("\n") == 1 and said in r.stderr, r.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_length_with_from_is_refused(tmp_path):
    record = tmp_path / "g.rec"
    record.write_text('[Game "blowout"]\n[Seed "q1"]\n\n')
    r = run_cli("render", "blowout", "bubblelog", "--from", record, "--length", "quarter",
                "--out", tmp_path / "x.pdf")
    assert r.code == 2 and "--length and --from: give one" in r.stderr


def test_a_quarter_is_replayed_as_a_quarter_and_without_its_length_as_unfinished(tmp_path):
    """The bots play a quarter (the input); shaded on decision sheets and scanned, it reads
    clean with its Length, and the same sheets saying nothing of the length are a whole
    game that stopped after the first quarter."""
    text = play_game("q1", length="quarter").text()
    assert '[Length "quarter"]' in text
    short, whole = tmp_path / "short.rec", tmp_path / "whole.rec"
    short.write_text(text)
    whole.write_text(text.replace('[Length "quarter"]\n', ""))
    found = {}
    for record in (short, whole):
        pdf = record.with_suffix(".pdf")
        assert run_cli("render", "blowout", "bubblelog", "--from", record, "--out", pdf).code == 0
        r = run_cli("scan", pdf, "--out", record.with_suffix(".scanned"))
        found[record.stem] = (r.code, "BO-END-002" in r.stdout + r.stderr)
    assert found == {"short": (0, False), "whole": (1, True)}


def test_a_class_of_halves_has_it_in_every_bubble_sheet_s_code(tmp_path):
    r = run_cli("classroom", "blowout", "--teams", "2", "--class-key", tmp_path / "k.key",
                "--out", tmp_path / "class", "--length", "halves")
    assert r.code == 0, r.stderr
    codes = [c for c in _codes(tmp_path / "class" / "pack.pdf") if c.startswith("PKBL1;")]
    assert codes and all("&Length=halves&" in c for c in codes)
    # blank sheets for half a game: a whole one is some 276 rows, 42 a letter sheet (7
    # sheets); half of it, 138 rows, takes 4
    assert len(codes) == 4
    r = run_cli("classroom", "blowout", "--teams", "2", "--class-key", tmp_path / "k2.key",
                "--out", tmp_path / "c2", "--length", "hours")
    assert r.code == 2 and r.stderr.count("\n") == 1 and "--length 'hours'" in r.stderr
    assert not (tmp_path / "k2.key").exists()


def test_simulate_plays_the_length_and_its_records_verify_clean(tmp_path):
    r = run_cli("simulate", "blowout", "--seed", "q", "--games", "2", "--length", "quarter",
                "--out", tmp_path / "sim")
    assert r.code == 0, r.stderr
    records = sorted((tmp_path / "sim").glob("*.rec"))
    assert len(records) == 2
    assert all('[Length "quarter"]' in p.read_text() for p in records)
    # a quarter is one pass through the OFFENSE deck: no second period is written
    assert not any(line.startswith("Q2 ") for p in records for line in p.read_text().split("\n"))
    r = run_cli("verify", *records)
    assert r.code == 0, r.stdout + r.stderr


@pytest.mark.parametrize(("game", "length", "said"), [
    ("luckdraw", "Q2", "--length: the Luck of the Draw bots choose each game's length"),
    ("postcard", "quarter", "--length: PostCard Football has no game lengths"),
    ("blowout", "hour", "--length 'hour': not a BLOWOUT!!! game length"),
])
def test_simulate_length_refusals_are_one_line(tmp_path, game, length, said):
    r = run_cli("simulate", game, "--seed", "q", "--length", length, "--out", tmp_path / "s")
    assert r.code == 2 and r.stderr.count("\n") == 1 and said in r.stderr, r.stderr
    assert not (tmp_path / "s").exists()
