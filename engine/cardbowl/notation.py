"""Reading Card Bowl play notes, written as in the rules' "Example of Play Notes".

A record (engine/verify/record.py) is its tags and one row per non-blank line, each read here as an
:class:`Entry`: a team heading, a `---`, a clock marker, a play or a cards line. Play results are
read clause by clause (split at ``,`` and ``;`` outside notes in brackets) into a :class:`Result`;
the words are data (``WORDS``), so a synonym is one line. A line that cannot be read raises
:class:`printkit_engine.errors.ReadError` with its column, which the record reader turns into a
finding on that line; what the record did wrong is not decided here but in steps.py. The grammar is
documented in docs/notation.md ("Card Bowl").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from printkit_engine.cards import FULL_DECK
from printkit_engine.errors import ReadError
from printkit_engine.tags import TAG, unquote
from printkit_engine.verify.record import Record, Row, Syntax, read

# -- vocabulary --------------------------------------------------------------------------

PLAYS = ("run", "rush", "pass", "sneak", "scramble", "screen", "lateral", "sack", "sacked",
         "kneel", "spike", "draw", "sweep", "reverse", "option", "keeper", "throw", "catch")
WORDS: dict[str, str] = {
    **{w: "PLAY" for w in PLAYS},
    **dict.fromkeys(("inc", "incomplete", "incompletion", "incomp"), "INC"),
    **dict.fromkeys(("yd", "yds", "yrd", "yrds", "yard", "yards"), "YD"),
    **dict.fromkeys(("pen", "penalty", "penalized", "flag", "foul"), "PEN"),
    **dict.fromkeys(("vs", "versus", "on", "against"), "VS"),
    **dict.fromkeys(("d", "def", "defense", "defence", "defensive"), "D"),
    **dict.fromkeys(("o", "off", "offense", "offence", "offensive"), "O"),
    # "Defensive pass interference ... The ball is moved forward to the location of the
    # interference": a spot foul, any yards (C4)
    **dict.fromkeys(("interference", "pi", "dpi"), "PI"),
    **dict.fromkeys(("k", "kicking", "kicker"), "K"),
    **dict.fromkeys(("r", "receiving", "receiver"), "R"),
    **dict.fromkeys(("auto", "automatic"), "AUTO"),
    **dict.fromkeys(("1st", "first", "st"), "FIRST"),
    "down": "DOWN",
    **dict.fromkeys(("fumble", "fumbles", "fumbled", "fum"), "FUMBLE"),
    **dict.fromkeys(("recovers", "recovered", "recovery", "recover", "rec"), "RECOVERS"),
    **dict.fromkeys(("return", "returned", "returns", "ret", "runback"), "RETURN"),
    **dict.fromkeys(("int", "intercepted", "interception", "picked", "pick"), "INT"),
    **dict.fromkeys(("td", "touchdown"), "TD"),
    "safety": "SAFETY",
    **dict.fromkeys(("touchback", "tb"), "TOUCHBACK"),
    **dict.fromkeys(("punt", "punts", "punted"), "PUNT"),
    "fg": "FG",
    **dict.fromkeys(("good", "made", "makes", "succeeds", "success"), "GOOD"),
    **dict.fromkeys(("missed", "miss", "misses", "wide", "failed", "fails", "nogood"), "MISS"),
    "blocked": "BLOCKED",
    "downed": "DOWNED",
    "declined": "DECLINED",
    **dict.fromkeys(("replay", "repeat", "replayed", "repeated"), "REPLAY"),
    "to": "TO",
    **dict.fromkeys(("kick", "xp", "pat"), "KICK"),
    **dict.fromkeys(("conversion", "2pt"), "CONV"),
    "loss": "LOSS",
    **dict.fromkeys(("for", "of", "a", "the", "and", "gain", "gains", "gained", "by", "at",
                     "then", "yardline", "line", "is", "was"), "FILL"),
}
WORDS.update({"nogain": "ZERO", "noreturn": "NORET", "faircatch": "FAIR", "oob": "OOB"})
# Several-word phrases become one word of the same or shorter length (columns stay true).
PHRASES: dict[str, str] = {
    "no good": "nogood", "no gain": "nogain", "no return": "noreturn",
    "fair catch": "faircatch", "out of bounds": "oob", "field goal": "fg", "extra point": "xp",
    "2 pt": "2pt", "2-pt": "2pt", "two-point": "2pt", "two point": "2pt",
}
_PHRASE = re.compile(r"\b(" + "|".join(re.escape(p) for p in sorted(PHRASES, key=len,
                                                                      reverse=True)) + r")\b")
# a token's kind is the group it matched (`lastgroup`): an integer or an operator; anything
# else (a comment, a word, `1st`, another character) matched no group
_TOKEN = re.compile(r"\{[^}]*\}|\([^)]*\)|\d+(?:st|pt)\b|(?P<num>[+-]?\d+)|"
                    r"(?P<op>[=+\-])|[a-z][a-z0-9']*\.?|\S")

# -- line shapes -------------------------------------------------------------------------

_SEPARATOR = re.compile(r"^(-{3,}|_{3,}|={3,}|\*{3,})$")
_STATE = re.compile(r"^([1-4])\s*(?:st|nd|rd|th)?\s*&\s*(goal|g|\d{1,3})\s*@\s*"
                    r"(?:(own|opp)\s*)?(\d{1,3})(?=\s|$)", re.I)
_KICK = re.compile(r"^(kickoff|kick-off|kick off|free kick|onside kick|on-side kick)\b\.?",
                   re.I)
_TRY = re.compile(r"^(try|pat|xp|extra point|2[- ]?pt(?: conversion)?|two[- ]point"
                  r"(?: conversion)?|conversion)\b\.?", re.I)
_MARKER = re.compile(r"^(q[1-4]|ot|overtime|[1-4](?:st|nd|rd|th) (?:quarter|qtr)|"
                     r"(?:first|second|third|fourth) quarter|quarter [1-4]|halftime|half time|"
                     r"(?:1st|2nd|first|second) half|end of (?:the )?(?:game|half|quarter|"
                     r"[1-4](?:st|nd|rd|th) quarter|(?:first|second|third|fourth) quarter)|"
                     r"two[- ]minute warning|2[- ]minute warning)\.?$", re.I)
_HALF_START = re.compile(r"q3|2nd half|second half|halftime|half time|end of (?:the )?half|"
                         r"end of (?:the )?(?:2nd|second) quarter|ot|overtime", re.I)
_HEADING = re.compile(r"^#{0,6}\s*([A-Za-z0-9][A-Za-z0-9 .'&-]{0,40})$")
_CARDS = re.compile(r"^cards?(?:\s+(?:deal\s*)?(\d+))?\s*:?\s*(.*)$", re.I)
# Both score shapes are matched on stripped text with no lazy group before a tail: linear time
# on any line (a lazy group followed by `\s*$` is quadratic on a long run of spaces).
_SCORE = re.compile(r"(\d{1,3})\s*[-\u2013]\s*(\d{1,3})(?:\s+(\S.*))?")
_SCORE_TEAM_FIRST = re.compile(r"(.*\S)\s+(\d{1,3})\s*[-\u2013]\s*(\d{1,3})")
_TEAM_NAME = re.compile(r"[A-Za-z][A-Za-z0-9 .'&]*")
_TIME = re.compile(r"^\d{1,2}:\d{2}$")
# a field ends before a tab or two spaces: the lookahead is two spaces, never a run of them
# (` {2,}` made a long run of spaces quadratic: each space re-scanned the run after it)
_FIELDS = re.compile(r"[^\t]+?(?=\t|  |$)")
_HTML = re.compile(r"<[^>]{0,20}>")


@dataclass
class Penalty:
    yards: int | None
    against: str | None       # 'O' or 'D' (kick lines: 'K' or 'R' are mapped in verify)
    auto_first: bool = False
    declined: bool = False
    column: int = 0
    interference: bool = False   # written as pass interference: a spot foul (C4)


@dataclass
class Sum:
    terms: list[int]
    total: int
    column: int


@dataclass
class Result:
    """What one play's result text says; None = not written."""

    text: str = ""
    play: str | None = None
    gain: int | None = None
    incomplete: bool = False
    penalties: list[Penalty] = field(default_factory=list)
    auto_first: bool = False
    replay: bool = False
    fumble: bool = False
    recovered: str | None = None
    interception: bool = False
    air: int | None = None
    ret: int | None = None
    ret_to: int | None = None
    touchdown: bool = False
    safety: bool = False
    punt: int | None = None
    punt_play: bool = False
    blocked: bool = False
    fair_catch: bool = False
    touchback: bool = False
    out_of_bounds: bool = False
    downed: bool = False
    field_goal: bool = False
    fg_distance: int | None = None
    good: bool | None = None
    received: int | None = None
    conversion: bool = False
    kick_try: bool = False
    sums: list[Sum] = field(default_factory=list)

    @property
    def written(self) -> bool:
        return bool(self.text.strip())


