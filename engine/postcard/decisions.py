"""PostCard Football's decision log (issue 31): what the table decides each play, replayed.

One row a play (from a state between plays to the next; the coin toss is nobody's decision
and has no row). Its fields, in the order a row is written:

    play      kickoff onside rush pass punt fg fake knee try1 try2, or `more`: the play
              above goes on (its further bonuses and marks; as the first row: the coin
              toss's bonuses)
    kicks     H A          who kicks off, where the toss winner chooses (the first kickoff)
    then      rush pass    the play after a fake kick or a 2-point try
    picks     5v3          strategy numbers O v D; a kickoff's kicker's number v guess
    distance  20 ... 70    a punt's aim (a safety kick's too)
    again     again        a pass's optional second roll taken
    return    fair touchback run   what the receiver did with a kick that allows a choice
    reroll    rrH rrA rrHA a Team Skill re-roll of the rush or pass roll
    bonus     H+2@3        Bonus Bar bonuses: side, how many, on the play's Nth roll
    marks     xHA          the end zone of each Time Tracker circle crossed, in order (two)
    = score   = 14         after a score: the new score of the side that scored (checkpoint)

The dice are the play book's (the Seed); everything else follows from the rules. `Scripted` is
the decision source that plays a log through the bots' own loop (engine/postcard/bots.py:
`play`), so a log replays exactly as the bots would have played the same decisions; a
decision missing where the play needs it, or given where the play has no use for it, is a
finding on its row (PC-DEC-001, PC-DEC-002), a score not written after a score PC-DEC-003,
plays after the game's end PC-DEC-004. Every other finding is the verifier's own, on the
replayed lines (engine/decisions/replay.py names them by the row).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot, number_part
from printkit_engine.decisions import (
    LOG_TAG,
    LOG_VALUE,
    DecisionLog,
    Field,
    Replayed,
    Row,
    applies,
    log_text,
)
from printkit_engine.decisions.lines import DecisionLines
from printkit_engine.findings import Finding
from printkit_engine.game import Lazy, PerRules
from printkit_engine.postcard import notation
from printkit_engine.postcard.bots import crosses, play
from printkit_engine.postcard.notation import Cross, Line
from printkit_engine.postcard.rules import DIE, Rules, load_rules
from printkit_engine.postcard.state import OVER, SIDES, TOSS, State
from printkit_engine.postcard.steps import allowed, step
from printkit_engine.verify.record import Unread

PLAYS = ("kickoff", "onside", "rush", "pass", "punt", "fg", "fake", "knee", "try1", "try2",
         "more")
PLAY_LABELS = ("kickoff", "onside", "rush", "pass", "punt", "FG", "fake", "knee", "try 1",
               "try 2", "more")
MORE = "more"            # a row going on with the play above: more bonuses and marks; as
                         # the first row, the coin toss's (a bonus used on a tied toss's dice)
TRIES = {"try1": "extra_point", "try2": "two_point"}     # the rules' points of each try
RETURNS = ("fair", "touchback", "run")
BONUSES = ("bonus",)    # bonus uses a row holds (a play with more: `more` rows)
MARKS = 2                # circles a row holds: a touchdown's two (more: a `more` row)
ROLLS = 19               # the rolls of a play a bonus can name (@1 .. @19: a tens column
                         # of 1 and the ones; simulated plays reach 10)
TOP_SCORE = 69           # the highest score a checkpoint writes (simulated games: 39)
SKILL_TAGS = ("HomeSkill", "AwaySkill")
TYPICAL_PLAYS = 70       # rows of a whole game (simulated games: 45-95 plays, 64 on average)

FIELDS = (
    Field("play", "every play: what the offense (or the kicking side) does; `more` (same "
          "play): a row going on with the play above, for its further bonuses and marks (as "
          "the first row: bonuses used on the coin toss, ties too)"),
    Field("kicks", "the first kickoff: the side the toss winner sends to kick"),
    Field("then", "after a fake kick or a 2-point try: the play run"),
    Field("picks", "a rush or pass (not after a fake), and a kickoff: the kicker's number v "
          "the receiver's guess"),
    Field("distance", "a punt (and a safety kick): the distance aimed at"),
    Field("again", "a pass: the optional second roll was taken"),
    Field("return", "a kick that can be fair-caught or downed: fair, touchback or run"),
    Field("reroll", "the rush or pass roll re-rolled with a Team Skill (H, A or both)"),
    Field("bonus", "Bonus Bar bonuses used: side, how many, on the play's Nth roll (a "
          "second use: a `more` row)"),
    Field("marks", "each Time Tracker circle crossed in the play: its end zone, in order "
          "(two a row: more on a `more` row)"),
    Field("score", "after every score (touchdown, try, field goal, safety): the new score "
          "of the side that scored"),
)


# the foot of a decision sheet: what a child needs beyond the words over the bubbles
SHEET_LEGEND = (
    "One band a play: shade what your table decided.  numbers: offense v defense (kickoff: "
    "kicker v guess).  bonus: whose, +how many, @ which roll of the play.",
    "time marks: the end zone of each circle crossed.  more: the play above goes on.  "
    "= score: after a score, the new score of the side that scored.",
)

def decision_log(rules: Rules | None = None) -> DecisionLog:
    """PostCard's decision log for these rules (the shipped rules by default): the punt
    distances and bonus counts are the card's. Kept per rules object (rules data is
    unhashable and immutable once loaded)."""
    return _KEPT(rules)


_KEPT: PerRules[DecisionLog] = PerRules(lambda rules: _decision_log(rules or load_rules()))


def _decision_log(rules: Rules) -> DecisionLog:
    faces = tuple(str(v) for v in range(1, DIE + 1))
    distances = [t.distance for t in rules.punt.targets]
    tens = tuple(sorted({d // 10 for d in distances}))        # the chart's distances as
    ones = tuple(sorted({d % 10 for d in distances}))         # tens and ones: 2-7, 0 5
    bonus = tuple(str(b) for b in range(1, rules.bonus.max + 1))

    def bonus_slot(name: str) -> Slot:
        return Slot(name, (Part("side", SIDES), Part("amount", bonus, prefix="+"),
                           number_part("roll", ROLLS, prefix="@")),
                    title="bonus: side +N @roll")

    # the sheet's order: a band's first row is what nearly every play decides (the play, the
    # numbers, a bonus: 52 and 36 of some 72 bands a game), its second the rest (each on a
    # few bands a game, the score on 8); a line's text keeps the fields' order (`form`)
    slots = (
        Slot("play", (Part("play", PLAYS, labels=PLAY_LABELS),), title="play"),
        Slot("picks", (Part("offense", faces), Part("defense", faces, prefix="v")),
             title="numbers O v D"),
        *(bonus_slot(n) for n in BONUSES),
        Slot("kicks", (Part("side", SIDES),), title="kicks", new_row=True),
        Slot("then", (Part("play", ("rush", "pass")),), title="then"),
        Slot("distance", (Part("yards", digits=(9, 9), first=tens, last=ones),),
             title="punt distance"),
        Slot("again", (Part("again", ("again",), labels=("2nd roll",)),), title="pass"),
        Slot("return", (Part("return", RETURNS),), title="return"),
        Slot("reroll", (Part("sides", ("H", "A", "HA"), labels=("H", "A", "both")),),
             lead="rr", title="re-roll"),
        Slot("marks", tuple(Part(f"zone{k + 1}", SIDES) for k in range(MARKS)), lead="x",
             title="time marks"),
        Slot("score", (number_part("points", TOP_SCORE),),
             title="= score of the side that scored"),
    )
    form = Form("", (
        Segment("", ("play",)),
        Segment(" ", ("kicks", "then", "picks", "distance", "again", "return", "reroll",
                      *BONUSES, "marks")),
        Segment(" = ", ("score",)),
    ))
    grammar = Grammar("postcard", slots, (form,),
                      tags=("Seed", "Home", "Away", "Date", *SKILL_TAGS, "Match"),
                      hint="pass 3v1 again H+1@2 xA = 7", log=LOG_VALUE,
                      variant=LOG_VALUE, stamp=((LOG_TAG, LOG_VALUE),), seeded=True,
                      lines=DecisionLines(of_record=log_of_record), typical_lines=TYPICAL_PLAYS,
                      legend=SHEET_LEGEND)
    return DecisionLog(
        game="postcard", prefix="PC", grammar=grammar, fields=FIELDS, checkpoint="score",
        replay=replay, from_record=log_of_record,
        verify=Lazy("printkit_engine.postcard.verify:record_report"), load_rules=load_rules,
        tags=SKILL_TAGS,
        legend=tuple(f"{f.slot}: {f.applies}" for f in FIELDS))


# -- replay: a log's decisions through the bots' loop ---------------------------------------
@dataclass
class Plan:
    """One play's decisions: its row, and the bonus uses and marks of the row and of the
    `more` rows after it, in order."""

    row: Row
    bonuses: list[tuple[str, int, int, int]] = field(default_factory=list)  # side, +N,
    marks: list[str] = field(default_factory=list)                           # @roll, line
    more: list[Row] = field(default_factory=list)
    toss: bool = False           # the coin toss's (a first row `more`)


def plans(rows: list[Row]) -> tuple[list[Plan], list[Finding]]:
    """The rows as plays: a `more` row's bonuses and marks go on with the play above; any
    other field on it, or a `more` row with no play above, is a finding."""
    out: list[Plan] = []
    found: list[Finding] = []
    for row in rows:
        if row.get("play") == MORE and out:
            extra = [f.slot for f in FIELDS if row.has(f.slot)
                     and f.slot not in ("play", "marks", "score", *BONUSES)]
            for slot in extra:
                found.append(Finding(row.line, "PC-DEC-002", f"{slot} is not a decision of a "
                                     "`more` row (its bonuses and marks only)", "nothing",
                                     row.shown(slot)))
            plan = out[-1]
            plan.more.append(row)
        elif row.get("play") == MORE:           # the first row: the coin toss's bonuses
            plan = Plan(row, toss=True)
            out.append(plan)
        else:
            plan = Plan(row)
            out.append(plan)
        for slot in BONUSES:
            who, amount, at = (row.get(slot, i) for i in range(3))
            if who or amount or at:
                plan.bonuses.append((who, int(amount or 0), int(at or 0), row.line))
        plan.marks += [z for z in row.values.get("marks", ()) if z]
    return out, found


class Scripted:
    """A decision source (bots.Source) reading a decision log's rows, one play at a time."""

    def __init__(self, rows: list[Row], rules: Rules,
                 unknown: tuple[str, ...] = ()) -> None:
        self.plans, self.findings = plans(rows)
        self.rules = rules
        self.unknown = unknown            # sides whose Team Skill the log does not say
        self.inferred: dict[str, str] = {}    # side -> the skill its first re-roll needs
        self.k = -1                       # the play in progress
        self.rolls = 0                    # lines with dice so far in the play
        self.counted = False              # this line's roll counted
        self.used: set[str] = set()       # the play's fields it has used
        self.marks: list[str] = []
        self.bonuses: list[tuple[str, int, int, int]] = []
        self.trace: list[int | None] = []     # per line: the play it came from

    @property
    def row(self) -> Row:
        return self.plans[self.k].row

    def more(self, state: State) -> bool:
        """Go on from this state: a play in progress, or a row left for the next one."""
        if state.play is not None:
            return True
        return self.k + 1 < len(self.plans)

    def _next(self) -> None:
        self.close()
        self.k += 1
        self.rolls, self.used = 0, set()
        self.marks = list(self.plans[self.k].marks)
        self.bonuses = list(self.plans[self.k].bonuses)

    def close(self) -> None:
        """The play just played: what its rows gave that it had no use for."""
        if self.k < 0 or self.k >= len(self.plans):
            return
        row = self.row
        unused = [f.slot for f in FIELDS if f.slot not in ("score", "marks", *BONUSES)
                  and row.has(f.slot) and f.slot not in self.used]
        for slot in unused:
            self._find("PC-DEC-002", f"{slot} is not a decision of this play",
                       "nothing", row.shown(slot))
        if self.marks:
            self._find("PC-DEC-002", "more time marks than the play crossed circles",
                       "no more marks", "x" + "".join(self.marks))
        for who, amount, at, line in self.bonuses:
            self.findings.append(Finding(line, "PC-DEC-002", "a bonus on a roll the side did "
                                         "not make in this play", "a roll of the play",
                                         f"{who}+{amount}@{at}"))
        self.bonuses = []

    def _find(self, rule: str, message: str, expected: str, found: str) -> None:
        self.findings.append(Finding(self.row.line, rule, message, expected, found))

    def _missing(self, slot: str, expected: str) -> None:
        if f"missing {slot}" in self.used:            # once a play
            return
        self.used.add(f"missing {slot}")
        self._find("PC-DEC-001", f"{slot} missing ({applies(FIELDS, slot)})", expected, "nothing")

    def _get(self, slot: str) -> str:
        self.used.add(slot)
        return self.row.get(slot)

    def _picks(self, default: tuple[int, int] = (1, 1)) -> tuple[int, int]:
        self.used.add("picks")
        o, d = self.row.get("picks", 0), self.row.get("picks", 1)
        if not (o and d):
            self._missing("picks", "two numbers, e.g. 5v3")
            return default
        return int(o), int(d)

    def choose(self, state: State) -> Line:
        self.counted = False
        if state.phase == TOSS:
            if self.k < 0 and self.plans and self.plans[0].toss:
                self._next()
                self.used.add("play")
            self.trace.append(self.k if self.k >= 0 else None)
            return Line(0, "toss")
        if state.play is None:
            self._next()
            if self.plans[self.k].toss:
                self._find("PC-DEC-002", "a first row `more` is the coin toss's, and the "
                           "toss is over", "a play", MORE)
        self.trace.append(self.k)
        options = allowed(state, self.rules)
        if state.play is None:
            return self._start(state, options)
        p = state.play
        if p.step in ("snap", "fake_play"):
            verb = self._get("then")
            if verb not in ("rush", "pass"):
                self._missing("then", "rush or pass")
                verb = "rush"
            picks = self._picks() if p.step == "snap" else None
            return Line(0, verb, picks=picks)
        if p.step == "after1":
            return Line(0, "again" if self._get("again") else options[1])
        if p.step == "receive":
            if not p.receive:
                return Line(0, "run")
            word = self._get("return")
            if not word:
                self._missing("return", f"{p.receive} or run")
                word = "run"
            return Line(0, word)
        return Line(0, options[0])

    def _start(self, state: State, options: tuple[str, ...]) -> Line:
        word = self._get("play")
        if not word:
            self._missing("play", " or ".join(options))
            word = options[0] if options[0] != "try" else "try1"
        if word in TRIES:
            return Line(0, "try", value=getattr(self.rules.scoring, TRIES[word]))
        if word in ("kickoff", "onside"):
            side = self._get("kicks") or state.ball
            if not side:
                self._missing("kicks", "H or A")
                side = "H"
            return Line(0, word, side=side, picks=self._picks())
        if word in ("rush", "pass"):
            return Line(0, word, picks=self._picks())
        if word == "punt":
            distance = self._get("distance")
            if not distance:
                self._missing("distance", "a punt distance, e.g. 40")
                distance = str(self.rules.punt.targets[0].distance)
            return Line(0, word, value=int(distance))
        return Line(0, word)

    def reroll(self, state: State, verb: str, side: str, first: int) -> bool:
        """A play has one rush or pass line (its snap): the re-roll is on its roll."""
        if verb not in ("rush", "pass") or self.k < 0:
            return False
        self.used.add("reroll")
        rerolled = side in self.row.get("reroll")
        if rerolled and side in self.unknown and side not in self.inferred:
            offense = state.ball if state.play is None else state.play.offense
            role = "offense" if side == offense else "defense"
            needed = self.rules.team_skill.needed(role, verb)
            if needed is not None:
                self.inferred[side] = needed
        return rerolled

    def bonus(self, state: State, verb: str, side: str, pair: bool) -> int:
        if not self.counted:
            self.rolls += 1
            self.counted = True
        for n, (who, amount, at, _) in enumerate(self.bonuses):
            if who == side and at == self.rolls:
                del self.bonuses[n]
                return amount
        return 0

    def wants_again(self, state: State) -> bool:
        return bool(self._get("again"))

    def zones(self, state: State, due: list[str]) -> tuple[Cross, ...]:
        return crosses(state, due, self.rules, self._mark)

    def _mark(self, owner: str, free: list[str]) -> str:
        """The next written mark; none written: the owner's own zone while it has a circle
        free (a finding says the mark is missing)."""
        if self.marks:
            return self.marks.pop(0)
        self._missing("marks", "the end zone of each circle crossed, e.g. xHA")
        return owner if owner in free else free[0]



