"""PostCard Football's bubble grammar: a record line (docs/notation.md) as shaded bubbles.

One band per line: the action, who kicks, the try points or punt distance, the picks, two dice
(each with its side, a re-roll, a second die and bonuses), the outcome after `=` with its
markers and Time Tracker marks, and the state after the play as far as the sheet holds it
(ball, down and to go or the phase word, spot, sack). The rest of a state (score, T, P, B, F)
is not on the sheet: every part of a state is optional and the replay checks the counts; the
final score is the Result bubbles of the header. Values come from the rules data (punt
distances, bonuses, catch levels), so a player's own chart gets matching bubbles.

A sheet printed for a play book (a Seed in its QR) uses `grammar().book`: a die is its side,
a re-roll, a second die and bonuses, its value left to the book (`H?`, decision P24), so a
line is two rows of bubbles instead of three. Its spots and yards to go are tens and a ones
column of the values the rules' yards can end in (0 and 5 on the shipped card), and the row
break is placed by hand: what the play was (action to dice, with the Time Tracker marks)
above, the outcome with its TD and safety markers and the state below.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from math import gcd

from printkit_engine.bubbles import Form, Grammar, Part, PlainLines, Segment, Slot
from printkit_engine.game import Lazy
from printkit_engine.postcard.notation import BOOK_DIE, SKILL_TAGS, SKILL_UNSAID, VERBS
from printkit_engine.postcard.rules import DIE, Rules, load_rules
from printkit_engine.postcard.state import DOWNS, FIELD, TO_GAIN

SIDES = ("H", "A")
# Two letters inside each action bubble; the legend under the table spells them out.
VERB_LABELS = {"toss": "to", "kickoff": "ko", "onside": "on", "rush": "ru", "pass": "pa",
               "again": "ag", "pressure": "pr", "catch": "ca", "intercept": "in",
               "ground": "gr", "sack": "sa", "fumble": "fu", "run": "rn", "punt": "pu",
               "fg": "fg", "fake": "fk", "kick": "ki", "fair": "fc", "touchback": "tb",
               "knee": "kn", "try": "tr"}
# Outcome words (docs/notation.md): the bubble writes the left, shows the right.
OUTCOME_WORDS = (("tie", "ti"), ("stop", "st"), ("fumble", "fu"), ("miss", "mi"),
                 ("int", "in"), ("inc", "ic"), ("grounding", "gr"), ("held", "he"),
                 ("tackle", "ta"), ("ok", "ok"), ("blocked", "bl"), ("good", "go"),
                 ("on", "on"), ("short ", "sh"), ("long ", "lo"), ("pen O ", "pO"),
                 ("pen D ", "pD"), ("H", "H"), ("A", "A"), ("L", "L"))
PHASES = ("KO", "TRY", "SK", "END")


def _die(name: str, bonus_max: int) -> Slot:
    faces = tuple(str(v) for v in range(1, DIE + 1))
    return Slot(name, (Part("side", SIDES), Part("value", faces),
                       Part("reroll", faces, prefix="/"), Part("second", faces, prefix=","),
                       Part("bonus", tuple(str(b) for b in range(1, bonus_max + 1)),
                            prefix="+")),
                title="die: side, value, /re-roll, ,second, +bonus")


def _book_die(name: str, bonus_max: int) -> Slot:
    """A die whose value the play book gives: side (writes `H?`), re-roll `/?`, second die
    `,?`, bonuses `+N`."""
    return Slot(name, (Part("side", tuple(s + BOOK_DIE for s in SIDES), labels=SIDES),
                       Part("reroll", (BOOK_DIE,), labels=("rr",), prefix="/"),
                       Part("second", (BOOK_DIE,), labels=("2d",), prefix=","),
                       Part("bonus", tuple(str(b) for b in range(1, bonus_max + 1)),
                            prefix="+")),
                title="die: side, rr, 2d, +bonus")


def _yard_values(rules: Rules) -> set[int]:
    """Every distance the rules move the ball or place it by: a spot or a yards to go is a
    sum of these."""
    values = {FIELD, TO_GAIN, rules.field.yards_per_step, rules.passing.grounding_yards,
              rules.tackle.red_zone_reduction, rules.fumble.advance_yards,
              rules.field_goal.snap_back, rules.punt.snap_back, rules.punt.end_zone_spot,
              rules.kickoff.from_, rules.kickoff.touchback, rules.scoring.extra_point_spot,
              rules.scoring.two_point_spot, rules.scoring.safety_kick_spot}
    for chart in (rules.rushing, rules.passing, rules.tackle):
        values |= {row.yards for row in chart.rows}
    values |= {r.spot for r in rules.field_goal.ranges}
    values |= {t.distance for t in rules.punt.targets}
    values |= {k.yard_line for k in rules.kickoff.spots}
    values |= {k.distance for k in rules.onside.spots}
    return values


def yard_ones(rules: Rules) -> tuple[int, ...]:
    """The last digits a spot or a yards to go can have: multiples of what every distance of
    the rules shares with 10 (0 and 5 on the shipped card; all ten if one distance is odd)."""
    step = gcd(10, *_yard_values(rules))
    return tuple(range(0, 10, step))


def _numbers(rules: Rules) -> tuple[str, ...]:
    values = {rules.scoring.extra_point, rules.scoring.two_point}
    values |= {t.distance for t in rules.punt.targets}
    return tuple(str(v) for v in sorted(values))


@cache
def grammar(rules: Rules | None = None) -> Grammar:
    """The grammar for these rules (the shipped rules by default)."""
    rules = rules or load_rules()
    faces = tuple(str(v) for v in range(1, DIE + 1))
    slots = (
        Slot("action", (Part("verb", VERBS, labels=tuple(VERB_LABELS[v] for v in VERBS)),),
             title="action"),
        Slot("kicker", (Part("side", SIDES),), title="kicks"),
        Slot("number", (Part("n", _numbers(rules)),), title="try points / punt distance"),
        Slot("picks", (Part("offense", faces), Part("defense", faces, prefix="v")),
             title="picks O v D"),
        _die("die1", rules.bonus.max),
        replace(_die("die2", rules.bonus.max), new_row=True),     # rows: the play, its
        Slot("outcome", (Part("word", tuple(w for w, _ in OUTCOME_WORDS),
                              labels=tuple(lab for _, lab in OUTCOME_WORDS)),
                         Part("sign", ("+", "-")), Part("yards", digits=(9, 9))),
             title="= outcome: word, sign, number"),
        Slot("td", (Part("td", ("TD",)),), title="TD"),
        Slot("safety", (Part("safety", ("safety",), labels=("sf",)),), title="safety"),
        Slot("mark1", (Part("by", SIDES), Part("zone", SIDES, prefix="x")),
             title="mark: by x zone"),
        Slot("mark2", (Part("by", SIDES), Part("zone", SIDES, prefix="x")),
             title="mark: by x zone"),
        Slot("mark3", (Part("by", SIDES), Part("zone", SIDES, prefix="x")),
             title="mark: by x zone"),
        Slot("ball", (Part("side", SIDES),), title="{ball", new_row=True),   # outcome, the state
        Slot("phase", (Part("word", PHASES),), title="next"),
        Slot("down", (Part("down", tuple(str(d) for d in range(1, DOWNS + 1))),
                      Part("goal", ("G",), prefix="&"), Part("togo", digits=(9, 9), prefix="&")),
             title="down & G or to go"),
        Slot("spot", (Part("side", SIDES), Part("yards", digits=(5, 9))),
             title="spot: side, yards"),
        Slot("sack", (Part("sack", ("sack",), labels=("sk",)),), title="sack}"),
    )
    line = Form("", (
        Segment("", ("action",)),
        Segment(" ", ("kicker", "number", "picks", "die1", "die2")),
        Segment(" = ", ("outcome", "td", "safety", "mark1", "mark2", "mark3")),
        Segment(" {", ("ball", "phase", "down", "spot", "sack"), trail="}", mode="set"),
    ))
    header = (("Result", Slot("result", (Part("home", digits=(9, 9)),
                                         Part("away", digits=(9, 9), prefix="-")),
                              title="Result H-A")),)
    legend = (
        _ACTIONS,
        _OUTCOMES,
        "A die: side H/A, value, then a re-roll (/), a second die (,) or bonuses used (+)."
        "  Marks: HxA = Home crosses a circle in the Away end zone.  State {..}: shade "
        "what you want checked.",
    )
    # a sheet has no place for the Team Skills (chosen at the table): its scan says so (`*`),
    # and the verifier takes each side's first re-roll as its skill (decision P27)
    blank = Grammar("postcard", slots, (line,), legend=legend, header=header,
                    tags=("Seed", "Home", "Away", "Date", *SKILL_TAGS.values(), "Match"),
                    stamp=tuple((tag, SKILL_UNSAID) for tag in SKILL_TAGS.values()),
                    hint="rush, 5v3, H4, A2/5, +10, HxA, 1&10, H25",
                    typical_lines=200)        # a whole game: some 140-220 lines
    decisions = Lazy("printkit_engine.postcard.decisions:decision_log")(rules).grammar
    return replace(blank, book=_book(blank, rules), logs=(decisions,))


_ACTIONS = "Action: " + "  ".join(f"{VERB_LABELS[v]} {v}" for v in VERBS)
_OUTCOMES = ("Outcome: " + "  ".join(f"{lab} {w.strip()}" for w, lab in OUTCOME_WORDS
                                     if lab != w.strip())
             + "   then + or - and the number: +10, L3, short 2, pen O 10, A+5")


def _book(blank: Grammar, rules: Rules) -> Grammar:
    """The sheets of a play-book game: no die values, two rows a band (module docstring)."""
    ones = yard_ones(rules)
    dense = {
        "die1": _book_die("die1", rules.bonus.max),
        "die2": _book_die("die2", rules.bonus.max),
        "outcome": replace(blank.slot("outcome"), new_row=True),
        "ball": replace(blank.slot("ball"), new_row=False),
        "down": Slot("down", (Part("down", tuple(str(d) for d in range(1, DOWNS + 1))),
                              Part("goal", ("G",), prefix="&"),
                              Part("togo", digits=(9, 9), prefix="&", last=ones)),
                     title="down & G or to go"),
        "spot": Slot("spot", (Part("side", SIDES),
                              Part("yards", digits=(FIELD // 20, 9), last=ones)),
                     title="spot: side, yards"),
    }
    order = ("action", "kicker", "number", "picks", "die1", "die2", "mark1", "mark2", "mark3",
             "outcome", "td", "safety", "ball", "phase", "down", "spot", "sack")
    dense |= {n: replace(blank.slot(n), title="mark HxA") for n in ("mark1", "mark2", "mark3")}
    slots = tuple(dense.get(n) or blank.slot(n) for n in order)
    legend = (
        _ACTIONS,
        _OUTCOMES,
        "A die: shade its side H/A (the play book gives its value), rr if re-rolled (both "
        "draws used), 2d for two dice, and bonuses used (+).  Marks: HxA = Home crosses a "
        "circle in the Away end zone.  State {..}: shade what you want checked.",
    )
    return replace(blank, slots=slots, legend=legend, hint="rush, 5v3, H?, A?/?, +10, HxA, "
                   "1&10, H25", variant="book", lines=BookLines())



@dataclass(frozen=True)
class BookLines(PlainLines):
    """A play-book sheet's lines: the record with its dice left to the book (book_record)."""

    def rewrite(self, text: str, file: str,
                tags: dict[str, str]) -> tuple[str, list[str]] | None:
        return book_record(text, file, tags)


