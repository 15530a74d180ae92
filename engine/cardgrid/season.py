"""Season figures of one grid-game record, read from its text (`printkit odds cardgrid
--simulate N`): each passage line is a play and a drive (the side in possession at its start
has the ball until the passage ends), a scoring drive one whose outcome scores (a try, a
conversion, a field goal, a penalty goal), the points the final running score.
"""

from __future__ import annotations

from printkit_engine.cardgrid.notation import Entry, parse
from printkit_engine.odds import GameStats


def game_stats(text: str) -> GameStats:
    entries = [r.item for r in parse(text, "<simulated>").rows if isinstance(r.item, Entry)]
    passages = [e for e in entries if e.kind == "passage" and e.outcome is not None]
    scoring = [e for e in passages if e.outcome is not None and e.outcome.scores]
    points = 0
    for e in scoring:
        assert e.outcome is not None
        _, home, away = e.outcome.scores[-1]
        points = home + away
    return GameStats(plays=len(passages), points=points, drives=len(passages),
                     scoring_drives=len(scoring))
