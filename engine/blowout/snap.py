"""One snap's cards: are they legal, and how far do they move the ball? Pure functions.

`resolve(rules, down, to_goal, line)` answers with a :class:`Snap`: the yards the rules give
(with the arithmetic shown as a player would check it), what kind of result it is (a play that
uses a down, a repeated down, a turnover, a punt, a field goal), and a finding for each card
played where the rules do not allow it. The yards are worked out as if every card were legal,
so an illegal card is one finding, not also a wrong-yards finding.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from printkit_engine.blowout.notation import Line
from printkit_engine.blowout.rules import FIELD, Rules, kept

# result kinds
PLAY = "play"            # uses a down (RUN, PASS, PASS INTERFERENCE)
SACKED = "sack"          # loses yards and a down
REPEAT = "repeat"        # penalty, CHALLENGE, a card that does not apply: repeat the down
TURNOVER = "turnover"    # INTERCEPTION, FUMBLE: the DEFENSE gets the ball
PUNT = "punt"
FIELD_GOAL = "fg"


@dataclass(frozen=True)
class Slip:
    rule: str
    message: str
    expected: str
    found: str


@dataclass(frozen=True)
class Snap:
    yards: int
    kind: str
    arithmetic: str          # how the yards come out, for a finding
    rule: str                # the rule a wrong yards figure breaks
    why: str = ""            # what happened, in words (PENALTY..., INTERCEPTION...)
    slips: tuple[Slip, ...] = ()


def half_distance(pen: int, room: int) -> int:
    """A penalty's yards, or half the distance to the goal line when they would reach it
    (B11)."""
    return pen if pen < room else room // 2


def _penalty(rules: Rules, name: str, gain: bool, to_goal: int) -> Snap:
    pen = rules.yards.penalty
    room = to_goal if gain else FIELD - to_goal
    y = half_distance(pen, room)
    how = f"{name}: {'+' if gain else '-'}{pen}" if y == pen else \
        f"{name}: {pen} yards would reach the goal line, half the distance ({room} / 2) = {y}"
    return Snap(y if gain else -y, REPEAT, how, "BO-PEN-001", name)


def _allowed(rules: Rules, line: Line) -> tuple[str, ...]:
    """The response cards the side that wrote one may play."""
    c = rules.cards
    if line.response is not None and line.response[0] == line.side:
        return (c.pass_interference, c.holding, c.challenge)
    return (c.challenge,)


def legality(rules: Rules, down: int, line: Line) -> list[Slip]:
    """Each card played where the rules do not allow it (one slip per card)."""
    c = rules.cards
    out: list[Slip] = []
    kind = rules.kind("offense", line.offense)
    kick = rules.kind("special", line.offense) == "kick"
    if kick and down < rules.field.downs:
        out.append(Slip("BO-4TH-001", "a SPECIAL TEAMS card is played only on FOURTH DOWN",
                        "a RUN, PASS or OFFSIDES card", f"{line.offense} on down {down}"))
    elif not kick and kind not in ("run", "pass") and line.offense != c.offsides_on_defense:
        why = "is played only in response to a play" if kind is not None else \
            "is no card of the OFFENSE deck"
        out.append(Slip("BO-CARD-001", f"the OFFENSE's snap card {why}",
                        "a RUN, PASS or OFFSIDES card (SPECIAL TEAMS on fourth down)",
                        line.offense))
    if rules.card("defense", line.defense) is None or line.defense == c.challenge:
        why = "is played only in response to a play" if line.defense == c.challenge else \
            "is no card of the DEFENSE deck"
        out.append(Slip("BO-CARD-002", f"the DEFENSE's snap card {why}",
                        "a DEFENSIVE PLAY, OFFENSIVE PENALTY, TURNOVER or SACK! card",
                        line.defense))
    if line.response is None:
        return out
    side, code = line.response
    offense_side = side == line.side
    allowed = _allowed(rules, line)
    if code not in allowed:
        who = "OFFENSE" if offense_side else "DEFENSE"
        out.append(Slip("BO-CARD-003", f"the {who} cannot play {code} in response",
                        " or ".join(allowed), f"{side}:{code}"))
        return out
    penalty = next((p for p in (line.offense, line.defense) if p in rules.penalties), None)
    if penalty is not None and code == c.challenge:
        out.append(Slip("BO-CHAL-001", "CHALLENGE cards cannot be played in response to "
                        "PENALTIES", "no CHALLENGE", f"{side}:{code} against {penalty}"))
    elif penalty is not None:
        out.append(Slip("BO-PEN-004", f"{code} is played after the DEFENSE's play, not after a "
                        "penalty", "no response card", f"{side}:{code} after {penalty}"))
    elif code == c.pass_interference and kind != "pass" and not out:
        out.append(Slip("BO-PEN-002", "PASS INTERFERENCE only if OFFENSE plays a PASS play",
                        "a PASS play", f"{line.offense}"))
    return out


def resolve(rules: Rules, down: int, to_goal: int, line: Line) -> Snap:
    """The snap's yards and kind, its illegal cards as slips.

    A class's records play a few thousand combinations of cards but put the ball on every
    yard line and down, so the answer is looked up in two tables under the rules
    (`Rules.tables`), by what it depends on: the slips by the cards, sides and down
    (`slips`), the yards by the cards, sides and the one question about the spot that
    changes them (`snap_at`)."""
    found = slips(rules, down, line)
    snap = snap_at(rules, to_goal, line)
    return Snap(snap.yards, snap.kind, snap.arithmetic, snap.rule, snap.why, found) if found \
        else snap


def slips(rules: Rules, down: int, line: Line) -> tuple[Slip, ...]:
    """`legality`, kept by the line's cards, sides and down."""
    return kept(rules, "slips", (line.offense, line.defense, line.side, line.response, down),
                lambda: tuple(legality(rules, down, line)))


