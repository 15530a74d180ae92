"""Luck of the Draw's bubble grammar: a scoreboard transcript (docs/notation.md) as bubbles.

`grammar()` is a line a band (a row of the fillable log: one column per token), the grammar
of the fillable log and of the sheets printed before the two-row ones (still read by their
geometry key). Every bubble sheet printed now is two rows a band: `grammar().book` with a
play book (a Seed), `grammar().dense` without one (deal lines, two a band): see below.

A band's first group says what kind of line it is: a period (Q1 .. OT), a drive, a seat's
deal, the sidelines, a trade, the audible calls, the audible play, a scoring event, a
penalty, running totals or the winner. The other groups are shared by the kinds:

* `seat` (P1 .. P8, or `side` for a sidelined card's event) and the number `n`: the drive's
  QB and number, a deal's seat, an event's holder and points, a penalty's seat and points,
  the first seat of a total line and its total, the (first) winner;
* the 16 card bubbles, one per card of the cheat sheet: a deal's hand, the sidelines, what a
  trade's first player gives, an event's card (shaded in any order, written in deck order);
* the event word with up to two bonus words (`punt+blocked+td`);
* one group per seat, P1 .. P8: its audible call (run, pass) or the audible points it got;
* `seat2`, its cards and `n2`: a trade's other player and what they give back, a second
  total on the same line, a second winner (tied after both tie-breakers);
* `t3`, `t4`: a total line's third and fourth seats, each with its total (`P3 -2`).

All values come from the rules data (cards, event words, penalties, audible points, periods,
game lengths, player counts). The header shades the `Players` and `Length` tags, so a blank
sheet filled at the table carries them; a sheet without them writes `*` (unknown: the
verifier then counts the seats of the first deal and assumes the full game). The table's
other choice made before the game, `FinishDrive` (L8), is not a header bubble (the header's
bubbles are part of the sheet's geometry key: sheets already printed would no longer read):
a sheet drawn `--from` a record carries it in its code, as it does the Seed, and the fillable
log has a field for it; a blank bubble sheet leaves it to the default.

A total line naming more than four seats goes on the sheet as total lines of four (a table
of 5-8 shades two bands; the verifier checks any seats on any line, so the two say what the
one did). Not on the sheet (`--from` refuses the line and says which): totals of 200 or
more, audible points other than a correct call's or a Loner's, a winner line of three seats
or more, a trade with no card given, calls written out of seat order, keywords typed in
another case than the notation's. Comments are left off; a card written twice on one
line is shaded once (`--from` says so). Deal lines are on it, one band per seat: without
a `Seed` they are the only record of who held what.

A sheet printed for a play book (a Seed in its QR) uses `grammar().book`: a drive without
deal lines is the play book's slip (L17), so it has no deal or sidelines kind, and the cards
(an event's one card, a trade's cards each way) are one set of sixteen abutting single
bubbles each way instead of sixteen tokens each with its timing square; an event's bonus
words are a bubble each; the penalty and the audible play are one group (the kinds that use
them never meet); it has no total lines (the verifier adds the points up; the third and
fourth seats' 62 bubbles were a row of their own). So a band is two rows, where the sheet
with deals needs three (A4) or four (letter). A drive's line is on the second row (its
number under the points, its QB in the second seat), and lines share a band where they meet
no group twice (forms with newlines, `Grammar.most_lines`): a drive's line and the event
before or after it, the calls after the line before them, the event after the audible.
`--from` writes a seeded record as those sheets hold it
(engine/luckdraw/bookrecord.py: deal and total lines left off, each total and a deal that is
not the book's noted, bonus words in the sheet's order).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache

from printkit_engine.bubbles import Form, Grammar, Part, PlainLines, Segment, Slot, number_part
from printkit_engine.game import LENGTH_TAG, Lazy
from printkit_engine.luckdraw.bookrecord import bonus_order, book_record, dealt_record
from printkit_engine.luckdraw.cards import MAX_PLAYERS, MIN_PLAYERS
from printkit_engine.luckdraw.rules import SIDELINES, Rules, load_rules

SEATS = tuple(f"P{k}" for k in range(1, MAX_PLAYERS + 1))
BONUSES = 2                 # bonus words on one event line (`missed+blocked+td`)
# The kinds of line besides the periods: what the kind bubble writes, its two letters.
KINDS = (("drive", "dr"), ("deal", "dl"), (SIDELINES, "sd"), ("trade", "tr"),
         ("call", "ca"), ("audible", "au"), ("event", "ev"), ("penalty", "pn"),
         ("total", "to"), ("winner", "wi"))
# Two letters inside each event-word bubble (a word the data adds gets its first two).
WORD_LABELS = {"penalty": "pe", "fumble": "fu", "td": "td", "first": "fi", "markers": "mk",
               "made": "md", "int": "in", "review": "rv", "overturned": "ov",
               "timeout": "ti", "missed": "mi", "blocked": "bl", "punt": "pu",
               "inside": "is", "xp": "xp", "2pt": "2p", "safety": "sf", "sack": "sk",
               "touchback": "tb", "expires": "ex", "reset": "rs", "fourth": "4t",
               "short": "sh", "none": "no"}
NUMBER = (1, 9, 9)          # digit columns of a drive number, points or a running total
TOTALS = 4                  # seats on one total band (a bigger table shades two)


def _nth(k: int) -> str:
    return {2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def _label(word: str) -> str:
    return WORD_LABELS.get(word, word[:2])


def _words(rules: Rules) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every event word (a bonus word written alone is a slip the verifier names, so it
    has a bubble too) and the bonus words, in the rules' order."""
    words = tuple(dict.fromkeys(e.word for e in rules.events))
    bonuses = tuple(dict.fromkeys(e.word for e in rules.events if e.bonus))
    return words, bonuses


