"""The grid game's step: ``step(state, line) -> Step`` for the verifier kernel
(engine/verify/kernel.py). Pure; what is fixed for the whole record (rules, the play book,
the split, the kick-off, whether the record keeps passages) rides on the state
(``state.ctx``), set by engine/cardgrid/verify.py's ``begin``.

A step follows what the line wrote (the running score, the next spot) and returns, as
alternatives, the states the rules give where the line wrote otherwise (the cards' outcome,
the true score), and the readings in which the record left a passage out before this line
(the play book read on from where the written cards are). The kernel keeps them all, so a
later line that follows any of them is clean and one slip is one finding.

Three kinds of line:

- a **passage** (passage log): replayed card by card with the engine (passage.py), against
  the play book with a Seed, and against the single pack (a card dealt while it is out);
- a **score line** (score sheet): alone, it is the record of the scores (running total,
  restart, a conversion after its try); beside a passage log it only copies the passage's
  scores (docs/rules/cardgrid.md G15), so it adds nothing and moves nothing;
- a **shuffle line**: the side's next play-book shuffle (G2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from printkit_engine.cardgrid.bookread import (
    Book,
    Out,
    Table,
    deal_out,
    follows,
    jump_finding,
    jumps,
    read_book,
    returned,
)
from printkit_engine.cardgrid.deal import Decks, reshuffle
from printkit_engine.cardgrid.notation import (
    Entry,
    Spot,
    Written,
    outcome_text,
    score_line,
    score_text,
)
from printkit_engine.cardgrid.passage import Outcome, Passage, dealer, fg_option, other, start
from printkit_engine.cardgrid.passage import step as play
from printkit_engine.cardgrid.rules import Rules
from printkit_engine.findings import Finding
from printkit_engine.frozen import evolve
from printkit_engine.verify.kernel import Step

FIRM = 3      # cards in a row that show where a side is in the play book after a line left out


@dataclass(frozen=True, eq=False)
class Context:
    """What is fixed for a whole record (one object per record: compared by identity)."""

    table: Table
    kickoff: str = ""              # the KickOff tag's side ("" not known)
    passages: bool = False         # the record keeps a passage log: score lines copy it
    sheet: bool = False            # the record has score lines
    unread: frozenset[int] = frozenset()    # the lines that could not be read (CG-REC-003)
    again: tuple[tuple[int, int], ...] = ()  # (line, an earlier line it repeats word for word)

    @property
    def rules(self) -> Rules:
        return self.table.rules


@dataclass(frozen=True)
class Copy:
    """A score of a passage that the score sheet kept beside the log must copy."""

    side: str
    code: str
    total: tuple[int, int]
    restart: Spot
    line: int                      # the passage's line
    also: tuple[int, int] | None = None     # the other total the sheet may copy: the
                                            # passage's as written, or as the cards give

    def text(self) -> str:
        return score_line(self.side, self.code, self.total, self.restart)

    def copied_by(self, text: str) -> bool:
        totals = (self.total,) if self.also is None else (self.total, self.also)
        return text in (score_line(self.side, self.code, t, self.restart) for t in totals)


@dataclass(frozen=True)
class State:
    score: tuple[int, int] = (0, 0)         # the running score (the next line is read from it)
    at: Spot | None = None                  # where the next passage starts (None: kick-off)
    shuffle_ok: bool = False                # the last passage changed possession
    shuffled: tuple[str, ...] = ()          # sides that shuffled since the last passage
    decks: Decks | None = None              # with a Seed: each side's place in the play book
    last: tuple[str, str] | None = None     # score sheet alone: the last score (side, code)
    copies: tuple[Copy, ...] = ()           # beside a log: the scores the sheet has to copy
    out: Out = frozenset()                  # the cards out of their half packs (G14)
    open: bool = False                      # a passage may be missing before the next score:
                                            # its points may be in that running total
    loose: frozenset[str] = frozenset()     # after a line left out and reported: the sides
                                            # whose place in the book (without a Seed: the
                                            # ball) is not known; the next passage may be
                                            # read from where its cards are, at no finding
    since: int = 0                          # the line of the last passage
    ctx: Context = field(default=None, compare=False, repr=False)  # type: ignore[assignment]


def _f(entry: Entry, rule: str, message: str, expected: object, found: object) -> Finding:
    return Finding(entry.line, rule, message, str(expected), str(found))


def _add(score: tuple[int, int], side: str, points: int) -> tuple[int, int]:
    return (score[0] + points, score[1]) if side == "H" else (score[0], score[1] + points)


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


# -- score lines ------------------------------------------------------------------------------
def sheet_step(state: State, entry: Entry) -> Step[State]:
    """A score line of a score sheet kept alone: the running total (CG-SCORE-001), a
    conversion right after its side's try (CG-CONV-001), the restart (CG-RESTART-001). The
    state follows the written total; the true total is the alternative."""
    rules, findings = state.ctx.rules, []
    points = rules.points(entry.code)
    want = _add(state.score, entry.side, points)
    if entry.code == "C" and state.last != (entry.side, "T"):
        before = f"{state.last[0]} {state.last[1]}" if state.last else "nothing"
        findings.append(_f(entry, "CG-CONV-001", "a conversion only right after its side's try",
                           f"{entry.side} T on the score line before", before))
        if entry.score == _add(want, entry.side, rules.points("T")):
            want = entry.score         # the try's line left out: its total counts it
    if entry.score != want:
        findings.append(_f(entry, "CG-SCORE-001", f"wrong running score after {entry.side} "
                           f"{entry.code}", f"{score_text(want)} ({score_text(state.score)} + "
                           f"{entry.code} {points} to {entry.side})", score_text(entry.score)))
    restart = Spot(other(entry.side), rules.restart(entry.code))
    if entry.next != restart:
        findings.append(_f(entry, "CG-RESTART-001", f"restart after "
                           f"{rules.score_name(entry.code)}", restart.text(),
                           entry.next.text() if entry.next else "none"))
    after = evolve(state, score=entry.score, last=(entry.side, entry.code))
    readings = [evolve(after, score=want)]
    if findings and findings[0].rule == "CG-CONV-001":
        readings.append(evolve(after, score=state.score))   # G12: a C there scores nothing
    return Step(after, tuple(findings), tuple(r for r in readings if r != after))


def copy_step(state: State, entry: Entry) -> Step[State]:
    """A score line beside a passage log copies the next score of the passage before it: a
    wrong one is one finding on its line, and it moves neither the score nor the ball (the
    passages do). A line for a later score of the passage means the lines before it were
    left out (CG-SHEET-002 on the passage)."""
    pending = state.copies
    text = score_line(entry.side, entry.code, entry.score, entry.next) if entry.next else ""
    if not pending:
        return Step(state, (_f(entry, "CG-SHEET-001", "a score line copies a score of the "
                               "passage before it, which scored nothing more",
                               "no score line", text),))
    exact = next((i for i, c in enumerate(pending) if c.copied_by(text)), None)
    if exact is not None:
        return Step(evolve(state, copies=pending[exact + 1:]), tuple(_missing(pending[:exact])))
    return Step(evolve(state, copies=pending[1:]), (_miscopied(pending[0], entry, text,
                                                                state.ctx.rules),))


def _miscopied(want: Copy, entry: Entry, text: str, rules: Rules) -> Finding:
    """The one finding on a score line that copies its passage's score wrongly."""
    same = (entry.side, entry.code) == (want.side, want.code)
    if same and entry.next == want.restart:
        return _f(entry, "CG-SCORE-001", f"the score sheet's {want.side} {want.code} disagrees "
                  "with the passage before", score_text(want.total), score_text(entry.score))
    if same and entry.score == want.total:
        return _f(entry, "CG-RESTART-001", f"restart after {rules.score_name(want.code)}",
                  want.restart.text(), entry.next.text() if entry.next else "none")
    return _f(entry, "CG-SHEET-001", "a score line copies the next score of the passage "
              "before it", want.text(), text)


