"""Special teams for the bots: kickoff, free kick, onside kick, punt, field goal and extra
point, each drawn from the top of its play's deck as the rules' "Special Teams" say.

Every function takes the play's :class:`~printkit_engine.cardbowl.deal.Draws` and the choices the
rules leave to a player (a :class:`Choices`), and returns what happened as data: where the
ball ends up, from the receiving team's own goal line (0-100; a kick received in the end zone
is negative, "-3 yards inside end zone"), penalties, a fumble, the card groups of the notes'
cards line (docs/notation.md), and the clock intervals the play uses (Complex Timing). The
decisions behind what the rules leave open are C19-C30 in docs/rules/cardbowl.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from printkit_engine.cardbowl.cardplay import (
    BLACK,
    FACES,
    RED,
    VALUES,
    Foul,
    Recovery,
    column,
    half_up,
    open_field_run,
    recover,
    red,
    standard,
    value,
)
from printkit_engine.cardbowl.deal import Draws
from printkit_engine.cardbowl.rules import Rules

FIELD = 100


class Choices(Protocol):
    """What a receiver or kicker decides in the middle of a kick's draws."""

    def touchback(self, spot: int) -> bool:
        """Down a kick in the end zone (`spot` <= 0) rather than run it out?"""

    def punt_catch(self, received: int, coverage: str) -> str:
        """"return", "fair" (fair catch) or "bounce" (let it bounce) for a punt received at
        `received` once the coverage card is drawn."""


@dataclass
class Kick:
    """A kick's outcome, receiving team's view. `spot` where the receiving team has the ball
    (None: the kicking team keeps it, or the spot is a fumble's, below); `received` the yard
    line the kick came down at; `ret` the return yards written (None: no return)."""

    received: int | None = None
    ret: int | None = None
    spot: int | None = None
    touchback: bool = False
    out_of_bounds: bool = False
    fair_catch: bool = False
    downed: bool = False
    touchdown: bool = False
    kept: bool = False                 # the kicking team recovered (a muff, an onside kick)
    blocked: bool = False
    punt: int | None = None            # punt yards from the line of scrimmage
    bounce: int = 0                    # yards a bounce moved a punt (written into its yards)
    foul: Foul | None = None           # against "K" (kicking) or "R" (receiving) team
    groups: list[list[str]] = field(default_factory=list)
    clean: int = 99                    # groups whose cards the notes' formulas can read
    intervals: int = 0
    ofr: tuple[str, ...] = ()          # open-field run cards of the return
    recovery: Recovery | None = None


def _share(coverage: int, draws: int, i: int) -> int:
    """Coverage yards against return draw i of `draws` ("distributed between Return draws,
    rounding to nearest, with halves rounded up": 10 over 4 is 3, 2, 3, 2)."""
    return half_up(coverage * (i + 1), draws) - half_up(coverage * i, draws)


def _penalty(card: str, yards: tuple[int, int, int], against: str) -> Foul:
    return Foul(column(card, yards), against)


# -- kickoff -------------------------------------------------------------------------------
def kickoff(draws: Draws, rules: Rules, choose: Choices, free: bool = False) -> Kick:
    """"Draw two cards. Value - 11 = yard line received" (a free kick after a safety: - 1),
    then the coverage draw and the four return draws (Return Coverage, Return, Open-Field
    Run)."""
    kick = rules.kickoff
    out = Kick()
    first = draws.draw()
    group = [first]
    out.groups.append(group)
    cards: list[str] = []
    muffed = False
    if first == BLACK:
        decider = draws.draw()
        group.append(decider)
        if decider == RED or VALUES[decider] > kick.offside_max:
            # "6-K or other Joker = kick out of bounds, receiving team starts 30 yards from
            # spot of kick"
            kicked_from = rules.punt.free_kick_spot if free else kick.kick_spot
            out.out_of_bounds = True
            out.spot = FIELD - (kicked_from + kick.out_of_bounds)
            return out
        out.foul = Foul(5, "K")          # "Offsides on kicking team tacked on at end of kick"
    elif first == RED:
        muffed = True
    else:
        cards.append(first)
    while len(cards) < kick.cards:
        card = draws.draw()
        group.append(card)
        if card == RED:
            muffed = True                  # "fumble by receiver ... Receiver automatically
            continue                       # recovers, but sacrifices one return draw"
        if card == BLACK:
            out.foul = Foul(0, "K")        # "penalty against kicking team. After play has
            continue                       # concluded, draw another card"
        cards.append(card)
    out.received = sum(map(VALUES.__getitem__, cards)) - rules.kickoff_subtract(free)
    coverage, muff, foul = _coverage(draws, out)
    muffed = muffed or muff
    out.foul = out.foul or foul
    _return(draws, rules, choose, out, coverage, kick.return_cards - muffed, kickoff=True)
    if out.foul is not None and out.foul.yards == 0:
        card = draws.draw()                # the second card's penalty, after the play
        out.foul = Foul(column(card, (10, 10, 15)), "K")
        out.clean = min(out.clean, len(out.groups))
    return out


