"""The play book's "what happens" lines: written in the notation, they verify clean against
the very book (its Seed), and the PDF carries them only when asked."""

from __future__ import annotations

import io
import re

import pdfplumber

from printkit_engine.cardgrid.answers import answers
from printkit_engine.cardgrid.verify import verify_text
from printkit_engine.playbook import make_spec
from tests.helpers import run_cli


def test_answers_are_a_clean_passage_log_of_the_book():
    spec = make_spec("cardgrid", "class-7", plays=20)
    entries = answers(spec)
    assert entries[0].startswith("Home kicks off")
    body = [re.sub(r"^\d+\. ", "", e) for e in entries[1:-1]]
    assert [e.split(".")[0] for e in entries[1:4]] == ["1", "2", "3"]
    tags = '[Seed "class-7"]\n[KickOff "H"]\n[Finish "10:00"]\n'
    text = tags + "\n".join(body) + "\n"
    report = verify_text(text, "answers.rec")
    assert report.clean, report.to_text()
    assert report.lines_checked >= 40
    final = re.search(r"home (\d+), away (\d+)", entries[-1]).groups()
    assert verify_text(f'[Result "{final[0]}-{final[1]}"]\n' + text, "a.rec").clean


def test_playbook_answers_option(tmp_path):
    out = tmp_path / "book.pdf"
    r = run_cli("playbook", "cardgrid", "--seed", "demo", "--plays", "3", "--answers",
                "--out", str(out))
    assert r.code == 0, r.stderr
    with pdfplumber.open(io.BytesIO(out.read_bytes())) as pdf:
        text = "\n".join(p.extract_text() for p in pdf.pages)
    assert "What happens (for the teacher)" in text
    assert "1. H2: JH 7C QS AC 2D KC AD 10H 10C AS 2C = pen H kick > A11" in text
    plain = tmp_path / "plain.pdf"
    assert run_cli("playbook", "cardgrid", "--seed", "demo", "--plays", "3", "--out",
                   str(plain)).code == 0
    with pdfplumber.open(io.BytesIO(plain.read_bytes())) as pdf:
        assert all("What happens" not in (p.extract_text() or "") for p in pdf.pages)


def test_answers_refused_where_a_game_has_none(tmp_path):
    r = run_cli("playbook", "postcard", "--seed", "demo", "--answers", "--out",
                str(tmp_path / "x.pdf"))
    assert r.code == 2 and "--answers" in r.stderr and "cardgrid" in r.stderr
