"""A line left out, written twice or changed in a seeded record is one finding, and the walk
realigns on the written cards (before: a duplicated passage lost the play book's place and
gave hundreds of findings). The record is the bots' game for seed "left-out-0001", the play
book's shuffles as `printkit playbook cardgrid --seed left-out-0001 --plays 4` prints them:

    away/2  6D JD 8S 5S 7D 2S QD 7S 10D AD JS 10S KD 4D 6S 3D AS KS ...
    home/3  KC 5H KH 7C 8C 7H JC 4C 9H JH 3C 10H QC QH 5C 10C 2H 2C 6H 6C 3H 8H ...
    home/4  9C 6H 2C QC ...

and its lines 9-23 (line 10 "shuffle H A" and 12 "shuffle H" take away/2 and home/3):

    11 A11: 6D JD = dead > H3
    13 H3: KC 8S 5H KH 7C 5S 8C 7D 7H JC 2S 4C QD 9H JH 3C 7S = kick > A2
    14 A2: 10D AD JS 10H 10S QC KD 4D 6S QH 5C = pen H kick > A10
    15 A10: 3D AS 10C KS* 2H = F 0-1 > H3
    16 H3: 2C 4S 6H 6C QS 3H = pen H kick > A11
    17 shuffle H
    18 A11: 9S 9C = lost > H2
    19 H2: 6H 2C 9D QC 3S KH AC 2D 5H JC 5D 7H 3C 8D 2H 7C 6D = kick > A2
    23 A2: 4S AC QS 10C 9S 3C 9D 10H = pen A P 2-1 > A3

Each expected finding is worked out from these by hand."""

from __future__ import annotations

from functools import cache

from printkit_engine.cardgrid.bots import play, seed_of
from printkit_engine.cardgrid.verify import verify_text
from tests.engine.cardgrid.records import SEEDED, slip


@cache
def lines() -> tuple[str, ...]:
    return tuple(play(seed_of("left-out", 1)).text().splitlines())


def found(edited: list[str]) -> list[tuple[int, str, str, str, str]]:
    report = verify_text("\n".join(edited) + "\n", "m.rec")
    return [(f.line, f.rule, f.message, f.expected, f.found) for f in report.sorted_findings()]


def test_the_record_is_the_one_the_docstring_shows():
    got = lines()
    assert got[10] == "A11: 6D JD = dead > H3" and got[16] == "shuffle H"
    assert got[13] == "A2: 10D AD JS 10H 10S QC KD 4D 6S QH 5C = pen H kick > A10"
    assert got[22] == "A2: 4S AC QS 10C 9S 3C 9D 10H = pen A P 2-1 > A3"
    assert verify_text("\n".join(got), "m.rec").clean


def test_a_passage_left_out():
    # line 14 deleted: away had dealt away/2 cards 1-8 (6D JD, then 8S 5S 7D 2S QD 7S); the
    # next passage (now line 14) deals 3D, card 16: cards 9-15 went to the missing passage
    edited = [*lines()[:13], *lines()[14:]]
    assert found(edited) == [(14, "CG-CARD-001", "not the next card of the play book's away "
                              "shuffle 2 (card 9); the passage's cards follow the book from "
                              "away shuffle 2 card 16: a passage left out before this one?",
                              "10D", "3D")]


def test_a_passage_written_twice():
    # line 19 again right after itself: the kernel's CG-REC-004 (its found: the line's first
    # 40 characters)
    edited = [*lines()[:19], lines()[18], *lines()[19:]]
    assert found(edited) == [(20, "CG-REC-004", "the line before is written again",
                              "the next line", "H2: 6H 2C 9D QC 3S KH AC 2D 5H JC 5D 7H ")]
    # line 16 again after line 18: the same passage further down, left out
    edited = [*lines()[:18], lines()[15], *lines()[18:]]
    assert found(edited) == [(19, "CG-PASS-003", "the passage of line 16 written again (it is "
                              "left out)", "the next passage", "line 16 again")]


def test_a_shuffle_left_out():
    # line 17 deleted: home's 9C (now line 17) is not home/3 card 22 (8H) but home/4's first
    edited = [*lines()[:16], *lines()[17:]]
    assert found(edited) == [(17, "CG-CARD-001", "not the next card of the play book's home "
                              "shuffle 3 (card 22); it opens shuffle 4: a shuffle not written?",
                              "8H", "9C")]


def test_a_changed_token():
    # line 23's score reversed: away's field goal made 0-1, home's penalty goal 2-1
    edited = list(lines())
    edited[22] = edited[22].replace("P 2-1", "P 1-2")
    assert found(edited) == [(23, "CG-SCORE-001", "wrong running score after H P",
                              "2-1 (0-1 + P 2 to H)", "1-2")]
    # a card made unreadable: the line is left out, the next passages are read from where
    # their cards are in the book
    edited[22] = lines()[22].replace("10C", "C01")
    assert found(edited) == [(23, "CG-REC-003", "cannot read this line: expected a card such "
                              "as 7H or QS (no jokers), found 'C01'", "", "")]


def test_a_scoring_passage_left_out_of_the_hand_written_seeded_record():
    # SEEDED without line 10 (away's converted try, 0-6): line 13's away card JD is away/1
    # card 8 (QS 2D AD AS were dealt on line 8; 10D 5S 10S would have been 5-7); its start
    # H2 is explained by the passage left out, and the Result 0-6 takes in its 6 points
    text = slip(SEEDED, "# 10D reaches the in-goal, 5S grounds it, 10S converts\n"
                        "A11: 10D 5S 10S = T 0-4 C 0-6 > H2\n", "")
    report = verify_text(text, "s.rec")
    assert [(f.line, f.rule, f.message, f.expected, f.found) for f in report.findings] == [
        (11, "CG-CARD-001", "not the next card of the play book's away shuffle 1 (card 5); "
         "the passage's cards follow the book from away shuffle 1 card 8: a passage left out "
         "before this one?", "10D", "JD")]


def test_a_passage_left_out_without_a_seed():
    # LOG without lines 13-14 (home's field goal, 1-0): line 15 (was 17) starts at A3, not
    # H10 where line 11 left the ball: one CG-START-001. Its try on line 18 (was 20) writes
    # 5-0: the running total takes in the missing passage's point (4 + 1), no second finding
    from tests.engine.cardgrid.records import LOG
    text = slip(LOG, "# a picture card on grid 10 taken as a field goal\n"
                     "H10: JH* = F 1-0 > A3\n", "")
    report = verify_text(text, "r.rec")
    assert [(f.line, f.rule, f.expected, f.found) for f in report.findings] == [
        (15, "CG-START-001", "H10", "A3")]
