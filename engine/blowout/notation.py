"""Reading and writing the BLOWOUT!!! record notation (docs/notation.md).

A record is tag pairs (`[Game "blowout"]`, `[Seed "..."]`, `[Length "full"]`) and one line
per snap:

    Q1 H R70 D65 +5 {H 2&5 H25 0-0}        ; optional comment
    Q1 H P55 INT H:DP-PI +55 {H 1&10 A25 0-0}

period, the side on offense, the OFFENSE (or SPECIAL TEAMS) card, the DEFENSE card, an
optional response card with the side that played it, the yards the play moved the ball, and
the state after the snap: side with the ball, down & to go, ball on, score HOME-AWAY.

The reader only checks that the text can be read; whether it follows the rules is the
verifier's business. A line it cannot read raises ReadError with its column; the kernel's
record reader (engine/verify/record.py) makes that a finding on the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printkit_engine.blowout.rules import FIELD, Rules
from printkit_engine.blowout.state import AWAY, HOME, ball_on, score_text, to_goal
from printkit_engine.errors import ReadError
from printkit_engine.frozen import fast_init
from printkit_engine.game import LENGTH_TAG
from printkit_engine.tags import tag_line
from printkit_engine.verify.record import MAX_LINES, Record, Syntax, read, split_lines

DEFAULT_LENGTH = "full"
UNKNOWN = "*"                   # a tag's value when it is not known (Result "*", Length "*")

_PERIOD = re.compile(r"^(?:Q([1-9])|([12])H|OT([1-9]\d?))$", re.I)
_SIDE = re.compile(r"^[HA]$", re.I)
_CODE = re.compile(r"^[A-Z][A-Z0-9-]{0,11}$", re.I)
_RESPONSE = re.compile(r"^([HA]):([A-Z][A-Z0-9-]{0,11})$", re.I)
_YARDS = re.compile(r"^[+-]?\d{1,3}$")
_DOWN = re.compile(r"^([1-4])&(\d{1,3}|G)$", re.I)
_SPOT = re.compile(r"^(?:([HA])(\d{1,2})|50)$", re.I)
_SCORE = re.compile(r"^(\d{1,3})-(\d{1,3})$")
_TOKEN = re.compile(r"\{[^{}]*\}?|[^\s{]+")
# How an untagged record is known: a snap line's opening (period, side, two card codes).
_SNAP_START = re.compile(r"[ \t]*(?:Q[1-9]|[12]H|OT[1-9]\d?)[ \t]+[HA][ \t]+[A-Z][A-Z0-9-]{0,11}"
                         r"[ \t]+[A-Z][A-Z0-9-]{0,11}[ \t]", re.I)
# A whole snap line as the bots and most players write it, in one match (`_plain`): the same
# fields as the tokens above, spaces and tabs between them, ASCII digits. A line it does not
# match (a slip, odd spacing, a yard line out of range) goes through the reader field by
# field, which says what is wrong where.
_PLAIN = re.compile(r"([ \t]*)(Q[1-9]|[12]H|OT[1-9][0-9]?)[ \t]+([HA])[ \t]+"
                    r"([A-Z][A-Z0-9-]{0,11})[ \t]+([A-Z][A-Z0-9-]{0,11})"
                    r"(?:[ \t]+([HA]):([A-Z][A-Z0-9-]{0,11}))?[ \t]+([+-]?[0-9]{1,3})[ \t]+"
                    r"\{[ \t]*([HA])[ \t]+([1-4])&([0-9]{1,3}|G)[ \t]+(?:([HA])([0-9]{1,2})|50)"
                    r"(?:[ \t]+([0-9]{1,3})-([0-9]{1,3}))?[ \t]*\}[ \t]*", re.I)


@fast_init           # made for every line of a record (and by every reading of it)
@dataclass(frozen=True)
class Written:
    """The state a line writes after its snap. The score may be left off (None): the
    verifier keeps it from the snaps (a bubble log has no score bubbles, as PostCard's has
    none); the final score is then the Result tag's to check."""

    ball: str
    down: int
    to_go: int
    x: int
    score: tuple[int, int] | None

    def text(self) -> str:
        score = "" if self.score is None else " " + score_text(self.score)
        return f"{{{self.ball} {self.down}&{self.to_go} {ball_on(self.x)}{score}}}"


