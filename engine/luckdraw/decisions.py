"""Luck of the Draw's decision log (issue 31): what the table saw and chose, replayed.

With a play book the deal of drive K is the book's slip (L17), and the holders and points
follow from the cards. What is not in the book is the broadcast (what the table SAW: a new
drive, each scoring event) and the players' choices (the audible calls, a trade, a late
deal). A row holds events of one drive, each at most once (an event seen again goes on the
drive's first row that does not hold it yet: a drive's events score the same in any order,
the holders changing only at its start), and a checkpoint follows each quarter's end and the
game's (docs/rules/luckdraw.md, L22); the rows' fields:

    drive     drive trade for late       a new drive, a trade (the card given, then `for`
                                         the card taken: each as one of its events, `trade
                                         first` gives FDN), the QB dealt after the 1st snap
    play      sack, off pen, def pen, 1st down, short (any of them: "sack first")
    stop      timeout, review, reset, kick TD, touchback      events of plays (or kicks)
    score     pass TD, run TD, XP, 2 pt, safety, FG
    end       miss FG, int, fumble, 4th down, punt, no 1st, expires   how the drive ended,
                                         its try, the clock
    bonus     +markers +overturned +blocked +inside +td       the row's events' bonus words,
                                         each for the one event of the row that has it
    call      run pass                   the audible: the play the offense ran (on a row of
                                         its drive, typed; on an audible row of its own on
                                         the sheet, the row marked `calls`)
    P1 .. P8  run pass                   the audible: each seat's call
    seat      P1 .. P8                   a total row: the checkpoint, a row a seat, P1
    = total   = 12                       first, after the drive the clock ran out in and
                                         after the game's last drive

On the sheet a band is five event rows, two audible rows and two total rows (BAND_KINDS); the
audible rows and total rows are taken when needed (sheetlines.py: `AsideLines` puts a log on
a sheet, `join_calls` puts an audible row back on its event). `Scripted` is the decision
source that plays the event rows through the bots' own loop (engine/luckdraw/bots.py
`play`), so a log replays exactly as the bots would have played it; the lines the replay
writes are verified by the game's own verifier, each checkpoint's totals put in at the end
of its drive. A row with no happening (LD-DEC-001), an event on a late deal's row or beside a
traded card, a bonus none or two of the row's events could have, a field the row has no use
for (LD-DEC-002), a checkpoint missing or short of a seat (LD-DEC-003), rows before
the first drive (LD-DEC-004), no Seed (LD-DEC-005); a written total that is not the
replay's is the verifier's LD-TOTAL-001 on its total row.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice, product
from typing import Any

from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot, number_part
from printkit_engine.decisions import LOG_VALUE, DecisionLog, Field, Replayed, Row, log_text
from printkit_engine.findings import Finding
from printkit_engine.game import LENGTH_TAG, Lazy
from printkit_engine.luckdraw import notation as n
from printkit_engine.luckdraw.bots import Audible, Event, Happening, Table, Trade, play
from printkit_engine.luckdraw.cards import DEFAULT_PLAYERS, MAX_PLAYERS
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
LABEL = {t: lab for t, *_, lab in PLAY_EVENTS + END_EVENTS}
# the sheet's groups of event words (a row's one event is in one of them), with headings
EVENT_SLOTS = (
    ("play", ("sack", "offpen", "defpen", "first", "short"), "a play"),
    ("stop", ("timeout", "review", "reset", "kickTD", "touchback"), "stop, kick"),
    ("score", ("passTD", "runTD", "xp", "2pt", "safety", "FG"), "score, try"),
    ("end", ("missFG", "int", "fumble", "4th", "punt", "no1st", "expires"), "drive ends"),
)
EVENT_NAMES = tuple(name for name, *_ in EVENT_SLOTS)
TOKEN_OF = {(card, word): t for t, (card, word) in EVENTS.items()}
# a trade's card is shaded in a column of its events (each column's head names its card)
CARD_TOKEN = {card: t for t, (card, _) in reversed(list(EVENTS.items()))}
ROWS = ("drive", "trade", "for", "late")
ROW_LABELS = ("new drive", "trade", "for", "late deal")
TRADES = ("trade", "for")
BONUS_WORDS = ("markers", "overturned", "blocked", "inside", "td")
BONUS_LABELS = ("markers", "overturned", "blocked", "inside", "TD return")
SEATS = tuple(f"P{k}" for k in range(1, MAX_PLAYERS + 1))
CALLS = ("run", "pass")
TOP_TOTAL = 199           # the highest total a checkpoint writes (simulated games: < 150)
TYPICAL_ROWS = 75         # sheet lines a whole game spans, as placed (50 simulated games,
                          # `sheets-bench`: 27-117; some 34 event rows, 12 audible rows, 11
                          # total rows, and the band's aside rows no row took): a class
                          # pack's sheets
KINDS = ("drive", *EVENT_NAMES)      # the slots naming what a row is
QUARTER_ENDS = "expires"  # the clock runs out: the next drive begins the next period
MARK = "calls"            # an event row's mark: its audible calls are on an audible row
# the rows of a band, one line of the log each: events, then the rare rows (sheetlines.py)
EVENT_ROW = ("drive", MARK, *EVENT_NAMES, "bonus")
AUDIBLE_ROW = ("call", "pass", "run")
TOTAL_ROW = ("seat", "total")
BAND_KINDS = ("event",) * 5 + ("audible",) * 2 + ("total",) * 2
ROW_SLOTS = {"event": EVENT_ROW, "audible": AUDIBLE_ROW, "total": TOTAL_ROW}

FIELDS = (
    Field("drive", "the first row of a drive (new drive, with its first events when no "
          "trade comes first), a trade (the cards given, then `for` the cards taken, each "
          "shaded as one of its card's events: the play book's slip says who holds them), the QB "
          "dealt after the first snap (late deal)"),
    Field("play", "the events of plays the table saw, ticked against their cards: each once "
          "a row, the next time on the drive's first row without it"),
    Field("stop", "a timeout, a review, the clock reset, a kick returned or a touchback"),
    Field("score", "a touchdown, its try, a safety, a field goal"),
    Field("end", "how else the drive ended, the clock running out (clock 0: the next "
          "drive begins the next quarter)"),
    Field("bonus", "the bonus words of the row's events, each for the one event of the row "
          "that has it (a blocked kick returned for a TD: blocked and TD)"),
    Field("calls", "on a row of the drive the audible was called in: the calls are on the "
          "next free audible row below it"),
    Field("call", "the audible, on an audible row: the play the offense ran"),
    Field("pass", "the audible: the seats that called pass"),
    Field("run", "the audible: the seats that called run"),
    Field("seat", "a checkpoint, at each quarter's end (clock 0) and the game's: a total "
          "row a seat, P1 first, on the next free total rows"),
    Field("total", "the checkpoint: that seat's total"),
)
CHECKPOINT = "total"
SHEET_LEGEND = (
    "A new drive starts a new row. Each event goes on its drive's first row where its bubble "
    "is still empty.",
    "Audible: on a row of its drive, its calls on the next free audible row below. Trade: "
    "trade + cards given, for + cards taken (any column of a card's code), later events "
    "below. Totals: after clock 0 and at the end, on the next free total rows.",
)

_LOG: dict[int, DecisionLog] = {}


def decision_log(rules: Rules | None = None) -> DecisionLog:
    """Luck of the Draw's decision log (its grammar is the same for any rules: the event
    words are the cheat sheet's, checked against the rules when replayed)."""
    if 0 not in _LOG:
        _LOG[0] = _decision_log(rules or load_rules())
    return _LOG[0]


