"""Seeded bots: a table of Luck of the Draw players following a simulated football broadcast.

Everything random comes from the game's own draw streams (docs/draws.md; decision L11 in
docs/rules/luckdraw.md): the deal of drive K is the play book's `drive/K`, the broadcast's
events in drive K come from `broadcast/K`, the players' choices in drive K (audible calls,
trades, a late deal) from `table/K`, and the agreed game length from `table/0` (for a game to
the end of Q1 or Q3, whether a drive in progress then is finished is drawn there last). The
broadcast frequencies below are plausible round figures for a professional game, not
measurements; they make every kind of scoring event, bonus, trade and penalty turn up in a
few hundred games. A record written here verifies clean with its `Seed` tag
(tests/engine/luckdraw).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from printkit_engine.draws import Stream
from printkit_engine.game import LENGTH_TAG
from printkit_engine.luckdraw.deal import Deal
from printkit_engine.luckdraw.game import GAME, deal
from printkit_engine.luckdraw.rules import SIDELINES, Length, Rules, load_rules
from printkit_engine.luckdraw.teams import SEAT_TAGS, default_player, score, side_of
from printkit_engine.played import Played

T = TypeVar("T")

# -- the broadcast: chances per play or per drive ending (per 1000) -------------------------
PASS = 570                 # a play is a pass (a sack counts as one)
SACK = 60                  # of passes
FIRST_DOWN = 190           # per play, without a penalty
MARKERS = 60               # of first downs: the chains come out
SHORT = 25                 # per play: the chains come out and the ball is short
OFFENSIVE_PENALTY = 50     # per play, accepted
DEFENSIVE_PENALTY = 40
TIMEOUT = 30               # per play: a timeout or the 2 minute warning
REVIEW = 15                # per play: an instant replay review ...
OVERTURNED = 400           # ... that changes the call
RESET = 8                  # per play: the referee resets the game clock
PLAYS = (3, 11)            # plays in a drive
KICK_START = 450           # a drive starts with a kickoff (after a score, a half)
TOUCHBACK = 600            # of kickoffs
KICK_RETURN_TD = 15        # of kickoffs
# how a drive ends: (what, per 1000), the rest ends in a punt
ENDINGS = (("ptd", 130), ("rtd", 90), ("fg", 150), ("mfg", 30), ("int", 90), ("fbl", 50),
           ("tod", 50), ("safety", 5))
PUNT_BLOCKED, PUNT_BLOCKED_TD, PUNT_INSIDE, FAIR_CATCH = 10, 300, 300, 250
FG_BLOCKED, FG_BLOCKED_TD = 100, 200
RETURN_TD = 80             # of interceptions and lost fumbles
TWO_POINT, TWO_POINT_GOOD, XP_GOOD = 60, 500, 940
NO_FIRST_DOWN = 300        # of punts and turnovers on downs: no 1st down all drive
DRIVES_PER_QUARTER = (5, 7)
OVERTIME = 60              # a full game goes to overtime
# the table (per 1000)
AUDIBLE = 700              # the QB calls an audible in a drive
CALL = 900                 # a player makes a call
TRADE = 150                # per drive outside the final quarter
LATE_DEAL = 30             # the QB turns the slip over after the first snap
FINISH_DRIVE = 500         # a game to the end of Q1 or Q3: the table agrees to finish the
                           # drive in progress at the end (the bots' last drive of a quarter
                           # always ends with it, so the choice is only written down)



class Draws:
    """Chances and picks from one stream."""

    def __init__(self, stream: Stream) -> None:
        self.stream = stream

    def chance(self, per_mille: int) -> bool:
        return self.stream.uniform(1000) < per_mille

    def between(self, low: int, high: int) -> int:
        return low + self.stream.uniform(high - low + 1)

    def pick(self, items: Sequence[T]) -> T:
        return items[self.stream.uniform(len(items))]


@dataclass
class Table:
    """The scoreboard as the bots keep it: hands, running totals, audible points, drives."""

    rules: Rules
    players: int
    length: Length
    totals: list[int]
    audible: list[int]
    best: list[int]
    lines: list[str] = field(default_factory=list)
    hands: dict[int, list[str]] = field(default_factory=dict)
    drive_points: list[int] = field(default_factory=list)

    def holder(self, card: str) -> int | None:
        return next((s for s, cards in self.hands.items() if card in cards), None)

    def credit(self, seat: int, points: int, audible: bool = False) -> None:
        self.totals[seat - 1] += points
        self.drive_points[seat - 1] += points
        if audible:
            self.audible[seat - 1] += points

    def score(self, card: str, *words: str) -> None:
        """Tick an event against its card: the holder (or the sidelines) and the points."""
        holder = self.holder(card)
        points = 0
        for w in words:
            event = self.rules.event(card, w)
            assert event is not None, f"{card} {w}: no such event"
            points += event.points
        if holder is None:
            self.lines.append(f"{card} {'+'.join(words)} {SIDELINES} 0")
            return
        self.credit(holder, points)
        self.lines.append(f"{card} {'+'.join(words)} P{holder} {points}")


def _deal_lines(d: Deal) -> list[str]:
    lines = [f"deal P{s} {' '.join(cards)}" for s, cards in sorted(d.hands)]
    if d.sidelines:
        lines.append(f"{SIDELINES} {' '.join(d.sidelines)}")
    return lines


# -- what a decision source gives the loop --------------------------------------------------
@dataclass(frozen=True)
class Event:
    """A scoring event the table saw: the card it is ticked against and its words."""

    card: str
    words: tuple[str, ...]


@dataclass(frozen=True)
class Audible:
    """The audible calls (seat, call) and the play the offense ran."""

    play: str
    calls: tuple[tuple[int, str], ...]


@dataclass(frozen=True)
class Trade:
    """Seat `a` gives the cards `gives` to seat `b` for `takes` (the bots trade one card each
    way; a decision sheet's trade rows may name more)."""

    a: int
    gives: tuple[str, ...]
    b: int
    takes: tuple[str, ...]


Happening = Event | Audible | Trade
CLOCK_OUT = ("TE", "expires")    # (card, word): time expires, a period ends (the TE card)


class Source(Protocol):
    """Where a game's table decisions and broadcast come from: the bots' own seeded draws
    (`Bots`), or a decision log's rows (engine/luckdraw/decisions.py `Scripted`). The one
    loop (`play`) asks in this order for each drive: `next_drive` (None: the game is over),
    `trade` (asked every drive, `allowed` says whether the rules allow one then), `drive`
    (the drive's events and audible in order, and trades made during it), `late` (the QB
    dealt after the first snap)."""

    length: Length

    def next_drive(self, table: Table, number: int) -> str | None: ...

    def trade(self, table: Table, qb: int, allowed: bool) -> Trade | None: ...

    def drive(self, table: Table, qb: int) -> Iterator[Happening]: ...

    def late(self, table: Table, qb: int) -> bool: ...


class Bots:
    """The bots' decision source: drive K's broadcast from `broadcast/K`, the table's choices
    from `table/K`, the game's length and drives per quarter from `table/0` (L11)."""

    def __init__(self, seed: str, rules: Rules, players: int) -> None:
        self.seed, self.rules, self.players = seed, rules, players
        self.setup = Draws(GAME.book.stream(seed, "table/0"))
        self.length = self.setup.pick(rules.lengths)
        self.schedule = self._schedule()
        self.events = self.choices = self.setup
        self.quarter_ends = False

    def _schedule(self) -> Iterator[tuple[str, bool]]:
        rules, setup = self.rules, self.setup
        last = rules.period(self.length.last)
        for index, period in enumerate(rules.periods[:last + 1]):
            if period == rules.periods[-1] and not setup.chance(OVERTIME):
                return
            count = 1 if index == len(rules.periods) - 1 else setup.between(*DRIVES_PER_QUARTER)
            for k in range(count):
                yield (period if k == 0 else "", k == count - 1)

    def next_drive(self, table: Table, number: int) -> str | None:
        begin = next(self.schedule, None)
        if begin is None:
            return None
        self.events = Draws(GAME.book.stream(self.seed, f"broadcast/{number}"))
        self.choices = Draws(GAME.book.stream(self.seed, f"table/{number}"))
        marker, self.quarter_ends = begin
        return marker

    def finish_drive(self) -> str:
        """For a game to the end of Q1 or Q3: the table's choice, drawn last (L8, L11)."""
        return "yes" if self.setup.chance(FINISH_DRIVE) else "no"

    def trade(self, table: Table, qb: int, allowed: bool) -> Trade | None:
        draws = self.choices
        others = [s for s in range(1, table.players + 1) if s != qb]
        if not allowed or len(others) < 2 or not draws.chance(TRADE):
            return None
        a = draws.pick(others)
        b = draws.pick([s for s in others if s != a])
        return Trade(a, (draws.pick(table.hands[a]),), b, (draws.pick(table.hands[b]),))

    def drive(self, table: Table, qb: int) -> Iterator[Happening]:
        events, choices = self.events, self.choices
        if events.chance(KICK_START):
            if events.chance(KICK_RETURN_TD):
                yield Event("STTD", ("td",))
            elif events.chance(TOUCHBACK):
                yield Event("STTD", ("touchback",))
        audible_at = choices.between(0, PLAYS[0] - 1) if choices.chance(AUDIBLE) else None
        firsts = 0
        for n in range(events.between(*PLAYS)):
            play = "pass" if events.chance(PASS) else "run"
            if n == audible_at:
                calls = tuple((s, choices.pick(table.rules.audible.calls))
                              for s in range(1, table.players + 1) if choices.chance(CALL))
                yield Audible(play, calls)
            if play == "pass" and events.chance(SACK):
                yield Event("SACK", ("sack",))
            if events.chance(OFFENSIVE_PENALTY):
                yield Event("OP", ("penalty",))
            elif events.chance(DEFENSIVE_PENALTY):
                yield Event("DP", ("penalty",))
            elif events.chance(FIRST_DOWN):
                firsts += 1
                yield Event("FDN", ("first", "markers") if events.chance(MARKERS) else ("first",))
            elif events.chance(SHORT):
                yield Event("TOD", ("short",))
            if events.chance(TIMEOUT):
                yield Event("IR/TO", ("timeout",))
            if events.chance(REVIEW):
                yield Event("IR/TO", ("review", "overturned") if events.chance(OVERTURNED)
                            else ("review",))
            if events.chance(RESET):
                yield Event("TE", ("reset",))
        yield from _end_drive(events, firsts)
        if self.quarter_ends:
            yield Event("TE", ("expires",))

    def late(self, table: Table, qb: int) -> bool:
        return self.choices.chance(LATE_DEAL)


def _ending(events: Draws) -> str:
    roll = events.stream.uniform(1000)
    for what, per_mille in ENDINGS:
        if roll < per_mille:
            return what
        roll -= per_mille
    return "punt"


def _try(events: Draws) -> Iterator[Event]:
    if events.chance(TWO_POINT):
        if events.chance(TWO_POINT_GOOD):
            yield Event("XP/S", ("2pt",))
    elif events.chance(XP_GOOD):
        yield Event("XP/S", ("xp",))


def _end_drive(events: Draws, firsts: int) -> Iterator[Event]:
    what = _ending(events)
    if what in ("ptd", "rtd"):
        yield Event(what.upper(), ("td",))
        yield from _try(events)
    elif what == "fg":
        yield Event("FG", ("made",))
    elif what == "mfg":
        words = ["missed"]
        if events.chance(FG_BLOCKED):
            words += ["blocked"] + (["td"] if events.chance(FG_BLOCKED_TD) else [])
        yield Event("MFG", tuple(words))
    elif what in ("int", "fbl"):
        first = "int" if what == "int" else "fumble"
        yield Event(what.upper(), (first, "td") if events.chance(RETURN_TD) else (first,))
    elif what == "safety":
        yield Event("XP/S", ("safety",))
    else:
        if what == "tod":
            yield Event("TOD", ("fourth",))
        else:
            yield from _punt(events)
        if firsts == 0 and events.chance(NO_FIRST_DOWN):
            yield Event("TOD", ("none",))


def _punt(events: Draws) -> Iterator[Event]:
    words = ["punt"]
    if events.chance(PUNT_BLOCKED):
        words += ["blocked"] + (["td"] if events.chance(PUNT_BLOCKED_TD) else [])
    elif events.chance(PUNT_INSIDE):
        words.append("inside")
    elif events.chance(FAIR_CATCH):
        yield Event("P", tuple(words))
        yield Event("STTD", ("touchback",))
        return
    yield Event("P", tuple(words))


# -- the one loop -----------------------------------------------------------------------------
def _trade(table: Table, t: Trade, qb: int, allowed: bool) -> None:
    """Write the trade and make it when it is valid (L12: not in the final quarter, not the
    QB's, each card held by its trader); one that is not is written all the same (the
    verifier names it) and not made, as the rules say."""
    table.lines.append(f"trade P{t.a} {' '.join(t.gives)} for P{t.b} {' '.join(t.takes)}")
    a, b = table.hands.get(t.a, []), table.hands.get(t.b, [])
    if (allowed and qb not in (t.a, t.b) and len(t.gives) == len(t.takes)
            and _holds(a, t.gives) and _holds(b, t.takes)):
        for card in t.gives:
            a.remove(card)
        for card in t.takes:
            b.remove(card)
        a.extend(t.takes)
        b.extend(t.gives)


def _holds(hand: list[str], cards: tuple[str, ...]) -> bool:
    """Whether a hand holds each of the cards, each named once."""
    return len(set(cards)) == len(cards) and set(cards) <= set(hand)


def _audible(table: Table, audible: Audible) -> None:
    calls, play = audible.calls, audible.play
    table.lines.append("call " + " ".join(f"P{s} {c}" for s, c in calls))
    right = [s for s, c in calls if c == play]
    each = table.rules.audible.points
    if len(right) == 1 and table.players >= table.rules.audible.loner_min_players:
        each += table.rules.audible.loner_bonus
    for s in right:
        table.credit(s, each, audible=True)
    table.lines.append(f"audible {play}" + "".join(f" P{s} {each}" for s in right))


def _drive(table: Table, seed: str, number: int, source: Source) -> None:
    d = deal(seed, number, table.players)
    table.hands = {s: list(cards) for s, cards in d.hands}
    table.drive_points = [0] * table.players
    table.lines += ["", f"drive {number} QB P{d.qb}", *_deal_lines(d)]
    rules = table.rules
    allowed = rules.period(_period(table)) < rules.period(table.length.no_trades_from)
    trade = source.trade(table, d.qb, allowed)
    if trade is not None:
        _trade(table, trade, d.qb, allowed)
    clock_out = False                # the clock ran out in this drive, no period begun yet
    for happening in source.drive(table, d.qb):
        if isinstance(happening, Audible):
            _audible(table, happening)
        elif isinstance(happening, Trade):
            if clock_out:
                allowed = _period_begins(table)
                clock_out = False
            _trade(table, happening, d.qb, allowed)
        else:
            table.score(happening.card, *happening.words)
            clock_out = clock_out or (happening.card, happening.words[0]) == CLOCK_OUT
    if source.late(table, d.qb):
        penalty = rules.penalty("delay")
        assert penalty is not None
        table.credit(d.qb, -penalty.points)
        table.lines.append(f"penalty P{d.qb} {penalty.key} {penalty.points}")
    for s in range(table.players):
        table.best[s] = max(table.best[s], table.drive_points[s])
    table.lines.append("total " + " ".join(f"P{s + 1} {t}" for s, t in enumerate(table.totals)))


def _period(table: Table) -> str:
    return _marked(table) or table.rules.periods[0]


def _marked(table: Table) -> str | None:
    """The last period marker written (None: none yet)."""
    return next((line for line in reversed(table.lines) if line in table.rules.periods), None)


def _period_begins(table: Table) -> bool:
    """A trade after the clock ran out in its drive: the next period has begun (L8: the drive
    in progress goes on into it), so its marker is written before the trade, where a
    transcript writes it, unless the period that ended is the game's end (overtime is not
    known to come). Returns whether the rules allow a trade in the period it is in now
    (L12: none in the final quarter)."""
    rules, length = table.rules, table.length
    now = _period(table)
    if rules.period(now) < rules.ending(length):
        table.lines.append(rules.periods[rules.period(now) + 1])
    return rules.period(_period(table)) < rules.period(length.no_trades_from)


def _winners(table: Table) -> list[int]:
    """Most points, then most audible points, then the best single drive."""
    keys = {s: (table.totals[s - 1], table.audible[s - 1], table.best[s - 1])
            for s in range(1, table.players + 1)}
    top = max(keys.values())
    return [s for s, k in keys.items() if k == top]


def play(seed: str, rules: Rules, players: int, source: Source) -> Table:
    """The one loop, bots and decision logs alike: the drives the source begins, each dealt
    by the play book's slip, with the source's trades, events, audibles and late deals, then
    the winner line."""
    table = Table(rules, players, source.length, [0] * players, [0] * players,
                  [-10_000] * players)
    number = 0
    while (marker := source.next_drive(table, number + 1)) is not None:
        if marker and marker != _marked(table):     # not begun already in the drive before
            table.lines.append(marker)
        number += 1
        _drive(table, seed, number, source)
    table.lines.append("winner " + " ".join(f"P{s}" for s in _winners(table)))
    return table


def play_game(seed: str, rules: Rules | None = None, date: str | None = None,
              players: int | None = None, home: str | None = None,
              away: str | None = None) -> Played:
    """One game: as many drives as the agreed length holds, written in the notation. With
    `home` and `away`, a match of two teams (L20): the teams' players alternate seats, each
    seat's tag names its player, and the Result is the teams' scores."""
    rules = rules or load_rules()
    scheme = GAME.book.players
    assert scheme is not None
    players = scheme.default if players is None else players
    bots = Bots(seed, rules, players)
    table = play(seed, rules, players, bots)
    length = bots.length
    tags = {"Game": GAME.id, "Seed": seed, "Players": str(players), LENGTH_TAG: length.key}
    if length.finish_drive:        # the table's choice, agreed before the game (L8)
        tags["FinishDrive"] = bots.finish_drive()
    if date:
        tags["Date"] = date
    if home is not None and away is not None:
        tags.update(Home=home, Away=away)
        tags.update({tag: default_player((home, away)[side_of(s)], s)
                     for s, tag in enumerate(SEAT_TAGS[:players], start=1)})
        tags["Result"] = "-".join(map(str, score(table.totals)))
    return Played(seed, tags, table.lines)


def game_seed(seed: str, number: int) -> str:
    return f"{seed}-{number:04d}"
