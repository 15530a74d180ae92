"""PostCard decision logs (issue 31): hand-typed logs replayed from the seed, their planted
slips found where they are; every bot game survives record -> decisions -> replay unchanged.

The hand-typed games use the play book "demo", whose first draws tests/engine/test_draws.py
types by hand: Home 4 2 5 2 5 ..., Away 1 5 1 4 2 .... Every replayed line below is worked
out from the rules text (docs/rules/postcard.md), not by the engine.

HAND (a safety, its score slipped; a bonus on a kick):
- toss: Home 4 beats Away 1 (Away's 1 earns a bonus, P11: B0/1);
- `kickoff A 3v5 fair`: Home, the winner, sends Away to kick; a 3 lands on the goal line
  (C9), a fair catch there (P12): Home 1&10 at its own 0;
- `rush 1v6 = 3`: 6 beats 1 (C1, two stars) for the Defense: Home 2 - (Away 5 + 2) = -5,
  tackled 5 yards behind the line (C3), in Home's end zone: a safety (P6), Away 2; Home lost
  the picks: a Play Tracker circle (P9). The table wrote Away's score as 3: PC-SCORE-001;
- `punt 40 fair H+1@1`: the safety kick (P18) rolls two dice, Home 5 + 2 = 7, on target for
  40 (C8: 5-9) from Home's 20: Away's 40, fair caught; a bonus on a kick's dice is
  PC-BONUS-002 (P11).

HAND_BONUS (a bonus beyond those held; a score written where nobody scored):
- `kickoff H 4v3 touchback`: a 4 lands in the end zone (C9): touchback, Away at its 25;
- `rush 1v6 = 7`: 6 beats 1 for the Defense: Away 5 - (Home 2 + 2) = 1, 5 yards (C3); the
  tackle Challenge Away 1 - Home 5 = -4 is a tackle (C5); Away, who lost the picks, crosses a
  Play Tracker circle and its 1 earns a bonus: {A 2&5 A30 ... P0/1 B0/2}; no score: the 7
  written is PC-DEC-002;
- `rush 1v3 A+3@1`: Away claims 3 bonuses holding 2 (PC-BONUS-001; 2 count); 3 beats 1 for
  the Defense (one star): 4 + 2 - (2 + 1) = 3, 15 yards, a first down at A45; the tackle
  2 - 5 = -3; Away's second Play Tracker circle, its bonuses spent: P0/2 B0/0.
"""

from __future__ import annotations

import pytest

from printkit_engine.decisions import read_log, replayed_record, verify_log
from printkit_engine.postcard.bots import game_seed, play_game
from printkit_engine.postcard.decisions import (
    decision_log,
    log_of_record,
    replay,
)
from printkit_engine.postcard.verify import verify_text

HAND = """[Game "postcard"]
[Log "decisions"]
[Seed "demo"]

kickoff A 3v5 fair
rush 1v6 = 3
punt 40 fair H+1@1
"""

HAND_LINES = [
    "toss H4 A1 = H {KO 0-0 T0/0 P0/0 B0/1}",
    "kickoff A 3v5",
    "fair {H 1&10 H0 0-0 T0/0 P0/0 B0/1}",
    "rush 1v6 H2 A5 = -5 safety {H SK 0-2 T0/0 P1/0 B0/1}",
    "punt 40",
    "kick H5,2+1 = on",
    "fair {A 1&10 A40 0-2 T0/0 P1/0 B0/1}",
]

HAND_BONUS = """[Game "postcard"]
[Log "decisions"]
[Seed "demo"]

kickoff H 4v3 touchback
rush 1v6 = 7
rush 1v3 A+3@1
"""

HAND_BONUS_LINES = [
    "toss H4 A1 = H {KO 0-0 T0/0 P0/0 B0/1}",
    "kickoff H 4v3",
    "touchback {A 1&10 A25 0-0 T0/0 P0/0 B0/1}",
    "rush 1v6 A5 H2 = +5",
    "run A1 H5 = tackle {A 2&5 A30 0-0 T0/0 P0/1 B0/2}",
    "rush 1v3 A4+3 H2 = +15",
    "run A2 H5 = tackle {A 1&10 A45 0-0 T0/0 P0/2 B0/0}",
]


def _rows(text: str):
    log = decision_log()
    record = read_log(log, text, "hand.dec")
    return dict(record.tags), [r.item for r in record.rows]


@pytest.mark.parametrize("text, lines", [(HAND, HAND_LINES), (HAND_BONUS, HAND_BONUS_LINES)])
def test_hand_typed_logs_replay_to_the_lines_worked_out_by_hand(text, lines):
    tags, rows = _rows(text)
    tags.pop("Log")
    assert replay(tags, rows).lines == lines


def test_the_score_slip_is_found_at_its_checkpoint_and_the_bonus_on_a_kick_at_its_play():
    report = verify_text(HAND, "hand.dec")
    got = [(f.line, f.rule, f.expected, f.found) for f in report.findings]
    assert got == [
        (6, "PC-SCORE-001", "0-2", "0-3"),          # Away's score written after the safety
        (7, "PC-BONUS-002", "no bonus", "+1"),      # the bonus decided on the safety kick
    ]
    assert report.lines_checked == 3
    assert "rush 1v6 H2 A5 = -5 safety" in report.findings[0].message   # the play quoted


def test_a_bonus_beyond_those_held_and_a_score_where_nobody_scored():
    report = verify_text(HAND_BONUS, "hand.dec")
    got = [(f.line, f.rule, f.expected, f.found) for f in report.findings]
    assert got == [
        (6, "PC-DEC-002", "nothing", "= 7"),
        (7, "PC-BONUS-001", "at most 2", "+3"),
    ]


