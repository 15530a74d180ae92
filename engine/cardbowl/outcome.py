"""What a play's written result leads to: the next spot, down and team, and any score.

Each public function is pure: it takes a :class:`~printkit_engine.cardbowl.state.Situation` (the
spot, down and line to gain as written) and the line, and returns an
:class:`~printkit_engine.cardbowl.state.Outcome`: the :class:`Expect` for the next line (as the line
wrote it), what the result itself gets wrong (a touchdown short of the goal or past it, a field
goal's distance, a return's arithmetic), the points scored, and where the rules' own reading leads
when the line wrote something else (a return that does not add up, an automatic first down no
penalty gives): the next line may follow either. Decisions quoted in docs/rules/cardbowl.md
(C2..C10, C14).
"""

from __future__ import annotations

from printkit_engine.cardbowl.notation import Entry, Penalty, Result
from printkit_engine.cardbowl.rules import Rules
from printkit_engine.cardbowl.state import END_ZONE, FIELD, Expect, Notes, Outcome, Situation
from printkit_engine.cardbowl.state import yard as _yard


def _series(team: int, pos: int | None, change: bool, first: int):
    marker = None if pos is None else min(pos + first, FIELD)
    return Expect(kind="scrimmage", offense=team, change=change, pos=pos, down=1,
                   marker=marker)


def _touchdown(g: Notes, team: int, change: bool):
    g.add_points(team, g.rules.points("touchdown"))
    return Expect(kind="try", offense=team, change=change)


def _returned(g: Notes, entry: Entry, team: int, start: int | None, spot: int | None,
              change: bool) -> Expect | None:
    """A return by `team` from `start` to `spot` (its own view): past the goal line is a
    touchdown, its yards written to the goal line or all the yards the draws gave (C14);
    `TD` written short of it is flagged, and taken as written (one slip, one finding). None:
    no score, the caller goes on."""
    if spot is not None and spot >= FIELD:
        return _touchdown(g, team, change)
    if not entry.result.touchdown:
        return None
    if spot is not None and start is not None:
        g.flag(entry, "CB-TD-001", "touchdown short of the goal line",
               f"a return of {FIELD - start}", f"{spot - start}")
        _yards_unknown(g, _series(team, None, change, g.rules.field.first_down))
    return _touchdown(g, team, change)


def _yards_unknown(g: Notes, expect: Expect) -> None:
    """Yards that cannot be right (a touchdown short of the goal or past it, a safety in the
    field, penalty yards the rules never give): the next line may say where the ball went,
    with no score (a line without a result is read the same way)."""
    g.also(expect, (0, 0))


PASSES = ("pass", "screen")
INTERFERENCE_PLAYS = ("pass", "throw")    # the passing play's defensive draws (not a screen's)


def _past_the_end_zone(g: Notes, entry: Entry, needed: int, written: int) -> None:
    """C14: "the total yardage outcome of the pass must not go beyond the back of the
    endzone or the pass is incomplete": a pass written past it is no touchdown."""
    g.flag(entry, "CB-TD-002", "a pass beyond the back of the end zone is incomplete",
           f"a gain of {needed} to {needed + END_ZONE}", f"{written}")


def _spot_foul(p: Penalty, res: Result, against: str | None, kick: bool) -> bool:
    """Defensive pass interference, a spot foul (C4): "The ball is moved forward to the
    location of the interference and offense has an automatic first down." Written as such
    (`8 yd pass interference`), or a penalty against the defence with an automatic first
    down on a pass that gained nothing (`pass inc.; 8 yd pen. vs. D, auto 1st down`): the
    yards are the pass's "as if it was a completion", any number."""
    if against != "D" or kick:
        return False
    return p.interference or (p.auto_first and res.play in INTERFERENCE_PLAYS
                              and res.gain is None)


