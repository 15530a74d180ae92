"""The playing-card 'Football' grid game: record invariants from the record text alone,
written from the rules text and docs/notation.md ("The playing-card 'Football' grid game")
and docs/rules/cardgrid.md (G1-G15), without the engine.

Its own reader (tags, passage lines `H2: cards = outcome > next`, score lines `H T 4-0 >
A2`, shuffle lines) and its own replay of a passage, card by card, as the rules text says:
the side in possession deals; a red card moves the ball a grid on; a black card is a tackle
the other side answers with one card; a pair with the black card loses the ball; a side's
own two consecutive cards of one value are a penalty; the sixth tackle is a kick four grids
on (never past grid 11), in touch on a ten or a picture card; a red card into grid 12 is
grounded by a black card (a try, then the conversion card) or is dead; a picture card on grid
10 or 11 may be a field goal; a scrum's feed card is against the feed on a Queen or a King.

Invariants (each a `Slip` with its line):

- read: a line that is none of the notation's lines;
- start: a passage starts where the last one said (the first: the kick-off grid, the
  KickOff side);
- deal: a card from the half pack of the side whose deal it is (the `HomeSuits` split);
- pack: a card dealt while it is out (G14: the cards go back at a change of possession, and
  a side whose 26 cards are out takes them back);
- outcome: the written outcome, next spot and number of cards against the replay; a field
  goal marked where there is no option;
- score: running totals; beside a passage log, score lines copy the passage's scores
  (sheet); a conversion only after its side's try and the restart (a score sheet alone);
- shuffle: only after a passage in which possession changed, once a side;
- finish, result: the Finish tag `HH:MM`, the Result is the final score.

It does not read the play book (that needs the book's shuffles, which are the engine's), so
with a Seed the cards' order is the verifier's alone. After a slip it reads on from what was
written or from what the replay gave, so one slip is one slip here too. Values come from the
rules data file, read here with tomllib.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

RULES = tomllib.loads((Path(__file__).parents[2] / "engine/cardgrid/rules.toml")
                      .read_text(encoding="utf-8"))
GRIDS = RULES["field"]["grids"]
KICKOFF = RULES["field"]["kickoff"]
ADVANCE = RULES["field"]["red_advance"]
TACKLES = RULES["tackles"]
PENALTY = RULES["penalty"]
POINTS = {s["code"]: s["points"] for s in RULES["scoring"]}
RESTART = RULES["restarts"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
HALF = 26

_TAG = re.compile(r'^\[(\w+)\s+"(.*)"\]$')
_PASSAGE = re.compile(r"^([HA])\s*(\d{1,2}):(.*)=(.*)>(.*)$")
_SPOT = re.compile(r"^(scrum\s+)?([HA])\s*(\d{1,2})$")
_CARD = re.compile(r"^(10|[2-9AJQK])([CDHS])(\*?)$")
_SCORE_LINE = re.compile(r"^([HA])\s+([A-Z])\s+(\d+)-(\d+)\s*>\s*([HA])\s*(\d{1,2})$")
_TOTAL = re.compile(r"^(\d+)-(\d+)$")
_TIME = re.compile(r"^([01]?\d|2[0-3])[:.][0-5]\d$")
# the outcomes of docs/notation.md's table
_OUTCOME = re.compile(r"^(lost|kick|touch|dead|against|F \d+-\d+|T \d+-\d+ (C \d+-\d+|C-)"
                      r"|pen [HA] (P \d+-\d+|P-|kick|notouch))$")


@dataclass(frozen=True)
class Slip:
    line: int
    invariant: str
    message: str


def other(side: str) -> str:
    return "A" if side == "H" else "H"


def value(card: str) -> int:
    """"aces count as one only": A 1 ... 10, J 11, Q 12, K 13."""
    return RANKS.index(card[:-1]) + 1


def rank(card: str) -> str:
    return card[:-1]


def red(card: str) -> bool:
    return card[-1] in "HD"


def mirror(grid: int) -> int:
    return GRIDS + 1 - grid


@dataclass
class Ended:
    """What the replay of a passage gives: its outcome as written words, where play goes on
    (side, grid, scrum), the scores (side, code), how many cards it used, and slips on the
    cards (deal, pack, field goal)."""

    words: list[str] | None            # None: the cards ran out first
    next: tuple[str, int, bool] | None
    scores: list[tuple[str, str]]
    used: int
    slips: list[str] = field(default_factory=list)


class _Out(Exception):
    """The passage's written cards ran out before it was over."""


