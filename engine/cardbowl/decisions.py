"""Card Bowl's decision log (issue 31): what the tables decide each play, replayed.

One row a play: a turn of the game loop (engine/cardbowl/bots.py `Match.play`) where the
table decides something, and no more (issue 31: as few sheets as the written log):

- TRY: a touchdown's extra point is written on the touchdown's row (`XP`), its checkpoint the
  score after the kick; a 2-point try is a snap (its own defense, wait, cards) and keeps a row
  of its own (`2pt-run`, `2pt-pass`). The replay plays a try on the open row unless the next
  row is a 2-point one (~15 rows a game fewer).
- QUIET: a kickoff that is not the game's first, not onside, not downed for a touchback and
  scores nothing decides nothing and has no row: the replay plays it (run out, as the rules
  do) where the next row is not a kickoff's (~15 rows a game fewer).

- MORE: on the sheet a play is one row of bubbles (play, shotgun, defense, wait, yardage,
  timeout); what only some plays decide (the toss, the try, the score, a punt's cards, aim
  and catch, a touchback, a clock run: about one play in six) goes on a "more" row, every
  sixth row of the sheet, that the play marks `more` (engine/cardbowl/sheetlines.py: the
  k-th play marked `more` owns the k-th "more" row). The typed form writes a play on one
  line, or as the sheet holds it (`punt more` ... `cards4 fair`); the replay joins them.

A try or a quiet kickoff belongs to the row before it (its record lines, its decisions, its
checkpoint). A row's fields, in the order it is written:

    play      kickoff onside run pass screen lateral sneak scramble spike punt FG 2pt-run
              2pt-pass: what the offense (or the kicking side) does
    kicks     kicksH kicksA   the first kickoff: the team that kicks (the toss)
    shotgun   shotgun         a pass from the shotgun
    defense   blitz double MLB1 MLB2   the defense's answer to the QB it sees (OLBs up into
              the line, safeties up with the wide receivers, the middle linebacker into
              match-up 1 or 2); blank: none
    turns     turns1-3        a pass: the turns the QB waits before throwing (blank: none)
    yardage   yd1-2           a pass: its yardage cards (blank: none)
    cards     cards1-4        a punt: its punt cards
    oob       oob             a punt aimed out of bounds
    touchback tb0 tb1 tb2     a kick caught in the end zone downed: at once, after 1 or 2
              return cards (blank: run out)
    catch     fair bounce return   a punt the receiver may catch: what he does
    clock     clock2-8        after the play, with the clock running: the intervals the
              offense lets run before the next snap (blank: 7, the rules' default)
    timeout   toH toA         after the play: a timeout called
    more      more            the sheet's form: the rest of the play is on a "more" row
    try       XP              a touchdown: the extra point kicked after it (TRY)
    = score   = 14            after every score (a touchdown's after its try): the new score
              of the side that scored (the checkpoint; the notes' own score column is
              written at scores, C5: the row's last score line is checked against it)

The cards are the play book's (the Seed); the cards go where the rules' advice puts them (the
hand's highest at the play's key positions, docs/rules/cardbowl.md C32); everything else
follows from the rules. `Scripted` is the decision source that plays a log through the bots'
own loop (bots.py `Match`), so a log replays exactly as the bots would have played the same
decisions; a decision missing where the play needs it, or given where the play has no use
for it, is a finding on its row (CB-DEC-001, CB-DEC-002), a score not written at a checkpoint
CB-DEC-003, plays after the game's end CB-DEC-004, a timeout a team has not got left
CB-DEC-006, a "more" row no play owns or a play marked `more` whose row never comes
CB-DEC-007. Every other finding is the verifier's own, on the replayed lines (a score written
wrong is its CB-SCORE-001 at that checkpoint's line).
"""

from __future__ import annotations

import random
import re

