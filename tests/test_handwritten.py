"""Games written by hand from the rules texts, by people who had not read the engine, with
the findings each slip must give typed by them before any verifier ran: the verifier is held
to them (never a false finding on a clean record, every slip found once, on its line, under
the rule they named). tests/handwritten/<game>/expected.txt lists them; the NOTES files keep
the writers' reasons, quoting the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from printkit_engine import registry

HERE = Path(__file__).parent / "handwritten"


def _expected() -> list[tuple[str, str, list[tuple[int, str]]]]:
    out = []
    for table in sorted(HERE.glob("*/expected.txt")):
        for raw in table.read_text(encoding="utf-8").splitlines():
            if not raw.strip() or raw.startswith("#"):
                continue
            name, _, found = raw.partition(":")
            pairs = [] if found.strip() == "clean" else [
                (int(part.split()[0]), part.split()[1]) for part in found.split(";")]
            out.append((table.parent.name, name.strip(), sorted(pairs)))
    return out


CASES = _expected()


def test_every_record_has_an_expectation():
    listed = {(game, name) for game, name, _ in CASES}
    files = {(p.parent.name, p.name) for p in HERE.glob("*/*.rec")}
    assert files == listed


@pytest.mark.parametrize("game, name, expected", CASES, ids=[f"{g}/{n}" for g, n, _ in CASES])
def test_hand_written_record(game, name, expected):
    text = (HERE / game / name).read_text(encoding="utf-8")
    report = registry.get(game).verify(text, name, None)
    assert sorted((f.line, f.rule) for f in report.findings) == expected, report.to_text()