@dataclass
class Score:
    first: int
    second: int
    team: str | None
    column: int


@dataclass
class Cards:
    groups: list[list[str]]
    deal: int | None
    column: int

    @property
    def all(self) -> list[str]:
        return [c for g in self.groups for c in g]


NO_RESULT = Result()      # a line with no result text: one Result, shared as read ones are


@dataclass
class Entry:
    line: int
    kind: str                 # tag, heading, separator, marker, play, cards
    text: str
    name: str = ""            # tag name / heading team / marker text / play kind
    value: str = ""           # tag value
    down: int | None = None
    distance: int | None = None
    goal: bool = False
    yard: int | None = None
    side: str | None = None
    result: Result = field(default_factory=lambda: NO_RESULT)   # never changed: replaced
    score: Score | None = None
    time: str | None = None
    cards: Cards | None = None
    # a heading: the team named by the first heading after the next `---` (the record's
    # own answer to "whose drive is this?" when the heading names a third team)
    after: str | None = None
    # a line that cannot be read came since the last play line: this line's play (or the
    # cards of the play before) is not known, so what it leads to is not either
    gap: bool = False

    @property
    def is_half_start(self) -> bool:
        return self.kind == "marker" and bool(_HALF_START.fullmatch(self.name.lower().rstrip(".")))