from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot, number_part
from printkit_engine.cardbowl.bots import TEAMS, Match
from printkit_engine.cardbowl.coach import Coach, Receiver, Situation
from printkit_engine.cardbowl.rules import Rules, load_rules
from printkit_engine.cardbowl.scrimmage import Call, Defense, Offense, Read
from printkit_engine.cardbowl.sheetlines import MoreLines, join_more, more_values
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
from printkit_engine.errors import ReadError
from printkit_engine.findings import Finding
from printkit_engine.game import Lazy, PerRules

SIDES = ("H", "A")
SNAPS = ("run", "pass", "screen", "lateral", "sneak", "scramble", "spike")
CONVERSIONS = ("2pt-run", "2pt-pass")    # a try that is a snap: a row of its own (TRY)
PLAYS = ("kickoff", "onside", *SNAPS, "punt", "FG", *CONVERSIONS)
PLAY_LABELS = ("kickoff", "onside", *SNAPS, "punt", "FG", "2 pt run", "2 pt pass")
READS = {"blitz": Read(blitz=(("LOLB", 1), ("ROLB", 2))),
         "double": Read(double=(("FS", "WL"), ("SS", "WR"))),
         "MLB1": Read(blitz=(("MLB", 1),)), "MLB2": Read(blitz=(("MLB", 2),))}
READ_LABELS = ("OLB blitz", "double", "MLB 1", "MLB 2")
CATCHES = ("fair", "bounce", "return")
TOP_SCORE = 199           # a side's score (simulated games reach 100)
TYPICAL_PLAYS = 183      # plays of a whole game (bot games: 162-201, 183 on average): a
                         # class pack prints sheets enough for an average game
MORE = "more"            # a play row's mark: the rest of the play is on a "more" row
BAND_PLAYS = 5           # a band: five play rows, then a "more" row (sheetlines.py)
PLAY_ROW = ("play", "shotgun", "defense", "turns", "yardage", "timeout", "more")
MORE_ROW = ("kicks", "try", "cards", "oob", "touchback", "catch", "clock", "score")
TEXT_ORDER = ("play", "kicks", "shotgun", "defense", "turns", "yardage", "cards", "oob",
              "touchback", "catch", "clock", "timeout", "more", "try", "score")
TYPICAL_ROWS = TYPICAL_PLAYS * (BAND_PLAYS + 1) // BAND_PLAYS   # sheet lines: a "more"
                         # row every five plays

FIELDS = (
    Field("play", "every play: what the offense (or the kicking side) does; kickoff is a "
          "safety's free kick too, and a kickoff has a row only when it is the first, "
          "onside, a touchback or a score"),
    Field("kicks", "the first kickoff: the team that kicks (the toss)"),
    Field("try", "a touchdown: XP, the extra point kicked after it, on the touchdown's row "
          "(a 2-point try is a row of its own: 2pt-run, 2pt-pass)"),
    Field("shotgun", "a pass thrown from the shotgun"),
    Field("defense", "a snap: the defense's answer to the QB it sees (blank: none)"),
    Field("turns", "a pass: the turns the QB waits before he throws (blank: none)"),
    Field("yardage", "a pass: its yardage cards (blank: none)"),
    Field("cards", "a punt: how many punt cards"),
    Field("oob", "a punt aimed out of bounds"),
    Field("touchback", "a kick caught in the end zone and downed: at once, after 1 or after 2 "
          "return cards (blank: run out)"),
    Field("catch", "a punt the receiver may catch: fair catch, let it bounce, or run back"),
    Field("clock", "after the play, the clock running: intervals let run before the next "
          "snap (blank: 7)"),
    Field("timeout", "after the play: a timeout (H or A)"),
    Field("score", "after every score (a touchdown after its try, a field goal, a safety): "
          "the new score of the side that scored"),
)

SHEET_LEGEND = (                  # each line within a letter sheet's width at 8 pt
    "A row a play (not a plain kickoff).  more: the toss, try, score, punt, touchback or "
    "clock run: shade more, then fill the next free \"more\" row (every sixth row).",
    "defense: what it does once it sees the QB.  pass: wait turns, yardage cards.  aim out: "
    "punt out of bounds.  touchback: now, or after 1 or 2 return cards.  clock: blank is 7.",
)

