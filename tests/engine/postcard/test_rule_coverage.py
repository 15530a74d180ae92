"""Every PostCard rule id (docs/notation.md) has a hand-written clean record that exercises its
situation and a hand-written slip whose one finding is typed here by hand: line, rule,
expected, found. The expected values are read off the clean record (the value the slip
replaced) or worked out from the rules text and rules.toml, never from a run of the verifier.

A slip is the clean record with one edit `(line, old, new)` (or a line appended), or a slipped
record of its own under records/slips/ with its `; expect:` line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printkit_engine.postcard.verify import verify_text

ROOT = Path(__file__).parents[3]
RECORDS = Path(__file__).parent / "records"
CLEAN = {"game": ROOT / "examples/game.rec", **{p.stem: p for p in
                                                 sorted((RECORDS / "clean").glob("*.rec"))}}
APPEND = 0

# rule id: (clean record exercising it, slipped source, edit, (line, expected, found))
#   game  = examples/game.rec (seeded, a whole game: kicks, tries, a safety, the end phase)
#   drive = a drive with a sack and a punt; fake = a surprise fake on 4th down;
#   knee  = a knee in the end of game phase
TABLE: dict[str, tuple[str, str, tuple[int, str, str] | None, tuple[int, str, str]]] = {
    # with the Seed tag, home's 2nd draw is a 2 (the book's die, used for the rest)
    "PC-DRAW-001": ("game", "game", (11, "run H2 A2", "run H3 A2"), (11, "H2", "H3")),
    "PC-ROLL-001": ("drive", "drive", (16, "pressure H2", "pressure A2"), (16, "Hd", "A2")),
    "PC-ROLL-002": ("drive", "drive", (14, "A3 H3", "A3 H7"), (14, "1-6", "H7")),
    "PC-SEQ-001": ("drive", "drive", (16, "pressure H2 = L3", "catch A5 = +15"),
                   (16, "pressure", "catch")),
    # a safety kick has no block Challenge, so no outcome
    "PC-SEQ-002": ("game", "game", (75, "punt 55", "punt 55 = ok"), (75, "nothing", "ok")),
    "PC-SEQ-003": ("game", "game", (APPEND, "", "knee"), (123, "no more lines", "knee")),
    # 3 beats 6 with one star as 5 does: the same rush, with a passing strategy
    "PC-PICK-001": ("drive", "game", (16, "rush 5v6", "rush 3v6"), (16, "pass", "rush")),
    "PC-PICK-002": ("fake", "fake", (15, "rush A3 H4", "rush 6v6 A3 H4"), (15, "none", "6v6")),
    # H5 beats A2: Home; written Away (the winner chooses, so Home may still kick off)
    "PC-TOSS-001": ("drive", "drive", (9, "A2 = H", "A2 = A"), (9, "H", "A")),
    "PC-RUSH-001": ("drive", "drive", (12, "= +15", "= +10"), (12, "+15", "+10")),
    # 3v2: 2 beats 3, Away's 2 stars: 6 - (3 + 2) = +1 (level 1 either way)
    "PC-PASS-001": ("drive", "game", (92, "= +1", "= +2"), (92, "+1", "+2")),
    "PC-PASS-002": ("drive", "game", (19, "again H2 = +2", "again H2 = +3"), (19, "+2", "+3")),
    "PC-PASS-003": ("drive", "game", (20, "= L1", "= L2"), (20, "L1", "L2")),
    "PC-PASS-004": ("drive", "game", (21, "catch H3 = +10", "catch H3 = +15"),
                    (21, "+10", "+15")),
    "PC-PASS-005": ("game", "game", (95, "intercept A5 = inc", "intercept A5 = int"),
                    (95, "inc", "int")),
    "PC-PASS-006": ("game", "game", (101, "ground H6+1 = inc", "ground H6+1 = grounding"),
                    (101, "inc", "grounding")),
    # 3 + 4 = 7: no strip (11-12)
    "PC-PASS-007": ("drive", "drive", (21, "= held", "= fumble"), (21, "held", "fumble")),
    "PC-RUN-001": ("drive", "game", (12, "run H6 A3 = +15", "run H6 A3 = +10"),
                   (12, "+15", "+10")),
    "PC-FUM-001": ("game", "game", (99, "A4 = H", "A4 = A"), (99, "H", "A")),
    # 5 - 2 = +3, above the block line (-5)
    "PC-KICK-001": ("drive", "drive", (23, "= ok", "= blocked"), (23, "ok", "blocked")),
    # 3 + 5 = 8, inside 5-9 for a 40-yard punt
    "PC-KICK-002": ("drive", "drive", (24, "= on", "= short 1"), (24, "on", "short 1")),
    "PC-KICK-003": ("game", "fg_out_of_range", None,
                    (16, "a kick from the 10 to the 50", "a kick from the 85")),
    "PC-KICK-004": ("drive", "drive", (23, "punt 40", "punt 42"), (23, "20-70 by 5", "42")),
    "PC-KICK-005": ("drive", "punt_first_down", None, (12, "4th down", "1st down")),
    # kickoff die 4: into the end zone, a touchback or a run, no fair catch
    "PC-KICK-006": ("drive", "drive", (11, "touchback", "fair"), (11, "touchback", "fair")),
    # Away 4 beats Home 2: a surprise fake, +2
    "PC-KICK-007": ("fake", "fake", (14, "= +2", "= +0"), (14, "+2", "+0")),
    # Home scored the extra point: Home kicks off
    "PC-KICK-008": ("game", "game", (26, "kickoff H", "kickoff A"), (26, "H", "A")),
    "PC-TRY-001": ("game", "game", (23, "try 1", "try 3"), (23, "1 or 2", "3")),
    "PC-KNEE-001": ("knee", "drive", (APPEND, "", "knee"), (26, "a play", "knee")),
    # drive has no Team Skill tags; A1/4: a re-roll (the 1 re-rolled gives no bonus)
    "PC-SKILL-001": ("game", "drive", (12, "A4 H2", "A1/4 H2"), (12, "offense-rushing", "none")),
    "PC-SKILL-002": ("game", "drive", (16, "pressure H2", "pressure H1/2"),
                     (16, "one die", "pressure")),
    "PC-BONUS-001": ("game", "drive", (14, "A3 H3", "A3+2 H3"), (14, "at most 0", "+2")),
    # Away holds 3 bonuses; none may go on a kick's block Challenge
    "PC-BONUS-002": ("game", "game", (24, "fg H3 A3", "fg H3 A3+1"), (24, "no bonus", "+1")),
    "PC-BONUS-003": ("drive", "drive", (13, "B0/0}", "B1/0}"), (13, "B0/0", "B1/0")),
    "PC-BONUS-004": ("drive", "drive", (13, "B0/0}", "B5/0}"), (13, "B0/0", "B5/0")),
    "PC-TIME-001": ("game", "game", (49, "T0/3", "T0/2"), (49, "T0/3", "T0/2")),
    # the missed field goal costs Away a circle; T0/3 says it crossed its own end zone's
    "PC-TIME-002": ("game", "game", (49, "= miss AxA", "= miss"), (49, "AxA", "nothing")),
    "PC-TIME-003": ("game", "game", (16, "= stop", "= stop AxA"), (16, "nothing", "AxA")),
    # T1/7: the Away end zone has no circle left, the Home one has
    "PC-TIME-004": ("game", "game", (83, "stop AxH", "stop AxA"), (83, "AxH", "AxA")),
    "PC-TIME-005": ("game", "game", (112, "F2", "F3"), (112, "F2", "F3")),
    "PC-PLAY-001": ("drive", "drive", (19, "P1/2", "P1/1"), (19, "P1/2", "P1/1")),
    "PC-PHASE-001": ("game", "game", (25, "{H KO 7-0", "{H 1&10 7-0"), (25, "KO", "1&10")),
    "PC-POSS-001": ("drive", "drive", (13, "{A 1&10 A40", "{H 1&10 A40"), (13, "A", "H")),
    "PC-SPOT-001": ("drive", "drive", (13, "A40", "A35"), (13, "A40", "A35")),
    "PC-DOWN-001": ("drive", "drive", (19, "{A 2&10", "{A 3&10"), (19, "2", "3")),
    "PC-DOWN-002": ("drive", "drive", (19, "{A 2&10", "{A 2&5"), (19, "10", "5")),
    "PC-SACK-001": ("drive", "drive", (19, "B0/0}", "B0/0 sack}"), (19, "none", "sack")),
    "PC-SCORE-001": ("game", "game", (25, "7-0", "6-0"), (25, "7-0", "6-0")),
    "PC-SCORE-002": ("game", "game", (12, "= +15", "= +15 TD"), (12, "no TD", "TD")),
    "PC-SCORE-003": ("game", "game", (12, "= +15", "= +15 safety"), (12, "no safety", "safety")),
    # unseeded: the die has no draw to stand for; the state after it agrees with a 4
    "PC-DRAW-002": ("drive", "drive", (12, "A4 H2", "A? H2"), (12, "a die 1 to 6", "A?")),
    # the pressure roll left out (a comment in its place): Away's next draw is its 1
    "PC-SEQ-004": ("game", "game", (20, "pressure A1 = L1", "; left out"),
                   (21, "pressure A1", "catch")),
    "PC-TAG-001": ("drive", "drive", (2, '"postcard"', '"cardbowl"'), (2, "postcard", "cardbowl")),
    # drive makes no re-roll: a skill read as none changes nothing else
    "PC-TAG-002": ("game", "drive", (5, '[Date "2026-11-22"]', '[HomeSkill "kicking"]'),
                   (5, "offense-rushing, offense-passing, defense-rushing, defense-passing, "
                       "none", "kicking")),
    "PC-TAG-003": ("game", "game", (2, '"example-0001"', '""'), (2, "a seed", '""')),
    "PC-END-001": ("game", "game", (7, '"20-16"', '"16-20"'), (7, "20-16", "16-20")),
    "PC-END-002": ("game", "drive", (6, '"*"', '"0-0"'),
                   (25, "the game played to its end", "no more lines")),
}


def documented() -> list[str]:
    text = (ROOT / "docs/notation.md").read_text(encoding="utf-8")
    return sorted(set(re.findall(r"^\| `(PC-[A-Z]+-\d{3})` \|", text, re.M)))


def slipped(source: str, edit: tuple[int, str, str] | None) -> str:
    if edit is None:
        return (RECORDS / "slips" / f"{source}.rec").read_text(encoding="utf-8")
    lines = CLEAN[source].read_text(encoding="utf-8").splitlines()
    number, old, new = edit
    if number == APPEND:
        lines.append(new)
    else:
        assert old in lines[number - 1], lines[number - 1]
        lines[number - 1] = lines[number - 1].replace(old, new, 1)
    return "\n".join(lines) + "\n"


def test_every_documented_rule_id_is_in_the_table():
    assert documented() == sorted(TABLE)


@pytest.mark.parametrize("name", sorted(CLEAN))
def test_clean_records_verify_clean(name):
    report = verify_text(CLEAN[name].read_text(encoding="utf-8"), name)
    assert report.clean, report.to_text()


@pytest.mark.parametrize("rule", sorted(TABLE))
def test_one_slip_gives_its_one_finding(rule):
    _, source, edit, (line, expected, found) = TABLE[rule]
    got = [(f.line, f.rule, f.expected, f.found)
           for f in verify_text(slipped(source, edit), "slip.rec").sorted_findings()]
    assert got == [(line, rule, expected, found)]


@pytest.mark.parametrize("path", sorted((RECORDS / "slips").glob("*.rec")), ids=lambda p: p.stem)
def test_slip_files_state_their_finding(path):
    """A slipped record's own `; expect:` line says the same as the table."""
    m = re.search(r"^; expect: (\d+) (PC-[A-Z]+-\d{3}) \(expected (.*), found (.*)\)$",
                  path.read_text(encoding="utf-8"), re.M)
    assert m
    _, source, edit, want = TABLE[m[2]]
    assert (source, edit) == (path.stem, None)
    assert (int(m[1]), m[3], m[4]) == want