_DECK = frozenset(FULL_DECK)      # a written card is looked up once, not compared with each
_CARD_WORD = re.compile(r"/|[^\s/,]+")


COMMENT_CLOSE = {"(": ")", "{": "}"}
_CLAUSE_MARK = re.compile(r"[,;]")


def clauses(text: str) -> list[tuple[str, int]]:
    """A result's clauses and their offsets: split at `,` and `;`, but not inside free text
    in `( )` or `{ }` (a note such as `(fumbled catch, Rams recover)` is one comment, read
    as nothing, decision C17). A comment ends at its first closing bracket, as the token
    reader reads it; one character at a time, so any line is read in linear time."""
    out: list[tuple[str, int]] = []
    start, close = 0, ""
    if "(" not in text and "{" not in text:
        # no comment (nearly every line): split in C, the offsets added up from the parts
        for part in _CLAUSE_MARK.split(text):
            out.append((part, start))
            start += len(part) + 1
        return out
    for i, ch in enumerate(text):
        if close:
            close = "" if ch == close else close
        elif ch in COMMENT_CLOSE:
            close = COMMENT_CLOSE[ch]
        elif ch in ",;":
            out.append((text[start:i], start))
            start = i + 1
    out.append((text[start:], start))
    return out


def _clean(text: str) -> str:
    """Drops HTML tags (the rules' `1 <sup>st</sup>`) and no-break spaces."""
    text = text.replace("\u00a0", " ").rstrip("\r\n")
    return _HTML.sub("", text) if "<" in text else text