def _missing(copies: tuple[Copy, ...]) -> list[Finding]:
    """CG-SHEET-002 on each passage whose scores have no score line, one per passage."""
    lines = sorted({c.line for c in copies})
    return [Finding(n, "CG-SHEET-002", "a scoring passage with no score line on the score "
                    "sheet kept beside the log", ", ".join(c.text() for c in copies
                                                           if c.line == n),
                    "no score line") for n in lines]


def settle(state: State) -> tuple[State, list[Finding]]:
    """The scores the sheet did not copy before the next passage (or the end)."""
    return evolve(state, copies=()), _missing(state.copies)


# -- shuffles ---------------------------------------------------------------------------------
def shuffle_step(state: State, entry: Entry) -> Step[State]:
    """A side takes its next play-book shuffle (G2): only after a passage in which possession
    changed, once each (CG-SHUF-001). The state follows the line; with a finding the
    shuffle not taken is the alternative."""
    findings = []
    twice = [s for s in entry.sides if s in state.shuffled]
    if not state.shuffle_ok:
        findings.append(_f(entry, "CG-SHUF-001", "a half pack is shuffled only after a passage "
                           "in which possession changed", "no shuffle here",
                           "shuffle " + " ".join(entry.sides)))
    elif twice:
        findings.append(_f(entry, "CG-SHUF-001", "a half pack is shuffled once after a change "
                           f"of possession ({' and '.join(twice)} shuffled already)",
                           "no shuffle here", "shuffle " + " ".join(entry.sides)))
    decks, out = state.decks, state.out
    for side in entry.sides:
        decks = decks and reshuffle(decks, side)
        out = returned(out, side, state.ctx.table.split)
    after = evolve(state, decks=decks, out=out,
                    shuffled=tuple(dict.fromkeys((*state.shuffled, *entry.sides))))
    # with a finding: the shuffle not taken, or a passage left out before it (in which
    # possession changed: the shuffle was allowed, and the book's place is not known)
    others = (state, evolve(after, loose=frozenset("HA")))
    return Step(after, tuple(findings), others if findings else ())


