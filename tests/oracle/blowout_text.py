"""BLOWOUT!!! record invariants, from the record text alone (docs/notation.md, the rules text).

Its own reader: a snap line is `PERIOD SIDE CARD CARD [SIDE:CARD] YARDS {SIDE D&TOGO SPOT
SCORE}`. Between two written states it checks what the rules say a snap can do:

- score: a side's score only grows by a TOUCHDOWN (7) or a FIELD GOAL (3) of the side on
  offense, or a SAFETY (2) of the other side; after any of them the DEFENSE "gets ball on
  their own 20, FIRST DOWN, and becomes OFFENSE";
- the spots: the ball on the field, a first down ends with 10 to go or the goal line;
- the same side keeps the ball without a score: the yards written are the ball's movement,
  and the down is the next one, the same one (a penalty or a CHALLENGE: "Repeat down", or a
  turnover card played against the other kind of play, which does not apply: B10) or a FIRST
  DOWN when the ball reached the line to gain;
- the ball changes hands without a score: FIRST DOWN for the side that gets it;
- the cards: a RUN or PASS against a DEFENSIVE PLAY, nothing else played, gives YARDS GAINED
  minus YARDS LOST (a PASS loses no yards, and one carried past the back of the END ZONE is
  incomplete: B9), a scoring snap's too (B16: the yards are the cards' arithmetic);
- play goes on from one period to the next, but at halftime and in overtime.

Values (points, the 20, 10 yards) come from the rules data file, card values from the deck
file, read here with tomllib; no engine code.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

ENGINE = Path(__file__).parents[2] / "engine/blowout"
RULES = tomllib.loads((ENGINE / "rules.toml").read_text(encoding="utf-8"))
POINTS = RULES["scoring"]
START = RULES["field"]["start"]
TEN = RULES["field"]["first_down"]
FIELD = 100
END_ZONE = RULES["field"]["end_zone"]
# cards after which the down may be repeated: the penalties and CHALLENGE ("Repeat down"), and
# the turnovers and SACK!, which do not apply against the other kind of play (B10)
REPEATS = {RULES["cards"][k] for k in ("offsides_on_defense", "holding", "delay_of_game",
                                       "offsides_on_offense", "challenge", "interception",
                                       "fumble", "sack")}

_LINE = re.compile(r"^(\S+)\s+([HA])\s+(\S+)\s+(\S+)(?:\s+([HA]):(\S+))?\s+([+-]?\d+)\s+"
                   r"\{([HA])\s+([1-4])&(\d+|G)\s+(H\d+|A\d+|50)(?:\s+(\d+)-(\d+))?\}$", re.I)
_CARD = re.compile(r"^([RPD])(\d+)$")


@dataclass(frozen=True)
class Snap:
    number: int
    period: str
    side: str
    offense: str
    defense: str
    response: str | None
    yards: int
    ball: str
    down: int
    to_go: int
    x: int                       # from the HOME goal line
    score: tuple[int, int] | None


def _spot(text: str) -> int:
    if text == "50":
        return 50
    n = int(text[1:])
    return n if text[0] == "H" else FIELD - n


def _to_goal(side: str, x: int) -> int:
    return FIELD - x if side == "H" else x


def read(text: str) -> tuple[dict[str, str], list[Snap]]:
    tags, snaps = {}, []
    for number, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        if m := re.fullmatch(r'\[(\w+)\s+"(.*)"\]', line):
            tags[m.group(1)] = m.group(2)
            continue
        m = _LINE.match(line.upper())
        if not m:
            snaps.append(Snap(number, "?", "?", "", "", None, 0, "?", 0, 0, 0, None))
            continue
        x = _spot(m.group(11))
        side = m.group(8)
        to_go = _to_goal(side, x) if m.group(10) == "G" else int(m.group(10))
        score = (int(m.group(12)), int(m.group(13))) if m.group(12) else None
        snaps.append(Snap(number, m.group(1), m.group(2), m.group(3), m.group(4), m.group(6),
                          int(m.group(7)), side, int(m.group(9)), to_go, x, score))
    return tags, snaps


def _value(code: str) -> tuple[str, int] | None:
    m = _CARD.match(code)
    return (m.group(1), int(m.group(2))) if m else None


RESTARTS = re.compile(r"^(Q3|2H|OT\d+)$")    # periods that start from a side's own 20


def check(text: str) -> list[tuple[int, str]]:
    """(line, what is wrong) for every invariant the record breaks."""
    tags, snaps = read(text)
    out: list[tuple[int, str]] = []
    before: Snap | None = None
    score = (0, 0)
    for s in snaps:
        if s.ball == "?":
            out.append((s.number, "unreadable"))
            before = None
            continue
        if not 0 < s.x < FIELD:
            out.append((s.number, "spot off the field"))
        new = s.score if s.score is not None else score
        gained = (new[0] - score[0], new[1] - score[1])
        other = "A" if s.side == "H" else "H"
        mine, theirs = gained[0 if s.side == "H" else 1], gained[1 if s.side == "H" else 0]
        scored = None
        if gained != (0, 0):
            if theirs == 0 and mine in (POINTS["touchdown"], POINTS["field_goal"]):
                scored = "offense"
            elif mine == 0 and theirs == POINTS["safety"]:
                scored = "defense"
            else:
                out.append((s.number, f"score moves by {gained}"))
        own20 = START if other == "H" else FIELD - START
        if scored and (s.ball, s.x, s.down) != (other, own20, 1):
            out.append((s.number, "after a score: the DEFENSE's ball on its own 20, first down"))
        # play goes on across a period but at halftime and overtime ("Play begins on 20"),
        # where the side on offense starts from its own 20, FIRST DOWN, as at the kick-off
        restart = before is None or (before.period != s.period and RESTARTS.match(s.period))
        if restart:
            own = START if s.side == "H" else FIELD - START
            before = Snap(0, s.period, s.side, "", "", None, 0, s.side, 1, TEN, own, score)
        same_period = before.period == s.period or not (
            s.period == "Q2" and tags.get("Length") == "quarter")
        if scored is None and same_period and s.ball == s.side == before.ball:
            moved = (s.x - before.x) if s.side == "H" else (before.x - s.x)
            if moved != s.yards:
                out.append((s.number, f"yards {s.yards:+d} but the ball moved {moved:+d}"))
            if moved >= before.to_go:
                if s.down != 1 or s.to_go not in (TEN, _to_goal(s.ball, s.x)):
                    out.append((s.number, "the line to gain reached: first down"))
            elif s.offense in REPEATS or s.defense in REPEATS or s.response in REPEATS:
                if s.down not in (before.down, before.down + 1) or \
                        s.to_go != before.to_go - moved:
                    out.append((s.number, "a repeated down keeps down and line to gain"))
            elif s.down != before.down + 1 or s.to_go != before.to_go - moved:
                out.append((s.number, "the next down, the line to gain where it was"))
        if scored is None and same_period and s.ball != s.side and s.down != 1:
            out.append((s.number, "the ball changes hands: first down"))
        o, d = _value(s.offense), _value(s.defense)
        if s.response is None and (s.ball == s.side or scored) and o and d and \
                o[0] in "RP" and d[0] == "D":
            want = o[1] - d[1]
            if o[0] == "P":
                beyond = same_period and want > _to_goal(s.side, before.x) + END_ZONE
                want = 0 if want < 0 or beyond else want
            if want != s.yards:
                out.append((s.number, f"{s.offense} against {s.defense} is {want:+d}"))
        score, before = new, s
    return out
