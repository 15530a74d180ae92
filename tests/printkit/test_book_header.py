"""A play book's header keeps a long seed clear of the scheme and check code on its line."""

from __future__ import annotations

import io

import pdfplumber
import pytest

from printkit.books import render_book
from printkit_engine.playbook import build, make_spec


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game, kwargs", [("luckdraw", {"drives": 1, "players": 3}),
                                          ("postcard", {"plays": 2})])
def test_a_long_seed_stops_short_of_the_scheme(paper, game, kwargs):
    pdf = render_book(build(make_spec(game, "W" * 96, **kwargs)), paper)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        words = doc.pages[0].extract_words()
    scheme = next(w for w in words if w["text"] == "scheme")
    seed = [w for w in words if abs(w["top"] - scheme["top"]) < 2 and w["x0"] < scheme["x0"]]
    assert seed[0]["text"] == "seed:" and seed[-1]["text"].endswith("\u2026")
    assert seed[-1]["x1"] < scheme["x0"] - 5, (seed[-1]["x1"], scheme["x0"])