class Replay:
    """One passage, replayed over its written cards."""

    def __init__(self, side: str, grid: int, scrum: bool, cards: list[tuple[str, bool]],
                 owner: dict[str, str]) -> None:
        self.side, self.grid, self.scrum = side, grid, scrum
        self.cards, self.owner = cards, owner
        self.i = 0
        self.last: dict[str, str | None] = {"H": None, "A": None}
        self.problems: list[str] = []

    def deal(self, who: str) -> tuple[str, bool]:
        if self.i >= len(self.cards):
            raise _Out
        card, mark = self.cards[self.i]
        self.i += 1
        if self.owner[card[-1]] != who:
            self.problems.append(f"deal: {card} from {other(who)}'s half pack, {who} deals")
        return card, mark

    def pair(self, who: str, card: str) -> bool:
        before, self.last[who] = self.last[who], card
        return before is not None and value(before) == value(card)

    def run(self) -> Ended:
        try:
            words, nxt, scores = self._passage()
        except _Out:
            return Ended(None, None, [], self.i, self.problems)
        return Ended(words, nxt, scores, self.i, self.problems)

    def _passage(self) -> tuple[list[str], tuple[str, int, bool], list[tuple[str, str]]]:
        side, opp = self.side, other(self.side)
        tackles = 0
        if self.scrum:
            card, mark = self.deal(side)
            if rank(card) in RULES["scrum"]["against_feed"]:
                return ["against"], (opp, mirror(self.grid), False), []
            first: tuple[str, bool] | None = (card, mark)
        else:
            first = None
        while True:
            card, mark = first or self.deal(side)
            first = None
            option = (self.grid in RULES["field_goal"]["grids"]
                      and rank(card) in RULES["field_goal"]["ranks"])
            if mark and not option:
                self.problems.append(f"outcome: {card}* on grid {self.grid}: no field goal")
            kick = mark and option
            own = self.pair(side, card)
            if red(card):
                if own:
                    return self._penalty(side)
                if kick:
                    return ["F"], (opp, RESTART["F"], False), [(side, "F")]
                self.grid = min(self.grid + ADVANCE, GRIDS)
                if self.grid == GRIDS:
                    return self._in_goal()
                continue
            tackles += 1
            answer, _ = self.deal(opp)
            theirs = self.pair(opp, answer)
            if value(answer) == value(card):
                return ["lost"], (opp, mirror(self.grid), False), []
            if own:
                return self._penalty(side)
            if theirs:
                return self._penalty(opp)
            if kick:
                return ["F"], (opp, RESTART["F"], False), [(side, "F")]
            if tackles == TACKLES["count"]:
                to = max(self.grid, min(self.grid + TACKLES["kick_ahead"],
                                        TACKLES["kick_limit"]))
                touch = rank(answer) in TACKLES["touch"]
                return ["touch" if touch else "kick"], (opp, mirror(to), touch), []

    def _in_goal(self) -> tuple[list[str], tuple[str, int, bool], list[tuple[str, str]]]:
        side, opp = self.side, other(self.side)
        ground, _ = self.deal(side)
        if self.pair(side, ground):
            return self._penalty(side)
        if red(ground):
            return ["dead"], (opp, RESTART["dead"], False), []
        conversion, _ = self.deal(side)
        good = (rank(conversion) not in RULES["try"]["fail"]
                and value(conversion) >= value(ground))
        scores = [(side, "T")] + ([(side, "C")] if good else [])
        return (["T", "C"] if good else ["T", "C-"]), (opp, RESTART["C" if good else "T"],
                                                       False), scores

    def _penalty(self, offender: str
                 ) -> tuple[list[str], tuple[str, int, bool], list[tuple[str, str]]]:
        taker = other(offender)
        at = self.grid if taker == self.side else mirror(self.grid)
        if mirror(at) <= PENALTY["goal_within"]:
            card, _ = self.deal(taker)
            good = rank(card) in PENALTY["goal"]
            return (["pen", offender, "P" if good else "P-"], (offender, RESTART["P"], False),
                    [(taker, "P")] if good else [])
        to = max(at, min(at + PENALTY["kick_ahead"], PENALTY["kick_limit"]))
        card, _ = self.deal(offender)
        if rank(card) in PENALTY["no_touch"]:
            return ["pen", offender, "notouch"], (offender, mirror(to), False), []
        return ["pen", offender, "kick"], (taker, to, False), []


@dataclass
class Walk:
    """The record so far: what was written, and what the replay gave where it differs."""

    owner: dict[str, str]
    kickoff: str | None
    log: bool
    sheet: bool
    slips: list[Slip] = field(default_factory=list)
    at: set[tuple[str, int, bool]] = field(default_factory=set)
    score: set[tuple[int, int]] = field(default_factory=lambda: {(0, 0)})
    out: dict[str, list[tuple[str, int]]] = field(default_factory=lambda: {"H": [], "A": []})
    may_shuffle: bool = False
    shuffled: set[str] = field(default_factory=set)
    copies: list[tuple[str, str, int, int, str, int, int]] = field(default_factory=list)
    last_score: tuple[str, str] | None = None
    anywhere: bool = False          # after an unreadable passage: the next may start anywhere

    def slip(self, line: int, invariant: str, message: str) -> None:
        self.slips.append(Slip(line, invariant, message))


