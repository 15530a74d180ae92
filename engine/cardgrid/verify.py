"""Auditing a grid-game record: the score sheet's codes, running totals and restarts, and,
with a passage log, every passage against its cards (and against the play book with a Seed).

Each line is a pure step, ``step(state, entry, ctx) -> (state, findings)``; the walker only
threads the state through. Where a line is wrong, the next line is read from what was written
(the running score, the next start), so one slip is one finding. Rule ids: docs/notation.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.cardgrid import deal as decks_
from engine.cardgrid.notation import Entry, Spot, Written, outcome_text, parse, score_text
from engine.cardgrid.passage import Outcome, Passage, dealer, fg_option, other, start
from engine.cardgrid.passage import step as play
from engine.cardgrid.rules import Rules, load_rules
from engine.findings import Finding, Report

ID = "cardgrid"
_TIME = re.compile(r"([01]?\d|2[0-3])[:.][0-5]\d")
_SIDE_TAG = {"h": "H", "home": "H", "a": "A", "away": "A"}
MAX_MISSING = 3        # cards a line may leave out at its end and still be read on the book
PACKS = {"H": "home card (clubs or hearts)", "A": "away card (diamonds or spades)"}


@dataclass(frozen=True)
class Ctx:
    rules: Rules
    shuffles: decks_.Shuffles | None = None     # set by a Seed tag


@dataclass(frozen=True)
class State:
    score: tuple[int, int] = (0, 0)         # as written (the next line is read from it)
    alt: tuple[int, int] | None = None      # the true score, where the written one differs
    at: Spot | None = None                  # where the next passage starts (None: kick-off)
    at_alt: Spot | None = None              # where the cards put it, where `at` differs
    kickoff: str = ""                       # the KickOff tag's side
    shuffle_ok: bool = False                # the last passage changed possession
    decks: decks_.Decks | None = None       # with a Seed: each side's place in the play book
    last: tuple[str, str] | None = None     # the last score (side, code)
    copies: tuple[tuple[str, str, tuple[int, int]], ...] = ()   # the last passage's scores,
                                            # which score lines may copy onto the sheet


def _f(entry: Entry, rule: str, message: str, expected: object, found: object) -> Finding:
    return Finding(entry.line, rule, message, str(expected), str(found))


def _add(score: tuple[int, int], side: str, points: int) -> tuple[int, int]:
    return (score[0] + points, score[1]) if side == "H" else (score[0], score[1] + points)


def _scored(state: State, entry: Entry, side: str, code: str, written: tuple[int, int],
            rules: Rules) -> tuple[State, list[Finding]]:
    """One score: the running total (CG-SCORE-001), read on from what was written."""
    points = rules.points(code)
    want = _add(state.score, side, points)
    true = _add(state.alt, side, points) if state.alt else None
    findings = []
    if written not in (want, true):
        findings.append(_f(entry, "CG-SCORE-001", f"wrong running score after {side} {code}",
                           f"{score_text(want)} ({score_text(state.score)} + {code} {points} "
                           f"to {side})", score_text(written)))
    alt = None if written == want else (true or want)
    return replace(state, score=written, alt=alt, last=(side, code)), findings


# -- score sheet lines ----------------------------------------------------------------------------
def score_step(state: State, entry: Entry, ctx: Ctx) -> tuple[State, list[Finding]]:
    if state.copies and state.copies[0][:2] == (entry.side, entry.code):
        return copy_step(state, entry, ctx)
    rules, findings = ctx.rules, []
    if entry.code == "C" and state.last != (entry.side, "T"):
        before = f"{state.last[0]} {state.last[1]}" if state.last else "nothing"
        findings.append(_f(entry, "CG-CONV-001", "a conversion only right after its side's try",
                           f"{entry.side} T on the score line before", before))
    state, more = _scored(state, entry, entry.side, entry.code, entry.score, rules)
    findings += more
    want = Spot(other(entry.side), rules.restart(entry.code))
    if entry.next != want:
        findings.append(_f(entry, "CG-RESTART-001", f"restart after {rules.score_name(entry.code)}",
                           want.text(), entry.next.text() if entry.next else "none"))
    return replace(state, at=entry.next, at_alt=None, shuffle_ok=False), findings


def copy_step(state: State, entry: Entry, ctx: Ctx) -> tuple[State, list[Finding]]:
    """A score line after the passage that scored it: the score sheet kept beside the passage
    log. It adds nothing; its total and restart must agree with the passage."""
    side, code, total = state.copies[0]
    findings = []
    if entry.score != total:
        findings.append(_f(entry, "CG-SCORE-001", f"the score sheet's {side} {code} disagrees "
                           "with the passage before", score_text(total), score_text(entry.score)))
    want = Spot(other(side), ctx.rules.restart(code))
    if entry.next != want:
        findings.append(_f(entry, "CG-RESTART-001", f"restart after "
                           f"{ctx.rules.score_name(code)}", want.text(), entry.next.text()))
    return replace(state, copies=state.copies[1:]), findings


# -- shuffles -------------------------------------------------------------------------------------
def shuffle_step(state: State, entry: Entry, ctx: Ctx) -> tuple[State, list[Finding]]:
    findings = []
    if not state.shuffle_ok:
        findings.append(_f(entry, "CG-SHUF-001", "a half pack is shuffled only after a passage "
                           "in which possession changed", "no shuffle here",
                           "shuffle " + " ".join(entry.sides)))
    decks = state.decks
    for side in entry.sides:
        decks = decks and decks_.reshuffle(decks, side)
    return replace(state, decks=decks, copies=()), findings


# -- passages -------------------------------------------------------------------------------------
def _expected_start(state: State, entry: Entry, rules: Rules) -> Spot:
    if state.at is not None:
        return state.at
    return Spot(state.kickoff or entry.side, rules.field.kickoff)


def written(outcome: Outcome, score: tuple[int, int], rules: Rules) -> Written:
    """An engine outcome as it is written, running totals counted on from `score`."""
    scores = []
    for side, code in outcome.scores:
        score = _add(score, side, rules.points(code))
        scores.append((code, *score))
    return Written(outcome.event, tuple(scores), outcome.converted, outcome.offender,
                   outcome.penalty)


def _scorer(entry: Entry, code: str) -> str:
    w = entry.outcome
    return other(w.offender) if code == "P" and w is not None else entry.side


@dataclass(frozen=True)
class Book:
    """The written cards against the play book: the decks after them, CG-CARD-001 findings,
    and the cards the book says were dealt (a wrong card read as the book's, a card left out
    put back), with their field-goal marks."""

    decks: decks_.Decks | None
    findings: tuple[Finding, ...] = ()
    cards: tuple[str, ...] = ()
    marks: tuple[bool, ...] = ()
    missing: tuple[str, ...] = ()            # the book's cards that end a line stopping short
    decks_on: decks_.Decks | None = None     # the decks after those


def _fits(decks: decks_.Decks, later: str | None, get: decks_.Shuffles) -> bool:
    """A reading of the book fits the line if the next card the line shows from the same half
    pack is the book's next card there (or the line shows none)."""
    return later is None or decks_.peek(decks, decks_.owner(later), get) == later


