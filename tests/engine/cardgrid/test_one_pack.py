"""G14, "A single pack of playing cards is used": a card dealt while it is out of its half
pack is CG-CARD-002, as Card Bowl's CB-CARD-007 is, with a Seed and without. A card is out
from its deal until "After each passage of play when possession of the ball changes, the
cards dealt from that preceding hand are returned to the bottom of their respective half
pack". Records from tests/engine/cardgrid/records.py (worked out by hand); each finding
typed by hand."""

from __future__ import annotations

from printkit_engine.cardgrid.verify import verify_text
from tests.engine.cardgrid.records import LOG, SEEDED, slip

OUT = ("is out of its half pack: dealt {where}, and the cards have not gone back since (a "
       "single pack: each card once)")


def found(text: str) -> list[tuple[int, str, str, str, str]]:
    report = verify_text(text, "r.rec")
    return [(f.line, f.rule, f.message, f.expected, f.found) for f in report.sorted_findings()]


def test_twice_in_one_passage():
    # line 9, home's cards 3H 5C 7H 2C 4H 6C 8H ...: 8H written 3H, the passage's first card.
    # Red as 8H, so it still advances a grid, and no pair (6C before, 9C after): the one slip
    # is the card itself.
    text = slip(LOG, "6C 3S 8H 9C", "6C 3S 3H 9C")
    assert found(text) == [(9, "CG-CARD-002", "3H " + OUT.format(where="earlier in this passage"),
                            "a card still in the half pack", "3H")]


def test_again_before_the_cards_go_back():
    # line 22 "A2: 9S QC 10D JS 7C JD KH = pen A P 9-0 > A3": away keeps the ball (a penalty
    # goal gives it back to the offender), so its cards and home's QC 7C KH stay out. On
    # line 24 home's answer to 3S, 10C, written 7C: still out (no pair either way: 8C before
    # it, 2H after it).
    text = slip(LOG, "3S 10C 5D", "3S 7C 5D")
    assert found(text) == [(24, "CG-CARD-002", "7C " + OUT.format(where="on line 22"),
                            "a card still in the half pack", "7C")]


def test_the_cards_go_back_at_a_change_of_possession():
    # LOG deals 7D on line 18 (A3: 7D 8S ...) and again on line 28 (A11: 7D 8D): possession
    # changed in between (line 18 itself ends "> H11"), so the second 7D is a card back in
    # its half pack; and 6H on line 11 then on line 24: possession changed on line 11
    assert found(LOG) == []


def test_with_a_seed_the_card_out_is_the_one_finding():
    # SEEDED line 10: the conversion card is the book's 10S; written 10D, dealt two cards
    # before in the same passage. Not a second CG-CARD-001: one slip, one finding, and the
    # book reads on as if 10S was dealt (line 13 is clean).
    text = slip(SEEDED, "10D 5S 10S =", "10D 5S 10D =")
    assert found(text) == [(10, "CG-CARD-002", "10D " + OUT.format(
        where="earlier in this passage"), "a card still in the half pack", "10D")]


# G14 by hand: home keeps the ball for thirteen passages. In each it deals a club, away
# answers (never the club's value: that would lose the ball), home deals the heart of the
# club's value: home's own consecutive pair, a penalty on home's grid 2 or 3, so away tries
# a goal (the offender's grid is within 3) with one card below 10 (missed: "pen H P-"), and
# "Possession changes after the attempt": back to the offender, home, at grid 3. Home deals
# its 26 cards (A-K of clubs and hearts), away its 26 (answers 10D..KS then 5S..9S, goal
# cards AD..9D, AS..4S); nothing goes back, as possession never changes.
RUN_OUT = """\
[Game "cardgrid"]
[KickOff "H"]
[Finish "10:40"]
[Result "0-0"]

H2: AC 10D AH AD = pen H P- > H3
H3: 2C 10S 2H 2D = pen H P- > H3
H3: 3C JD 3H 3D = pen H P- > H3
H3: 4C JS 4H 4D = pen H P- > H3
H3: 5C QD 5H 5D = pen H P- > H3
H3: 6C QS 6H 6D = pen H P- > H3
H3: 7C KD 7H 7D = pen H P- > H3
H3: 8C KS 8H 8D = pen H P- > H3
H3: 9C 5S 9H 9D = pen H P- > H3
H3: 10C 6S 10H AS = pen H P- > H3
H3: JC 7S JH 2S = pen H P- > H3
H3: QC 8S QH 3S = pen H P- > H3
H3: KC 9S KH 4S = pen H P- > H3
H3: AC AD = lost > A10
"""


def test_a_half_pack_that_runs_out_is_taken_back():
    """Both half packs are all out after line 18; the next card of each is one of its first
    again (AC, AD: the defender's AD pairs the black AC, the ball is lost on the spot, home's
    grid 3 being away's 10)."""
    assert found(RUN_OUT) == []


def test_not_taken_back_before_every_card_is_out():
    # the last passage one line earlier: home and away still hold KC KH and 9S 4S, so AC
    # (line 6) and AD (line 6) are out: two cards, two findings
    text = RUN_OUT.replace("H3: KC 9S KH 4S = pen H P- > H3\n", "")
    where = OUT.format(where="on line 6")
    assert found(text) == [
        (18, "CG-CARD-002", "AC " + where, "a card still in the half pack", "AC"),
        (18, "CG-CARD-002", "AD " + where, "a card still in the half pack", "AD")]
