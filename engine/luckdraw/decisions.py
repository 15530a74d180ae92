"""Luck of the Draw's decision log (issue 31): what the table saw and chose, replayed.

With a play book the deal of drive K is the book's slip (L17), and the holders and points
follow from the cards. What is not in the book is the broadcast (what the table SAW: a new
drive, each scoring event) and the players' choices (the audible calls, a trade, a late
deal). One row a happening, in the order the table saw them; its fields:

    drive     drive trade audible late   a new drive (and the quarter it begins), a trade,
                                         the audible calls, the QB dealt after the 1st snap
    play      sack, off pen, def pen, 1st down, short, timeout, review, reset, kick TD,
              touchback                  an event of a play (or a kick)
    end       pass TD, run TD, XP, 2 pt, safety, FG, miss FG, int, fumble, 4th down, punt,
              no 1st, expires            how the drive ended, its try, the clock
    quarter   Q1 Q2 Q3 Q4 OT             a drive row: the quarter this drive begins
    bonus     +markers +overturned +blocked +td +inside (two)   the event's bonus words
    trade     P1:FDN                     who gives which card
    for       P3:SACK                    to whom, for which card
    call      run pass                   the audible row: the play the offense ran
    P1 .. P8  run pass                   the audible row: each seat's call
    = total   = 12                       after an event or a late deal that scores: the new
                                         total of the seat it scored for (the checkpoint)

`Scripted` is the decision source that plays the rows through the bots' own loop
(engine/luckdraw/bots.py `play`), so a log replays exactly as the bots would have played
it; the lines the replay writes are verified by the game's own verifier. A row with no
happening or two (LD-DEC-001, LD-DEC-002), a field the row has no use for (LD-DEC-002), a
total not written after a score (LD-DEC-003), rows before the first drive (LD-DEC-004), no
Seed (LD-DEC-005); a written total that is not the replay's is the verifier's LD-TOTAL-001
on that row.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field

from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot, number_part
from printkit_engine.decisions import LOG_VALUE, DecisionLog, Field, Replayed, Row, log_text
from printkit_engine.findings import Finding
from printkit_engine.game import Lazy
from printkit_engine.luckdraw import notation as n
from printkit_engine.luckdraw.bots import Audible, Event, Happening, Table, Trade, play
from printkit_engine.luckdraw.cards import MAX_PLAYERS
from printkit_engine.luckdraw.rules import Length, Rules, load_rules
from printkit_engine.luckdraw.teams import SEAT_TAGS

PREFIX = "LD"
# (token, card, word, label): the events of a play, and how a drive ends (its try, the clock)
PLAY_EVENTS = (("sack", "SACK", "sack", "sack"), ("offpen", "OP", "penalty", "off pen"),
               ("defpen", "DP", "penalty", "def pen"), ("first", "FDN", "first", "1st down"),
               ("short", "TOD", "short", "short"), ("timeout", "IR/TO", "timeout", "timeout"),
               ("review", "IR/TO", "review", "review"), ("reset", "TE", "reset", "reset"),
               ("kickTD", "STTD", "td", "kick TD"),
               ("touchback", "STTD", "touchback", "touchback"))
END_EVENTS = (("passTD", "PTD", "td", "pass TD"), ("runTD", "RTD", "td", "run TD"),
              ("xp", "XP/S", "xp", "XP"), ("2pt", "XP/S", "2pt", "2 pt"),
              ("safety", "XP/S", "safety", "safety"), ("FG", "FG", "made", "FG"),
              ("missFG", "MFG", "missed", "miss FG"), ("int", "INT", "int", "int"),
              ("fumble", "FBL", "fumble", "fumble"), ("4th", "TOD", "fourth", "4th down"),
              ("punt", "P", "punt", "punt"), ("no1st", "TOD", "none", "no 1st"),
              ("expires", "TE", "expires", "clock 0"))
EVENTS = {t: (card, word) for t, card, word, _ in PLAY_EVENTS + END_EVENTS}
TOKEN_OF = {(card, word): t for t, (card, word) in EVENTS.items()}
ROWS = ("drive", "trade", "audible", "late")
ROW_LABELS = ("drive", "trade", "audible", "late deal")
BONUS_WORDS = ("markers", "overturned", "blocked", "td", "inside")
BONUS_LABELS = ("markers", "overturned", "blocked", "TD", "inside")
SEATS = tuple(f"P{k}" for k in range(1, MAX_PLAYERS + 1))
CALLS = ("run", "pass")
TOP_TOTAL = 199           # the highest total a checkpoint writes (simulated games: < 150)
TYPICAL_ROWS = 120        # rows of a whole game (simulated: drives + events + audibles)
KINDS = ("drive", "play", "end")      # the slots naming what a row is: one a row

FIELDS = (
    Field("drive", "a new drive (drive), a trade, the audible calls (audible), the QB "
          "dealt after the first snap (late)"),
    Field("play", "an event of a play the table saw, ticked against its card"),
    Field("end", "how the drive ended, its try, the clock running out"),
    Field("quarter", "a drive row: the quarter the drive begins, when it begins one"),
    Field("bonus", "an event's bonus words (up to two)"),
    Field("trade", "a trade row: who gives which card"),
    Field("for", "a trade row: to whom, for which card"),
    Field("call", "an audible row: the play the offense ran (run or pass)"),
    *(Field(s, f"an audible row: {s}'s call, when {s} called") for s in SEATS),
    Field("total", "after an event or a late deal that scores for a seat: that seat's new "
          "total"),
)
CHECKPOINT = "total"
SHEET_LEGEND = (
    "One band for each thing that happens, in order: a new drive, a trade, the audible "
    "calls, each scoring event, a late deal.",
    "= total: after an event that scores, the new total of the player who scored.  The "
    "play book's slip says who holds each card.",
)

_LOG: dict[int, DecisionLog] = {}


def decision_log(rules: Rules | None = None) -> DecisionLog:
    """Luck of the Draw's decision log (its grammar is the same for any rules: the event
    words are the cheat sheet's, checked against the rules when replayed)."""
    if 0 not in _LOG:
        _LOG[0] = _decision_log(rules or load_rules())
    return _LOG[0]


