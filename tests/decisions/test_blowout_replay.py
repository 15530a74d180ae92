"""BLOWOUT!!! decision logs (issue 31): a hand-typed log replayed from the seed, its planted
slips found where they are; every bot game survives record -> decisions -> replay unchanged.

The hand-typed log uses the play book "demo" (`printkit playbook blowout --seed demo`), its
first shuffles read off the rendered pages:
  HOME OFFENSE  1 R75  2 P25  3 DP-PI  4 R85  5 P70  6 R45  7 DP-OFS  8 R60 ...
  HOME SPECIAL  1 K35 ...           HOME DEFENSE  1 D40  2 D60  3 D35  4 D80  5 INT  6 D80
  7 D65 ...
  AWAY OFFENSE  1 R85  2 R75  3 R70  4 R65  5 CHAL  6 CHAL  7 R45 ...   AWAY SPECIAL  1 K45
  AWAY DEFENSE  1 D65  2 OP-OFS  3 D55  4 SACK  5 FUM  6 D65  7 FUM  8 D45 ...
A hand is the first cards of its shuffle not played yet (5 OFFENSE + the SPECIAL TEAMS card
K; 6 DEFENSE), a place counts them from the top. Every line below is worked out from the
rules text (docs/rules/blowout.md), not by the engine:
- `2 v4 first:H`: Home starts on OFFENSE at its own 20; Home's 2nd card P25, Away's 4th SACK:
  "SACK- ... OFFENSE loses 10 yards and a down": {H 2&20 H10 0-0}. Home's hand is now R75
  R85 P70 R45 (the 6th card drawn), Away's D65 OP-OFS D55 FUM D65 FUM (the 7th drawn);
- `5 v5 = 3`: Home's 5th card R45 (its 6th in the book), Away's 5th D65: 45 - 65 = -20 from
  Home's 10: past its own goal line, a SAFETY: "DEFENSE gets 2 points, the ball on their
  own 20": {A 1&10 A20 0-2}. The table wrote Away's score as 3: BO-SAFE-001 on that row;
- `3 v3`: Away's 3rd R70 against Home's 3rd D35: +35 from A20: {A 1&10 H45 0-2};
- `K v1`: Away kicks K45 on FIRST down: "a SPECIAL TEAMS card is played only on FOURTH DOWN"
  (BO-4TH-001 on that row); played all the same, the punt of 45 from Home's 45 reaches the
  goal line: a touchback, {H 1&10 H20 0-2}. The log stops there: the game is not over
  (BO-END-002).
"""

from __future__ import annotations

import pytest

from printkit_engine.blowout.bots import game_seed, play_game
from printkit_engine.blowout.decisions import (
    decision_log,
    joined_scores,
    log_of_record,
    replay,
)
from printkit_engine.blowout.verify import verify_text
from printkit_engine.decisions import read_log, replayed_record
from tests.fuzzing import corpus

HAND = """[Game "blowout"]
[Log "decisions"]
[Seed "demo"]
[Length "full"]

2 v4 first:H
5 v5 = 3
3 v3
K v1
"""

HAND_LINES = [
    "Q1 H P25 SACK -10 {H 2&20 H10 0-0}",
    "Q1 H R45 D65 -20 {A 1&10 A20 0-2}",
    "Q1 A R70 D35 +35 {A 1&10 H45 0-2}",
    "Q1 A K45 D40 +45 {H 1&10 H20 0-2}",
]


def _rows(text: str):
    record = read_log(decision_log(), text, "x.dec")
    tags = dict(record.tags)
    tags.pop("Log")
    return tags, [r.item for r in record.rows]


def test_the_hand_typed_log_replays_to_the_lines_worked_out_by_hand():
    tags, rows = _rows(HAND)
    assert replay(tags, rows).lines == HAND_LINES


def test_the_score_slip_is_found_at_its_checkpoint_and_the_kick_at_its_row():
    report = verify_text(HAND, "hand.dec")
    got = [(f.line, f.rule, f.expected, f.found) for f in report.findings]
    assert got == [
        (7, "BO-SAFE-001", "{A 1&10 A20 0-2}", "{A 1&10 A20 0-3}"),   # the safety's score
        (9, "BO-4TH-001", "a RUN, PASS or OFFSIDES card", "K45 on down 1"),
        (9, "BO-END-002", "the game played to its end", "no more snaps"),
    ]
    assert report.lines_checked == 4
    assert "Q1 H R45 D65 -20" in report.findings[0].message       # the snap quoted


