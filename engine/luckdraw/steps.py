"""Luck of the Draw's verifier as pure steps: ``step(state, item) -> Step`` (the state after,
the findings on the line, and the other states the game may truly be in).

Each line of a transcript (engine/luckdraw/notation.py) is checked against the situation
before it and moves the situation on. After a finding the step follows what the transcript
wrote (a trade refused but either holder taken after it, a mis-scored event credited as
written in the written column), and offers the other readings as alternatives for the
verifier kernel to keep (engine/verify/kernel.py): a period marker as written, a drive line
left out before a deal line, a trade left out before an event. So one slip is one finding.

A line read after a line that could not be read (``Item.unread``) is not held to what that
line may have said: a running total, a missing deal line or call line, a card that changed
hands, a penalty owed. Rule ids are listed in docs/notation.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from printkit_engine.findings import Finding
from printkit_engine.frozen import evolve
from printkit_engine.luckdraw import notation as n
from printkit_engine.luckdraw.deal import qb_seat
from printkit_engine.luckdraw.dealcheck import (
    book_deal,
    book_hand,
    book_sidelines,
    cards_text,
    missing_seats,
    seat_text,
    settle,
    sidelines_finding,
)
from printkit_engine.luckdraw.rules import Event
from printkit_engine.luckdraw.state import DriveState, Pending, State, add
from printkit_engine.verify.kernel import Step

Result = tuple[State, list[Finding]]
seat = seat_text


def awards_text(awards: dict[int, int]) -> str:
    return ", ".join(f"P{s} {p}" for s, p in sorted(awards.items()) if p) or "none"


def _bad_seats(state: State, line: int, seats: list[int | None]) -> list[Finding]:
    for s in seats:
        if s is not None and not 1 <= s <= state.players:
            return [Finding(line, "LD-SEAT-001", "a seat outside the game",
                            f"P1 to P{state.players}", seat(s))]
    return []


def _step(state: State, out: list[Finding], *alternatives: State) -> Step[State]:
    """A step: clean when nothing was found (its alternatives are then not needed)."""
    return Step(state, tuple(out), tuple(alternatives) if out else ())


# -- drives and periods --------------------------------------------------------------------
def _unpaid(p: Pending, state: State) -> Finding:
    if p.kind == "delay":
        return Finding(p.line, "LD-DEAL-007", f"drive {p.drive}'s cards were dealt after its "
                       "first play with no Delay of Game penalty by the end of the next drive "
                       "(L18)", f"the deal before the first play or a penalty P{p.seat} delay",
                       "a deal after play")
    return Finding(p.line, "LD-QB-001", f"P{p.seat} served as QB out of turn with no Illegal "
                   "Procedure penalty by the end of the next drive",
                   f"QB P{qb_seat(p.drive, state.players)} or a penalty P{p.seat} procedure",
                   f"QB P{p.seat}")


def close_drive(state: State, unread: int = 0, final: bool = False) -> Result:
    """End the drive in progress: its deal checked, its points towards the best drive, and
    penalties owed whose window closed (L10, L18) reported, unless a line that could not be
    read came after (it may be the penalty)."""
    state, out = settle(state, unread, final=True)
    drive = state.drive
    if drive is not None:
        best = tuple(max(b, p) for b, p in zip(state.best_drive, drive.points, strict=True))
        state = evolve(state, best_drive=best)
    keep = []
    for p in state.pending:
        if not (final or (drive is not None and p.drive < drive.number)):
            keep.append(p)
        elif unread <= p.line:
            out.append(_unpaid(p, state))
    return evolve(state, pending=tuple(keep)), out


def _past_end(state: State, line: int, new_drive: bool = False) -> Result:
    """LD-LEN-001 once, for play after the agreed end (L8: only a drive in progress at the end
    of Q1 or Q3 may be finished, and only if the table chose to, `FinishDrive`)."""
    if not state.past_end or state.over:
        return state, []
    if not new_drive and state.ctx.finish_drive:
        return state, []
    return evolve(state, over=True), [Finding(
        line, "LD-LEN-001", f"play after the agreed end of the game ({state.length.name})",
        f"nothing after {state.length.last}", "a drive" if new_drive else "play")]


def _at_period(state: State, index: int, line: int) -> State:
    past = index > state.rules.period(state.length.last)
    return evolve(state, period=index, period_line=line, past_end=state.past_end or past)


def step_period(state: State, entry: n.Period, unread: int) -> Step[State]:
    rules = state.rules
    index = rules.period(entry.name)
    first = index == 0 and state.period == 0 and state.drives == 0
    skipped = unread > state.period_line and index > state.period   # a marker unread
    if index == state.period + 1 or first or skipped:
        return Step(_at_period(state, index, entry.line))
    nxt = min(state.period + 1, len(rules.periods) - 1)
    f = Finding(entry.line, "LD-QTR-001", "periods come in order", rules.periods[nxt],
                entry.name)
    # a mislabelled marker is the next period; or markers were left out before this one
    return _step(_at_period(state, nxt, entry.line), [f], _at_period(state, index, entry.line))


def _begin_drive(state: State, number: int, qb: int, line: int,
                 pending: tuple[Pending, ...]) -> State:
    previous = state.drive.qb if state.drive else None
    hands = tuple(sorted(book_deal(state.seed, number, state.players).hands)) \
        if state.seed else ()
    drive = DriveState(number, qb, line, hands=hands, points=(0,) * state.players)
    return evolve(state, drive=drive, drives=number, previous_qb=previous, pending=pending)


def step_drive(state: State, entry: n.Drive, unread: int) -> Step[State]:
    state, out = close_drive(state, unread)
    number = state.drives + 1           # a misnumbered drive is still the next one
    mine = []
    if entry.number != number:
        mine.append(Finding(entry.line, "LD-DRIVE-001", "drives are numbered in order",
                            f"drive {number}", f"drive {entry.number}"))
    state, late = _past_end(state, entry.line, new_drive=True)
    mine += late + _bad_seats(state, entry.line, [entry.qb])
    pending = state.pending
    if not mine and entry.qb != qb_seat(number, state.players):
        pending += (Pending(entry.qb, number, entry.line),)
    return _step(_begin_drive(state, number, entry.qb, entry.line, pending), out + mine)


def _left_out(state: State, line: int, unread: int) -> Result:
    """The reading where a drive line was left out before `line`: the drive in progress ends
    and the next one begins, its QB the next in the order."""
    state, out = close_drive(state, unread)
    number = state.drives + 1
    state, late = _past_end(state, line, new_drive=True)
    return _begin_drive(state, number, qb_seat(number, state.players), line,
                        state.pending), out + late


# -- the deal lines ------------------------------------------------------------------------
def _outside(state: State, entry: n.Entry, unread: int, what: str) -> Step[State]:
    """A line that needs a drive before any drive line: one finding; the reading where the
    drive line was left out is kept."""
    f = Finding(entry.line, "LD-SEQ-001", f"{what} outside a drive", "a drive line first",
                what)
    begun, _ = _left_out(state, entry.line, unread)
    return Step(state, (f,), (STEPS[type(entry)](begun, entry, unread).state,))


def _owe_delay(state: State, drive: DriveState, line: int) -> tuple[Pending, ...]:
    """A deal line after the drive's first play: the QB owes Delay of Game (L18), once."""
    owed = any(p.kind == "delay" and p.drive == drive.number for p in state.pending)
    if not drive.began or drive.delay_paid or owed:
        return state.pending
    return (*state.pending, Pending(drive.qb, drive.number, line, "delay"))


