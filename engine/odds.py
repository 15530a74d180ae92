"""Odds as data: the tables `printkit odds`, the reference cards and docs/odds.md show.

Each game with odds has ``engine/<game>/odds.py: tables(rules) -> list[OddsTable]`` (named
on its game object as ``odds=Lazy(...)``). A table says how each figure was computed, so a
reader can tell an exact probability from an estimate: ``exact`` figures come from
enumeration, convolution or draws without replacement; ``monte carlo`` figures carry their
sample size and a 95% interval. The printing side (text, JSON, CSV, plots, the reference
cards) only formats these objects; it never computes a probability itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

EXACT = "exact"
MONTE_CARLO = "monte carlo"


@dataclass(frozen=True)
class Figure:
    """One number: a probability (0-1) or an expectation, and how it was found.

    `exact` keeps the fraction when there is one (a card count over a deck), so JSON and
    docs can show "5/13" beside 0.3846. `interval` is the 95% interval of a Monte Carlo
    estimate over `samples` trials; both are None for an exact figure.
    """

    value: float
    method: str = EXACT
    exact: Fraction | None = None
    interval: tuple[float, float] | None = None
    samples: int | None = None

    def __post_init__(self) -> None:
        if self.method not in (EXACT, MONTE_CARLO):
            raise ValueError(f"unknown odds method {self.method!r}")
        if self.method == MONTE_CARLO and (self.interval is None or not self.samples):
            raise ValueError("a Monte Carlo figure needs its interval and sample size")


Row = tuple[str | Figure, ...]       # an OddsTable row: its labels, then its figures


@dataclass(frozen=True)
class OddsTable:
    """One question answered as a table: `key` is what a user types (`printkit odds GAME
    KEY`), `columns` name the row's label cells then its figures, each row holds the labels
    (str) followed by Figures. `claims` pair a sentence the rules text makes about its own
    odds with the row label that checks it (docs/odds.md lists them)."""

    key: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    note: str = ""
    claims: tuple[tuple[str, str], ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class GameStats:
    """What one simulated game's record says about its season figures (`printkit odds GAME
    --simulate N` averages these over N games): plays run, points scored by both teams, and
    drives (possessions) and how many of them ended in a score for the team with the ball."""

    plays: int
    points: int
    drives: int
    scoring_drives: int
    # a game's own counts beyond these (name, value), for a table of the rules' claims about
    # a whole game (Card Bowl: plays per quarter, open-field runs...; `Bots.claims`)
    counts: tuple[tuple[str, float], ...] = ()

    def count(self, name: str) -> float:
        return dict(self.counts).get(name, 0)
