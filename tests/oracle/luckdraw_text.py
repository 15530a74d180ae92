"""Luck of the Draw transcript invariants, from the record text alone (docs/notation.md, "Luck of
the Draw", and the rules text).

Its own reader of the transcript lines (`Q1`, `drive K QB Pn`, `deal`, `side`, `trade`,
`call`, `audible`, events `CARD word[+bonus] HOLDER POINTS`, `penalty`, `total`, `winner`).
It reads the whole record first, so it may look ahead where the rules give a window (a
penalty owed "before the subsequent drive ... has been completed"), and checks:

- read: every line is one of those, with known cards, words, seats and penalties;
- periods: markers in order (`Q1` may be left off);
- drives: numbered 1, 2, ...; drive K's QB is seat ((K - 1) mod P) + 1, or an Illegal
  Procedure penalty on the QB is written by the end of the next drive;
- deal: without a `Seed`, every seat dealt once a drive, 16 // P cards each, the QB holding
  its automatic cards, no card twice, the `side` line the cards left over; deal lines after
  the drive's first play only with a Delay of Game penalty on the QB by the end of the next
  drive ("cards dealt after 1st snap of drive"). With a `Seed` only the written hands are
  used (the play book's shuffle is the engine's business);
- trades: equal numbers, never the QB's cards, not in the final quarter agreed, cards the
  traders hold (sidelined cards included);
- events: the card's holder at that line (`side` and 0 for a sidelined card); the points the
  cheat sheet gives (a bonus adds to the event before it); a `+td` on MFG or P only with
  `+blocked`; a drive ends once; a per-drive event once; `TOD none` not after a 1st down;
- audibles: calls before the play, one audible a drive, 3 points per correct call, 4 for a
  lone correct call with 4 or more players;
- penalties: the rules' points, on the QB of this drive or the one before, Illegal Procedure
  only on a QB who served out of turn;
- totals: every written total is the running sum, by the rules (each event for the card's
  holder, the cheat sheet's points) or as the transcript wrote the lines before it; after a
  wrong total the sum goes on from what was written, so one slip is one slip here too;
- the end: no drive after the agreed end, no play after it unless the drive in progress is
  finished (a game to the end of Q1 or Q3 without `[FinishDrive "no"]`); the winner not
  before the end the `Length` tag names (Q4 for a full game), by most points, then most
  audible points, then the best single drive; nothing after the winner.

Card points, penalty points, the audible points and the game lengths come from the rules data
files (engine/luckdraw/cards.toml and rules.toml), read here with tomllib. What the cheat sheet
says ends a drive and which bonus needs which is typed here from the rules text.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

DATA = Path(__file__).parents[2] / "engine/luckdraw"
RULES = tomllib.loads((DATA / "rules.toml").read_text(encoding="utf-8"))
CARDS = tomllib.loads((DATA / "cards.toml").read_text(encoding="utf-8"))["cards"]
CODES = [c["code"] for c in CARDS]
PERIODS = ["Q1", "Q2", "Q3", "Q4", "OT"]
PENALTY = {p["key"]: p["points"] for p in RULES["penalties"]}
AUDIBLE = RULES["audible"]
LENGTH = {g["key"]: g["last"] for g in RULES["lengths"]}
NO_TRADES = {g["key"]: g["no_trades_from"] for g in RULES["lengths"]}
# "If there is a drive in progress at the end of the 1st or 3rd quarter, you may elect to not
# end the game until that drive is completed."
FINISH_AT = {"Q1", "Q3"}
# the cheat sheet: "The drive ends on a made FG", "... by the offensive team throwing an
# interception", "... on a missed FG", "... with a punt", "... on a passing touchdown play",
# "... on a rushing touchdown", "... with a safety", "... on an unsuccessful 4th down play"
ENDS = {"FG made", "INT int", "MFG missed", "P punt", "PTD td", "RTD td", "XP/S safety",
        "TOD fourth"}
# "An additional 3 bonus pts are awarded if the blocked FG is returned for a TD"; "An
# additional 3 pts are awarded if the blocked punt is returned for a TD"
NEEDS = {("MFG", "td"): "blocked", ("P", "td"): "blocked"}

_SEAT = re.compile(r"^P([1-9]\d?)$", re.I)
_INT = re.compile(r"^[+-]?\d{1,4}$")


def _events() -> dict[tuple[str, str], tuple[int, str]]:
    """(card, word) -> (points, per) from the data files: the words in rules.toml `[events]`
    name cards.toml's scoring lines in order."""
    out = {}
    for card in CARDS:
        for word, line in zip(RULES["events"][card["code"]], card["scoring"], strict=True):
            out[card["code"], word] = (line["points"], line["per"])
    return out