# -- passages ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reading:
    """One way to read a passage line: its findings, the state following what it wrote, and
    the states the cards give where it wrote otherwise."""

    findings: tuple[Finding, ...]
    state: State
    truths: tuple[State, ...] = ()


def _expected_start(state: State, entry: Entry) -> Spot:
    if state.at is not None:
        return state.at
    return Spot(state.ctx.kickoff or entry.side, state.ctx.rules.field.kickoff)


def _starts(state: State, entry: Entry, want: Spot) -> tuple[list[Passage], list[Finding]]:
    """The passage as written to start, and where the last passage left the ball if that is
    elsewhere (CG-START-001): the cards are then read from either."""
    scrum = state.at is not None and want.scrum
    if (entry.side, entry.grid) == (want.side, want.grid):
        return [start(entry.side, entry.grid, scrum)], []
    finding = _f(entry, "CG-START-001", "the passage starts where the last one left the ball",
                 f"{want.side}{want.grid}", f"{entry.side}{entry.grid}")
    return [start(entry.side, entry.grid, scrum), start(want.side, want.grid, scrum)], [finding]


def _replay(p: Passage, cards: tuple[str, ...], marks: tuple[bool, ...], entry: Entry,
            table: Table, played: tuple[Passage, ...] = ()
            ) -> tuple[Passage, int, list[Finding]]:
    """Cards through the engine: who deals each (CG-DEAL-001), a field-goal mark
    (CG-FG-001); cards after the end are counted. `played`: the passages these cards lead
    through from `p`, worked out already (the play book's reading of them: Book.passages),
    or () to play them here."""
    rules = table.rules
    owners = table.split.owners
    extra, findings = 0, []
    for i, (card, marked) in enumerate(zip(cards, marks, strict=True)):
        if p.over:
            extra += 1
            continue
        deals = dealer(p)
        if owners[card[-1]] != deals:
            findings.append(_f(entry, "CG-DEAL-001", f"{card} is not from the dealer's half "
                               "pack", table.split.label(deals), card))
        if marked and not fg_option(p, card, rules):
            findings.append(_f(entry, "CG-FG-001", "a field goal only on a picture card "
                               f"dealt on grid {' or '.join(map(str, rules.field_goal.grids))}",
                               "no field goal", f"{card}* on grid {p.grid}"))
        p = played[i + 1] if played else play(p, card, rules, fg=marked)
    return p, extra, findings