def decision_log(rules: Rules | None = None) -> DecisionLog:
    """Card Bowl's decision log for these rules (the shipped rules by default): the clock's
    range is the rules'. Kept per rules object."""
    return _KEPT(rules)


_KEPT: PerRules[DecisionLog] = PerRules(lambda rules: _decision_log(rules or load_rules()))


def _decision_log(rules: Rules) -> DecisionLog:
    c = rules.clock
    runs = tuple(str(n) for n in range(c.between_plays_min, c.between_plays_max + 1)
                 if n != c.between_plays_default)
    slots = (                            # in the order the sheet shows them (PLAY_ROW,
        Slot("play", (Part("play", PLAYS, labels=PLAY_LABELS),), title="play"),  # MORE_ROW)
        Slot("shotgun", (Part("shotgun", ("shotgun",)),), title=""),
        Slot("defense", (Part("read", tuple(READS), labels=READ_LABELS),), title="defense"),
        Slot("turns", (Part("turns", ("1", "2", "3"), prefix="turns"),), title="wait"),
        Slot("yardage", (Part("cards", ("1", "2"), prefix="yd"),), title="cards"),
        Slot("timeout", (Part("side", SIDES, prefix="to", labels=("Home", "Away")),),
             title="timeout"),
        Slot("more", (Part("more", (MORE,)),), title=""),
        Slot("kicks", (Part("side", SIDES, prefix="kicks"),), title="kicks"),
        Slot("try", (Part("try", ("XP",)),), title="try"),
        Slot("cards", (Part("cards", ("1", "2", "3", "4"), prefix="cards"),),
             title="punt cards"),
        Slot("oob", (Part("oob", ("oob",), labels=("aim out",)),), title="punt"),
        Slot("touchback", (Part("after", ("0", "1", "2"), prefix="tb",
                                labels=("now", "1", "2")),),
             title="touchback"),
        Slot("catch", (Part("catch", CATCHES, labels=("fair", "bounce", "run")),),
             title="punt catch"),
        Slot("clock", (Part("run", runs, prefix="clock"),), title="clock run"),
        Slot("score", (number_part("points", TOP_SCORE),), lead="= ",
             title="= new score of the side that scored", short="= new score"),
    )
    # the typed form's order: the play, its other fields, the try, then the score it counts
    # in; one segment, so a sheet's "more" row (no play) writes no leading space
    form = Form("", (Segment("", TEXT_ORDER),))
    lines = MoreLines(of_record=log_of_record, grammar_of=lambda: decision_log(rules).grammar,
                      play_row=PLAY_ROW, more_row=MORE_ROW, plays=BAND_PLAYS)
    grammar = Grammar("cardbowl", slots, (form,),
                      tags=("Seed", "Home", "Away", "Date", "Match"),
                      hint="pass shotgun double turns2 yd1 XP = 7", log=LOG_VALUE,
                      variant=LOG_VALUE, stamp=((LOG_TAG, LOG_VALUE),), seeded=True,
                      lines=lines, typical_lines=TYPICAL_ROWS, legend=SHEET_LEGEND,
                      band=tuple(((line, 0),) for line in range(BAND_PLAYS + 1)),
                      line_slots=(PLAY_ROW,) * BAND_PLAYS + (MORE_ROW,))
    return DecisionLog(
        game="cardbowl", prefix="CB", grammar=grammar, fields=FIELDS, checkpoint="score",
        replay=replay, from_record=log_of_record,
        verify=Lazy("printkit_engine.cardbowl.verify:record_report"), load_rules=load_rules,
        legend=tuple(f"{f.slot}: {f.applies}" for f in FIELDS),
        default=True)       # 8.0 sheets a game on letter, 6.7 on A4 (portrait), against
                            # 8.1 and 7.8 written pages (25 and 30 plays a sheet): as few,
                            # so the default with a seed (bubblelog.md)