@dataclass(frozen=True)
class Plan:
    """What a snap's cards do wherever the ball is (`_plan`, the order of the rules' cases):
    one answer (`fixed`), or one that depends on the spot (`how`: a penalty gaining or losing
    `yards`, PASS INTERFERENCE after a play of `yards`, a PASS play of `yards` net (`sums`
    the arithmetic), a kick), worked out where the ball is by `_at`. `snaps` keeps them by
    the answer to the one question about the spot that changes them (`_region`)."""

    how: str                            # fixed, gain, loss, pi, pass, kick
    fixed: Snap | None = None
    name: str = ""                      # a penalty's
    yards: int = 0
    sums: str = ""
    snaps: dict[object, Snap] = field(default_factory=dict, compare=False)


def snap_at(rules: Rules, to_goal: int, line: Line) -> Snap:
    """The snap's yards and kind with the ball `to_goal` yards from the goal line, as if
    every card were legal (no slips)."""
    return answer(rules, plan_of(rules, line), to_goal)


def plan_of(rules: Rules, line: Line) -> Plan:
    """The line's cards' `Plan`, kept by the cards and sides."""
    return kept(rules, "plans", (line.offense, line.defense, line.side, line.response),
                lambda: _plan(rules, line))


def answer(rules: Rules, plan: Plan, to_goal: int) -> Snap:
    """`plan`'s snap with the ball `to_goal` yards from the goal line (no slips)."""
    if plan.fixed is not None:
        return plan.fixed
    region = _region(rules, plan, to_goal)
    snap = plan.snaps.get(region)
    if snap is None:
        snap = plan.snaps[region] = _at(rules, plan, to_goal)
    return snap


def _region(rules: Rules, plan: Plan, to_goal: int) -> object:
    """Where on the field `plan`'s answer is one and the same: None where the spot does not
    enter it (a penalty short of the goal line, a PASS short of the back of the END ZONE),
    the spot itself where it does (half the distance), FIELD GOAL range or not for a kick."""
    how = plan.how
    if how == "gain":
        return None if rules.yards.penalty < to_goal else to_goal
    if how == "loss":
        return None if rules.yards.penalty < FIELD - to_goal else to_goal
    if how == "pi":
        return None if plan.yards < to_goal else to_goal
    if how == "pass":
        return None if plan.yards <= rules.to_back_of_end_zone(to_goal) else to_goal
    return "fg" if rules.in_range(to_goal) else "punt"


