"""BLOWOUT!!!'s decision log (issue 31): what the table decides each snap, replayed.

One row a snap. With a play book every hand is known from the seed (decision B6: the first
cards of each shuffle, a card played replaced at once by the next of its deck), so a hand is
always the first cards of the shuffle the table has not played yet, in the book's order. A
row names each card by its place in that hand, counted from the top of the book's list (the
cards not crossed out): a child reads it at once off the book, and a snap is a dozen
bubbles, not the forty a card's letter and yards take. Its fields, in the order a row is
written:

    first     H A          the coin toss: the side on OFFENSE at the first snap of the game,
                           and of overtime (nobody's card decides it)
    offense   1-5 K        the OFFENSE's card: its place in the OFFENSE hand (1-5), or K,
                           the SPECIAL TEAMS card (a kick, on fourth down)
    defense   v1-v6        the DEFENSE's card: its place in the DEFENSE hand
    response  H:DP-PI      a response card, the side that played it and the card (PASS
              A:CHAL       INTERFERENCE, HOLDING, CHALLENGE), as the book prints it
    = score   = 7          after a score: the new score of the side that scored, a digit
                           a row: its first digit on the scoring snap's row, each further
                           digit on a row of its own under it (`3 v2 = 1`, then `= 4`: 14)

A row holding only a score digit goes on the score of the snap above it (the replay joins
them first): every row is one narrow line (a card each, the rare response and coin toss, one
digit column), so a sheet is portrait and holds 45 rows on A4, 42 on letter, where a row with
a two-digit score in it would need the landscape page and its 29.

Everything else follows from the cards: the yards, the down, the ball, the period (a period
ends when the side due to lead holds no card it may lead with, B7). `Scripted` is the
decision source that plays a log through the bots' own loop (engine/blowout/bots.py: `play`);
a decision missing where the snap needs it is BO-DEC-001, one where it has no use
BO-DEC-002, a score not written after a score BO-DEC-003, snaps after the game's end
BO-DEC-004, no Seed BO-DEC-005, a place the hand does not reach (fewer cards left) BO-DEC-006.
A card played where the rules do not allow it (a kick before fourth down, a CHALLENGE led) is
the verifier's own finding, on the replayed line (engine/decisions/replay.py names it by the
row).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from printkit_engine.blowout.bots import play
from printkit_engine.blowout.hands import OFFENSE_DECKS, shuffle
from printkit_engine.blowout.notation import DEFAULT_LENGTH, LENGTH_TAG, UNKNOWN, Line
from printkit_engine.blowout.notation import parse as parse_record
from printkit_engine.blowout.rules import Rules, load_rules
from printkit_engine.blowout.state import SIDES, State
from printkit_engine.bubbles import Form, Grammar, Part, Segment, Slot
from printkit_engine.decisions import DecisionLog, Field, Replayed, Row, applies, log_text
from printkit_engine.findings import Finding
from printkit_engine.game import Lazy, PerRules
from printkit_engine.verify.record import Unread

KICK = "K"                   # the offense's place for its SPECIAL TEAMS card
TYPICAL_SNAPS = 276          # rows of a whole game (237-312): a row a snap (229-291 a game,
                             # 260 on average) and one a score's further digit (some 16)
FIRST = "first:"             # the coin toss's token lead: `first:H`
# a field as findings name it where the sheet's word is not the typed one (the sheet says toss)
NAMED = {"first": f"toss ({FIRST})"}
# what a response card's bubble says (the card's own name, as the card prints it)
RESPONSE_LABELS = {"pass_interference": "pass int.", "holding": "holding",
                   "challenge": "challenge"}

FIELDS = (
    Field("first", "the first snap of the game, and of overtime: the side the coin toss "
          "puts on OFFENSE"),
    Field("offense", "every snap: the OFFENSE's card, its place in the OFFENSE hand (1 = "
          "the top card not yet played, in the book's order), K: the SPECIAL TEAMS card"),
    Field("defense", "every snap: the DEFENSE's card, its place in the DEFENSE hand"),
    Field("response", "a response card played after both cards: the side, then the card"),
    Field("score", "after every score (touchdown, field goal, safety): the new score of "
          "the side that scored, a digit a row: its first digit on the snap's row, each "
          "further one on a row of its own under it"),
)
SCORE = ("score",)                   # the checkpoint's field
SCORE_LEAD = "= "                    # written before each of its digits

SHEET_LEGEND = (
    "A row a snap: each card's place in its hand (1: the book's top card not played yet). "
    "toss: who starts on OFFENSE.",
    "After a score: the new score of the side that scored, a digit a row (14: 1 on the "
    "snap's row, 4 on the next).",
)

def decision_log(rules: Rules | None = None) -> DecisionLog:
    """BLOWOUT!!!'s decision log for these rules (the shipped rules by default): the hand
    sizes and the response cards are the rules'. Kept per rules object."""
    return _KEPT(rules)


