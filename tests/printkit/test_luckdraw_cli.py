"""Luck of the Draw through the real CLI: render/simulate --players, verify transcripts,
and a single deal slip's own QR code (payloads decoded and re-derived)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
import zxingcpp

from printkit.books import render_book
from printkit.preview import rasterise
from printkit_engine.playbook import (
    BookError,
    build,
    make_spec,
    parse_payload,
    slip_payload,
    verify_payload,
)
from tests.helpers import run_cli

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "engine" / "luckdraw" / "records"
# drive 3 of seed demo, 4 players, as its slip prints it: the QB's extra card, then P4, P1, P2
DRIVE3 = "FG IR/TO STTD FDN OP P XP/S TE SACK MFG DP RTD FBL"
CHECK3 = hashlib.sha256(f"drive/3:{DRIVE3}\nplayers=4\n".encode()).hexdigest()[:8]
SLIP3 = ("printkit-draws/1;game=luckdraw;seed=demo;players=4;stream=drive/3;draws=13;"
         f"check={CHECK3}")


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("args,message", [
    (("render", "luckdraw", "scoresheet", "--players", "9"),
     "--players: Luck of the Draw is for 2-8 players, not 9"),
    (("render", "luckdraw", "scoresheet", "--players", "1"),
     "--players: Luck of the Draw is for 2-8 players, not 1"),
    (("render", "postcard", "board", "--players", "3"),
     "--players is not an option of the postcard board sheet"),
    (("simulate", "luckdraw", "--seed", "s", "--out", "o", "--players", "9"),
     "--players: Luck of the Draw is for 2-8 players, not 9"),
    (("simulate", "postcard", "--seed", "s", "--out", "o", "--players", "2"),
     "--players is not an option of postcard"),
])
def test_players_out_of_range_is_one_line(workdir, args, message):
    r = run_cli(*args)
    assert (r.code, r.stdout, r.stderr) == (2, "", f"printkit: error: {message}\n")


def test_render_for_a_player_count(workdir):
    r = run_cli("render", "luckdraw", "scoresheet", "--players", "3", "--paper", "a4",
                "--out", "s.pdf")
    assert r.code == 0 and (workdir / "s.pdf").read_bytes().startswith(b"%PDF-")


def test_simulate_then_verify_clean(workdir):
    r = run_cli("simulate", "luckdraw", "--seed", "cli", "--players", "7", "--games", "2",
                "--out", "recs")
    assert r.code == 0 and r.stdout == "wrote 2 records to recs\n"
    text = (workdir / "recs" / "luckdraw-cli-0001.rec").read_text()
    assert '[Players "7"]' in text and '[Seed "cli-0001"]' in text
    r = run_cli("verify", "recs")
    assert r.code == 0
    assert r.stdout.splitlines()[-1] == ("total: 2 records: 2 clean, 0 with findings "
                                         "(0 findings), 0 unreadable")


def test_verify_the_example_and_a_slip(workdir):
    r = run_cli("verify", str(ROOT / "examples" / "luckdraw.rec"))
    assert r.code == 0 and r.stdout.endswith("45 lines checked, clean; 4 players, 3 drives\n")
    text = (ROOT / "examples" / "luckdraw.rec").read_text().replace(
        "penalty P2 delay 2 ", "penalty P2 delay 4 ")
    (workdir / "slip.rec").write_text(text)
    r = run_cli("verify", "slip.rec")
    assert r.code == 1
    assert r.stdout.splitlines()[0] == ("slip.rec:41: LD-PEN-001: Delay of Game costs 2 points "
                                        "(expected 2, found 4)")


def test_untagged_transcript_is_detected(workdir):
    shutil.copy(RECORDS / "six-untagged.txt", workdir / "six.txt")
    r = run_cli("verify", "six.txt")
    assert r.code == 0 and "six.txt: luckdraw: 45 lines checked, clean" in r.stdout


def test_an_unreadable_line_is_a_finding_on_its_line(workdir):
    (workdir / "bad.rec").write_text('[Game "luckdraw"]\n[Players "2"]\ndrive 1 QB P1\n'
                                     "deal P1 PTD ZZZ\n")
    r = run_cli("verify", "bad.rec")
    assert r.code == 1 and r.stderr == ""
    assert r.stdout.splitlines()[0].startswith(
        "bad.rec:4: LD-REC-003: cannot read this line: expected a game card (DP FBL")


def test_slip_payload_reads_back_and_re_derives():
    spec = make_spec("luckdraw", "demo", drives=3, players=4)
    assert slip_payload(spec, "drive/3") == SLIP3
    payload = parse_payload(SLIP3)
    assert (payload.stream, payload.check, payload.draws, payload.spec.players) == \
        ("drive/3", CHECK3, 13, 4)
    assert verify_payload(SLIP3).match
    tampered = SLIP3.replace("seed=demo", "seed=demo2")
    assert not verify_payload(tampered).match
    # the same shuffle cut for 2 players is another slip: its code differs
    assert not verify_payload(SLIP3.replace("players=4", "players=2")).match
    with pytest.raises(BookError, match="names no stream"):
        parse_payload(SLIP3.replace("stream=drive/3", "stream=home"))


def test_every_slip_of_a_printed_book_carries_its_own_code():
    book = build(make_spec("luckdraw", "demo", drives=3, players=4))
    found = {r.text for image in rasterise(render_book(book, "letter"), 150)
             for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)}
    assert SLIP3 in found and book.payload() in found and len(found) == 4
    deals = json.loads(run_cli("playbook", "luckdraw", "--seed", "demo", "--drives", "3",
                               "--players", "4", "--format", "json").stdout)["deals"]
    assert deals[2]["check"] == CHECK3


def test_scan_a_photo_of_one_slip():
    r = run_cli("scan", str(ROOT / "examples" / "luckdraw-slip.png"))
    assert r.code == 0
    assert r.stdout.splitlines() == [
        "game: luckdraw", "seed: demo", "count: stream drive/3, players 4, 13 draws",
        f"check: {CHECK3}", "QR payload re-derived: MATCH",
        "stream: drive/3 (one slip of the book)",
        "verdict: SLIP MATCH: this is drive/3 of the book the seed makes"]
