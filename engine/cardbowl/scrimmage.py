"""A scrimmage play for the bots, by the rules' "Scrimmage Play" sections: the two teams in
formation, the snap, the line match-ups and the pass rush, then the play the offence runs
(rushing play, pass, screen, lateral, QB sneak or scramble, or the QB grounding the ball).

The offence and defence set their cards (:class:`Offense`, :class:`Defense`) and call the
play (:class:`Call`, :class:`Read`) in engine/cardbowl/coach.py; this module only draws and
adds up, so a deal typed by hand gives the play the rules say (tests/engine/cardbowl). The
turn-by-turn reveal of the rules is kept where it changes a number: which defenders are
revealed (and so cannot tackle in the open field), how many pass-rush rounds were drawn, and
how many yardage cards a pass may take. Decisions: C19-C30 in docs/rules/cardbowl.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from operator import add, gt, itemgetter, sub
from typing import NamedTuple

from printkit_engine.cardbowl.cardplay import (
    BLACK,
    FACES,
    HAND_VALUES,
    RED,
    SUIT_OF,
    VALUES,
    Foul,
    Recovery,
    half_up,
    is_face,
    open_field_run,
    recover,
    red,
    run_foul,
    standard,
    value,
)
from printkit_engine.cardbowl.deal import Draws
from printkit_engine.frozen import new_tuple

LINE = 4                         # line match-ups, left to right: LT-DLE, LG-DLT, RG-DRT, RT-DRE
OFFENSE = ("QB", "LT", "LG", "C", "RG", "RT", "TE", "WL", "WR", "HB", "FB")
DEFENSE = ("DLE", "DLT", "DRT", "DRE", "LOLB", "MLB", "ROLB", "LCB", "RCB", "FS", "SS")
BLOCKERS = (("LT",), ("LG",), ("RG",), ("RT",))      # the centre joins match-up 1 or 2
RUSHERS = ("DLE", "DLT", "DRT", "DRE")
SIDE = {"WL": "L", "WR": "R", "TE": "R", "HB": "R", "FB": "L"}
# who may be brought to a match-up (the rules' "Range"): the line, by match-up, and each
# receiver; the first set of open-field tacklers and the second
LINE_RANGE = {0: ("MLB", "LOLB"), 1: ("MLB", "LOLB"), 2: ("MLB", "ROLB"), 3: ("MLB", "ROLB")}
COVER_RANGE = {"WL": ("LOLB", "FS"), "WR": ("ROLB", "SS"), "TE": ("MLB", "ROLB", "SS", "FS"),
               "HB": ("MLB", "ROLB"), "FB": ("MLB", "LOLB")}
BACK_COVER = {"HB": ("MLB", "ROLB", "RCB", "DRE"), "FB": ("MLB", "LOLB", "LCB", "DLE")}
SAME_SIDE = {"L": ("LCB", "FS", "LOLB", "MLB"), "R": ("RCB", "SS", "ROLB", "MLB")}
OTHER_SIDE = {"L": ("ROLB", "SS"), "R": ("LOLB", "FS")}
# who may be brought to a gap of one match-up or two side by side: theirs, the first of
# equals once (worked out once here, not every running play)
_GAPS: list[tuple[int, ...]] = [(i,) for i in range(LINE)] + [(i, i + 1) for i in range(LINE - 1)]
GAP_RANGE = {gap: tuple(dict.fromkeys(p for i in gap for p in LINE_RANGE[i])) for gap in _GAPS}
LINEBACKERS = ("LOLB", "MLB", "ROLB")
SAFETIES = ("FS", "SS")


# Immutable values made for every play: a NamedTuple, as a frozen dataclass sets each field
# through object.__setattr__ (three times the instructions; bench/bench_cardbowl.py). The
# game loop makes the ones of every play with `new_tuple(Class, (every field, in order))`
# (engine/frozen.py): one C call, not the NamedTuple's own Python constructor.


class Offense(NamedTuple):
    """The offence's eleven cards by position; `shotgun` formation; `centre` the match-up
    (1 or 2) the centre blocks in."""

    cards: dict[str, str]
    shotgun: bool = False
    centre: int = 2


class Defense(NamedTuple):
    """The defence's eleven cards by position (after its discards)."""

    cards: dict[str, str]


class Read(NamedTuple):
    """What the defence does once it sees the QB: linebackers moved up into line match-ups
    (`blitz`: position -> match-up) and safeties moved up with a cornerback (`double`:
    safety -> receiver)."""

    blitz: tuple[tuple[str, int], ...] = ()
    double: tuple[tuple[str, str], ...] = ()