def _book_card(decks: decks_.Decks, card: str, deals: str, entry: Entry,
               get: decks_.Shuffles, later: str | None = None
               ) -> tuple[decks_.Decks, list[Finding], list[str]]:
    """One card against the dealer's play book (CG-CARD-001): the decks after it and the
    cards the book says were dealt. After a wrong card the book is read on from where the
    written card is: the card after the expected one (one left out), the other side's next
    card (the dealer's card left out), the first of the next shuffle (a shuffle not written);
    else the book's card stands for the written one. So one slip is one finding."""
    k, pos = decks.at(deals)
    want, after = decks_.deal(decks, deals, get)
    if want == card:
        return after, [], [card]
    where = f"the play book's {decks_.LABELS[deals]} shuffle {k} (card {pos % 26 + 1})"
    owner = decks_.owner(card)
    fresh = decks_.reshuffle(decks, deals)
    other_side = decks_.deal(after, owner, get)[1] if owner != deals else None
    skipped = decks_.deal(after, deals, get)[1]
    reshuffled = decks_.deal(fresh, deals, get)[1]
    if other_side and decks_.peek(after, owner, get) == card and _fits(other_side, later, get):
        after, why, meant = other_side, f"; {want} left out?", [want, card]
    elif owner != deals:
        why, meant = "", [want]
    elif decks_.peek(after, deals, get) == card and _fits(skipped, later, get):
        after, why, meant = skipped, f"; {want} left out?", [want, card]
    elif decks_.peek(fresh, deals, get) == card and _fits(reshuffled, later, get):
        after, meant = reshuffled, [card]
        why = f"; it opens shuffle {k + 1}: a shuffle not written?"
    else:
        why, meant = "", [want]
    return after, [_f(entry, "CG-CARD-001", f"not the next card of {where}{why}", want, card)], \
        meant