# -- the bots' decisions, written down ---------------------------------------------------------
class Recorder(Coach, Receiver):
    """The bots' own choices (a Coach and a Receiver on one generator, as `play_game` seeds
    them), each written into the row of the play it is made in."""

    def __init__(self, rng: random.Random) -> None:
        Coach.__init__(self, rng)
        self.rows: list[dict[str, str]] = []
        self.row: dict[str, str] = {}
        self.match: Match | None = None
        self.kind = ""
        self.tb = 0                          # touchback questions in this kick
        self.score = (0, 0)
        self.kicks = ""

    def begin(self, kind: str, team: int) -> None:
        if kind == "try":                    # on the touchdown's row (TRY)
            self.kind = kind
            return
        self._close()
        self.kind, self.tb = kind, 0
        self.row = {"kicks": self.kicks} if self.kicks and not self.rows else {}
        if kind == "kickoff":
            self.row["play"] = "kickoff"         # a free kick asks nothing (onside: no)
        if kind:
            self.rows.append(self.row)

    def _close(self) -> None:
        m = self.match
        if m is None or not self.rows:
            return
        score = (m.score[0], m.score[1])
        scorer = next((i for i in (0, 1) if score[i] != self.score[i]), None)
        if scorer is not None:
            self.row["score"] = f"= {score[scorer]}"
        self.score = score
        if self.row == {"play": "kickoff"} and self.kind == "kickoff":
            self.rows.pop()                  # a plain kickoff: the replay plays it unwritten

    def first_kicker(self) -> int:
        k = Coach.first_kicker(self)
        self.kicks = "kicks" + SIDES[k]          # the toss is before the first play's row
        return k

    def onside(self, lead: int, quarter: int, left: int) -> bool:
        got = Coach.onside(self, lead, quarter, left)
        self.row["play"] = "onside" if got else "kickoff"
        return got

    def two_point(self, lead_after_td: int, quarter: int) -> bool:
        got = Coach.two_point(self, lead_after_td, quarter)
        if not got:
            self.row["try"] = "XP"
        else:                                # a snap: a row of its own (TRY)
            self._close()
            self.row = {}
            self.rows.append(self.row)
        return got

    def conversion_kind(self, s: Situation, team: int) -> str:
        got = Coach.conversion_kind(self, s, team)
        self.row["play"] = f"2pt-{got}"
        return got

    def kick_or_go(self, s: Situation, team: int, fourth: bool, last: bool) -> str:
        got = Coach.kick_or_go(self, s, team, fourth, last)
        if got != "go":
            self.row["play"] = "punt" if got == "punt" else "FG"
        return got

    def play_kind(self, s: Situation, team: int, ranked: list[str], running: bool) -> str:
        got = Coach.play_kind(self, s, team, ranked, running)
        self.row["play"] = got
        return got

    def offense(self, ranked: list[str], kind: str) -> Offense:
        got = Coach.offense(self, ranked, kind)
        if got.shotgun:
            self.row["shotgun"] = "shotgun"
        return got

    def read(self, qb: str, s: Situation) -> Read:
        got = Coach.read(self, qb, s)
        word = next((w for w, r in READS.items() if r == got), None)
        if word:
            self.row["defense"] = word
        return got

    def call(self, kind: str, s: Situation, team: int) -> Call:
        got = Coach.call(self, kind, s, team)
        if got.turns:
            self.row["turns"] = f"turns{got.turns}"
        if got.yardage:
            self.row["yardage"] = f"yd{got.yardage}"
        return got

    def punt_cards(self, to_goal: int) -> tuple[int, bool]:
        cards, oob = Coach.punt_cards(self, to_goal)
        self.row["cards"] = f"cards{cards}"
        if oob:
            self.row["oob"] = "oob"
        return cards, oob

    def between(self, s: Situation, team: int) -> int:
        n = Coach.between(self, s, team)
        if self.match is not None and n != self.match.rules.clock.between_plays_default:
            self.row["clock"] = f"clock{n}"
        return n

    def timeout(self, s: Situation, offense: bool) -> bool:
        got = Coach.timeout(self, s, offense)
        if got and self.match is not None:
            team = self.match.offense if offense else 1 - self.match.offense
            self.row["timeout"] = "to" + SIDES[team]
        return got

    def touchback(self, spot: int) -> bool:
        got = Receiver.touchback(self, spot)
        if got:
            self.row["touchback"] = f"tb{self.tb}"
        self.tb += 1
        return got

    def punt_catch(self, received: int, coverage: str) -> str:
        got = Receiver.punt_catch(self, received, coverage)
        self.row["catch"] = got
        return got


