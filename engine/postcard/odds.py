"""PostCard Football's odds, exact: every roll is a d6 (or 2d6), so each figure is a count of
equally likely dice over 6^k, convolved in fractions.

The mechanics are the engine's (engine/postcard/plays.py, kicks.py; docs/rules/postcard.md):
a strategy bonus counts on the Challenge only; the second roll adds a die (half, rounded down,
when the first result was negative); pressure, catch and interception rolls are plain dice.
The charts (rushing, passing, levels, field goal ranges, punt targets, the strategy circle)
are read from rules.toml through :class:`printkit_engine.postcard.rules.Rules`, never retyped.
"""

from __future__ import annotations

from fractions import Fraction

from printkit_engine.odds import OddsTable, Row
from printkit_engine.oddsmath import Dist, above, at_least, below, chance, convolve, die, exact
from printkit_engine.postcard.rules import DIE, Level, Rules

D6 = die(DIE)
TWO_D6 = convolve(D6, D6)
POLICIES = ("never", "when short", "always")     # when the offense takes the second roll


def bonuses(rules: Rules) -> list[int]:
    """Strategy bonuses either side can win (negative: the defence's), and none."""
    stars = sorted(set(rules.strategy.stars.values()) - {0})
    return sorted({0, *stars, *(-s for s in stars)})


def challenge(bonus: int = 0) -> Dist:
    """Offense - Defense, a d6 each, `bonus` added to the offense (negative: the defence)."""
    return {r + bonus: p for r, p in convolve(D6, D6, lambda o, d: o - d).items()}


def _bonus_label(b: int) -> str:
    return "none" if b == 0 else (f"offense +{b}" if b > 0 else f"defense +{-b}")


# -- the Challenge --------------------------------------------------------------------------
def challenge_table(rules: Rules) -> OddsTable:
    bs = bonuses(rules)
    dists = {b: challenge(b) for b in bs}
    results = sorted({r for d in dists.values() for r in d})
    rows: tuple[Row, ...] = tuple(
        (f"{r:+d}", *(exact(dists[b].get(r, Fraction(0))) for b in bs)) for r in results)
    return OddsTable(
        key="challenge", title="Challenge result (Offense - Defense) with and without bonuses",
        columns=("result", *(_bonus_label(b) for b in bs)), rows=rows,
        note="One d6 each; a strategy bonus (stars of the winning strategy) adds to one side.")


def strategy_table(rules: Rules) -> OddsTable:
    """Each offense pick against a defence that picks uniformly at random."""
    nums = rules.strategy.numbers
    rows = []
    for o in nums:
        win = lose = tie = Fraction(0)
        gain = Fraction(0)
        for d in nums:
            w = rules.strategy_winner(o, d)
            p = Fraction(1, len(nums))
            if w is None:
                tie += p
            elif w == o:
                win += p
                gain += p * rules.strategy.stars[o]
            else:
                lose += p
                gain -= p * rules.strategy.stars[d]
        rows.append((str(o), rules.play_type(o), exact(win), exact(lose), exact(tie),
                     exact(gain)))
    return OddsTable(
        key="strategy", title="Strategy circle: a pick against a random pick",
        columns=("pick", "play", "wins", "loses", "same", "net bonus"), rows=tuple(rows),
        note="The defence picks each number equally often; net bonus = stars won - stars lost.")


# -- rushing ---------------------------------------------------------------------------------
def _rush_label(outcome: str, yards: int) -> str:
    return outcome if yards == 0 or outcome == "fumble" else f"{outcome} {abs(yards)}"


def rushing_table(rules: Rules) -> OddsTable:
    chart = rules.rushing
    labels: list[str] = []
    for row in chart.rows:
        if (lab := _rush_label(row.outcome, row.yards)) not in labels:
            labels.append(lab)
    rows: list[Row] = []
    for b in bonuses(rules):
        dist = challenge(b)
        per = dict.fromkeys(labels, Fraction(0))
        yards = Fraction(0)
        for r, p in dist.items():
            row = chart.row(r)
            per[_rush_label(row.outcome, row.yards)] += p
            yards += p * row.yards
        breakaway = chance(dist, lambda r: r >= rules.tackle.breakaway)
        rows.append((_bonus_label(b), *(exact(per[lab]) for lab in labels), exact(breakaway),
                     exact(yards)))
    return OddsTable(
        key="rushing", title="Rushing play outcome by strategy bonus",
        columns=("bonus", *labels, "breakaway", "chart yards"), rows=tuple(rows),
        note=("The rushing chart's row for the Challenge (set at the chart's limits). "
              f"'breakaway': a result of {rules.tackle.breakaway} or more keeps the bonus for "
              "the run; 'chart yards' is the average first movement before running on."))


