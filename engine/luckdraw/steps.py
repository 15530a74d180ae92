"""Luck of the Draw's verifier as pure steps: `step(state, entry, rules) -> (state, findings)`.

Each entry of a transcript (engine/luckdraw/notation.py) is checked against the situation
before it and moves the situation on. After a finding the step follows what the transcript
wrote (a trade is made as written, a mis-scored event is credited as written in the written
column), so one slip is one finding. Rule ids are listed in docs/notation.md.
"""

from __future__ import annotations

from dataclasses import replace

from engine.findings import Finding
from engine.luckdraw import notation as n
from engine.luckdraw.deal import qb_seat
from engine.luckdraw.dealcheck import cards_text, complete_deal
from engine.luckdraw.rules import SIDELINES, Rules
from engine.luckdraw.state import DriveState, Pending, State, add

Result = tuple[State, list[Finding]]


def seat(s: int | None) -> str:
    return SIDELINES if s is None else f"P{s}"


def awards_text(awards: dict[int, int]) -> str:
    return ", ".join(f"P{s} {p}" for s, p in sorted(awards.items()) if p) or "none"


def _bad_seats(state: State, line: int, seats: list[int | None]) -> list[Finding]:
    for s in seats:
        if s is not None and not 1 <= s <= state.players:
            return [Finding(line, "LD-SEAT-001", "a seat outside the game",
                            f"P1 to P{state.players}", seat(s))]
    return []


# -- drives and periods --------------------------------------------------------------------
def close_drive(state: State, rules: Rules, final: bool = False) -> Result:
    """End the drive in progress: its deal checked, its points towards the best drive, and
    QBs out of turn whose penalty window closed (L10) reported."""
    state, out = complete_deal(state, rules)
    drive = state.drive
    if drive is not None:
        best = tuple(max(b, p) for b, p in zip(state.best_drive, drive.points, strict=True))
        state = replace(state, best_drive=best)
    keep = []
    for p in state.pending:
        if final or (drive is not None and p.drive < drive.number):
            out.append(Finding(p.line, "LD-QB-001", f"P{p.seat} served as QB out of turn with "
                               "no Illegal Procedure penalty by the end of the next drive",
                               f"QB P{qb_seat(p.drive, state.players)} or a penalty "
                               f"P{p.seat} procedure", f"QB P{p.seat}"))
        else:
            keep.append(p)
    return replace(state, pending=tuple(keep)), out


def _past_end(state: State, line: int, new_drive: bool = False) -> tuple[State, list[Finding]]:
    """LD-LEN-001 once, for play after the agreed end (L8: only a drive in progress at the end
    of Q1 or Q3 may be finished)."""
    if not state.past_end or state.over:
        return state, []
    if not new_drive and state.length.finish_drive:
        return state, []
    return replace(state, over=True), [Finding(
        line, "LD-LEN-001", f"play after the agreed end of the game ({state.length.name})",
        f"nothing after {state.length.last}", "a drive" if new_drive else "play")]


def step_period(state: State, entry: n.Period, rules: Rules) -> Result:
    index = rules.period(entry.name)
    out = []
    first = index == 0 and state.period == 0 and state.drives == 0
    if index != state.period + 1 and not first:
        want = rules.periods[min(state.period + 1, len(rules.periods) - 1)]
        out.append(Finding(entry.line, "LD-QTR-001", "periods come in order", want,
                           entry.name))
        index = rules.period(want)              # a mislabelled marker: the next period
    past = index > rules.period(state.length.last)
    return replace(state, period=index, past_end=state.past_end or past), out


def step_drive(state: State, entry: n.Drive, rules: Rules) -> Result:
    state, out = close_drive(state, rules)
    number = state.drives + 1           # a misnumbered drive is still the next one
    if entry.number != number:
        out.append(Finding(entry.line, "LD-DRIVE-001", "drives are numbered in order",
                           f"drive {number}", f"drive {entry.number}"))
    state, late = _past_end(state, entry.line, new_drive=True)
    out += late + _bad_seats(state, entry.line, [entry.qb])
    pending = state.pending
    if not out and entry.qb != qb_seat(number, state.players):
        pending += (Pending(entry.qb, number, entry.line),)
    previous = state.drive.qb if state.drive else None
    drive = DriveState(number, entry.qb, entry.line, points=(0,) * state.players)
    return replace(state, drive=drive, drives=number, previous_qb=previous,
                   pending=pending), out


# -- the deal lines ------------------------------------------------------------------------
def _no_drive(state: State, line: int, what: str) -> list[Finding]:
    if state.drive is None:
        return [Finding(line, "LD-SEQ-001", f"{what} outside a drive", "a drive line first",
                        what)]
    return []