def _deal(state: State, entry: n.Hand, as_seat: int, check: bool = True) -> Step[State]:
    """The state with a seat's deal line in: its hand (without a seed; with one the slip's
    hands are played, and the line is checked against the slip)."""
    drive = state.drive
    assert drive is not None
    out = []
    hands = drive.hands
    if state.seed:
        wrong = book_hand(state, drive, as_seat, entry.cards, entry.line) if check else None
        out += [wrong] if wrong else []
    else:
        hands = hands + ((as_seat, entry.cards),)
    pending = _owe_delay(state, drive, entry.line)
    drive = evolve(drive, hands=hands, hand_lines=drive.hand_lines + ((as_seat, entry.line),))
    return _step(evolve(state, drive=drive, pending=pending), out)


def _second_hand(state: State, drive: DriveState, entry: n.Hand) -> Step[State]:
    """A second deal line for a seat: most likely the next seat's hand with a mistyped seat.
    It is read as the hand of a seat still without one (with a seed, the one whose slip it
    is), so its cards are not lost for the rest of the drive; or it is left out."""
    free = missing_seats(state, drive)
    if state.seed and free:
        book = book_deal(state.seed, drive.number, state.players)
        free.sort(key=lambda s: sorted(book.hand(s)) != sorted(entry.cards))
    f = Finding(entry.line, "LD-DEAL-005", "one deal line per seat",
                f"one hand for P{entry.seat}" + (f" (read as P{free[0]}'s)" if free else ""),
                "a second")
    if not free:
        return Step(state, (f,))
    return Step(_deal(state, entry, free[0], check=False).state, (f,), (state,))