def test_a_missing_card_and_a_coin_toss_where_there_is_none():
    text = HAND.replace("3 v3\n", "v3\n")
    got = [(f.line, f.rule, f.found) for f in verify_text(text, "x.dec").findings]
    assert (8, "BO-DEC-001", "nothing") in got           # no OFFENSE card
    text = HAND.replace("K v1\n", "1 v1 first:A\n")
    got = [(f.line, f.rule, f.message, f.found) for f in verify_text(text, "x.dec").findings]
    # a coin toss mid-game, named as the sheet names it (toss) and as it is typed (first:)
    assert (9, "BO-DEC-002", "toss (first:) is not a decision of this snap", "A") in got


def test_a_score_not_written_and_one_written_where_nobody_scored():
    text = HAND.replace("5 v5 = 3", "5 v5").replace("3 v3", "3 v3 = 7")
    got = [(f.line, f.rule, f.expected, f.found) for f in verify_text(text, "x.dec").findings]
    assert (7, "BO-DEC-003", "= 2", "nothing") in got
    assert (8, "BO-DEC-002", "nothing", "= 7") in got


def test_a_slip_carried_forward_is_found_once_at_the_checkpoint_where_it_went_wrong():
    played = play_game(game_seed("slip", 1))
    scores = [tuple(map(int, line.rsplit(" ", 1)[1].rstrip("}").split("-")))
              for line in played.lines]
    scorers = [0 if a[0] != b[0] else 1 for a, b in zip([(0, 0), *scores], scores,
                                                         strict=False) if a != b]
    lines = log_of_record(played.text()).split("\n")
    checkpoints = [k for k, line in enumerate(lines) if " = " in line]
    assert len(checkpoints) == len(scorers) > 2
    # a score a digit a row: `3 v2 = 1` then `= 4` is 14; the slip's score written anew
    slipped = scorers[0]                 # one point too many on the first score, kept on
    out = []
    k = 0
    while k < len(lines):
        line = lines[k]
        k += 1
        if " = " not in line or scorers[checkpoints.index(k - 1)] != slipped:
            out.append(line)
            continue
        head, digits = line.rsplit(" = ", 1)
        while k < len(lines) and lines[k].startswith("= "):
            digits += lines[k][2:]
            k += 1
        points = str(int(digits) + 1)
        out += [f"{head} = {points[0]}", *(f"= {d}" for d in points[1:])]
    report = verify_text("\n".join(out), "slip.dec")
    result = next(k + 1 for k, line in enumerate(out) if line.startswith("[Result "))
    found = [f.line for f in report.findings if f.line != result]      # the Result: kept on
    assert found == [checkpoints[0] + 1]


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(4))
def test_every_bot_game_survives_record_to_decisions_to_replay(chunk):
    for k in range(1 + chunk, corpus(48) + 1, 4):       # 48 games; 960 in make fuzz
        played = play_game(game_seed("roundtrip", k))
        record = played.text()
        tags, rows = _rows(log_of_record(record))
        assert replayed_record(decision_log(), tags, rows) == record, k


def test_a_bot_game_s_log_verifies_clean():
    played = play_game(game_seed("clean", 3))
    text = log_of_record(played.text())
    report = verify_text(text, "game.dec")
    assert report.clean, report.to_text()
    rows = text.split("\n\n", 1)[1].splitlines()          # after the tags: a row a line
    assert report.lines_checked == len(rows)
    # a row a snap, and one more a score's further digit (`= 4`)
    assert len([r for r in rows if not r.startswith("= ")]) == len(played.lines)


def test_snaps_after_the_end_of_the_game_and_no_seed():
    played = play_game(game_seed("over", 2))
    text = log_of_record(played.text()) + "1 v1\n"
    last = text.count("\n")
    report = verify_text(text, "x.dec")
    assert [(f.line, f.rule) for f in report.findings] == [(last, "BO-DEC-004")]
    no_seed = HAND.replace('[Seed "demo"]\n', "")
    assert [f.rule for f in verify_text(no_seed, "x.dec").findings][:1] == ["BO-DEC-005"]


