"""Season figures of simulated games as an odds table (`printkit odds GAME --simulate N`).

Each game's record is read back by its game's `Bots.stats` into a printkit_engine.odds.GameStats;
the figures are Monte Carlo estimates over the N games: means with a normal 95% interval, and the
share of drives ending in a score with a 95% Wilson interval over all drives (drives of one game are
pooled, so the interval is a little narrower than a per-game one would be).
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit_engine.odds import GameStats, OddsTable
from printkit_engine.oddsmath import estimate, mean_interval, wilson


def season_table(stats: Sequence[GameStats], seed: str) -> OddsTable:
    n = len(stats)
    rows = []
    for label, values in (("plays per game", [s.plays for s in stats]),
                          ("points per game", [s.points for s in stats]),
                          ("drives per game", [s.drives for s in stats])):
        mean, interval = mean_interval(values)
        rows.append((label, estimate(mean, interval, n)))
    drives = sum(s.drives for s in stats)
    if drives:
        share, interval = wilson(sum(s.scoring_drives for s in stats), drives)
        rows.append(("share of drives ending in a score", estimate(share, interval, drives)))
    return OddsTable(
        key="season", title=f"Season figures of {n} bot game{'s' if n != 1 else ''}",
        columns=("figure", "estimate"), rows=tuple(rows),
        note=(f"Seeded bots, game k played with seed {seed}-000k (the play book for that seed "
              "shows its draws); 95% intervals: normal for means, Wilson for the share."))