@fast_init           # made for every line of a record: one step, not a call a field
@dataclass(frozen=True)
class Line:
    number: int
    period: str                 # as written, upper case: Q1, 1H, OT1
    side: str                   # on offense
    offense: str                # card code (OFFENSE or SPECIAL TEAMS deck)
    defense: str
    response: tuple[str, str] | None     # (side, code)
    yards: int
    state: Written
    column: int = 1
    past_midfield: str = ""     # a spot written from the farther goal line (`H55`), as written

    def text(self) -> str:
        parts = [self.period, self.side, self.offense, self.defense]
        if self.response:
            parts.append(f"{self.response[0]}:{self.response[1]}")
        parts += [f"{self.yards:+d}", self.state.text()]
        return " ".join(parts)


def seed(record: Record) -> str | None:
    return record.tag("Seed")


def length(record: Record) -> str:
    """The game length; `*` (unknown, as a bubble log writes a Length left unshaded) is the
    default, as no tag is."""
    value = (record.tag(LENGTH_TAG) or DEFAULT_LENGTH).strip().lower()
    return DEFAULT_LENGTH if value == UNKNOWN else value


def detect(text: str) -> bool:
    """True for an untagged record whose lines read as BLOWOUT!!! snaps."""
    return any(_SNAP_START.match(line) for line in split_lines(text)[:MAX_LINES])


def _error(message: str, file: str, number: int, column: int) -> ReadError:
    return ReadError(message, file, number, column)


def parse_state(text: str, file: str, number: int, column: int) -> Written:
    inner = text[1:-1] if text.endswith("}") else None
    if inner is None:
        raise _error("state not closed: write it as {H 1&10 H20 0-0}", file, number, column)
    parts = inner.split()
    if len(parts) not in (3, 4):
        raise _error(f"expected the state as {{SIDE DOWN&TOGO BALL-ON SCORE}}, e.g. "
                     f"{{H 1&10 H20 0-0}} (the score may be left off), found "
                     f"{{{inner.strip()[:40]}}}", file, number, column)
    side, down, spot, score = (*parts, "") if len(parts) == 3 else parts
    if not _SIDE.match(side):
        raise _error(f"expected H or A for the side with the ball, found {side[:20]!r}",
                     file, number, column)
    d = _DOWN.match(down)
    if not d or (d.group(2).isdigit() and not 1 <= int(d.group(2)) <= FIELD):
        raise _error(f"expected down & to go such as 1&10 or 1&G, found {down[:20]!r}", file,
                     number, column)
    s = _SPOT.match(spot)
    if not s:
        raise _error(f"expected the ball on a yard line such as H25, A40 or 50, found "
                     f"{spot[:20]!r}", file, number, column)
    yard = int(s.group(2)) if s.group(2) else FIELD // 2
    if not 1 <= yard < FIELD:
        raise _error(f"expected a yard line from 1 to 50, found {spot[:20]!r}", file, number,
                     column)
    x = yard if (s.group(1) or HOME).upper() == HOME else FIELD - yard
    # `&G`, goal to go: the yards from the ball to the goal line the side attacks (B17)
    to_go = int(d.group(2)) if d.group(2).isdigit() else to_goal(side.upper(), x)
    sc = _SCORE.match(score)
    if score and not sc:
        raise _error(f"expected the score as HOME-AWAY such as 7-3, found {score[:20]!r}",
                     file, number, column)
    return Written(side.upper(), int(d.group(1)), to_go, x,
                   (int(sc.group(1)), int(sc.group(2))) if sc else None)


