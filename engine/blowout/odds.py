"""BLOWOUT!!!'s odds, exact: a card played against a card, counted over the deck lists.

The rules compare YARDS GAINED with YARDS LOST ("If YARDS GAINED is higher, OFFENSE gains
yards equal to the difference ... unless it is a PASS play. Then, OFFENSE loses 0 yards") and
a field goal is good "If the KICK YARDS is more than the distance to the back of the END
ZONE". Players choose their cards from a hand, so these tables answer "what does a card of
this kind do against a defensive play drawn at random", every copy in decks.toml counted once
(engine/blowout/decks.py); nothing here is retyped from the lists.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from engine.blowout.decks import Card, Decks, load_decks
from engine.odds import OddsTable, Row
from engine.oddsmath import exact

FIRST_DOWN = 10          # "FIRST DOWN marker on the 30" from the 20: ten yards to go
END_ZONE = 10            # "the back of the END ZONE (GOAL LINE plus 10 yards)"
PASS, RUN, DEFENSIVE_PLAY, KICK = "pass", "run", "defensive_play", "kick"


def _copies(cards: tuple[Card, ...], kind: str) -> list[Card]:
    return [c for c in cards for _ in range(c.count) if c.type.key == kind]


def play_yards(offense: Card, defense: Card) -> int:
    """Yards of one snap: the difference, but a PASS never loses yards."""
    net = (offense.yards or 0) + (defense.yards or 0)        # defensive yards are negative
    return max(0, net) if offense.type.key == PASS else net


def _against(offense: list[Card], defense: list[Card]) -> tuple[Fraction, ...]:
    pairs = [(o, d) for o in offense for d in defense]
    n = len(pairs)
    gains = [play_yards(o, d) for o, d in pairs]
    return (Fraction(sum(gains), n), Fraction(sum(g > 0 for g in gains), n),
            Fraction(sum(g == 0 for g in gains), n), Fraction(sum(g < 0 for g in gains), n),
            Fraction(sum(g >= FIRST_DOWN for g in gains), n))


COLUMNS = ("average yards", "gain", "no gain", "loss", f"{FIRST_DOWN}+ yards")


def yards_table(decks: Decks) -> OddsTable:
    defense = _copies(decks.deck("defense").cards, DEFENSIVE_PLAY)
    offense = decks.deck("offense").cards
    rows: list[Row] = [
        (decks.types[kind].title, *map(exact, _against(_copies(offense, kind), defense)))
        for kind in (RUN, PASS)]
    return OddsTable(
        key="yards", title="Yards per play: a random RUN or PASS against a random DEFENSIVE PLAY",
        columns=("play", *COLUMNS), rows=tuple(rows),
        note=("Every copy in the deck lists counts once; penalties, turnovers, sacks and "
              "challenges are left out (they replace the comparison)."))


def by_card_table(decks: Decks) -> OddsTable:
    defense = _copies(decks.deck("defense").cards, DEFENSIVE_PLAY)
    rows: list[Row] = [(c.code, c.type.title, str(c.yards), *map(exact, _against([c], defense)))
                       for c in decks.deck("offense").cards if c.type.key in (RUN, PASS)]
    return OddsTable(
        key="by-card", title="Each RUN and PASS card against a random DEFENSIVE PLAY",
        columns=("code", "card", "yards gained", *COLUMNS), rows=tuple(rows))


def field_goal_table(decks: Decks) -> OddsTable:
    kicks = _copies(decks.deck("special").cards, KICK)
    longest = max(k.yards or 0 for k in kicks)
    rows = []
    for line in range(1, longest - END_ZONE + 1):
        need = line + END_ZONE
        good = Fraction(sum((k.yards or 0) > need for k in kicks), len(kicks))
        rows.append((str(line), str(need + 1), exact(good)))
    return OddsTable(
        key="field-goal", title="Field goal: a random SPECIAL TEAMS card by yard line",
        columns=("yard line", "kick yards needed", "good"), rows=tuple(rows),
        note=(f"Good when KICK YARDS is more than the distance to the back of the end zone "
              f"(yard line + {END_ZONE}); every SPECIAL TEAMS copy counts once."))


def tables(rules: Any = None) -> list[OddsTable]:
    decks = load_decks()
    return [yards_table(decks), by_card_table(decks), field_goal_table(decks)]