def _seats(name: str, lead: str, title: str) -> Slot:
    """The seats that made one audible call: a bubble a seat, any of them shaded."""
    return Slot(name, tuple(Part(s, (s,)) for s in SEATS), lead=lead, title=title)


def _event_slots(each: bool) -> tuple[Slot, ...]:
    """The event row's event groups and bonus: each column shaded on its own (`each`: a row
    holds a drive's events, each once), else, as the sheets of an event a row drew them, one
    event of a group and one bonus word (and TD) a row."""
    labels = {t: f"{LABEL[t]}  {EVENTS[t][0]}" for t in EVENTS}
    if each:
        return (*(Slot(name, tuple(Part(t, (t,), labels=(labels[t],)) for t in tokens),
                       title=title, heads=True, sep=" ", packed=True)
                  for name, tokens, title in EVENT_SLOTS),
                Slot("bonus", tuple(Part(w, (w,), labels=(label,), prefix="+")
                                    for w, label in zip(BONUS_WORDS, BONUS_LABELS, strict=True)),
                     title="bonus", heads=True, packed=True))
    return (*(Slot(name, (Part("event", tokens, labels=tuple(labels[t] for t in tokens)),),
                   title=title, heads=True) for name, tokens, title in EVENT_SLOTS),
            Slot("bonus", (Part("word", BONUS_WORDS[:-1], labels=BONUS_LABELS[:-1], prefix="+"),
                           Part("td", BONUS_WORDS[-1:], labels=BONUS_LABELS[-1:], prefix="+")),
                 title="bonus", heads=True))