_KEPT: PerRules[DecisionLog] = PerRules(lambda rules: _decision_log(rules or load_rules()))


def places(rules: Rules) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The offense's places (1..hand, then K for each SPECIAL TEAMS card: one) and the
    defense's (1..hand)."""
    off = tuple(str(k) for k in range(1, rules.hands.offense + 1))
    return off + (KICK,) * min(1, rules.hands.special), \
        tuple(str(k) for k in range(1, rules.hands.defense + 1))


def responses(rules: Rules) -> tuple[str, ...]:
    """The response cards' codes, as the book prints them (DP-PI, DP-HLD, CHAL)."""
    c = rules.cards
    return (c.pass_interference, c.holding, c.challenge)


def _decision_log(rules: Rules) -> DecisionLog:
    from printkit_engine.decisions.lines import DecisionLines

    off, de = places(rules)
    slots = (
        Slot("offense", (Part("card", off, labels=tuple("kick" if p == KICK else p
                                                         for p in off)),),
             title="OFFENSE card"),
        Slot("defense", (Part("card", de),), lead="v", title="DEFENSE card"),
        Slot("response", (Part("side", SIDES),
                          Part("card", responses(rules), prefix=":",
                               labels=tuple(RESPONSE_LABELS.values()))),
             title="response: who, card"),
        Slot("first", (Part("side", SIDES),), lead=FIRST, title="toss"),
        # one digit a row: a score's further digits on rows of their own under the snap's
        # (a row holds one narrow line: the sheet is portrait, 45 rows on A4); `= ` its
        # lead, so a row of a further digit alone is typed `= 4`
        Slot("score", (Part("digit", digits=(9,)),), lead=SCORE_LEAD,
             title="= score: a digit a row"),
    )
    form = Form("", (Segment("", ("offense", "defense", "response", "first", "score")),))
    grammar = Grammar("blowout", slots, (form,),
                      tags=("Seed", "Home", "Away", "Date", LENGTH_TAG, "Match"),
                      hint="3 v2 H:DP-PI = 7", log="decisions", variant="decisions",
                      stamp=(("Log", "decisions"),), seeded=True,
                      lines=DecisionLines(of_record=log_of_record),
                      typical_lines=TYPICAL_SNAPS, legend=SHEET_LEGEND)
    return DecisionLog(
        game="blowout", prefix="BO", grammar=grammar, fields=FIELDS, checkpoint="score",
        replay=replay, from_record=log_of_record,
        verify=Lazy("printkit_engine.blowout.verify:record_report"), load_rules=load_rules,
        tags=(LENGTH_TAG,),
        legend=tuple(f"{f.slot}: {f.applies}" for f in FIELDS))


# -- the hands as places ----------------------------------------------------------------------
class Hands:
    """Which cards of each shuffle a table has played (by their place in the book's list), so
    a hand is the first cards of a shuffle not played yet, in the book's order."""

    def __init__(self, seed: str, rules: Rules) -> None:
        self.seed = seed
        self.size = {"offense": rules.hands.offense, "special": rules.hands.special,
                     "defense": rules.hands.defense}
        self.played: dict[tuple[str, str, int], set[int]] = {}

    def held(self, side: str, deck: str, period: int) -> list[int]:
        """The positions in the shuffle of the cards `side` holds, in the book's order."""
        done = self.played.setdefault((side, deck, period), set())
        order = shuffle(self.seed, side, deck, period)
        out: list[int] = []
        for i in range(len(order)):
            if i not in done:
                out.append(i)
                if len(out) == self.size[deck]:
                    break
        return out

    def card(self, side: str, deck: str, period: int, position: int) -> str:
        return shuffle(self.seed, side, deck, period)[position]

    def take(self, side: str, deck: str, period: int, position: int) -> str:
        self.played[(side, deck, period)].add(position)
        return self.card(side, deck, period, position)

    def find(self, side: str, deck: str, period: int, code: str) -> int | None:
        """The place (0-based) of the first held card `code`, None if not held."""
        for k, i in enumerate(self.held(side, deck, period)):
            if self.card(side, deck, period, i) == code:
                return k
        return None