def test_text_form_reads_each_field_by_its_words():
    _, rows = _rows(HAND + "K v6 A:CHAL first:H = 1\n= 0\n= 5\n")
    row = rows[-3]
    assert row.values["offense"] == ("K",)
    assert row.values["defense"] == ("6",)
    assert row.values["response"] == ("A", "CHAL")
    assert row.values["first"] == ("H",)
    assert row.values["score"] == ("1",)
    assert [r.values for r in rows[-2:]] == [{"score": ("0",)}, {"score": ("5",)}]
    joined, findings = joined_scores(rows)        # a digit a row: 105 on the snap's row
    assert findings == [] and len(joined) == len(rows) - 2
    assert joined[-1].values["score"] == ("105",) and joined[-1].line == rows[-3].line


def test_a_two_digit_score_a_digit_a_row_and_a_digit_with_no_snap_above():
    # Away's punt K45 from Home's 45 (row 9) is a touchback (the lines worked out above): no
    # score, so a `= 1` row under it is a score written where nobody scored, on row 9
    text = HAND.replace("K v1\n", "K v1\n= 1\n")
    got = [(f.line, f.rule, f.found) for f in verify_text(text, "x.dec").findings]
    assert (9, "BO-DEC-002", "= 1") in got
    text = HAND.replace("2 v4 first:H\n", "= 4\n2 v4 first:H\n")    # before any snap
    got = [(f.line, f.rule, f.found) for f in verify_text(text, "x.dec").findings]
    assert got[0] == (6, "BO-DEC-002", "= 4")
    # the safety's 2 written as 1, then 2 under it: 12, not 2 (row 7, the snap's row)
    text = HAND.replace("5 v5 = 3\n", "5 v5 = 1\n= 2\n")
    got = [(f.line, f.rule, f.expected, f.found) for f in verify_text(text, "x.dec").findings]
    assert got[0] == (7, "BO-SAFE-001", "{A 1&10 A20 0-2}", "{A 1&10 A20 0-12}")


def test_an_unreadable_line_stops_the_replay_there():
    report = verify_text(HAND.replace("K v1", "7 v1"), "x.dec")
    assert [(f.line, f.rule) for f in report.findings] == [
        (7, "BO-SAFE-001"), (9, "BO-REC-003")]     # stops after row 3; its end not judged


def _short_hand() -> tuple[str, int]:
    """A bot game's decision log and the index of its first row whose OFFENSE holds fewer
    than 5 OFFENSE cards: counted off the record's own lines (a deck of 40, 36 played in the
    period by that side: 4 left), not by the decision log's code."""
    for k in range(1, 40):
        played = play_game(game_seed("short", k))
        counts: dict[tuple[str, str], int] = {}
        for n, line in enumerate(played.lines):
            period, side, offense, _, *rest = line.split()
            if counts.get((period, side), 0) >= 36 and not offense.startswith("K"):
                return log_of_record(played.text()), n
            if not offense.startswith("K"):
                counts[(period, side)] = counts.get((period, side), 0) + 1
            if ":" in rest[0] and rest[0].split(":")[0] == side:      # its response card
                counts[(period, side)] = counts.get((period, side), 0) + 1
    raise AssertionError("no game reaches the end of an OFFENSE deck")


def test_a_place_the_hand_no_longer_reaches():
    text, n = _short_hand()
    lines = text.split("\n")
    first = lines.index("") + 1                    # the first row's index in the file
    snaps = [k for k in range(first, len(lines)) if lines[k] and not lines[k].startswith("= ")]
    at = snaps[n]                                  # snap n's row (a score's `= 4` rows skipped)
    fields = lines[at].split(" ", 1)
    lines[at] = " ".join(["5", *fields[1:]])
    got = [(f.line, f.rule, f.found) for f in verify_text("\n".join(lines), "x.dec").findings]
    assert got[0] == (at + 1, "BO-DEC-006", "5")
