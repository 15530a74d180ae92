"""The grid game's decision log (issue 31): the only choices the rules leave (G11), replayed.

With a play book every card is known from the seed; the table decides who kicks off, whether
to take a picture card on grid 10 or 11 as a field goal, and whether to shuffle a half pack
after a change of possession; and when time is up (the game's last passage). A row names
its passage by number and holds what was decided there, and the score written after it:

    passage   1 .. 69        the passage (rows in passage order; the last row's passage is
                             the game's last: write a row for it even with nothing else)
    fg        FG:yes FG:no   at the passage's field-goal option (a picture card on grid 10
                             or 11): taken or not; a second option: a second row for the
                             same passage
    shuffle   shuffle:H shuffle:A shuffle:HA   after the passage (a change of possession)
    = score   = 12           after a passage that scores: the new score of the side that
                             scored (the checkpoint)

Who kicks off is the header's KickOff bubble (`[KickOff "H"]`). `Scripted` is the decision
source that plays the rows through the bots' own loop (engine/cardgrid/bots.py
`play_lines`); the lines it writes go through the game's own verifier. A choice missing
(CG-DEC-001), one where the passage has no use for it (CG-DEC-002), a score not written
after a score (CG-DEC-003), rows out of order (CG-DEC-004), no Seed (CG-DEC-005).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot, number_part
from printkit_engine.cardgrid import deal as decks_
from printkit_engine.cardgrid.bots import play_lines
from printkit_engine.cardgrid.notation import KICKOFF_TAG, SIDE_LETTERS, parse
from printkit_engine.cardgrid.passage import Passage, fg_option, start, step
from printkit_engine.cardgrid.rules import Rules, load_rules
from printkit_engine.decisions import LOG_VALUE, DecisionLog, Field, Replayed, Row, log_text
from printkit_engine.findings import Finding
from printkit_engine.game import Lazy

PREFIX = "CG"
TOP_PASSAGE = 69          # the longest game a sheet holds (the bots play 30-60 passages)
TOP_SCORE = 69            # the highest score a checkpoint writes (simulated: up to 60)
ANSWERS = ("yes", "no")
ANSWER_LABELS = ("taken", "not taken")
TYPICAL_ROWS = 22         # rows of a whole game (simulated: 12-35, 21 on average)

FIELDS = (
    Field("passage", "every row: the passage's number (the last row: the game's last "
          "passage)"),
    Field("fg", "a picture card dealt on grid 10 or 11: taken as a field goal (yes) or not "
          "(no); a second one: a second row for the passage"),
    Field("shuffle", "after a change of possession: the half packs shuffled (H, A or both)"),
    Field("score", "after a passage that scores: the new score of the side that scored"),
)
SHEET_LEGEND = (
    "A band for each passage with a choice or a score, by its number: a field goal taken or "
    "not (each picture card on grid 10 or 11),",
    "a shuffle after it, = the new score of the side that scored.  A band for the last "
    "passage played, even with nothing else.  Header: who kicked off.",
)


_LOG: dict[int, DecisionLog] = {}


def decision_log(rules: Rules | None = None) -> DecisionLog:
    """The grid game's decision log (the same for any rules: its words are the notation's)."""
    if 0 not in _LOG:
        _LOG[0] = _decision_log()
    return _LOG[0]


def _decision_log() -> DecisionLog:
    slots = (
        Slot("passage", (number_part("n", TOP_PASSAGE),), title="passage"),
        Slot("score", (number_part("points", TOP_SCORE),),
             title="= score of the side that scored"),
        Slot("fg", (Part("fg", ANSWERS, labels=ANSWER_LABELS),), lead="FG:",
             title="field goal"),
        Slot("shuffle", (Part("H", ("H",)), Part("A", ("A",))), lead="shuffle:",
             title="shuffle"),
    )
    form = Form("", (Segment("", ("passage",)), Segment(" ", ("fg", "shuffle")),
                     Segment(" = ", ("score",))))
    header = (("KickOff", Slot("kickoff", (Part("side", SIDE_LETTERS),), title="kick-off")),)
    from printkit_engine.decisions.lines import DecisionLines

    grammar = Grammar("cardgrid", slots, (form,), header=header,
                      tags=("Seed", "Home", "Away", "Finish", "Date", "Match"),
                      hint="12 FG:yes shuffle:A = 7", log=LOG_VALUE, variant=LOG_VALUE,
                      stamp=(("Log", LOG_VALUE),), seeded=True,
                      lines=DecisionLines(of_record=log_of_record),
                      typical_lines=TYPICAL_ROWS, legend=SHEET_LEGEND)
    return DecisionLog(
        game="cardgrid", prefix=PREFIX, grammar=grammar, fields=FIELDS, checkpoint="score",
        replay=replay, from_record=log_of_record,
        verify=Lazy("printkit_engine.cardgrid.verify:record_report"), load_rules=load_rules,
        tags=(KICKOFF_TAG, "Finish"),
        legend=tuple(f"{f.slot}: {f.applies}" for f in FIELDS))


# -- replay -----------------------------------------------------------------------------------
@dataclass
class Plan:
    """One passage's rows: its number, its rows, the field-goal answers in order."""

    number: int
    rows: list[Row]
    answers: list[str] = field(default_factory=list)


