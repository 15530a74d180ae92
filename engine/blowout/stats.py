"""Balance figures of BLOWOUT!!! games, computed from record text alone.

`figures(texts)` reads records (any source: bots or hand-written) and counts what the
rules discussion in docs/rules/blowout.md reports: yards per play (RUN and PASS apart), snaps
per period, points per game, the share of drives that score and of series that make a
first down. Only the written lines are read, never the engine's state, so the figures are also
a check on what simulated records say.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from printkit_engine.blowout.notation import Record, parse
from printkit_engine.blowout.rules import Rules, load_rules
from printkit_engine.odds import GameStats


@dataclass
class Figures:
    games: int = 0
    snaps: int = 0
    periods: int = 0
    points: int = 0
    drives: int = 0
    scoring_drives: int = 0
    series: int = 0                 # sets of downs (a first down or a new possession starts one)
    first_downs: int = 0            # series that ended in a FIRST DOWN or a touchdown
    yards: dict[str, list[int]] = field(default_factory=lambda: {"run": [], "pass": []})

    def mean(self, kind: str) -> float:
        ys = self.yards[kind]
        return sum(ys) / len(ys) if ys else 0.0

    @property
    def plays(self) -> int:
        return sum(len(v) for v in self.yards.values())

    def table(self) -> list[tuple[str, str]]:
        g = max(self.games, 1)
        return [
            ("games", f"{self.games}"),
            ("yards per play (RUN and PASS snaps)",
             f"{(sum(map(sum, self.yards.values())) / max(self.plays, 1)):.1f}"),
            ("yards per RUN", f"{self.mean('run'):.1f}"),
            ("yards per PASS", f"{self.mean('pass'):.1f}"),
            ("share of RUN among RUN and PASS snaps",
             f"{len(self.yards['run']) / max(self.plays, 1):.0%}"),
            ("snaps per period", f"{self.snaps / max(self.periods, 1):.1f}"),
            ("points per game (both teams)", f"{self.points / g:.1f}"),
            ("drives per game", f"{self.drives / g:.1f}"),
            ("share of drives scoring", f"{self.scoring_drives / max(self.drives, 1):.0%}"),
            ("share of series gaining a first down or touchdown",
             f"{self.first_downs / max(self.series, 1):.0%}"),
        ]


def add(fig: Figures, record: Record, rules: Rules) -> None:
    """Count one record into `fig`."""
    fig.games += 1
    prev_score = (0, 0)
    periods: set[str] = set()
    ball = ""
    to_go = 0
    for line in record.items:
        periods.add(line.period)
        fig.snaps += 1
        w = line.state
        kind = rules.kind("offense", line.offense)
        if kind in ("run", "pass") and line.response is None and \
                line.defense in {c.code for c in rules.decks.deck("defense").cards
                                 if c.type.key == "defensive_play"}:
            fig.yards[kind].append(line.yards)
        if line.side != ball:
            fig.drives += 1
            fig.series += 1
            ball = line.side
            to_go = rules.field.first_down
        gained = [w.score[i] - prev_score[i] for i in (0, 1)]
        mine = 0 if line.side == "H" else 1
        if gained[mine] > 0:
            fig.scoring_drives += 1
            fig.first_downs += 1
        elif w.ball == line.side and w.down == 1 and line.yards >= to_go:
            fig.first_downs += 1
            fig.series += 1
        to_go = w.to_go
        fig.points += sum(gained)
        prev_score = w.score
        if w.ball != line.side:
            ball = ""
    fig.periods += len(periods)


def figures(texts: Iterable[str], rules: Rules | None = None) -> Figures:
    rules = rules or load_rules()
    fig = Figures()
    for text in texts:
        add(fig, parse(text, "<record>", rules), rules)
    return fig


def game_stats(text: str) -> GameStats:
    """One record's season figures (`printkit odds blowout --simulate N`): snaps, points,
    drives and scoring drives, counted as :func:`add` counts them for the balance table."""
    rules = load_rules()
    fig = Figures()
    add(fig, parse(text, "<simulated>", rules), rules)
    return GameStats(plays=fig.snaps, points=fig.points, drives=fig.drives,
                     scoring_drives=fig.scoring_drives)
