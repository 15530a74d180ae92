"""The grid game's bubble grammars (docs/notation.md, "The playing-card 'Football' grid
game"): two logs, as the game has two written logs. `scores()`, the game's default bubble log
(`Game.bubbles`), is the score sheet: a band a score line, one row, a whole game on one sheet
(see its docstring). Its other log, `grammar()`, is the passage log (`--log passages`),
described here.

One band per record line; its first group says what kind of line it is:

* a passage (``H2: 3H 5C ... = T 4-0 C 6-0 > A2``): the start spot (side, grid), the outcome
  (a word, a penalty's offender and kind, the running score, a try's conversion and the score
  after it), the next spot (``scrum``, side, grid), then every card in dealt order, each a
  rank, a suit and the field-goal mark ``*``. A band holds 25 cards, five rows of five: the
  longest passage the rules allow is 23 (from grid 1, ten reds and five tackles with their
  answers, the eleventh red into the in-goal, the grounding and conversion cards; or six
  tackles, ten reds and a penalty's card), so no passage is ever split, and a slip of a card
  or two too many still goes on the sheet for the verifier to find;
* a score-sheet line (``H T 4-0 > A2``): the scorer in the start side, the code in the outcome
  word, the running score and the restart spot;
* ``shuffle H``, ``shuffle A``, ``shuffle H A``: the kind alone;
* the two tags a blank sheet's code cannot carry, written as tag lines (the verifier reads a
  tag line anywhere): ``[Finish "10:40"]`` from the finish time bubbles, ``[KickOff "H"]``.

The final score is the header's Result bubbles. Values come from the rules and deck data
(the grids, ``rules.field.grids``; the scoring codes and their names), the notation (outcome
and penalty words, sides, the field-goal mark) and the half packs (their suits, home's
first): none is typed here.

Not on the sheet: comments (``#``) and a passage of more cards than the longest legal one
(`--from` names the line). Nothing is left to the play book: the cards are the passage, and
the verifier checks them against the book when the record has a Seed.
"""

from __future__ import annotations

from functools import cache

from printkit_engine.bubbles import Form, Grammar, Part, PlainLines, Segment, Slot
from printkit_engine.cardgrid.deal import OWNER
from printkit_engine.cardgrid.notation import EVENTS, FG_MARK, PENALTIES, SIDE_LETTERS
from printkit_engine.cardgrid.rules import Rules, load_rules
from printkit_engine.cards import RANKS, SUITS
from printkit_engine.game import Lazy
from printkit_engine.tags import tag_line

LOGS = ("scores", "passages")      # the bubble logs: `render cardgrid bubblelog --log NAME`

CARDS = 25              # five rows of five; the longest legal passage is 23 cards
SUIT_GLYPHS = {"C": "\u2663", "H": "\u2665", "D": "\u2666", "S": "\u2660"}
# The kinds of line: the bubble writes the left, shows the right.
KINDS = (("passage", "pa"), ("score", "sc"), ("shuffle H", "sH"), ("shuffle A", "sA"),
         ("shuffle H A", "s2"), ("finish", "fi"), ("kick-off H", "kH"),
         ("kick-off A", "kA"))
WORD_LABELS = {"lost": "lo", "kick": "ki", "touch": "to", "dead": "de", "against": "ag",
               "pen": "pn", "notouch": "nt"}


def _suits() -> tuple[str, ...]:
    """The suits, each half pack's together, home's first (G1)."""
    return tuple(s for side in SIDE_LETTERS for s in SUITS if OWNER[s] == side)


def _choice(name: str, options: tuple[str, ...], **kw) -> Part:
    labels = tuple(WORD_LABELS.get(o, o) for o in options)
    return Part(name, options, labels=labels, **kw)


def _card(k: int) -> Slot:
    suits = _suits()
    return Slot(f"c{k}", (Part("rank", RANKS), Part("suit", suits,
                                                     labels=tuple(SUIT_GLYPHS[s] for s in suits)),
                          Part("fg", (FG_MARK,))),
                title=f"card {k}")


def _score(name: str, title: str) -> Slot:
    return Slot(name, (Part("home", digits=(9, 9)), Part("away", digits=(9, 9), prefix="-")),
                title=title)