class Scripted:
    """A decision source (bots.Source) reading a decision log's rows."""

    def __init__(self, rows: list[Row], kickoff: str) -> None:
        self.kickoff = kickoff
        self.findings: list[Finding] = []
        self.plans: dict[int, Plan] = {}
        self.last = 0
        for row in rows:
            k = int(row.get("passage") or 0)
            if not k:
                self._find(row, "CG-DEC-001", "passage missing (its number)", "1 .. "
                           f"{TOP_PASSAGE}", "nothing")
                continue
            if k < self.last:
                self._find(row, "CG-DEC-004", "rows in passage order", f"a passage after "
                           f"{self.last}", str(k))
                continue
            self.last = k
            plan = self.plans.setdefault(k, Plan(k, []))
            plan.rows.append(row)
            if row.get("fg"):
                plan.answers.append(row.get("fg"))
            if len(plan.rows) > 1 and (row.has("shuffle") or row.has("score")):
                self._find(row, "CG-DEC-002", "a passage's second row holds its second "
                           "field-goal answer only", "FG:yes or FG:no", row.text)
        self.number = 0
        self.shuffled = False

    def _find(self, row: Row, rule: str, message: str, expected: str, found: str) -> None:
        self.findings.append(Finding(row.line, rule, message, expected, found))

    def _close(self) -> None:
        """The passage just played: what its rows gave that it had no use for."""
        plan = self.plans.get(self.number)
        if plan is None:
            return
        for answer in plan.answers:
            self._find(plan.rows[-1], "CG-DEC-002", "a field-goal answer where the passage "
                       "dealt no picture card on grid 10 or 11", "nothing", f"FG:{answer}")
        if plan.rows[0].has("shuffle") and not self.shuffled:
            self._find(plan.rows[0], "CG-DEC-002", "a shuffle where possession did not "
                       "change", "nothing", "shuffle:" + "".join(plan.rows[0].values["shuffle"]))

    def go_on(self, number: int) -> bool:
        self._close()
        self.number, self.shuffled = number, False
        return number <= self.last

    def fg(self, p: Passage, card: str) -> bool:
        plan = self.plans.get(self.number)
        if plan is None or not plan.answers:
            where = plan.rows[0] if plan else self._next_row()
            if where is not None:
                self._find(where, "CG-DEC-001", f"passage {self.number}: field goal? missing "
                           f"({card} on grid {p.grid})", "FG:yes or FG:no", "nothing")
            return False
        return plan.answers.pop(0) == "yes"

    def _next_row(self) -> Row | None:
        later = [k for k in self.plans if k >= self.number]
        return self.plans[min(later)].rows[0] if later else None

    def shuffle(self, decks: decks_.Decks, number: int) -> tuple[str, ...]:
        self.shuffled = True
        plan = self.plans.get(number)
        if plan is None:
            return ()
        return tuple(s for s in plan.rows[0].values.get("shuffle", ()) if s)


_LAST_SCORE = re.compile(r"(\d+)-(\d+)(?=(?: C-)? > )")


def replay(tags: dict[str, str], rows: list[Row], rules: Rules | None = None) -> Replayed:
    """The game the rows play from the tags' Seed and KickOff: its exact record lines, the
    lines to verify (each passage's final score as the table wrote it), which row made each
    line, and the rows' findings."""
    rules = rules or load_rules()
    out = Replayed(dict(tags))
    seed = tags.get("Seed")
    if not seed:
        out.findings.append(Finding(1, "CG-DEC-005", "a decision log needs the play book's "
                                    "Seed: the cards are its shuffles", "a Seed tag", "none"))
        return out
    kickoff = tags.get(KICKOFF_TAG, "")
    if kickoff not in SIDE_LETTERS:
        out.findings.append(Finding(1, "CG-DEC-001", "who kicks off missing (the header's "
                                    "kick-off bubble)", "H or A", kickoff or "nothing"))
        kickoff = SIDE_LETTERS[0]
        out.tags[KICKOFF_TAG] = kickoff
    source = Scripted(rows, kickoff)
    lines, _ = play_lines(seed, rules, source)
    source.go_on(source.last + 1)
    out.lines = lines
    out.findings += source.findings
    number = 0
    score = kept = (0, 0)
    for line in lines:
        if not line.startswith("shuffle"):
            number += 1
        plan = source.plans.get(number)
        row = plan.rows[0] if plan else None
        at = row.line if row else _next_line(source, number)
        checked = line
        m = None if line.startswith("shuffle") else _LAST_SCORE.search(line)
        if m is not None:
            after = (int(m.group(1)), int(m.group(2)))
            scorer = next((i for i in (0, 1) if after[i] != score[i]), None)
            written = row.get("score") if row else ""
            shift = (kept[0] - score[0], kept[1] - score[1])   # a slip carried on
            if scorer is not None and not written:
                out.findings.append(Finding(at or 1, "CG-DEC-003", f"passage {number} "
                                            "scored: the score is written after every "
                                            "score", f"{number} = {after[scorer]}", "nothing"))
                kept = (after[0] + shift[0], after[1] + shift[1])
            elif scorer is not None:
                kept = _with((after[0] + shift[0], after[1] + shift[1]), scorer, int(written))
            checked = _scores_as(line, shift, kept)
            score = after
        out.checked.append(checked)
        out.rows.append(at)
    for plan in source.plans.values():
        first = plan.rows[0]
        if first.get("score") and not _scored(lines, plan.number):
            out.findings.append(Finding(first.line, "CG-DEC-002", "a score written after a "
                                        "passage that did not score", "nothing",
                                        f"= {first.get('score')}"))
    return out