def test_a_slip_carried_forward_is_found_once_at_the_checkpoint_where_it_went_wrong():
    played = play_game(game_seed("slip", 1))
    scores = [tuple(map(int, m.split("-"))) for line in played.lines if "{" in line
              for m in line.split("{")[1].split() if m[0].isdigit() and "-" in m]
    scorers = [0 if a[0] != b[0] else 1 for a, b in zip(scores, scores[1:], strict=False)
               if a != b]
    lines = log_of_record(played.text()).split("\n")
    checkpoints = [k for k, line in enumerate(lines) if " = " in line]
    assert len(checkpoints) == len(scorers) > 2
    slipped = scorers[0]                 # one point too many on the first score, kept on
    for k, side in zip(checkpoints, scorers, strict=True):
        if side == slipped:
            head, points = lines[k].rsplit(" = ", 1)
            lines[k] = f"{head} = {int(points) + 1}"
    report = verify_text("\n".join(lines), "slip.dec")
    assert [(f.line, f.rule) for f in report.findings if f.rule != "PC-END-001"] == \
        [(checkpoints[0] + 1, "PC-SCORE-001")]


@pytest.mark.parametrize("k", range(1, 9))
def test_every_bot_game_survives_record_to_decisions_to_replay(k):
    played = play_game(game_seed("roundtrip", k))
    record = played.text()
    text = log_of_record(record)
    tags, rows = _rows(text)
    tags.pop("Log")
    assert replayed_record(decision_log(), tags, rows) == record
    report = verify_text(text, "game.dec")
    assert report.clean, report.to_text()
    assert report.lines_checked == len(rows)


def test_a_missing_decision_and_one_the_play_has_no_use_for():
    text = HAND_BONUS.replace("rush 1v6 = 7", "rush").replace(
        "kickoff H 4v3 touchback", "kickoff H 4v3 40 touchback")
    got = [(f.line, f.rule, f.found) for f in verify_text(text, "x.dec").findings]
    assert (5, "PC-DEC-002", "40") in got          # a punt distance on a kickoff
    assert (6, "PC-DEC-001", "nothing") in got     # a rush without its numbers


def test_plays_after_the_end_of_the_game_and_no_seed():
    played = play_game(game_seed("over", 2))
    text = log_of_record(played.text()) + "rush 1v2\n"
    last = text.count("\n")
    report = verify_text(text, "x.dec")
    assert [(f.line, f.rule) for f in report.findings] == [(last, "PC-DEC-004")]
    no_seed = HAND.replace('[Seed "demo"]\n', "")
    assert [f.rule for f in verify_text(no_seed, "x.dec").findings][:1] == ["PC-DEC-005"]


def test_text_form_reads_each_field_by_its_words():
    _, rows = _rows(HAND + "more A+2@5 xHA = 14\ntry2 pass 2v3 again rrHA\n")
    more, two = rows[-2], rows[-1]
    assert more.values["play"] == ("more",)
    assert more.values["bonus"] == ("A", "2", "5")
    assert more.values["marks"] == ("H", "A")
    assert more.values["score"] == ("14",)
    assert two.values["then"] == ("pass",)
    assert two.values["picks"] == ("2", "3")
    assert two.values["reroll"] == ("HA",)


def test_an_unreadable_line_stops_the_replay_there():
    report = verify_log(decision_log(), HAND.replace("punt 40 fair H+1@1", "punt 7v9"),
                        "x.dec")
    assert [(f.line, f.rule) for f in report.findings] == [(6, "PC-SCORE-001"),
                                                          (7, "PC-REC-003")]


def test_a_band_the_scan_could_not_read_stops_the_replay_there():
    text = HAND.replace("punt 40 fair H+1@1",
                        "; p1.jpg line 3: not read: two bubbles shaded in play")
    report = verify_text(text, "x.dec")
    assert [(f.line, f.rule) for f in report.findings] == [(6, "PC-SCORE-001"),
                                                          (7, "PC-REC-003")]
    assert "two bubbles shaded in play" in report.findings[1].message


# The start of the game of tests/decisions/test_hand_filled.py (play book handfill-0001):
# Home kicks onside, Away takes the ball and re-rolls its rush (Away's skill then is
# offense-rushing, the one a rush re-roll by the offense needs: P27).
SKILL_START = """[Game "postcard"]
[Log "decisions"]
[Seed "handfill-0001"]
[HomeSkill "defense-passing"]

onside H 6v3
rush 6v6 rrA
"""


def test_a_side_whose_skill_is_not_written_has_the_one_its_first_re_roll_needs():
    report = verify_text(SKILL_START, "skills.dec")
    assert report.findings == []
    assert report.notes == ["AwaySkill not written: offense-rushing, the skill its first "
                            "re-roll needs (a sheet has no place for it)"]


def test_a_later_re_roll_needing_another_skill_is_still_a_finding():
    report = verify_text(SKILL_START + "pass 3v6 rrA\n", "skills.dec")
    got = [(f.line, f.rule, f.expected, f.found) for f in report.findings]
    assert got == [(8, "PC-SKILL-001", "offense-passing", "offense-rushing")]


def test_a_skill_written_none_is_not_taken_from_a_re_roll():
    report = verify_text(SKILL_START.replace('[Seed', '[AwaySkill "none"]\n[Seed'),
                         "skills.dec")
    got = [(f.line, f.rule, f.expected, f.found) for f in report.findings]
    assert got == [(8, "PC-SKILL-001", "offense-rushing", "none")]
    assert report.notes == []