def step_hand(state: State, entry: n.Hand, unread: int) -> Step[State]:
    drive = state.drive
    if drive is None:
        return _outside(state, entry, unread, "a deal")
    if out := _bad_seats(state, entry.line, [entry.seat]):
        return Step(state, tuple(out))
    if entry.seat not in drive.seats_dealt:
        return _deal(state, entry, entry.seat)
    if not drive.began:
        return _second_hand(state, drive, entry)
    # every seat of the drive has its hand and its play began: a drive line left out
    begun, out = _left_out(state, entry.line, unread)
    dealt = _deal(begun, entry, entry.seat)
    if unread <= drive.began:
        nxt = begun.drives
        out.insert(0, Finding(entry.line, "LD-SEQ-001", f"a second deal for P{entry.seat} "
                              f"after drive {drive.number}'s play began: a drive line left out",
                              f"drive {nxt} QB P{qb_seat(nxt, state.players)} first", "deal"))
    return _step(dealt.state, out + list(dealt.findings), state)


def step_sidelines(state: State, entry: n.Sidelines, unread: int) -> Step[State]:
    drive = state.drive
    if drive is None:
        return Step(state, (Finding(entry.line, "LD-SEQ-001", "the sidelines outside a drive",
                                    "a drive line first", "the sidelines"),))
    if drive.sidelines is not None:
        return Step(state, (Finding(entry.line, "LD-SEQ-001", "the sidelines line belongs to "
                                    "the deal", "one, with the deal lines", "side"),))
    out = []
    if state.seed:
        wrong = book_sidelines(state, drive, entry.cards, entry.line)
    else:
        wrong = sidelines_finding(state.rules, drive, entry.cards, entry.line) \
            if drive.dealt else None          # else checked with the deal
    out += [wrong] if wrong else []
    return _step(evolve(state, drive=evolve(drive, sidelines=entry.cards,
                                              sidelines_line=entry.line)), out)


# -- play ----------------------------------------------------------------------------------
def _in_play(state: State, line: int, unread: int) -> Result:
    """A line of play inside a drive: the deal checked if every seat has its hand, the
    agreed end, and the drive's first play noted (a deal line after it is late, L18)."""
    state, out = settle(state, unread)
    state, late = _past_end(state, line)
    drive = state.drive
    assert drive is not None
    if not drive.began:
        state = evolve(state, drive=evolve(drive, began=line))
    return state, out + late


def _tradable(state: State, drive: DriveState, a: int | None, b: int | None) -> bool:
    """Whether a trade between `a` and `b` could be made here (two players, neither the QB,
    before the final quarter): a card may then have changed hands by a trade left out."""
    rules = state.rules
    return a is not None and b is not None and a != b and drive.qb not in (a, b) and \
        state.period < rules.period(state.length.no_trades_from)


def step_trade(state: State, entry: n.Trade, unread: int) -> Step[State]:
    if state.drive is None:
        return _outside(state, entry, unread, "a trade")
    state, out = _in_play(state, entry.line, unread)
    drive = state.drive
    assert drive is not None
    if bad := _bad_seats(state, entry.line, [entry.giver, entry.taker]):
        return _step(state, out + bad)
    if wrong := _trade_finding(state, drive, entry):
        # not a valid trade: the cards stay, and an event for either holder is taken
        moved = {(c, entry.taker) for c in entry.gives} | {(c, entry.giver) for c in entry.takes}
        return _step(evolve(state, drive=evolve(drive, disputed=drive.disputed | moved)),
                     out + [wrong])
    return _step(evolve(state, drive=_traded(drive, entry)), out)