# -- replay: a log's decisions through the bots' loop ---------------------------------------
class Scripted:
    """A decision source (bots.Source) reading a decision log's rows, one snap a row."""

    def __init__(self, rows: list[Row], seed: str, rules: Rules) -> None:
        self.rows = rows
        self.rules = rules
        self.hands = Hands(seed, rules)
        self.k = -1
        self.opened = False           # the snap's row taken (by a coin toss)
        self.used: set[str] = set()
        self.findings: list[Finding] = []

    @property
    def row(self) -> Row:
        return self.rows[self.k]

    def more(self, state: State) -> bool:
        return self.k + 1 < len(self.rows)

    def _next(self) -> None:
        self.close()
        self.k += 1
        self.used = set()

    def close(self) -> None:
        """The snap just played: the fields its row gave that it had no use for."""
        if 0 <= self.k < len(self.rows):
            for f in FIELDS:
                if f.slot not in SCORE and self.row.has(f.slot) and f.slot not in self.used:
                    self._find("BO-DEC-002", f"{_named(f.slot)} is not a decision of this snap",
                               "nothing", self.row.shown(f.slot))

    def _find(self, rule: str, message: str, expected: str, found: str) -> None:
        self.findings.append(Finding(self.row.line, rule, message, expected, found))

    def _missing(self, slot: str, expected: str) -> None:
        self._find("BO-DEC-001", f"{_named(slot)} missing ({applies(FIELDS, slot)})", expected,
                   "nothing")

    def starts(self, state: State) -> str:
        self._next()
        self.opened = True
        self.used.add("first")
        side = self.row.get("first")
        if not side:
            self._missing("first", "H or A")
            return SIDES[0]
        return side

    def offense(self, state: State) -> tuple[str, str]:
        if not self.opened:
            self._next()
        self.opened = False
        self.used.add("offense")
        return self._card(state, state.ball, "offense", self.row.get("offense"))

    def defense(self, state: State) -> tuple[str, str]:
        self.used.add("defense")
        return self._card(state, state.defense, "defense", self.row.get("defense"))

    def _card(self, state: State, side: str, role: str, place: str) -> tuple[str, str]:
        deck = "special" if place == KICK else role
        held = self.hands.held(side, deck, state.period)
        if not place:
            self._missing(role, "the place of the card played, e.g. 3")
        elif place != KICK and int(place) > len(held):
            self._find("BO-DEC-006", f"the {role.upper()} hand holds {len(held)} cards",
                       f"a place up to {len(held)}", place)
        if place and (place == KICK or int(place) <= len(held)) and held:
            pick = held[0] if place == KICK else held[int(place) - 1]
        else:                             # the first card of the hand: the replay goes on
            deck = role
            held = self.hands.held(side, deck, state.period)
            if not held:
                return deck, "?"
            pick = held[0]
        return deck, self.hands.take(side, deck, state.period, pick)

    def response(self, state: State, line: Line) -> tuple[str, str] | None:
        self.used.add("response")
        side, code = self.row.get("response", 0), self.row.get("response", 1)
        if not (side or code):
            return None
        if not (side and code):
            self._missing("response", "the side and the card, e.g. H:CHAL")
            return None
        deck = "offense" if side == state.ball else "defense"
        place = self.hands.find(side, deck, state.period, code)
        if place is not None:             # not held: the verifier says so (BO-HAND-001)
            self.hands.take(side, deck, state.period,
                            self.hands.held(side, deck, state.period)[place])
        return side, code


def _named(slot: str) -> str:
    return NAMED.get(slot, slot)



