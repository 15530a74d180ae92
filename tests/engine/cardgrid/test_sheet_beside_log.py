"""G15: a record that keeps the passage log and the score sheet. "Scoring is recorded
progressively on the attached score sheet": beside the log, a score line copies the next
score of the passage before it and adds nothing. A wrong one is one finding on its line, and
the score and the ball follow the passages (the lines after it are clean); a scoring passage
the sheet does not copy is a finding on the passage. BOTH (records.py) is LOG with its score
sheet: H F 1-0 > A3 on line 15, H T 5-0 > A2 and H C 7-0 > A2 on lines 22-23 after the
passage of line 21, H P 9-0 > A3 on line 26 after line 25 (the penalty goal is home's: away
offended), A T 9-4 > H2 on line 38 after line 37 (the missed conversion has no line)."""

from __future__ import annotations

import pytest

from printkit_engine.cardgrid.verify import verify_text
from tests.engine.cardgrid.records import BOTH, slip

COPY = "a score line copies the next score of the passage before it"
MISSING = "a scoring passage with no score line on the score sheet kept beside the log"


def found(text: str) -> list[tuple[int, str, str, str, str]]:
    report = verify_text(text, "r.rec")
    return [(f.line, f.rule, f.message, f.expected, f.found) for f in report.sorted_findings()]


def test_the_record_kept_both_ways_is_clean():
    assert found(BOTH) == []


CASES = [
    # a wrong code: before, "H P 1-0" was a penalty goal of its own (1-0 + 2 = 3-0 expected)
    # and every running total after it was flagged
    ("\nH F 1-0 > A3\n", "\nH P 1-0 > A3\n",
     [(15, "CG-SHEET-001", COPY, "H F 1-0 > A3", "H P 1-0 > A3")]),
    # the wrong side: the try is away's
    ("\nA T 9-4 > H2", "\nH T 9-4 > H2",
     [(38, "CG-SHEET-001", COPY, "A T 9-4 > H2", "H T 9-4 > H2")]),
    # a wrong total: the conversion line after it copies 7-0 and is clean
    ("\nH T 5-0 > A2\n", "\nH T 6-0 > A2\n",
     [(22, "CG-SCORE-001", "the score sheet's H T disagrees with the passage before", "5-0",
       "6-0")]),
    # a wrong restart: the ball stays where the passage put it (line 18 starts at A3)
    ("\nH F 1-0 > A3\n", "\nH F 1-0 > H3\n",
     [(15, "CG-RESTART-001", "restart after field goal", "A3", "H3")]),
    # a wrong code and total at once: one finding still
    ("\nH P 9-0 > A3\n", "\nH F 10-0 > A3\n",
     [(26, "CG-SHEET-001", COPY, "H P 9-0 > A3", "H F 10-0 > A3")]),
]


@pytest.mark.parametrize("old,new,want", CASES, ids=[c[1].strip() for c in CASES])
def test_a_wrong_score_line_is_one_finding_on_its_line(old, new, want):
    assert found(slip(BOTH, old, new)) == want


def test_a_score_line_with_nothing_to_copy():
    # line 12 is a shuffle after "A2: 4D 6S 6H = lost > H10", which scored nothing
    text = slip(BOTH, "shuffle A\n", "shuffle A\nH F 1-0 > A3\n")
    assert found(text) == [(13, "CG-SHEET-001", "a score line copies a score of the passage "
                            "before it, which scored nothing more", "no score line",
                            "H F 1-0 > A3")]


@pytest.mark.parametrize("old,line,expected", [
    ("\nH P 9-0 > A3\n", 25, "H P 9-0 > A3"),
    ("\nH T 5-0 > A2\nH C 7-0 > A2\n", 21, "H T 5-0 > A2, H C 7-0 > A2"),
    ("\nH T 5-0 > A2\n", 21, "H T 5-0 > A2"),       # the C line copies the next score
    ("\nA T 9-4 > H2\n", 37, "A T 9-4 > H2"),       # the record ends: still uncopied
], ids=["penalty", "try-and-conversion", "try", "at-the-end"])
def test_a_scoring_passage_with_no_score_line(old, line, expected):
    assert found(slip(BOTH, old, "\n")) == [(line, "CG-SHEET-002", MISSING, expected,
                                             "no score line")]


def test_a_shuffle_may_stand_between_the_passage_and_its_score_lines():
    # home shuffles after its field goal (possession changed: allowed); the score line after
    # the shuffle still copies the field goal
    text = slip(BOTH, "JH* = F 1-0 > A3\nH F 1-0 > A3\n",
                "JH* = F 1-0 > A3\nshuffle H\nH F 1-0 > A3\n")
    assert found(text) == []


def test_a_score_sheet_kept_alone_still_scores():
    # no passage line: the score lines are the scores, a wrong code is a score of its own
    sheet = '[Game "cardgrid"]\n[Finish "10:40"]\nH F 1-0 > A3\nA P 1-2 > H3\n'
    assert found(sheet) == []
    assert [f[1] for f in found(sheet.replace("A P 1-2", "A F 1-2"))] == ["CG-SCORE-001"]


def test_a_passage_total_written_wrong_is_one_finding_whatever_the_sheet_copies():
    # line 21's try written 6-0 and 8-0 (the field goal made it 1-0: 5-0 and 7-0). The sheet
    # may copy the passage as written or the true totals; the passages after may go on from
    # either: one finding, on the passage
    wrong = "5H 3C 9H = T 6-0 C 8-0 > A2"
    want = [(21, "CG-SCORE-001", "wrong running score after H T", "5-0 (1-0 + T 4 to H)",
             "6-0")]
    as_written = slip(BOTH, "5H 3C 9H = T 5-0 C 7-0 > A2\nH T 5-0 > A2\nH C 7-0 > A2",
                      wrong + "\nH T 6-0 > A2\nH C 8-0 > A2")
    assert found(as_written) == want
    assert found(slip(BOTH, "5H 3C 9H = T 5-0 C 7-0 > A2", wrong)) == want
    # the record going on from the written 8-0: the penalty goal 10-0, the try 10-4
    on = (as_written.replace("P 9-0 > A3\nH P 9-0", "P 10-0 > A3\nH P 10-0")
          .replace("T 9-4 C- > H2\nA T 9-4", "T 10-4 C- > H2\nA T 10-4")
          .replace('[Result "9-4"]', '[Result "10-4"]'))
    assert found(on) == want