def _fields(text: str, start: int) -> list[tuple[str, int]]:
    """Fields split at tabs or two or more spaces, with their 1-based columns."""
    out = []
    if "  " not in text:
        # tabs alone (nearly every line): the fields are the pieces between them, cut in C
        for piece in text[start:].split("\t"):
            stripped = piece.strip()
            if stripped:
                out.append((stripped, start + len(piece) - len(piece.lstrip()) + 1))
            start += len(piece) + 1
        return out
    for m in _FIELDS.finditer(text, start):
        piece = m.group(0)
        stripped = piece.strip()
        if stripped:
            out.append((stripped, m.start() + len(piece) - len(piece.lstrip()) + 1))
    return out


# a clause's words (`_Reader.words`): kinds, plays named, `to` number, value, sum, column
Words = tuple[frozenset[str], tuple[str, ...], int | None, int | None, Sum | None, int]


class _Reader:
    def __init__(self, file: str, line: int) -> None:
        self.file = file
        self.line = line

    def error(self, message: str, column: int) -> ReadError:
        return ReadError(message, self.file, self.line, max(column, 1))

    # -- fields -------------------------------------------------------------------------
    def card_list(self, text: str, column: int) -> Cards:
        m = _CARDS.match(text)
        if not m:
            raise self.error("expected 'cards: QH 5C ...'", column)
        groups: list[list[str]] = [[]]
        body = m.group(2)
        if body.isascii():
            # every word at once, upper case (ASCII: the same words as one at a time), the
            # way below only for a word that is no card (its column)
            for word in _CARD_WORD.findall(body.upper()):
                if word == "/":
                    groups.append([])
                elif word in _DECK:
                    groups[-1].append(word)
                else:
                    break
            else:
                if any(groups):
                    return Cards(groups, int(m.group(1)) if m.group(1) else None, column)
            groups = [[]]
        offset = column + m.start(2)
        for tok in _CARD_WORD.finditer(body):
            word = tok.group(0).upper()
            if word == "/":
                groups.append([])
                continue
            if word not in _DECK:
                raise self.error(f"not a card: {tok.group(0)!r} (write rank and suit, e.g. "
                                 "QH, 10C; jokers BJ, RJ)", offset + tok.start())
            groups[-1].append(word)
        if not any(groups):
            raise self.error("a cards line needs at least one card", column)
        return Cards(groups, int(m.group(1)) if m.group(1) else None, column)

    def score(self, text: str, column: int) -> Score | None:
        text = text.strip()
        if m := _SCORE.fullmatch(text):
            team = (m.group(3) or "").strip() or None
            if team and team.lower() in ("tie", "tied", "all"):
                team = None
            return Score(int(m.group(1)), int(m.group(2)), team, column)
        if (m := _SCORE_TEAM_FIRST.fullmatch(text)) and _TEAM_NAME.fullmatch(m.group(1)):
            return Score(int(m.group(2)), int(m.group(3)), m.group(1).strip(), column)
        return None

    def extras(self, entry: Entry, fields: list[tuple[str, int]], kick: bool) -> None:
        results: list[tuple[str, int]] = []
        for text, col in fields:
            if text.lower().startswith("card"):
                entry.cards = self.card_list(text, col)
            elif _TIME.match(text):
                entry.time = text
            elif results and (score := self.score(text, col)):
                entry.score = score
            elif not results:
                results.append((text, col))
            else:
                raise self.error(f"cannot read {text!r} (after the result: a score such as "
                                 "'3-0 Cowboys', a clock time or 'cards: ...')", col)
        if results:
            entry.result = self.result(*results[0], kick=kick)

    # -- result text --------------------------------------------------------------------
    def result(self, text: str, column: int, kick: bool = False) -> Result:
        """The result `text` at `column` says (read once a process: see `_result`)."""
        try:
            return _result(text, column, kick)
        except ReadError as exc:
            raise self.error(exc.message, exc.column) from None

    def read_result(self, text: str, column: int, kick: bool = False) -> Result:
        res = Result(text=text)
        lowered = text.lower()
        lowered = _PHRASE.sub(lambda m: PHRASES[m.group(1)].ljust(len(m.group(0))), lowered)
        for part, start in clauses(lowered):
            self.clause(res, part, column + start, kick)
        return res

    def atoms(self, part: str, column: int) -> list[tuple[str, object, int]]:
        atoms: list[tuple[str, object, int]] = []
        for m in _TOKEN.finditer(part):
            tok, col, group = m.group(0), column + m.start(), m.lastgroup
            if tok[0] in "{(":
                continue               # a free-text comment (or its bracket, never closed)
            if group is not None:
                atoms.append((group, tok, col))            # "num" or "op"
            else:
                word = tok.rstrip(".")
                kind = WORDS.get(word)
                if kind == "FIRST" and atoms and atoms[-1][:2] == ("num", "1"):
                    atoms.pop()                            # "1 st" as printed in the rules
                if kind is None:
                    raise self.error(f"cannot read {tok!r} in the play result "
                                     "(see docs/notation.md, Card Bowl)", col)
                if kind != "FILL":
                    atoms.append(("w", kind, col))
                    if kind == "PLAY":
                        atoms[-1] = ("w", "PLAY:" + word, col)
        return atoms

    def expression(self, nums: list[tuple[str, object, int]]) -> tuple[int | None, Sum | None]:
        """`5 + 8 = 13`, `-2`, `18 + 5 = 23`: the value, and the sum to check if `=` given."""
        if not nums:
            return None, None
        terms: list[int] = []
        total: int | None = None
        sign = 1
        expect_number = True
        after_equals = False
        for kind, tok, col in nums:
            if kind == "op":
                if tok == "=":
                    if after_equals or not terms:
                        raise self.error("'=' needs a sum before it", col)
                    after_equals = True
                elif not expect_number:
                    sign = -1 if tok == "-" else 1
                else:
                    raise self.error(f"'{tok}' needs a number after it", col)
                expect_number = True
                continue
            if not expect_number and str(tok)[0] not in "+-":
                raise self.error("two numbers without '+' or '=' between them", col)
            number = int(str(tok)) * sign
            sign = 1
            expect_number = False
            if after_equals:
                if total is not None:
                    raise self.error("only one total after '='", col)
                total = number
            else:
                terms.append(number)
        if expect_number:
            raise self.error("a sum that ends without a number", nums[-1][2])
        if total is None:
            return sum(terms), None
        return total, (Sum(terms, total, nums[0][2]) if len(terms) > 1 or total != terms[0]
                       else None)

    def words(self, part: str, column: int) -> Words | None:
        """What a clause's words say, whatever came before it in the result: their kinds,
        the plays named, the number after `to`, the value and its sum, the first word's
        column (None for a clause of no words)."""
        atoms = self.atoms(part, column)
        if not atoms:
            return None
        kinds: set[str] = set()             # the words' kinds, and the plays named
        plays: list[str] = []               # (one loop: a comprehension is a frame each)
        for a in atoms:
            if a[0] == "w":
                parts = str(a[1]).split(":")
                kinds.add(parts[0])
                if len(parts) > 1:
                    plays.append(parts[1])
        to_value = None
        nums: list[tuple[str, object, int]] = []
        for i, atom in enumerate(atoms):
            if atom[0] == "w":
                continue
            if atom[0] == "num" and i > 0 and atoms[i - 1][:2] == ("w", "TO"):
                to_value = int(str(atom[1]))
                continue
            nums.append(atom)
        value, total = self.expression(nums)
        if "LOSS" in kinds and value is not None:
            value = -abs(value)
        return frozenset(kinds), tuple(plays), to_value, value, total, atoms[0][2]

    def clause(self, res: Result, part: str, column: int, kick: bool) -> None:
        try:                                    # (a long clause is not kept: bounded)
            said = _words(part) if len(part) <= _CLAUSE_CACHED else _Reader("", 0).words(part, 0)
        except ReadError:
            said = self.words(part, column)     # raises it again, at its column on the line
        if said is None:
            return
        kinds, plays, to_value, value, total, col = said
        col += column
        if total:
            res.sums.append(Sum(total.terms, total.total, total.column + column))
        if "RECOVERS" in kinds:
            who = [k for k in ("D", "O", "K", "R") if k in kinds]
            res.recovered = who[0] if who else None
            res.fumble = res.fumble or "FUMBLE" in kinds
        if "PEN" in kinds or "PI" in kinds:
            against = next((k for k in ("D", "O", "K", "R") if k in kinds),
                           "D" if "PI" in kinds else None)
            res.penalties.append(Penalty(value, against, "AUTO" in kinds, "DECLINED" in kinds,
                                         col, interference="PI" in kinds))
            if "REPLAY" in kinds:
                res.replay = True
            return
        if "DECLINED" in kinds and res.penalties:
            # `pass 16; 5 yd pen. vs. O, declined`: the penalty before is declined (C4)
            res.penalties[-1].declined = True
        if "AUTO" in kinds:
            if res.penalties:
                res.penalties[-1].auto_first = True
            res.auto_first = True
        res.incomplete |= "INC" in kinds
        res.touchdown |= "TD" in kinds
        res.safety |= "SAFETY" in kinds
        res.touchback |= "TOUCHBACK" in kinds
        res.fair_catch |= "FAIR" in kinds
        res.out_of_bounds |= "OOB" in kinds
        res.downed |= "DOWNED" in kinds
        res.blocked |= "BLOCKED" in kinds
        res.replay |= "REPLAY" in kinds
        res.conversion |= "CONV" in kinds
        res.kick_try |= "KICK" in kinds and not kick
        if "GOOD" in kinds:
            res.good = True
        if "MISS" in kinds:
            res.good = False
        if plays and res.play is None:
            res.play = plays[0]
        if "RETURN" in kinds or "NORET" in kinds:
            res.ret = 0 if value is None and "NORET" in kinds else value
            res.ret_to = to_value
        elif "PUNT" in kinds:
            res.punt_play = True
            res.punt = value
            if to_value is not None:
                res.ret_to = to_value
        elif "FG" in kinds:
            res.field_goal = True
            res.fg_distance = value
        elif "INT" in kinds:
            res.interception = True
            res.air = value
        elif "FUMBLE" in kinds and "RECOVERS" not in kinds:
            res.fumble = True
            if value is not None:
                self.gain(res, value, col)
        elif kick and to_value is not None:
            res.received = to_value
            if value is not None:
                raise self.error("write the spot as 'to N' and the return as 'N yd return'",
                                 col)
        elif to_value is not None:
            raise self.error("write the yards gained, not 'to N' (the next line has the spot)",
                             col)
        elif value is not None:
            if "RECOVERS" in kinds:
                res.ret = value
            else:
                self.gain(res, value, col)
        elif "ZERO" in kinds:
            self.gain(res, 0, col)

    def gain(self, res: Result, value: int, column: int) -> None:
        if res.gain is not None:
            raise self.error("a second yardage in one play result (use '+' to add them)",
                             column)
        res.gain = value


