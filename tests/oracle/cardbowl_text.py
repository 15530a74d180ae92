"""Card Bowl play-note invariants, from the record text alone (docs/notation.md, Card Bowl).

Its own reader of the play notes (headings, `---` lines, `D & N @ Y` lines, kicks, tries,
score columns). It checks:

- score: every score column is the running sum of the scoring written (TD 6, a try's kick or
  extra point 1, a two-point try 2, a field goal `FG good` 3, a safety 2 to the defence; a
  touchdown on an interception, a fumble the defence recovers, a punt return or a block is
  the defence's);
- possession: a heading naming the other team only after a `---` line; a `---` line only
  after something that can end a possession (a score, a try, a punt, a field goal, a turnover,
  a 4th-down play, the end of a half); after a `---` the other team, never the same one;
- downs: within a possession, from one play line to the next, with the ball on either side
  of midfield (the notes write 0-50 from the nearer goal): first and 10 (or goal) exactly when
  the ball reached the line to gain or `auto 1st down` was written, else the next down (the
  same one after a penalty) with the line to gain where it was;
- arithmetic: a written sum (`run 5 + 8 = 13`) adds up;
- spots: yard lines 0-50; a kick or punt written `return to N` is followed by a play at N, and
  `to R, K yd return to N` adds up.

It knows nothing of the cards; the verifier does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

OTHER = "(the other team)"
POINTS = {"td": 6, "fg": 3, "safety": 2, "kick": 1, "two": 2}
HALF = 50
FIRST_DOWN = 10

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]$')
_SEPARATOR = re.compile(r"^(?:-{3,}|_{3,}|={3,}|\*{3,})$")
_MARKER = re.compile(r"^(?:q[1-5]|ot|halftime|half ?time|end of .*|two[- ]minute warning|"
                     r"\d\w* quarter|start of .*)$", re.I)
_HALF_START = re.compile(r"^(?:halftime|half ?time|q3|ot|end of (?:the )?(?:1st|first) half|"
                         r"end of (?:the )?(?:2nd|second) quarter|start of .*)$", re.I)
_PLAY = re.compile(r"^([1-4])\w*\s*&\s*(\d+|goal|g)\s*@\s*(?:(own|opp)\s+)?(\d+)$", re.I)
_FIELDS = re.compile(r"\t+|\s{2,}")
_SCORE = re.compile(r"^(?:([A-Za-z][\w .'-]*?)\s+)?(\d+)\s*-\s*(\d+)(?:\s+([A-Za-z][\w .'-]*))?$")
_RETURN_TO = re.compile(r"return to (-?\d+)")
_TIME = re.compile(r"^\d{1,2}:\d{2}$")          # the time left, written after a play
_KICK_SUM = re.compile(r"to (-?\d+), (\d+) yd return to (-?\d+)")
_NOT_PLAIN = re.compile(r"pen|fumble|int|punt|fg|td|touchdown|safety|return|lateral|kneel|"
                        r"spike|declined|replay|auto|block|touchback|recover")
_SUM = re.compile(r"(-?\d+)\s*(?:[a-z]+\s*)?\+\s*(\d+)\s*=\s*(-?\d+)")
_NUMBER = re.compile(r"-?\d+")
_TD = re.compile(r"\b(?:td|touchdown)\b")
_DEFENCE_BALL = re.compile(r"\bint\b|\bint\.|d recovers|\bpunt\b|blocked")


@dataclass(frozen=True)
class Slip:
    line: int
    invariant: str
    message: str


@dataclass
class Play:
    line: int
    down: int
    goal: bool
    distance: int
    yard: int
    result: str
    places: set[int] = field(default_factory=set)   # yards from the offence's own goal
    alts: list[Play] = field(default_factory=list)  # what it should have been (after a slip)


def gain(result: str) -> int | None:
    """The yards a plain play result says (`run 5`, `pass 5 + 8 = 13`, `sack loss of 7`,
    `pass inc.`, `run, no gain`); None for anything else (penalties, turnovers, kicks)."""
    if not result or _NOT_PLAIN.search(result):
        return None
    if "inc" in result or "no gain" in result:
        return 0
    if "=" in result:
        numbers = _NUMBER.findall(result.rsplit("=", 1)[1])
        return int(numbers[0]) if len(numbers) == 1 else None
    numbers = _NUMBER.findall(result)
    if len(numbers) != 1:
        return None
    yards = int(numbers[0])
    return -abs(yards) if "loss" in result else yards


def _fields(text: str) -> list[str]:
    text = re.sub(r"<[^>]*>", "", text).strip()
    return [f.strip() for f in _FIELDS.split(text) if f.strip() and not _TIME.match(f.strip())]


class Checker:
    def __init__(self) -> None:
        self.slips: list[Slip] = []
        self.teams: list[str] = []
        self.strangers: set[str] = set()  # third teams' names, seen once
        self.team: str | None = None
        self.separated = True             # a `---` since the last heading (or none yet)
        self.half_break = False           # an end of half since the last heading
        self.ending = False               # something since the last `---` that can end it
        self.ending_line = 0
        self.last: Play | None = None     # the last play line of this possession
        self.spot: tuple[int, int] | None = None   # (line, N) of a `return to N`
        self.loose: int | None = None     # a --- line not (yet) explained
        self.scored: str | None = None    # "touchdown" or "safety" not yet followed up
        self.totals: dict[str, int] = {}
        self.before: dict[str, int] | None = None  # the totals before a score slip

    def slip(self, line: int, invariant: str, message: str) -> None:
        self.slips.append(Slip(line, invariant, message))

    def other(self, team: str | None) -> str:
        rest = [t for t in self.teams if t != team]
        return rest[0] if rest else OTHER

    def know(self, team: str) -> None:
        """A team seen for the first time; points scored by "the other team" before its
        name was written are its points."""
        if team not in self.teams and len(self.teams) < 2:
            self.teams.append(team)
            for totals in (self.totals, self.before):
                if totals is not None:
                    totals[team] = totals.get(team, 0) + totals.pop(OTHER, 0)

    # -- lines ------------------------------------------------------------------------------
    def read(self, number: int, raw: str) -> None:
        text = raw.strip()
        if not text or text.startswith(";"):
            return
        if m := _TAG.match(text):
            if m[1].lower() in ("home", "away"):
                self.know(m[2])
            return
        if _SEPARATOR.match(text):
            return self.separator(number)
        if _MARKER.match(text):
            if _HALF_START.match(text):
                self.ending, self.ending_line = True, number
                self.last, self.half_break = None, True
            return
        fields = _fields(text)
        head = fields[0].lower()
        if head.startswith("cards"):
            return
        if m := _PLAY.match(fields[0]):
            return self.play(number, m, fields[1:])
        if head.startswith(("kickoff", "free kick", "onside kick")):
            return self.kick(number, head, fields[1:])
        if head.startswith(("try", "xp", "2 pt", "2pt", "pat")):
            return self.try_(number, head, fields[1:])
        if text.startswith("#"):
            return self.heading(number, text.lstrip("#").strip())
        if len(fields) == 1:
            return self.heading(number, text)

    def separator(self, number: int) -> None:
        # a --- with nothing before it that can end a possession: a slip, unless a try or a
        # kick comes next (then the score line before it is the one left out: one slip)
        self.loose = None if self.ending else number
        self.separated, self.ending, self.last = True, False, None

    def settle(self) -> None:
        if self.loose is not None:
            self.slip(self.loose, "possession", "a --- line with no score, kick, turnover, "
                      "4th down or end of half since the last one")
            self.loose = None

    def after_score(self, number: int, wanted: str, what: str, team: str | None) -> None:
        """A try needs a touchdown written before it, a free kick a safety: if none was,
        that is the slip, and its points count from here."""
        if self.scored != wanted:
            self.slip(number, "score", f"{what} with no {wanted} written before it")
            if self.loose is not None or self.scored is None:
                self.score(team, POINTS["td" if wanted == "touchdown" else "safety"])
        self.loose, self.scored = None, None

    def heading(self, number: int, team: str) -> None:
        """After a slip here the section is read as the team the notes say has the ball (the
        name was the slip), so one slip is one slip."""
        self.know(team)
        section: str | None = team
        if team not in self.teams:
            if team not in self.strangers:
                self.strangers.add(team)
                self.slip(number, "team", f"{team} is neither {' nor '.join(self.teams)}")
            section = self.other(self.team) if self.team and self.separated else None
        elif self.team is not None:
            if team != self.team and not self.separated:
                self.slip(number, "possession", f"{team} has the ball after {self.team} "
                          "with no --- line between")
            elif team == self.team and self.separated and not self.half_break:
                self.slip(number, "possession", f"a --- line, then {team} again")
                section = self.other(team)
        self.team, self.separated, self.half_break = section, False, False

    # -- plays -------------------------------------------------------------------------------
    def play(self, number: int, m: re.Match[str], rest: list[str]) -> None:
        self.settle()
        down, dist, side, yard = int(m[1]), m[2].lower(), (m[3] or "").lower(), int(m[4])
        goal = dist in ("goal", "g")
        result = " ".join(f for f in rest if not self.score_field(number, f, "")).lower()
        if yard > HALF:
            self.slip(number, "spot", f"@ {yard} is past midfield")
        places = {yard, 2 * HALF - yard} if not side else \
            {yard if side == "own" else 2 * HALF - yard}
        play = Play(number, down, goal, 0 if goal else int(dist), yard, result, places)
        if self.spot is not None:
            spot_line, spot = self.spot
            if yard != spot and not (spot <= 0 and yard == 20):
                self.slip(number, "spot", f"@ {yard} after 'return to {spot}' on line "
                          f"{spot_line}")
            self.spot = None
        if m2 := _SUM.search(result):
            a, b, total = (int(g) for g in m2.groups())
            if a + b != total:
                self.slip(number, "arith", f"{a} + {b} is not {total}")
        if self.last is not None:
            self.follow(self.last, play)
        self.events(number, result, rest)
        over = (_TD.search(result) or "safety" in result or "fg" in result
                or "int" in result.split() or "int." in result or "d recovers" in result
                or ("punt" in result and "k recovers" not in result))
        # a 4th-down play short of the line to gain hands the ball over: the next play line
        # without a --- must then be a first down (follow())
        # a muffed punt the kickers recovered: theirs again, a new series where it fell
        kept = "punt" in result and "k recovers" in result
        self.last = None if over or kept else play
        if over or down == 4:
            self.ending, self.ending_line = True, number
        if (m2 := _RETURN_TO.search(result)) and "pen" not in result:
            self.spot = (number, int(m2[1]))

    def follow(self, a: Play, b: Play) -> None:
        """`b` right after `a` in one possession: some placing of both balls must add up.
        After a slip on `a` (written wrong), `b` may follow what `a` should have been."""
        fits, alts = self._fits(a, b)
        for alt in a.alts:
            if not fits:
                fits, _ = self._fits(alt, b)
        if fits:
            b.places = fits
            return
        b.alts = alts
        if a.down == 4 and "pen" not in a.result:
            self.slip(b.line, "possession", f"{a.down} & "
                      f"{'goal' if a.goal else a.distance} @ {a.yard} short of the line to "
                      "gain, and the same team plays on with no --- line")
            return
        self.slip(b.line, "downs", f"{b.down} & {'goal' if b.goal else b.distance} @ "
                  f"{b.yard} cannot follow {a.down} & {'goal' if a.goal else a.distance} "
                  f"@ {a.yard} (on either side of midfield)")

    @staticmethod
    def _fits(a: Play, b: Play) -> tuple[set[int], list[Play]]:
        """The places of `b` that follow from `a`, and what `b` should have been at each."""
        auto = "auto" in a.result
        penalty = "pen" in a.result or "replay" in a.result
        yards = gain(a.result)
        fits: set[int] = set()
        alts: list[Play] = []
        for p1 in a.places:
            line = 2 * HALF if a.goal else p1 + a.distance
            for p2 in b.places:
                if not 0 <= p2 < 2 * HALF or (yards is not None and p2 - p1 != yards):
                    continue
                first = auto or (p2 >= line and not a.goal)
                if first:
                    goal = p2 + FIRST_DOWN >= 2 * HALF
                    want = [(1, goal, 0 if goal else FIRST_DOWN)]
                elif a.down == 4 and not penalty:
                    want = []
                else:
                    downs = [a.down + 1, a.down] if penalty else [a.down + 1]
                    want = [(d, a.goal, 0 if a.goal else line - p2) for d in downs]
                if (b.down, b.goal, b.distance) in want:
                    fits.add(p2)
                alts += [Play(b.line, d, g, n, b.yard, b.result, {p2}) for d, g, n in want]
        return fits, alts

    def kick(self, number: int, head: str, rest: list[str]) -> None:
        result = " ".join(f for f in rest if not self.score_field(number, f, "")).lower()
        if head.startswith("free kick"):
            self.after_score(number, "safety", "a free kick", self.team)
        elif self.loose is not None:
            self.slip(number, "score", "a kickoff after a --- with no score or end of half")
            self.loose = None
        self.scored = None
        if m := _KICK_SUM.search(result):
            received, run, spot = map(int, m.groups())
            if spot not in (received + run, 2 * HALF - received - run):   # midfield crossed
                self.slip(number, "spot", f"to {received} and {run} yards is not {spot}")
        if (m := _RETURN_TO.search(result)) and "pen" not in result:   # a penalty moves it
            self.spot = (number, int(m[1]))
        self.last = None
        self.events(number, result, rest)
        if "k recovers" in result and not head.startswith("onside") or _TD.search(result):
            self.ending, self.ending_line = True, number

    def try_(self, number: int, head: str, rest: list[str]) -> None:
        self.after_score(number, "touchdown", "a try", self.team)
        result = " ".join([head] + rest).lower()
        good = re.search(r"\bgood\b", result) and not re.search(r"no good|not good", result)
        if good:
            two = head.startswith(("2 pt", "2pt")) or "2 pt" in result
            self.score(self.team, POINTS["two" if two else "kick"])
        self.scores(number, rest)
        self.ending, self.ending_line, self.last = True, number, None

    # -- scores ------------------------------------------------------------------------------
    def events(self, number: int, result: str, fields: list[str]) -> None:
        if _TD.search(result):
            defence = bool(_DEFENCE_BALL.search(result))
            self.score(self.other(self.team) if defence else self.team, POINTS["td"])
            self.scored = "touchdown"
        if re.search(r"\bsafety\b", result):
            self.score(self.other(self.team), POINTS["safety"])
            self.scored = "safety"
        if re.search(r"\bfg\b", result) and re.search(r"\bgood\b", result) and not \
                re.search(r"no good", result):
            self.score(self.team, POINTS["fg"])
        self.scores(number, fields)

    def score(self, team: str | None, points: int) -> None:
        team = team or OTHER
        for totals in (self.totals, self.before):
            if totals is not None:
                totals[team] = totals.get(team, 0) + points

    def scores(self, number: int, fields: list[str]) -> None:
        for f in fields:
            self.score_field(number, f, "check")

    def score_field(self, number: int, text: str, mode: str) -> bool:
        m = _SCORE.match(text)
        if not m or not (m[1] or m[4] or re.fullmatch(r"\d+-\d+", text)):
            return False
        if not mode:
            return True
        team = (m[1] or m[4] or "").strip()
        a, b = int(m[2]), int(m[3])
        if team:
            self.know(team)
            written = {team: a, self.other(team): b}
        else:
            written = None
        self.totals = self._assigned(written, a, b, self.totals)
        if self.before is not None:
            self.before = self._assigned(written, a, b, self.before)
        if not self._matches(written, a, b, self.totals) and not (
                self.before is not None and self._matches(written, a, b, self.before)):
            have = ", ".join(f"{t} {n}" for t, n in self.totals.items() if n)
            self.slip(number, "score", f"written {text}, the scoring written adds up to "
                      f"{have or 'nothing'}")
            self.before = dict(self.totals)
        else:
            self.before = None
        self.totals = {t: n for t, n in self.totals.items() if t in self.teams}
        if written:
            self.totals.update(written)
        return True

    def _assigned(self, written: dict[str, int] | None, a: int, b: int,
                  totals: dict[str, int]) -> dict[str, int]:
        """Points scored under a heading naming no known team go to whichever team makes
        the written score add up (the first that does)."""
        if OTHER not in totals or len(self.teams) < 2:
            return totals
        for team in self.teams:
            moved = {t: n for t, n in totals.items() if t != OTHER}
            moved[team] = moved.get(team, 0) + totals[OTHER]
            if self._matches(written, a, b, moved):
                return moved
        return totals

    @staticmethod
    def _matches(written: dict[str, int] | None, a: int, b: int,
                 totals: dict[str, int]) -> bool:
        values = [n for t, n in totals.items()]
        if written is None:
            return sorted(values + [0, 0])[-2:] == sorted([a, b])
        return all(totals.get(t, 0) == n for t, n in written.items()) and \
            sum(values) == a + b


def check(text: str) -> list[Slip]:
    """Every invariant the notes' text breaks, in line order."""
    checker = Checker()
    for number, raw in enumerate(text.splitlines(), start=1):
        checker.read(number, raw)
    checker.settle()
    return sorted(checker.slips, key=lambda s: s.line)