def _trade_finding(state: State, drive: DriveState, entry: n.Trade) -> Finding | None:
    """What makes a trade invalid, the first of: final quarter, the QB, unequal numbers, a
    card the trader does not hold."""
    rules = state.rules
    final = rules.periods[rules.period(state.length.no_trades_from)]
    if state.period >= rules.period(state.length.no_trades_from):
        return Finding(entry.line, "LD-TRADE-003", "no trades in the final quarter "
                       f"(game to the {state.length.name})", f"no trade from {final}",
                       f"a trade in {rules.periods[state.period]}")
    if drive.qb in (entry.giver, entry.taker):
        return Finding(entry.line, "LD-TRADE-002", "the QB's cards are not traded",
                       f"a trade between players other than QB P{drive.qb}",
                       f"P{entry.giver} with P{entry.taker}")
    if len(entry.gives) != len(entry.takes):
        return Finding(entry.line, "LD-TRADE-001", "an equal number of cards each way",
                       f"{len(entry.gives)} for {len(entry.gives)}",
                       f"{len(entry.gives)} for {len(entry.takes)}")
    for who, cards in ((entry.giver, entry.gives), (entry.taker, entry.takes)):
        if missing := [c for c in cards if c not in drive.hand(who)]:
            return Finding(entry.line, "LD-TRADE-004", f"P{who} trades only cards P{who} "
                           "holds", cards_text(drive.hand(who)), cards_text(missing))
    return None


def _traded(drive: DriveState, entry: n.Trade) -> DriveState:
    """The hands after a valid trade."""
    gives, takes = entry.gives, entry.takes
    hands = []
    for s, cards in drive.hands:
        if s == entry.giver:
            cards = tuple(c for c in cards if c not in gives) + tuple(takes)
        elif s == entry.taker:
            cards = tuple(c for c in cards if c not in takes) + tuple(gives)
        hands.append((s, cards))
    return evolve(drive, hands=tuple(hands))


def step_calls(state: State, entry: n.Calls, unread: int) -> Step[State]:
    if state.drive is None:
        return _outside(state, entry, unread, "audible calls")
    state, out = _in_play(state, entry.line, unread)
    drive = state.drive
    assert drive is not None
    calls = entry.calls
    if bad := _bad_seats(state, entry.line, [s for s, _ in calls]):
        # a seat outside the game is the slip: the other seats' calls stand (the audible
        # after them is read against them)
        out += bad
        calls = tuple((s, c) for s, c in calls if s is None or 1 <= s <= state.players)
    seats = [s for s, _ in calls]
    rules = state.rules
    if drive.calls is not None:
        out.append(Finding(entry.line, "LD-AUD-002", "one audible per drive",
                           f"{rules.audible.per_drive} audible in drive {drive.number}",
                           "a second call line"))
    elif len(set(seats)) != len(seats):
        twice = next(s for s in seats if seats.count(s) > 1)
        out.append(Finding(entry.line, "LD-AUD-003", "one call per player",
                           f"one call by P{twice}", "two"))
    return _step(evolve(state, drive=evolve(drive, calls=calls)), out)


def _audible_due(state: State, drive: DriveState, entry: n.Audible, unread: int,
                 ) -> tuple[dict[int, int], Finding | None]:
    """The audible points the rules give each seat, and what is wrong with the line."""
    rules = state.rules
    written = {s: p for s, p in entry.awards if p}
    if drive.audibles >= rules.audible.per_drive:
        return {}, Finding(entry.line, "LD-AUD-002", "one audible per drive",
                           f"{rules.audible.per_drive} audible in drive {drive.number}",
                           f"audible {drive.audibles + 1}")
    if drive.calls is None:
        if unread > drive.line:             # the calls may be the line that was not read
            return written, None
        return {}, Finding(entry.line, "LD-AUD-003", "an audible play needs the players' "
                           "calls first", "a call line", "none")
    right = [s for s, call in dict(drive.calls).items() if call == entry.play]
    each = rules.audible.points_each(len(right), state.players)
    expected = {s: each for s in right}
    if written == expected:
        return expected, None
    loner = " (one correct call alone: + the Loner bonus)" if \
        len(right) == 1 and each > rules.audible.points else ""
    return expected, Finding(entry.line, "LD-AUD-001", f"{rules.audible.points} audible "
                             f"points per correct call of {entry.play}{loner}",
                             awards_text(expected), awards_text(written))


