"""BLOWOUT!!!'s bubble grammar: a snap line (docs/notation.md, BLOWOUT!!!) as shaded bubbles.

A snap is two rows of bubbles, in the order the line is written: the snap (the period, the
side on OFFENSE, the OFFENSE or SPECIAL TEAMS card, the DEFENSE card, a response card with the
side that played it, the yards: a whole row) and the state after it (side with the ball, down
& to go, ball on: under half a row). So a band holds two snaps in three rows (`BAND`): snap 1
on top, snap 2 at the bottom, and between them the two states side by side, each behind an
arrow pointing to its snap (the state after the snap above, the state after the snap below).
The score is left to the verifier, which keeps it from the snaps (a state may leave it off,
docs/notation.md), so nobody adds up a running score in bubbles; the header's Result is the
final score. Bubbles no record can shade are left off: a number's leading 0, a Result's
hundreds but 1, yards of 100 or more (B16, docs/rules/blowout.md).

A card is its letter and its yards (`R` and `70` for R70: two bubbles, not one of forty), or
one bubble for a named card (DP-OFS, INT, SACK...). The letters, the yards and the names come
from the decks (decks.toml) and the periods, downs and game lengths from the rules data, so
another deck list gets matching bubbles.

The header holds the `Length` tag (quarter, halves, full; left blank it is read as the full
game) and the `Result`; seed, teams and match travel in the sheet's QR code.

Not on the sheet: comments (a whole `;` line, or one after the state: `--from` shades the snap
and leaves its comment off) and spacing or letter case other than the notation's own (one
space between fields, capitals), which `--from` refuses with the line's number.
"""

from __future__ import annotations

import re
from functools import cache

from printkit_engine.blowout.decks import Card
from printkit_engine.blowout.notation import DEFAULT_LENGTH, LENGTH_TAG
from printkit_engine.blowout.rules import FIELD, Rules, load_rules
from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot, number_part
from printkit_engine.game import Lazy

SIDES = ("H", "A")
OVERTIME = "OT"
# What may come between the state and a `;` comment (one form each: a comment is left off).
GAPS = ("", *(" " * n for n in range(1, 13)), *("\t" * n for n in range(1, 4)))
SCORE_WORD = re.compile(r"\d{1,3}-\d{1,3}")
OVERTIMES = 9                  # OT1..OT9 on the sheet (the first score ends an overtime)
TOP_SCORE = 199                # a side's score on the sheet: 0-199 (a full game scores ~100)
# Two letters inside a named card's bubble (the legend spells each out from the decks); a
# code not listed shows its first two letters.
SHORT = {"DP-OFS": "OF", "DP-PI": "PI", "DP-HLD": "HO", "CHAL": "CH", "OP-DOG": "DG",
         "OP-OFS": "OF", "INT": "IN", "FUM": "FU", "SACK": "SK"}


def _letter(card: Card) -> str:
    """`R` of R70: a valued card's code is its letter then its yards (checked)."""
    yards = str(abs(card.yards or 0))
    if not card.code.endswith(yards) or len(card.code) == len(yards):
        raise ValueError(f"card {card.code}: a valued card's code must be a letter and its "
                         f"yards ({yards})")
    return card.code[:-len(yards)]


def _cards(rules: Rules, decks: tuple[str, ...]) -> list[Card]:
    seen: dict[str, Card] = {}
    for deck in decks:
        for card in rules.decks.deck(deck).cards:
            seen.setdefault(card.code, card)
    return list(seen.values())


def _card_slot(name: str, title: str, cards: list[Card]) -> Slot:
    """Letter or named card, then the yards (one bubble per value the decks hold)."""
    letters = tuple(dict.fromkeys(_letter(c) for c in cards if c.yards is not None))
    named = tuple(c.code for c in cards if c.yards is None)
    yards = tuple(str(v) for v in sorted({abs(c.yards) for c in cards if c.yards is not None}))
    return Slot(name, (Part("card", letters + named,
                            labels=letters + tuple(SHORT.get(c, c[:2]) for c in named)),
                       Part("yards", yards)), title=title)


def _periods(rules: Rules) -> tuple[str, ...]:
    names = (length.period_name(k) for length in rules.lengths.values()
             for k in range(1, length.periods + 1))
    return tuple(sorted(set(names), key=lambda p: (p[0].isdigit(), p)))


def _is_score(word: str) -> bool:
    """A state's score (`12-0`): the one word the sheet leaves off a state."""
    return SCORE_WORD.fullmatch(word) is not None


def _period_slot(rules: Rules) -> Slot:
    """A period is a word and, when the word is numbered, its number: Q and 3 for Q3, OT and
    2 for OT2, 1H alone. One number column serves the quarters and the overtimes (three
    bubbles fewer than a bubble for each quarter: a band of two rows needs them)."""
    words: dict[str, None] = {}
    top = OVERTIMES
    for name in _periods(rules):
        word = name.rstrip("0123456789")
        if word and word != name:                  # Q3: the word Q, the number 3
            top = max(top, int(name[len(word):]))
        else:                                      # 1H: a word of its own
            word = name
        words[word] = None
    words[OVERTIME] = None
    return Slot("period", (Part("period", tuple(words)),
                           Part("number", tuple(str(k) for k in range(1, top + 1)))),
                title="period, number")