def _coverage(draws: Draws, out: Kick) -> tuple[str, bool, Foul | None]:
    """The kicker's coverage draw: "Red Joker = Receiver fumbles reception, same as above
    ...; draw replacement card for coverage. Black Joker = penalty against kicking team;
    Draw another card: 1-10 = 10 yard penalty ...; face card or other Joker = 15" (then a
    replacement for coverage: C22)."""
    group: list[str] = []
    out.groups.append(group)
    muffed, foul = False, None
    while True:
        card = draws.draw()
        group.append(card)
        if card == RED:
            muffed = True
        elif card == BLACK:
            pen = draws.draw()
            group.append(pen)
            foul = _penalty(pen, (10, 10, 15), "K")
            out.clean = min(out.clean, 1)      # a penalty card in the coverage group
        else:
            return card, muffed, foul


def _return(draws: Draws, rules: Rules, choose: Choices, out: Kick, coverage: str, n: int,
            kickoff: bool) -> None:
    """Return draws - coverage (+ the open-field run) from the spot received, or a
    touchback: "If the kick is received in the endzone, the receiver can declare a
    touchback"; "If the receiver draws one or even two cards and is still inside the end
    zone, receiver can still accept a touchback"."""
    received = out.received
    assert received is not None
    if received <= 0 and choose.touchback(received):
        out.touchback = True
        return
    group: list[str] = []
    out.groups.append(group)
    cover = VALUES[coverage]
    yards = 0
    drawn: list[str] = []
    while len(drawn) < n:
        card = draws.draw()
        group.append(card)
        if card == RED:                                 # "Fumble on return ... (no further
            if not drawn:                               # draws)"; C25: a group of no card
                out.clean = min(out.clean, 2)           # is not written
            _fumbled(draws, out, received + yards)
            out.intervals = 1 + (out.ret is not None and out.ret > 25)
            return
        if card == BLACK:                               # against the receiving team, from
            pen = draws.draw()                          # the spot of the foul
            group.append(pen)
            out.foul = Foul(column(pen, (10, 10, 15)), "R", spot=yards)
            out.clean = min(out.clean, 2)
            continue
        yards += VALUES[card] - _share(cover, n, len(drawn))
        drawn.append(card)
        if len(drawn) <= 2 and received <= 0 and received + yards <= 0 and \
                choose.touchback(received + yards):
            out.touchback = True
            return
    first = FACES[drawn[-1]] - FACES[coverage]             # "Final return draw - coverage
    run = open_field_run(draws, first, room=FIELD - (received + yards), start=yards,
                         cap=False) \
        if first > 0 else None                           # draw = number of initial OFR draws"
    if run is not None:
        out.ofr = run.cards
        out.groups.append(list(run.cards))
        yards += run.yards
        if run.foul is not None:
            out.foul = _kick_foul(run.foul)
            out.clean = min(out.clean, 2)     # the return's sum is not written whole
        if run.fumble is not None:
            out.ret = yards - run.yards + run.fumble
            _fumbled(draws, out, received + out.ret)
            out.intervals = 2
            return
    out.ret = yards
    _finish(out, received)
    if out.spot is not None and out.spot <= 0:
        # C27: carried back into the end zone from the field: the receiver is downed at the
        # 1 (the notes have no safety on a return); its return cards are left off
        out.spot, out.ret = 1, 1 - received
        out.clean = min(out.clean, 2)
    returned = 1 if not kickoff else (2 if run is not None and run.drew else 1)
    out.intervals = max(returned if kickoff else 2, 2 if out.ret > 25 else 0)


