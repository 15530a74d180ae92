"""Reading the PostCard Football record notation (docs/notation.md) into lines of actions.

A record is tag pairs (`[Home "Hawks"]`) then one line per action:

    VERB inputs... [= outcome...] [{state after}] [; comment]

The reader only checks that the text can be read; whether it follows the rules is the
verifier's business. A line it cannot read raises :class:`ReadError` with its column; the
kernel's record reader (engine/verify/record.py) makes that a finding on the line, and reads
the tags (the tags' values are the verifier's to judge).
What depends on the card (the Team Skill names, the catch levels, the values in the help of
an error message) comes from the rules object the reader is given (the shipped rules if none).
"""

from __future__ import annotations

import re
from dataclasses import MISSING, dataclass, fields, replace
from functools import lru_cache

from printkit_engine.errors import ReadError
from printkit_engine.frozen import build
from printkit_engine.postcard.rules import DIE, Rules, load_rules
from printkit_engine.postcard.state import DOWNS, FIELD
from printkit_engine.verify.record import Record, Syntax, read

_TOKEN = re.compile(r"\{[^}]*\}?|=|[^\s={]+")
_ROLL = re.compile(r"^([HA])([\d?])(?:/([\d?]))?(?:,([\d?]))?(?:\+(\d))?$", re.I)
BOOK_DIE = "?"              # `H?`: the die is the play book's next draw (decision P24)
_CROSS = re.compile(r"^([HA])x([HA])$", re.I)
_PICKS = re.compile(rf"^([1-{DIE}])v([1-{DIE}])$", re.I)    # numbers chosen on a die
_PLY = re.compile(r"^\d+\.$")
_NUMBER = re.compile(r"^\d{1,3}$")
_SIGNED = re.compile(r"^[+-]?\d{1,3}$")

VERBS = ("toss", "kickoff", "onside", "rush", "pass", "again", "pressure", "catch", "intercept",
         "ground", "sack", "fumble", "run", "punt", "fg", "fake", "kick", "fair", "touchback",
         "knee", "try")

# Outcome vocabulary by verb: regular expressions over the canonical outcome text.
OUTCOMES: dict[str, str] = {
    "toss": r"H|A|tie",
    "rush": r"[+-]\d+|stop|fumble",
    "pass": r"[+-]\d+",
    "again": r"[+-]\d+",
    "pressure": r"L\d+",            # and a level of the chart (_pressure_re)
    "catch": r"\+\d+|miss",
    "intercept": r"int|inc|grounding",
    "ground": r"grounding|inc",
    "sack": r"fumble|held",
    "fumble": r"[HA](\+\d+)?",
    "run": r"\+\d+|tackle|fumble|pen [OD] \d+",
    "punt": r"ok|blocked",
    "fg": r"ok|blocked",
    "fake": r"\+\d+",
    "kick": r"good|miss|on|short \d+|long \d+",
}
_OUTCOME_RE = {verb: re.compile(f"^(?:{rx})$") for verb, rx in OUTCOMES.items()}
# The same, as a player reads it (for error messages); outcome_help() fills in the card's
# values for the verbs missing here.
OUTCOME_HELP: dict[str, str] = {
    "toss": "H, A or tie",
    "pass": "the Challenge result, e.g. +3 or -2", "again": "the final result, e.g. +5",
    "catch": "+N (yards after the catch) or miss",
    "intercept": "int, inc or grounding", "ground": "grounding or inc",
    "sack": "fumble or held",
    "run": "+N, tackle, fumble, pen O N or pen D N", "punt": "ok or blocked",
    "fg": "ok or blocked",
    "kick": "good or miss (field goal); on, short N or long N (punt)",
}