def step_audible(state: State, entry: n.Audible, unread: int) -> Step[State]:
    if state.drive is None:
        return _outside(state, entry, unread, "the audible play")
    state, out = _in_play(state, entry.line, unread)
    drive = state.drive
    assert drive is not None
    if bad := _bad_seats(state, entry.line, [s for s, _ in entry.awards]):
        return _step(state, out + bad)
    expected, wrong = _audible_due(state, drive, entry, unread)
    out += [wrong] if wrong else []
    totals, audible, points, mine = (state.rules_totals, state.audible_totals, drive.points,
                                     state.written_totals)
    for s, p in expected.items():
        totals, audible, points = add(totals, s, p), add(audible, s, p), add(points, s, p)
    for s, p in entry.awards:
        mine = add(mine, s, p) if p else mine
    drive = evolve(drive, audibles=drive.audibles + 1, points=points)
    return _step(evolve(state, drive=drive, rules_totals=totals, audible_totals=audible,
                         written_totals=mine), out)


# -- scoring events ------------------------------------------------------------------------
def _event_words(entry: n.Score, state: State) -> Finding | None:
    """An event word not on the card, a bonus without its event, a word twice, or a bonus
    without the bonus it goes with (MFG and P: a TD return needs the block, L13)."""
    rules = state.rules
    events = rules.card_events(entry.card)
    first = rules.event(entry.card, entry.words[0])
    bonuses = [rules.event(entry.card, w) for w in entry.words[1:]]
    ok = first is not None and not first.bonus and \
        all(b is not None and b.base == first.word for b in bonuses) and \
        len(set(entry.words)) == len(entry.words)
    if ok:
        return _bonus_needs(entry, [b for b in bonuses if b is not None])
    bases = [e.word for e in events if not e.bonus]
    extras = [f"+{e.word}" for e in events if e.bonus]
    return Finding(entry.line, "LD-EVENT-004", f"an event on the {entry.card} card "
                   f"({rules.cards.card(entry.card).name})",
                   " or ".join(bases) + (f" (bonuses {' '.join(extras)})" if extras else ""),
                   "+".join(entry.words))


def _bonus_needs(entry: n.Score, bonuses: list[Event]) -> Finding | None:
    lone = next((b for b in bonuses if b.needs and b.needs not in entry.words), None)
    if lone is None or lone.needs is None:
        return None
    words = list(entry.words)
    words.insert(words.index(lone.word), lone.needs)
    without = "+".join(w for w in entry.words if w != lone.word)
    other = f", or {without} and {lone.instead} for the return" if lone.instead else \
        f", or {without}"
    return Finding(entry.line, "LD-EVENT-004", f"{entry.card} +{lone.word} is for a "
                   f"{lone.text} (L13)", "+".join(words) + other, "+".join(entry.words))


def _credit(totals: tuple[int, ...], holder: int | None, points: int) -> tuple[int, ...]:
    return totals if holder is None else add(totals, holder, points)


def _scored(state: State, drive: DriveState, entry: n.Score, holder: int | None,
            due: int) -> State:
    """The state after an event: `due` points to `holder` by the rules, the written points
    to the written holder."""
    points = drive.points if holder is None else add(drive.points, holder, due)
    return evolve(state, drive=evolve(drive, points=points),
                   rules_totals=_credit(state.rules_totals, holder, due),
                   written_totals=_credit(state.written_totals, entry.holder, entry.points))