def book_record(text: str, file: str, tags: dict[str, str] | None = None,
                ) -> tuple[str, list[str]]:
    """A typed record as a book sheet holds it: each die written `?` with its modifiers kept
    (line numbers unchanged), and a note for each die that is not the play book's draw (the
    sheet cannot hold it: the scanned record then has the book's). The book is the sheets'
    Seed (`tags`, from `--seed`) or the record's."""
    from printkit_engine.errors import ReadError
    from printkit_engine.postcard import notation
    from printkit_engine.postcard.drawbook import DrawBook
    from printkit_engine.verify.record import split_lines

    rules = load_rules()
    try:
        record = notation.parse(text, file, rules)
    except ReadError:
        return text, []             # left to the sheet's own reading, which names the line
    lines = split_lines(text)          # numbered as the record reader numbers them
    notes: list[str] = []
    seed = (tags or {}).get("Seed") or notation.seed(record)
    read = notation.lines(record)
    slips = DrawBook(seed).slips(read) if seed else {}
    for line in read:
        raw = lines[line.number - 1]
        for i, roll in sorted(enumerate(line.rolls), key=lambda r: -r[1].column):
            start = roll.column - 1
            end = start + len(raw[start:].split(None, 1)[0])
            raw = raw[:start] + replace(roll, book=True).text() + raw[end:]
            if (line.number, i) in slips:
                want = roll.side + ",".join(map(str, slips[(line.number, i)]))
                notes.append(f"{file}:{line.number}: {roll.text()} is not the play book's "
                             f"draw ({want}): the sheet leaves the die to the book")
        lines[line.number - 1] = raw
    return "\n".join(lines) + ("\n" if text.endswith("\n") else ""), notes