_CLAUSE_CACHED = 80     # characters of a clause `_words` keeps (`5 yd pen. vs. D` is 15)


@lru_cache(maxsize=8192)
def _words(part: str) -> Words | None:
    """`_Reader.words` of a clause read at column 0 (the caller adds its own column to the
    columns), or ReadError. Remembered: a result the process has not seen before is mostly
    clauses it has (`5 yd pen. vs. D`, ` declined`, ` TD`). Its sum is shared, never changed
    (a line's own sum is a new one at the line's column)."""
    return _Reader("", 0).words(part, 0)


@lru_cache(maxsize=4096)
def _result(text: str, column: int, kick: bool) -> Result:
    """What a play's result text says, read at `column` (its penalties' and sums' columns),
    or ReadError (no file or line: the caller's reader adds them). A pure function of its
    arguments, so remembered: a class's records write the same few thousand results (`run 4`,
    `pass inc.`) again and again. The Result is shared by every line that writes the text,
    so it is never changed once read (a line that needs another one replaces it)."""
    return _Reader("", 0).read_result(text, column, kick)


def parse_line(raw: str, number: int, file: str, in_plays: bool) -> Entry | None:
    """One line of a record, or None for a blank or `;` comment line."""
    text = _clean(raw)
    stripped = text.strip()
    if not stripped or stripped[0] == ";":
        return None
    indent = len(text) - len(text.lstrip())
    # a play from scrimmage (most lines) first: a line `D & N @ Y` starts with its down, so it
    # is no tag, `---` or clock marker (none of those holds a `&`)
    if stripped[0] in "1234" and (m := _STATE.match(stripped)):
        return _scrimmage(file, number, text, stripped, indent, m)
    reader = _Reader(file, number)
    if stripped[0] == "#":
        # a heading or a clock marker (`#` starts no tag, `---`, kick, try or cards line):
        # the same tests as below, in their order, without the others
        if _MARKER.match(name := stripped.lstrip("#").strip()):
            return Entry(number, "marker", stripped, name=name)
        if m := _HEADING.match(stripped):
            return Entry(number, "heading", stripped, name=m.group(1).strip())
        raise reader.error(_UNREADABLE, indent + 1)
    if m := TAG.fullmatch(stripped):
        if in_plays:
            raise reader.error("tags go at the top of the record, before the play notes",
                               indent + 1)
        return Entry(number, "tag", stripped, name=m.group(1),
                     value=unquote(m.group(2)))
    if stripped.startswith("["):
        raise reader.error('a tag is written [Name "value"]', indent + 1)
    if _SEPARATOR.match(stripped):
        return Entry(number, "separator", stripped)
    if _MARKER.match(stripped.lstrip("#").strip()):
        return Entry(number, "marker", stripped, name=stripped.lstrip("#").strip())
    for pattern, kind in ((_KICK, "kick"), (_TRY, "try")):
        if m := pattern.match(stripped):
            word = m.group(1).lower()
            if kind == "kick":
                kind = ("free_kick" if word.startswith("free") else
                        "onside" if "side" in word else "kickoff")
            entry = Entry(number, "play", stripped, name=kind)
            reader.extras(entry, _fields(text, indent + m.end()), kick=kind != "try")
            if kind == "try":
                _try_word(entry, word)
            return entry
    if stripped.lower().startswith("card"):
        return Entry(number, "cards", stripped, cards=reader.card_list(stripped, indent + 1))
    if m := _HEADING.match(stripped):
        return Entry(number, "heading", stripped, name=m.group(1).strip())
    raise reader.error(_UNREADABLE, indent + 1)