def step_hand(state: State, entry: n.Hand, rules: Rules) -> Result:
    if out := _no_drive(state, entry.line, "a deal"):
        return state, out
    drive = state.drive
    assert drive is not None
    if drive.dealt:
        return state, [Finding(entry.line, "LD-SEQ-001", "a deal line after the drive's play "
                               "began", "deal lines right after the drive line", "deal")]
    if out := _bad_seats(state, entry.line, [entry.seat]):
        return state, out
    seat, out = entry.seat, []
    dealt = {s for s, _ in drive.hand_lines}
    if seat in dealt:
        # most likely the next seat's hand with a mistyped seat: read it as the first seat
        # still without a hand, so its cards are not lost for the rest of the drive
        free = [s for s in range(1, state.players + 1) if s not in dealt]
        out.append(Finding(entry.line, "LD-DEAL-005", "one deal line per seat",
                           f"one hand for P{seat}" + (f" (read as P{free[0]}'s)" if free
                                                      else ""), "a second"))
        if not free:
            return state, out
        seat = free[0]
    drive = replace(drive, hands=drive.hands + ((seat, entry.cards),),
                    hand_lines=drive.hand_lines + ((seat, entry.line),))
    return replace(state, drive=drive), out


def step_sidelines(state: State, entry: n.Sidelines, rules: Rules) -> Result:
    if out := _no_drive(state, entry.line, "the sidelines"):
        return state, out
    drive = state.drive
    assert drive is not None
    if drive.dealt or drive.sidelines is not None:
        return state, [Finding(entry.line, "LD-SEQ-001", "the sidelines line belongs to the "
                               "deal", "one, with the deal lines", "side")]
    return replace(state, drive=replace(drive, sidelines=entry.cards,
                                        sidelines_line=entry.line)), []


# -- play ----------------------------------------------------------------------------------
def _in_play(state: State, line: int, what: str, rules: Rules) -> Result:
    """A line of play: inside a drive, after its deal, before the agreed end."""
    if out := _no_drive(state, line, what):
        return state, out
    state, out = complete_deal(state, rules)
    state, late = _past_end(state, line)
    return state, out + late


def step_trade(state: State, entry: n.Trade, rules: Rules) -> Result:
    state, out = _in_play(state, entry.line, "a trade", rules)
    drive = state.drive
    if drive is None:
        return state, out
    if bad := _bad_seats(state, entry.line, [entry.giver, entry.taker]):
        return state, out + bad
    if wrong := _trade_finding(state, drive, entry, rules):
        # not a valid trade: the cards stay, and an event for either holder is taken
        moved = {(c, entry.taker) for c in entry.gives} | {(c, entry.giver) for c in entry.takes}
        return replace(state, drive=replace(drive, disputed=drive.disputed | moved)), \
            out + [wrong]
    return replace(state, drive=_traded(drive, entry)), out


def _trade_finding(state: State, drive: DriveState, entry: n.Trade,
                   rules: Rules) -> Finding | None:
    """What makes a trade invalid, the first of: final quarter, the QB, unequal numbers, a
    card the trader does not hold."""
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
    return replace(drive, hands=tuple(hands))


def step_calls(state: State, entry: n.Calls, rules: Rules) -> Result:
    state, out = _in_play(state, entry.line, "audible calls", rules)
    drive = state.drive
    if drive is None:
        return state, out
    if bad := _bad_seats(state, entry.line, [s for s, _ in entry.calls]):
        return state, out + bad
    seats = [s for s, _ in entry.calls]
    if drive.calls is not None:
        out.append(Finding(entry.line, "LD-AUD-002", "one audible per drive",
                           f"{rules.audible.per_drive} audible in drive {drive.number}",
                           "a second call line"))
    elif len(set(seats)) != len(seats):
        twice = next(s for s in seats if seats.count(s) > 1)
        out.append(Finding(entry.line, "LD-AUD-003", "one call per player",
                           f"one call by P{twice}", "two"))
    return replace(state, drive=replace(drive, calls=entry.calls)), out


