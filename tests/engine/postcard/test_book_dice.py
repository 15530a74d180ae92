"""Dice left to the play book (`H?`, decision P24 in docs/rules/postcard.md).

Every record here is typed by hand. The real-dice record was written from
`printkit playbook postcard --seed hand --plays 4 --format json`:

    home: 4 5 2 1 1 3 4 2 2 3 4 1 2 1 3 2 ...
    away: 6 4 6 3 1 3 6 5 1 1 2 2 4 1 4 5 ...

and its `?` twin is the same record with every die written `?` (modifiers kept).
"""

from __future__ import annotations

import pytest

from printkit_engine.errors import ReadError
from printkit_engine.postcard.drawbook import DrawBook
from printkit_engine.postcard.notation import Roll, lines, parse, parse_line
from printkit_engine.postcard.verify import verify_text

HEAD = """\
[Game "postcard"]
[Seed "hand"]
[Home "Hawks"]
[Away "Bears"]
[HomeSkill "offense-rushing"]

"""

REAL = HEAD + """\
toss H4 A6 = A {KO 0-0 T0/0 P0/0 B0/0}
kickoff A 4v2
touchback {H 1&10 H25 0-0 T0/0 P0/0 B0/0}
rush 5v3 H5 A4 = +10
run H2 A6 = tackle {H 1&10 H35 0-0 T0/0 P0/1 B0/0}
rush 1v6 H1/1 A3 = stop {H 2&10 H35 0-0 T0/0 P1/1 B1/0}
pass 2v1 H3 A1 = +1
pressure A3 = L1
catch H4 = +5
run H2 A6 = tackle {H 1&10 H45 0-0 T0/0 P2/1 B1/1}
rush 5v2 H2+1 A5 = stop {H 2&10 H45 0-0 T0/0 P2/2 B0/1}
rush 6v1 H3 A1 = +15
run H4 A1 = +25
run H1 A2 = +5
run H2 A2 = +10
"""

BOOK = HEAD + """\
toss H? A? = A {KO 0-0 T0/0 P0/0 B0/0}
kickoff A 4v2
touchback {H 1&10 H25 0-0 T0/0 P0/0 B0/0}
rush 5v3 H? A? = +10
run H? A? = tackle {H 1&10 H35 0-0 T0/0 P0/1 B0/0}
rush 1v6 H?/? A? = stop {H 2&10 H35 0-0 T0/0 P1/1 B1/0}
pass 2v1 H? A? = +1
pressure A? = L1
catch H? = +5
run H? A? = tackle {H 1&10 H45 0-0 T0/0 P2/1 B1/1}
rush 5v2 H?+1 A? = stop {H 2&10 H45 0-0 T0/0 P2/2 B0/1}
rush 6v1 H? A? = +15
run H? A? = +25
run H? A? = +5
run H? A? = +10
"""


def edit(text: str, number: int, old: str, new: str) -> str:
    lines = text.splitlines()
    assert old in lines[number - 1], lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    return "\n".join(lines) + "\n"


def report(text: str) -> list[str]:
    return verify_text(text, "b.rec").to_text().splitlines()


def test_book_dice_are_read_with_their_modifiers():
    line = parse_line("rush 1v6 H?/? A?+2", 3, "b.rec")
    assert line is not None
    assert line.rolls == (Roll("H", (0, 0), reroll=True, book=True, column=10),
                          Roll("A", (0,), bonus=2, book=True, column=15))
    pair = parse_line("kick h?,?", 4, "b.rec")
    assert pair is not None and pair.rolls == (Roll("H", (0, 0), pair=True, book=True,
                                                    column=6),)
    assert [r.text() for r in line.rolls + pair.rolls] == ["H?/?", "A?+2", "H?,?"]


@pytest.mark.parametrize("roll", ["H?/5", "A4,?", "H?+?"])
def test_a_roll_is_all_book_or_all_written(roll):
    with pytest.raises(ReadError) as err:
        parse_line(f"sack {roll}", 9, "b.rec")
    assert (err.value.line, err.value.column) == (9, 6)