def _kick_foul(foul: Foul) -> Foul:
    """An open-field run's foul on a return: against the runners is the receiving team's."""
    return Foul(foul.yards, "R" if foul.against == "O" else "K", foul.first_down, foul.spot)


def _fumbled(draws: Draws, out: Kick, spot: int, advance: bool = True) -> None:
    """A return fumbled at `spot`: "proceed to fumble rules from that spot". A muffed fair
    catch is not advanced (`advance` False, C27): the ball is where it was recovered and no
    return is written."""
    rec = recover(draws)
    out.recovery = rec
    out.ret = spot - (out.received or 0) + rec.bounce
    if rec.by == "D":
        out.kept = True
        return
    run = open_field_run(draws, rec.run_draws, room=FIELD - spot - rec.bounce) \
        if rec.run_draws and advance else None
    out.ret += run.yards if run else 0
    out.spot = (out.received or 0) + out.ret
    out.clean = min(out.clean, 2)
    _finish(out, out.received or 0)
    if not advance and out.ret is not None:
        out.spot, out.ret = min(max(out.spot or 1, 1), FIELD - 1), None
    if out.spot is not None and out.spot <= 0:     # recovered in its own end zone: C27
        if (out.received or 0) <= 0:
            out.touchback, out.ret, out.spot = True, None, None
        else:
            out.spot, out.ret = 1, 1 - (out.received or 0)


def _finish(out: Kick, received: int) -> None:
    """The end of a return: "spot of foul is yardage drawn up to that point" for the
    receiving team's foul (the kicking team takes it, and a touchdown with it; the return
    cards no longer add up to what is written), else a touchdown past the goal line."""
    assert out.ret is not None
    if out.foul is not None and out.foul.against == "R":
        if out.foul.spot is not None:
            out.ret = max(out.foul.spot, 1 - received)     # enforced from the 1 at worst
            out.clean = min(out.clean, 2)
        out.ret = min(out.ret, FIELD - received)
        out.spot = received + out.ret
        out.touchdown = False
        return
    out.spot = received + out.ret
    out.touchdown = out.spot >= FIELD


# -- punt ----------------------------------------------------------------------------------
def punt(draws: Draws, rules: Rules, choose: Choices, los: int, cards: int,
         out_of_bounds: bool, free: bool = False) -> Kick:
    """"Kicker draws 1-4 cards ... Total value of drawn cards + 15 = punt yardage (from
    LoS)" (a free kick from the 20: four cards + 25); `los` the kicking team's yard line;
    `out_of_bounds` an attempt to kick out of bounds (fewer than four cards)."""
    p = rules.punt
    out = Kick()
    group: list[str] = []
    out.groups.append(group)
    kicked: list[str] = []
    while len(kicked) < cards:
        card = draws.draw()
        group.append(card)
        if card == RED:
            return _blocked_punt(draws, out, los)
        if card == BLACK:
            pen = draws.draw()
            group.append(pen)
            out.foul = _penalty(pen, (5, 10, 15), "K") if red(pen) else \
                _penalty(pen, (5, 5, 15), "R")
            out.clean = 0
            continue
        kicked.append(card)
    out.punt = sum(map(VALUES.__getitem__, kicked)) + rules.punt_add(free)
    out.received = FIELD - (los + out.punt)
    out.intervals = 1
    if out.received <= 0:
        return _punt_end_zone(draws, out, choose)
    if out_of_bounds:
        check = draws.draw()
        out.groups.append([check])
        if check[-1:] != kicked[-1][-1:]:   # "if suit does not match ... out of bounds"
            out.out_of_bounds = True
            out.spot = out.received
            return out
        out.clean = min(out.clean, 1)       # no group for a failed out-of-bounds card (C25)
    coverage = draws.draw()
    out.groups.append([coverage])
    must_catch = False
    while coverage in (RED, BLACK):
        if coverage == RED:                 # "NOT a Fumble but the Receiver must take a fair
            must_catch = True               # catch to avoid the Fumble"
        else:
            pen = draws.draw()
            out.groups[-1].append(pen)
            out.foul = _penalty(pen, (5, 10, 15), "K")
            out.clean = min(out.clean, len(out.groups) - 1)
        coverage = draws.draw()
        out.groups[-1].append(coverage)
    how = "fair" if must_catch or cards <= p.fair_catch_max_cards else \
        choose.punt_catch(out.received, coverage)
    if how == "fair":
        return _fair_catch(draws, out)
    if how == "bounce":
        return _bounce(draws, out, kicked[-1], coverage)
    _return(draws, rules, choose, out, coverage, p.return_cards, kickoff=False)
    if out.ret is not None:
        out.intervals = 2
    return out