EVENTS = _events()


def _qb_cards(players: int) -> list[str]:
    return [c["code"] for c in CARDS
            if "qb_players" in c and c["qb_players"][0] <= players <= c["qb_players"][1]]


@dataclass(frozen=True)
class Slip:
    line: int
    invariant: str
    message: str


@dataclass
class Line:
    number: int
    kind: str
    words: list[str]


@dataclass
class Drive:
    number: int
    qb: int
    line: int
    lines: list[Line] = field(default_factory=list)


def _kind(words: list[str]) -> str | None:
    head = words[0]
    if head.upper() in PERIODS and len(words) == 1:
        return "period"
    low = head.lower()
    if low in ("drive", "deal", "side", "trade", "call", "audible", "penalty", "total",
               "winner"):
        return low
    if head.upper() in CODES:
        return "event"
    return None


def _readable(kind: str, w: list[str], players: int) -> bool:
    """Whether a line's words are what its kind needs (seats, cards, numbers, words)."""
    seat = lambda s: bool(_SEAT.match(s))                       # noqa: E731
    card = lambda s: s.upper() in CODES                         # noqa: E731
    if kind == "drive":
        return len(w) == 4 and w[1].isdigit() and int(w[1]) >= 1 and w[2].lower() == "qb" \
            and seat(w[3])
    if kind == "deal":
        return len(w) >= 2 and seat(w[1]) and all(map(card, w[2:]))
    if kind == "side":
        return all(map(card, w[1:]))
    if kind == "trade":
        low = [x.lower() for x in w]
        if "for" not in low:
            return False
        k = low.index("for")
        return len(w) > k + 1 and seat(w[1]) and seat(w[k + 1]) and \
            all(map(card, w[2:k] + w[k + 2:])) and len(w) > 4
    if kind == "call":
        pairs = w[1:]
        return len(pairs) % 2 == 0 and all(seat(pairs[i]) and pairs[i + 1].lower() in
                                           AUDIBLE["calls"] for i in range(0, len(pairs), 2))
    if kind == "audible":
        pairs = w[2:]
        return len(w) >= 2 and w[1].lower() in AUDIBLE["calls"] and len(pairs) % 2 == 0 and \
            all(seat(pairs[i]) and _INT.match(pairs[i + 1]) for i in range(0, len(pairs), 2))
    if kind == "event":
        return len(w) == 4 and bool(re.fullmatch(r"[a-z0-9]{1,12}(\+[a-z0-9]{1,12})*",
                                                  w[1].lower())) and \
            (w[2].lower() == "side" or seat(w[2])) and bool(_INT.match(w[3]))
    if kind == "penalty":
        return len(w) == 4 and seat(w[1]) and w[2].lower() in PENALTY and bool(_INT.match(w[3]))
    if kind == "total":
        pairs = w[1:]
        return len(pairs) % 2 == 0 and all(seat(pairs[i]) and _INT.match(pairs[i + 1])
                                           for i in range(0, len(pairs), 2))
    if kind == "winner":
        return len(w) >= 2 and all(map(seat, w[1:]))
    return True


def _seat(text: str) -> int:
    return int(text[1:])