def bot_log(seed: str, home: str | None = None, away: str | None = None,
            rules: Rules | None = None) -> tuple[dict[str, str], list[str], str]:
    """The bots' game for `seed` (bots.play_game's very game): its tags, its decision log's
    lines and its record text."""
    from printkit_engine.bubbles import write_tokens
    from printkit_engine.cardbowl.game import GAME
    from printkit_engine.tags import record_text

    rules = rules or load_rules()
    rng = random.Random(f"cardbowl-bots|{seed}")
    drawn = rng.sample(TEAMS, 2)
    home, away = home or drawn[0], away or drawn[1]
    rec = Recorder(rng)
    # the Coach and the Receiver share one generator in play_game: the Recorder is both
    match = Match(seed, rules, (home, away), rec, rec)
    rec.match = match
    match.play()
    tags = {"Game": GAME.id, "Seed": seed, "Home": home, "Away": away,
            "Result": f"{match.score[0]}-{match.score[1]}"}
    lines = list(match.lines)
    while lines and not lines[-1]:
        lines.pop()
    grammar = decision_log(rules).grammar
    rows = [write_tokens(grammar, r) for r in rec.rows]
    return tags, rows, record_text(tags, lines)


# -- replay: a log's decisions through the bots' loop ---------------------------------------
class Scripted:
    """A decision source (coach.Source and kicks.Choices) reading a decision log's rows, one
    play a row; the cards' places are the bots' (the rules' advice: Coach.offense, defense)."""

    def __init__(self, rows: list[Row], rules: Rules) -> None:
        self.rows = rows
        self.rules = rules
        self.k = -1
        self.used: set[str] = set()
        self.tb = 0
        self.findings: list[Finding] = []
        self.match: Match | None = None
        self.starts: list[int] = []          # per row: the index of its first record line
        self.kind = ""
        self.toss = ""
        self.quiet = False                   # a kickoff the log has no row for (QUIET)
        self.scores: list[tuple[int, int]] = []  # the score after each row closed
        self._layout = Coach(random.Random(0))   # its card layouts use no generator but for
                                                 # the shotgun, which a row says

    @property
    def row(self) -> Row:
        return self.rows[self.k]

    # -- the game's course ---------------------------------------------------------------
    def more(self) -> bool:
        """A row left, a try due (on the open row) or a kickoff due that the log may leave
        unwritten (one: a log ending on a touchdown plays its try and the kickoff after it,
        as the bots' game did)."""
        if self.k + 1 < len(self.rows):
            return True
        m = self.match
        if m is None or self.k < 0:
            return False
        return m.pending[0] == "try" or (m.pending[0] == "kickoff"
                                         and not (self.quiet and self.kind == "kickoff"))

    def begin(self, kind: str, team: int) -> None:
        """A turn of the game loop: the next row's, or (a try, a quiet kickoff) the row's
        that is open (its decisions are the row's; the row is closed when the next begins)."""
        self.quiet = self.k >= 0 and (kind == "kickoff" and not self._next_in(
            ("kickoff", "onside")) or kind == "try" and not self._next_in(CONVERSIONS))
        if self.quiet:
            self.kind = kind
            return
        self.close()
        if not kind:
            return
        self.k += 1
        self.kind, self.tb, self.used = kind, 0, set()
        assert self.match is not None
        self.starts.append(len(self.match.lines))
        if self.k == 0:
            self.used.add("kicks")
            if self.toss not in SIDES:
                self._missing("kicks", "H or A")
        word = self._get("play")
        expected = {"kickoff": ("kickoff", "onside"), "try": CONVERSIONS,
                    "scrimmage": (*SNAPS, "punt", "FG")}[kind]
        if not word:
            self._missing("play", " or ".join(expected))
        elif word not in expected:
            self._find("CB-DEC-002", f"{word} is not a play the game allows here (a "
                       f"{kind} is due)", " or ".join(expected), word)

    def _next_in(self, plays: tuple[str, ...]) -> bool:
        """The next row is one of these plays (a kickoff's, a 2-point try's): else the
        kickoff is the plain one and the try is on the open row (QUIET, TRY)."""
        return self.k + 1 < len(self.rows) and self.rows[self.k + 1].get("play") in plays

    def close(self) -> None:
        """The row just played (its play, and a try or quiet kickoff after it): what it gave
        that it had no use for; the score it ends on (the row's checkpoint)."""
        if self.k < 0 or self.k >= len(self.rows):
            return
        self.check_touchback()
        if self.match is not None and len(self.scores) == self.k:
            self.scores.append((self.match.score[0], self.match.score[1]))
        unused = [f.slot for f in FIELDS if f.slot not in ("score", "play")
                  and self.row.has(f.slot) and f.slot not in self.used]
        for slot in unused:
            self._find("CB-DEC-002", f"{slot} is not a decision of this play", "nothing",
                       self.row.shown(slot))
        self.k = min(self.k, len(self.rows) - 1)

    def _find(self, rule: str, message: str, expected: str, found: str) -> None:
        self.findings.append(Finding(self.row.line, rule, message, expected, found))

    def _missing(self, slot: str, expected: str) -> None:
        if f"missing {slot}" in self.used:
            return
        self.used.add(f"missing {slot}")
        self._find("CB-DEC-001", f"{slot} missing ({applies(FIELDS, slot)})", expected, "nothing")

    def _get(self, slot: str) -> str:
        self.used.add(slot)
        return self.row.get(slot)

    def _play(self) -> str:
        return self.row.get("play")

    # -- the choices ---------------------------------------------------------------------
    def first_kicker(self) -> int:
        """The toss comes before the first row begins: the first row says it."""
        side = self.rows[0].get("kicks") if self.rows else ""
        self.toss = side
        return SIDES.index(side) if side in SIDES else 0

    def onside(self, lead: int, quarter: int, left: int) -> bool:
        return not self.quiet and self._play() == "onside"

    def two_point(self, lead_after_td: int, quarter: int) -> bool:
        if not self.quiet:
            return True                      # the try's own row: a 2-point snap
        if not self._get("try"):
            self._missing("try", "XP, or a 2pt-run or 2pt-pass row")
        return False

    def conversion_kind(self, s: Situation, team: int) -> str:
        return "pass" if self._play() == "2pt-pass" else "run"

    def kick_or_go(self, s: Situation, team: int, fourth: bool, last: bool) -> str:
        word = self._play()
        return "punt" if word == "punt" else "fg" if word == "FG" else "go"

    def play_kind(self, s: Situation, team: int, ranked: list[str], running: bool) -> str:
        word = self._play()
        return word if word in SNAPS else "run"

    def offense(self, ranked: list[str], kind: str) -> Offense:
        if kind != "pass":
            return self._layout.offense(ranked, kind)    # no generator but for a pass
        shotgun = bool(self._get("shotgun"))
        base = _pass_offense(ranked)
        return Offense(base.cards, shotgun, base.centre)

    def defense(self, hand: tuple[str, ...]) -> Defense:
        return self._layout.defense(hand)

    def read(self, qb: str, s: Situation) -> Read:
        word = self._get("defense")
        return READS.get(word, Read())

    def call(self, kind: str, s: Situation, team: int) -> Call:
        if kind != "pass":
            return Call(kind, fullback=kind == "run")
        turns = self._get("turns") or "0"
        yardage = self._get("yardage") or "0"
        return Call("pass", turns=int(turns), yardage=int(yardage))

    def punt_cards(self, to_goal: int) -> tuple[int, bool]:
        cards = self._get("cards")
        oob = bool(self._get("oob"))
        if not cards:
            self._missing("cards", "1 to 4 punt cards")
            return 1, oob
        return int(cards), oob

    def between(self, s: Situation, team: int) -> int:
        word = self._get("clock")
        return int(word) if word else self.rules.clock.between_plays_default

    def timeout(self, s: Situation, offense: bool) -> bool:
        word = self.row.get("timeout")
        if not word or self.match is None:
            return False
        team = self.match.offense if offense else 1 - self.match.offense
        if word != SIDES[team]:
            return False
        self.used.add("timeout")
        if s.timeouts <= 0:
            self._find("CB-DEC-006", "a timeout the team has not got left "
                       f"({self.rules.clock.timeouts_per_half} a half)", "no timeout",
                       word)
            return False
        return True

    def touchback(self, spot: int) -> bool:
        if self.quiet:
            return False                     # a quiet kickoff is run out
        word = self._get("touchback")
        got = word == str(self.tb)
        self.tb += 1
        if got:
            self.used.add("touchback done")
        return got

    def punt_catch(self, received: int, coverage: str) -> str:
        word = self._get("catch")
        if not word:
            self._missing("catch", "fair, bounce or return")
            return "return"
        return word

    def check_touchback(self) -> None:
        """A touchback written that the kick never offered (at that card)."""
        if self.row.has("touchback") and "touchback done" not in self.used:
            self._find("CB-DEC-002", "a touchback where the kick offered none at that card",
                       "nothing", self.row.shown("touchback"))