_UNREADABLE = ("cannot read this line: expected a team name, 'D & N @ Y', 'Kickoff', 'Try', "
               "'cards: ...' or '---'")


def _scrimmage(file: str, number: int, text: str, stripped: str, indent: int,
               m: re.Match[str]) -> Entry:
    """A `D & N @ Y` line (`m`: its head) and the fields after the head."""
    distance = m.group(2).lower()
    goal = distance in ("goal", "g")
    yard = int(m.group(4))
    if yard > 50:
        raise _Reader(file, number).error("a yard line is 0 to 50, counted from the nearer "
                                          "goal", indent + m.start(4) + 1)
    start = indent + m.end()
    time = None
    tab = text.rfind("\t", start)
    if tab >= 0 and _TIME.match(clock := text[tab + 1:]):
        # the clock is the last field (nearly every line): the fields before it are read as
        # they would be with it, and it is the time the line says (the last one written)
        tail, time = text[start:tab], clock
    else:
        tail = text[start:]
    try:
        result, score, cards, written = (_tail(tail, start) if len(tail) <= _TAIL_CACHED
                                         else _read_tail(tail, start))
    except ReadError as exc:
        raise _Reader(file, number).error(exc.message, exc.column) from None
    return Entry(number, "play", stripped, name="scrimmage", down=int(m.group(1)), goal=goal,
                 distance=None if goal else int(distance), yard=yard,
                 side=(m.group(3) or "").lower() or None, result=result, score=score,
                 time=time or written, cards=cards)