def step_audible(state: State, entry: n.Audible, rules: Rules) -> Result:
    state, out = _in_play(state, entry.line, "the audible play", rules)
    drive = state.drive
    if drive is None:
        return state, out
    if bad := _bad_seats(state, entry.line, [s for s, _ in entry.awards]):
        return state, out + bad
    written = {s: p for s, p in entry.awards if p}
    expected: dict[int, int] = {}
    if drive.audibles >= rules.audible.per_drive:
        out.append(Finding(entry.line, "LD-AUD-002", "one audible per drive",
                           f"{rules.audible.per_drive} audible in drive {drive.number}",
                           f"audible {drive.audibles + 1}"))
    elif drive.calls is None:
        out.append(Finding(entry.line, "LD-AUD-003", "an audible play needs the players' "
                           "calls first", "a call line", "none"))
    else:
        right = [s for s, call in dict(drive.calls).items() if call == entry.play]
        each = rules.audible.points_each(len(right), state.players)
        expected = {s: each for s in right}
        if written != expected:
            loner = " (one correct call alone: + the Loner bonus)" if \
                len(right) == 1 and each > rules.audible.points else ""
            out.append(Finding(entry.line, "LD-AUD-001", f"{rules.audible.points} audible "
                               f"points per correct call of {entry.play}{loner}",
                               awards_text(expected), awards_text(written)))
    totals, audible, points, mine = (state.rules_totals, state.audible_totals, drive.points,
                                     state.written_totals)
    for s, p in expected.items():
        totals, audible, points = add(totals, s, p), add(audible, s, p), add(points, s, p)
    for s, p in written.items():
        mine = add(mine, s, p)
    drive = replace(drive, audibles=drive.audibles + 1, points=points)
    return replace(state, drive=drive, rules_totals=totals, audible_totals=audible,
                   written_totals=mine), out


def _event_words(entry: n.Score, rules: Rules) -> Finding | None:
    events = rules.card_events(entry.card)
    first = rules.event(entry.card, entry.words[0])
    bonuses = [rules.event(entry.card, w) for w in entry.words[1:]]
    ok = first is not None and not first.bonus and \
        all(b is not None and b.base == first.word for b in bonuses) and \
        len(set(entry.words)) == len(entry.words)
    if ok:
        return None
    bases = [e.word for e in events if not e.bonus]
    extras = [f"+{e.word}" for e in events if e.bonus]
    return Finding(entry.line, "LD-EVENT-004", f"an event on the {entry.card} card "
                   f"({rules.cards.card(entry.card).name})",
                   " or ".join(bases) + (f" (bonuses {' '.join(extras)})" if extras else ""),
                   "+".join(entry.words))


def step_score(state: State, entry: n.Score, rules: Rules) -> Result:
    state, out = _in_play(state, entry.line, "a scoring event", rules)
    drive = state.drive
    if drive is None:
        return state, out
    if bad := _bad_seats(state, entry.line, [entry.holder]):
        events = [rules.event(entry.card, w) for w in entry.words]
        due = sum(e.points for e in events if e is not None)
        holder = drive.holder(entry.card)
        return replace(state, rules_totals=_credit(state.rules_totals, holder, due),
                       drive=replace(drive, points=_credit(drive.points, holder, due))), \
            out + bad
    if bad_word := _event_words(entry, rules):
        return replace(state, written_totals=_credit(state.written_totals, entry.holder,
                                                     entry.points)), out + [bad_word]
    events = [rules.event(entry.card, w) for w in entry.words]
    base = events[0]
    assert base is not None
    once = drive.once
    again = base.per == "drive" and (entry.card, base.word) in once
    if again:
        out.append(Finding(entry.line, "LD-EVENT-003", f"{entry.card} {base.word} scores "
                           "once per drive", "once", "twice"))
    if base.per == "drive":
        once = once | {(entry.card, base.word)}
    holder = drive.holder(entry.card)
    if entry.holder != holder and (entry.card, entry.holder) not in drive.disputed:
        out.append(Finding(entry.line, "LD-EVENT-002", f"{entry.card} is held by "
                           f"{seat(holder)} at this point of drive {drive.number}",
                           seat(holder), seat(entry.holder)))
    parts = [e.points for e in events if e is not None]
    due = sum(parts)
    want = due if entry.holder is not None else 0
    if entry.points != want:
        sums = " + ".join(map(str, parts)) + f" = {due}" if len(parts) > 1 else str(due)
        what = "the sidelines score nothing" if entry.holder is None else \
            f"{entry.card} {'+'.join(entry.words)}: {sums}"
        out.append(Finding(entry.line, "LD-EVENT-001", f"points for {what}", str(want),
                           str(entry.points)))
    due = 0 if again else due               # a once-a-drive event scores once
    points = drive.points if holder is None else add(drive.points, holder, due)
    drive = replace(drive, once=once, points=points)
    return replace(state, drive=drive,
                   rules_totals=_credit(state.rules_totals, holder, due),
                   written_totals=_credit(state.written_totals, entry.holder,
                                          entry.points)), out


def _credit(totals: tuple[int, ...], holder: int | None, points: int) -> tuple[int, ...]:
    return totals if holder is None else add(totals, holder, points)