def _pass_offense(ranked: list[str]) -> Offense:
    """The pass layout the bots deal a hand to (Coach.offense without its shotgun draw)."""
    from printkit_engine.cardbowl.cardplay import hand_value
    from printkit_engine.cardbowl.coach import POSITIONS

    cards = dict(zip(POSITIONS["pass"], ranked, strict=True))
    centre = 1 if hand_value(cards["LG"]) < hand_value(cards["RG"]) else 2
    return Offense(cards, False, centre)



_SCORE_FIELD = re.compile(r"\d{1,3}-\d{1,3}(?: \S.*)?")


def _score_text(home: int, away: int, names: tuple[str, str]) -> str:
    """A score as the notes write it: the leader's first and named (`7-3 Steelers`)."""
    if home == away:
        return f"{home}-{away}"
    lead = 0 if home > away else 1
    return f"{max(home, away)}-{min(home, away)} {names[lead]}"


def replay(tags: dict[str, str], rows: list[Row], rules: Rules | None = None) -> Replayed:
    """The game the rows' decisions play from the tags' Seed: its exact record lines, the
    lines to verify (each score field the one written at the row's checkpoint, or left off:
    the score column is optional, C5), which row made each line, and the rows' findings."""
    rules = rules or load_rules()
    out = Replayed(dict(tags))
    seed = tags.get("Seed")
    if not seed:
        out.findings.append(Finding(1, "CB-DEC-005", "a decision log needs the play book's "
                                    "Seed: the cards are its deals", "a Seed tag", "none"))
        return out
    names = (tags.get("Home") or "Home", tags.get("Away") or "Away")
    rows = _joined_rows(rows, out.findings)
    source = Scripted(rows, rules)
    match = Match(seed, rules, names, source, source)
    source.match = match
    match.play()
    scores = source.scores                        # after each row
    lines = match.lines
    while lines and not lines[-1]:
        lines.pop()
    out.lines = list(lines)
    out.findings += source.findings
    starts = source.starts + [len(lines)]
    out.rows = [None] * len(lines)
    out.checked = list(lines)
    before = (0, 0)                 # the replay's score before the row
    for k, row in enumerate(rows[:len(scores)]):
        a, b = starts[k], starts[k + 1]
        for n in range(a, min(b, len(lines))):
            out.rows[n] = row.line
        after = scores[k]
        scorer = next((i for i in (0, 1) if after[i] != before[i]), None)
        points = row.get("score")
        score = None
        if scorer is None and points:
            out.findings.append(Finding(row.line, "CB-DEC-002", "a score written after a "
                                        "play that did not score", "nothing", f"= {points}"))
        elif scorer is not None and not points:
            out.findings.append(Finding(row.line, "CB-DEC-003", "the score is written after "
                                        "every score", f"= {after[scorer]}", "nothing"))
        elif scorer is not None:            # the side that scored as written, the other's
            written = [after[0], after[1]]      # as the game has it: each checkpoint on its own
            written[scorer] = int(points)
            score = _score_text(written[0], written[1], names)
        scored = [n for n in range(a, min(b, len(lines)))
                  if len(f := lines[n].split("\t")) >= 3 and _SCORE_FIELD.fullmatch(f[2])]
        for n in scored:            # the checkpoint is the row's last score (a try's, after
            fields = lines[n].split("\t")      # its touchdown): the others left off (C5)
            if score is None or n != scored[-1]:
                del fields[2]
            else:
                fields[2] = score
            out.checked[n] = "\t".join(fields)
        before = after
    first = next((r for r in out.rows if r is not None), None)
    out.rows = [r if r is not None else first for r in out.rows]
    if match.over:
        for row in rows[len(scores):]:
            out.findings.append(Finding(row.line, "CB-DEC-004", "a play after the game is "
                                        "over", "no more plays", row.text[:40]))
    return out