def _cards(prefix: str, rules: Rules) -> tuple[Slot, ...]:
    """One single-bubble slot per card, headed by its code: a set of cards shaded in any
    order."""
    return tuple(Slot(prefix + code, (Part("card", (code,), labels=(code[:2],)),),
                      title=code) for code in rules.cards.codes)


def _number(name: str, title: str) -> Slot:
    return Slot(name, (Part("sign", ("-",)), Part("n", digits=NUMBER)), title=title)


def _seat(name: str, title: str, side: bool = False) -> Slot:
    options = (*SEATS, SIDELINES) if side else SEATS
    labels = (*(s[1:] for s in SEATS), "sd") if side else tuple(s[1:] for s in SEATS)
    return Slot(name, (Part("seat", options, labels=labels),), title=title)


def _total(name: str, title: str) -> Slot:
    """A further seat of a total line and its total, one token (`P3 -2`): its groups stay
    together on a band row."""
    return Slot(name, (Part("seat", tuple(f"{s} " for s in SEATS),
                            labels=tuple(s[1:] for s in SEATS)),
                       Part("sign", ("-",)), Part("n", digits=NUMBER)), title=title)



@dataclass(frozen=True)
class WrittenLines(PlainLines):
    """A written game's lines on its sheets: a `;` ends a line's text (the notation's trailing
    comment), and a total line of more seats than a band holds takes several bands."""

    trailing_comment: bool = True

    def spread(self, line: str) -> tuple[str, ...]:
        return spread_totals(line)


@dataclass(frozen=True)
class BookLines(PlainLines):
    """A play-book sheet's lines (or, `dealt`, the dense sheets' with deal lines): the record
    rewritten as those sheets hold it (engine/luckdraw/bookrecord.py), one band a line."""

    trailing_comment: bool = True
    dealt: bool = False

    def rewrite(self, text: str, file: str,
                tags: dict[str, str]) -> tuple[str, list[str]] | None:
        return (dealt_record if self.dealt else book_record)(text, file, tags)


