"""Season figures of one PostCard record, read from the text the bots wrote (the same text
`printkit verify` reads): plays, points and drives.

A play is a line that writes the state after it (`{H 1&10 H25 ...}`), the coin toss aside: a
play of several lines (pass, again, pressure, catch, run...) writes it once, at its end. A
drive is a run of those states with one team on offense (scrimmage downs and tries; kickoff and
safety-kick states name the kicking team and do not start a drive); it ended in a score when
that team's score grew before the ball changed hands (a touchdown, its try, a field goal).
"""

from __future__ import annotations

from printkit_engine.odds import GameStats
from printkit_engine.postcard.notation import lines, parse
from printkit_engine.postcard.rules import load_rules
from printkit_engine.postcard.state import TRY
from printkit_engine.postcard.statenote import WORD_PHASES

SIDES = ("H", "A")


def game_stats(text: str) -> GameStats:
    record = parse(text, "<simulated>", load_rules())
    notes = [line.note for line in lines(record) if line.note is not None and line.verb != "toss"]
    plays = len(notes)
    score = (0, 0)
    drives = scoring = 0
    team: str | None = None
    start = (0, 0)
    for note in notes:
        phase = WORD_PHASES.get(note.phase) if note.phase else None
        on_offense = note.ball in SIDES and (note.phase is None or phase == TRY)
        if on_offense and note.ball != team:
            if team is not None:
                drives += 1
                scoring += _scored(team, start, score)
            team, start = note.ball, score
        if note.score is not None:
            score = note.score
    if team is not None:
        drives += 1
        scoring += _scored(team, start, score)
    return GameStats(plays=plays, points=sum(score), drives=drives, scoring_drives=scoring)


def _scored(team: str, before: tuple[int, int], after: tuple[int, int]) -> int:
    i = SIDES.index(team)
    return int(after[i] > before[i])