def _known_holder(state: State, drive: DriveState, entry: n.Score,
                  ) -> tuple[int | None, bool]:
    """Who holds the card by the deal so far, and whether the event is a claim: a card on no
    hand yet while a seat waits for its deal (L18) is taken as written, and checked when the
    deal is in. The QB's automatic cards are the QB's from the drive line."""
    holder = drive.holder(entry.card)
    if holder is not None or state.seed or drive.dealt or not missing_seats(state, drive):
        return holder, False
    if entry.card in state.rules.cards.qb_fixed(state.players):
        return drive.qb, False
    if entry.holder is None or entry.holder not in drive.seats_dealt:
        return entry.holder, True
    return None, False


def _holder(state: State, drive: DriveState, entry: n.Score, unread: int,
            ) -> tuple[int | None, DriveState, list[Finding], DriveState | None]:
    """The card's holder by the rules, the drive (a trade left out noted), what is wrong,
    and the drive of the reading where a trade was left out before this line."""
    holder, _ = _known_holder(state, drive, entry)
    written = entry.holder
    pair = tuple(sorted((holder or 0, written or 0)))
    if written == holder or (entry.card, written) in drive.disputed or pair in drive.loose:
        return written, drive, [], None
    loose = evolve(drive, loose=drive.loose | {pair})
    tradable = _tradable(state, drive, holder, written)
    if tradable and unread > drive.line:     # the trade may be the line that was not read
        return written, loose, [], None
    f = Finding(entry.line, "LD-EVENT-002", f"{entry.card} is held by {seat(holder)} at this "
                f"point of drive {drive.number}", seat(holder), seat(written))
    return holder, drive, [f], loose if tradable else None


def _drive_events(drive: DriveState, entry: n.Score, base: Event, state: State,
                  ) -> tuple[list[Finding], DriveState]:
    """Once-a-drive events (LD-EVENT-003), a drive that ends twice (LD-DRIVE-002) and an
    event an earlier one rules out (LD-EVENT-005, L19); the drive with this event noted."""
    rules = state.rules
    name = base.name
    out = []
    if base.per == "drive" and (entry.card, base.word) in drive.once:
        out.append(Finding(entry.line, "LD-EVENT-003", f"{entry.card} {base.word} scores "
                           "once per drive", "once", "twice"))
    elif name in rules.ends and drive.ended is not None:
        ended, at = drive.ended
        out.append(Finding(entry.line, "LD-DRIVE-002", f"a drive ends once: drive "
                           f"{drive.number} ended on line {at} (L19)", f"no second ending "
                           f"after {ended}", name))
    if ruled := [b for a, b in rules.ruled_out if a == name and b in drive.seen]:
        out.append(Finding(entry.line, "LD-EVENT-005", f"{name}: {base.text}, but drive "
                           f"{drive.number} has a {ruled[0]} (L19)", f"no {name} after "
                           f"{ruled[0]}", name))
    once = drive.once | ({(entry.card, base.word)} if base.per == "drive" else set())
    ending = drive.ended or ((name, entry.line) if name in rules.ends else None)
    return out, evolve(drive, once=once, ended=ending, seen=drive.seen | {name})


def _points_finding(entry: n.Score, events: list[Event], holder_written: int | None,
                    ) -> Finding | None:
    parts = [e.points for e in events]
    due = sum(parts)
    want = due if holder_written is not None else 0
    if entry.points == want:
        return None
    sums = " + ".join(map(str, parts)) + f" = {due}" if len(parts) > 1 else str(due)
    what = "the sidelines score nothing" if holder_written is None else \
        f"{entry.card} {'+'.join(entry.words)}: {sums}"
    return Finding(entry.line, "LD-EVENT-001", f"points for {what}", str(want),
                   str(entry.points))