def _at(rules: Rules, plan: Plan, to_goal: int) -> Snap:
    """`plan`'s answer with the ball `to_goal` yards from the goal line."""
    how = plan.how
    if how in ("gain", "loss"):
        return _penalty(rules, plan.name, how == "gain", to_goal)
    if how == "pi":
        gained = plan.yards
        if gained < to_goal:
            return Snap(gained, PLAY, f"PASS INTERFERENCE: full YARDS GAINED {gained}",
                        "BO-PEN-003", "PASS INTERFERENCE")
        y = to_goal // 2
        return Snap(y, PLAY, f"PASS INTERFERENCE: {gained} yards would reach the goal line, "
                             f"half the distance ({to_goal} / 2) = {y}", "BO-PEN-003",
                    "PASS INTERFERENCE")
    if how == "pass":
        back = rules.to_back_of_end_zone(to_goal)
        if plan.yards > back:
            return Snap(0, PLAY, f"{plan.sums}, past the back of the END ZONE ({to_goal} + "
                                 f"{rules.field.end_zone} = {back}): incomplete (B9), +0",
                        "BO-TD-002", "PASS")
        return Snap(plan.yards, PLAY, plan.sums, "BO-YDS-001", "PASS")
    kick = plan.yards
    if rules.in_range(to_goal):
        return Snap(kick, FIELD_GOAL, f"FIELD GOAL: KICK YARDS {kick}", "BO-FG-001",
                    "FIELD GOAL")
    return Snap(kick, PUNT, f"punt: KICK DISTANCE {kick}", "BO-PUNT-001", "punt")


def _plan(rules: Rules, line: Line) -> Plan:
    """What the line's cards do, in the order the rules' cases are read."""
    c = rules.cards
    off, de = line.offense, line.defense
    resp = line.response[1] if line.response else None
    if resp is not None and resp not in _allowed(rules, line):
        resp = None                        # a card that side cannot play (BO-CARD-003)
    if resp == c.challenge:
        return Plan("fixed", Snap(0, REPEAT, "CHALLENGE: the play is negated, repeat the down",
                                  "BO-CHAL-002", "CHALLENGE"))
    if rules.kind("special", off) == "kick" and rules.kind("offense", off) is None:
        if de in (c.delay_of_game, c.offsides_on_offense):
            return Plan("loss", name=rules.decks.deck("defense").card(de).name)
        if line.response and line.response[1] == c.holding:     # as written, allowed or not
            return Plan("gain", name="HOLDING")
        return Plan("kick", yards=rules.yards_of("special", off))
    off_pen = off == c.offsides_on_defense
    def_pen = de in (c.delay_of_game, c.offsides_on_offense)
    if off_pen and def_pen:
        return Plan("fixed", Snap(0, REPEAT, f"{off} against {de}: the penalties offset, "
                                  "repeat the down", "BO-PEN-001", "offsetting penalties"))
    if off_pen:
        return Plan("gain", name="OFFSIDES (DEFENSE)")
    if def_pen:
        return Plan("loss", name=f"{rules.decks.deck('defense').card(de).name}")
    if resp == c.holding:
        return Plan("gain", name="HOLDING")
    gained = rules.yards_of("offense", off)
    kind = rules.kind("offense", off)
    if resp == c.pass_interference:
        return Plan("pi", yards=gained)
    against = {c.sack: "pass", c.interception: "pass", c.fumble: "run"}
    if de in against:
        name = rules.decks.deck("defense").card(de).name
        if kind != against[de]:
            return Plan("fixed", Snap(0, REPEAT, f"{name} against a {str(kind).upper()} play "
                                      f"does not apply (B10): no play, repeat the down",
                                      "BO-TO-002", name))
        if de == c.sack:
            return Plan("fixed", Snap(-rules.yards.sack, SACKED, f"SACK!: -{rules.yards.sack} "
                                      "and a down", "BO-SACK-001", "SACK!"))
        return Plan("fixed", Snap(0, TURNOVER, f"{name}: the DEFENSE gets the ball at the line "
                                  "of scrimmage", "BO-TO-001", name))
    lost = rules.yards_of("defense", de)
    diff = gained - lost
    sums = f"{off} against {de}: {gained} - {lost} = {diff:+d}"
    if kind == "pass" and diff < 0:
        return Plan("fixed", Snap(0, PLAY, f"{sums}, but PASS plays do not lose yards: +0",
                                  "BO-YDS-002", "PASS"))
    if kind == "pass":
        return Plan("pass", yards=diff, sums=sums)
    return Plan("fixed", Snap(diff, PLAY, sums, "BO-YDS-001", str(kind).upper()))