def _calls(per_seat: tuple[str, ...]) -> tuple[Segment, ...]:
    """A call line's own band: `call`, then the seats' calls (none: a bare `call`, the bots'
    line when nobody calls before the audible)."""
    return (Segment("call", (), always=True), Segment(" ", per_seat))


def spread_totals(line: str, seats: int = TOTALS) -> tuple[str, ...]:
    """A total line of more than `seats` seats as total lines of `seats` seats (what a table
    of 5-8 writes on the sheet); any other line as it is."""
    words = line.split()
    if words[:1] != ["total"] or len(words) <= 1 + 2 * seats or len(words) % 2 == 0:
        return (line,)
    pairs = [" ".join(words[k:k + 2]) for k in range(1, len(words), 2)]
    return tuple("total " + " ".join(pairs[k:k + seats]) for k in range(0, len(pairs), seats))


def _per_seat(seat: str, rules: Rules) -> Slot:
    """A seat's audible call, or the audible points it was given: a correct call's, or a
    Loner's (other values cannot be shaded)."""
    audible = rules.audible
    awards = dict.fromkeys((audible.points, audible.points + audible.loner_bonus))
    values = (*audible.calls, *(str(v) for v in awards))
    labels = (*(c[0] for c in rules.audible.calls), *values[len(rules.audible.calls):])
    return Slot(seat, (Part("v", values, labels=labels),), title=f"{seat} call / pts",
                lead=f"{seat} ")