def test_the_book_record_verifies_clean_as_the_real_one_does():
    assert report(REAL) == ["b.rec: postcard: 15 lines checked, clean; score 0-0, "
                            "game not over"]
    assert report(BOOK) == ["b.rec: postcard: 15 lines checked, clean; score 0-0, "
                            "game not over"]


def test_each_book_roll_stands_for_its_draws():
    fills = DrawBook("hand").align(lines(parse(BOOK, "b.rec"))).fills
    assert fills[(7, 0)] == (4,) and fills[(7, 1)] == (6,)        # toss
    assert fills[(12, 0)] == (1, 1) and fills[(12, 1)] == (3,)    # the re-roll: two draws
    assert fills[(17, 0)] == (2,)                                 # H?+1: the bonus is not a die
    assert fills[(21, 0)] == (2,) and fills[(21, 1)] == (2,)


def test_a_pair_takes_two_draws():
    text = HEAD + "toss H? A?\nsack H?,?\nkick A?,?\n"
    fills = DrawBook("hand").align(lines(parse(text, "b.rec"))).fills
    assert fills == {(7, 0): (4,), (7, 1): (6,), (8, 0): (5, 2), (9, 0): (4, 6)}


def test_a_wrong_outcome_in_a_book_record_is_its_one_finding():
    assert report(edit(BOOK, 10, "= +10", "= +5")) == [
        "b.rec:10: PC-RUSH-001: rushing result does not follow from the dice "
        "(expected +10, found +5)",
        "b.rec: postcard: 15 lines checked, 1 finding; score 0-0, game not over"]
    # the same slip in the real-dice record gives the same finding
    assert report(edit(REAL, 10, "= +10", "= +5"))[0] == (
        "b.rec:10: PC-RUSH-001: rushing result does not follow from the dice "
        "(expected +10, found +5)")


def test_a_wrong_state_in_a_book_record_is_its_one_finding():
    assert report(edit(BOOK, 12, "H35", "H40")) == [
        "b.rec:12: PC-SPOT-001: ball spot (expected H35, found H40)",
        "b.rec: postcard: 15 lines checked, 1 finding; score 0-0, game not over"]


def test_a_bonus_beyond_those_held_is_found_on_a_book_die():
    # B0/0 on line 9: Home holds no bonus on line 10
    assert report(edit(BOOK, 10, "H? A?", "H?+1 A?"))[0] == (
        "b.rec:10: PC-BONUS-001: more bonuses used than held (expected at most 0, found +1)")


def test_a_written_die_beside_book_dice_is_still_checked():
    assert report(edit(BOOK, 10, "A?", "A3"))[0] == (
        "b.rec:10: PC-DRAW-001: not the play book's next away draw (expected A4, found A3)")
    assert report(edit(BOOK, 10, "A?", "A4")) == report(BOOK)


def test_a_book_die_without_a_seed_is_a_finding_on_its_line():
    """P24: without a Seed a `?` die has no draw to stand for. Each line with one is a finding
    (PC-DRAW-002) naming its `?` rolls; what the line wrote (outcome, state) is taken as it
    is, the lines after are read from every value the die may have shown, and nothing else
    is wrong in this record (its states agree with the real dice)."""
    text = BOOK.replace('[Seed "hand"]\n', "")          # the toss is now on line 6
    report = verify_text(text, "b.rec")
    dice = {f.line: f.found for f in report.findings}
    assert {f.rule for f in report.findings} == {"PC-DRAW-002"}
    assert sorted(dice) == [6, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]  # not 7, 8
    assert (dice[6], dice[11], dice[13], dice[16]) == ("H? A?", "H?/? A?", "A?", "H?+1 A?")
    assert report.findings[0].message == ('a die left to the play book, but the record has no '
                                          '[Seed "..."] tag to draw it from')
    # one `?` in a record of written dice: that line only
    text = REAL.replace('[Seed "hand"]\n', "").replace("pressure A3", "pressure A?")
    assert report_of(text) == [(13, "PC-DRAW-002", "a die 1 to 6", "A?")]


def report_of(text: str) -> list[tuple[int, str, str, str]]:
    return [(f.line, f.rule, f.expected, f.found) for f in verify_text(text, "b.rec").findings]