def _decision_log(rules: Rules) -> DecisionLog:
    codes = rules.cards.codes

    def call(seat: str) -> Slot:
        return Slot(seat, (Part("call", CALLS),), lead=f"{seat}:", title=seat)

    slots = (
        Slot("drive", (Part("row", ROWS, labels=ROW_LABELS),), title="new"),
        Slot("play", (Part("event", tuple(t for t, *_ in PLAY_EVENTS),
                           labels=tuple(lab for *_, lab in PLAY_EVENTS)),),
             title="a play's event"),
        Slot("end", (Part("event", tuple(t for t, *_ in END_EVENTS),
                          labels=tuple(lab for *_, lab in END_EVENTS)),),
             title="the drive ends / try / clock"),
        Slot("quarter", (Part("q", rules.periods),), title="quarter"),
        Slot("bonus", (Part("b1", BONUS_WORDS, labels=BONUS_LABELS, prefix="+"),
                       Part("b2", BONUS_WORDS, labels=BONUS_LABELS, prefix="+")),
             title="bonus"),
        Slot("trade", (Part("a", SEATS), Part("give", codes, prefix=":")),
             title="trade: who gives which card"),
        Slot("for", (Part("b", SEATS, labels=tuple(f"to {s}" for s in SEATS)),
                     Part("take", codes, prefix=":")),
             title="to whom, for which card"),
        Slot("call", (Part("play", CALLS),), title="audible"),
        *(call(s) for s in SEATS),
        Slot("total", (Part("sign", ("-",)), number_part("n", TOP_TOTAL)),
             title="= total of the player who scored"),
    )
    form = Form("", (
        Segment("", KINDS),
        Segment(" ", ("quarter", "bonus", "trade", "for", "call", *SEATS)),
        Segment(" = ", ("total",)),
    ))
    from printkit_engine.decisions.lines import DecisionLines

    grammar = Grammar("luckdraw", slots, (form,),
                      tags=("Seed", "Players", "Length", "FinishDrive", "Home", "Away",
                            "Date", "Match", *SEAT_TAGS),
                      hint="passTD = 12", log=LOG_VALUE, variant=LOG_VALUE,
                      stamp=(("Log", LOG_VALUE),), seeded=True,
                      lines=DecisionLines(of_record=log_of_record),
                      typical_lines=TYPICAL_ROWS, legend=SHEET_LEGEND)
    return DecisionLog(
        game="luckdraw", prefix=PREFIX, grammar=grammar, fields=FIELDS, checkpoint=CHECKPOINT,
        replay=replay, from_record=log_of_record,
        verify=Lazy("printkit_engine.luckdraw.verify:record_report"), load_rules=load_rules,
        tags=("Players", "Length", "FinishDrive", *SEAT_TAGS),
        legend=tuple(f"{f.slot}: {f.applies}" for f in FIELDS[:8] + FIELDS[-1:]),
        default=False)      # ~26 letter sheets a game against 3 written pages (a band a
                            # happening): the dense sheet stays the default (bubblelog.md)