def _owner(tags: dict[str, str]) -> dict[str, str]:
    """G1: home's two suits (default clubs + hearts), away the other two."""
    home = tags.get("HomeSuits", "CH").strip().upper()
    if len(home) != 2 or len(set(home) & set("CS")) != 1 or len(set(home) & set("DH")) != 1:
        home = "CH"
    return {s: ("H" if s in home else "A") for s in "CDHS"}


def check(text: str) -> list[Slip]:
    """Every slip the text alone shows, in line order."""
    lines = re.split(r"\r\n|\r|\n", text)
    tags: dict[str, str] = {}
    where: dict[str, int] = {}
    body: list[tuple[int, str]] = []
    for n, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        m = _TAG.match(line)
        if m:
            tags.setdefault(m[1], m[2])
            where.setdefault(m[1], n)
        else:
            body.append((n, line))
    kickoff = {"H": "H", "A": "A", "HOME": "H", "AWAY": "A"}.get(
        tags.get("KickOff", "*").strip().upper())
    w = Walk(_owner(tags), kickoff, any(_PASSAGE.match(t) for _, t in body),
             any(_SCORE_LINE.match(t) for _, t in body))
    for n, line in body:
        if _PASSAGE.match(line):
            _passage(w, n, line)
        elif line.lower().startswith("shuffle"):
            _shuffle(w, n, line)
        elif _SCORE_LINE.match(line):
            _score_line(w, n, line)
        else:
            w.slip(n, "read", f"not a line of the notation: {line[:30]!r}")
    _uncopied(w)
    if not _TIME.match(tags.get("Finish", "").strip()):
        w.slip(where.get("Finish", 1), "finish", "no agreed finishing time")
    result = _TOTAL.match(tags.get("Result", "*").strip())
    if result and (int(result[1]), int(result[2])) not in w.score:
        w.slip(where["Result"], "result", f"Result {result[0]}, final score "
               f"{' or '.join(f'{h}-{a}' for h, a in sorted(w.score))}")
    return sorted(w.slips, key=lambda s: s.line)


def _uncopied(w: Walk) -> None:
    if w.copies:
        w.slip(w.copies[0][6], "sheet", "a scoring passage with no score line")
    w.copies = []


def _parse_passage(line: str) -> tuple | None:
    m = _PASSAGE.match(line)
    assert m
    cards = []
    for word in m[3].split():
        c = _CARD.match(word.upper())
        if not c:
            return None
        cards.append((c[1] + c[2], bool(c[3])))
    nxt = _SPOT.match(m[5].strip())
    if not cards or not nxt or not _OUTCOME.match(" ".join(m[4].split())):
        return None
    return m[1], int(m[2]), cards, m[4].split(), (nxt[2], int(nxt[3]), bool(nxt[1]))


def _passage(w: Walk, n: int, line: str) -> None:
    parsed = _parse_passage(line)
    if parsed is None:
        w.slip(n, "read", f"not a passage line: {line[:30]!r}")
        w.anywhere, w.out = True, {"H": [], "A": []}
        return
    side, grid, cards, words, nxt = parsed
    _uncopied(w)
    starts = w.at or {(w.kickoff or side, KICKOFF, False)}
    if w.anywhere:
        starts = starts | {(side, grid, False), (side, grid, True)}
        w.anywhere = False
    heres = sorted(s for s in starts if s[:2] == (side, grid))
    if not heres:
        w.slip(n, "start", f"starts at {side}{grid}, the ball was at "
               f"{' or '.join(f'{s[0]}{s[1]}' for s in sorted(starts))}")
        heres = [(side, grid, False)]
    _pack(w, n, [c for c, _ in cards])
    shape = [x for x in words if not _TOTAL.match(x)]
    replays = [(_outcome(Replay(side, grid, scrum, cards, w.owner).run(), cards, shape, nxt),
                scrum) for _, _, scrum in heres]
    (done, problems), _ = min(replays, key=lambda r: len(r[0][1]))
    for kind, message in problems:
        w.slip(n, kind, message)
    _totals(w, n, side, words, done)
    w.at = {nxt} | ({done.next} if done.next else set())
    changed = nxt[0] != side
    w.may_shuffle, w.shuffled = changed, set()
    if changed or (done.next and done.next[0] != side):
        w.out = {"H": [], "A": []}


