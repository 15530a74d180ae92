"""PostCard Football record invariants, from the record text alone (docs/notation.md).

Its own reader: a line is `[N.] VERB inputs [= outcome marks] [{state}] [; comment]`. Between
two written states it collects what the lines wrote (scoring markers, field goals, tries,
Time Tracker marks, plays, penalties, the events that hand the ball over) and checks:

- score: each side's score is the running sum of the scoring written (a `TD` marker 6, a
  field goal `kick = good` 3, a try's `kick = good` 1, a `safety` marker 2 to the other side,
  a good two-point try 2: with a `TD` marker it is counted, without one it may be 0 or 2);
- time: `T` counts are the running sum of the `?xH` / `?xA` marks, never above the circles of
  one end zone; `F` never decreases and never passes them;
- spots: on the field (`H0`..`H50`, `50`, `A0`..`A50`); bonuses 0 to the Bonus Bar's limit;
- possession: the side with the ball changes only across a toss, kickoff, onside kick, punt,
  an interception (`= int`), a fumble recovery line, a blocked kick, a missed field goal or a
  4th-down play;
- downs: one play from a state, the same side keeping the ball: first down (and 10 or goal to
  go) exactly when the ball reached the line to gain or a penalty was written, else the next
  down with the line to gain where it was.

Values of the card (points, circles) come from the rules data file, read here with tomllib.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

RULES = tomllib.loads((Path(__file__).parents[2] / "engine/postcard/rules.toml")
                      .read_text(encoding="utf-8"))
POINTS = RULES["scoring"]
CIRCLES = len(RULES["time_tracker"]["stars"])
BONUS_MAX = RULES["bonus"]["max"]
HALF = 50                      # the field: 0-50 from each goal line (docs/notation.md)
FIRST_DOWN = 10

_DIE = re.compile(r"^([HA])\d(?:/\d)?(?:,\d)?(?:\+\d)?$")
_MARK = re.compile(r"^([HA])X([HA])$")
_PICKS = re.compile(r"^\dV\d$")
_SPOT = re.compile(r"^(?:([HA])(\d+)|(50))$")
_DOWN = re.compile(r"^([1-4])&(\d+|G)$")
_SCORE = re.compile(r"^(\d+)-(\d+)$")
_PAIR = re.compile(r"^([TPB])(\d+)/(\d+)$")
_FINAL = re.compile(r"^F(\d+)$")
PHASES = ("KO", "TRY", "SK", "END")
PLAYS = {"RUSH", "PASS", "PUNT", "FG", "FAKE", "KNEE"}


@dataclass(frozen=True)
class Slip:
    line: int
    invariant: str
    message: str


@dataclass
class State:
    line: int
    side: str | None = None
    phase: str | None = None
    down: int | None = None
    to_go: str | None = None          # "G" or a number as text
    spot: int | None = None           # yards from the Home goal line
    score: tuple[int, int] | None = None
    time: tuple[int, int] | None = None
    final: int | None = None
    bonus: tuple[int, int] | None = None


@dataclass
class Between:
    """What the lines between two written states wrote."""

    points: list[tuple[str, int]] = field(default_factory=list)
    maybe_two: str | None = None      # a two-point try without a TD marker: 0 or 2
    marks: list[str] = field(default_factory=list)
    plays: int = 0
    penalty: bool = False
    handover: bool = False            # an event that may hand the ball over
    recovery: bool = False            # a fumble recovery (the ball may stay or go)


def other(side: str) -> str:
    return "A" if side == "H" else "H"


def from_home(side: str | None, yards: int) -> int:
    return yards if side in (None, "H") else 2 * HALF - yards


def _state(text: str, line: int) -> tuple[State, list[Slip]]:
    """A written state `{...}` and what it breaks on its own (a spot off the field...)."""
    st, slips = State(line), []
    for word in text.upper().split():
        if word in ("H", "A"):
            st.side = word
        elif word in PHASES:
            st.phase = word
        elif m := _DOWN.match(word):
            st.down, st.to_go = int(m[1]), m[2]
        elif m := _SPOT.match(word):
            yards = int(m[2] or m[3])
            if yards > HALF:
                slips.append(Slip(line, "spot", f"{word} is off the field"))
            st.spot = from_home(m[1], yards)
        elif m := _SCORE.match(word):
            st.score = (int(m[1]), int(m[2]))
        elif m := _PAIR.match(word):
            pair = (int(m[2]), int(m[3]))
            if m[1] == "T":
                st.time = pair
            elif m[1] == "B":
                st.bonus = pair
                if max(pair) > BONUS_MAX:
                    slips.append(Slip(line, "bonus", f"{word}: more than {BONUS_MAX}"))
        elif m := _FINAL.match(word):
            st.final = int(m[1])
    return st, slips


def merged(a: Between, b: Between) -> Between:
    return Between(a.points + b.points, b.maybe_two or a.maybe_two, a.marks + b.marks,
                   a.plays + b.plays, a.penalty or b.penalty, a.handover or b.handover,
                   a.recovery or b.recovery)


def transitions(prev: State, b: Between, st: State) -> list[Slip]:
    """What `st` breaks, read after `prev` and the lines `b` between them. Fills the parts
    `st` leaves out (score, time, end-of-game circles) with what the lines add up to."""
    slips: list[Slip] = []
    _score(prev, b, st, slips)
    _time(prev, b, st, slips)
    _possession(prev, b, st, slips)
    _downs(prev, b, st, slips)
    return slips


def _score(prev: State, b: Between, st: State, slips: list[Slip]) -> None:
    assert prev.score is not None
    score = list(prev.score)
    for side, pts in b.points:
        score["HA".index(side)] += pts
    allowed = [(score[0], score[1])]
    if b.maybe_two:
        bumped = list(score)
        bumped["HA".index(b.maybe_two)] += POINTS["two_point"]
        allowed.append((bumped[0], bumped[1]))
    if st.score is None:
        st.score = allowed[0]
    elif st.score not in allowed:
        slips.append(Slip(st.line, "score", f"written {st.score[0]}-{st.score[1]}, the "
                          f"scoring written adds up to {score[0]}-{score[1]}"))


def _time(prev: State, b: Between, st: State, slips: list[Slip]) -> None:
    assert prev.time is not None and prev.final is not None
    time = list(prev.time)
    for zone in b.marks:
        time["HA".index(zone)] += 1
    if st.time is None:
        st.time = (time[0], time[1])
    elif st.time != tuple(time) or max(st.time) > CIRCLES:
        slips.append(Slip(st.line, "time", f"written T{st.time[0]}/{st.time[1]}, the marks "
                          f"written add up to T{time[0]}/{time[1]} (at most {CIRCLES})"))
    if st.final is None:
        st.final = prev.final
    elif not prev.final <= st.final <= CIRCLES:
        slips.append(Slip(st.line, "final", f"F{st.final} after F{prev.final}"))


def _possession(prev: State, b: Between, st: State, slips: list[Slip]) -> None:
    if prev.side and st.side and prev.side != st.side and not (
            b.handover or b.recovery or prev.down == 4):
        slips.append(Slip(st.line, "possession", f"{prev.side} to {st.side} with no toss, "
                          "kick, interception, fumble, missed field goal or 4th down between"))


def _downs(prev: State, b: Between, st: State, slips: list[Slip]) -> None:
    if prev.down is None or st.down is None or prev.side != st.side or st.side is None:
        return
    if b.plays != 1 or b.handover or b.recovery or prev.spot is None or st.spot is None:
        return
    sign = 1 if st.side == "H" else -1
    gain = sign * (st.spot - prev.spot)
    goal = HALF * 2 - st.spot if st.side == "H" else st.spot
    was_goal = HALF * 2 - prev.spot if st.side == "H" else prev.spot
    to_go = None if prev.to_go == "G" else int(prev.to_go)
    # P6: a first down is the ball carried to or past the line to gain; with goal to go that
    # line is the goal line, which is in the field of play (a ball tackled on it);
    # "carried forward": a ball that stayed on the goal line gained nothing
    first = b.penalty or 0 < gain >= (was_goal if to_go is None else to_go)
    if first:
        want = (1, "G" if goal <= FIRST_DOWN else str(FIRST_DOWN))
    else:
        want = (prev.down + 1, "G" if to_go is None else str(to_go - gain))
    if (st.down, st.to_go) != want:
        slips.append(Slip(st.line, "downs", f"{st.down}&{st.to_go} after "
                          f"{prev.down}&{prev.to_go} and {gain:+d} yards (expected "
                          f"{want[0]}&{want[1]})"))


class Checker:
    def __init__(self) -> None:
        self.slips: list[Slip] = []
        self.last = State(0, score=(0, 0), time=(0, 0), final=-1)
        self.alt: tuple[State, Between] | None = None    # the last state before a slip
        self.between = Between()
        self.try_kind: str | None = None

    def read(self, number: int, raw: str) -> None:
        text = raw.split(";", 1)[0].strip()
        if not text or text.startswith("["):
            return
        state_text = None
        if "{" in text:
            text, state_text = text.split("{", 1)
            state_text = state_text.rstrip("}")
        action, _, outcome = text.partition("=")
        words = action.upper().split()
        if words and re.match(r"^\d+\.$", words[0]):
            words = words[1:]
        if not words:
            return
        self.action(words[0], words[1:], outcome.upper().split())
        if state_text is not None:
            self.state(*_state(state_text, number))

    def action(self, verb: str, inputs: list[str], out: list[str]) -> None:
        b = self.between
        dice = [w[0] for w in inputs if _DIE.match(w)]
        first = dice[0] if dice else None
        result = out[0] if out else ""
        b.marks += [m[2] for w in out if (m := _MARK.match(w))]
        if verb == "TRY":
            self.try_kind = inputs[0] if inputs else None
            return
        if verb in PLAYS and not (verb in ("RUSH", "PASS") and not any(
                _PICKS.match(w) for w in inputs)):
            b.plays += 1
        if verb in ("TOSS", "KICKOFF", "ONSIDE", "PUNT") or result == "INT" or \
                (verb in ("FG", "PUNT") and result == "BLOCKED") or \
                (verb == "KICK" and result == "MISS"):
            b.handover = True
        if verb == "FUMBLE":
            b.recovery = True
        if verb == "RUN" and result == "PEN":
            b.penalty = True
        if "TD" in out:
            scorer = result[0] if verb == "FUMBLE" else first
            if self.try_kind == "2" and scorer:
                b.points.append((scorer, POINTS["two_point"]))
                b.maybe_two = None
            elif scorer:
                b.points.append((scorer, POINTS["touchdown"]))
        elif self.try_kind == "2" and verb in ("RUSH", "PASS") and first:
            b.maybe_two = first
        if "SAFETY" in out:
            loser = result[0] if verb == "FUMBLE" else first
            if verb == "SACK":
                loser = other(first) if first else None
            if loser:
                b.points.append((other(loser), POINTS["safety"]))
        if verb == "KICK" and result == "GOOD" and first:
            b.points.append((first, POINTS["extra_point" if self.try_kind else "field_goal"]))

    def state(self, st: State, own: list[Slip]) -> None:
        """Checked after the last state; a slip there may be the last state's own (it was
        written wrong): then the state before it, with every line since, is tried too, so
        one slip is one finding here as well."""
        plain = State(**vars(st))
        slips = transitions(self.last, self.between, st)
        if slips and self.alt is not None:
            again = State(**vars(plain))
            base, since = self.alt
            if not transitions(base, merged(since, self.between), again):
                slips, st = [], again
        self.alt = (self.last, self.between) if slips or own else None
        self.slips += own + slips
        if st.phase != "TRY":
            self.try_kind = None
        self.last = st
        self.between = Between()


def check(text: str) -> list[Slip]:
    """Every invariant the record's text breaks, in line order."""
    checker = Checker()
    for number, raw in enumerate(text.splitlines(), start=1):
        checker.read(number, raw)
    return checker.slips
