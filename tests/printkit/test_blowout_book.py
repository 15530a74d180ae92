"""BLOWOUT!!! play books: a legend of every code printed, on each player's pages, and pages
packed (no page with one lonely strip); the widow rule of the generic paginator."""

from __future__ import annotations

import io
import re
from functools import cache

import pdfplumber
import pytest

from printkit.books import render_book
from printkit.books.page import Block, paginate
from printkit_engine.playbook import build, make_spec

CODE = re.compile(r"^(?:[RPDK]\d{2,3}|DP-[A-Z]+|OP-[A-Z]+|INT|FUM|SACK|CHAL)$")
LABEL = re.compile(r"\b([HA])([ODS])(\d+)\b")


@cache
def _pages(plays: int, paper: str) -> list[str]:
    pdf = render_book(build(make_spec("blowout", "legend", plays=plays)), paper)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [page.extract_text() for page in doc.pages]


def _legend(text: str) -> list[str]:
    return text.split("Codes", 1)[1].split()


def _covered(code: str, legend: list[str]) -> bool:
    if code in legend:
        return True
    m = re.fullmatch(r"([RPDK])(\d+)", code)
    for word in legend:
        r = re.fullmatch(r"([RPDK])(\d+)-\1(\d+)", word)
        if m and r and r.group(1) == m.group(1) and \
                int(r.group(2)) <= int(m.group(2)) <= int(r.group(3)):
            return True
    return False


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_printed_code_is_in_the_legend_on_each_sides_pages(paper):
    pages = _pages(5, paper)
    for side in ("HOME", "AWAY"):
        mine = [t for t in pages if t.startswith(f"BLOWOUT!!! \u2014 play book {side}")]
        assert mine, side
        with_legend = [t for t in mine if "Codes" in t]
        assert len(with_legend) == 1, side
        legend = _legend(with_legend[0])
        printed = {w for t in mine for w in t.split() if CODE.match(w)}
        assert len(printed) > 40
        missing = sorted(c for c in printed if not _covered(c, legend))
        assert missing == [], missing
    assert "PASS INTERFERENCE" in pages[-1] and "KICK YARDS 25 to 65" in pages[-1]


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("plays", [1, 2, 3, 5, 8])
def test_no_page_with_one_lonely_strip(plays, paper):
    for text in _pages(plays, paper):
        shuffles = set(LABEL.findall(text))
        assert len(shuffles) >= 2, text[:300]


def test_five_shuffles_fill_the_pages_they_use():
    # 5 shuffles of 40 + 40 + 12 cards per side: two pages a side on both papers (issue 30:
    # letter's third page held the special teams strips and the legend, 65% blank)
    assert len(_pages(5, "a4")) == 4
    assert len(_pages(5, "letter")) == 4


def _block(height: float, heading: bool = False) -> Block:
    return Block(height, lambda *a: None, keep_with_next=heading)


def test_widow_rule_moves_the_last_section_to_the_lonely_page():
    # body 90, gap 0: [H a a H b b] then one more b overflows onto a page alone; the
    # section moved leaves the last page 55 of 90 used, full enough not to be evened out
    blocks = [("X", _block(10, True)), ("X", _block(20)), ("X", _block(20)),
              ("X", _block(10, True)), ("X", _block(15)), ("X", _block(15)), ("X", _block(15))]
    pages = paginate(blocks, 90.0, 0.0)
    assert [len(p.blocks) for p in pages] == [3, 4]
    heights = [[b.height for b in p.blocks] for p in pages]
    assert heights == [[10, 20, 20], [10, 15, 15, 15]]


def test_widow_rule_keeps_a_section_that_would_not_fit():
    blocks = [("X", _block(10, True)), ("X", _block(40)), ("X", _block(40)),
              ("X", _block(60))]
    pages = paginate(blocks, 90.0, 0.0)
    assert [[b.height for b in p.blocks] for p in pages] == [[10, 40, 40], [60]]