def _either(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def outcome_help(verb: str, rules: Rules) -> str:
    """What a `verb` line's outcome may be, in words, with the card's values."""
    if verb == "rush":
        rows = rules.rushing.rows
        words = [f"+{r.yards}" for r in rows if r.outcome == "gain"]
        words += ["stop"] if any(r.outcome == "stopped" for r in rows) else []
        words += [f"{r.yards:+d}" for r in rows if r.outcome == "loss"]
        words += ["fumble"] if any(r.outcome == "fumble" for r in rows) else []
        return _either(words)
    if verb == "pressure":
        levels = [lv.level for lv in rules.passing.levels]
        return f"L{min(levels)} to L{max(levels)}"
    if verb == "fumble":
        more = rules.fumble.advance_yards
        return f"H, A, H+{more} or A+{more}"
    if verb == "fake":
        return f"+{rules.fake.bonus} or +0"
    return OUTCOME_HELP[verb]


@lru_cache(maxsize=8)
def _pressure_re(levels: tuple[int, ...]) -> re.Pattern[str]:
    """`L1`..: the catch levels of the chart."""
    return re.compile(f"^L(?:{'|'.join(map(str, levels))})$")


def _outcome_re(verb: str, rules: Rules) -> re.Pattern[str] | None:
    if verb == "pressure":
        return _pressure_re(tuple(lv.level for lv in rules.passing.levels))
    return _OUTCOME_RE.get(verb)


@dataclass(frozen=True)
class Roll:
    """One side's dice on a line: `H4`, re-roll `H2/5`, two dice `A5,6`, bonuses `H4+2`.

    `book`: the dice are left to the play book (`H?`, `A?/?`, `H?,?`): their values are
    unknown (0) until the verifier fills them with that side's draws (decision P24)."""

    side: str
    dice: tuple[int, ...]     # every die drawn, in order (0 for a book die not yet filled)
    reroll: bool = False
    pair: bool = False
    bonus: int = 0            # bonuses from the Bonus Bar added to this roll
    column: int = 0
    book: bool = False

    @property
    def kept(self) -> tuple[int, ...]:
        """The dice that count (a re-rolled die is replaced by its re-roll)."""
        return self.dice[-1:] if self.reroll else self.dice

    @property
    def total(self) -> int:
        return sum(self.kept)

    def text(self) -> str:
        faces = [BOOK_DIE if self.book else str(d) for d in self.dice]
        body = "/".join(faces) if self.reroll else ",".join(faces)
        return f"{self.side}{body}" + (f"+{self.bonus}" if self.bonus else "")


@dataclass(frozen=True)
class Cross:
    """`HxA`: Home crosses out the next Time Tracker circle in the Away end zone."""

    owner: str
    zone: str


@dataclass(frozen=True)
class Note:
    """A written state `{A 1&10 H25 7-3 T3/2 P4/7 B2/1}`; every part is optional."""

    ball: str | None = None
    phase: str | None = None          # KO TRY SK END, or None
    down: int | None = None
    to_go: int | str | None = None    # yards, or "G"
    spot: int | None = None
    score: tuple[int, int] | None = None
    time: tuple[int, int] | None = None
    final: int | None = None
    plays: tuple[int, int] | None = None
    bonus: tuple[int, int] | None = None
    sack: bool = False
    column: int = 0


@dataclass(frozen=True)
class Line:
    number: int
    verb: str
    picks: tuple[int, int] | None = None
    rolls: tuple[Roll, ...] = ()
    side: str | None = None           # kicker on kickoff / onside lines
    value: int | None = None          # punt distance, try points
    outcome: str | None = None
    crosses: tuple[Cross, ...] = ()
    td: bool = False                  # a written TD marker
    safety: bool = False              # a written safety marker
    note: Note | None = None
    column: int = 1                   # column of the verb
    outcome_column: int = 0


_NOTE_DEFAULTS = {f.name: f.default for f in fields(Note)}
_LINE_DEFAULTS = {f.name: f.default for f in fields(Line) if f.default is not MISSING}


def _tokens(text: str) -> list[tuple[str, int]]:
    return [(m.group(0), m.start() + 1) for m in _TOKEN.finditer(text)]


def parse_note(text: str, file: str, line: int, column: int) -> Note:
    if not text.endswith("}"):
        raise ReadError("state not closed: '}' missing", file, line, column)
    values: dict[str, object] = {}
    body = text[1:-1]
    for tok in body.split():        # the quick way: columns are needed for an error only
        key, value = _note_part(tok)
        if key is None or key in values:
            values.clear()
            break
        values[key] = value
    else:
        return _note(values, column)
    for m in _NOTE_WORD.finditer(body):
        tok, col = m.group(0), column + 1 + m.start()
        key, value = _note_part(tok)
        if key is None:
            raise ReadError(f"cannot read {tok!r} in a state (see docs/notation.md)",
                            file, line, col)
        if key in values:
            raise ReadError(f"state gives the {key} twice", file, line, col)
        values[key] = value
    return _note(values, column)


def _note(values: dict[str, object], column: int) -> Note:
    if isinstance(pair := values.get("down"), tuple):
        values["down"], values["to_go"] = pair      # `1&10`: the down and the yards to go
    return build(Note, {**_NOTE_DEFAULTS, **values, "column": column})


_NOTE_WORD = re.compile(r"\S+")
_NOTE_DOWN = re.compile(rf"([1-{DOWNS}])&(\d{{1,3}}|G)")
_NOTE_SPOT = re.compile(r"([HA])(-?\d{1,3})")
_NOTE_SCORE = re.compile(r"(\d{1,3})-(\d{1,3})")
_NOTE_TRACK = re.compile(r"([TPB])(\d{1,2})/(\d{1,2})")
_NOTE_FINAL = re.compile(r"F(\d{1,2})")
_TRACKS = {"T": "time", "P": "plays", "B": "bonus"}


@lru_cache(maxsize=4096)
def _note_part(tok: str) -> tuple[str | None, object]:
    """One word of a written state. A pure function of the word, so remembered: a record
    writes the same few dozen words (`1&10`, `H25`, `7-3`) hundreds of times."""
    if tok.lower() == "sack":
        return "sack", True
    tok = tok.upper()
    if tok in ("H", "A"):
        return "ball", tok
    if tok in ("KO", "TRY", "SK", "END"):
        return "phase", tok
    if m := _NOTE_DOWN.fullmatch(tok):
        to_go = "G" if m.group(2) == "G" else int(m.group(2))
        return "down", (int(m.group(1)), to_go)
    if m := _NOTE_SPOT.fullmatch(tok):
        n = int(m.group(2))
        return "spot", n if m.group(1) == "H" else FIELD - n
    if tok == str(FIELD // 2):
        return "spot", FIELD // 2
    if m := _NOTE_SCORE.fullmatch(tok):
        return "score", (int(m.group(1)), int(m.group(2)))
    if m := _NOTE_TRACK.fullmatch(tok):
        return _TRACKS[m.group(1)], (int(m.group(2)), int(m.group(3)))
    if m := _NOTE_FINAL.fullmatch(tok):
        return "final", int(m.group(1))
    return None, None


def canonical_outcome(tokens: list[str]) -> str:
    text = " ".join(tokens)
    if _SIGNED.match(text):
        return f"{int(text):+d}"
    low = text.lower()
    if re.fullmatch(r"(pen) ([od]) (\d+)", low):
        parts = low.split()
        return f"pen {parts[1].upper()} {int(parts[2])}"
    if re.fullmatch(r"(short|long) \d+", low):
        word, n = low.split()
        return f"{word} {int(n)}"
    if re.fullmatch(r"[ha](\+\d+)?|l\d+", low):
        return text.upper()
    return low


def parse_line(text: str, number: int, file: str, rules: Rules | None = None) -> Line | None:
    """One action line, or None for a blank or comment-only line.

    What comes before the written state (`rush 5v3 A2 H4 = stop`) is a pure function of its
    text and the rules, and a record writes the same few thousand of them again and again:
    it is read once (`_action`) and the state, different on almost every line, is read on its
    own. A line the quick way cannot read is read again the whole way, which raises the error
    exactly as always (same message, same column)."""
    body = text.split(";", 1)[0]
    brace = body.find("{")
    rules = rules or load_rules()
    action = _action(body if brace < 0 else body[:brace], rules)
    if action is not None:
        if brace < 0:
            return build(Line, {"number": number, "note": None, **action})
        state = _TOKEN.match(body, brace)
        if state is not None and not body[state.end():].strip():
            try:
                note = parse_note(state.group(0), file, number, brace + 1)
            except ReadError:
                pass
            else:
                return build(Line, {"number": number, "note": note, **action})
    if brace < 0 and not _tokens(body):
        return None
    return _parse_line(body, number, file, rules)


_ACTIONS: dict[tuple[str, int], tuple[Rules, dict[str, object] | None]] = {}
_ACTIONS_MAX = 65536


def _action(head: str, rules: Rules) -> dict[str, object] | None:
    """The fields of the line `head` (no state, no comment) but its number and state; None
    when it is blank or cannot be read (the caller then reads the whole line, for the error).
    Lines are built from these with `printkit_engine.frozen.build`: a fresh dictionary of the fields
    as the instance's own, which CPython reads as fast as the fields `Line(...)` sets, at a
    third of the cost of building a frozen dataclass field by field."""
    key = (head, id(rules))
    hit = _ACTIONS.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1]
    try:
        fields = _line_fields(head, 0, "", rules)
    except ReadError:
        fields = None
    if fields is not None:
        del fields["number"], fields["note"]
    if len(_ACTIONS) >= _ACTIONS_MAX:
        _ACTIONS.clear()
    _ACTIONS[key] = (rules, fields)         # the rules held: their id stays theirs
    return fields


def _parse_line(body: str, number: int, file: str, rules: Rules | None) -> Line | None:
    """One line (comment removed) read token by token; raises ReadError on what it cannot
    read."""
    values = _line_fields(body, number, file, rules)
    return None if values is None else build(Line, values)


def _line_fields(body: str, number: int, file: str, rules: Rules | None,
                 ) -> dict[str, object] | None:
    """What `_parse_line` reads, as the Line's fields (every one, defaults filled in)."""
    tokens = _tokens(body)
    if not tokens:
        return None
    if _PLY.match(tokens[0][0]):
        tokens = tokens[1:]
        if not tokens:
            raise ReadError("move number without an action", file, number, 1)
    verb_text, verb_col = tokens[0]
    verb = verb_text.lower()
    if verb not in VERBS:
        raise ReadError(f"unknown action {verb_text!r} (actions: {', '.join(VERBS)})",
                        file, number, verb_col)
    parts: dict[str, object] = {"number": number, "verb": verb, "column": verb_col}
    rolls: list[Roll] = []
    crosses: list[Cross] = []
    out_tokens: list[str] = []
    out_cols: list[int] = []
    out_col = 0
    after_eq = False
    note = None
    for tok, col in tokens[1:]:
        if tok.startswith("{"):
            if note is not None:
                raise ReadError("a line carries one state", file, number, col)
            note = parse_note(tok, file, number, col)
            continue
        if note is not None:
            raise ReadError(f"{tok!r} after the state: the state ends the line",
                            file, number, col)
        if tok == "=":
            if after_eq:
                raise ReadError("'=' twice", file, number, col)
            after_eq = True
            continue
        if cross := _cross(tok):
            crosses.append(cross)
            continue
        if after_eq:
            if tok.upper() == "TD":
                parts["td"] = True
            elif tok.lower() == "safety":
                parts["safety"] = True
            else:
                out_col = out_col or col
                out_tokens.append(tok)
                out_cols.append(col)
            continue
        if roll := _roll_fields(tok):
            if not roll["dice"]:
                if roll["reroll"] and roll["pair"]:
                    raise ReadError("a re-roll is for one die, not two", file, number, col)
                raise ReadError(f"a roll's dice are all written or all left to the play book "
                                f"({roll['side']}{BOOK_DIE}), not both", file, number, col)
            rolls.append(build(Roll, {**roll, "column": col}))
        elif m := _PICKS.match(tok):
            if "picks" in parts:
                raise ReadError("strategies given twice", file, number, col)
            parts["picks"] = (int(m.group(1)), int(m.group(2)))
        elif tok.upper() in ("H", "A") and verb in ("kickoff", "onside") and "side" not in parts:
            parts["side"] = tok.upper()
        elif _NUMBER.match(tok) and verb in ("punt", "try") and "value" not in parts:
            parts["value"] = int(tok)
        else:
            raise ReadError(f"cannot read {tok!r} here (see docs/notation.md)",
                            file, number, col)
    if out_tokens:
        outcome = canonical_outcome(out_tokens)
        rules = rules or load_rules()
        rx = _outcome_re(verb, rules)
        if rx is None:
            raise ReadError(f"{verb} has no outcome to write", file, number, out_col)
        if not rx.match(outcome):
            fits = [n for n in range(1, len(out_tokens))
                    if rx.match(canonical_outcome(out_tokens[:n]))]
            bad = fits[-1] if fits else 0
            raise ReadError(f"cannot read {out_tokens[bad]!r} in the outcome of {verb} "
                            f"(write {outcome_help(verb, rules)})", file, number,
                            out_cols[bad])
        parts["outcome"] = outcome
        parts["outcome_column"] = out_col
    if verb in ("kickoff", "onside") and ("side" not in parts or "picks" not in parts):
        raise ReadError(f"{verb} needs the kicking side and the two numbers, e.g. "
                        f"'{verb} H 5v3'", file, number, verb_col)
    if verb == "try" and "value" not in parts:
        scoring = (rules or load_rules()).scoring
        raise ReadError(f"try needs {scoring.extra_point} or {scoring.two_point}", file,
                        number, verb_col)
    if verb == "punt" and "value" not in parts:
        raise ReadError("punt needs its target distance, e.g. 'punt 40 H3 A4'",
                        file, number, verb_col)
    return {**_LINE_DEFAULTS, "rolls": tuple(rolls), "crosses": tuple(crosses), "note": note,
            **parts}


# A line not read before is read token by token; its tokens are not new (`A2+1`, `HxA`):
# what a roll or a Time Tracker mark says is a pure function of its text, so remembered.
@lru_cache(maxsize=4096)
def _roll_fields(tok: str) -> dict[str, object] | None:
    """A roll's fields but its column (no dice: a re-roll of two dice, or written and `?`
    dice mixed), or None for a token
    that is no roll. The caller copies the dict."""
    m = _ROLL.match(tok)
    if m is None:
        return None
    side, first, again, second, bonus = m.groups()
    faces = [f for f in (first, again, second) if f]
    book = BOOK_DIE in faces
    mixed = book and any(f != BOOK_DIE for f in faces)
    dice = () if (again and second) or mixed else tuple(0 if book else int(f) for f in faces)
    return {"side": side.upper(), "dice": dice, "reroll": bool(again), "pair": bool(second),
            "bonus": int(bonus or 0), "book": book}


@lru_cache(maxsize=1024)
def _cross(tok: str) -> Cross | None:
    m = _CROSS.match(tok)
    return Cross(m.group(1).upper(), m.group(2).upper()) if m else None


SKILL_TAGS = {"H": "HomeSkill", "A": "AwaySkill"}
# a Team Skill tag's value when the record cannot say it: a bubble sheet has no place for
# the skill chosen at the table, so its scan writes `*` (docs/rules/postcard.md P27)
SKILL_UNSAID = "*"
SYNTAX = Syntax("PC", tuple(SKILL_TAGS.values()), line=lambda raw, number: None)


def parse(text: str, file: str = "<record>", rules: Rules | None = None) -> Record:
    """The whole record: its tags and action lines, read by the verifier kernel's record
    reader (engine/verify/record.py). A line that cannot be read is an Unread row, reported
    on its line (`PC-REC-003`); ReadError only for a file too long to be a game."""
    rules = rules or load_rules()

    def read_line(raw: str, number: int) -> Line | None:
        return parse_line(raw, number, file, rules)

    return read(text, file, replace(SYNTAX, line=read_line))


def seed(record: Record) -> str | None:
    """The play book's seed (decision P24); an empty `[Seed ""]` is none."""
    return record.tag("Seed") or None


def lines(record: Record) -> list[Line]:
    """The record's action lines, the unreadable ones left out."""
    return record.items