def _outcome(done: Ended, cards: list, shape: list[str], nxt: tuple[str, int, bool]
             ) -> tuple[Ended, list[tuple[str, str]]]:
    """The replay against what the line wrote: its card slips, then the outcome's."""
    problems = [tuple(p.split(": ", 1)) for p in done.slips]
    if done.words is None:
        problems.append(("outcome", "the cards stop before the passage is over"))
    elif done.used < len(cards):
        problems.append(("outcome", f"{len(cards) - done.used} card(s) after the passage is "
                         "over"))
    elif shape != done.words:
        problems.append(("outcome", f"written {' '.join(shape)}, the cards give "
                         f"{' '.join(done.words)}"))
    elif nxt != done.next:
        problems.append(("outcome", f"next {nxt}, the outcome gives {done.next}"))
    return done, problems  # type: ignore[return-value]


def _pack(w: Walk, n: int, cards: list[str]) -> None:
    """G14: a card dealt while it is out; a side whose 26 cards are out takes them back."""
    for card in cards:
        side = w.owner[card[-1]]
        if len(w.out[side]) == HALF:
            w.out[side] = []
        if any(c == card for c, _ in w.out[side]):
            w.slip(n, "pack", f"{card} dealt again while it is out")
            continue
        w.out[side].append((card, n))


def _totals(w: Walk, n: int, side: str, words: list[str], done: Ended) -> None:
    """The running totals the line writes: each the total before it (as written or as the
    cards gave) plus its points."""
    written = [(words[i - 1], tuple(map(int, _TOTAL.match(x).groups())))
               for i, x in enumerate(words) if _TOTAL.match(x) and i > 0]
    offender = words[1] if words and words[0] == "pen" and len(words) > 1 else None
    before = set(w.score)
    copies = []
    for code, total in written:
        scorer = other(offender) if code == "P" and offender else side
        want = {_add(t, scorer, POINTS.get(code, 0)) for t in before}
        if total not in want:
            w.slip(n, "score", f"{code} written {total[0]}-{total[1]}, expected "
                   f"{' or '.join(f'{h}-{a}' for h, a in sorted(want))}")
        before = {total} | want
        copies.append((scorer, code, total[0], total[1], other(scorer), RESTART[code], n))
    true = set(w.score)
    for scorer, code in done.scores:
        true = {_add(t, scorer, POINTS[code]) for t in true}
    last = {written[-1][1]} if written else set(w.score)
    w.score = last | true
    if w.sheet:
        w.copies = copies


def _add(score: tuple[int, int], side: str, points: int) -> tuple[int, int]:
    return (score[0] + points, score[1]) if side == "H" else (score[0], score[1] + points)


def _shuffle(w: Walk, n: int, line: str) -> None:
    sides = line.split()[1:]
    if not sides or any(s.upper() not in ("H", "A") for s in sides):
        w.slip(n, "read", "not a shuffle line")
        return
    if not w.may_shuffle or any(s.upper() in w.shuffled for s in sides):
        w.slip(n, "shuffle", "a shuffle only after a change of possession, once a side")
    for s in sides:
        w.shuffled.add(s.upper())
        w.out[s.upper()] = []


def _score_line(w: Walk, n: int, line: str) -> None:
    m = _SCORE_LINE.match(line)
    assert m
    side, code, total = m[1], m[2], (int(m[3]), int(m[4]))
    nxt = (m[5], int(m[6]))
    if code not in POINTS:
        w.slip(n, "read", f"no scoring code {code}")
        return
    if w.log:
        _copy(w, n, (side, code, *total, *nxt))
        return
    if code == "C" and w.last_score != (side, "T"):
        w.slip(n, "score", "a conversion only right after its side's try")
    want = {_add(t, side, POINTS[code]) for t in w.score}
    if total not in want:
        w.slip(n, "score", f"written {total[0]}-{total[1]}, expected "
               f"{' or '.join(f'{h}-{a}' for h, a in sorted(want))}")
    if nxt != (other(side), RESTART[code]):
        w.slip(n, "score", f"restart {nxt[0]}{nxt[1]} after {code}")
    w.score = {total} | want
    w.last_score = (side, code)


def _copy(w: Walk, n: int, line: tuple) -> None:
    """G15: a score line beside the log copies the next score of the passage before it."""
    pending = [c[:6] for c in w.copies]
    if line in pending:
        k = pending.index(line)
        if k:
            w.slip(w.copies[0][6], "sheet", "a scoring passage with no score line")
        w.copies = w.copies[k + 1:]
        return
    w.slip(n, "sheet", "a score line that is not the passage's score")
    w.copies = w.copies[1:]