# -- replay -----------------------------------------------------------------------------------
def kind(row: Row) -> str:
    """What a row is: `drive`, `trade`, `audible`, `late`, or an event's token ("" none)."""
    return row.get("drive") or row.get("play") or row.get("end")


@dataclass
class DriveRows:
    row: Row
    rows: list[Row] = field(default_factory=list)


class Scripted:
    """A decision source (bots.Source) reading a decision log's rows, a drive at a time."""

    def __init__(self, rows: list[Row], length: Length, rules: Rules) -> None:
        self.length, self.rules = length, rules
        self.findings: list[Finding] = []
        self.drives: list[DriveRows] = []
        self.k = -1
        self.marks: list[int] = []           # the record line each row's lines start at
        self.at: list[Row] = []              # the row those lines came from
        self.before: list[tuple[int, ...]] = []     # the totals when the row was reached
        for row in rows:
            named = [s for s in KINDS if row.has(s)]
            if len(named) != 1:
                self._find(row, "LD-DEC-001" if not named else "LD-DEC-002",
                           "a row is one happening: a drive, trade, audible or late deal, or "
                           "one event", "one of them", " ".join(row.get(s) for s in named)
                           or "nothing")
                continue
            if kind(row) == "drive":
                self.drives.append(DriveRows(row))
            elif not self.drives:
                self._find(row, "LD-DEC-004", "a row before the first drive", "a drive row "
                           "first", row.text[:40])
            else:
                self.drives[-1].rows.append(row)

    def _find(self, row: Row, rule: str, message: str, expected: str, found: str) -> None:
        self.findings.append(Finding(row.line, rule, message, expected, found))

    def _mark(self, table: Table, row: Row) -> None:
        self.marks.append(len(table.lines))
        self.at.append(row)
        self.before.append(tuple(table.totals))

    def _unused(self, row: Row, uses: tuple[str, ...]) -> None:
        for f in FIELDS:
            if f.slot not in (*KINDS, *uses) and row.has(f.slot):
                self._find(row, "LD-DEC-002", f"{f.slot} is not a field of this row",
                           "nothing", "".join(row.values.get(f.slot, ())))

    def next_drive(self, table: Table, number: int) -> str | None:
        self.k += 1
        if self.k >= len(self.drives):
            return None
        row = self.drives[self.k].row
        self._mark(table, row)
        self._unused(row, ("quarter",))
        return row.get("quarter")

    def trade(self, table: Table, qb: int, allowed: bool) -> Trade | None:
        rows = self.drives[self.k].rows
        found: Trade | None = None
        for i, row in enumerate(rows):
            if kind(row) != "trade":
                continue
            if found is not None or any(kind(r) != "trade" for r in rows[:i]):
                self._find(row, "LD-DEC-002", "a decision log has one trade a drive, right "
                           "after the drive's row", "a trade after the drive row", row.text)
                continue
            self._unused(row, ("trade", "for"))
            parts = [row.get("trade", 0), row.get("trade", 1), row.get("for", 0),
                     row.get("for", 1)]
            if not all(parts):
                self._find(row, "LD-DEC-001", "trade missing (who gives which card, to whom, "
                           "for which card)", "e.g. P1:FDN P3:SACK", row.text)
                continue
            self._mark(table, row)
            found = Trade(int(parts[0][1:]), parts[1], int(parts[2][1:]), parts[3])
        return found

    def drive(self, table: Table, qb: int) -> Iterator[Happening]:
        for row in self.drives[self.k].rows:
            what = kind(row)
            if what in ("trade", "late"):
                continue
            if what == "drive":                # not reached: a drive row begins a group
                continue
            if what == "audible":
                self._unused(row, ("call", *SEATS))
                play = row.get("call")
                if not play:
                    self._find(row, "LD-DEC-001", "call missing (the play the offense ran)",
                                "run or pass", "nothing")
                    play = CALLS[0]
                calls = tuple((k, row.get(s)) for k, s in enumerate(SEATS, start=1)
                              if row.get(s))
                self._mark(table, row)
                yield Audible(play, calls)
                continue
            self._unused(row, ("bonus", "total"))
            card, word = EVENTS[what]
            words = [word]
            for b in (row.get("bonus", 0), row.get("bonus", 1)):
                if b and self.rules.event(card, b) is None:
                    self._find(row, "LD-DEC-002", f"+{b} is not a bonus of this event",
                               "a bonus of the card", "+" + b)
                elif b:
                    words.append(b)
            self._mark(table, row)
            yield Event(card, tuple(words))

    def late(self, table: Table, qb: int) -> bool:
        rows = [r for r in self.drives[self.k].rows if kind(r) == "late"]
        for row in rows[1:]:
            self._find(row, "LD-DEC-002", "one late deal a drive", "one", "late")
        if rows:
            self._unused(rows[0], ("total",))
            self._mark(table, rows[0])
        return bool(rows)


