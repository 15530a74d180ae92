"""Card Bowl's decision log (issue 31): every bot game replays from its decisions to the very
record the bots wrote, and a hand-typed log gives the findings typed here by hand.

The hand-typed log's expectations come from the rules text and the play book for seed `h236`
as printed (`printkit playbook cardbowl --seed h236`, page 1), not from the engine:
- deal/1, the opening kickoff (the Away team kicks, `kicksA`): 7H KH, "Value - 11 = yard
  line received": 7 + 13 - 11 = the 9; the return goes all the way (a touchdown, 6 points),
  and the try after it is on the kickoff's row (`XP`).
- deal/2, the extra point: "Same as a 20-yard field goal"; "Kicker draws six cards: total
  value = kick distance": 3C AD QC 10D JD 8D = 3 + 1 + 12 + 10 + 11 + 8 = 45 >= 20, good: the
  score is 7-0. The row writes `= 8`: a slip at that checkpoint (CB-SCORE-001 on its line).
- deal/3, the Home side's kickoff: 3H 5D, 3 + 5 - 11 = -3, "received in end zone"; downed at
  once (`tb0`): a touchback, first down at the 20.
- deal/4, a run written with `shotgun`: the shotgun is a pass formation, no decision of a
  run (CB-DEC-002 on its line).
"""

from __future__ import annotations

import pytest

from printkit_engine.cardbowl.bots import game_seed, play_game
from printkit_engine.cardbowl.decisions import bot_log, decision_log, replay
from printkit_engine.cardbowl.verify import verify_text
from printkit_engine.decisions import log_text, read_log, replayed_record
from tests.fuzzing import corpus

HAND = """[Game "cardbowl"]
[Log "decisions"]
[Seed "h236"]
[Home "Comets"]
[Away "Rockets"]

kickoff kicksA XP = 8
kickoff tb0
run shotgun
"""


def _findings(text: str) -> list[tuple[int, str, str, str]]:
    return [(f.line, f.rule, f.expected, f.found) for f in verify_text(text, "hand.dec").findings]


def test_a_hand_typed_log_gives_its_slip_and_its_illegal_decision_on_their_lines():
    assert _findings(HAND) == [(7, "CB-SCORE-001", "7-0 Comets", "8-0 Comets"),
                               (9, "CB-DEC-002", "nothing", "shotgun")]


HEAD = HAND.split("\n\n", 1)[0] + "\n\n"


def test_the_hand_typed_log_as_its_sheet_holds_it_gives_the_same_findings_on_the_plays():
    """The sheet's order (sheetlines.py): each play marked `more` on its play row, its other
    decisions on the "more" rows after it, the k-th such play owning the k-th "more" row.
    The findings are on the play rows (lines 7 and 9), as in the log typed a play a line."""
    split = HEAD + "kickoff more\nkickoff more\nrun shotgun\nkicksA XP = 8\ntb0\n"
    assert _findings(split) == [(7, "CB-SCORE-001", "7-0 Comets", "8-0 Comets"),
                                (9, "CB-DEC-002", "nothing", "shotgun")]


def test_a_more_row_without_its_play_and_a_play_without_its_more_row_are_findings():
    """Line 9's touchback is line 8's (its `more`); line 11 (`fair`) has no play marked
    `more` left before it; line 12 is marked `more` and no "more" row follows."""
    text = HEAD + "kickoff kicksA XP = 7\nkickoff more\ntb0\nrun\nfair\nrun more\n"
    assert _findings(text) == [
        (11, "CB-DEC-007", "more on its play's row", "fair"),
        (12, "CB-DEC-007", "its more row", "none")]


def test_the_hand_typed_log_replays_to_the_lines_the_book_gives():
    record = read_log(decision_log(), HAND, "hand.dec")
    done = replay(dict(record.tags), [r.item for r in record.rows], None)
    plays = [line for line in done.lines if "\t" in line]
    assert plays[0].startswith("Kickoff\tto 9, ")
    assert ", TD\t6-0 Comets\t" in plays[0]
    assert plays[1].startswith("Try\tkick good\t7-0 Comets\t")
    assert plays[2].startswith("Kickoff\tto -3, touchback\t")
    assert plays[3].startswith("1 & 10 @ 20\trun ")
    assert len(plays) == 4                        # the log ends there: so does the replay


def test_a_log_without_its_checkpoint_or_its_toss_says_so():
    """No toss written: the Home side kicks (the replay goes on), the same cards give the Away
    side the touchdown, and its score is not written."""
    text = HAND.replace("kickoff kicksA XP = 8", "kickoff XP")
    assert _findings(text) == [(7, "CB-DEC-001", "H or A", "nothing"),
                               (7, "CB-DEC-003", "= 7", "nothing"),
                               (9, "CB-DEC-002", "nothing", "shotgun")]