def _plain(text: str, number: int) -> Line | None:
    """The line read in one match of `_PLAIN`: what the field-by-field reader below makes of
    it (the same upper-casing, column, goal to go and spot past midfield), about a quarter of
    its cost; None where `_PLAIN` does not match or a number is out of its range (the reader
    then says why)."""
    if not text.isascii():              # upper-casing keeps every column: ASCII only
        return None
    m = _PLAIN.fullmatch(text if text.isupper() else text.upper())
    if m is None:
        return None
    (lead, period, side, off, de, rside, rcode, yards, ball, down, go, spot_side, spot,
     home, away) = m.groups()
    yard = int(spot) if spot else FIELD // 2
    to_go = 0 if go == "G" else int(go)
    if not 1 <= yard < FIELD or (go != "G" and not 1 <= to_go <= FIELD):
        return None
    x = FIELD - yard if spot_side == AWAY else yard
    written = Written(ball, int(down), to_goal(ball, x) if go == "G" else to_go, x,
                      (int(home), int(away)) if home else None)
    return Line(number, period, side, off, de, (rside, rcode) if rside else None, int(yards),
                written, len(lead) + 1, spot_side + spot if spot and yard > FIELD // 2 else "")


def parse_line(raw: str, number: int, file: str) -> Line | None:
    text = raw.split(";", 1)[0]
    return _plain(text, number) or _fields(text, number, file)


def _fields(text: str, number: int, file: str) -> Line | None:
    """The line (its comment cut off) read field by field: what is wrong, and where."""
    if not text.strip():
        return None
    tokens = [(m.group(0), m.start() + 1) for m in _TOKEN.finditer(text)]
    if len(tokens) > 8:
        col = tokens[8][1]
        raise _error(f"too many fields: a snap line is PERIOD SIDE CARD CARD [SIDE:CARD] "
                     f"YARDS {{STATE}}, found {tokens[8][0][:20]!r}", file, number, col)
    want = "PERIOD SIDE OFFENSE-CARD DEFENSE-CARD [SIDE:RESPONSE] YARDS {STATE}"
    if len(tokens) < 6:
        raise _error(f"expected a snap line: {want}", file, number, tokens[0][1])
    (period, c0), (side, c1), (off, c2), (de, c3) = tokens[:4]
    if not _PERIOD.match(period):
        raise _error(f"expected a period such as Q1, 1H or OT1, found {period[:20]!r}", file,
                     number, c0)
    if not _SIDE.match(side):
        raise _error(f"expected H or A for the side on offense, found {side[:20]!r}", file,
                     number, c1)
    for code, col in ((off, c2), (de, c3)):
        if not _CODE.match(code):
            raise _error(f"expected a card code such as R70, D65 or K45, found {code[:20]!r}",
                         file, number, col)
    rest = tokens[4:]
    response = None
    if len(rest) == 3:
        m = _RESPONSE.match(rest[0][0])
        if not m:
            raise _error(f"expected a response card as SIDE:CODE such as H:CHAL, found "
                         f"{rest[0][0][:20]!r}", file, number, rest[0][1])
        response = (m.group(1).upper(), m.group(2).upper())
        rest = rest[1:]
    if len(rest) != 2:
        raise _error(f"expected {want}", file, number, rest[0][1] if rest else c3)
    (yards, cy), (state, cs) = rest
    if not _YARDS.match(yards):
        raise _error(f"expected the yards such as +5, -10 or 0, found {yards[:20]!r}", file,
                     number, cy)
    if not state.startswith("{"):
        raise _error(f"expected the state such as {{H 1&10 H20 0-0}}, found {state[:20]!r}",
                     file, number, cs)
    far = _SPOT.match(state[1:-1].split()[2]) if len(state[1:-1].split()) > 2 else None
    past = far.group(0).upper() if far and far.group(2) and int(far.group(2)) > FIELD // 2 \
        else ""
    return Line(number, period.upper(), side.upper(), off.upper(), de.upper(), response,
                int(yards), parse_state(state, file, number, cs), c0, past)


def _line(raw: str, number: int) -> Line | None:
    """The record reader's hook: `parse_line` with no file name (the kernel names it)."""
    text = raw.split(";", 1)[0]
    return _plain(text, number) or _fields(text, number, "")


SYNTAX = Syntax("BO", (LENGTH_TAG,), line=_line)


def parse(text: str, file: str = "<record>", rules: Rules | None = None) -> Record:
    """Read a record: its tags and snap lines (a line that cannot be read is an Unread row,
    reported on its line). ReadError only for a file too long to be a game."""
    return read(text, file, SYNTAX)


def format_record(tags: dict[str, str], lines: list[str]) -> str:
    head = [tag_line(k, v) for k, v in tags.items()]
    return "\n".join(head + [""] + lines) + "\n"


__all__ = ["SYNTAX", "Line", "Written", "detect", "format_record", "length", "parse", "seed"]