def _joined_rows(rows: list[Row], findings: list[Finding]) -> list[Row]:
    """A sheet's plays: each "more" row joined to its play (sheetlines.py); a "more" row no
    play marked `more` owns, and a play marked `more` whose row never comes, are findings."""
    plays = join_more(rows, lambda r: more_values(r.values, MORE_ROW),
                      lambda r: r.has(MORE), _join_row)
    out = []
    for row in plays:
        if row.has(MORE):
            findings.append(Finding(row.line, "CB-DEC-007", "more shaded, but no \"more\" "
                                    "row left for this play", "its more row", "none"))
        if not row.has("play") and more_values(row.values, MORE_ROW):
            findings.append(Finding(row.line, "CB-DEC-007", "a \"more\" row with no play "
                                    "marked more before it", "more on its play's row",
                                    row.text[:40]))
            continue
        out.append(row)
    return out


def _join_row(play: Row, more: Row) -> Row:
    values = {k: v for k, v in (play.values | more.values).items() if k != MORE}
    return Row(play.line, values, f"{play.text} + {more.text}")


def log_of_record(text: str, file: str = "<record>") -> str:
    """A record's decision log. The notes do not hold every decision (the defense's answer,
    a pass's turns, the shotgun): a record the bots played from its Seed (the same teams) is
    their logged game; any other record is refused (ReadError, saying why)."""
    from printkit_engine.tags import TAG, unquote

    tags = {m.group(1): unquote(m.group(2)) for line in text.splitlines()
            if (m := TAG.fullmatch(line.strip()))}
    seed = tags.get("Seed")
    if not seed:
        raise ReadError("a decision log needs the play book's Seed tag (--seed)", file)
    got_tags, rows, record = bot_log(seed, tags.get("Home"), tags.get("Away"))
    if _plays(record) != _plays(text):
        raise ReadError("the notes do not hold every decision (the defense's answer, a "
                        "pass's turns and formation): only a game the bots played from its "
                        "Seed can be written as its decision log; type the decisions", file)
    keep = {k: v for k, v in got_tags.items() if k != "Result"}
    return log_text(keep, rows)


def _plays(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("[")]


__all__ = ["FIELDS", "PLAYS", "Recorder", "Scripted", "bot_log", "decision_log",
           "log_of_record", "replay"]