def _book(state: State, entry: Entry, ctx: Ctx, first: Passage) -> Book:
    """The written cards against the play book, each against the deck of the side whose deal
    it is (the engine says, reading the book's cards from `first`)."""
    if state.decks is None or ctx.shuffles is None:
        return Book(state.decks, (), entry.cards, entry.fg)
    decks, findings, cards, marks, p = state.decks, [], [], [], first
    written = entry.cards
    for i, (card, marked) in enumerate(zip(written, entry.fg, strict=True)):
        deals = decks_.owner(card) if p.over else dealer(p)
        later = next((c for c in written[i + 1:] if decks_.owner(c) == deals), None)
        decks, found, meant = _book_card(decks, card, deals, entry, ctx.shuffles, later)
        findings += found
        for n, c in enumerate(meant, start=1):
            mark = marked if n == len(meant) else False
            cards.append(c)
            marks.append(mark)
            if not p.over:
                p = play(p, c, ctx.rules, fg=mark)
    missing, decks_on = [], decks
    while not p.over and len(missing) < MAX_MISSING:   # the line stops short: does the book end it?
        card, decks_on = decks_.deal(decks_on, dealer(p), ctx.shuffles)
        missing.append(card)
        p = play(p, card, ctx.rules)
    return Book(decks, tuple(findings), tuple(cards), tuple(marks), tuple(missing), decks_on)


def _starts(state: State, entry: Entry, rules: Rules) -> tuple[list[Passage], list[Finding]]:
    """The passage as written to start, and where the last passage left the ball if that is
    elsewhere (CG-START-001): the cards are then read from either."""
    want = _expected_start(state, entry, rules)
    alt = state.at_alt or want
    scrum = state.at is not None
    if (entry.side, entry.grid) == (alt.side, alt.grid):
        return [start(entry.side, entry.grid, scrum and alt.scrum)], []
    if (entry.side, entry.grid) == (want.side, want.grid):
        return [start(entry.side, entry.grid, scrum and want.scrum)], []
    finding = _f(entry, "CG-START-001", "the passage starts where the last one left the ball",
                 f"{want.side}{want.grid}", f"{entry.side}{entry.grid}")
    return [start(entry.side, entry.grid, scrum and want.scrum),
            start(want.side, want.grid, scrum and want.scrum)], [finding]


def _replay(p: Passage, cards: tuple[str, ...], marks: tuple[bool, ...], entry: Entry,
            rules: Rules) -> tuple[Passage, int, list[Finding]]:
    """Cards through the engine: who deals each (CG-DEAL-001), a field-goal mark
    (CG-FG-001); cards after the end are counted."""
    extra, findings = 0, []
    for card, marked in zip(cards, marks, strict=True):
        if p.over:
            extra += 1
            continue
        deals = dealer(p)
        if decks_.owner(card) != deals:
            findings.append(_f(entry, "CG-DEAL-001", f"{card} is not from the dealer's half "
                               "pack", f"a {PACKS[deals]}", card))
        if marked and not fg_option(p, card, rules):
            findings.append(_f(entry, "CG-FG-001", "a field goal only on a picture card "
                               f"dealt on grid {' or '.join(map(str, rules.field_goal.grids))}",
                               "no field goal", f"{card}* on grid {p.grid}"))
        p = play(p, card, rules, fg=marked)
    return p, extra, findings


def _ending(p: Passage, extra: int, state: State, entry: Entry, rules: Rules
            ) -> list[Finding]:
    """The written outcome against the cards' (CG-PASS-001, CG-PASS-002), then the written
    next spot against the outcome's (CG-NEXT-001)."""
    w = entry.outcome
    if extra:
        return [_f(entry, "CG-PASS-002", "cards after the passage was over",
                   f"the passage to end at {p.cards[-1]}",
                   f"{extra} more card{'s' if extra > 1 else ''}")]
    if p.outcome is None:
        return [_f(entry, "CG-PASS-002", "the passage is not over after its last card",
                   f"another card from {'home' if dealer(p) == 'H' else 'away'}",
                   f"= {outcome_text(w)}")]
    mine = written(p.outcome, state.score, rules)
    if mine.shape() != w.shape():
        return [_f(entry, "CG-PASS-001", "the cards give another outcome", outcome_text(mine),
                   outcome_text(w))]
    if entry.next != p.outcome.next:
        return [_f(entry, "CG-NEXT-001", f"where play goes on after '{outcome_text(w)}'",
                   p.outcome.next.text(), entry.next.text())]
    return []