@cache
def grammar(rules: Rules | None = None) -> Grammar:
    """The grammar for these rules (the shipped rules by default)."""
    rules = rules or load_rules()
    words, bonuses = _words(rules)
    periods = rules.periods
    cards = _cards("", rules)            # slot names: the codes (a fillable log's headings)
    cards2 = _cards("b", rules)          # given back: bDP, bFBL...
    seat_slots = tuple(_per_seat(s, rules) for s in SEATS)
    kinds = (*((p, p) for p in periods), *KINDS)
    # The order packs the rows: three on an A4 sheet (the seat, cards, number and the short
    # groups; the event word, calls and 2nd total; the 3rd and 4th totals and the cards given
    # back), four on a letter one, where the first row cannot hold the 2nd seat.
    slots = (
        Slot("kind", (Part("kind", tuple(k for k, _ in kinds),
                           labels=tuple(lab for _, lab in kinds)),), title="line"),
        _seat("seat", "seat / holder", side=True),
        *cards,
        _number("n", "number / points / total"),
        Slot("pen", (Part("pen", tuple(p.key for p in rules.penalties),
                          labels=tuple(p.key[:2] for p in rules.penalties)),),
             title="penalty"),
        Slot("play", (Part("play", rules.audible.calls,
                           labels=tuple(c[0] for c in rules.audible.calls)),),
             title="audible play"),
        _seat("seat2", "2nd seat"),
        Slot("word", (Part("word", words, labels=tuple(map(_label, words))),
                      *(Part(f"bonus{k}", bonuses, labels=tuple(map(_label, bonuses)),
                             prefix="+") for k in range(1, BONUSES + 1))),
             title="event word, +bonus, +bonus"),
        *seat_slots,
        _number("n2", "2nd total"),
        *(_total(f"t{k}", f"{_nth(k)} seat, total") for k in range(3, TOTALS + 1)),
        *cards2,
    )
    names = tuple(s.name for s in cards)
    names2 = tuple(s.name for s in cards2)
    per_seat = tuple(s.name for s in seat_slots)
    forms = (
        *(Form(p, (Segment(p, (), always=True),)) for p in periods),
        Form("drive", (Segment("drive ", ("n",), always=True),
                       Segment(" QB ", ("seat",), always=True))),
        Form("deal", (Segment("deal ", ("seat",), always=True),
                      Segment(" ", names, mode="set"))),
        Form(SIDELINES, (Segment(f"{SIDELINES} ", names, mode="set", always=True),)),
        Form("trade", (Segment("trade ", ("seat",), always=True),
                       Segment(" ", names, trail=" for ", mode="set", always=True),
                       Segment("", ("seat2",), always=True),
                       Segment(" ", names2, mode="set"))),
        Form("call", _calls(per_seat)),
        Form("audible", (Segment("audible ", ("play",), always=True),
                         Segment(" ", per_seat))),
        Form("event", (Segment("", names, trail=" ", mode="set", always=True),
                       Segment("", ("word",), always=True),
                       Segment(" ", ("seat",), always=True),
                       Segment(" ", ("n",), always=True))),
        Form("penalty", (Segment("penalty ", ("seat",), always=True),
                         Segment(" ", ("pen",), always=True),
                         Segment(" ", ("n",), always=True))),
        Form("total", (Segment("total ", ("seat", "n"), always=True),
                       Segment(" ", ("seat2", "n2")),
                       *(Segment(" ", (f"t{k}",)) for k in range(3, TOTALS + 1)))),
        Form("winner", (Segment("winner ", ("seat", "seat2"), always=True),)),
    )
    header = (
        ("Players", Slot("players", (Part("players", tuple(
            str(k) for k in range(MIN_PLAYERS, MAX_PLAYERS + 1))),), title="Players")),
        (LENGTH_TAG, Slot("length", (Part("length", tuple(g.key for g in rules.lengths),
                                        labels=tuple(g.key[:2] for g in rules.lengths)),),
                        title="Length")),
    )
    legend = (
        "Line: " + "  ".join(f"{lab} {k}" for k, lab in KINDS)
        + ".   Penalty: " + "  ".join(f"{p.key[:2]} {p.key} ({p.name}, {p.points})"
                                     for p in rules.penalties) + ".",
        "Event: " + "  ".join(f"{_label(w)} {w}" for w in words) + ".",
        "Seat sd: the sidelines.  P1-P8: r/p the call, or the audible points.  Deal: seat, "
        "cards.  Trade: seat, cards, 2nd seat, cards back.  Event: card, word, holder, points.  "
        f"Total (optional: the verifier adds the points up): seat, total, 2nd-{_nth(TOTALS)} "
        "seat and total (- if negative).",
    )
    blank = Grammar("luckdraw", slots, forms, kind="kind", legend=legend, header=header,
                    tags=("Seed", "FinishDrive", "Date", "Match"), lines=WrittenLines(),
                    hint="Q1, drive, deal, event, total; P2; FG under FG; 14; fumble+td; delay; "
                         "run; P2 run under P2; P3 12",
                    typical_lines=300)      # a 4-player full game: some 140-310 lines
    decisions = Lazy("printkit_engine.luckdraw.decisions:decision_log")(rules).grammar
    return replace(blank, book=_book(blank, rules), dense=_dense(blank, rules),
                   logs=(decisions,))


# -- the play-book sheet ---------------------------------------------------------------------
# A seeded game's deals are the book's slips (L17): its sheet has no deal or sidelines bands,
# so the cards are needed only by an event (one card) and a trade (cards each way). Each way
# they are one slot of sixteen one-bubble parts with no gap between them (the layout's
# `book.bubble.set_gap`), each card written with the space that follows it (`STTD ` before an
# event word) or, given back, the one before it (` OP` after `for P3`); a set is written in
# the cheat sheet's order. A band is two rows: what the line is, its seat, cards, event word
# and points above; the penalty or audible play, the calls, the QB or second seat, the cards
# given back and the drive's number below. So a drive's line (below) and the event after it
# (above) share a band, and a band holds the calls after its line too (the forms' `\n`
# segments). Running totals are not on it: the verifier adds the points up (a transcript's
# total lines are written any time, or never), as BLOWOUT!!!'s and Card Bowl's sheets leave
# the score to it.
BOOK_TOP = 199              # the largest number a play-book band writes (the hundreds a 1)
BOOK_BANDS = 77             # bands of a whole game on the play-book sheet (50 simulated games,
                            # `sheets-bench`: 17-124): a class pack prints sheets for them