_TAIL_CACHED = 160      # longer fields after a line's head are read every time: a bounded cache


def _read_tail(tail: str, start: int) -> tuple[Result, Score | None, Cards | None, str | None]:
    """What the fields after a scrimmage line's head say (the head ends at column `start`):
    its result, score column, cards and clock time, or ReadError (no file or line)."""
    scratch = Entry(0, "play", "")
    _Reader("", 0).extras(scratch, [(f, c + start) for f, c in _fields(tail, 0)], kick=False)
    return scratch.result, scratch.score, scratch.cards, scratch.time


@lru_cache(maxsize=8192)
def _tail(tail: str, start: int) -> tuple[Result, Score | None, Cards | None, str | None]:
    """`_read_tail`, remembered: without their clock, a class's lines write the same few
    thousand results and scores again and again. What it returns is shared by every line
    that writes the text, so it is never changed once read (as `_result`'s)."""
    return _read_tail(tail, start)


def _try_word(entry: Entry, word: str) -> None:
    """What the word a try line starts with says of it: a conversion (`2pt`, `two-point`) or a
    kick (`PAT`, `XP`), laid over what its result says (a new Result: a read one is shared)."""
    res = entry.result
    conversion = res.conversion or "2" in word or "two" in word or "conv" in word
    kick_try = res.kick_try or word in ("pat", "xp", "extra point")
    if (conversion, kick_try) != (res.conversion, res.kick_try):
        entry.result = replace(res, conversion=conversion, kick_try=kick_try)


