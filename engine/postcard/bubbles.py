"""PostCard Football's bubble grammar: a record line (docs/notation.md) as shaded bubbles.

One band per line: the action, who kicks, the try points or punt distance, the picks, two dice
(each with its side, a re-roll, a second die and bonuses), the outcome after `=` with its
markers and Time Tracker marks, and the state after the play as far as the sheet holds it
(ball, down and to go or the phase word, spot, sack). The rest of a state (score, T, P, B, F)
is not on the sheet: every part of a state is optional and the replay checks the counts; the
final score is the Result bubbles of the header. Values come from the rules data (punt
distances, bonuses, catch levels), so a player's own chart gets matching bubbles.
"""

from __future__ import annotations

from functools import cache

from engine.bubbles import Form, Grammar, Part, Segment, Slot
from engine.postcard.notation import VERBS
from engine.postcard.rules import DIE, Rules, load_rules
from engine.postcard.state import DOWNS

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
        _die("die2", rules.bonus.max),
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
        Slot("ball", (Part("side", SIDES),), title="{ball"),
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
        "Action: " + "  ".join(f"{VERB_LABELS[v]} {v}" for v in VERBS),
        "Outcome: " + "  ".join(f"{lab} {w.strip()}" for w, lab in OUTCOME_WORDS
                                if lab != w.strip())
        + "   then + or - and the number: +10, L3, short 2, pen O 10, A+5",
        "A die: side H/A, value, then a re-roll (/), a second die (,) or bonuses used (+)."
        "  Marks: HxA = Home crosses a circle in the Away end zone.  State {..}: shade "
        "what you want checked.",
    )
    return Grammar("postcard", slots, (line,), legend=legend, header=header,
                   tags=("Seed", "Home", "Away", "Date", "HomeSkill", "AwaySkill", "Match"),
                   hint="rush, 5v3, H4, A2/5, +10, HxA, 1&10, H25",
                   typical_lines=200)        # a whole game: some 140-220 lines