_SCORE = re.compile(r" \d+-\d+(?=\})")


def _checked(line: str, score: str | None) -> str:
    """A replayed line as verified: its state's score replaced by the one written at the
    snap's checkpoint (`score`), or left off where none is written."""
    head, brace, note = line.rpartition("{")
    return head + brace + _SCORE.sub(f" {score}" if score else "", " " + note, count=1)[1:]


def _score_of(line: str) -> tuple[int, int]:
    m = re.search(r" (\d+)-(\d+)\}", line)
    assert m is not None
    return int(m.group(1)), int(m.group(2))


def _length(tags: dict[str, str], rules: Rules) -> str:
    value = tags.get(LENGTH_TAG, DEFAULT_LENGTH).strip().lower()
    return value if value in rules.lengths else DEFAULT_LENGTH if value == UNKNOWN or \
        not value else value


def replay(tags: dict[str, str], rows: list[Row], rules: Rules | None = None) -> Replayed:
    """The game the rows' decisions play from the tags' Seed and Length: its exact record
    lines, the lines to verify with each snap's checkpoint score, which row made each line,
    and the rows' own findings."""
    rules = rules or load_rules()
    out = Replayed(dict(tags))
    seed = tags.get("Seed")
    if not seed:
        out.findings.append(Finding(1, "BO-DEC-005", "a decision log needs the play book's "
                                    "Seed: the hands are its shuffles", "a Seed tag", "none"))
        return out
    length = _length(tags, rules)
    if length not in rules.lengths:           # the verifier names the tag (BO-TAG-001)
        length = DEFAULT_LENGTH
    rows, joined = joined_scores(rows)
    out.findings += joined
    source = Scripted(rows, seed, rules)
    lines, state = play(seed, rules, length, source, more=source.more)
    source.close()
    out.lines = lines
    out.rows = [rows[k].line for k in range(len(lines))]
    out.findings += source.findings
    score, kept = (0, 0), (0, 0)       # the replay's; as the table has written it
    for line, row in zip(lines, rows, strict=False):
        after = _score_of(line)
        points = _points(row)
        scorer = next((i for i in (0, 1) if after[i] != score[i]), None)
        written = None
        if scorer is None and points:
            out.findings.append(Finding(row.line, "BO-DEC-002", "a score written after a "
                                        "snap that did not score", "nothing", f"= {points}"))
        elif scorer is not None and not points:
            out.findings.append(Finding(row.line, "BO-DEC-003", "the score is written after "
                                        "every score", f"= {after[scorer]}", "nothing"))
            kept = _with(kept, scorer, after[scorer])
        elif scorer is not None:
            kept = _with(kept, scorer, int(points))
            written = f"{kept[0]}-{kept[1]}"
        score = after
        out.checked.append(_checked(line, written))
    if state.over:
        for row in rows[len(lines):]:
            out.findings.append(Finding(row.line, "BO-DEC-004", "a snap after the game is "
                                        "over", "no more snaps", row.text[:40]))
    return out


def _points(row: Row) -> str:
    """The score a row writes (its digits as written, joined; "" for none)."""
    text = row.get("score")
    return str(int(text)) if text else ""


def joined_scores(rows: list[Row]) -> tuple[list[Row], list[Finding]]:
    """The rows with each row holding only a score digit joined onto the row above it (a
    score's further digits, a row each): one row a snap. A digit with no snap above it is
    BO-DEC-002 (left out)."""
    out: list[Row] = []
    findings: list[Finding] = []
    for row in rows:
        if set(row.values) != set(SCORE):
            out.append(row)
        elif not out:
            findings.append(Finding(row.line, "BO-DEC-002", "a score digit with no snap "
                                    "above it", "a snap first", row.text))
        else:
            above = out[-1]
            digits = above.get("score") + row.get("score")
            out[-1] = Row(above.line, {**above.values, "score": (digits,)},
                          f"{above.text} {row.text}")
    return out, findings