def _ending(p: Passage, extra: int, state: State, entry: Entry) -> list[Finding]:
    """The written outcome against the cards' (CG-PASS-001, CG-PASS-002), then the written
    next spot against the outcome's (CG-NEXT-001)."""
    w = entry.outcome
    assert w is not None and entry.next is not None
    if extra:
        return [_f(entry, "CG-PASS-002", "cards after the passage was over",
                   f"the passage to end at {p.cards[-1]}",
                   f"{extra} more card{'s' if extra > 1 else ''}")]
    if p.outcome is None:
        return [_f(entry, "CG-PASS-002", "the passage is not over after its last card",
                   f"another card from {'home' if dealer(p) == 'H' else 'away'}",
                   f"= {outcome_text(w)}")]
    mine = written(p.outcome, state.score, state.ctx.rules)
    if mine.shape() != w.shape():
        return [_f(entry, "CG-PASS-001", "the cards give another outcome", outcome_text(mine),
                   outcome_text(w))]
    if entry.next != p.outcome.next:
        return [_f(entry, "CG-NEXT-001", f"where play goes on after '{outcome_text(w)}'",
                   p.outcome.next.text(), entry.next.text())]
    return []


def _cards(state: State, entry: Entry, books: list[Book], starts: list[Passage]
           ) -> tuple[Passage, list[Finding], Book, bool]:
    """The passage as the written line most likely means it: from the written start or where
    the ball was, with the written cards or a book reading's, whichever leaves the fewest
    findings (a book's reading first on a tie), so one slip is one finding. Also says which
    book reading, and whether it ended a line that stopped short."""
    readings = []
    for book in books:
        if book.cards != entry.cards or book.missing:   # a book's reading first: on a tie it
            readings.append((book.cards + book.missing,  # keeps the decks where the book is
                             book.marks + (False,) * len(book.missing), book.missing, book))
    readings.append((entry.cards, entry.fg, (), books[0]))
    best: tuple[Passage, list[Finding], Book, bool] | None = None
    for first in starts:
        for cards, marks, missing, book in readings:
            # the written cards from where the book read them: the book played them already
            played = book.passages if cards is entry.cards and marks is entry.fg and \
                book.passages and book.passages[0] is first else ()
            p, extra, findings = _replay(first, cards, marks, entry, state.ctx.table, played)
            findings += _ending(p, extra, state, entry)
            if missing:
                assert entry.outcome is not None        # a passage line writes its outcome
                findings.append(_f(entry, "CG-PASS-002", "the passage is not over after its "
                                   "last card", f"{' '.join(missing)} (the play book's next)",
                                   f"= {outcome_text(entry.outcome)}"))
            if best is None or len(findings) < len(best[1]):
                best = (p, findings, book, bool(missing))
    assert best is not None
    return best


def _one_passage(rules: Rules) -> set[int]:
    """What one passage may score for a side: any one code, or a try and its conversion."""
    return {rules.points(c) for c in rules.codes} | {rules.points("T") + rules.points("C")}


