"""L17: with a play book's seed, a drive written without deal lines is dealt by the book's
slip (a bubble log leaves the deal to the book). The record is examples/luckdraw.rec (seed
demo, 4 players) with its deal lines taken out; expectations typed by hand from its slips
(docs/notation.md shows drive 1's: P2 holds FBL STTD RTD TE, P4 FDN DP MFG SACK)."""

from __future__ import annotations

from pathlib import Path

from printkit_engine.luckdraw.verify import verify_text

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "luckdraw.rec"


def _without_deals(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True)
                   if not line.startswith("deal "))


def _found(text: str) -> list[tuple[int, str, str, str]]:
    report = verify_text(text, "x.rec")
    return [(f.line, f.rule, f.expected, f.found) for f in report.findings]


def test_a_seeded_transcript_without_deal_lines_is_dealt_by_the_book():
    text = _without_deals(EXAMPLE.read_text())
    assert "deal P1" not in text
    report = verify_text(text, "x.rec")
    assert report.findings == []
    assert report.summary_extra == "4 players, 3 drives"


def test_events_are_checked_against_the_books_hands():
    text = _without_deals(EXAMPLE.read_text()).replace("STTD touchback P2 2 ",
                                                       "STTD touchback P3 2 ")
    (line, rule, expected, found), = _found(text)
    assert (rule, expected, found) == ("LD-EVENT-002", "P2", "P3")
    assert text.splitlines()[line - 1].startswith("STTD touchback P3 2")


def test_a_drive_with_some_deal_lines_still_needs_them_all():
    text = EXAMPLE.read_text().replace("deal P4 FDN DP MFG SACK\n", "")
    (line, rule, expected, found), = _found(text)
    # the finding is on line 10, "drive 1 QB P1"
    assert (line, rule, expected, found) == (10, "LD-DEAL-005", "a deal line for P4", "none")


def test_without_a_seed_the_deal_lines_are_needed():
    text = _without_deals(EXAMPLE.read_text()).replace('[Seed "demo"]\n', '[Players "4"]\n')
    rules = {f[1] for f in _found(text)}
    assert "LD-DEAL-005" in rules