def _grammar(each: bool, kinds: tuple[str, ...], **kw: Any) -> Grammar:
    """The decision sheet's grammar with these event slots (`_event_slots`) and this band."""
    slots = (                # a band's rows, one line of the log each (`kinds`): an event
        # row (a table's columns, their words over the first band; the events in short
        # groups: a timing square between two groups keeps the reader on a bent page), an
        # audible row, a total row (sheetlines.py: the rare rows, taken when needed)
        Slot("drive", (Part("row", ROWS, labels=ROW_LABELS),), title="drive", heads=True),
        Slot(MARK, (Part("mark", (MARK,), labels=("audible",)),), title=" ", heads=True),
        *_event_slots(each),
        Slot("call", (Part("play", CALLS),), lead="audible:", title="audible"),
        _seats("pass", "pass:", "called pass"),
        _seats("run", "run:", "called run"),
        Slot("seat", (Part("seat", SEATS),), title="total of"),
        Slot("total", (Part("sign", ("-",)), number_part("n", TOP_TOTAL)), title="= total"),
    )
    form = Form("", (
        Segment("", ("drive", MARK, "call", "pass", "run", *EVENT_NAMES, "bonus", "seat")),
        Segment(" = ", ("total",)),
    ))
    return Grammar("luckdraw", slots, (form,),
                   tags=("Seed", n.PLAYERS_TAG, LENGTH_TAG, n.FINISH_TAG, "Home", "Away",
                         "Date", "Match", *SEAT_TAGS),
                   hint="drive touchback", log=LOG_VALUE, variant=LOG_VALUE,
                   stamp=(("Log", LOG_VALUE),), seeded=True,
                   band=tuple(((line, 0),) for line in range(len(kinds))),
                   line_slots=tuple(ROW_SLOTS[k] for k in kinds), **kw)


def _decision_log(rules: Rules) -> DecisionLog:
    from printkit_engine.luckdraw.sheetlines import AsideLines

    lines = AsideLines(of_record=log_of_record, grammar_of=lambda: decision_log(rules).grammar,
                       kinds=BAND_KINDS, audible_row=AUDIBLE_ROW, total_row=TOTAL_ROW,
                       mark=MARK)
    # the sheets printed before a row held a drive's events: an event a row, a band of six
    # event rows, an audible row and two total rows; their lines are this log's lines too
    earlier = _grammar(False, ("event",) * 6 + ("audible", "total", "total"))
    grammar = _grammar(True, BAND_KINDS, lines=lines, typical_lines=TYPICAL_ROWS,
                       legend=SHEET_LEGEND, earlier=(earlier,))
    return DecisionLog(
        game="luckdraw", prefix=PREFIX, grammar=grammar, fields=FIELDS, checkpoint=CHECKPOINT,
        replay=replay, from_record=log_of_record,
        verify=Lazy("printkit_engine.luckdraw.verify:record_report"), load_rules=load_rules,
        tags=(n.PLAYERS_TAG, LENGTH_TAG, n.FINISH_TAG, *SEAT_TAGS),
        legend=tuple(f"{f.slot}: {f.applies}" for f in FIELDS),
        # the winner declared (the verifier's LEN-002) and the last checkpoint (DEC-003)
        whole_game=frozenset({f"{PREFIX}-LEN-002", f"{PREFIX}-DEC-003"}))


# -- replay -----------------------------------------------------------------------------------
def kind(row: Row) -> str:
    """What a row begins with: `drive`, `trade`, `for`, `late`, or its first event's token
    ("" for a row of the audible calls alone)."""
    return row.get("drive") or next(iter(events(row)), "")


def events(row: Row) -> tuple[str, ...]:
    """The row's event tokens, in the table's column order (a row holds each event once)."""
    return tuple(t for s in EVENT_NAMES for t in row.values.get(s, ()) if t)


def cards(row: Row) -> tuple[str, ...]:
    """The cards a trade or `for` row names: the card of each event shaded."""
    return tuple(EVENTS[t][0] for t in events(row))


def audible(row: Row) -> bool:
    """Whether the row holds the audible calls (before its event, if it has one)."""
    return any(row.has(s) for s in ("call", "pass", "run"))


@dataclass
class DriveRows:
    row: Row
    rows: list[Row] = field(default_factory=list)

    @property
    def happenings(self) -> list[Row]:
        """The rows of the drive's events, audible and trades, in order (its first row too,
        when it carries events or the audible calls; a late deal is the source's `late`)."""
        first = [self.row] if events(self.row) or audible(self.row) else []
        return first + [r for r in self.rows if kind(r) != "late"]

    def ends_quarter(self) -> bool:
        """Whether the clock ran out in the drive (a trade's card shaded in the clock 0
        column is no clock)."""
        return any(QUARTER_ENDS in events(r) for r in self.happenings
                   if r.get("drive") not in TRADES)


