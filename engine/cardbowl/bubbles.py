"""Card Bowl's bubble grammar: play notes (docs/notation.md, Card Bowl) as shaded bubbles.

The first group of a band says what kind of line it is (a play, a field goal, a kickoff, a
try, a team heading, `---`, a clock marker); the other groups are the parts that kind writes.
A play: down, distance (or goal), yard line, then the result as a play word with its yards,
a return, up to two clauses (TD, fumble, O recovers...) and a penalty. Team headings are
shaded Home or Away and written with the record's team names (the sheet's QR carries them).

Not on the sheet: the score column (optional, docs/rules/cardbowl.md C5: the verifier keeps
the running score from the results, so nobody adds it up in bubbles; `--from` leaves it off
and says so), where a return ends (`20 yd return to 24`: the verifier adds the return to
where the kick came down; `--from` shades the return's yards and notes the `to 24`), card
lines (`cards: ...`; with a play book's seed the verifier checks the kick cards only when
they are written, so a bubble record leaves them to the play book), free text in
parentheses, and result clauses outside the list below (`int. 10` inside a pass, a
penalty-only line): `--from` says which line. A sum before a play's yards
(`run 5 + 6 = 11`) is shaded as its total and `--from` notes the sum.
"""

from __future__ import annotations

import re
from functools import cache

from printkit_engine.bubbles import Form, Grammar, Part, PlainLines, Segment, Slot, number_part
from printkit_engine.cardbowl.state import FIELD

KINDS = (("play", "pl"), ("FG", "fg"), ("kickoff", "ko"), ("free kick", "fk"),
         ("onside", "os"), ("try", "tr"), ("2 pt", "2p"), ("home", "Hm"), ("away", "Aw"),
         ("change", "--"), ("marker", "Q"))
PLAYS = (("run", "ru"), ("pass", "pa"), ("pass inc.", "pi"), ("pass int.", "in"),
         ("sack", "sk"), ("punt", "pu"), ("kneel", "kn"), ("spike", "sp"))
CLAUSES = (("TD", "TD"), ("safety", "sf"), ("touchback", "tb"), ("fair catch", "fc"),
           ("fumble", "fu"), ("D recovers", "Dr"), ("O recovers", "Or"), ("K recovers", "Kr"),
           ("R recovers", "Rr"), ("no gain", "0y"), ("out of bounds", "ob"),
           ("downed", "dn"), ("blocked", "bk"), ("auto 1st down", "1d"), ("declined", "dc"),
           ("good", "go"), ("no good", "ng"))
MARKERS = (("Q1", "Q1"), ("Q2", "Q2"), ("Q3", "Q3"), ("Q4", "Q4"), ("OT", "OT"),
           ("Halftime", "HT"), ("Two-minute warning", "2m"))
CARDS = Segment("\tcards", (), mode="set")          # card lines are left to the play book
TEAMS = ("%Home%", "%Away%")                         # a score's team, as the sheet's tags name it
SCORE_WORD = re.compile(r"\d{1,3}[-\u2013]\d{1,3}")
TOP_SCORE = 99               # a side's final score on the sheet: 0-99 (a game scores ~20-40)


def _is_score(word: str) -> bool:
    """A word of a score column: `7-0`, or the team it names (Home or Away, after the score
    or before it). The field after a result the sheet leaves off; any other word there is no
    line the sheet holds."""
    return word in TEAMS or SCORE_WORD.fullmatch(word) is not None


# The score is not on the sheet: the score column is optional (docs/rules/cardbowl.md C5),
# the verifier keeps the running score from the results. `--from` leaves it off and says so.
SCORE = Segment("\t", (), mode="set", leaves=_is_score, stop="\t")


def _is_sum(word: str) -> bool:
    """A word of a play's yards written as a sum before its total (`5 + 6 =`): a number or `+`.
    Any other word there is no line the sheet holds."""
    return word == "+" or re.fullmatch(r"-?\d{1,2}", word) is not None


# The draws' sum before a play's total yards (`run 5 + 6 = 11`): the total is shaded, the sum
# left off (the verifier checks the yards, not the writer's addition).
SUM = Segment(" ", (), mode="set", leaves=_is_sum, trail=" =")


def _choice(name: str, pairs, **kw) -> Part:
    return Part(name, tuple(p for p, _ in pairs), labels=tuple(lab for _, lab in pairs), **kw)


def _clause(name: str) -> Slot:
    return Slot(name, (_choice("word", CLAUSES),), title="clause", lead=", ")