def _length(tags: dict[str, str], rules: Rules) -> Length:
    key = tags.get("Length", "full")
    return next((x for x in rules.lengths if x.key == key),
                next(x for x in rules.lengths if x.key == "full"))


def _players(tags: dict[str, str]) -> int:
    value = tags.get("Players", "")
    return int(value) if value.isdigit() and 2 <= int(value) <= MAX_PLAYERS else 4


def replay(tags: dict[str, str], rows: list[Row], rules: Rules | None = None) -> Replayed:
    """The game the rows play from the tags' Seed: its exact record lines, the lines to
    verify (the drive totals the replay writes left off, the total written at each
    checkpoint put in after its event), which row made each line, the rows' findings."""
    rules = rules or load_rules()
    out = Replayed(dict(tags))
    seed = tags.get("Seed")
    if not seed:
        out.findings.append(Finding(1, "LD-DEC-005", "a decision log needs the play book's "
                                    "Seed: the deals are its slips", "a Seed tag", "none"))
        return out
    players = _players(tags)
    source = Scripted(rows, _length(tags, rules), rules)
    table = play(seed, rules, players, source)
    out.lines = table.lines
    out.findings += source.findings
    after = [*source.before[1:], tuple(table.totals)]
    # a row's totals after it are those when the next row was reached (rows are marked in
    # the order the loop reached them)
    due: dict[int, tuple[int, int]] = {}      # last record line of a row -> (seat, total)
    for j, row in enumerate(source.at):
        what = kind(row)
        changed = [s for s in range(players) if after[j][s] != source.before[j][s]]
        written = row.get("total", 1)
        sign = row.get("total", 0)
        if what in ("drive", "trade", "audible"):
            continue
        if len(changed) != 1:
            if written:
                out.findings.append(Finding(row.line, "LD-DEC-002", "a total written after "
                                            "an event that scored for nobody", "nothing",
                                            f"= {sign}{written}"))
            continue
        seat = changed[0]
        if not written:
            out.findings.append(Finding(row.line, "LD-DEC-003", "the total is written after "
                                        "every score", f"= {after[j][seat]}", "nothing"))
            continue
        end = source.marks[j + 1] if j + 1 < len(source.marks) else len(table.lines)
        last = end - 1
        while last > source.marks[j] and table.lines[last].startswith(("total ", "winner")):
            last -= 1
        due[last] = (seat + 1, int(sign + written))
    lines_at = source.marks
    for i, line in enumerate(table.lines):
        k = bisect_right(lines_at, i) - 1
        row_line = source.at[k].line if k >= 0 else None
        if line.startswith("total "):
            continue
        out.checked.append(line)
        out.rows.append(row_line)
        if i in due:
            seat, total = due[i]
            out.checked.append(f"total P{seat} {total}")
            out.rows.append(row_line)
    for drive in source.drives[source.k + 1:]:
        out.findings.append(Finding(drive.row.line, "LD-DEC-004", "a drive after the game is "
                                    "over", "no more drives", drive.row.text[:40]))
    return out