def _with(pair: tuple[int, int], i: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if i == 0 else (pair[0], value)


# -- a record's decisions --------------------------------------------------------------------
class Recorded:
    """A decision source playing a typed record's cards through the loop, noting each card's
    place in its hand: a record as its decision rows."""

    def __init__(self, lines: list[Line], seed: str, rules: Rules,
                 write: Callable[[dict[str, str]], str]) -> None:
        self.lines = lines
        self.hands = Hands(seed, rules)
        self.k = -1
        self.opened = False
        self.tokens: list[dict[str, str]] = []
        self.write = write

    @property
    def line(self) -> Line:
        return self.lines[self.k]

    def more(self, state: State) -> bool:
        return self.k + 1 < len(self.lines)

    def starts(self, state: State) -> str:
        self.k += 1
        self.opened = True
        self.tokens.append({"first": FIRST + self.line.side})
        return self.line.side

    def offense(self, state: State) -> tuple[str, str]:
        if not self.opened:
            self.k += 1
            self.tokens.append({})
        self.opened = False
        code = self.line.offense
        deck = next((d for d in OFFENSE_DECKS if self.hands.find(state.ball, d, state.period,
                                                                code) is not None), "offense")
        self.tokens[-1]["offense"] = self._place(state.ball, deck, state, code, KICK
                                                 if deck == "special" else "")
        return deck, code

    def defense(self, state: State) -> tuple[str, str]:
        self.tokens[-1]["defense"] = "v" + self._place(state.defense, "defense", state,
                                                       self.line.defense, "")
        return "defense", self.line.defense

    def _place(self, side: str, deck: str, state: State, code: str, word: str) -> str:
        place = self.hands.find(side, deck, state.period, code)
        if place is None:
            raise ValueError(f"line {self.line.number}: {code} is not in the {deck.upper()} "
                             f"hand the play book dealt {side}: a decision log names the "
                             "cards of the hands")
        self.hands.take(side, deck, state.period,
                        self.hands.held(side, deck, state.period)[place])
        return word or str(place + 1)

    def response(self, state: State, line: Line) -> tuple[str, str] | None:
        if self.line.response is None:
            return None
        side, code = self.line.response
        deck = "offense" if side == state.ball else "defense"
        self._place(side, deck, state, code, "-")
        self.tokens[-1]["response"] = f"{side}:{code}"
        return side, code


def rows_of_record(text: str, file: str = "<record>",
                   rules: Rules | None = None) -> tuple[dict[str, str], list[str]]:
    """A typed record's tags and its snaps as decision lines (one a snap, and one each
    further digit of a score, `= 4`): each card's place in the hand the play book dealt, the
    coin tosses, and the score after each score. A record without a Seed, or a card not in
    its hand, is a ValueError (one line)."""
    rules = rules or load_rules()
    record = parse_record(text, file, rules)
    tags = dict(record.tags)
    seed = tags.get("Seed")
    if not seed:
        raise ValueError(f"{file}: a decision log needs the record's Seed (its hands)")
    read = [r.item for r in record.rows if isinstance(r.item, Line)]
    if any(isinstance(r.item, Unread) for r in record.rows):
        bad = next(r for r in record.rows if isinstance(r.item, Unread))
        raise ValueError(f"{file}:{bad.number}: a line that cannot be read")
    grammar = decision_log(rules).grammar
    from printkit_engine.bubbles import write_tokens

    source = Recorded(read, seed, rules, lambda t: write_tokens(grammar, t))
    lines, _ = play(seed, rules, _length(tags, rules), source, more=source.more)
    score = (0, 0)
    out = []
    for line, tokens in zip(lines, source.tokens, strict=True):
        after = _score_of(line)
        digits = ""
        if after != score:
            digits = str(next(a for a, b in zip(after, score, strict=True) if a != b))
            tokens["score"] = SCORE_LEAD + digits[0]
        score = after
        out.append(write_tokens(grammar, tokens))
        out += [write_tokens(grammar, {"score": SCORE_LEAD + d}) for d in digits[1:]]
    return tags, out


def log_of_record(text: str, file: str = "<record>") -> str:
    """A typed record as its decision log text (`render --decisions --from`)."""
    tags, lines = rows_of_record(text, file)
    return log_text(tags, lines)



__all__ = ["FIELDS", "Hands", "Scripted", "decision_log", "joined_scores", "log_of_record",
           "places", "replay", "rows_of_record"]