_SCORE = re.compile(r" \d+-\d+(?= |\})")


def _checked(line: str, score: str | None) -> str:
    """A replayed line as verified: its state's score replaced by the one written at the
    play's checkpoint (`score`), or left off where none is written."""
    if not line.endswith("}"):
        return line
    head, brace, note = line.rpartition("{")
    note = _SCORE.sub(f" {score}" if score else "", " " + note, count=1)[1:]
    return head + brace + note


def replay(tags: dict[str, str], rows: list[Row], rules: Rules | None = None) -> Replayed:
    """The game the rows' decisions play from the tags' Seed (the Team Skills from theirs):
    its exact record lines, the lines to verify with each play's checkpoint score, which row
    made each line, and the rows' own findings."""
    rules = rules or load_rules()
    out = Replayed(dict(tags))
    seed = tags.get("Seed")
    if not seed:
        out.findings.append(Finding(1, "PC-DEC-005", "a decision log needs the play book's "
                                    "Seed: the dice are its draws", "a Seed tag", "none"))
        return out
    skills = {"H": _skill(tags.get("HomeSkill"), rules), "A": _skill(tags.get("AwaySkill"),
                                                                      rules)}
    # a sheet has no place for the Team Skills (chosen at the table): a side whose skill the
    # log does not say has the one its first re-roll needs (a later re-roll needing another
    # is still PC-SKILL-001), never a finding for a skill nobody could write (decision P27)
    unknown = tuple(side for side, tag in zip(SIDES, SKILL_TAGS, strict=True)
                    if tag not in tags)
    source = Scripted(rows, rules, unknown)
    lines, state = play(seed, rules, skills, source, more=source.more)
    source.close()
    for side, tag in zip(SIDES, SKILL_TAGS, strict=True):
        if side in source.inferred:
            out.tags[tag] = source.inferred[side]
            out.notes.append(f"{tag} not written: {source.inferred[side]}, the skill its "
                             "first re-roll needs (a sheet has no place for it)")
    out.lines = lines
    played = source.plans
    out.rows = [played[k].row.line if k is not None else None for k in source.trace]
    out.findings += source.findings
    # checkpoints: the score a play's row writes (the new score of the side that scored)
    # goes into the state its last line writes, the other side's as last written
    score = (0, 0)            # the replay's
    kept = (0, 0)             # as the table has written it
    for n, (line, k) in enumerate(zip(lines, source.trace, strict=True)):
        row = played[k].row if k is not None else None
        last = row is not None and (n + 1 == len(lines) or source.trace[n + 1] != k)
        written = None
        if last and row is not None:
            after = _score_of(line) or score
            points = row.get("score")
            scorer = next((i for i in (0, 1) if after[i] != score[i]), None)
            if scorer is None and points:
                out.findings.append(Finding(row.line, "PC-DEC-002", "a score written after a "
                                            "play that did not score", "nothing",
                                            f"= {points}"))
            elif scorer is not None and not points:
                out.findings.append(Finding(row.line, "PC-DEC-003", "the score is written "
                                            "after every score", f"= {after[scorer]}",
                                            "nothing"))
                kept = _with(kept, scorer, after[scorer])
            elif scorer is not None:
                kept = _with(kept, scorer, int(points))
                written = f"{kept[0]}-{kept[1]}"
            score = after
        out.checked.append(_checked(line, written))
    if state.phase == OVER:
        for plan in played[source.k + 1:]:
            out.findings.append(Finding(plan.row.line, "PC-DEC-004", "a play after the game "
                                        "is over", "no more plays", plan.row.text[:40]))
    return out