def _hour() -> tuple[Part, Part]:
    """An hour as written, `09` or `9`: two columns of choices (a number part would refuse
    the leading zero of `09:15`, how a record writes a morning's finishing time)."""
    return Part("hour", ("0", "1", "2")), Part("hour1", tuple("0123456789"))


def _words(rules: Rules) -> tuple[str, ...]:
    """Outcome words and score codes: one column serves both kinds of line."""
    words = [*EVENTS, "pen", *rules.codes]
    return tuple(dict.fromkeys(words))


@cache
def grammar() -> Grammar:
    """The grammar of the shipped rules (the sheet's geometry key depends on it: a sheet
    must read back the same whatever rules file a player audits with)."""
    rules = load_rules()
    grids = tuple(str(g) for g in range(1, rules.field.grids + 1))
    cards = tuple(_card(k) for k in range(1, CARDS + 1))
    slots = (
        Slot("kind", (Part("kind", tuple(k for k, _ in KINDS),
                           labels=tuple(lab for _, lab in KINDS)),), title="line"),
        Slot("start", (Part("side", SIDE_LETTERS), Part("grid", grids)),
             title="start: side, grid (score: scorer)"),
        Slot("what", (_choice("word", _words(rules)),), title="= outcome / code"),
        Slot("pen", (Part("offender", SIDE_LETTERS),
                     _choice("kind", PENALTIES, prefix=" ")), title="pen: offender, kind"),
        _score("score", "score H-A"),
        Slot("conv", (Part("conv", ("C", "C-"), labels=("C", "C-")),), title="conv."),
        _score("score2", "score H-A after C"),
        Slot("next", (Part("scrum", ("scrum ",), labels=("sr",)), Part("side", SIDE_LETTERS),
                      Part("grid", grids)), title="> next: scrum, side, grid"),
        Slot("time", (*_hour(), Part("tens", tuple("012345"), prefix=":"),
                      Part("minute", tuple("0123456789"))), title="finish HH:MM"),
        *cards,
    )
    card_names = tuple(c.name for c in cards)
    passage = Form("passage", (
        Segment("", ("start",), always=True),
        Segment(": ", card_names, always=True),
        Segment(" = ", ("what", "pen", "score", "conv", "score2"), always=True),
        Segment(" > ", ("next",), always=True),
    ))
    score = Form("score", (
        Segment("", ("start",), always=True),
        Segment(" ", ("what",), always=True),
        Segment(" ", ("score",), always=True),
        Segment(" > ", ("next",), always=True),
    ))
    fixed = tuple(Form(name, (Segment(text, (), always=True),)) for name, text in (
        *((f"shuffle {s}", f"shuffle {s}") for s in (*SIDE_LETTERS, " ".join(SIDE_LETTERS))),
        *((f"kick-off {s}", tag_line("KickOff", s)) for s in SIDE_LETTERS)))
    finish = Form("finish", (Segment('[Finish "', ("time",), trail='"]', always=True),))
    header = (("Result", _score("result", "Result H-A")),)
    codes = "  ".join(f"{s.code} {s.name}" for s in rules.scoring)
    legend = (
        "Line: " + "  ".join(f"{lab} {k}" for k, lab in KINDS)
        + ".   Outcome: " + "  ".join(f"{lab} {w}" for w, lab in WORD_LABELS.items()
                                      if w in _words(rules) or w in PENALTIES)
        + ".   Codes: " + codes,
        f"A passage: start side and grid, the outcome (a penalty: offender and "
        f"{', '.join(PENALTIES)}; a try: T, the score, C or C-, the score after C), where play "
        "goes next (sr: a scrum), then every card dealt, in order, both players'.",
        f"A card: its rank and suit ({'  '.join(f'{SUIT_GLYPHS[s]} {s}' for s in _suits())}); "
        f"{FG_MARK}: a picture card taken as a field goal.   A score-sheet line: the scorer "
        "in 'start', the code in 'outcome', the running score, the restart.",
    )
    return Grammar("cardgrid", slots, (passage, score, *fixed, finish), kind="kind",
                   log="passages",
                   legend=legend, header=header, lines=PlainLines(comment="#"),
                   tags=("Seed", "Home", "Away", "Finish", "KickOff", "Date", "Match"),
                   hint="passage, score, shuffle H; H11; lost, T, pen; A kick; 5-0; C; 7-0; "
                        "A2, scrum H2; 10:40; cards 5H, 10C, QH*",
                   typical_lines=70)         # 40-70 passages and score lines