# -- a record's decisions ---------------------------------------------------------------------
def rows_of_record(text: str, file: str = "<record>",
                   rules: Rules | None = None) -> tuple[dict[str, str], list[str]]:
    """A typed record's tags and its happenings as decision rows (one a line the table saw or
    chose), each score's checkpoint the running total the record's own points make."""
    from printkit_engine.bubbles import write_tokens

    rules = rules or load_rules()
    record = n.parse(text, file, rules)
    tags = dict(record.tags)
    grammar = decision_log(rules).grammar
    totals: dict[int, int] = {}
    out: list[str] = []
    quarter = ""
    calls: tuple[tuple[int, str], ...] = ()
    for entry in n.entries(record):
        tokens: dict[str, str] = {}
        if isinstance(entry, n.Period):
            quarter = entry.name
            continue
        if isinstance(entry, n.Drive):
            tokens = {"drive": "drive"} | ({"quarter": quarter} if quarter else {})
            quarter = ""
        elif isinstance(entry, n.Trade):
            if len(entry.gives) != 1 or len(entry.takes) != 1:
                continue
            tokens = {"drive": "trade", "trade": f"P{entry.giver}:{entry.gives[0]}",
                      "for": f"P{entry.taker}:{entry.takes[0]}"}
        elif isinstance(entry, n.Calls):
            calls = entry.calls
            continue
        elif isinstance(entry, n.Audible):
            tokens = {"drive": "audible", "call": entry.play}
            tokens |= {f"P{s}": f"P{s}:{c}" for s, c in calls}
            for s, p in entry.awards:
                totals[s] = totals.get(s, 0) + p
            calls = ()
        elif isinstance(entry, n.Score):
            token = TOKEN_OF.get((entry.card, entry.words[0]))
            if token is None:
                continue
            slot = "play" if any(t == token for t, *_ in PLAY_EVENTS) else "end"
            tokens = {slot: token}
            if len(entry.words) > 1:
                tokens["bonus"] = "".join(f"+{w}" for w in entry.words[1:3])
            if entry.holder is not None and entry.points:
                totals[entry.holder] = totals.get(entry.holder, 0) + entry.points
                tokens["total"] = str(totals[entry.holder])
        elif isinstance(entry, n.PenaltyLine):
            if entry.kind != "delay":
                continue
            totals[entry.seat] = totals.get(entry.seat, 0) - entry.points
            tokens = {"drive": "late", "total": str(totals[entry.seat])}
        else:
            continue
        out.append(write_tokens(grammar, tokens))
    return tags, out


def log_of_record(text: str, file: str = "<record>") -> str:
    """A typed record as its decision log text (`render --decisions --from`)."""
    tags, lines = rows_of_record(text, file)
    return log_text(tags, lines)



__all__ = ["FIELDS", "Scripted", "decision_log", "log_of_record", "replay",
           "rows_of_record"]