BANDS_WITH_DEALS = 112      # the same games on the sheet with deals (28-175)


def _card_set(name: str, rules: Rules, before: bool, title: str, shares: str = "") -> Slot:
    """Sixteen one-bubble parts, one per card: 65,535 tokens, which Slot.table reads off a
    token rather than listing them. `shares`: shaded on that set's bubbles (a deal's hand)."""
    return Slot(name, tuple(Part(code, (code,), labels=(code[:2],),
                                 prefix=" " if before else "", suffix="" if before else " ")
                            for code in rules.cards.codes), title=title, shares=shares)


def _book_word(rules: Rules) -> Slot:
    """The event word, then one bubble per bonus word (shade any of them: `+blocked+td`)."""
    words = _words(rules)[0]
    return Slot("word", (Part("word", words, labels=tuple(map(_label, words))),
                         *(Part(f"+{b}", (b,), labels=(_label(b),), prefix="+")
                           for b in bonus_order(rules))),
                title="event word, +bonuses")


def _book_number(name: str, title: str) -> Slot:
    return Slot(name, (Part("sign", ("-",)), number_part("n", BOOK_TOP)), title=title)


def _book(blank: Grammar, rules: Rules) -> Grammar:
    """The sheets of a play-book game: no deal, sidelines or total lines (the book's slips;
    the verifier's sums), the cards as sets, the penalty and the audible play one group, two
    rows a band, the drive's line on the event row's second row (see above)."""
    return _sheet(blank, rules, deals=False)


def _dense(blank: Grammar, rules: Rules) -> Grammar:
    """The sheets of a game played without a play book: the play-book sheet's bands, plus
    deal and sidelines lines (two deals a band), still no totals (see below)."""
    return _sheet(blank, rules, deals=True)


# -- the sheet with deals ----------------------------------------------------------------------
# Without a Seed the deal lines are the only record of who held what, so they stay on the
# sheet, on the play-book sheet's bands: a deal's seat in the seat group and its hand on the
# event's card bubbles (the guest slot `dealt`, shaded on `card`: same sixteen bubbles, same
# labels), and a second deal on the band's second row, its seat in the QB / 2nd seat group and
# its hand on the cards-given-back bubbles (`deal P1 FG INT PTD TOD\ndeal P2 FBL RTD STTD TE`).
# The sidelines are a line of their own (`side` and its cards on the card bubbles), a deal
# after them on its second row (and the sidelines below an odd table's last deal). The calls
# made before the drive's first event are the last line of its last deal band, as after any
# line. So a 4-player drive's four deals take two bands; its drive line joins the event (or
# the period) before it, as on the play-book sheet. No totals either:
# one choice for every Luck of the Draw bubble sheet (the verifier adds the points up).