def took_in(before: tuple[int, int], after: tuple[int, int], rules: Rules) -> bool:
    """A running total that takes in the points of one passage left out: nothing, or one
    passage's points for one side."""
    gained = (after[0] - before[0], after[1] - before[1])
    return gained == (0, 0) or (min(gained) == 0 and max(gained) in _one_passage(rules))


def _scores(state: State, entry: Entry, gap: bool) -> tuple[tuple[int, int], list[Finding]]:
    """The line's running totals (CG-SCORE-001), each from the one before as written or as
    it should have been: the score before the line as this reading takes it (`gap`: it may
    take in a passage left out), and the findings."""
    rules = state.ctx.rules
    assert entry.outcome is not None
    score = true = base = state.score
    findings = []
    for i, (code, h, a) in enumerate(entry.outcome.scores):
        side, points = _scorer(entry, code), rules.points(code)
        want, right = _add(score, side, points), _add(true, side, points)
        before = _add((h, a), side, -points)
        if i == 0 and gap and (h, a) != want and took_in(score, before, rules):
            base, right = before, (h, a)
        elif (h, a) not in (want, right):
            findings.append(_f(entry, "CG-SCORE-001", f"wrong running score after {side} "
                               f"{code}", f"{score_text(want)} ({score_text(score)} + "
                               f"{code} {points} to {side})", score_text((h, a))))
        score, true = (h, a), right
    return base, findings


@dataclass(frozen=True)
class After:
    """What a reading of a passage leaves besides the engine's passage: the decks, the cards
    out, the score before the line as the reading takes it, whether cards were left out
    before the line (its points may come later), and the sides whose place in the book is
    not known."""

    decks: Decks | None
    out: Out
    base: tuple[int, int]
    gap: bool
    loose: frozenset[str]


def _after(state: State, entry: Entry, p: Passage, a: After) -> tuple[State, tuple[State, ...]]:
    """The state after the passage as written, and the states the cards give where the line
    wrote otherwise (the ball where the outcome puts it, the score it gives; each alone and
    both, so a later line may follow any mix)."""
    ctx = state.ctx
    rules, split = ctx.rules, ctx.table.split
    assert entry.outcome is not None and entry.next is not None
    w = entry.outcome
    opened = (a.gap or state.open) and not w.scores

    def ball(nxt: Spot) -> dict:
        changed = nxt.side != entry.side
        return dict(at=nxt, shuffle_ok=changed, out=returned(a.out, None, split) if changed
                    else a.out)

    def points(scores: list[tuple[str, str, tuple[int, int]]],
               others: list[tuple[str, str, tuple[int, int]]]) -> dict:
        """The score after the line and the scores the sheet beside the log copies (each
        the line's total or the cards', where they are the same score)."""
        copies = tuple(Copy(side, code, total, Spot(other(side), rules.restart(code)),
                            entry.line, _also(side, code, k, others))
                       for k, (side, code, total) in enumerate(scores))
        return dict(score=scores[-1][2] if scores else a.base,
                    copies=copies if ctx.sheet else (), open=opened)

    common = evolve(state, decks=a.decks, shuffled=(), last=None, loose=a.loose,
                     since=entry.line)
    mine = [(_scorer(entry, code), code, (h, aw)) for code, h, aw in w.scores]
    true, run = [], a.base
    for side, code in p.outcome.scores if p.outcome is not None else ():
        run = _add(run, side, rules.points(code))
        true.append((side, code, run))
    balls = [ball(entry.next)]
    totals = [points(mine, true)]
    if p.outcome is not None:
        if p.outcome.next != entry.next:
            balls.append(ball(p.outcome.next))
        if true != mine:
            totals.append(points(true, mine))
    states = [evolve(common, **b, **t) for b in balls for t in totals]
    return states[0], tuple(states[1:])


def _also(side: str, code: str, k: int, others: list[tuple[str, str, tuple[int, int]]]
          ) -> tuple[int, int] | None:
    """The other reading's total for the k-th score, if it is the same score."""
    if k < len(others) and others[k][:2] == (side, code):
        return others[k][2]
    return None