_ANY_SCORE = re.compile(r"(\d+)-(\d+)")


def _scores_as(line: str, shift: tuple[int, int], final: tuple[int, int]) -> str:
    """A passage line as the table kept its score: each running score shifted by a slip
    carried on from before, the last one the score written at its checkpoint."""
    head, sep, tail = line.partition(" = ")
    outcome, arrow, rest = tail.partition(" > ")
    found = list(_ANY_SCORE.finditer(outcome))
    parts, at = [], 0
    for k, m in enumerate(found):
        h, a = ((int(m.group(1)) + shift[0], int(m.group(2)) + shift[1])
                if k < len(found) - 1 else final)
        parts += [outcome[at:m.start()], f"{h}-{a}"]
        at = m.end()
    return head + sep + "".join(parts) + outcome[at:] + arrow + rest


def _scored(lines: list[str], number: int) -> bool:
    passages = [line for line in lines if not line.startswith("shuffle")]
    return 0 < number <= len(passages) and _LAST_SCORE.search(passages[number - 1]) is not None


def _next_line(source: Scripted, number: int) -> int | None:
    later = [k for k in source.plans if k >= number]
    return source.plans[min(later)].rows[0].line if later else None


def _with(pair: tuple[int, int], i: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if i == 0 else (pair[0], value)


# -- a record's decisions ---------------------------------------------------------------------
def rows_of_record(text: str, file: str = "<record>",
                   rules: Rules | None = None) -> tuple[dict[str, str], list[str]]:
    """A typed passage log's tags and its decision rows: a row for each passage with a
    field-goal option, a shuffle after it or a score, and for the last passage."""
    from printkit_engine.bubbles import write_tokens

    rules = rules or load_rules()
    record = parse(text, file, rules)
    tags = dict(record.tags)
    grammar = decision_log().grammar
    out: list[dict[str, str]] = []
    number = 0
    score = (0, 0)
    current: list[dict[str, str]] = []
    passages = [e for e in record.items if e.kind in ("passage", "shuffle")]
    for entry in passages:
        if entry.kind == "shuffle":
            if current:
                current[0]["shuffle"] = "shuffle:" + "".join(
                    s for s in SIDE_LETTERS if s in entry.sides)
            continue
        out += [r for r in current if len(r) > 1]
        number += 1
        p = start(entry.side, entry.grid)
        answers = []
        for card, mark in zip(entry.cards, entry.fg, strict=True):
            if p.over:
                break
            if fg_option(p, card, rules):
                answers.append("FG:yes" if mark else "FG:no")
            p = step(p, card, rules, fg=mark)
        current = [{"passage": str(number)}]
        for k, answer in enumerate(answers):
            if k:
                current.append({"passage": str(number)})
            current[-1]["fg"] = answer
        w = entry.outcome
        if w is not None and w.scores:
            after = w.scores[-1][1:]
            scorer = next((i for i in (0, 1) if after[i] != score[i]), None)
            if scorer is not None:
                current[0]["score"] = str(after[scorer])
            score = after
    if current:
        current[0]["_last"] = "1"
        out += [r for r in current if len(r) > 1]
    lines = [write_tokens(grammar, {k: v for k, v in r.items() if not k.startswith("_")})
             for r in out]
    return tags, lines


def log_of_record(text: str, file: str = "<record>") -> str:
    """A typed passage log as its decision log text (`render --decisions --from`)."""
    tags, lines = rows_of_record(text, file)
    return log_text(tags, lines)



__all__ = ["FIELDS", "Scripted", "decision_log", "log_of_record", "replay",
           "rows_of_record"]