class Oracle:
    """One pass over a transcript, collecting slips (module docstring)."""

    def __init__(self, text: str) -> None:
        self.tags: dict[str, str] = {}
        self.lines: list[Line] = []
        self.slips: list[Slip] = []
        for number, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1):
            body = raw.strip()
            if body.startswith("["):
                m = re.fullmatch(r'\[(\w+)\s+"(.*)"\]', body)
                if m:
                    self.tags.setdefault(m.group(1), m.group(2))
                else:
                    self.slip(number, "read", "a tag that cannot be read")
                continue
            words = body.split(";", 1)[0].split()
            if not words:
                continue
            kind = _kind(words)
            if kind is None or not _readable(kind, words, 0):
                self.slip(number, "read", f"a line that cannot be read: {words[0]}")
                continue
            self.lines.append(Line(number, kind, words))
        self.players = self._players()
        key = self.tags.get("Length", "").strip()
        self.length = next((k for k in LENGTH if k.lower() == key.lower()), "full")
        self.agreed = any(k.lower() == key.lower() for k in LENGTH)   # not left unsaid
        self.last = PERIODS.index(LENGTH[self.length])
        self.finish = self.length in FINISH_AT and \
            self.tags.get("FinishDrive", "yes").strip().lower() != "no"
        self.seeded = bool(self.tags.get("Seed"))

    def slip(self, line: int, invariant: str, message: str) -> None:
        self.slips.append(Slip(line, invariant, message))

    def _players(self) -> int:
        text = self.tags.get("Players", "").strip()
        if text.isdigit():
            return int(text)
        seats = []
        for line in self.lines:
            if line.kind == "drive" and seats:
                break
            if line.kind == "deal":
                seats.append(_seat(line.words[1]))
        return max(seats, default=4)

    # -- the drives, read whole first --------------------------------------------------------
    def _drives(self) -> list[Drive]:
        drives: list[Drive] = []
        for line in self.lines:
            if line.kind == "drive":
                drives.append(Drive(int(line.words[1]), _seat(line.words[3]), line.number))
            elif drives and line.kind not in ("period", "total", "winner"):
                drives[-1].lines.append(line)
        return drives

    def _in_turn(self, drive: Drive) -> bool:
        return drive.qb == (drive.number - 1) % self.players + 1

    def _owed(self, drive: Drive, after: Drive | None, kind: str) -> bool:
        """A penalty of this kind on the drive's QB, by the end of the next drive."""
        window = drive.lines + (after.lines if after else [])
        return any(line.kind == "penalty" and line.words[2].lower() == kind and
                   _seat(line.words[1]) == drive.qb for line in window)

    def _hands(self, drive: Drive, after: Drive | None) -> dict[int, list[str]] | None:
        """The drive's hands from its deal lines wherever they are (None: seeded, none
        written: the play book's), and its deal checked."""
        deals = [line for line in drive.lines if line.kind == "deal"]
        plays = [line.number for line in drive.lines
                 if line.kind in ("trade", "call", "audible", "event")]
        late = [line for line in deals if plays and line.number > plays[0]]
        if late and not self._owed(drive, after, "delay"):
            self.slip(late[0].number, "deal", "cards dealt after the first play, no Delay "
                      "of Game penalty")
        if not deals:
            if not self.seeded:
                self.slip(drive.line, "deal", "no deal lines")
            return None
        hands: dict[int, list[str]] = {}
        at: dict[int, int] = {}
        for line in deals:
            seat = _seat(line.words[1])
            if seat in hands or not 1 <= seat <= self.players:
                self.slip(line.number, "deal", f"P{seat} dealt twice, or not at the table")
                continue
            hands[seat], at[seat] = [c.upper() for c in line.words[2:]], line.number
        if len(hands) != self.players:
            self.slip(drive.line, "deal", "a seat without a deal line")
        elif not self.seeded:
            self._shape(drive, hands, at, [x for x in drive.lines if x.kind == "side"])
        for line in [x for x in drive.lines if x.kind == "side"][1:]:
            self.slip(line.number, "deal", "a second sidelines line")
        return hands

    def _shape(self, drive: Drive, hands: dict[int, list[str]], at: dict[int, int],
               sides: list[Line]) -> None:
        size = 16 // self.players
        seen: list[str] = []
        for seat, cards in sorted(hands.items()):
            if len(cards) != size:
                self.slip(at[seat], "deal", f"P{seat} holds {len(cards)} cards, not {size}")
            if any(c in seen or cards.count(c) > 1 for c in cards):
                self.slip(at[seat], "deal", "a card dealt twice")
            seen += cards
        if any(c not in hands.get(drive.qb, []) for c in _qb_cards(self.players)):
            self.slip(at.get(drive.qb, drive.line), "deal", "the QB lacks an automatic card")
        left = sorted(c for c in CODES if c not in seen)
        for line in sides:
            if sorted(c.upper() for c in line.words[1:]) != left:
                self.slip(line.number, "deal", "the sidelines are not the cards left over")

    # -- the walk, line by line --------------------------------------------------------------
    def run(self) -> list[Slip]:
        drives = self._drives()
        hands = {}
        for k, drive in enumerate(drives):
            after = drives[k + 1] if k + 1 < len(drives) else None
            hands[drive.line] = self._hands(drive, after)
            if drive.number != (drives[k - 1].number + 1 if k else 1):
                self.slip(drive.line, "drives", "drives are numbered in order")
            if not self._in_turn(drive) and not self._owed(drive, after, "procedure"):
                self.slip(drive.line, "qb", f"P{drive.qb} out of turn, no Illegal Procedure")
        self.totals = [0] * self.players             # as the transcript wrote it
        self.rules = [0] * self.players              # by the rules
        self.audible_points = [0] * self.players
        self.best = [-10_000] * self.players
        self.period = 0
        self.drive: Drive | None = None
        self.before: Drive | None = None
        done = False
        for line in self.lines:
            if done:
                self.slip(line.number, "end", "a line after the winner")
                break
            if any(_seat(x) > self.players for x in line.words[1:] if _SEAT.match(x)):
                self.slip(line.number, "seats", "a seat not at the table")
                continue
            if line.kind == "period":
                self._period(line)
            elif line.kind == "drive":
                self._close()
                self.before, self.drive = self.drive, next(d for d in drives
                                                            if d.line == line.number)
                if self.period > self.last:
                    self.slip(line.number, "end", "a drive after the agreed end")
                self.hands = hands[line.number]
                self.moved: dict[str, int | None] = {}
                self.points = [0] * self.players
                self.calls: dict[int, str] | None = None
                self.audibles, self.ended, self.seen = 0, False, set()
                self.start_period = self.period
            elif line.kind == "total":
                self._total(line)
            elif line.kind == "winner":
                self._close()
                self._winner(line)
                done = True
            elif self.drive is None:
                self.slip(line.number, "drives", "a line before the first drive line")
            else:
                self._in_drive(line)
        return sorted(self.slips, key=lambda s: (s.line, s.invariant))

    def _period(self, line: Line) -> None:
        index = PERIODS.index(line.words[0].upper())
        if index != self.period + 1 and not (index == 0 and self.period == 0):
            self.slip(line.number, "periods", "periods come in order")
        self.period = index

    def _close(self) -> None:
        if self.drive is not None:
            self.best = [max(b, p) for b, p in zip(self.best, self.points, strict=True)]
            self.drive = None

    def _credit(self, seat: int | None, points: int, audible: bool = False) -> None:
        """Points as written (and towards the drive's and the audible columns)."""
        if seat is not None and 1 <= seat <= self.players:
            self.totals[seat - 1] += points
            self.points[seat - 1] += points
            if audible:
                self.audible_points[seat - 1] += points

    def _due(self, seat: int | None | str, points: int) -> None:
        """Points by the rules."""
        if isinstance(seat, int) and 1 <= seat <= self.players:
            self.rules[seat - 1] += points

    def _in_drive(self, line: Line) -> None:
        drive = self.drive
        assert drive is not None
        w = line.words
        if line.kind in ("trade", "call", "audible", "event") and self.period > self.last \
                and not (self.finish and self.start_period <= self.last):
            self.slip(line.number, "end", "play after the agreed end")
        if line.kind == "trade":
            self._trade(line, drive)
        elif line.kind == "call":
            seats = [_seat(w[i]) for i in range(1, len(w), 2)]
            if self.calls is not None or len(set(seats)) != len(seats):
                self.slip(line.number, "audible", "one call line a drive, one call each")
            self.calls = {_seat(w[i]): w[i + 1].lower() for i in range(1, len(w), 2)}
        elif line.kind == "audible":
            self.audibles += 1
            self._audible(line)
        elif line.kind == "event":
            self._event(line)
        elif line.kind == "penalty":
            self._penalty(line, drive)

    def _holder(self, card: str) -> int | None | str:
        """The card's holder: a seat, None (the sidelines), "?" (the play book's)."""
        if card in self.moved:
            return self.moved[card]
        if self.hands is None:
            return "?"
        return next((s for s, cards in self.hands.items() if card in cards), None)

    def _trade(self, line: Line, drive: Drive) -> None:
        w = line.words
        k = [x.lower() for x in w].index("for")
        a, b = _seat(w[1]), _seat(w[k + 1])
        gives, takes = [c.upper() for c in w[2:k]], [c.upper() for c in w[k + 2:]]
        if self.period >= PERIODS.index(NO_TRADES[self.length]) or drive.qb in (a, b) or \
                len(gives) != len(takes):
            self.slip(line.number, "trade", "not a valid trade")
            return
        if any(self._holder(c) not in (a, "?") for c in gives) or \
                any(self._holder(c) not in (b, "?") for c in takes):
            self.slip(line.number, "trade", "a card the trader does not hold")
            return
        self.moved.update({c: b for c in gives})
        self.moved.update({c: a for c in takes})

    def _audible(self, line: Line) -> None:
        w = line.words
        written = {_seat(w[i]): int(w[i + 1]) for i in range(2, len(w), 2) if int(w[i + 1])}
        for s, p in written.items():
            self._credit(s, p, audible=True)
        if self.calls is None or self.audibles > AUDIBLE["per_drive"]:
            self.slip(line.number, "audible", "an audible without calls, or a second one")
            return
        right = [s for s, c in self.calls.items() if c == w[1].lower()]
        each = AUDIBLE["points"] + (AUDIBLE["loner_bonus"] if len(right) == 1 and
                                    self.players >= AUDIBLE["loner_min_players"] else 0)
        for s in right:
            self._due(s, each)
        if written != dict.fromkeys(right, each):
            self.slip(line.number, "audible", "audible points")

    def _event(self, line: Line) -> None:
        w = line.words
        card, words = w[0].upper(), w[1].lower().split("+")
        holder = None if w[2].lower() == "side" else _seat(w[2])
        written = int(w[3])
        self._credit(holder, written)
        looked = [EVENTS.get((card, x)) for x in words]
        if any(e is None for e in looked) or looked[0][1] == "bonus" or \
                any(e[1] != "bonus" for e in looked[1:]) or len(set(words)) != len(words) or \
                any(NEEDS.get((card, x), words[0]) not in words for x in words[1:]):
            self.slip(line.number, "event", "event words")
            return
        name = f"{card} {words[0]}"
        if looked[0][1] == "drive" and name in self.seen or name in ENDS and self.ended:
            self.slip(line.number, "drive", f"{name}: once a drive, and a drive ends once")
        if name == "TOD none" and "FDN first" in self.seen:
            self.slip(line.number, "drive", "TOD none after a 1st down")
        owner = self._holder(card)
        if owner != "?" and owner != holder:
            self.slip(line.number, "holder", f"{card} is not {w[2]}'s")
        due = sum(e[0] for e in looked)
        again = looked[0][1] == "drive" and name in self.seen or name in ENDS and self.ended
        self._due(holder if owner == "?" else owner, 0 if again else due)
        if written != (due if holder is not None else 0):
            self.slip(line.number, "points", f"{name}: {due} points")
        self.seen.add(name)
        self.ended = self.ended or name in ENDS

    def _penalty(self, line: Line, drive: Drive) -> None:
        w = line.words
        seat, kind, cost = _seat(w[1]), w[2].lower(), int(w[3])
        self._credit(seat, -cost)
        self._due(seat, -PENALTY[kind])
        if cost != PENALTY[kind]:
            self.slip(line.number, "penalty", "penalty points")
        mine = [d for d in (drive, self.before) if d is not None]
        if seat not in {d.qb for d in mine}:
            self.slip(line.number, "penalty", "not on this drive's QB or the last one's")
        elif kind == "procedure" and not any(d.qb == seat and not self._in_turn(d)
                                             for d in mine):
            self.slip(line.number, "penalty", "Illegal Procedure on a QB in turn")

    def _total(self, line: Line) -> None:
        w = line.words
        for i in range(1, len(w), 2):
            seat, total = _seat(w[i]), int(w[i + 1])
            if not 1 <= seat <= self.players:
                continue
            if total not in (self.totals[seat - 1], self.rules[seat - 1]):
                self.slip(line.number, "total", f"P{seat}'s total")
            self.totals[seat - 1] = total              # go on from what was written

    def _winner(self, line: Line) -> None:
        ending = min(self.last, PERIODS.index("Q4"))   # "(including OT)": OT if tied only
        if self.agreed and self.period < ending:
            self.slip(line.number, "end", "the winner before the agreed end")
        seats = sorted({_seat(x) for x in line.words[1:]})
        winners = []
        for totals in (self.totals, self.rules):          # as written or by the rules
            key = {s: (totals[s - 1], self.audible_points[s - 1], self.best[s - 1])
                   for s in range(1, self.players + 1)}
            top = max(key.values())
            winners.append([s for s in key if key[s] == top])
        if seats not in winners:
            self.slip(line.number, "winner", "the winner")


def check(text: str) -> list[Slip]:
    """The slips a transcript's text shows (see the module docstring)."""
    return Oracle(text).run()
