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

from printkit_engine.blowout.decks import Card
from printkit_engine.blowout.rules import FIELD, Rules, load_rules
from printkit_engine.odds import OddsTable, Row
from printkit_engine.oddsmath import exact

PASS, RUN, DEFENSIVE_PLAY, KICK = "pass", "run", "defensive_play", "kick"


def _copies(cards: tuple[Card, ...], kind: str) -> list[Card]:
    return [c for c in cards for _ in range(c.count) if c.type.key == kind]


def play_yards(offense: Card, defense: Card) -> int:
    """Yards of one snap: the difference, but a PASS never loses yards."""
    net = (offense.yards or 0) + (defense.yards or 0)        # defensive yards are negative
    return max(0, net) if offense.type.key == PASS else net


def _against(offense: list[Card], defense: list[Card],
             first_down: int) -> tuple[Fraction, ...]:
    pairs = [(o, d) for o in offense for d in defense]
    n = len(pairs)
    gains = [play_yards(o, d) for o, d in pairs]
    return (Fraction(sum(gains), n), Fraction(sum(g > 0 for g in gains), n),
            Fraction(sum(g == 0 for g in gains), n), Fraction(sum(g < 0 for g in gains), n),
            Fraction(sum(g >= first_down for g in gains), n))


def _columns(rules: Rules) -> tuple[str, ...]:
    """The yards columns; the last is a first down's worth ("FIRST DOWN marker on the 30"
    from the 20: `field.first_down` yards)."""
    return ("average yards", "gain", "no gain", "loss", f"{rules.field.first_down}+ yards")


def yards_table(rules: Rules) -> OddsTable:
    decks = rules.decks
    defense = _copies(decks.deck("defense").cards, DEFENSIVE_PLAY)
    offense = decks.deck("offense").cards
    first = rules.field.first_down
    rows: list[Row] = [
        (decks.types[kind].title, *map(exact, _against(_copies(offense, kind), defense, first)))
        for kind in (RUN, PASS)]
    return OddsTable(
        key="yards", title="Yards per play: a random RUN or PASS against a random DEFENSIVE PLAY",
        columns=("play", *_columns(rules)), rows=tuple(rows),
        note=("Every copy in the deck lists counts once; penalties, turnovers, sacks and "
              "challenges are left out (they replace the comparison)."))


def by_card_table(rules: Rules) -> OddsTable:
    decks = rules.decks
    defense = _copies(decks.deck("defense").cards, DEFENSIVE_PLAY)
    first = rules.field.first_down
    rows: list[Row] = [(c.code, c.type.title, str(c.yards),
                        *map(exact, _against([c], defense, first)))
                       for c in decks.deck("offense").cards if c.type.key in (RUN, PASS)]
    return OddsTable(
        key="by-card", title="Each RUN and PASS card against a random DEFENSIVE PLAY",
        columns=("code", "card", "yards gained", *_columns(rules)), rows=tuple(rows))


def field_goal_table(rules: Rules) -> OddsTable:
    """A field goal's odds from each yard line of FIELD GOAL range (B8: on or inside the
    opponent's `field.red_line`; a SPECIAL TEAMS card played further out is a punt, so no
    other line has field-goal odds)."""
    kicks = _copies(rules.decks.deck("special").cards, KICK)
    rows = []
    for line in (n for n in range(1, FIELD) if rules.in_range(n)):
        need = rules.to_back_of_end_zone(line)
        good = Fraction(sum((k.yards or 0) > need for k in kicks), len(kicks))
        rows.append((str(line), str(need + 1), exact(good)))
    return OddsTable(
        key="field-goal", title="Field goal: a random SPECIAL TEAMS card by yard line",
        columns=("yard line", "kick yards needed", "good"), rows=tuple(rows),
        note=(f"FIELD GOAL range: on or inside the opponent's {rules.field.red_line} (further "
              f"out a SPECIAL TEAMS card is a punt). Good when KICK YARDS is more than the "
              f"distance to the back of the end zone (yard line + {rules.field.end_zone}); "
              f"every SPECIAL TEAMS copy counts once."))


def tables(rules: Rules | None = None) -> list[OddsTable]:
    """The odds tables of `printkit odds blowout` and the reference card, from `rules` (the
    shipped rules when None: a player's --rules file moves the red line, the end zone)."""
    rules = rules if rules is not None else load_rules(None)
    return [yards_table(rules), by_card_table(rules), field_goal_table(rules)]