def _penalty_yards(g: Notes, entry: Entry, res: Result, spot: int, kick: bool) -> tuple[int, bool]:
    """Net yards the penalties move the ball (offence's view) and whether one gave a 1st down.

    C4: half the distance to the goal when a penalty would move the ball more than that; a
    pass interference to its spot, never past the 1 ("If the interference takes place in the
    end zone, the ball is placed on the one-yard line"); a declined penalty moves nothing.
    """
    allowed = g.rules.field.penalty_yards
    net, auto = 0, False
    for p in res.penalties:
        against = {"K": "D", "R": "O"}.get(p.against or "", p.against) if kick else p.against
        spot_foul = _spot_foul(p, res, against, kick)
        if spot_foul and p.yards is not None and p.yards < 1:
            g.flag(entry, "CB-PEN-002", "pass interference moves the ball forward",
                   "1 yard or more", p.yards)
        elif not spot_foul and p.yards is not None and p.yards not in allowed:
            g.flag(entry, "CB-PEN-002", "penalty yards are 5, 10 or 15",
                   " or ".join(map(str, allowed)), p.yards)
        if against == "O" and p.auto_first:
            g.flag(entry, "CB-PEN-001", "automatic first down on a penalty against the offense",
                   "no automatic first down", "auto 1st down")
        if p.declined or p.yards is None:
            continue
        where = spot + net
        if spot_foul:
            net += max(min(p.yards, FIELD - 1 - where), 0)
            auto = True
        elif against == "D":
            room = FIELD - where
            net += min(p.yards, room // 2) if p.yards > room / 2 else p.yards
            auto = auto or p.auto_first
        elif against == "O":
            room = where
            net -= min(p.yards, room // 2) if p.yards > room / 2 else p.yards
    return net, auto


def scrimmage_outcome(s: Situation, entry: Entry, team: int) -> Outcome:
    """A scrimmage line's result from the line as written (pos, down, marker of `s`)."""
    if s.pos is not None and s.down is not None and s.marker is not None and (
            plain := plain_gain(s.rules, s.pos, s.down, s.marker, entry.result, team)):
        return Outcome(plain, (), (0, 0))
    g = Notes(s)
    return g.step(_scrimmage(g, entry, team))


def plain_gain(rules: Rules, pos: int, down: int, marker: int, res: Result,
               team: int) -> Expect | None:
    """Where a plain gain (or an incomplete pass) that stays in the field leads, most lines:
    `_scrimmage`'s way for it, without its notes and their checks (no penalty, turnover or
    score, nothing to flag, no points). None for any other result."""
    if res.penalties or res.field_goal or res.punt_play or res.interception or res.fumble \
            or res.auto_first or res.touchdown or res.safety or not res.written:
        return None
    gain = 0 if res.incomplete else res.gain
    if gain is None or not 0 < pos + gain < FIELD:
        return None
    return _next_down(team, pos + gain, down, marker, False, bool(res.replay),
                      rules.field.first_down)


def _scrimmage(g: Notes, entry: Entry, team: int) -> Expect:
    res, pos, down, marker = entry.result, g.pos, g.down, g.marker
    assert pos is not None and down is not None and marker is not None
    first = g.rules.field.first_down
    other = 1 - team
    if not res.written:
        return Expect(kind="open", offense=team, pos=pos, down=down, marker=marker)
    if res.field_goal:
        return _field_goal(g, entry, team, pos)
    if res.punt_play:
        return _punt(g, entry, team, pos)
    gain = 0 if res.incomplete else res.gain
    if res.interception:
        start = spot = None
        if res.air is not None:
            start = FIELD - (pos + res.air)
            spot = start + (res.ret or 0)
            if start <= 0 and (res.touchback or res.downed or not res.ret):
                start = spot = g.rules.field.touchback     # C6: downed in the end zone
        scored = _returned(g, entry, other, start, spot, True)
        return scored or _series(other, spot, True, first)
    if gain is None and not res.penalties:
        if res.fumble and res.recovered in ("D", "K"):
            return _series(other, None, True, first)
        if res.touchdown:
            return _touchdown(g, team, False)
        if res.safety:
            return _safety(g, team)
        return Expect(kind="open", offense=team, pos=pos, down=down, marker=marker)
    gain = gain or 0
    if res.fumble and res.recovered in ("D", "K"):
        start = FIELD - (pos + gain)
        spot = start + (res.ret or 0)
        scored = _returned(g, entry, other, start, spot, True)
        return scored or _series(other, spot, True, first)
    if res.fumble and res.ret:
        gain += res.ret
    net, auto = _penalty_yards(g, entry, res, pos + gain, kick=False)
    if res.auto_first and not auto and not any(p.auto_first for p in res.penalties):
        g.flag(entry, "CB-PEN-001", "automatic first down without a penalty against the "
               "defense", "a penalty vs. D", "auto 1st down")
    # resynchronise: the first down as written (none for a declined penalty's)
    written_first = auto or (res.auto_first and not any(p.auto_first and p.declined
                                                        for p in res.penalties))
    new = pos + gain + net
    unknown = Expect(kind="open", offense=team, pos=pos, down=down, marker=marker)
    if _flagged(g, "CB-PEN-002"):
        _yards_unknown(g, unknown)
    if new >= FIELD or res.touchdown:
        if res.touchdown and new < FIELD and res.gain is not None:
            g.flag(entry, "CB-TD-001", "touchdown short of the goal line",
                   f"a gain of {FIELD - pos}", f"{gain + net}")
            _yards_unknown(g, unknown)
        elif pos + gain > FIELD + END_ZONE and res.gain is not None and res.play in PASSES:
            _past_the_end_zone(g, entry, FIELD - pos, gain)
            _yards_unknown(g, unknown)
        return _touchdown(g, team, False)
    if new <= 0 or res.safety:
        if res.safety and new > 0:
            g.flag(entry, "CB-SAFE-001", "safety but the ball is not in the end zone",
                   f"a loss of {pos}", f"{-(gain + net)}")
            _yards_unknown(g, unknown)
        return _safety(g, team)
    replay = bool(res.replay or (res.penalties and res.play is None and res.gain is None
                                 and not res.incomplete))
    if written_first and not auto and _flagged(g, "CB-PEN-001"):
        # the rules' reading: no automatic first down (C4); the next line may follow it
        g.also(_next_down(team, new, down, marker, False, replay, first))
    return _next_down(team, new, down, marker, written_first, replay, first)


def _flagged(g: Notes, rule: str) -> bool:
    return any(f.rule == rule for f in g.findings)


def _next_down(team: int, new: int, down: int, marker: int, first_down: bool, replay: bool,
               first: int) -> Expect:
    """After a play that ends at `new` (no score): a first down, the down replayed, the next
    down, or the ball over on downs."""
    if first_down or new >= marker:
        return _series(team, new, False, first)
    if replay:
        return Expect(kind="scrimmage", offense=team, pos=new, down=down, marker=marker)
    if down >= 4:
        return _series(1 - team, FIELD - new, True, first)
    return Expect(kind="scrimmage", offense=team, pos=new, down=down + 1, marker=marker)


def _safety(g: Notes, team: int):
    g.add_points(1 - team, g.rules.points("safety"))
    return Expect(kind="kickoff", offense=1 - team, change=True, free_kick=True)


def _field_goal(g: Notes, entry: Entry, team: int, pos: int):
    res = entry.result
    distance = g.rules.field_goal_distance(entry.yard or 0)
    if res.fg_distance is not None and res.fg_distance != distance:
        g.flag(entry, "CB-FG-001", "field goal distance is the yard line + 18",
               f"{distance} yd", f"{res.fg_distance} yd")
    if res.good:
        g.add_points(team, g.rules.points("field_goal"))
        return Expect(kind="kickoff", offense=1 - team, change=True)
    first = g.rules.field.first_down
    if res.good is None or res.blocked:
        return _series(1 - team, None, True, first)
    fg = g.rules.field_goal
    spot = max(fg.miss_minimum, FIELD - (pos - fg.spot_behind))
    return _series(1 - team, spot, True, first)


def _return_spot(g: Notes, entry: Entry, received: int | None,
                 rule: str) -> tuple[int | None, tuple[int, ...]]:
    """Where a kick return ends (receiving team's view) as written, and, when 'N yd return to
    M' does not add up, where else the next line may start: the arithmetic's spot and the
    written yard line on the other side of midfield. Checks the sum."""
    res = entry.result
    touchback = g.rules.field.touchback
    if res.touchback:
        if received is not None and received > 0:
            g.flag(entry, "CB-KICK-004", "touchback but the kick came down in the field of "
                   "play", "a return or a downed ball", f"touchback at the {received}")
        return touchback, ()
    if received is None:
        return res.ret_to, ()
    if res.ret is not None:
        spot = received + res.ret
        if res.ret_to is not None and spot < FIELD and _yard(spot) != res.ret_to:
            g.flag(entry, rule, "return does not add up",
                   f"{received} + {res.ret} = {_yard(spot)}", f"to {res.ret_to}")
            near, far = sorted((res.ret_to, FIELD - res.ret_to), key=lambda p: abs(p - spot))
            return near, (spot, far)
        return spot, ()
    if res.ret_to is not None:
        return min((res.ret_to, FIELD - res.ret_to), key=lambda p: abs(p - received)), ()
    if received <= 0:
        return touchback, ()
    if res.fair_catch or res.downed or res.out_of_bounds:
        return received, ()
    return None, ()


def _punt(g: Notes, entry: Entry, team: int, pos: int, free: bool = False):
    res = entry.result
    first = g.rules.field.first_down
    if res.blocked and res.touchdown:
        # "Red Joker = blocked kick ... proceed to Fumble rules": the blockers recovered it
        # in the kicking team's end zone
        return _touchdown(g, 1 - team, True)
    if res.blocked and res.safety:
        return _safety(g, team)              # the kickers recovered it there
    if res.blocked or res.punt is None:
        return _series(1 - team, None, True, first) if not res.blocked else Expect(
            kind="open", offense=None, change=True)
    received = FIELD - (pos + res.punt)
    spot, others = _return_spot(g, entry, received, "CB-PUNT-001")
    for other in others:          # the next line may follow the return's arithmetic
        g.also(_punt_end(g.aside(), entry, team, received, other, free))
    return _punt_end(g, entry, team, received, spot, free)


def _punt_end(g: Notes, entry: Entry, team: int, received: int, spot: int | None,
              free: bool) -> Expect:
    """After a punt received at `received` and returned to `spot` (receivers' view)."""
    res = entry.result
    first = g.rules.field.first_down
    if spot is not None:
        net, _ = _penalty_yards(g, entry, res, spot, kick=True)
        spot += net
    if res.fumble and res.recovered in ("K", "O"):     # a muffed punt: the kickers keep it
        if res.touchdown:
            return _touchdown(g, team, False)
        return _series(team, None, False, first)
    scored = _returned(g, entry, 1 - team, received if res.ret is not None else None, spot, True)
    return scored or _series(1 - team, spot, not free, first)


def kick_outcome(s: Situation, entry: Entry, team: int, free: bool) -> Outcome:
    """A kickoff, free kick or onside kick's result; `team` receives."""
    g = Notes(s)
    return g.step(_kick(g, entry, team, free))


def _kick(g: Notes, entry: Entry, team: int, free: bool) -> Expect:
    """After a kickoff, free kick or onside kick written under the receiving team."""
    res = entry.result
    first = g.rules.field.first_down
    kick = g.rules.kickoff
    received: int | None
    spot: int | None
    if entry.name == "onside":
        distance = res.gain
        if distance is None:
            return _series(team, None, False, first)
        spot = kick.kick_spot + distance
        if res.recovered in ("K", "D"):
            return _series(team, spot, False, first)
        return _series(team, FIELD - spot, False, first)
    if res.punt_play:                                  # free kick punted from the 20
        if res.punt is None:
            return _series(team, None, False, first)
        received = FIELD - (g.rules.punt.free_kick_spot + res.punt)
    else:
        received = res.received
    others: tuple[int, ...] = ()
    if res.out_of_bounds and res.ret is None and not res.punt_play:
        # "kick out of bounds, receiving team starts 30 yards from spot of kick" (C8): a
        # kickoff from the 30, a free kick "same as kickoff but from 20 yard line"
        kicked_from = g.rules.punt.free_kick_spot if entry.name == "free_kick" else \
            kick.kick_spot
        spot = FIELD - (kicked_from + kick.out_of_bounds)
    else:
        spot, others = _return_spot(g, entry, received, "CB-KICK-002")
    for other in others:          # the next line may follow the return's arithmetic
        g.also(_kick_end(g.aside(), entry, team, received, other))
    return _kick_end(g, entry, team, received, spot)


def _kick_end(g: Notes, entry: Entry, team: int, received: int | None,
              spot: int | None) -> Expect:
    """After a kick received at `received` and returned to `spot` (receivers' view)."""
    res = entry.result
    if res.fumble and res.recovered in ("K", "D") and entry.name != "onside":
        # "Red Joker = Fumble on return, proceed to fumble rules from that spot": the
        # kicking team recovered, its ball where it fell (the notes do not say where)
        kickers = 1 - team
        if res.touchdown:
            return _touchdown(g, kickers, True)
        return _series(kickers, None, True, g.rules.field.first_down)
    if spot is not None:
        net, _ = _penalty_yards(g, entry, res, spot, kick=True)
        spot += net
    start = received if res.ret is not None else None
    return _returned(g, entry, team, start, spot, False) or \
        _series(team, spot, False, g.rules.field.first_down)


def try_outcome(s: Situation, entry: Entry, team: int) -> Outcome:
    """A try's result; the kickoff that follows."""
    g = Notes(s)
    return g.step(_try(g, entry, team))


def _try(g: Notes, entry: Entry, team: int) -> Expect:
    """A try after a touchdown: 1 for the kick, 2 for a conversion (C5)."""
    res = entry.result
    if res.conversion:
        good = res.good
        spot = g.rules.field.two_point_spot
        if res.gain is not None:
            made = res.gain >= spot
            if good is not None and good != made:
                g.flag(entry, "CB-TRY-002", "a two-point try is good on a gain of 2 or more",
                       "good" if made else "no good", "good" if good else "no good")
            good = made if good is None else good
        if good:
            g.add_points(team, g.rules.points("try_conversion"))
    elif res.good:
        g.add_points(team, g.rules.points("try_kick"))
    return Expect(kind="kickoff", offense=1 - team, change=True)
