"""Season figures of one Luck of the Draw transcript, read from its text (`printkit odds
luckdraw --simulate N`): the scoring events ticked (the game's plays: a transcript writes the
broadcast's events against the cards, not every snap), the points the players made (the last
running totals), the drives, and the drives in which the broadcast's offence scored (a
touchdown or a field goal made, whoever held the card).
"""

from __future__ import annotations

from printkit_engine.luckdraw.notation import Drive, Score, Totals, read
from printkit_engine.luckdraw.rules import load_rules
from printkit_engine.odds import GameStats

SCORING = ("td", "made")          # the event words of a touchdown and of a field goal made


def game_stats(text: str) -> GameStats:
    entries = read(text, "<simulated>", load_rules()).entries
    events = [e for e in entries if isinstance(e, Score)]
    totals = [e for e in entries if isinstance(e, Totals)]
    drives = scoring = 0
    scored = False
    for e in entries:
        if isinstance(e, Drive):
            drives += 1
            scoring += scored
            scored = False
        elif isinstance(e, Score) and e.words[0] in SCORING:
            scored = True
    points = sum(total for _, total in totals[-1].totals) if totals else 0
    return GameStats(plays=len(events), points=points, drives=drives,
                     scoring_drives=scoring + scored)