def _reading(state: State, entry: Entry, ctx: Ctx, book: Book, starts: list[Passage]
             ) -> tuple[Passage, list[Finding], bool]:
    """The passage as the written line most likely means it: from the written start or where
    the ball was, with the written cards or the book's, whichever leaves the fewest findings
    (the book's reading first on a tie), so one slip is one finding. Also says whether the
    book's reading ended a line that stopped short."""
    readings = [(entry.cards, entry.fg, ())]
    if book.cards != entry.cards or book.missing:      # the book's reading first: on a tie it
        readings.insert(0, (book.cards + book.missing,   # keeps the decks where the book is
                            book.marks + (False,) * len(book.missing), book.missing))
    best: tuple[Passage, list[Finding], bool] | None = None
    for first in starts:
        for cards, marks, missing in readings:
            p, extra, findings = _replay(first, cards, marks, entry, ctx.rules)
            findings += _ending(p, extra, state, entry, ctx.rules)
            if missing:
                findings.append(_f(entry, "CG-PASS-002", "the passage is not over after its "
                                   "last card", f"{' '.join(missing)} (the play book's next)",
                                   f"= {outcome_text(entry.outcome)}"))
            if best is None or len(findings) < len(best[1]):
                best = (p, findings, bool(missing))
    assert best is not None
    return best


def passage_step(state: State, entry: Entry, ctx: Ctx) -> tuple[State, list[Finding]]:
    rules = ctx.rules
    starts, findings = _starts(state, entry, rules)
    book = _book(state, entry, ctx, starts[-1])
    p, more, completed = _reading(state, entry, ctx, book, starts)
    findings += list(book.findings) + more
    w = entry.outcome
    true = state.alt or state.score
    if p.outcome is not None:
        for side, code in p.outcome.scores:
            true = _add(true, side, rules.points(code))
    for code, h, a in w.scores:
        state, more = _scored(state, entry, _scorer(entry, code), code, (h, a), rules)
        findings += more
    if true != state.score:          # a score left out or made up: later lines may count it
        state = replace(state, alt=true)
    at_alt = p.outcome.next if p.outcome is not None and entry.next != p.outcome.next else None
    copies = tuple((_scorer(entry, code), code, (h, a)) for code, h, a in w.scores)
    decks = book.decks_on if completed else book.decks
    return replace(state, at=entry.next, at_alt=at_alt, decks=decks,
                   shuffle_ok=entry.next.side != entry.side,
                   last=state.last if w.scores else None, copies=copies), findings


_STEPS = {"score": score_step, "shuffle": shuffle_step, "passage": passage_step}


def step(state: State, entry: Entry, ctx: Ctx) -> tuple[State, list[Finding]]:
    return _STEPS[entry.kind](state, entry, ctx)


# -- the record -----------------------------------------------------------------------------------
def verify_text(text: str, file: str, rules: Rules | None = None) -> Report:
    """Audit a grid-game record; raises ReadError (file and line) if a line is unreadable."""
    from engine.errors import ReadError

    rules = rules or load_rules()
    entries = parse(text, file, rules.codes)
    state, ctx, findings = State(), Ctx(rules), []
    tags: dict[str, Entry] = {}
    checked = 0
    for entry in entries:
        if entry.kind == "tag":
            tags.setdefault(entry.name, entry)
            if entry.name == "Seed" and entry.value:
                ctx = replace(ctx, shuffles=decks_.shuffles(entry.value))
                state = replace(state, decks=decks_.Decks())
            elif entry.name == "KickOff" and entry.value.strip() != "*":   # *: not known
                side = _SIDE_TAG.get(entry.value.strip().lower())
                if side is None:
                    raise ReadError("KickOff: expected H or A", file, entry.line)
                state = replace(state, kickoff=side)
            continue
        checked += 1
        state, more = step(state, entry, ctx)
        findings += more
    findings += _tags(tags, state)
    return Report(file, ID, findings, checked)


def _tags(tags: dict[str, Entry], state: State) -> list[Finding]:
    findings = []
    finish = tags.get("Finish")
    if finish is None or not _TIME.fullmatch(finish.value.strip()):
        where = finish or Entry(1, "tag")
        findings.append(_f(where, "CG-TAG-001", "the agreed finishing time is noted at kick-off",
                           '[Finish "HH:MM"]', f'"{finish.value[:20]}"' if finish else "none"))
    result = tags.get("Result")
    if result is not None and result.value.strip() != "*":
        final = {score_text(state.score)} | ({score_text(state.alt)} if state.alt else set())
        if result.value.strip() not in final:
            findings.append(_f(result, "CG-RESULT-001", "the result is the final score",
                               score_text(state.score), result.value[:20]))
    return findings
