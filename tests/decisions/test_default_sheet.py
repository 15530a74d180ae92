"""`render GAME bubblelog` draws the decision sheet by default (issue 31) when the game has a
decision log and the play book's seed is known; the dense sheet otherwise (a note saying why
for a game that has a decision sheet), and with `--dense`. Class packs use the decision sheet,
and `audit` of a class's decision sheets gives its standings."""

from __future__ import annotations

import json
import re
from pathlib import Path

import cv2
import pytest

from tests.helpers import pdf_texts, run_cli
from tests.omr.distort import page_image

DENSE_TITLE = "PostCard Football bubble log\n"
DECISIONS_TITLE = "PostCard Football bubble log (decisions)"


def _first_page(pdf: Path) -> str:
    return pdf_texts(pdf, range(1))[0] + "\n"


def _render(tmp_path: Path, *args: str):
    out = tmp_path / "log.pdf"
    r = run_cli("render", "postcard", "bubblelog", *args, "--out", str(out), "--force")
    return r, out


def test_with_a_seed_the_default_is_the_decision_sheet(tmp_path):
    r, pdf = _render(tmp_path, "--seed", "demo")
    assert (r.code, r.stderr) == (0, "")
    text = _first_page(pdf)
    assert DECISIONS_TITLE in text and "lines 1-15" in text


def test_dense_keeps_the_full_line_sheet_without_a_note(tmp_path):
    r, pdf = _render(tmp_path, "--seed", "demo", "--dense")
    assert (r.code, r.stderr) == (0, "")
    text = _first_page(pdf)
    assert DECISIONS_TITLE not in text and "lines 1-27" in text     # the play-book sheet


def test_without_a_seed_the_dense_sheet_and_one_line_saying_why(tmp_path):
    r, pdf = _render(tmp_path)
    assert r.code == 0
    assert r.stderr.count("\n") == 1
    assert "no seed is known" in r.stderr and "--seed" in r.stderr and "--dense" in r.stderr
    assert DECISIONS_TITLE not in _first_page(pdf)


def test_from_a_record_with_a_seed_its_decisions_are_shaded(tmp_path):
    record = tmp_path / "start.rec"
    record.write_text('[Game "postcard"]\n[Seed "demo"]\n\ntoss H4 A1 = H\n'
                      "kickoff A 3v5\nfair {H 1&10 H0 0-0}\n")
    r, pdf = _render(tmp_path, "--from", str(record))
    assert (r.code, r.stderr) == (0, "")
    assert DECISIONS_TITLE in _first_page(pdf)
    seedless = tmp_path / "seedless.rec"
    seedless.write_text(record.read_text().replace('[Seed "demo"]\n', ""))
    r, pdf = _render(tmp_path, "--from", str(seedless))
    assert r.code == 0
    lines = [n for n in r.stderr.splitlines() if "no seed is known" in n]
    assert len(lines) == 1 and lines[0].startswith(f"{seedless}: "), r.stderr
    assert DECISIONS_TITLE not in _first_page(pdf)


@pytest.mark.parametrize("args", [("--dense", "--decisions"), ("--dense", "--log", "decisions")])
def test_dense_with_decisions_is_one_line_exit_2(tmp_path, args):
    r, pdf = _render(tmp_path, "--seed", "demo", *args)
    assert (r.code, r.stderr) == (2, "printkit: error: --dense and --decisions: give one (the "
                                     "dense sheet or the decision sheet)\n")
    assert not pdf.exists()


@pytest.mark.parametrize("game", ["postcard", "cardbowl", "blowout", "luckdraw", "cardgrid"])
def test_every_game_s_blank_sheet_with_a_seed_is_its_decision_sheet(tmp_path, game):
    """Issue 31: the decision sheet is what `render GAME bubblelog` draws with a seed, for
    every game (Luck of the Draw's too, since its dense sheet's bubbles are 2.1 mm);
    `--dense` the full-line one."""
    out = tmp_path / "log.pdf"
    r = run_cli("render", game, "bubblelog", "--seed", "demo", "--out", str(out))
    assert (r.code, r.stderr) == (0, "")
    assert "bubble log (decisions)" in _first_page(out)
    r = run_cli("render", game, "bubblelog", "--seed", "demo", "--dense", "--out",
                str(tmp_path / "dense.pdf"))
    assert (r.code, r.stderr) == (0, "")
    assert "(decisions)" not in _first_page(tmp_path / "dense.pdf")


def _bubble_titles(pdf: Path) -> list[str]:
    return [re.sub(r"\s+sheet.*", "", text.split("\n", 1)[0])
            for text in pdf_texts(pdf) if "bubble log" in text[:60]]


