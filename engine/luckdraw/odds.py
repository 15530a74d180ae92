"""Luck of the Draw's odds, exact: where one game card lands in a drive's deal.

The deal (engine/luckdraw/deal.py, docs/rules/luckdraw.md L1-L3) gives the Quarterback its
fixed cards, then shuffles the rest and cuts them into the QB's extra cards, equal hands for
the other players and the sidelines. Every other card is equally likely to land in any of
those places, so each chance is a count over the cards left after the QB's fixed ones.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from printkit_engine.luckdraw.cards import MAX_PLAYERS, MIN_PLAYERS
from printkit_engine.luckdraw.deal import DECK_SIZE, deal_shape
from printkit_engine.odds import OddsTable
from printkit_engine.oddsmath import exact


def deal_table() -> OddsTable:
    rows = []
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        shape = deal_shape(players)
        shuffled = DECK_SIZE - shape.qb_fixed
        rows.append((str(players), str(shape.hand), str(shape.qb_fixed),
                     exact(Fraction(shape.hand, shuffled)),
                     exact(Fraction(shape.qb_extra, shuffled)),
                     exact(Fraction(shape.sidelines, shuffled))))
    return OddsTable(
        key="deal", title="Where a shuffled game card lands, by number of players",
        columns=("players", "hand", "QB fixed cards", "a given player (not QB)", "the QB",
                 "sidelines"),
        rows=tuple(rows),
        note=(f"Of the {DECK_SIZE} game cards the QB's fixed cards are not shuffled; each other "
              "card is equally likely to be any of the shuffled places."))


def tables(rules: Any = None) -> list[OddsTable]:
    return [deal_table()]