def _most_yards(rules: Rules) -> int:
    """The most yards a snap can write, either way (B16, docs/rules/blowout.md): a card's
    YARDS GAINED against a DEFENSIVE PLAY's YARDS LOST, a kick, a penalty, a SACK!, or PASS
    INTERFERENCE's full YARDS GAINED, which the rules give only when they stay short of the
    goal line (less than the field)."""
    gained = [abs(c.yards) for c in _cards(rules, ("offense",)) if c.yards is not None]
    lost = [abs(c.yards) for c in _cards(rules, ("defense",)) if c.yards is not None]
    kicks = [abs(c.yards) for c in _cards(rules, ("special",)) if c.yards is not None]
    plays = [abs(g - lo) for g in gained for lo in lost]
    return max(*plays, *kicks, FIELD - 1, rules.yards.penalty, rules.yards.sack)


def _legend(rules: Rules, offense: Slot, defense: Slot) -> tuple[str, ...]:
    def letters(slot: Slot, decks: tuple[str, ...]) -> str:
        cards = _cards(rules, decks)
        words = []
        for option, label in zip(slot.parts[0].options, slot.parts[0].labels, strict=True):
            kinds = dict.fromkeys(c.type.title for c in cards
                                  if c.yards is not None and _letter(c) == option)
            words.append(f"{option} {'/'.join(kinds)}" if kinds else f"{label} {option}")
        return "  ".join(words)

    lengths = " ".join(f"{name[:2]} {name}" for name in rules.lengths)
    return (
        "OFFENSE card: " + letters(offense, ("offense", "special")) + ".   DEFENSE card: "
        + letters(defense, ("defense",)) + ".   Response: side, then the card.",
        "Period: Q and its number (Q3 = Q and 3), 1H, 2H, or OT and its number.  A card with "
        "yards is its letter then its yards: R70 = R and 70, D100 = D and 100.  "
        "Yards: + or -, then the number (+0 when the ball did not move).",
        "Two snaps a band; the middle row: the state after each (\u25b2 snap above, \u25bc snap "
        "below): ball, down & to go, ball on (H25; 50: no side), no score.  Header: Length "
        f"{lengths} (blank: {DEFAULT_LENGTH}), Result: final score.",
    )


# Two snaps a band: (line of the band, row of its own flow) per band row. A snap's flow is
# its snap row (0) and its state row (1); the states share the middle row.
BAND = (((0, 0),), ((0, 1), (1, 1)), ((1, 0),))


def grammar(rules: Rules | None = None) -> Grammar:
    """The grammar for these rules (the shipped rules by default, built once)."""
    return _shipped() if rules is None else build(rules)


@cache
def _shipped() -> Grammar:
    return build(load_rules())


def build(rules: Rules) -> Grammar:
    """The grammar of a rules object: its periods, downs, decks and game lengths."""
    c = rules.cards
    downs = tuple(str(d) for d in range(1, rules.field.downs + 1))
    offense = _card_slot("offense", "OFFENSE card", _cards(rules, ("offense", "special")))
    defense = _card_slot("defense", "DEFENSE card", _cards(rules, ("defense",)))
    responses = (c.pass_interference, c.holding, c.challenge)
    half = FIELD // 2
    slots = (
        _period_slot(rules),
        Slot("side", (Part("side", SIDES),), title="side"),
        offense,
        defense,
        Slot("response", (Part("side", SIDES),
                          Part("card", responses, labels=tuple(SHORT.get(r, r[:2])
                                                               for r in responses),
                               prefix=":")), title="response"),
        Slot("yards", (Part("sign", ("+", "-")), number_part("yards", _most_yards(rules))),
             title="yards"),
        Slot("ball", (Part("side", SIDES),), title="{ball", new_row=True),
        Slot("down", (Part("down", downs), number_part("togo", FIELD - 1, prefix="&")),
             title="down & to go"),
        Slot("spot", (Part("side", SIDES), number_part("yard", half)), title="ball on}"),
    )
    # The score is not on the sheet: a state may leave it off (docs/notation.md), the
    # verifier keeps it from the snaps and the header's Result is the final score. A state's
    # score is what `--from` leaves off (a `set` segment drops it, and nothing else).
    snap = (Segment("", ("period", "side", "offense", "defense", "response", "yards"),
                    always=True),
            Segment(" {", ("ball", "down", "spot"), always=True),
            Segment("", (), trail="}", always=True, mode="set", leaves=_is_score))
    # A comment after the state is left off (its words are what `encode` reports dropped);
    # any other text there is refused.
    forms = tuple(Form("", (*snap, Segment(gap + ";", (), mode="set"))) for gap in GAPS)
    header = ((LENGTH_TAG, Slot("length", (Part("length", tuple(rules.lengths),
                                              labels=tuple(n[:2] for n in rules.lengths)),),
                              title="Length")),
              ("Result", Slot("result", (number_part("home", TOP_SCORE),
                                         number_part("away", TOP_SCORE, prefix="-")),
                              title="Result H-A")))
    decisions = Lazy("printkit_engine.blowout.decisions:decision_log")(rules).grammar
    return Grammar("blowout", slots, forms, legend=_legend(rules, offense, defense),
                   header=header, tags=("Seed", "Home", "Away", "Date", "Match"), band=BAND,
                   hint="Q1, OT1, H, R70, K45, DP-OFS, D65, SACK, H:DP-PI, +5, -10, 2&5, H25",
                   typical_lines=270,        # a full game: some 250-290 snaps
                   logs=(decisions,))


