"""Two kicks the verifier used to misread, found by the bots (issue 32), on records typed by
hand from the rules text:

- a kickoff return fumbled and recovered by the kicking team ("Red Joker = Fumble on return,
  proceed to fumble rules from that spot"): the kickers' ball, not the receivers';
- a blocked punt recovered in the kicking team's end zone ("Red Joker = blocked kick ...
  proceed to Fumble rules"): the blockers' touchdown, or the kickers' safety.

Findings typed by hand."""

from __future__ import annotations

from printkit_engine.cardbowl.verify import verify_text

HEAD = '[Game "cardbowl"]\n[Home "Bears"]\n[Away "Lions"]\n\n'


def findings(body: str) -> list[tuple[int, str]]:
    return [(f.line, f.rule) for f in verify_text(HEAD + body, "k.rec").findings]


KICKOFF_LOST = """#### Lions

Kickoff	to 5, 10 yd return to 15, fumble, K recovers

---

#### Bears

1 & 10 @ opp 15	run 3
2 & 7 @ 12	run 12, TD	6-0 Bears
"""


def test_kickoff_fumble_recovered_by_the_kicking_team():
    assert findings(KICKOFF_LOST) == []


def test_kickoff_fumble_kept_needs_its_line_and_its_team():
    assert findings(KICKOFF_LOST.replace("---\n\n", "")) == [(9, "CB-POSS-001")]
    # the receivers playing on after losing the ball: the heading is the slip
    assert findings(KICKOFF_LOST.replace("#### Bears", "#### Lions")) == [(13, "CB-POSS-003")]


BLOCKED_TD = """#### Lions

Kickoff	to 5, 15 yd return to 20
1 & 10 @ 20	run -8
2 & 18 @ 12	run -4
3 & 22 @ 8	pass inc.
4 & 22 @ 8	punt blocked, TD	6-0 Bears

---

#### Bears

Try	kick good	7-0 Bears
"""


def test_blocked_punt_returned_for_a_touchdown():
    assert findings(BLOCKED_TD) == []
    assert findings(BLOCKED_TD.replace("6-0 Bears", "6-0 Lions")) == [(11, "CB-SCORE-001")]


BLOCKED_SAFETY = """#### Lions

Kickoff	to 5, 15 yd return to 20
1 & 10 @ 20	run -8
2 & 18 @ 12	run -4
3 & 22 @ 8	pass inc.
4 & 22 @ 8	punt blocked, safety	2-0 Bears

---

#### Bears

Free kick	to 9, 23 yd return to 32
1 & 10 @ 32	run 3
"""


def test_blocked_punt_recovered_by_the_kickers_in_their_end_zone():
    assert findings(BLOCKED_SAFETY) == []
    assert findings(BLOCKED_SAFETY.replace("2-0 Bears", "0-0")) == [(11, "CB-SCORE-001")]