def step_score(state: State, entry: n.Score, unread: int) -> Step[State]:
    if state.drive is None:
        return _outside(state, entry, unread, "a scoring event")
    state, out = _in_play(state, entry.line, unread)
    drive = state.drive
    assert drive is not None
    rules = state.rules
    if bad := _bad_seats(state, entry.line, [entry.holder]):
        named = [rules.event(entry.card, w) for w in entry.words]
        due = sum(e.points for e in named if e is not None)
        holder = drive.holder(entry.card)
        return _step(evolve(state, rules_totals=_credit(state.rules_totals, holder, due),
                             drive=evolve(drive, points=_credit(drive.points, holder,
                                                                 due))), out + bad)
    if bad_word := _event_words(entry, state):
        return _step(evolve(state, written_totals=_credit(state.written_totals, entry.holder,
                                                           entry.points)), out + [bad_word])
    events = [e for e in (rules.event(entry.card, w) for w in entry.words) if e is not None]
    found, drive = _drive_events(drive, entry, events[0], state)
    due = 0 if found else sum(e.points for e in events)   # an event that cannot be, scores 0
    if _known_holder(state, drive, entry)[1]:
        # a card on no hand yet (L18): taken as written, checked when the deal is in
        drive = evolve(drive, claims=drive.claims + ((entry.card, entry.holder, entry.line,
                                                       due),))
        holder, loose = entry.holder, None
        wrong: list[Finding] = []
    else:
        holder, drive, wrong, loose = _holder(state, drive, entry, unread)
    out += found + wrong
    if points := _points_finding(entry, events, entry.holder):
        out.append(points)
    after = _scored(state, drive, entry, holder, due)
    if loose is None:
        return _step(after, out)
    # or a trade between the two was left out before this line: the card is the written
    # holder's, and so may the other cards between them be for the rest of the drive
    return _step(after, out, _scored(state, loose, entry, entry.holder, due))


# -- penalties, totals, the winner ---------------------------------------------------------
def _penalty_owed(state: State, drive: DriveState, entry: n.PenaltyLine,
                  ) -> tuple[bool, tuple[Pending, ...], DriveState, list[Finding]]:
    """Whether the penalty is owed (its points count), the penalties still owed after it,
    the drive, and what is wrong: a penalty names this drive's QB or the last one (L10);
    Illegal Procedure needs a QB who served out of turn; Delay of Game settles a late deal
    (L18)."""
    pending = state.pending
    if entry.seat not in (drive.qb, state.previous_qb):
        qbs = f"P{drive.qb}" + (f" or P{state.previous_qb}" if state.previous_qb else "")
        return False, pending, drive, [Finding(entry.line, "LD-PEN-002", "penalties are "
                                               "against the QB of this drive or the one "
                                               "before", qbs, f"P{entry.seat}")]
    owed = next((p for p in pending if p.seat == entry.seat and p.kind == entry.kind), None)
    if owed is not None:
        return True, tuple(p for p in pending if p is not owed), drive, []
    if entry.kind == "procedure":
        penalty = state.rules.penalty(entry.kind)
        assert penalty is not None
        return False, pending, drive, [Finding(entry.line, "LD-PEN-003", f"{penalty.name} is "
                                               f"for {penalty.infraction}", "a QB who served "
                                               "out of turn", f"P{entry.seat} served in turn")]
    if entry.kind == "delay" and entry.seat == drive.qb:
        drive = evolve(drive, delay_paid=True)
    return True, pending, drive, []


def step_penalty(state: State, entry: n.PenaltyLine, unread: int) -> Step[State]:
    if state.drive is None:
        return _outside(state, entry, unread, "a penalty")
    if out := _bad_seats(state, entry.line, [entry.seat]):
        return Step(state, tuple(out))
    penalty = state.rules.penalty(entry.kind)
    assert penalty is not None
    valid, pending, drive, out = _penalty_owed(state, state.drive, entry)
    if entry.points != penalty.points:
        out.append(Finding(entry.line, "LD-PEN-001", f"{penalty.name} costs {penalty.points} "
                           "points", str(penalty.points), str(entry.points)))
    cost = penalty.points if valid else 0  # a penalty on the wrong player is not owed
    drive = evolve(drive, points=add(drive.points, entry.seat, -cost))
    return _step(evolve(state, drive=drive, pending=pending,
                         rules_totals=add(state.rules_totals, entry.seat, -cost),
                         written_totals=add(state.written_totals, entry.seat, -entry.points)),
                 out)