def _dealt(entry: Entry, state: State) -> frozenset[str]:
    """The sides whose place in the book the line's cards show: three cards or more (one or
    two may stand in two places of the book by chance)."""
    suits = state.ctx.table.split.owners
    owners = [suits[c[-1]] for c in entry.cards]
    return frozenset(s for s in owners if owners.count(s) >= FIRM)


@dataclass(frozen=True)
class Dealt:
    """A passage's cards read from where the record was: the engine's passage, the findings
    on the start and the cards, and the decks and the cards out after them."""

    passage: Passage
    findings: tuple[Finding, ...]
    decks: Decks | None
    out: Out


@lru_cache(maxsize=512)
def _read_cards(ctx: Context, at: Spot | None, decks: Decks | None, out: Out,
                score: tuple[int, int], entry: Entry) -> Dealt:
    """The passage's start (CG-START-001), the single pack (CG-CARD-002), the play book
    (CG-CARD-001) and the cards through the engine, from the ball, the book and the cards
    out as the record has them (the score only shows in a finding's expected outcome).
    Pure, so it is worked out once for the readings that share them (the kernel steps
    every reading it keeps)."""
    state = State(score=score, at=at, decks=decks, out=out, ctx=ctx)
    table = ctx.table
    starts, findings = _starts(state, entry, _expected_start(state, entry))
    out, twice = deal_out(out, entry.cards, entry.line, table.split)
    flagged = frozenset(i for i, _ in twice)
    book = read_book(decks, entry.cards, entry.fg, starts[-1], entry.line, table, flagged)
    books = [book]
    if book.findings and entry.outcome is not None and entry.outcome.event == "F":
        books.append(read_book(decks, entry.cards, entry.fg, starts[-1], entry.line, table,
                               flagged, take=True))
    p, more, book, completed = _cards(state, entry, books, starts)
    if table.shuffles is not None:
        # with a Seed the book says which card is the slip: a card out that the book deals
        # right there is the second of a card written wrong before it (its finding)
        wrong = {i for i, _ in book.findings}
        twice = tuple((i, f) for i, f in twice if i in wrong)
        flagged = frozenset(i for i, _ in twice)
    findings += [f for _, f in twice]
    findings += [f for i, f in book.findings if i not in flagged]
    return Dealt(p, tuple(findings + more), book.decks_on if completed else book.decks, out)


def _plain(state: State, entry: Entry, loose: frozenset[str]) -> Reading:
    """The passage read from where the record was: its cards (:func:`_read_cards`), then the
    running totals."""
    dealt = _read_cards(state.ctx, state.at, state.decks, state.out, state.score, entry)
    base, counted = _scores(state, entry, state.open)
    kept = loose - _dealt(entry, state) if state.ctx.table.shuffles else frozenset()
    after, truths = _after(state, entry, dealt.passage, After(dealt.decks, dealt.out, base,
                                                              False, kept))
    return Reading(dealt.findings + tuple(counted), after, truths)


@dataclass(frozen=True)
class Gap:
    """Something the record left out before a passage: the decks its cards are read from
    (None without a Seed), the sides that moved, whether cards were left out on the way
    (not a passage written twice), and the finding that says so."""

    decks: Decks | None
    moved: frozenset[str]
    forward: bool
    finding: Finding


def _gaps(state: State, entry: Entry, plain: Reading) -> list[Gap]:
    """What the record may have left out before this line: a passage before one that starts
    elsewhere (CG-START-001), and with a Seed the book read from where the written cards are
    (a passage or a shuffle not written, a passage written twice)."""
    table = state.ctx.table
    moved = [f for f in plain.findings if f.rule == "CG-START-001"]
    gaps = [Gap(state.decks, frozenset(), True, moved[0])] if moved else []
    if state.decks is None or table.shuffles is None:
        return gaps
    if not any(f.rule in ("CG-CARD-001", "CG-CARD-002") for f in plain.findings):
        return gaps
    return gaps + [Gap(j.decks, frozenset(s for s in "HA" if j.decks.at(s) != state.decks.at(s)),
                       j.forward, jump_finding(state.decks, j, entry.cards, entry.line, table))
                   for j in jumps(state.decks, entry.cards, table)]


