"""The grid game's verifier on hand-written records: clean, and one slip each with the
finding typed by hand (rule, line, expected, found)."""

from __future__ import annotations

import pytest

from printkit_engine.cardgrid.verify import verify_text
from tests.engine.cardgrid.records import BOTH, LOG, SEEDED, SHEET, slip


def findings(text: str) -> list[tuple[int, str, str, str]]:
    report = verify_text(text, "r.rec")
    return [(f.line, f.rule, f.expected, f.found) for f in report.sorted_findings()]


@pytest.mark.parametrize("text", [SHEET, LOG, SEEDED, BOTH],
                         ids=["sheet", "log", "seeded", "both"])
def test_hand_written_records_are_clean(text):
    assert findings(text) == []


SLIPS = [
    # score sheet
    (SHEET, "H C 6-0 > A2", "H C 7-0 > A2", 8, "CG-SCORE-001", "6-0 (4-0 + C 2 to H)", "7-0"),
    (SHEET, "A P 6-3 > H3", "A C 6-3 > H2", 10, "CG-CONV-001", "A T on the score line before",
     "A F"),
    (SHEET, "A F 6-1 > H3", "A F 6-1 > H2", 9, "CG-RESTART-001", "H3", "H2"),
    # the try's line left out: the conversion's 6-0 counts the try, so one finding
    (SHEET, "H T 4-0 > A2\n", "", 7, "CG-CONV-001", "H T on the score line before",
     "nothing"),
    (SHEET, "H T 4-0 > A2", "H T 4-0 > H2", 7, "CG-RESTART-001", "A2", "H2"),
    (SHEET, '[Result "7-3"]', '[Result "7-4"]', 5, "CG-END-001", "7-3", "7-4"),
    (SHEET, '[Finish "10:40"]\n', "", 1, "CG-TAG-001", '[Finish "HH:MM"]', "none"),
    (SHEET, '[Finish "10:40"]', '[Finish "soon"]', 4, "CG-TAG-001", '[Finish "HH:MM"]',
     '"soon"'),
    # passage log
    (LOG, "A3: 2S 8C AD", "A4: 2S 8C AD", 24, "CG-START-001", "A3", "A4"),
    (LOG, "6H = lost > H10", "6H = lost > H9", 11, "CG-NEXT-001", "H10", "H9"),
    (LOG, "KC 2D = kick > A2", "KC 2D = touch > scrum A2", 9, "CG-PASS-001", "kick", "touch"),
    (LOG, "JD KH = pen A P 9-0", "JD KH = pen A P-", 22, "CG-PASS-001", "pen A P 9-0",
     "pen A P-"),
    (LOG, "A11: 7D 8D = dead", "A11: 7D = dead", 28, "CG-PASS-002", "another card from away",
     "= dead"),
    (LOG, "A2: 4D 6S 6H =", "A2: 4D 6S 6H 3H =", 11, "CG-PASS-002",
     "the passage to end at 6H", "1 more card"),
    (LOG, "A2: 4D 6S 6H =", "A2: 4D 6S 6D =", 11, "CG-DEAL-001",
     "a home card (clubs or hearts)", "6D"),
    (LOG, "6H QD KS JC", "6H QD* KS JC", 24, "CG-FG-001", "no field goal", "QD* on grid 7"),
    (LOG, "C 7-0 > A2", "C 8-0 > A2", 20, "CG-SCORE-001", "7-0 (5-0 + C 2 to H)", "8-0"),
    (LOG, '[Result "9-4"]', '[Result "9-5"]', 6, "CG-END-001", "9-4", "9-5"),
    (LOG, "shuffle A\n", "", 0, "", "", ""),       # leaving a shuffle out is no slip
    (LOG, "\n# six tackles, 4 reds", "\nshuffle H\n# six tackles, 4 reds", 8, "CG-SHUF-001",
     "no shuffle here", "shuffle H"),
    # the score sheet kept beside the passage log
    (BOTH, "\nH C 7-0 > A2\n", "\nH C 8-0 > A2\n", 23, "CG-SCORE-001", "7-0", "8-0"),
    (BOTH, "A T 9-4 > H2", "A T 9-4 > H3", 38, "CG-RESTART-001", "H2", "H3"),
    # against the play book
    (SEEDED, "10D 5S 10S =", "10D 5S 9S =", 10, "CG-CARD-001", "10S", "9S"),
    (SEEDED, "shuffle H\n", "", 12, "CG-CARD-001", "QH", "6C"),
    (SEEDED, "AS 2C = pen H kick", "AS = pen H kick", 8, "CG-PASS-002",
     "2C (the play book's next)", "= pen H kick"),
    (SEEDED, "10H 10C AS 2C =", "10H 10C 2C =", 8, "CG-CARD-001", "AS", "2C"),
]


@pytest.mark.parametrize("text,old,new,line,rule,expected,found", SLIPS,
                         ids=[f"{s[4] or 'clean'}-{s[1][:16]}" for s in SLIPS])
def test_one_slip_is_one_finding_typed_by_hand(text, old, new, line, rule, expected, found):
    want = [(line, rule, expected, found)] if rule else []
    assert findings(slip(text, old, new)) == want


def test_the_result_check_is_the_kernels():
    """CG-RESULT-001 became the kernel's CG-END-001: the Result against the final score, and
    a Result that agrees with the true score after a slip is no second finding."""
    report = verify_text(slip(SHEET, '[Result "7-3"]', '[Result "7-4"]'), "r.rec")
    assert [f.message for f in report.findings] == ["Result tag is not the final score"]
    # the running score slips on line 8 (7-0 for 6-0); the lines after follow the true
    # score (6-1, 6-3, 7-3) and so does the Result: one finding
    slipped = slip(SHEET, "H C 6-0 > A2", "H C 7-0 > A2")
    assert findings(slipped) == [(8, "CG-SCORE-001", "6-0 (4-0 + C 2 to H)", "7-0")]


def test_book_slip_messages_say_what_probably_happened():
    report = verify_text(slip(SEEDED, "shuffle H\n", ""), "r.rec")
    assert [f.message for f in report.findings] == [
        "not the next card of the play book's home shuffle 1 (card 8); it opens shuffle 2: "
        "a shuffle not written?"]


def test_a_card_left_out_is_read_past_in_the_book():
    # 5S left out: the book check reads on past it, and the passage is read with it put back
    # (10S then grounds nothing: 5S grounded the try and 10S converted it), so one finding
    report = verify_text(slip(SEEDED, "10D 5S 10S =", "10D 10S ="), "r.rec")
    assert [(f.line, f.rule, f.expected, f.found) for f in report.findings] == [
        (10, "CG-CARD-001", "5S", "10S")]
    assert report.findings[0].message.endswith("5S left out?")


def test_a_wrong_card_is_read_as_the_books_when_the_line_follows_it():
    # 7S written for 5S: both black and 10S converts either (10 >= 7, 10 >= 5); the written
    # outcome agrees with either reading, so the one finding is the card
    got = findings(slip(SEEDED, "10D 5S 10S =", "10D 7S 10S ="))
    assert got == [(10, "CG-CARD-001", "5S", "7S")]
    # JS written for 5S: read as written the conversion 10S would fail (10 < 11); the line
    # says C 0-6, as the book's 5S gives, so still one finding
    got = findings(slip(SEEDED, "10D 5S 10S =", "10D JS 10S ="))
    assert got == [(10, "CG-CARD-001", "5S", "JS")]