class Scripted:
    """A decision source (bots.Source) reading a decision log's rows, a drive at a time."""

    def __init__(self, rows: list[Row], length: Length, rules: Rules,
                 readings: dict[tuple[int, str], int] | None = None) -> None:
        self.length, self.rules = length, rules
        self.readings = readings or {}       # (row line, bonus) -> which event it goes with
        self.doubts: dict[tuple[int, str], int] = {}   # (row line, bonus) -> events it could
        self.findings: list[Finding] = []
        self.drives: list[DriveRows] = []
        self.k = -1
        self.period = 0
        self.marks: list[int] = []           # the record line each happening's lines start at
        self.at: list[Row] = []              # the row it came from
        self.what: list[str] = []            # drive, trade, audible, event, late
        self.before: list[tuple[int, ...]] = []     # the totals when it was reached
        for row in rows:
            if row.get("drive") == "late" and events(row):
                self._find(row, "LD-DEC-002", "a late deal row has no event (the drive's "
                           "events go on its other rows)", "late alone",
                           " ".join(p for s in KINDS for p in row.values.get(s, ()) if p))
                continue
            if not kind(row) and not audible(row):
                self._find(row, "LD-DEC-001", "a row with nothing that happened", "an "
                           "event, a new drive, a trade or the audible calls", row.text[:40]
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

    def _mark(self, table: Table, row: Row, what: str) -> None:
        self.marks.append(len(table.lines))
        self.at.append(row)
        self.what.append(what)
        self.before.append(tuple(table.totals))

    def _unused(self, row: Row, uses: tuple[str, ...]) -> None:
        for f in FIELDS:
            if f.slot not in (*KINDS, *uses) and row.has(f.slot):
                self._find(row, "LD-DEC-002", f"{f.slot} is not a field of this row",
                           "nothing", " ".join(p for p in row.values.get(f.slot, ()) if p))

    def next_drive(self, table: Table, number: int) -> str | None:
        """The next drive, and the period it begins: the first drive the first period, the
        drive after the clock ran out (clock 0) the next one (the rules' TE card: time
        expires at the end of a quarter)."""
        self.k += 1
        if self.k >= len(self.drives):
            return None
        drive = self.drives[self.k]
        marker = ""
        if self.k == 0:
            marker = self.rules.periods[0]
        elif self.drives[self.k - 1].ends_quarter() and self.period + 1 < len(
                self.rules.periods):
            self.period += 1
            marker = self.rules.periods[self.period]
        self._mark(table, drive.row, "drive")
        if not (events(drive.row) or audible(drive.row)):
            self._unused(drive.row, ())
        return marker

    def trade(self, table: Table, qb: int, allowed: bool) -> Trade | None:
        """None: a decision log's trades come in the drive's rows where the table made them
        (`drive`), before the events after them."""
        return None

    def _trade(self, table: Table, row: Row, take: Row | None) -> Trade | None:
        """The trade of a trade row and the `for` row after it: the cards given, then the
        cards taken, each shaded as one of its events; the slip (and the trades before)
        says who holds them, so the seats follow."""
        self._unused(row, ())
        gives, takes = cards(row), cards(take) if take is not None else ()
        if take is None or not gives or not takes:
            self._find(row, "LD-DEC-001", "trade missing (the cards given, then a `for` row "
                       "with the cards taken, each shaded as one of its events)",
                       "e.g. trade first, for sack", row.text)
            return None
        self._unused(take, ())
        holders = {c: s for s, hand in table.hands.items() for c in hand}
        said = f"{' '.join(gives)} for {' '.join(takes)}"
        if any(c not in holders for c in gives + takes):
            self._find(row, "LD-DEC-002", "a traded card is on the sidelines: nobody holds "
                       "it", "dealt cards", said)
            return None
        if len(set(gives)) < len(gives) or len(set(takes)) < len(takes):
            self._find(row, "LD-DEC-002", "a card named twice in a trade (two columns of one "
                       "card)", "each card once", said)
            return None
        givers, takers = {holders[c] for c in gives}, {holders[c] for c in takes}
        if len(givers) > 1 or len(takers) > 1 or givers == takers:
            self._find(row, "LD-DEC-002", "a trade is between two players: the cards given "
                       "are one player's, the cards taken another's", "two players' cards",
                       said)
            return None
        self._mark(table, row, "trade")
        return Trade(givers.pop(), gives, takers.pop(), takes)

    def _calls(self, row: Row, players: int) -> tuple[tuple[int, str], ...]:
        calls = []
        for k, seat in enumerate(SEATS, start=1):
            said = [c for c in CALLS if seat in row.values.get(c, ())]
            if len(said) > 1:
                self._find(row, "LD-DEC-002", f"{seat} called both run and pass", "one call",
                           "both")
            elif said and k > players:
                self._find(row, "LD-DEC-002", f"{seat} is not a seat of this game",
                           f"P1-P{players}", seat)
            elif said:
                calls.append((k, said[0]))
        return tuple(calls)

    def drive(self, table: Table, qb: int) -> Iterator[Happening]:
        rows = self.drives[self.k].happenings
        for i, row in enumerate(rows):
            if row.get("drive") == "for":
                if not (i and rows[i - 1].get("drive") == "trade"):
                    self._find(row, "LD-DEC-002", "a `for` row follows its trade row",
                               "trade, then for", row.text)
                continue
            if row.get("drive") == "trade":
                take = rows[i + 1] if i + 1 < len(rows) and rows[i + 1].get(
                    "drive") == "for" else None
                trade = self._trade(table, row, take)
                if trade is not None:
                    yield trade
                continue
            if audible(row):
                play = row.get("call")
                if not play:
                    self._find(row, "LD-DEC-001", "call missing (the play the offense ran)",
                               "run or pass", "nothing")
                    play = CALLS[0]
                self._mark(table, row, "audible")
                yield Audible(play, self._calls(row, table.players))
            what = events(row)
            if not what:
                self._unused(row, ("drive", "call", "pass", "run"))
                continue
            self._unused(row, ("drive", "call", "pass", "run", "bonus"))
            words = {t: [EVENTS[t][1]] for t in what}
            for b in (b for b in row.values.get("bonus", ()) if b):
                for t in self._takes(row, b, what):
                    words[t].append(b)
            for t in what:
                self._mark(table, row, "event")
                yield Event(EVENTS[t][0], tuple(words[t]))

    def _takes(self, row: Row, bonus: str, what: tuple[str, ...]) -> tuple[str, ...]:
        """The event of the row a bonus word is for: the one event whose card has it (a
        finding when none has, or two: the bonus then goes with the one this reading picks,
        `readings`, the first in column order unless `_read` tries another)."""
        takers = tuple(t for t in what if self.rules.event(EVENTS[t][0], bonus) is not None)
        if not takers:
            self._find(row, "LD-DEC-002", f"+{bonus} is not a bonus of "
                       f"{'this event' if len(what) == 1 else 'these events'}",
                       "a bonus of the card", "+" + bonus)
        elif len(takers) > 1:
            said = " or ".join(LABEL[t] for t in takers)
            self._find(row, "LD-DEC-002", f"+{bonus} could be for {said}: a row holds one of "
                       "them when it has a bonus (the other on the next row)", "one of them",
                       " ".join(takers))
            self.doubts[row.line, bonus] = len(takers)
            pick = self.readings.get((row.line, bonus), 0)
            return takers[pick:pick + 1]
        return takers[:1]

    def late(self, table: Table, qb: int) -> bool:
        rows = [r for r in self.drives[self.k].rows if kind(r) == "late"]
        for row in rows[1:]:
            self._find(row, "LD-DEC-002", "one late deal a drive", "one", "late")
        if rows:
            self._unused(rows[0], ())
            self._mark(table, rows[0], "late")
        return bool(rows)


def _length(tags: dict[str, str], rules: Rules) -> Length:
    key = tags.get(LENGTH_TAG, "full")
    return next((x for x in rules.lengths if x.key == key),
                next(x for x in rules.lengths if x.key == "full"))


def _players(tags: dict[str, str]) -> int:
    count = _count(tags)
    return DEFAULT_PLAYERS if count is None else count


def _count(tags: dict[str, str]) -> int | None:
    """The Players tag's table of 2-8 (None: no such tag)."""
    value = tags.get(n.PLAYERS_TAG, "")
    return int(value) if value.isdigit() and 2 <= int(value) <= MAX_PLAYERS else None


def _join(event: Row, calls: Row) -> Row:
    """An event row with its audible row's calls (the mark left off)."""
    values = {k: v for k, v in (event.values | calls.values).items() if k != MARK}
    return Row(event.line, values, f"{event.text} / {calls.text}")


def _only(row: Row, slots: tuple[str, ...]) -> bool:
    """Whether a row writes only the given fields (an audible or a total row)."""
    written = {k for k, v in row.values.items() if any(v)}
    return bool(written) and written <= set(slots)


def split_rows(rows: list[Row]) -> tuple[list[Row], list[Row], list[Finding]]:
    """A log's rows as the replay takes them: the event rows (each with its audible calls
    joined back: sheetlines.py), the total rows in order, and findings on marks left alone."""
    from printkit_engine.luckdraw.sheetlines import join_calls

    joined = join_calls(rows, lambda r: _only(r, AUDIBLE_ROW), lambda r: r.has(MARK), _join)
    events: list[Row] = []
    totals: list[Row] = []
    findings: list[Finding] = []
    for row in joined:
        if row.has(MARK):
            findings.append(Finding(row.line, "LD-DEC-001", "an event marked `calls` with no "
                                    "audible row for it", "the calls on the next free "
                                    "audible row", "none"))
            row = Row(row.line, {k: v for k, v in row.values.items() if k != MARK}, row.text)
        if row.has("seat") or row.has("total"):
            if _only(row, TOTAL_ROW):
                totals.append(row)
                continue
            findings.append(Finding(row.line, "LD-DEC-002", "a total row holds a seat and its "
                                    "total alone", "e.g. P1 = 12", row.text[:40]))
            row = Row(row.line, {k: v for k, v in row.values.items()
                                 if k not in TOTAL_ROW}, row.text)
        events.append(row)
    return events, totals, findings


def checkpoints(totals: list[Row], players: int) -> tuple[list[list[Row]], list[Finding]]:
    """The total rows as checkpoints: each the rows of one seat after another, P1 first (a
    seat not after the one before starts the next checkpoint)."""
    groups: list[list[Row]] = []
    findings: list[Finding] = []
    last = 0
    for row in totals:
        seat = row.get("seat")
        if not seat or not row.get("total", 1):
            findings.append(Finding(row.line, "LD-DEC-001", "a total row names its seat and "
                                    "that seat's total", "e.g. P1 = 12", row.text[:40]))
            continue
        k = int(seat[1:])
        if k > players:
            findings.append(Finding(row.line, "LD-DEC-002", f"{seat} is not a seat of this "
                                    "game", f"P1-P{players}", seat))
            continue
        if not groups or k <= last:
            groups.append([])
        groups[-1].append(row)
        last = k
    return groups, findings


READINGS = 16        # the most readings of a log's doubtful bonuses tried (each doubles them)


def _read(seed: str, events: list[Row], groups: list[list[Row]], players: int,
          length: Length, rules: Rules) -> tuple[Scripted, Table]:
    """The rows played, each doubtful bonus (one two events of its row could have: LD-DEC-002
    says so) read the way the written checkpoints agree with best: every honest reading of
    the sheet is accepted, so a total right by one of them is no slip (the first reading,
    column order, when none is better)."""
    source = Scripted(events, length, rules)
    table = play(seed, rules, players, source)
    doubts = list(source.doubts.items())
    if not doubts:
        return source, table
    best = (_wrong_totals(source, table, groups), source, table)
    for picks in islice(product(*(range(count) for _, count in doubts)), 1, READINGS):
        other = Scripted(events, length, rules, dict(zip((k for k, _ in doubts), picks,
                                                           strict=True)))
        played = play(seed, rules, players, other)
        wrong = _wrong_totals(other, played, groups)
        if wrong < best[0]:
            best = (wrong, other, played)
    return best[1], best[2]


def _wrong_totals(source: Scripted, table: Table, groups: list[list[Row]]) -> int:
    """How many written checkpoint totals the replay does not agree with."""
    return sum(int(_written(row)) != seats[int(row.get("seat")[1:]) - 1]
               for group, (_, _, seats) in zip(groups, _moments(source, table), strict=False)
               for row in group)


def _starts(source: Scripted) -> list[int]:
    """The index of each replayed drive's first happening (`source.what`)."""
    return [j for j, w in enumerate(source.what) if w == "drive"]


def _moments(source: Scripted, table: Table) -> list[tuple[int, int | None, tuple[int, ...]]]:
    """Each checkpoint of the replay: after the drive the clock ran out in (a quarter's end)
    and after the last one (the game's end), as (the drive's first happening, the next
    drive's or None, each seat's total then)."""
    starts = _starts(source)
    drives = [i for i, d in enumerate(source.drives[:len(starts)]) if d.ends_quarter()]
    if starts and (not drives or drives[-1] != len(starts) - 1):
        drives.append(len(starts) - 1)
    out = []
    for i in drives:
        nxt = starts[i + 1] if i + 1 < len(starts) else None
        out.append((starts[i], nxt, source.before[nxt] if nxt is not None
                    else tuple(table.totals)))
    return out


def _written(row: Row) -> str:
    """A total row's total as written (its sign and digits)."""
    return row.get("total", 0) + row.get("total", 1)


def replay(tags: dict[str, str], rows: list[Row], rules: Rules | None = None) -> Replayed:
    """The game the rows play from the tags' Seed: its exact record lines, the lines to
    verify (the drive totals the replay writes left off; each checkpoint's totals, as
    written, put in after the quarter's last event or the game's), which row made each line,
    the rows' findings."""
    rules = rules or load_rules()
    out = Replayed(dict(tags))
    seed = tags.get("Seed")
    if not seed:
        out.findings.append(Finding(1, "LD-DEC-005", "a decision log needs the play book's "
                                    "Seed: the deals are its slips", "a Seed tag", "none"))
        return out
    players = _players(tags)
    events, totals, found = split_rows(rows)
    groups, more = checkpoints(totals, players)
    source, table = _read(seed, events, groups, players, _length(tags, rules), rules)
    out.lines = table.lines
    out.findings += found + more + source.findings
    if not _starts(source) and _count(tags) is None:
        # no drive replayed (the log's first row unread, or none): no deal says how many
        # play, so the count the replay dealt for is the tags' (not a Players finding)
        out.tags[n.PLAYERS_TAG] = str(players)
    moments = _moments(source, table)
    periods = set(rules.periods)
    due: dict[int, list[tuple[str, int | None]]] = {}   # last record line of a drive's
    for k, (first, nxt, seats) in enumerate(moments):     # events -> the total lines after
        row = source.at[(nxt if nxt is not None else len(source.at)) - 1]
        if k >= len(groups):
            total = " ".join(f"P{s + 1} = {seats[s]}" for s in range(players))
            out.findings.append(Finding(row.line, "LD-DEC-003", "each player's total is "
                                        "written on the total rows after each quarter's "
                                        "end (clock 0) and the game's", total, "nothing"))
            continue
        group = {int(r.get("seat")[1:]): r for r in groups[k]}
        for s in range(1, players + 1):
            if s not in group:
                out.findings.append(Finding(groups[k][0].line, "LD-DEC-003", "a checkpoint "
                                            "has every player's total, P1 first",
                                            f"P{s} = {seats[s - 1]}", "nothing"))
        last = (source.marks[nxt] if nxt is not None else len(table.lines)) - 1
        while last > source.marks[first] and (
                not table.lines[last].strip() or table.lines[last] in periods
                or table.lines[last].startswith(("total ", "winner"))):
            last -= 1
        due[last] = [(f"total P{s} {int(_written(r))}", r.line)
                     for s, r in sorted(group.items())]
    for group_rows in groups[len(moments):]:
        out.findings.append(Finding(group_rows[0].line, "LD-DEC-002", "a checkpoint with no "
                                    "quarter's end (clock 0) or game's end before it",
                                    "no more total rows", group_rows[0].text[:40]))
    lines_at = source.marks
    for i, line in enumerate(table.lines):
        k = bisect_right(lines_at, i) - 1
        row_line = source.at[k].line if k >= 0 else None
        if line.startswith("total "):
            continue
        out.checked.append(line)
        out.rows.append(row_line)
        for text, at in due.get(i, ()):
            out.checked.append(text)
            out.rows.append(at)
    for drive in source.drives[source.k + 1:]:
        out.findings.append(Finding(drive.row.line, "LD-DEC-004", "a drive after the game is "
                                    "over", "no more drives", drive.row.text[:40]))
    return out


# -- a record's decisions ---------------------------------------------------------------------
@dataclass
class _EventRow:
    """A drive's event row while it still takes events: what rides on it (a new drive, the
    audible calls), its events and their bonus words."""

    head: dict[str, str]
    events: list[str] = field(default_factory=list)
    bonus: list[str] = field(default_factory=list)

    def takes(self, token: str, bonus: list[str], calls: bool, rules: Rules) -> bool:
        """Whether the event goes on this row: a row holds each event and each bonus word
        once, the audible calls once, and a bonus word for one of its events only (a bonus
        two of them could have keeps them on two rows: the sheet says whose it is)."""
        if token in self.events or set(bonus) & set(self.bonus) or calls and "call" in self.head:
            return False
        held = [*self.events, token]
        return all(sum(rules.event(EVENTS[t][0], b) is not None for t in held) <= 1
                   for b in {*self.bonus, *bonus})

    def tokens(self) -> dict[str, str]:
        out = self.head | _columns(self.events)
        if self.bonus:
            out["bonus"] = "".join(f"+{w}" for w in BONUS_WORDS if w in self.bonus)
        return out


def _columns(shaded: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Event columns as a row's tokens: each group's shaded columns, in column order."""
    out = {}
    for name, tokens, _ in EVENT_SLOTS:
        if said := [t for t in tokens if t in shaded]:
            out[name] = " ".join(said)
    return out


def rows_of_record(text: str, file: str = "<record>",
                   rules: Rules | None = None) -> tuple[dict[str, str], list[str]]:
    """A typed record's tags and its happenings as decision rows, and after each quarter's
    end (clock 0) and the game's the checkpoint: each seat's total as the record's own points
    make it, a total row a seat. A drive's events fill its rows in the order seen, each
    event on the first row of the drive that does not hold it yet (`_EventRow.takes`): the
    replay scores a drive's events the same in any order (the holders change only at its
    start, with a trade: L19 leaves what follows an ending unchecked)."""
    from printkit_engine.bubbles import write_tokens

    rules = rules or load_rules()
    record = n.parse(text, file, rules)
    tags = dict(record.tags)
    grammar = decision_log(rules).grammar
    totals: dict[int, int] = {}
    out: list[str] = []
    calls: tuple[tuple[int, str], ...] = ()
    pending: dict[str, str] = {}      # a new drive and the audible calls: on the next event
    rows: list[_EventRow] = []        # the drive's event rows since its last other row
    players = _players(tags)
    dealt = max(n.first_deal_seats(n.entries(record)), default=0)
    if _count(tags) is None and 2 <= dealt <= MAX_PLAYERS:
        # no Players tag: the seats the first drive deals, as the verifier counts them,
        # written in, so the sheets' code carries them and the replay deals for as many
        players = dealt
        tags[n.PLAYERS_TAG] = str(dealt)
    checked = False                   # the last rows written are a checkpoint
    ends = False                      # the clock ran out in this drive: a checkpoint after it

    def emit(tokens: dict[str, str]) -> None:
        nonlocal checked
        out.append(write_tokens(grammar, tokens))
        checked = False

    def close() -> None:
        """The drive's event rows written (nothing more goes on them), then what waits."""
        for row in rows:
            emit(row.tokens())
        rows.clear()
        if pending:
            emit(dict(pending))
            pending.clear()

    def checkpoint() -> None:
        nonlocal checked
        for s in range(1, players + 1):
            total = totals.get(s, 0)
            emit({"seat": f"P{s}", "total": f"-{-total}" if total < 0 else str(total)})
        checked = True

    def score(token: str, bonus: list[str]) -> None:
        has_calls = "call" in pending
        row = next((r for r in rows if r.takes(token, bonus, has_calls, rules)), None)
        if row is None:
            row = _EventRow({k: v for k, v in pending.items() if k == "drive"})
            rows.append(row)
            pending.pop("drive", None)
        if has_calls:
            row.head |= {k: v for k, v in pending.items() if k != "drive"}
            for k in [k for k in pending if k != "drive"]:
                del pending[k]
        row.events.append(token)
        row.bonus += bonus

    for entry in n.entries(record):
        if isinstance(entry, n.Drive):
            close()
            if ends:                    # the drive before ended a quarter
                checkpoint()
            pending["drive"] = "drive"
            ends = False
        elif isinstance(entry, n.Totals):         # the record's own (a big table: two lines)
            totals.update(dict(entry.totals))
        elif isinstance(entry, n.Trade):
            if not entry.gives or not entry.takes:
                continue        # nothing one way: never made (LD-TRADE-001), no row holds it
            close()             # the events before it are the old holders'
            for what, codes in (("trade", entry.gives), ("for", entry.takes)):
                emit({"drive": what, **_columns([CARD_TOKEN[c] for c in codes])})
        elif isinstance(entry, n.Calls):
            calls = entry.calls
        elif isinstance(entry, n.Audible):
            if "call" in pending:          # two audibles with no event between them
                close()
            pending["call"] = f"audible:{entry.play}"
            for call in CALLS:
                seats = "".join(f"P{s}" for s, c in calls if c == call)
                if seats:
                    pending[call] = f"{call}:{seats}"
            for s, p in entry.awards:
                totals[s] = totals.get(s, 0) + p
            calls = ()
        elif isinstance(entry, n.Score):
            token = TOKEN_OF.get((entry.card, entry.words[0]))
            if token is None:
                continue
            score(token, [w for w in BONUS_WORDS if w in entry.words[1:]])
            if entry.holder is not None and entry.points:
                totals[entry.holder] = totals.get(entry.holder, 0) + entry.points
            ends = ends or token == QUARTER_ENDS
        elif isinstance(entry, n.PenaltyLine):
            totals[entry.seat] = totals.get(entry.seat, 0) - entry.points
            if entry.kind == "delay":         # the late deal (other penalties: the replay's)
                close()
                emit({"drive": "late"})
    close()
    if out and (ends or not checked):
        checkpoint()
    return tags, out


def log_of_record(text: str, file: str = "<record>") -> str:
    """A typed record as its decision log text (`render --decisions --from`)."""
    tags, lines = rows_of_record(text, file)
    return log_text(tags, lines)



__all__ = ["FIELDS", "Scripted", "decision_log", "log_of_record", "replay",
           "rows_of_record"]