def _punt_end_zone(draws: Draws, out: Kick, choose: Choices) -> Kick:
    """A punt into the end zone: the coverage card is drawn, and the receiver downs it (a
    Black Joker's penalty on the kicking team is enforced from the touchback)."""
    card = draws.draw()
    out.groups.append([card])
    if card == BLACK:
        out.foul = _penalty(draws.draw(), (5, 10, 15), "K")
    if card in (RED, BLACK):
        out.clean = min(out.clean, 1)
    out.touchback = True
    return out


def _fair_catch(draws: Draws, out: Kick) -> Kick:
    """"Receiver must draw one card; anything but a Red Joker, fair catch is made. Red Joker
    = Fumble. Black Joker = fair catch is made but penalty, same as punt return."""
    card = draws.draw()
    if card == RED:
        _fumbled(draws, out, out.received or 0, advance=False)
        return out
    if card == BLACK:
        out.foul = _penalty(draws.draw(), (10, 10, 15), "R")
    out.fair_catch = True
    out.spot = out.received
    return out


def _bounce(draws: Draws, out: Kick, last: str, coverage: str) -> Kick:
    """"Draw one card to determine direction and distance of bounce. Distance = Value.
    Direction: Different from suit as Punt draw = bounce in same direction; same suit =
    bounce back"; a forward bounce draws again the same way; the coverage card downs a
    backward bounce it is at least ("if coverage card >= bounce card, ball is down at
    received spot; if touch card < bounce card, bounce is difference") and may take a
    forward bounce of its own suit short (C26: as far as keeps the ball out of the end zone).
    A Red Joker touches the receiving team (a fumble, C26); a Black Joker is replaced."""
    received = out.received or 0
    first = _bounce_card(draws)
    if first == RED:
        _fumbled(draws, out, received)
        return out
    if first[-1] == last[-1]:                          # back towards the kicking team
        moved = -max(VALUES[first] - VALUES[coverage], 0)
    else:
        moved = VALUES[first]
        second = _bounce_card(draws)
        if second == RED:
            _fumbled(draws, out, received)
            return out
        moved += VALUES[second] if second[-1] != first[-1] else -VALUES[second]
        if coverage[-1] == first[-1] and received - moved <= 0 < received:
            moved = min(moved, max(received - 1, 0))   # downed short of the goal line
    out.bounce = moved
    spot = received - moved
    out.clean = 0                                      # the punt's yards include the bounce
    if spot <= 0:
        out.touchback = True
        return out
    out.downed = True
    out.spot = min(spot, FIELD - 1)
    return out


def _bounce_card(draws: Draws) -> str:
    card = draws.draw()
    while card == BLACK:                       # "discard and replace"
        card = draws.draw()
    return card


def _blocked_punt(draws: Draws, out: Kick, los: int) -> Kick:
    """"Red Joker = blocked kick. Draw one card + 5 for distance behind line of scrimmage,
    and proceed to Fumble rules, except receiving (blocking) team draws two cards"."""
    behind = value(standard(draws)) + 5
    out.blocked = True
    out.clean = 0
    rec = recover(draws, fall=(2, 2), receiver_two=True)
    out.recovery = rec
    spot = los - behind                         # the kicking team's view
    out.spot = FIELD - spot                     # the receiving (blocking) team's
    out.kept = rec.by == "O"
    out.intervals = 1
    return out