def _read_from(state: State, entry: Entry, gap: Gap, loose: frozenset[str]) -> Reading | None:
    """The passage from its written start (after a scrum or not: the passage left out may
    have found touch) with the book at the gap's decks, the cards back in their half packs,
    and (cards left out before it) the running total open to one passage's points; None
    unless the gap's finding is all there is: the written cards the book's from there, and
    the passage clean. No finding at all when the gap was reported already (`loose`: the
    sides whose place is not known)."""
    table = state.ctx.table
    decks = gap.decks
    if decks is not None and table.shuffles is not None:
        decks = follows(decks, entry.cards, table)
        if decks is None:
            return None
    fresh = evolve(state, decks=gap.decks, out=frozenset())
    out, twice = deal_out(frozenset(), entry.cards, entry.line, table.split)
    if twice:
        return None
    written = Book(None, (), entry.cards, entry.fg)
    for scrum in (False, True):
        first = start(entry.side, entry.grid, scrum)
        p, more, _, _ = _cards(fresh, entry, [written], [first])
        base, counted = _scores(fresh, entry, gap.forward)
        if more or counted:
            continue
        unknown = frozenset("HA") if gap.forward else frozenset()
        kept = (loose | unknown) - _dealt(entry, state) if table.shuffles else frozenset()
        after, truths = _after(fresh, entry, p, After(decks, out, base, gap.forward, kept))
        free = bool(loose) and gap.moved <= loose
        return Reading(() if free else (gap.finding,), after, truths)
    return None


def _again(state: State, entry: Entry) -> list[Reading]:
    """A passage that does not follow and repeats an earlier passage line word for word
    (not the line before: the kernel's CG-REC-004): written twice, and left out."""
    earlier = next((n for line, n in state.ctx.again if line == entry.line), None)
    if earlier is None:
        return []
    return [Reading((_f(entry, "CG-PASS-003", f"the passage of line {earlier} written again "
                        "(it is left out)", "the next passage", f"line {earlier} again"),),
                    evolve(state, since=entry.line))]


def _loose(state: State, entry: Entry) -> frozenset[str]:
    """The sides whose place in the book (without a Seed: the ball) is not known before this
    passage: a reading said so, or a line since the last passage could not be read."""
    if any(state.since < n < entry.line for n in state.ctx.unread):
        return frozenset("HA")
    return state.loose


def passage_step(state: State, entry: Entry) -> Step[State]:
    """A passage line: the scores the sheet left uncopied before it (beside a log), then the
    reading of the line with the fewest findings (as the record stands first on a tie); the
    other readings are alternatives."""
    state, found = settle(state)
    loose = _loose(state, entry)
    plain = _plain(state, entry, loose)
    readings = [plain]
    if plain.findings:
        readings += _again(state, entry)
        for gap in _gaps(state, entry, plain):
            reading = _read_from(state, entry, gap, loose)
            if reading is not None:
                readings.append(reading)
    best = min(readings, key=lambda r: len(r.findings))
    others = [s for r in readings for s in (r.state, *r.truths)]
    others.remove(best.state)
    return Step(best.state, (*found, *best.findings), (*best.truths, *others))


def step(state: State, entry: Entry) -> Step[State]:
    """One record line from `state` (the kernel's step)."""
    if entry.kind == "passage":
        return passage_step(state, entry)
    if entry.kind == "shuffle":
        return shuffle_step(state, entry)
    return copy_step(state, entry) if state.ctx.passages else sheet_step(state, entry)


__all__ = ["Context", "Copy", "State", "settle", "step", "written"]