class Call(NamedTuple):
    """The offence's play. `kind`: run, pass, screen, lateral, sneak, scramble or spike.
    A run, screen, lateral, sneak or scramble picks its match-ups once the lines are
    revealed (`gap` = () lets :func:`best_gap` choose); a pass names its `target` receiver
    (or "" to pick the best revealed match-up), the `turns` it waits before throwing and its
    `yardage` cards; `fullback` blocks (a back in the run's match-up at half value)."""

    kind: str
    gap: tuple[int, ...] = ()
    target: str = ""
    turns: int = 0
    yardage: int = 0
    fullback: bool = False
    throw_away: bool = True


@dataclass(init=False)
class Snap:
    """What one scrimmage play did, the offence's view, yards from the line of scrimmage:
    `gain` (None: incomplete), `run` yards after it (the run after a catch, an open-field
    run), a fumble (`fumble_at` and who recovered, and the return) or an interception (`air`
    and the `ret`urn), a `foul` and whether it was `declined`.

    The fields' defaults are the class's attributes (a dataclass puts them there); a play
    sets only the few its draws change, so `__init__` stores only what a play starts with
    (a dataclass's own would store all 17, every play)."""

    word: str
    gain: int | None = 0
    run: int = 0
    foul: Foul | None = None
    declined: bool = False
    fumble_at: int | None = None        # where the ball was recovered (after bounces)
    loose_at: int | None = None         # where it came loose
    recovery: Recovery | None = None
    fumble_return: int = 0
    interception: bool = False
    air: int = 0
    ret: int = 0
    open_field: bool = False            # an open-field run at the end (2 intervals)
    out_of_bounds: bool = False
    sacked: bool = False
    suit: str = ""                      # the ball carrier's suit (out of bounds late)
    last_draw: str = ""                 # the last offensive draw

    def __init__(self, word: str, gain: int | None = 0, foul: Foul | None = None,
                 sacked: bool = False, suit: str = "") -> None:
        self.word = word
        if gain != 0:
            self.gain = gain
        if foul is not None:
            self.foul = foul
        if sacked:
            self.sacked = sacked
        if suit:
            self.suit = suit

    @property
    def total(self) -> int:
        return (self.gain or 0) + self.run


def v(cards: dict[str, str], pos: str) -> int:
    return HAND_VALUES[cards[pos]]


def _values(cards: dict[str, str], positions: Sequence[str]) -> int:
    """The cards' values at these positions, added up by C calls (no generator)."""
    return sum(map(HAND_VALUES.__getitem__, map(cards.__getitem__, positions)))