COUNTED = ("play", "cards")     # the kinds of line counted among the lines checked

SYNTAX = Syntax("CB", (), line=lambda raw, number: parse_line(raw, number, "", True),
                counts=lambda entry: isinstance(entry, Entry) and entry.kind in COUNTED)


def _next_heading(rows: list[Row], start: int) -> str | None:
    """The team the first heading after the next `---` from `start` names."""
    separated = False
    for i in range(start, len(rows)):
        row = rows[i]
        kind = getattr(row.item, "kind", None)
        if kind == "separator":
            separated = True
        elif kind == "heading" and separated:
            assert isinstance(row.item, Entry)
            return row.item.name
    return None


_CARDS_LINE = re.compile(r"\s*cards?\b", re.I)


def _in_context(record: Record) -> Record:
    """Each heading row holding the name of the first heading after the next `---`, and each
    row after an unreadable one (up to the next play line) marked: one pass over the whole
    record, done once, so the step never looks past its line. The entries are the ones this
    parse has just made, seen by nothing else yet: they are marked where they are."""
    rows = record.rows
    unread = False
    for i, row in enumerate(rows):
        item = row.item
        if not isinstance(item, Entry):
            # a cards line that cannot be read hides no play
            unread = unread or not _CARDS_LINE.match(row.text)
            continue
        kind = item.kind
        if kind == "heading":
            item.after = _next_heading(rows, i + 1)
        elif kind == "play":
            item.gap, unread = unread, False
        elif kind == "cards":
            item.gap = unread
    return record


def parse(text: str, file: str = "<record>", rules: object = None) -> Record:
    """A record's tags and rows. A line that cannot be read is an Unread row (a finding on
    its line); ReadError only for a file too long to be a game."""
    in_plays = False

    def read_line(raw: str, number: int) -> Entry | None:
        # the one context a line needs from the lines before it: have the notes begun?
        nonlocal in_plays
        if not raw or raw.isspace():
            return None                     # a blank line (half the lines of the notes)
        entry = parse_line(raw, number, file, in_plays)
        in_plays = in_plays or (entry is not None and entry.kind != "tag")
        return entry

    return _in_context(read(text, file, replace(SYNTAX, line=read_line)))