# -- running with the ball, fumbles ------------------------------------------------------------
TACKLE_OUTCOMES = (("gain", "gain"), ("tackle", "tackle"), ("fumble", "fumble"),
                   ("penalty_defense", "penalty on the defence"),
                   ("penalty_offense", "penalty on the offense"))


def tackle_table(rules: Rules) -> OddsTable:
    chart = rules.tackle
    rows: list[Row] = []
    for b in bonuses(rules):
        per = {key: Fraction(0) for key, _ in TACKLE_OUTCOMES}
        yards = Fraction(0)
        for r, p in challenge(b).items():
            row = chart.row(r)
            per[row.outcome] += p
            if row.outcome == "gain":
                yards += p * row.yards
        rows.append((_bonus_label(b), *(exact(per[key]) for key, _ in TACKLE_OUTCOMES),
                     exact(yards)))
    return OddsTable(
        key="tackle", title="Running with the ball: one tackle attempt by bonus",
        columns=("bonus", *(label for _, label in TACKLE_OUTCOMES), "average gain"),
        rows=tuple(rows),
        note=("The tackle chart's row for the Challenge (set at the chart's limits); a bonus "
              "here is a breakaway's kept strategy bonus. 'average gain' counts tackles as 0."))


def fumble_table(rules: Rules) -> OddsTable:
    f = rules.fumble
    pairs = convolve(D6, D6, lambda fumbler, other: fumbler - other)
    keeps = chance(pairs, lambda d: d >= 0)           # "If the dice values match ... fumbled"
    rows = (("fumbling team", exact(keeps),
             exact(chance(pairs, lambda d: d >= f.advance_difference))),
            ("other team", exact(1 - keeps),
             exact(chance(pairs, lambda d: -d >= f.advance_difference))))
    return OddsTable(
        key="fumble", title="Fumble recovery",
        columns=("recovered by", "chance", "and advanced"), rows=rows,
        note=(f"Both roll a d6: a tie stays with the fumbling team, else the higher roll "
              f"recovers; a difference of {f.advance_difference}+ advances "
              f"{f.advance_yards} yards and the runner carries on."))


# -- passing -----------------------------------------------------------------------------------
OUTCOMES = ("sack", "sack fumble", "grounding", "intercepted", "incomplete", "caught")


def _throw(rules: Rules, level: Level) -> dict[str, Fraction]:
    """A throw at `level`: the defence's pressure die, the catch die, an interception try."""
    p = rules.passing
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    for pressure, pp in D6.items():
        lv = p.level(min(p.top_level, level.level + 1)) if pressure >= level.pressure else level
        caught = chance(D6, at_least(lv.catch))
        out["caught"] += pp * caught
        if pressure >= p.interception_pressure:
            picked = chance(D6, lambda d: d >= p.interception_roll)
            out["intercepted"] += pp * (1 - caught) * picked
            out["incomplete"] += pp * (1 - caught) * (1 - picked)
        else:
            out["incomplete"] += pp * (1 - caught)
    return out


def _no_throw(rules: Rules, final: int) -> dict[str, Fraction]:
    p = rules.passing
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    row = p.row(final)
    grounded = chance(D6, lambda o: o == p.grounding_roll)
    if row.outcome == "sack":
        strip = chance(TWO_D6, lambda t: t in p.sack_strip)
        out["sack fumble"] += strip
        out["sack"] += 1 - strip
    elif row.outcome == "incomplete":
        out["grounding"] += grounded
        out["incomplete"] += 1 - grounded
    else:                                    # interception chance: offense die, defence die
        picked = chance(D6, lambda d: d >= p.interception_roll)
        out["grounding"] += grounded
        out["intercepted"] += (1 - grounded) * picked
        out["incomplete"] += (1 - grounded) * (1 - picked)
    return out