@cache
def grammar() -> Grammar:
    # Two rows a band: what the line is and where (kind, down, distance, yard line; a try's
    # result, a clock marker), then what happened (the play and its yards, or a kick's; a
    # field goal's result, the return, clauses and a penalty).
    slots = (
        Slot("change", (Part("change", ("---",), labels=("--",)),), title="---"),
        Slot("team", (Part("team", ("%Home%", "%Away%"), labels=("H", "A")),), title="team"),
        Slot("kind", (_choice("kind", KINDS),), title="line"),
        Slot("down", (Part("down", ("1", "2", "3", "4")),), title="down"),
        Slot("dist", (Part("goal", ("goal",), labels=("G",)), number_part("yards", 99)),
             title="& distance"),
        Slot("yard", (number_part("yards", FIELD // 2),), title="@ yard line"),
        Slot("good", (Part("word", ("XP", "kick"), labels=("XP", "ki")),
                      Part("result", ("good", "no good"), labels=("go", "ng"), prefix=" ")),
             title="try"),
        Slot("marker", (_choice("marker", MARKERS),), title="clock"),
        Slot("play", (_choice("word", PLAYS),), title="play", new_row=True),
        # a play's yards and a kick's (where a kickoff comes down, - in the end zone; a field
        # goal's or an onside kick's distance) are one group: no line has both
        Slot("yards", (Part("sign", ("-",)), number_part("yards", 99)), title="play / kick yards",
             lead=" "),
        Slot("kick", (Part("sign", ("-",)), number_part("yards", 99)), shares="yards"),
        Slot("fg", (Part("result", ("good", "no good"), labels=("go", "ng")),), title="FG"),
        # where a return ends (`to 24`) is no bubble: the verifier adds the return to where
        # the kick came down (CB-KICK-002, CB-PUNT-001 check it when written)
        Slot("ret", (number_part("yards", 99, suffix=" yd return"),
                     number_part("to", FIELD // 2, prefix=" to ", left_off=True)),
             title="return yards", lead=", "),
        _clause("clause1"),
        Slot("penalty", (Part("yards", ("5", "10", "15"), suffix=" yd pen. vs. "),
                         Part("side", ("D", "O"))), title="; penalty vs.", lead="; "),
        _clause("clause2"),
    )
    # the play word, then its yards: a sum written as the cards came (`run 5 + 6 = 11`, the
    # rules' own example) is shaded as its total; `--from` notes the `5 + 6 =` it leaves off
    result = (Segment("\t", ("play",), sep=""), SUM,
              Segment("", ("yards", "ret", "clause1", "penalty", "clause2"), sep=""))
    # What the written log keeps in its Clock and Team columns, and its line between
    # possessions, goes on the band of the line after it: a clock marker, `---`, the heading.
    head = (Segment("", ("marker",), trail="\n"), Segment("", ("change",), trail="\n"),
            Segment("#### ", ("team",), trail="\n"))
    scrimmage = (Segment("", ("down",), always=True), Segment(" & ", ("dist",), always=True),
                 Segment(" @ ", ("yard",), always=True))
    forms = (
        Form("play", (*head, *scrimmage, *result, SCORE, CARDS)),
        Form("FG", (*head, *scrimmage, Segment("\t", ("kick",), trail=" yd FG", always=True),
                    Segment(" ", ("fg",), always=True), SCORE, CARDS)),
        Form("kickoff", (*head, Segment("Kickoff\tto ", ("kick",), always=True),
                         Segment("", ("ret", "clause1", "clause2"), sep=""), SCORE, CARDS)),
        Form("free kick", (*head, Segment("Free kick\tto ", ("kick",), always=True),
                           Segment("", ("ret", "clause1", "clause2"), sep=""), SCORE, CARDS)),
        Form("onside", (*head, Segment("Onside kick\t", ("kick",), trail=" yd", always=True),
                        Segment("", ("clause1",), sep=""), SCORE, CARDS)),
        Form("try", (*head, Segment("Try\t", ("good",), always=True), SCORE, CARDS)),
        Form("2 pt", (*head, Segment("2 pt\t", ("play", "yards"), sep="", always=True),
                      Segment("", ("clause1",), sep=""), SCORE)),
        Form("home", (Segment("#### %Home%", (), always=True),)),
        Form("away", (Segment("#### %Away%", (), always=True),)),
        Form("change", (Segment("---", (), always=True),)),
        Form("marker", (Segment("", ("marker",), always=True),)),
    )
    legend = (
        "Line: " + "  ".join(f"{lab} {k}" for k, lab in KINDS)
        + ".   Play: " + "  ".join(f"{lab} {p}" for p, lab in PLAYS)
        + ".   ---, team, clock: on the band of the line they come before.",
        "Clauses: " + "  ".join(f"{lab} {c}" for c, lab in CLAUSES if lab != c),
        "Play / kick yards: a play's gain (- a loss), a kickoff's spot (- in the end zone), a "
        "field goal's or onside kick's distance; then FG go or ng. Cards are left to the play "
        "book; the score and where a return ends ('to 24') to the verifier.",
    )
    # The final score is the header's Result, as on the other games' logs: the verifier
    # checks it against the score it keeps from the results.
    header = (("Result", Slot("result", (number_part("home", TOP_SCORE),
                                         number_part("away", TOP_SCORE, prefix="-")),
                              title="Result H-A")),)
    # the decision sheet (`--decisions`, engine/cardbowl/decisions.py) is the game's other log
    from printkit_engine.game import Lazy

    decisions = Lazy("printkit_engine.cardbowl.decisions:decision_log")().grammar
    return Grammar("cardbowl", slots, forms, kind="kind", legend=legend, header=header,
                   logs=(decisions,),
                   tags=("Seed", "Home", "Away", "Date", "Match"),
                   lines=PlainLines(leave_off=("cards",)),
                   hint="play, kickoff, home, change; 2; 7; 27; kick good; pass; 12; 20 yd return; "
                        "TD; 5 yd pen. vs. D; Q2",
                   typical_lines=200)        # some 150 plays, kicks, possessions, markers