def block_half(card: str) -> int:
    """"Backs block (against a pass rush or for a run) at one-half value (rounded up)"."""
    return -(-HAND_VALUES[card] // 2)


# -- the line ------------------------------------------------------------------------------
def line_values(off: Offense, dfn: Defense, read: Read, te_blocks: bool,
                backs: tuple[tuple[str, int], ...] = ()) -> tuple[list[int], list[int]]:
    """Each match-up's offensive and defensive blocking values."""
    hv, oc, dc = HAND_VALUES, off.cards, dfn.cards
    o = [hv[oc["LT"]], hv[oc["LG"]], hv[oc["RG"]], hv[oc["RT"]]]
    o[off.centre] += hv[oc["C"]]
    if te_blocks:
        o[3] += hv[oc["TE"]]
    for back, i in backs:
        o[i] += block_half(oc[back])
    d = [hv[dc["DLE"]], hv[dc["DLT"]], hv[dc["DRT"]], hv[dc["DRE"]]]
    for pos, i in read.blitz:
        d[i] += hv[dc[pos]]
    return o, d


def threats(o: list[int], d: list[int], qb: int) -> list[tuple[int, int]]:
    """"for each single or adjacent pair of line blocking match-ups: Pass Rush value =
    defensive match-up value ...; Pass Protection value = offensive match-up value + QB
    value": each (rush, protection) with rush > protection is a sack draw per round (C21)."""
    o0, o1, o2, o3 = o              # the LINE match-ups, named: one expression, no loops
    d0, d1, d2, d3 = d              # (a line's threats are worked out every play)
    rush = (d0, d1, d2, d3, d0 + d1, d1 + d2, d2 + d3)
    protection = (o0 + qb, o1 + qb, o2 + qb, o3 + qb, o0 + o1 + qb, o1 + o2 + qb, o2 + o3 + qb)
    return list(compress(zip(rush, protection, strict=True), map(gt, rush, protection)))


@dataclass(init=False)
class Rush:
    """Pass-rush rounds drawn: a sack (yards lost), a QB fumble (yards behind the line), a
    holding foul, and the pressure on the next pass. Made empty (`Rush()`: no Python
    `__init__`, the defaults are the class's) and filled by the round that draws them."""

    sack: int | None = None
    fumble: int | None = None
    foul: Foul | None = None
    pressure: int = 0


def rush_round(draws: Draws, units: list[tuple[int, int]], rules_loss: int = 3,
               below: int = 7) -> Rush:
    """One Sack draw per threat: "If Pass Rush value >= Pass Protection value + Sack draw =
    sack ... Yards lost = difference in value + 3"; "Red Joker = Fumble by QB; position =
    Pass Rush value + 3 - Pass Protection value"; "Black Joker = 10-yard Holding penalty on
    offense. Draw replacement for Sack draw"; "7 - Difference in value = Pass Pressure"."""
    out = Rush()
    for rush, protection in units:
        card = draws.draw()
        if card == BLACK:
            out.foul = Foul(10, "O", previous=True)
            card = draws.draw()
        if card == RED:
            out.fumble = rush + rules_loss - protection
            return out
        margin = protection + VALUES[card] - rush
        if margin <= 0:
            out.sack = -margin + rules_loss
            return out
        if margin < below:
            out.pressure = max(out.pressure, below - margin)
    return out


def automatic_sack(units: list[tuple[int, int]], over: int = 13) -> list[tuple[int, int]]:
    """"If Pass Rush value > Pass Protection value + 13: ... the sack is automatic"."""
    if not units:
        return []
    return [(r, p) for r, p in units if r > p + over]


def sack(draws: Draws, unit: tuple[int, int], snap: Snap) -> Snap:
    """An automatic sack: "The offense still draws, but only to determine yardage behind
    LoS at which the sack occurs"."""
    rush = rush_round(draws, [unit])
    snap.foul = rush.foul
    if rush.fumble is not None:
        return fumble(draws, snap, -rush.fumble)
    snap.word, snap.sacked = "sack", True
    snap.gain = -(rush.sack if rush.sack is not None else 3)
    return snap


def fumble(draws: Draws, snap: Snap, at: int, head: tuple[int, int] = (0, 0)) -> Snap:
    """"Fumble recovery is simply drawing for the higher card"; the winner runs on a face."""
    rec = recover(draws, fall=head)
    snap.loose_at = at
    snap.fumble_at = at + rec.bounce
    snap.recovery = rec
    if rec.run_draws:
        run = open_field_run(draws, rec.run_draws)
        snap.fumble_return = run.yards
        snap.open_field = True
    return snap


# -- running plays -------------------------------------------------------------------------
def best_gap(o: list[int], d: list[int], allowed: range = range(LINE)) -> tuple[int, ...]:
    """The match-up, or pair of match-ups ("in between two"), with the most offence over
    defence, as the offence sees the revealed lines (a single one on a tie). `allowed`:
    adjacent match-ups (a step of 1).

    The candidates in the order single, pair, single, ...: the first of the highest wins, so
    a single beats the pair after it on a tie; their values are made by C calls (slices,
    maps), not a loop in Python (every play asks)."""
    a, b = allowed.start, allowed.stop
    edge = list(map(sub, o[a:b], d[a:b]))
    values = edge + edge[1:]                      # any list of the length 2n - 1
    values[0::2] = edge
    values[1::2] = map(add, edge, edge[1:])
    k = values.index(max(values))
    return (a + k // 2,) if k % 2 == 0 else (a + k // 2, a + k // 2 + 1)


def _shown(read: Read) -> set[str]:
    """The defenders revealed at the snap: the line, the linebackers moved up into it and
    the safeties moved up beside a cornerback."""
    return set(RUSHERS).union(map(itemgetter(0), read.blitz), map(itemgetter(0), read.double))


def extra_card(dfn: Defense, shown: set[str], candidates: tuple[str, ...]) -> str | None:
    """"One additional card in range from the defense": the best not yet revealed (the
    first of equals)."""
    best, top = None, 0
    for p in candidates:
        if p not in shown and HAND_VALUES[dfn.cards[p]] > top:
            best, top = p, HAND_VALUES[dfn.cards[p]]
    return best


def run_yards(o: int, d: int, defense_draws: list[str], cap: int = 99) -> int:
    """"If O > D, Rush yardage gained = (O - D) / 2 ... If O < D, ... yards lost are
    determined by face cards drawn in the three defensive card draws: J=1, Q=2, K=3; except
    that the loss can't be greater than the negative value of D - O" (halved, C20)."""
    if o > d:
        return half_up(o - d)
    if o == d:
        return 0
    return -min(sum(map(FACES.__getitem__, defense_draws)), half_up(d - o), cap)


def defensive_draws(draws: Draws, n: int) -> tuple[list[str], Foul | None, bool]:
    """The defence's draws of a running play: "Black Joker = Penalty. First, draw replacement
    card for yardage, then draw the remaining yardage cards for the play, then draw a card to
    determine the penalty"; "Red Joker: Draw replacement card and complete all 3 defensive
    draws to determine location of fumble"."""
    cards: list[str] = []
    black = fumbled = False
    while len(cards) < n:
        card = draws.draw()
        if card == BLACK:
            black = True
        elif card == RED:
            fumbled = True
        else:
            cards.append(card)
    foul = run_foul(draws.draw()) if black else None
    return cards, foul, fumbled


def gap_tacklers(dfn: Defense, shown: set[str], gap: tuple[int, ...]) -> list[int]:
    """Open-field tacklers: "For a run through the line ..., unrevealed defensive cards in LB
    positions are applied against the first OCR draw, and then those from the S positions";
    "For a pass to a WR, lateral or a run around the end, unrevealed defensive cards from the
    same side of the field ... and then those from the opposite side"."""
    if gap in ((0,), (3,)):
        side = "L" if gap == (0,) else "R"
        return _sets(dfn, shown, (SAME_SIDE[side], OTHER_SIDE[side]))
    return _sets(dfn, shown, (LINEBACKERS, SAFETIES))


def _sets(dfn: Defense, shown: set[str], groups: tuple[tuple[str, ...], ...]) -> list[int]:
    out = []
    used = set(shown)
    for group in groups:
        cards = [p for p in group if p not in used]
        used.update(cards)
        out.append(_values(dfn.cards, cards))
    return out


class Field(NamedTuple):
    """The yards a play can go: to the goal line, and to the back of the end zone."""

    to_goal: int
    late: bool = False          # the special clock rules apply (going out of bounds)


def rushing(draws: Draws, off: Offense, dfn: Defense, read: Read, call: Call,
            gap: tuple[int, ...], o: list[int], d: list[int], where: Field) -> Snap:
    """"Rushing Play": the ball carrier (double, shotgun -1) and the hand-off draw with the
    blockers of the match-up(s), against their defenders, one more card in range and three
    draws; half the difference; the open field when the hand-off's face beats the
    defence's."""
    snap = Snap("run", suit=SUIT_OF[off.cards["HB"]])
    handoff = draws.draw()
    foul = None
    if handoff == BLACK:
        handoff = standard(draws)
        foul = "pending"
    shown = _shown(read)
    extra = extra_card(dfn, shown, GAP_RANGE[gap])
    if extra:
        shown.add(extra)
    if handoff == RED:
        cards, late_foul, _ = defensive_draws(draws, 3)
        snap.foul = late_foul
        return fumble(draws, snap, -sum(map(FACES.__getitem__, cards)))
    carrier = 2 * (HAND_VALUES[off.cards["HB"]] - off.shotgun)
    offense = carrier + VALUES[handoff] + sum(o[i] for i in gap)
    offense += block_half(off.cards["FB"]) if call.fullback else 0
    defense = sum(d[i] for i in gap) + (HAND_VALUES[dfn.cards[extra]] if extra else 0)
    cards, def_foul, fumbled = defensive_draws(draws, 3)
    defense += sum(map(VALUES.__getitem__, cards))
    if foul == "pending":
        def_foul = run_foul(draws.draw())
    snap.foul = def_foul
    snap.gain = min(run_yards(offense, defense, cards), where.to_goal)
    snap.last_draw = handoff
    if fumbled:
        return fumble(draws, snap, snap.gain)
    breaks = FACES[handoff] - sum(map(FACES.__getitem__, cards))
    if offense > defense and breaks > 0 and snap.gain < where.to_goal:
        run = open_field_run(draws, breaks, gap_tacklers(dfn, shown, gap),
                             room=where.to_goal - snap.gain, start=snap.gain)
        return _after_run(draws, snap, run)
    return snap


def _after_run(draws: Draws, snap: Snap, run) -> Snap:
    snap.run = run.yards
    snap.open_field = snap.open_field or run.drew
    if run.foul is not None:
        snap.foul = run.foul
    if run.fumble is not None:
        snap.run = 0
        return fumble(draws, snap, snap.total + run.fumble)
    return snap


def sneak(draws: Draws, off: Offense, dfn: Defense, read: Read, o: list[int], d: list[int],
          where: Field) -> Snap:
    """"QB Sneak": through the C or G match-ups; QB at face value, no hand-off, no extra
    defender, two defensive draws, (O - D) / 4, at most 3 yards lost (C23), no open field."""
    snap = Snap("sneak", suit=SUIT_OF[off.cards["QB"]])
    gap = best_gap(o, d, range(1, 3))
    offense = HAND_VALUES[off.cards["QB"]] + sum(o[i] for i in gap)
    cards, foul, fumbled = defensive_draws(draws, 2)
    defense = sum(d[i] for i in gap) + sum(map(VALUES.__getitem__, cards))
    snap.foul = foul
    if offense >= defense:
        snap.gain = min(half_up(offense - defense, 4), where.to_goal)
    else:
        snap.gain = -min(sum(map(FACES.__getitem__, cards)), 3)
    if fumbled:
        return fumble(draws, snap, snap.gain)
    return snap


def scramble(draws: Draws, off: Offense, dfn: Defense, read: Read, o: list[int],
             d: list[int], shown: set[str], where: Field) -> Snap:
    """"QB Scramble": QB at face value, the line's blocking, one extra defender and two
    draws, (O - D) / 2, at most 6 yards lost, no open field; through an end match-up late in
    a half the QB may step out of bounds for 2 yards less."""
    snap = Snap("scramble", suit=SUIT_OF[off.cards["QB"]])
    gap = best_gap(o, d)
    extra = extra_card(dfn, shown, GAP_RANGE[gap])
    offense = HAND_VALUES[off.cards["QB"]] + sum(o[i] for i in gap)
    defense = sum(d[i] for i in gap) + (HAND_VALUES[dfn.cards[extra]] if extra else 0)
    cards, foul, fumbled = defensive_draws(draws, 2)
    defense += sum(map(VALUES.__getitem__, cards))
    snap.foul = foul
    snap.gain = min(run_yards(offense, defense, cards, cap=6), where.to_goal)
    if fumbled:
        return fumble(draws, snap, snap.gain)
    if where.late and gap[0] in (0, LINE - 1) and snap.gain - 2 > 0:
        snap.gain -= 2
        snap.out_of_bounds = True
    return snap


# -- passing plays ---------------------------------------------------------------------------
def coverage(dfn: Defense, read: Read, target: str, shown: set[str]) -> list[str]:
    """The defenders matched with the receiver at the throw: a cornerback on a wide
    receiver (and a safety moved up with it), the best of "MLB, OLB on same side, or CB or
    DE on same side" on a back out of the backfield."""
    return _coverage(dfn, read.double, target, shown)


def _coverage(dfn: Defense, double: Sequence[tuple[str, str]], target: str,
              shown: set[str]) -> list[str]:
    """:func:`coverage` with the safeties moved up as they are so far (`reveal` adds one
    a turn, without a Read for each)."""
    if target in ("WL", "WR"):
        corner = "LCB" if target == "WL" else "RCB"
        if not double:                  # most plays: no safety up (no list made in a frame)
            return [corner]
        return [corner, *[s for s, r in double if r == target]]
    if target in BACK_COVER:
        best = extra_card(dfn, shown, BACK_COVER[target])
        return [best] if best else []
    return []


def passing(draws: Draws, off: Offense, dfn: Defense, read: Read, call: Call, target: str,
            shown: set[str], pressure: int, yardage: int, rush_units: list[tuple[int, int]],
            rounds_made: int, where: Field) -> Snap:
    """A pass (below), and a yardage draw's Black Joker: "Draw again after end of play ...
    Red = against Offense, Pass Interference, 10 yards; Black = against Defense, Illegal
    contact, 5 yds & auto first down"."""
    snap = _passing(draws, off, dfn, read, call, target, shown, pressure, yardage, rush_units,
                    rounds_made, where)
    if snap.foul is not None and snap.foul.against == "?":
        pen = draws.draw()
        snap.foul = Foul(10, "O", previous=True) if red(pen) else \
            Foul(5, "D", first_down=True, previous=True)
    return snap


def _passing(draws: Draws, off: Offense, dfn: Defense, read: Read, call: Call, target: str,
             shown: set[str], pressure: int, yardage: int, rush_units: list[tuple[int, int]],
             rounds_made: int, where: Field) -> Snap:
    """"Passing Play": the Pass draw (lower than the QB, + pressure), yardage draws (not the
    receiver's suit), the Reception draw (lower than the receiver) and the defence's two
    draws (a covering defender at least the receiver may break it up); O - D yards, then the
    run after the catch."""
    snap = Snap("pass", suit=SUIT_OF[off.cards[target]])
    qb = HAND_VALUES[off.cards["QB"]] + off.shotgun
    receiver = HAND_VALUES[off.cards[target]]
    cover = coverage(dfn, read, target, shown)
    shown.update(cover)
    extra = extra_card(dfn, shown, COVER_RANGE[target])
    if extra:
        shown.add(extra)
    defense = _values(dfn.cards, cover) + (HAND_VALUES[dfn.cards[extra]] if extra else 0)
    offense = qb + receiver
    incomplete = intercepted = False
    foul: Foul | None = None
    # 1) the Pass draw
    card = draws.draw()
    if card == RED:                         # "QB fumbles before passing ... 5 yards behind"
        return fumble(draws, snap, -5)
    if card == BLACK:
        foul = Foul(5, "O", previous=True)  # "5 yard penalty from LoS ... defense can decline"
        card = standard(draws)
    offense += VALUES[card]
    incomplete = VALUES[card] + pressure >= qb
    # 2) yardage draws, each after its pass-protection round
    suit = SUIT_OF[off.cards[target]]
    drawn: list[str] = []
    for n in range(yardage if not incomplete else 0):
        if n >= rounds_made and rush_units:
            rush = rush_round(draws, rush_units)
            foul = foul or rush.foul
            if rush.fumble is not None:
                return fumble(draws, snap, -rush.fumble)
            if rush.sack is not None:
                snap.word, snap.sacked, snap.gain = "sack", True, -rush.sack
                snap.foul = foul
                return snap
        card = draws.draw()
        if card == RED:
            intercepted = True
            break
        if card == BLACK:
            foul = foul or Foul(0, "?")       # decided by a card after the play
            card = standard(draws)
        drawn.append(card)
        if SUIT_OF[card] == suit:
            incomplete = True
            break
    offense += sum(map(VALUES.__getitem__, drawn))
    # 3) the Reception draw (not after a yardage card of the receiver's suit)
    reception = None
    if not (drawn and SUIT_OF[drawn[-1]] == suit):
        card = draws.draw()
        if card == RED:
            intercepted = True
            card = standard(draws)
        elif card == BLACK:
            foul = foul or Foul(10, "O", previous=True)    # offensive pass interference
            card = standard(draws)
        reception = card
        offense += VALUES[card]
        incomplete = incomplete or VALUES[card] >= receiver
        snap.last_draw = card
    # the offence may drop yardage cards that would carry the ball past the end line
    room = where.to_goal + 10
    while drawn and offense - defense - 14 > room:
        offense -= value(drawn.pop())
    # 4) the defence's two draws
    d_cards: list[str] = []
    dpi = False
    while len(d_cards) < 2:
        card = draws.draw()
        if card == RED:
            intercepted = True
            continue
        if card == BLACK:
            dpi = True
            continue
        d_cards.append(card)
    defense += sum(map(VALUES.__getitem__, d_cards))
    if reception is not None and any(HAND_VALUES[dfn.cards[p]] >= receiver for p in cover):
        best = max(HAND_VALUES[dfn.cards[p]] for p in cover)
        if best + VALUES[d_cards[0]] > receiver + VALUES[reception]:
            incomplete = True               # "the defender makes the play"
    yards = offense - defense
    if intercepted:
        return _intercepted(draws, snap, max(yards, -5), where, foul)
    if dpi:
        return _interference(snap, yards, incomplete, where, foul)
    snap.foul = foul
    if incomplete or (yards < 0 and call.throw_away) or yards > room:
        snap.gain = None
        return snap
    snap.gain = min(yards, where.to_goal) if yards >= where.to_goal else yards
    return _after_catch(draws, snap, dfn, shown, target, where)


def _intercepted(draws: Draws, snap: Snap, air: int, where: Field, foul: Foul | None) -> Snap:
    """"Field position of interception is determined by total match-up value ..., but at a
    maximum of five yards behind the LoS"; the interceptor's automatic run (C30: no
    tacklers), and beyond the back of the end zone the pass is incomplete."""
    if air > where.to_goal + 10:
        snap.gain, snap.foul = None, foul
        return snap
    snap.interception, snap.air = True, air
    snap.foul = foul
    first = draws.draw()
    while first == BLACK:
        first = draws.draw()
    if first == RED:
        snap.ret = 0
        return snap
    snap.ret = VALUES[first]
    if is_face(first):
        run = open_field_run(draws, FACES[first])
        snap.ret += run.yards
        snap.open_field = run.drew
    return snap


def _interference(snap: Snap, yards: int, incomplete: bool, where: Field,
                  foul: Foul | None) -> Snap:
    """"Black Joker = Penalty: Defensive pass interference ... calculate total yardage for
    interference field position as if it was a completion ... If the interference takes
    place in the end zone, the ball is placed on the one-yard line. If D > O, there is no
    pass interference for a receiver behind the LoS, but it is a 5 yard penalty"; the
    offence declines it for a completion that gains more (C22)."""
    if yards <= 0:
        dpi = Foul(5, "D", first_down=True, spot_foul=True)
    else:
        dpi = Foul(min(yards, where.to_goal - 1), "D", first_down=True, interference=True)
    if not incomplete and yards > dpi.yards:
        snap.gain, snap.foul, snap.declined = min(yards, where.to_goal), dpi, True
        return snap
    snap.gain, snap.foul = None, dpi
    return snap


def _after_catch(draws: Draws, snap: Snap, dfn: Defense, shown: set[str], target: str,
                 where: Field) -> Snap:
    """"Run After Pass": one card less the unrevealed defenders of the first set; on a face
    card with yards gained, the open-field run. Late in a half the receiver may go out of
    bounds instead of drawing (C30)."""
    if snap.total >= where.to_goal:
        return snap
    if where.late:
        snap.out_of_bounds = True
        return snap
    side = SIDE[target]
    groups = (SAME_SIDE[side], OTHER_SIDE[side]) if target in ("WL", "WR") else \
        (LINEBACKERS, SAFETIES)
    tacklers = _sets(dfn, shown, groups)
    run = open_field_run(draws, 1, tacklers, room=where.to_goal - snap.total,
                         start=snap.total)
    snap.open_field = len(run.cards) > 1
    return _after_run(draws, snap, run)


def screen(draws: Draws, off: Offense, dfn: Defense, read: Read, call: Call, gap: tuple[int, ...],
           o: list[int], d: list[int], shown: set[str], where: Field, lateral: bool) -> Snap:
    """"Screen Pass": completed like a quick pass (a Pass draw lower than the QB, a
    Reception draw lower than the back), then run like a rushing play (the back double, the
    Reception draw as the hand-off, the blockers; half the difference) and an automatic
    open-field run. "Lateral": no Pass draw, an incompletion is a fumble 5 yards behind the
    line, and the run starts 5 yards behind it."""
    snap = Snap("lateral" if lateral else "screen", suit=SUIT_OF[off.cards["HB"]])
    back = HAND_VALUES[off.cards["HB"]]
    foul: Foul | None = None
    incomplete = intercepted = False
    if not lateral:
        card = draws.draw()
        if card == RED:
            return fumble(draws, snap, -5)
        if card == BLACK:
            foul = Foul(5, "O", previous=True)
            card = standard(draws)
        incomplete = VALUES[card] >= HAND_VALUES[off.cards["QB"]] + off.shotgun
    card = draws.draw()
    if card == RED and not lateral:
        intercepted = True
        card = standard(draws)
    elif card == BLACK:
        foul = foul or Foul(10, "O", previous=True)
        card = standard(draws)
    elif card == RED:
        card = standard(draws)
    reception = card
    snap.last_draw = card
    incomplete = incomplete or VALUES[reception] >= back
    if lateral and incomplete:
        snap.foul = foul
        return fumble(draws, snap, -5)
    extra = extra_card(dfn, shown, GAP_RANGE[gap])
    if extra:
        shown.add(extra)
    offense = 2 * (back - off.shotgun) + VALUES[reception] + sum(o[i] for i in gap)
    defense = sum(d[i] for i in gap) + (HAND_VALUES[dfn.cards[extra]] if extra else 0)
    cards, def_foul, fumbled = defensive_draws(draws, 3)
    defense += sum(map(VALUES.__getitem__, cards))
    snap.foul = foul or def_foul
    if intercepted:
        snap.interception, snap.air = True, max(half_up(offense - defense), -5)
        snap.ret = 0
        return snap
    if incomplete:
        snap.gain = None
        return snap
    gain = run_yards(offense, defense, cards) - (5 if lateral else 0)
    snap.gain = min(gain, where.to_goal)
    if fumbled:
        return fumble(draws, snap, snap.gain)
    if snap.gain >= where.to_goal:
        return snap
    if where.late:
        snap.out_of_bounds = True
        return snap
    run = open_field_run(draws, 1, gap_tacklers(dfn, shown, gap),
                         room=where.to_goal - snap.gain, start=snap.gain)
    snap.open_field = len(run.cards) > 1
    return _after_run(draws, snap, run)


# -- the play from the snap --------------------------------------------------------------------
def snap_draw(draws: Draws, shotgun: bool) -> tuple[Foul | None, int | None]:
    """"Draw one card for snap": a Black Joker and a black card, offside on the defence
    (the play goes on); a red one, a foul on the offence that stops the play (a face card:
    delay of game, C19: the bots take the penalty); a Red Joker, a fumbled snap on an A or 2
    (shotgun: A-5, and one more card for the yards), else the offence's foul. Returns the
    foul and the fumble's yards behind the line."""
    card = draws.draw()
    if card not in (BLACK, RED):
        return None, None
    after = draws.draw()
    if card == BLACK:
        offside, false_start = Foul(5, "D", previous=True), Foul(5, "O", stops=True)
        return (false_start if red(after) else offside), None
    fumbles = 5 if shotgun else 2
    if after not in (BLACK, RED) and VALUES[after] <= fumbles:
        return None, value(standard(draws)) if shotgun else VALUES[after]
    return Foul(5, "O", stops=True), None


def reveal(off: Offense, dfn: Defense, read: Read, receivers: list[str],
           shown: set[str]) -> Read:
    """Receivers revealed one a turn: the defence turns over the cards covering each and
    moves the safety of that side up beside a wide receiver its cornerback is no match for
    (C21)."""
    double = list(read.double)
    for r in receivers:
        cover = _coverage(dfn, double, r, shown)
        shown.update(cover)
        safety = "FS" if SIDE[r] == "L" else "SS"
        if r in ("WL", "WR") and safety not in shown and \
                HAND_VALUES[off.cards[r]] > _values(dfn.cards, cover):
            double.append((safety, r))
            shown.add(safety)
    if len(double) == len(read.double):
        return read                             # nobody moved up: the same read
    return new_tuple(Read, (read.blitz, tuple(double)))


def _backs(off: Offense, o: list[int]) -> tuple[tuple[str, int], ...]:
    """Shotgun: "RBs provide immediate automatic pass protection", each on its own side,
    in the weaker of that side's two match-ups."""
    if not off.shotgun:
        return ()
    return (("FB", min((0, 1), key=lambda i: o[i])), ("HB", min((2, 3), key=lambda i: o[i])))


def play(draws: Draws, off: Offense, dfn: Defense, read: Read, call: Call, where: Field
         ) -> Snap:
    """One scrimmage play from the snap to the whistle."""
    foul, fumbled = snap_draw(draws, off.shotgun)
    if foul is not None and foul.stops:
        return Snap("", gain=None, foul=foul)
    if fumbled is not None:
        return fumble(draws, Snap("run"), -fumbled)
    snap = _execute(draws, off, dfn, read, call, where)
    if foul is not None:                 # the offside: the offence may decline it (C22)
        snap.foul = snap.foul or foul
    return snap


def _execute(draws: Draws, off: Offense, dfn: Defense, read: Read, call: Call,
             where: Field) -> Snap:
    if call.kind == "spike":
        return Snap("spike", gain=None)
    kind = call.kind
    passing = kind == "pass"
    o, d = line_values(off, dfn, read, te_blocks=not passing)
    if kind == "sneak":
        return sneak(draws, off, dfn, read, o, d, where)
    if passing and off.shotgun:
        for back, i in _backs(off, o):
            o[i] += block_half(off.cards[back])
    units = threats(o, d, HAND_VALUES[off.cards["QB"]] + (off.shotgun and passing))
    auto = automatic_sack(units)
    if auto:
        return sack(draws, auto[0], Snap("sack"))
    shown = _shown(read)
    if passing:
        return _pass(draws, off, dfn, read, call, units, shown, where)
    if kind == "scramble":
        return scramble(draws, off, dfn, read, o, d, shown, where)
    gap = call.gap or best_gap(o, d)     # the running plays' match-ups (the others' own)
    if kind == "run":
        return rushing(draws, off, dfn, read, call, gap, o, d, where)
    return screen(draws, off, dfn, read, call, gap, o, d, shown, where,
                  lateral=kind == "lateral")


def _pass(draws: Draws, off: Offense, dfn: Defense, read: Read, call: Call,
          units: list[tuple[int, int]], shown: set[str], where: Field) -> Snap:
    """The turns before the throw: a pass-rush round at the start of each turn the offence
    plays on (unless protected), one receiver revealed a turn; the throw at the start of
    turn `call.turns` (0: in the Blocking phase, no yardage cards)."""
    order = sorted(("WL", "WR", "TE"), key=lambda p: -HAND_VALUES[off.cards[p]])
    turns = call.turns if units else max(call.turns, 3)
    pressure = 0
    holding: Foul | None = None
    revealed: list[str] = []
    for t in range(1, turns):
        if units:
            rush = rush_round(draws, units)
            holding = holding or rush.foul
            if rush.fumble is not None:
                snap = fumble(draws, Snap("pass"), -rush.fumble)
                snap.foul = holding
                return snap
            if rush.sack is not None:
                return Snap("sack", gain=-rush.sack, sacked=True, foul=holding)
            pressure = rush.pressure
        if t <= len(order):
            revealed.append(order[t - 1])
            read = reveal(off, dfn, read, [order[t - 1]], shown)
    target = call.target or _best_target(off, dfn, read, revealed or order[:1], shown)
    yardage = min(call.yardage, call.turns) if units else call.yardage
    snap = passing(draws, off, dfn, read, call, target, shown, pressure, yardage, units,
                   max(turns - 1, 0), where)
    if holding is not None and snap.foul is None:
        snap.foul = holding
    return snap


def _best_target(off: Offense, dfn: Defense, read: Read, revealed: list[str],
                 shown: set[str]) -> str:
    """The revealed receiver with the most over the cards covering it."""
    def edge(r: str) -> int:
        return HAND_VALUES[off.cards[r]] - _values(dfn.cards, coverage(dfn, read, r, set(shown)))
    return max(revealed, key=edge)
