"""Luck of the Draw transcripts written by hand: clean ones verify clean, and one slip gives
exactly one finding, on its line, with the expected and found values typed here from the rules
text (never computed with the verifier's own code).

Records (tests/engine/luckdraw/records): seeded4.rec (4 players, the play book of seed demo,
game to the end of Q2), three.rec (3 players, to the end of Q1, a QB out of turn penalised),
two.rec (2 players, to the end of Q2, a win on the second tie-breaker) and six-untagged.txt
(6 players, no tags, full game with overtime).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit_engine.luckdraw.verify import verify_text
from printkit_engine.verify.record import NOTES

RECORDS = Path(__file__).resolve().parent / "records"
CLEAN = ("seeded4.rec", "three.rec", "two.rec", "six-untagged.txt")


def _text(name: str) -> str:
    return (RECORDS / name).read_text(encoding="utf-8")


def _slipped(name: str, line: int, new: str, *more: tuple[int, str]) -> str:
    """The record with one line changed (and any lines a consistent scorer would have
    written differently after that slip, e.g. the running totals)."""
    lines = _text(name).split("\n")
    for at, text in ((line, new), *more):
        lines[at - 1] = text
    return "\n".join(lines)


@pytest.mark.parametrize("name", CLEAN)
def test_clean_records_verify_clean(name):
    report = verify_text(_text(name), name)
    assert report.findings == []


def test_summaries_count_players_and_drives():
    expected = {"seeded4.rec": "4 players, 3 drives", "three.rec": "3 players, 2 drives",
                "two.rec": "2 players, 3 drives", "six-untagged.txt": "6 players, 3 drives"}
    for name, extra in expected.items():
        assert verify_text(_text(name), name).summary_extra == extra


# (record, line, the line as slipped, rule, expected, found): one slip, one finding.
SLIPS = [
    ("seeded4.rec", 27, "drive 3 QB P2", "LD-DRIVE-001", "drive 2", "drive 3"),
    ("seeded4.rec", 43, "drive 3 QB P4", "LD-QB-001", "QB P3 or a penalty P4 procedure",
     "QB P4"),
    ("three.rec", 26, "; (the penalty was never called)", "LD-QB-001",
     "QB P2 or a penalty P3 procedure", "QB P3"),      # and the totals without it: MORE
    ("three.rec", 9, "deal P2 DP FBL FDN IR/TO", "LD-DEAL-001", "5 cards", "4"),
    ("six-untagged.txt", 6, "deal P1 PTD SACK", "LD-DEAL-002", "INT PTD", "PTD SACK"),
    ("six-untagged.txt", 11, "deal P6 RTD P", "LD-DEAL-003", "each card once",
     "P in P5's and P6's hands"),
    ("seeded4.rec", 11, "deal P3 IR/TO XP/S P FG", "LD-DEAL-004", "IR/TO XP/S P OP",
     "IR/TO XP/S P FG"),
    ("six-untagged.txt", 9, "; (P4's deal line lost)", "LD-DEAL-005", "a deal line for P4",
     "none"),
    ("seeded4.rec", 11, "deal P2 IR/TO XP/S P OP", "LD-DEAL-005", "one hand for P2 (read as "
     "P3's)", "a second"),
    ("six-untagged.txt", 12, "side SACK STTD TE", "LD-DEAL-006", "SACK STTD TE TOD",
     "SACK STTD TE"),
    ("seeded4.rec", 21, "trade P2 TE for P3 OP XP/S", "LD-TRADE-001", "1 for 1", "1 for 2"),
    ("six-untagged.txt", 14, "trade P1 PTD for P3 FDN", "LD-TRADE-002",
     "a trade between players other than QB P1", "P1 with P3"),
    ("six-untagged.txt", 30, "trade P3 DP for P4 FG", "LD-TRADE-003", "no trade from Q4",
     "a trade in Q4"),
    ("three.rec", 14, "trade P2 DP for P3 OP", "LD-TRADE-003", "no trade from Q1",
     "a trade in Q1"),
    ("six-untagged.txt", 14, "trade P3 FDN for P4 SACK", "LD-TRADE-004", "IR/TO MFG", "SACK"),
    ("seeded4.rec", 17, "SACK sack P4 3", "LD-EVENT-001", "2", "3"),
    ("three.rec", 19, "P punt+blocked+td P3 6", "LD-EVENT-001", "8", "6"),
    ("three.rec", 18, "TE expires P1 3", "LD-EVENT-002", "side", "P1"),
    ("seeded4.rec", 22, "OP penalty P3 1", "LD-EVENT-002", "P2", "P3"),
    ("two.rec", 38, "PTD td P1 6", "LD-EVENT-003", "once", "twice"),
    ("seeded4.rec", 50, "P punt P1 2", "LD-DRIVE-002", "no second ending after P punt",
     "TOD fourth"),                          # the punt ended drive 3; then a 4th down
    ("two.rec", 34, "TOD none P1 1", "LD-EVENT-005", "no TOD none after FDN first",
     "TOD none"),                            # P2's 1st downs on lines 31-32
    ("seeded4.rec", 24, "XP/S td P3 1", "LD-EVENT-004", "xp or 2pt or safety", "td"),
    ("seeded4.rec", 16, "audible run P2 3", "LD-AUD-001", "P2 4", "P2 3"),
    ("three.rec", 17, "audible pass P3 4", "LD-AUD-001", "P3 3", "P3 4"),
    ("seeded4.rec", 18, "audible pass P1 3 P3 3 P4 3", "LD-AUD-002", "1 audible in drive 1",
     "audible 2"),
    ("three.rec", 27, "audible run", "LD-AUD-003", "a call line", "none"),
    ("seeded4.rec", 40, "penalty P2 delay 3", "LD-PEN-001", "2", "3"),
    ("seeded4.rec", 54, "penalty P4 conduct 4", "LD-PEN-002", "P3 or P2", "P4"),
    ("three.rec", 14, "penalty P1 procedure 3", "LD-PEN-003", "a QB who served out of turn",
     "P1 served in turn"),
    ("seeded4.rec", 41, "total P1 14 P2 9 P3 5 P4 10", "LD-TOTAL-001", "P2 7", "P2 9"),
    ("seeded4.rec", 55, "winner P4", "LD-WIN-001", "P1", "P4"),
    ("two.rec", 40, "winner P2", "LD-WIN-001", "P1", "P2"),
    ("two.rec", 37, "Q3", "LD-LEN-001", "nothing after Q2", "play"),
    ("seeded4.rec", 38, "Q3", "LD-QTR-001", "Q2", "Q3"),
    ("seeded4.rec", 56, "total P1 19", "LD-SEQ-001", "the winner line last", "totals"),
    ("six-untagged.txt", 46, "FG made P7 3", "LD-SEAT-001", "P1 to P6", "P7"),
    ("seeded4.rec", 12, "STTD touchback P2 2", "LD-DEAL-007",
     "the deal before the first play or a penalty P1 delay", "a deal after play"),
    ("seeded4.rec", 38, "; (the Q2 marker was not written)", "LD-LEN-002",
     "play to the end of Q2", "the winner in Q1"),
    ("seeded4.rec", 3, '[Players "9"]', "LD-TAG-001", "2 to 8", "9"),
    ("seeded4.rec", 4, '[Length "half"]', "LD-TAG-002", "Q1 or Q2 or Q3 or Q4 or full",
     "half"),
    ("three.rec", 4, '[FinishDrive "maybe"]', "LD-TAG-003", "yes or no", "maybe"),
    # two teams at a three-seat table (L20: teams hold equal seats), said on the Away tag
    ("three.rec", 4, '[Away "Blues"]', "LD-TEAM-001", "an even Players", "3"),
]
# LD-LEN-001 is reported on the line after the slip (the first play past the end), LD-QB-001
# on the drive line of the QB who served out of turn, LD-DRIVE-002 on the second ending,
# LD-DEAL-007 on the deal line written after the drive's first play, LD-LEN-002 on the winner.
WHERE = {("two.rec", 37, "LD-LEN-001"): 38, ("three.rec", 26, "LD-QB-001"): 21,
         ("six-untagged.txt", 9, "LD-DEAL-005"): 5, ("seeded4.rec", 50, "LD-DRIVE-002"): 51,
         ("seeded4.rec", 12, "LD-DEAL-007"): 13, ("seeded4.rec", 38, "LD-LEN-002"): 55}
# the lines a consistent scorer writes differently after the slip
MORE = {("three.rec", 26, "LD-QB-001"): ((32, "total P1 0 P2 3 P3 17"),),
        ("two.rec", 38, "LD-EVENT-003"): ((39, "total P1 26 P2 23"),),   # P1 +6 for TE's 3
        ("two.rec", 34, "LD-EVENT-005"): ((39, "total P1 24 P2 21"),),   # P1 +1, P2 -2
        ("seeded4.rec", 12, "LD-DEAL-007"): ((13, "deal P4 FDN DP MFG SACK"),),  # one late
        ("three.rec", 4, "LD-TEAM-001"): ((1, '[Home "Reds"]'),)}   # Game tag's line


@pytest.mark.parametrize("name,line,new,rule,expected,found", SLIPS,
                         ids=[f"{s[3]}-{s[0]}-{s[1]}" for s in SLIPS])
def test_one_slip_one_finding(name, line, new, rule, expected, found):
    report = verify_text(_slipped(name, line, new, *MORE.get((name, line, rule), ())), name)
    at = WHERE.get((name, line, rule), line)
    assert [(f.line, f.rule, f.expected, f.found) for f in report.findings] == \
        [(at, rule, expected, found)]


def test_every_rule_id_has_a_slip_and_is_documented():
    engine = Path(__file__).resolve().parents[3] / "engine" / "luckdraw"
    ids = {i for module in engine.glob("*.py") if module.name != "decisions.py"
           for i in re.findall(r'"(LD-[A-Z]+-\d{3})"', module.read_text())}
    assert ids == {s[3] for s in SLIPS}
    # the decision log's own (engine/luckdraw/decisions.py), found by
    # tests/decisions/test_luckdraw_replay.py
    log = set(re.findall(r'"(LD-[A-Z]+-\d{3})"', (engine / "decisions.py").read_text()))
    assert log == {f"LD-DEC-00{k}" for k in range(1, 6)}
    docs = (Path(__file__).resolve().parents[3] / "docs" / "notation.md").read_text()
    kernel = {f"LD-{k}" for k in NOTES} | {"LD-END-001", "LD-END-002"}   # the kernel's
    assert ids | log == set(re.findall(r"`(LD-[A-Z]+-\d{3})`", docs)) - kernel


def test_bonus_arithmetic_and_tie_breakers_are_shown():
    report = verify_text(_slipped("three.rec", 19, "P punt+blocked+td P3 6"), "t")
    assert report.findings[0].message == "points for P punt+blocked+td: 2 + 3 + 3 = 8"
    report = verify_text(_slipped("two.rec", 40, "winner P2"), "t")
    assert report.findings[0].message == (
        "the winner: most points (23), tied, then most audible points (Loner bonus included) "
        "(6), tied, then most points on a single drive (12)")


def test_a_refused_trade_leaves_the_cards_and_either_holder_is_taken():
    # an unequal trade is not valid (LD-TRADE-001): P5 keeps P by the rules, but the punt may
    # be written for P2 (as the table played it) or for P5; either way one finding
    text = _slipped("six-untagged.txt", 13, "trade P2 DP FBL for P5 OP P XP/S")
    for punt in ("P punt P2 2", "P punt P5 2"):
        lines = text.split("\n")
        lines[15] = punt
        lines[19] = "total P1 4"
        lines[35], lines[46] = "total P1 7", "total P1 10"
        report = verify_text("\n".join(lines), "t")
        assert [(f.line, f.rule) for f in report.findings] == [(13, "LD-TRADE-001")]


def test_a_seed_replaces_the_written_hand_for_the_rest_of_the_drive():
    # P3 written with FG instead of OP: one LD-DEAL-004; OP's events still belong to P3
    text = _slipped("seeded4.rec", 11, "deal P3 IR/TO XP/S P FG")
    assert [f.rule for f in verify_text(text, "t").findings] == ["LD-DEAL-004"]


def test_findings_format_with_file_and_line():
    report = verify_text(_slipped("seeded4.rec", 40, "penalty P2 delay 3"), "game.rec")
    assert report.to_text().splitlines()[0] == (
        "game.rec:40: LD-PEN-001: Delay of Game costs 2 points (expected 2, found 3)")


def test_a_new_drive_after_the_agreed_end():
    lines = _text("three.rec").split("\n")
    extra = ["drive 3 QB P3", "deal P1 DP FBL FDN IR/TO MFG", "deal P2 OP P XP/S SACK STTD",
             "deal P3 PTD INT TOD FG RTD", "side TE"]
    text = "\n".join(lines[:32] + extra + lines[32:])
    found = [(f.line, f.rule, f.expected, f.found) for f in verify_text(text, "t").findings]
    assert found == [(33, "LD-LEN-001", "nothing after Q1", "a drive")]


def test_steps_are_pure():
    """The same state and line always give the same result, and no state is changed."""
    import dataclasses

    from printkit_engine.luckdraw.rules import load_rules
    from printkit_engine.luckdraw.verify import RULEBOOK

    rules = load_rules()
    record = RULEBOOK.parse(_text("seeded4.rec"), "s", rules)
    state = RULEBOOK.start(rules, record).state
    for item in record.items:
        before = state
        first = RULEBOOK.step(state, item)
        assert RULEBOOK.step(state, item) == first and state == before
        with pytest.raises(dataclasses.FrozenInstanceError):
            state.period = 9  # type: ignore[misc]
        state = first.state


def test_an_event_left_out_is_one_finding_on_the_next_total():
    # P4's sack is not written but the scoreboard's totals include it: the totals line is the
    # one finding (the winner is judged by the rules' totals or the transcript's own)
    text = _slipped("seeded4.rec", 17, "; (the sack was not written)")
    found = [(f.line, f.rule, f.expected, f.found) for f in verify_text(text, "t").findings]
    assert found == [(25, "LD-TOTAL-001", "P4 3", "P4 5")]