# -- the score sheet -------------------------------------------------------------------------

FINISH = "finish"          # the scorer column's third bubble: the band is the finishing time


@cache
def scores() -> Grammar:
    """The score sheet as bubbles (the game's default bubble log; its other log is the
    passage log, `grammar()`): one band, one row, per score line `SIDE CODE HOME-AWAY >
    SPOT`, so a whole game's scores fit one sheet as on the written score sheet.

    The scorer column is the band's kind: H or A writes a score line, `fi` the agreed
    finishing time (`[Finish "10:40"]`, from the hour and minutes columns). Who kicked off and
    the final score are the header's bubbles (KickOff, Result). The codes and the grids come
    from the rules data: a restart is the other side at its code's grid, so the restart
    column offers the grids the rules restart from (`restarts`), not all twelve. Each score
    and the time are two tokens (home | away, hour | minutes) so that a timing square stands
    between them: a band of few long tokens leaves the reader's bend fit too few squares
    across the page (it swung by a bubble between them)."""
    rules = load_rules()
    restarts = tuple(str(g) for g in sorted({rules.restart(c) for c in rules.codes}))
    slots = (
        Slot("who", (Part("who", (*SIDE_LETTERS, FINISH), labels=(*SIDE_LETTERS, "fi")),),
             title="scorer"),
        Slot("code", (Part("code", rules.codes),), title="code"),
        Slot("home", (Part("home", digits=(9, 9)),), title="running score: home"),
        Slot("away", (Part("away", digits=(9, 9)),), title="- away"),
        Slot("next", (Part("side", SIDE_LETTERS), Part("grid", restarts)), title="> restart"),
        Slot("hour", _hour(), title="finish: hour"),
        Slot("minutes", (Part("tens", tuple("012345")), Part("minute", tuple("0123456789"))),
             title=": minutes"),
    )
    line = (Segment(" ", ("code",), always=True),
            Segment(" ", ("home", "away"), sep="-", always=True),
            Segment(" > ", ("next",), always=True))
    forms = (*(Form(side, (Segment(side, (), always=True), *line)) for side in SIDE_LETTERS),
             Form(FINISH, (Segment('[Finish "', ("hour", "minutes"), sep=":", trail='"]',
                                   always=True),)))
    header = (("Result", _score("result", "Result H-A")),
              ("KickOff", Slot("kickoff", (Part("side", SIDE_LETTERS),), title="kick-off")))
    codes = "   ".join(f"{s.code} {s.name} {s.points}, restart {rules.restart(s.code)}"
                       for s in rules.scoring)
    legend = (
        "A band a score, in order: the scorer (H home, A away), the code, the running score "
        "home-away after it, and the restart: the side that did not score, at the code's grid.",
        f"Codes: {codes}.   A try's restart is the one after its conversion: a missed "
        "conversion needs no band.",
        "fi: the agreed finishing time, noted at kick-off (shade fi, the hour and minutes).   "
        "Header: the final score, who won the toss and kicked off.   Every card: the passage "
        "log (--log passages).",
    )
    return Grammar("cardgrid", slots, forms, kind="who", legend=legend, header=header,
                   lines=PlainLines(comment="#"),
                   tags=("Seed", "Home", "Away", "Finish", "Date", "Match"),
                   hint="H, A, finish; T, C, F, P; 5; 0; A2; 10; 40",
                   typical_lines=24, variant="scores", log="scores",
                   logs=(grammar(), decision_log()))


def decision_log() -> Grammar:
    """The decision log's grammar (engine/cardgrid/decisions.py): the game's third log."""
    return Lazy("printkit_engine.cardgrid.decisions:decision_log")().grammar