def _with(pair: tuple[int, int], i: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if i == 0 else (pair[0], value)


def _score_of(line: str) -> tuple[int, int] | None:
    m = re.search(r"\{[^}]* (\d+)-(\d+)(?= |\})", line)
    return (int(m.group(1)), int(m.group(2))) if m else None


def _skill(value: str | None, rules: Rules) -> str | None:
    if value is None or value.lower() == "none":
        return None
    return value.lower() if value.lower() in rules.team_skill.names else None


# -- a record's decisions --------------------------------------------------------------------
def rows_of_record(text: str, file: str = "<record>",
                   rules: Rules | None = None) -> tuple[dict[str, str], list[str]]:
    """A typed record's tags and its plays as decision lines (one a play): what the table
    decided on each, read off the record's lines with the engine following them."""
    rules = rules or load_rules()
    record = notation.parse(text, file, rules)
    tags = dict(record.tags)
    skills = {"H": _skill(tags.get("HomeSkill"), rules), "A": _skill(tags.get("AwaySkill"),
                                                                      rules)}
    state = State()
    out: list[str] = []
    tokens: dict[str, str] = {}
    bonuses: list[str] = []
    marks = ""
    rolls = 0
    before = (0, 0)
    grammar = decision_log(rules).grammar
    from printkit_engine.bubbles import write_tokens

    def flush(after: State) -> None:
        nonlocal tokens, bonuses, marks
        if after.score != before:
            tokens["score"] = str(next(a for a, b in zip(after.score, before, strict=True)
                                       if a != b))
        while True:                     # the play's row, then `more` rows for the rest
            for slot, b in zip(BONUSES, bonuses, strict=False):
                tokens[slot] = b
            if marks:
                tokens["marks"] = "x" + marks[:MARKS]
            out.append(write_tokens(grammar, tokens))
            bonuses, marks = bonuses[len(BONUSES):], marks[MARKS:]
            if not (bonuses or marks):
                break
            tokens = {"play": MORE}
        tokens = {}

    for row in record.rows:
        line = row.item
        if isinstance(line, Unread) or line is None:
            continue
        assert isinstance(line, Line)
        if state.phase == TOSS:
            if line.rolls:
                rolls += 1
            bonuses += [f"{r.side}+{r.bonus}@{rolls}" for r in line.rolls if r.bonus]
            state = step(state, line, rules, skills).state
            if state.phase != TOSS and bonuses:
                tokens = {"play": MORE}
                flush(state)
            continue
        if state.play is None:
            rolls, before = 0, state.score
            tokens = {"play": _play_word(line, rules)}
            if line.verb in ("kickoff", "onside") and not state.ball and line.side:
                tokens["kicks"] = line.side
            if line.picks:
                tokens["picks"] = f"{line.picks[0]}v{line.picks[1]}"
            if line.verb == "punt" and line.value is not None:
                tokens["distance"] = str(line.value)
        else:
            p = state.play
            if p.step in ("snap", "fake_play"):
                tokens["then"] = line.verb
                if line.picks:
                    tokens["picks"] = f"{line.picks[0]}v{line.picks[1]}"
            elif line.verb == "again":
                tokens["again"] = "again"
            elif p.step == "receive" and p.receive:
                tokens["return"] = line.verb
        if line.rolls:
            rolls += 1
        for r in line.rolls:
            if r.reroll:
                sides = tokens.get("reroll", "rr")[2:] + r.side
                tokens["reroll"] = "rr" + "".join(x for x in SIDES if x in sides)
            if r.bonus:
                bonuses.append(f"{r.side}+{r.bonus}@{rolls}")
        marks += "".join(c.zone for c in line.crosses)
        state = step(state, line, rules, skills).state
        if state.play is None:
            flush(state)
    return tags, out


def _play_word(line: Line, rules: Rules) -> str:
    if line.verb == "try":
        return "try2" if line.value == rules.scoring.two_point else "try1"
    return line.verb


def log_of_record(text: str, file: str = "<record>") -> str:
    """A typed record as its decision log text (`render --decisions --from`)."""
    tags, lines = rows_of_record(text, file)
    return log_text(tags, lines)



__all__ = ["FIELDS", "PLAYS", "Scripted", "decision_log", "log_of_record", "replay",
           "rows_of_record"]
