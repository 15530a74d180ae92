"""The small print under the board's charts, written from the rules data: every number in it
is a value of engine/postcard/rules.toml (or football's, engine/postcard/state.py), never
typed here, so a player's own card (--rules) prints its own values."""

from __future__ import annotations

from printkit_engine.postcard.rules import Rules, die_from


def _span(values: tuple[int, ...]) -> str:
    """`11-12` for a run of numbers, else `2, 7, 12`."""
    ordered = sorted(values)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(map(str, ordered))


def _limits(pair: tuple[int, ...]) -> str:
    """A range given as [first, last]: `20-40`."""
    return f"{pair[0]}-{pair[-1]}"


def _levels(numbers: list[int]) -> str:
    """`L1-2` for a run of catch levels, `L3` for one."""
    return f"L{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 else f"L{numbers[0]}"


def _bonuses(n: int) -> str:
    return "a bonus" if n == 1 else f"{n} bonuses"


def _pressure(rules: Rules) -> str:
    """`L1-2 need 6, L3-4 need 5-6: level +1 (pressured L4: catch on 6)`."""
    p = rules.passing
    top = p.level(p.top_level)
    groups: list[tuple[int, list[int]]] = []       # (pressure die, levels), in level order
    for lv in p.levels:
        if lv is top:
            continue
        if groups and groups[-1][0] == lv.pressure:
            groups[-1][1].append(lv.level)
        else:
            groups.append((lv.pressure, [lv.level]))
    needs = ", ".join(f"{_levels(levels)} need {die_from(die)}" for die, levels in groups)
    return (f"{needs}: level +1 (pressured L{top.level - 1}: catch on "
            f"{die_from(top.catch)})")


def passing_note(rules: Rules) -> str:
    p = rules.passing
    ground = f"{p.grounding_roll} = grounding −{p.grounding_yards}"
    interception = die_from(p.interception_roll)
    return (
        "Step 2 (optional): Offense rolls again and adds it (half, rounded down, if step 1 was "
        f"below 0; a throw made positive that way is L{p.negative_to_positive_level}).  "
        f"Pressure: Defense rolls; {_pressure(rules)}.  No catch with pressure "
        f"{p.interception_pressure}+: Defense intercepts on {interception}.  Run after catch: "
        f"(catch − pressure) × {rules.field.yards_per_step} yd.  INC: Offense rolls, {ground}.  "
        f"INT?: both roll; Offense {ground}, else Defense {interception} = interception.  "
        f"SACK: Defense rolls 2d6, {_span(p.sack_strip)} = fumble; later rolls this possession "
        f"count {p.sack_penalty_per_roll} less."
    )


def running_note(rules: Rules) -> str:
    t, f = rules.tackle, rules.fumble
    penalties = sorted({r.yards for r in t.rows if r.outcome.startswith("penalty")})
    reduced = ", ".join(f"{y}→{y - t.red_zone_reduction}" for y in penalties)
    return (
        "Rush: beyond a chart, the result is set at its limit.  A gain runs on with the ball "
        f"(tackle chart until tackled); {t.breakaway}+ on the first move = breakaway, keep "
        "the strategy bonus.  P+ / P−: penalty against Defense / Offense, automatic 1st down; "
        f"inside the {t.red_zone} towards the goal {reduced}.  Fumble: both roll; same = "
        "fumbling team keeps it; else higher recovers, and with a difference of "
        f"{f.advance_difference}+ advances {f.advance_yards} yd and runs.  A die showing "
        f"1 gains its roller {_bonuses(rules.bonus.roll_of_one)} (max {rules.bonus.max} "
        "held); no bonuses on kicks."
    )


def kicking_note(rules: Rules) -> str:
    fg, pu, ko, sc = rules.field_goal, rules.punt, rules.kickoff, rules.scoring
    if fg.block == pu.block:
        block = f"Challenge {fg.block} or less blocks a FG or punt"
    else:
        block = f"Challenge {fg.block} or less blocks a FG, {pu.block} or less a punt"
    return (
        f"FG: ball {fg.snap_back} yd behind the line; XP: kick from the "
        f"{sc.extra_point_spot}; {sc.two_point} pts: one play from the {sc.two_point_spot}.  "
        f"Punt: ball {pu.snap_back} yd back; short {_limits(pu.short)}, long "
        f"{_limits(pu.long)}; "
        f"off target {rules.field.yards_per_step} yd a spot; on target the kicker gets "
        f"the bonus on the return, else the receiver.  {block}; fake: both roll, Offense "
        f"higher = bonus {rules.fake.bonus}.  Kickoff from the {ko.from_}: fair catch / "
        f"touchback to the {ko.touchback} / run.  Onside: dice near midfield, no fair catch."
    )


def time_triggers(rules: Rules) -> str:
    """What crosses Time Tracker circles and how many: printed by each end zone's Time
    Tracker on the board and on the reference card, the one sentence from the rules object."""
    tt = rules.time_tracker
    return (f"Cross {tt.touchdown} circles when scored on, {tt.lost_possession} on losing "
            f"the ball, {tt.play_tracker_full} when your Play Tracker fills "
            f"({rules.play_tracker.circles}); gain the stars.")