def test_a_score_written_where_none_was_made_and_a_missing_one_are_findings():
    text = HAND.replace("XP = 8", "XP").replace("kickoff tb0", "kickoff tb0 = 3")
    got = _findings(text)
    assert (7, "CB-DEC-003", "= 7", "nothing") in got
    assert (8, "CB-DEC-002", "nothing", "= 3") in got


def test_a_touchdown_without_its_try_and_a_try_without_a_touchdown_are_findings():
    """No try written on the touchdown's row: the extra point is kicked (the same deal/2, good:
    7-0); a try on the kickoff after it, which scored nothing, has no use."""
    text = HAND.replace("kickoff kicksA XP = 8", "kickoff kicksA = 7").replace(
        "kickoff tb0", "kickoff tb0 XP")
    assert _findings(text) == [(7, "CB-DEC-001", "XP, or a 2pt-run or 2pt-pass row", "nothing"),
                               (8, "CB-DEC-002", "nothing", "XP"),
                               (9, "CB-DEC-002", "nothing", "shotgun")]


def test_a_timeout_a_team_has_not_got_is_a_finding():
    """A side with no timeout left in the half (the rules: "Each team has three timeouts per
    half") calls one: the clock runs on and the row says so."""
    from printkit_engine.cardbowl.coach import Situation
    from printkit_engine.cardbowl.decisions import Scripted
    from printkit_engine.cardbowl.rules import load_rules

    record = read_log(decision_log(), HAND.replace("run shotgun", "run toA"), "hand.dec")
    rows = [r.item for r in record.rows]
    source = Scripted(rows, load_rules())
    source.k = 2

    class Offense:
        offense = 0

    source.match = Offense()                     # type: ignore[assignment]
    late = Situation(to_goal=60, down=1, to_go=10, lead=-3, quarter=4, left=30, timeouts=0)
    assert source.timeout(late, offense=False) is False
    assert [(f.line, f.rule, f.found) for f in source.findings] == [(9, "CB-DEC-006", "A")]
    assert source.timeout(late, offense=True) is False      # H's question: not written


@pytest.mark.fuzz
@pytest.mark.parametrize("chunk", range(4))
def test_every_bot_game_replays_to_its_record(chunk):
    """48 seeds (960 in make fuzz): the bots' game -> its decision log (the text form, read
    back) -> the replay -> the very record `play_game` writes (every line, cards and clock
    included)."""
    log = decision_log()
    for k in range(chunk, corpus(48), 4):
        seed = game_seed("round", k)
        want = play_game(seed).text()
        tags, rows, _ = bot_log(seed)
        text = log_text({t: v for t, v in tags.items() if t != "Result"}, rows)
        record = read_log(log, text, "x.dec")
        got = replayed_record(decision_log(), dict(record.tags), [r.item for r in record.rows])
        assert got.split("\n\n", 1)[1] == want.split("\n\n", 1)[1], seed


def test_a_log_without_its_seed_and_plays_after_the_end_are_findings():
    assert _findings(HAND.replace('[Seed "h236"]\n', "")) == [
        (1, "CB-DEC-005", "a Seed tag", "none")]
    tags, rows, _ = bot_log("h236")
    text = log_text({k: v for k, v in tags.items() if k != "Result"}, [*rows, "run", "pass"])
    after = 6 + len(rows)                  # five tags, a blank line, then the game's rows
    assert _findings(text) == [(after + 1, "CB-DEC-004", "no more plays", "run"),
                               (after + 2, "CB-DEC-004", "no more plays", "pass")]


# The hand-typed log without the Home side's kickoff row (deal/3: 3H 5D, 3 + 5 - 11 = -3,
# "received in end zone"; no `tb` written: not downed, so it is run out): a plain kickoff has
# no row, the replay plays it between the try and the next row.
QUIET = HAND.replace("XP = 8\nkickoff tb0\n", "XP = 7\n")


def test_a_plain_kickoff_left_unwritten_is_played_between_the_rows():
    record = read_log(decision_log(), QUIET, "hand.dec")
    done = replay(dict(record.tags), [r.item for r in record.rows], None)
    plays = [line for line in done.lines if "\t" in line]
    assert plays[1].startswith("Try\tkick good\t7-0 Comets\t")
    assert plays[2].startswith("Kickoff\tto -3, ") and "touchback" not in plays[2]
    assert "\trun " in plays[3] and not plays[3].startswith("1 & 10 @ 20\t")
    assert len(plays) == 4
    assert done.rows[done.lines.index(plays[2])] == 7        # the try's row holds the kick
    assert _findings(QUIET) == [(8, "CB-DEC-002", "nothing", "shotgun")]


def test_a_log_ending_on_a_try_plays_the_kickoff_after_it():
    text = QUIET.replace("run shotgun\n", "")
    record = read_log(decision_log(), text, "hand.dec")
    done = replay(dict(record.tags), [r.item for r in record.rows], None)
    plays = [line for line in done.lines if "\t" in line]
    assert len(plays) == 3 and plays[2].startswith("Kickoff\tto -3, ")