def step_totals(state: State, entry: n.Totals, unread: int) -> Step[State]:
    if out := _bad_seats(state, entry.line, [s for s, _ in entry.totals]):
        return Step(state, tuple(out))
    state, out = settle(state, unread)
    wrong = [(s, t) for s, t in entry.totals
             if t not in (state.rules_totals[s - 1], state.written_totals[s - 1])]
    if wrong and unread <= state.total_line:   # else a line not read may explain them
        out.append(Finding(entry.line, "LD-TOTAL-001", "running totals: game card points + "
                           "audible points - penalty points so far",
                           ", ".join(f"P{s} {state.rules_totals[s - 1]}" for s, _ in wrong),
                           ", ".join(f"P{s} {t}" for s, t in wrong)))
    mine = state.written_totals
    for s, t in entry.totals:
        mine = mine[:s - 1] + (t,) + mine[s:]
    return _step(evolve(state, written_totals=mine, total_line=entry.line), out)


def ranking(state: State, written: bool = False) -> tuple[list[int], str]:
    """The winning seats by total, then each tie-breaker in turn; and what decided. With
    `written`, by the totals as the transcript kept them (after a slip it already reported)."""
    columns = {"audible": state.audible_totals, "best_drive": state.best_drive}
    totals = state.written_totals if written else state.rules_totals
    seats = list(range(1, state.players + 1))
    top = max(totals)
    seats = [s for s in seats if totals[s - 1] == top]
    decided = f"most points ({top})"
    for breaker in state.rules.tiebreakers:
        if len(seats) == 1:
            break
        values = columns[breaker.key]
        best = max(values[s - 1] for s in seats)
        seats = [s for s in seats if values[s - 1] == best]
        decided += f", tied, then {breaker.name} ({best})"
    return seats, decided


def _early(state: State, entry: n.Winner, unread: int) -> Finding | None:
    """The winner before the agreed end (L8): "When the game has reached the agreed upon
    ending point" (a full game may end after Q4 when there is no overtime). Only a length
    the record names: without one (or `*`, a bubble log's header left blank) the point the
    table agreed is not known."""
    rules, ending = state.rules, state.ctx.ending
    marker_unread = unread > state.period_line and state.period + 1 >= ending
    if state.period >= ending or marker_unread or not state.ctx.agreed:
        return None
    return Finding(entry.line, "LD-LEN-002", "the winner is declared when the game has "
                   f"reached the agreed end ({state.length.name})",
                   f"play to the end of {rules.periods[ending]}",
                   f"the winner in {rules.periods[state.period]}")


def step_winner(state: State, entry: n.Winner, unread: int) -> Step[State]:
    state, out = close_drive(state, unread, final=True)
    state = evolve(state, drive=None, finished=True)
    if bad := _bad_seats(state, entry.line, list(entry.seats)):
        return _step(state, out + bad)
    if early := _early(state, entry, unread):
        out.append(early)
    seats, decided = ranking(state)
    written = sorted(set(entry.seats))
    if written not in (seats, ranking(state, written=True)[0]):
        out.append(Finding(entry.line, "LD-WIN-001", f"the winner: {decided}",
                           " ".join(f"P{s}" for s in seats),
                           " ".join(f"P{s}" for s in entry.seats)))
    return _step(state, out)


# each step takes the kind of entry it is filed under (Any: a Callable's argument cannot
# narrow by the key's type)
STEPS: dict[type, Callable[[State, Any, int], Step[State]]] = {
    n.Period: step_period, n.Drive: step_drive, n.Hand: step_hand,
    n.Sidelines: step_sidelines, n.Trade: step_trade, n.Calls: step_calls,
    n.Audible: step_audible, n.Score: step_score, n.PenaltyLine: step_penalty,
    n.Totals: step_totals, n.Winner: step_winner}


def step(state: State, item: n.Item) -> Step[State]:
    """What one transcript line leads to, what it did wrong, and the other readings."""
    entry = item.entry
    if state.finished:
        # after the winner nothing follows: one finding, the lines after it are the same slip
        return Step(state, (Finding(entry.line, "LD-SEQ-001", "a line after the winner",
                                    "the winner line last", type(entry).__name__.lower()),),
                    adrift=True)
    return STEPS[type(entry)](state, entry, item.unread)


__all__ = ["close_drive", "ranking", "step"]