def pass_outcomes(rules: Rules, bonus: int, policy: str) -> tuple[dict[str, Fraction], Fraction]:
    """Outcome shares of a pass and the average throw (yards in the air, 0 if none), from
    midfield (no throw out of the back of the end zone)."""
    p = rules.passing
    out = dict.fromkeys(OUTCOMES, Fraction(0))
    air = Fraction(0)
    for r1, p1 in challenge(bonus).items():
        r1 = p.clamp(r1)
        again = policy == "always" or (policy == "when short" and r1 <= 0)
        finals: Dist = {r1: Fraction(1)}
        if again:
            finals = {}
            for v, pv in D6.items():
                final = p.clamp(r1 + (v if r1 >= 0 else v // 2))
                finals[final] = finals.get(final, Fraction(0)) + pv
        for final, pf in finals.items():
            w = p1 * pf
            if final >= 1:
                level = (p.level(p.negative_to_positive_level) if r1 < 0
                         else p.level_of(final))
                part = _throw(rules, level)
                air += w * rules.throw_yards(final)
            else:
                part = _no_throw(rules, final)
            for k, share in part.items():
                out[k] += w * share
    return out, air


def passing_table(rules: Rules) -> OddsTable:
    rows: list[Row] = []
    for policy in POLICIES:
        for b in bonuses(rules):
            out, air = pass_outcomes(rules, b, policy)
            rows.append((policy, _bonus_label(b), *(exact(out[k]) for k in OUTCOMES),
                         exact(air)))
    return OddsTable(
        key="passing", title="Passing play outcome by second roll and strategy bonus",
        columns=("second roll", "bonus", *OUTCOMES, "yards thrown"), rows=tuple(rows),
        note=("'never': the first result stands; 'when short': roll again only after a result "
              "of 0 or less; 'always': every time. From midfield (no throw out of the end "
              "zone); no Bonus Bar bonus; 'yards thrown' averages the throw (0 if none)."))


# -- catching ---------------------------------------------------------------------------------
def catch_table(rules: Rules) -> OddsTable:
    p = rules.passing
    rows = []
    for level in p.levels:
        if level.first == 0 and level.last == 0:
            continue                           # the pressured level 4: shown in its row
        harder = p.level(min(p.top_level, level.level + 1))
        free = chance(D6, at_least(level.catch))
        pressed = chance(D6, at_least(harder.catch))
        pressure = chance(D6, at_least(level.pressure))
        out = _throw(rules, level)
        low, high = rules.level_yards(level)
        rows.append((str(level.level), f"{low}-{high}", exact(free), exact(pressure),
                     exact(pressed), exact(out["caught"]), exact(out["intercepted"])))
    return OddsTable(
        key="catch", title="Catch by level, with and without pressure",
        columns=("level", "yards", "catch", "pressure", "catch under pressure",
                 "catch overall", "intercepted"),
        rows=tuple(rows),
        note=("Catch: the offense's die at or above the level's catch roll. Pressure (the "
              "defence's die) raises the level by one; a missed catch after a pressure die of "
              f"{p.interception_pressure}+ is intercepted on a {p.interception_roll}."))


# -- kicking -----------------------------------------------------------------------------------
def _block(block: int) -> Fraction:
    return chance(challenge(0), lambda r: r <= block)


def field_goal_table(rules: Rules) -> OddsTable:
    fg = rules.field_goal
    blocked = _block(fg.block)
    rows = []
    for r in fg.ranges:
        hit = chance(TWO_D6, r.contains)
        rows.append((str(r.spot), f"{r.low}-{r.high}", exact(hit), exact(blocked),
                     exact((1 - blocked) * hit)))
    return OddsTable(
        key="field-goal", title="Field goal make chance by spot of the kick",
        columns=("spot", "2d6 needed", "in range", "blocked", "made"), rows=tuple(rows),
        note=(f"Spot = yard line of the kick ({fg.snap_back} yards behind the line). Blocked "
              f"when the Challenge (no bonuses at kicks) is {fg.block} or less; otherwise 2d6 "
              "in the range is good."))


def punt_table(rules: Rules) -> OddsTable:
    punt = rules.punt
    blocked = _block(punt.block)
    rows = []
    for t in punt.targets:
        on = chance(TWO_D6, t.contains)
        short = chance(TWO_D6, below(t.low))
        long = chance(TWO_D6, above(t.high))
        off = sum((p * abs(t.miss_by(s)) for s, p in TWO_D6.items()), Fraction(0))
        rows.append((str(t.distance), f"{t.low}-{t.high}", exact(on), exact(short),
                     exact(long), exact(rules.steps(1) * off), exact(blocked)))
    return OddsTable(
        key="punt", title="Punt accuracy by target distance",
        columns=("target", "2d6 on target", "on target", "short", "long", "yards off",
                 "blocked"),
        rows=tuple(rows),
        note=(f"Kicker's 2d6 inside the target range is on target; each spot outside moves the "
              f"ball {rules.steps(1)} yards ('yards off' is the average distance off). "
              f"Blocked when the Challenge is {punt.block} or less."))


def tables(rules: Rules) -> list[OddsTable]:
    return [challenge_table(rules), strategy_table(rules), rushing_table(rules),
            passing_table(rules), catch_table(rules), tackle_table(rules),
            fumble_table(rules), field_goal_table(rules), punt_table(rules)]