def _sheet(blank: Grammar, rules: Rules, deals: bool) -> Grammar:
    """The two-row sheet (module docstring): the play-book one, or with `deals` the one with
    deal and sidelines lines. One function, so the two share every slot and form."""
    periods = rules.periods
    left = ("total",) if deals else ("deal", SIDELINES, "total")
    kinds = (*((p, p) for p in periods), *(k for k in KINDS if k[0] not in left))
    calls = rules.audible.calls
    plays = (*(p.key for p in rules.penalties), *calls)
    per_seat = tuple(blank.slot(s) for s in SEATS)
    slots = (
        Slot("kind", (Part("kind", tuple(k for k, _ in kinds),
                           labels=tuple(lab for _, lab in kinds)),), title="line"),
        blank.slot("seat"),
        _card_set("card", rules, before=False, title="card(s)"),
        _book_word(rules),
        _book_number("n", "points"),
        Slot("play", (Part("play", plays, labels=(*(p.key[:2] for p in rules.penalties),
                                                  *(c[0] for c in calls))),),
             title="pen. / play", new_row=True),
        *per_seat,
        _seat("seat2", "QB / 2nd seat", side=True) if deals else
        replace(blank.slot("seat2"), title="QB / 2nd seat"),
        _card_set("back", rules, before=True, title="given back"),
        Slot("n2", (number_part("n", BOOK_TOP),), title="drive no."),
        *((_card_set("dealt", rules, before=True, title="dealt", shares="card"),
           Slot("below", (Part("below", (*(f"deal {s}" for s in SEATS), SIDELINES),
                               labels=(*(s[1:] for s in SEATS), "sd")),),
                title="2nd deal", shares="seat2")) if deals else ()),
    )
    per = tuple(s.name for s in per_seat)
    calls_after = Segment("\ncall ", per)        # a band's last line: the calls after it
    event = (Segment("", ("card",), sep="", always=True), Segment("", ("word",), always=True),
             Segment(" ", ("seat",), always=True), Segment(" ", ("n",), always=True))
    # the event after a line on the band's event row (its card starts the next line)
    event_after = (replace(event[0], lead="\n", always=False),
                   *(replace(seg, always=False) for seg in event[1:]))
    drive = (Segment("drive ", ("n2",), always=True), Segment(" QB ", ("seat2",), always=True))
    drive_after = (replace(drive[0], lead="\ndrive ", always=False),   # the next drive's line
                   replace(drive[1], always=False))                   # below a drive's last
    forms = (
        *(Form(p, (Segment(p, (), always=True), *drive_after, *event_after, calls_after))
          for p in periods),
        Form("drive", (*drive, *event_after, calls_after)),
        Form("trade", (Segment("trade ", ("seat",), always=True),
                       Segment(" ", ("card",), sep="", always=True),
                       Segment("for ", ("seat2",), always=True),
                       Segment("", ("back",), sep=""), calls_after)),
        Form("call", _calls(per)),
        Form("audible", (Segment("audible ", ("play",), always=True), Segment(" ", per),
                         *event_after, *drive_after)),
        Form("event", (*event, *drive_after, calls_after)),
        Form("penalty", (Segment("penalty ", ("seat",), always=True),
                         Segment(" ", ("play",), always=True),
                         Segment(" ", ("n",), always=True), *drive_after, calls_after)),
        Form("winner", (Segment("winner ", ("seat", "seat2"), always=True),)),
    )
    if deals:
        # a second deal or the sidelines below, on the 2nd seat's bubbles (`deal P2`, or sd:
        # `side`) and the cards given back: one segment (a hand is never written without the
        # line's head before it)
        second = (Segment("\n", ("below", "back"), sep=""), calls_after)
        forms = (*forms,
                 Form("deal", (Segment("deal ", ("seat",), always=True),
                               Segment("", ("dealt",), sep=""), *second)),
                 Form(SIDELINES, (Segment(SIDELINES, (), always=True),
                                  Segment("", ("dealt",), sep=""), *second)))
    short = "  ".join(f"{c[:2]} {c}" for c in rules.cards.codes if c[:2] != c)
    legend = (
        "Line: " + "  ".join(f"{lab} {k}" for k, lab in kinds[len(periods):])
        + (".   Deal: seat, cards; a 2nd deal or sd side: 2nd seat, cards given back.   Penalty: "
           if deals else ".   Deals: the play book's slips (shade Players).   Penalty: ")
        + "  ".join(f"{p.key[:2]} {p.key} ({p.name}, {p.points})" for p in rules.penalties)
        + ".",
        blank.legend[1],
        "Cards: " + short + ".  Seat sd: sidelines.  " + ", ".join(f"{c[0]} {c}" for c in calls)
        + f"; {', '.join(blank.slot(SEATS[0]).parts[0].options[len(calls):])} audible points."
        "  Drive no. + QB: a dr band's, or the next drive after an ev/pn/au line.  "
        "Calls: a band's last line.  No totals.",
    )
    return replace(blank, slots=slots, forms=forms, legend=legend, variant="book",
                   lines=BookLines(dealt=deals),
                   typical_lines=BANDS_WITH_DEALS if deals else BOOK_BANDS)
