"""docs/odds.md stays in step with the engine: every figure of its claims table is what
`tables()` computes now, every claim a table carries is listed, every question is described."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit_engine import registry
from printkit_engine.odds import Figure

DOC = (Path(__file__).resolve().parent.parent / "docs" / "odds.md").read_text(encoding="utf-8")
CLAIM_ROW = re.compile(r"^\| (O\d+) \|(.*)\|$", re.M)
NUMBER = re.compile(r"-?\d+\.\d{4}")


def _tables(game_id: str):
    game = registry.GAMES[game_id]
    return game.odds(game.rules() if game.load_rules is not None else None)


def _figure(game_id: str, key: str, row: str, column: str) -> Figure:
    table = next(t for t in _tables(game_id) if t.key == key)
    firsts = [r[0] for r in table.rows]
    for r in table.rows:
        labels = " / ".join(v for v in r if isinstance(v, str))
        if (r[0] == row and firsts.count(row) == 1) or labels == row:
            return r[table.columns.index(column)]
    raise AssertionError(f"docs/odds.md: no row {row!r} in {game_id} {key}")


def claim_rows() -> list[tuple[str, list[str]]]:
    return [(cid, [c.strip() for c in rest.split(" | ")]) for cid, rest in CLAIM_ROW.findall(DOC)]


def test_claims_table_is_there():
    ids = [cid for cid, _ in claim_rows()]
    assert len(ids) >= 15 and len(set(ids)) == len(ids)


@pytest.mark.parametrize(("cid", "cells"), claim_rows(), ids=[c for c, _ in claim_rows()])
def test_claim_figures_match_the_engine(cid, cells):
    game, said, figure, where, method, comment = cells
    assert said.startswith('"') or said.startswith("("), cid
    assert comment, cid
    if where == "—":
        assert figure == "not computed", cid
        return
    parts = where.split(" · ")
    assert len(parts) == 4 and parts[0] == game, f"{cid}: where = {where!r}"
    f = _figure(*parts)
    written = NUMBER.match(figure)
    assert written, f"{cid}: figure {figure!r}"
    assert written.group(0) == f"{f.value:.4f}", f"{cid}: docs {figure}, engine {f.value:.4f}"
    assert method == f.method, cid
    if "(" in figure and f.exact is not None:
        assert f"({f.exact.numerator}/{f.exact.denominator})" in figure, cid


def test_every_claim_of_every_table_is_listed():
    quoted = "\n".join(cells[1] for _, cells in claim_rows())
    for game in registry.with_part("odds"):
        for table in _tables(game.id):
            for claim, label in table.claims:
                assert claim.strip(". ") in quoted, f"{game.id} {table.key}: {claim!r}"
                assert label in {r[0] for r in table.rows}


def test_every_question_is_described():
    for game in registry.with_part("odds"):
        for table in _tables(game.id):
            assert f"| {game.id} | `{table.key}` |" in DOC, f"{game.id} {table.key}"