def step_penalty(state: State, entry: n.PenaltyLine, rules: Rules) -> Result:
    if out := _no_drive(state, entry.line, "a penalty"):
        return state, out
    if out := _bad_seats(state, entry.line, [entry.seat]):
        return state, out
    drive = state.drive
    assert drive is not None
    penalty = rules.penalty(entry.kind)
    assert penalty is not None
    pending = state.pending
    valid = True
    if entry.seat not in (drive.qb, state.previous_qb):
        valid = False
        qbs = f"P{drive.qb}" + (f" or P{state.previous_qb}" if state.previous_qb else "")
        out.append(Finding(entry.line, "LD-PEN-002", "penalties are against the QB of this "
                           "drive or the one before", qbs, f"P{entry.seat}"))
    elif entry.kind == "procedure":
        owed = next((p for p in pending if p.seat == entry.seat), None)
        if owed is None:
            valid = False
            out.append(Finding(entry.line, "LD-PEN-003", f"{penalty.name} is for "
                               f"{penalty.infraction}", "a QB who served out of turn",
                               f"P{entry.seat} served in turn"))
        else:
            pending = tuple(p for p in pending if p is not owed)
    if entry.points != penalty.points:
        out.append(Finding(entry.line, "LD-PEN-001", f"{penalty.name} costs {penalty.points} "
                           "points", str(penalty.points), str(entry.points)))
    cost = penalty.points if valid else 0  # a penalty on the wrong player is not owed
    drive = replace(drive, points=add(drive.points, entry.seat, -cost))
    return replace(state, drive=drive, pending=pending,
                   rules_totals=add(state.rules_totals, entry.seat, -cost),
                   written_totals=add(state.written_totals, entry.seat, -entry.points)), out


def step_totals(state: State, entry: n.Totals, rules: Rules) -> Result:
    if out := _bad_seats(state, entry.line, [s for s, _ in entry.totals]):
        return state, out
    state, out = complete_deal(state, rules)
    wrong = [(s, t) for s, t in entry.totals
             if t not in (state.rules_totals[s - 1], state.written_totals[s - 1])]
    if wrong:
        out.append(Finding(entry.line, "LD-TOTAL-001", "running totals: game card points + "
                           "audible points - penalty points so far",
                           ", ".join(f"P{s} {state.rules_totals[s - 1]}" for s, _ in wrong),
                           ", ".join(f"P{s} {t}" for s, t in wrong)))
    mine = state.written_totals
    for s, t in entry.totals:
        mine = mine[:s - 1] + (t,) + mine[s:]
    return replace(state, written_totals=mine), out


def ranking(state: State, rules: Rules, written: bool = False) -> tuple[list[int], str]:
    """The winning seats by total, then each tie-breaker in turn; and what decided. With
    `written`, by the totals as the transcript kept them (after a slip it already reported)."""
    columns = {"audible": state.audible_totals, "best_drive": state.best_drive}
    totals = state.written_totals if written else state.rules_totals
    seats = list(range(1, state.players + 1))
    top = max(totals)
    seats = [s for s in seats if totals[s - 1] == top]
    decided = f"most points ({top})"
    for breaker in rules.tiebreakers:
        if len(seats) == 1:
            break
        values = columns[breaker.key]
        best = max(values[s - 1] for s in seats)
        seats = [s for s in seats if values[s - 1] == best]
        decided += f", tied, then {breaker.name} ({best})"
    return seats, decided


def step_winner(state: State, entry: n.Winner, rules: Rules) -> Result:
    state, out = close_drive(state, rules, final=True)
    state = replace(state, drive=None)
    if bad := _bad_seats(state, entry.line, list(entry.seats)):
        return replace(state, finished=True), out + bad
    seats, decided = ranking(state, rules)
    written = sorted(set(entry.seats))
    if written not in (seats, ranking(state, rules, written=True)[0]):
        out.append(Finding(entry.line, "LD-END-001", f"the winner: {decided}",
                           " ".join(f"P{s}" for s in seats),
                           " ".join(f"P{s}" for s in entry.seats)))
    return replace(state, finished=True), out


STEPS = {n.Period: step_period, n.Drive: step_drive, n.Hand: step_hand,
         n.Sidelines: step_sidelines, n.Trade: step_trade, n.Calls: step_calls,
         n.Audible: step_audible, n.Score: step_score, n.PenaltyLine: step_penalty,
         n.Totals: step_totals, n.Winner: step_winner}


def step(state: State, entry: n.Entry, rules: Rules) -> Result:
    """What one transcript line leads to, and what it did wrong."""
    if state.finished:
        if state.over:
            return state, []
        return replace(state, over=True), [Finding(entry.line, "LD-SEQ-001",
                                                   "a line after the winner",
                                                   "the winner line last",
                                                   type(entry).__name__.lower())]
    return STEPS[type(entry)](state, entry, rules)