# -- kicks at goal ----------------------------------------------------------------------------
@dataclass
class Goal:
    """A field goal or extra point: `good`; `blocked` (and where, from the kicking team's
    goal line, and who recovered); `foul` a Black Joker's penalty; `stops` the play stopped
    by it (the down is replayed); `cards` as drawn, `written` whether the notes' formula
    can read them (no penalty card among them)."""

    good: bool = False
    blocked: bool = False
    block_spot: int | None = None
    recovery: Recovery | None = None
    foul: Foul | None = None
    stops: bool = False
    cards: list[str] = field(default_factory=list)
    written: bool = True
    total: int = 0


def field_goal(draws: Draws, rules: Rules, distance: int, los: int,
               extra_point: bool = False) -> Goal:
    """"Kicker draws six cards: total value = kick distance; Kick distance >= field goal
    distance = success"; a Red Joker in the first draws a block; Black Jokers as the
    "Penalties" section says (an extra point: "only first card counts for block or botched
    snap with Joker", C28)."""
    fg = rules.field_goal
    window = fg.extra_point_block_draws if extra_point else fg.block_draws(distance)
    out = Goal()
    kicked: list[str] = []
    while len(kicked) < fg.cards:
        card = draws.draw()
        out.cards.append(card)
        position = len(out.cards)
        if card == RED and position <= window:
            out.blocked = True
            if not extra_point:
                first = 0 if position == 1 else VALUES[out.cards[0]]
                out.block_spot = los - fg.spot_behind + half_up(first, 2)
                out.recovery = recover(draws, fall=(2, 2))
            return out
        if card == BLACK and position == 1:
            if extra_point:
                out.written = False          # a botched snap: no good (C28)
                return out
            pen = draws.draw()
            out.written = False
            if red(pen):                     # "Red = against offense (illegal procedure),
                out.foul = Foul(5, "O", stops=True)   # play stops"
                out.stops = True
                return out
            out.foul = Foul(5, "D")          # "Black = against defense (offsides), play
            continue                         # proceeds, draw replacement card"
        if card == BLACK and position == 2 and not extra_point:
            pen = draws.draw()
            out.written = False
            big = pen in (RED, BLACK) or FACES[pen] > 0
            out.foul = Foul(15 if big else 5, "D", first_down=big)
            continue
        if card in (RED, BLACK):
            continue                         # "discarded and replaced"
        kicked.append(card)
    out.total = sum(map(VALUES.__getitem__, kicked))
    out.good = out.total >= distance
    return out


# -- onside kick -------------------------------------------------------------------------------
@dataclass
class Onside:
    """An onside kick: `distance` from the kicking team's 30 (as the notes write it);
    `kept` the kicking team recovered."""

    distance: int
    kept: bool
    recovery: Recovery | None = None


def onside(draws: Draws, declared: int, start: int = 30) -> Onside:
    """"Player first declares how many yards will be added to the value of a drawn card ...
    If distance < 10, kick over. Black Joker = out of bounds, kick over 5 yards back. Red
    Joker = receiver fumbles, loses advantage ...; draw replacement". Short or out twice in
    a row: the receiving team takes the dead ball. Both teams fall on the ball (+2, C29): the
    kicking team "cannot advance ball after recovery", and the notes have no return."""
    spot, misses = start, 0
    while True:
        card = draws.draw()
        muffed = card == RED
        if card == BLACK:
            misses += 1
            if misses == 2:
                return Onside(spot + value(standard(draws)) + declared - start, False)
            spot -= 5
            continue
        if muffed:
            card = standard(draws)
        distance = declared + VALUES[card]
        if distance < 10:
            misses += 1
            if misses == 2:
                return Onside(spot + distance - start, False)
            continue
        edge = 0 if muffed else distance - 10
        rec = recover(draws, fall=(2, 2), head_start=edge)
        return Onside(spot + distance - start, rec.by == "O", rec)