def test_a_class_pack_uses_the_decision_sheet_and_dense_the_full_line_one(tmp_path):
    r = run_cli("classroom", "postcard", "--teams", "2", "--class-key", tmp_path / "k.key",
                "--out", tmp_path / "class")
    assert r.code == 0, r.stderr
    titles = _bubble_titles(tmp_path / "class" / "pack.pdf")
    assert titles == [DECISIONS_TITLE] * 5              # 70 plays, 15 a sheet
    r = run_cli("classroom", "postcard", "--teams", "2", "--class-key", tmp_path / "k.key",
                "--out", tmp_path / "dense", "--dense")
    assert r.code == 0, r.stderr
    titles = _bubble_titles(tmp_path / "dense" / "pack.pdf")
    assert titles and set(titles) == {"PostCard Football bubble log"}


def test_a_class_s_decision_sheets_photographed_audit_to_the_standings(tmp_path):
    """A class of three, played by the bots, each match's record shaded on its decision
    sheets (the default) and photographed at 150 dpi: the audit of the photos reads every
    match clean, with the record's result, and the standings from them."""
    r = run_cli("classroom", "postcard", "--teams", "3", "--class-key", tmp_path / "k.key",
                "--out", tmp_path / "class")
    assert r.code == 0, r.stderr
    assert run_cli("simulate", "postcard", "--class", "class", "--out", "class/records",
                   cwd=tmp_path).code == 0
    photos = tmp_path / "photos"
    photos.mkdir()
    results = {}
    for match in ("M1", "M2", "M3"):
        record = tmp_path / "class" / "records" / f"{match}.rec"
        text = record.read_text()
        results[match] = [int(v) for v in re.search(r'\[Result "(\d+)-(\d+)"\]',
                                                    text).groups()]
        pdf = tmp_path / f"{match}.pdf"
        r = run_cli("render", "postcard", "bubblelog", "--from", record, "--out", pdf)
        assert (r.code, r.stderr) == (0, ""), r.stderr
        assert DECISIONS_TITLE in _first_page(pdf)
        data = pdf.read_bytes()
        pages = len(pdf_texts(pdf))
        for k in range(pages):
            cv2.imwrite(str(photos / f"{match}-{k + 1}.png"), page_image(data, k, 150))
    r = run_cli("audit", photos, "--class", tmp_path / "class", "--format", "json")
    assert r.code == 0, r.stdout + r.stderr
    report = json.loads(r.stdout)
    got = {e["match"]: (e["status"], e["points"]) for e in report["records"]}
    assert got == {m: ("clean", p) for m, p in results.items()}
    # M1 Team 2 v Team 3, M2 Team 3 v Team 1, M3 Team 1 v Team 2 (the round robin of three)
    homes = {e["match"]: (e["home"], e["away"]) for e in report["records"]}
    assert homes == {"M1": ("Team 2", "Team 3"), "M2": ("Team 3", "Team 1"),
                     "M3": ("Team 1", "Team 2")}
    table = {row["team"]: (row["points_for"], row["points_against"]) for row in
             report["standings"]}
    for team in ("Team 1", "Team 2", "Team 3"):
        scored = sum(p[0] if homes[m][0] == team else p[1] for m, p in results.items()
                     if team in homes[m])
        against = sum(p[1] if homes[m][0] == team else p[0] for m, p in results.items()
                      if team in homes[m])
        assert table[team] == (scored, against), team


def test_notes_that_cannot_be_a_decision_log_go_on_the_dense_sheet_with_a_note(tmp_path):
    """Card Bowl's decision sheet is its default with a seed, but the rules' own example
    (examples/notes.txt, Seed demo) does not say the defense's answers: it goes on the dense
    sheet, every line of it, and the first line on stderr says why; --decisions refuses."""
    out = tmp_path / "notes.pdf"
    r = run_cli("render", "cardbowl", "bubblelog", "--from", "examples/notes.txt",
                "--out", out)
    assert r.code == 0, r.stderr
    first = r.stderr.split("\n")[0]
    assert first == ("examples/notes.txt: the dense cardbowl bubble log: the notes do not hold "
                     "every decision (the defense's answer, a pass's turns and formation): "
                     "only a game the bots played from its Seed can be written as its "
                     "decision log; type the decisions (--dense says you want this one)")
    assert "Card Bowl bubble log\n" in _first_page(out)
    r = run_cli("render", "cardbowl", "bubblelog", "--decisions", "--from",
                "examples/notes.txt", "--out", tmp_path / "d.pdf")
    assert r.code == 2 and "the notes do not hold every decision" in r.stderr
