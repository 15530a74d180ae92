"""Bonus Bar, Play Tracker and Time Tracker bookkeeping (rules: Time Tracker, Play Tracker,
Bonus Bar, End of Game; decisions C11, P7-P10 in docs/rules/postcard.md).

Every function is pure: it takes a State and returns a new one, plus findings where the record
made a choice the rules do not allow.
"""

from __future__ import annotations

from dataclasses import replace

from engine.findings import Finding
from engine.postcard.notation import Cross
from engine.postcard.rules import Rules
from engine.postcard.state import State, index, other, pair

CIRCLES = 7


def cap(rules: Rules) -> int:
    return int(rules.section("bonus")["max"])


def gain_bonus(state: State, side: str, amount: int, rules: Rules) -> State:
    """Add bonuses to a side's bar; anything past the cap is lost ("A player may NEVER have
    more than 4 stored bonus'")."""
    if amount <= 0:
        return state
    held = state.bonus[index(side)]
    return replace(state, bonus=pair(state.bonus, side, min(cap(rules), held + amount)))


def spend_bonus(state: State, side: str, amount: int) -> State:
    held = state.bonus[index(side)]
    return replace(state, bonus=pair(state.bonus, side, max(0, held - amount)))


def in_final(state: State) -> bool:
    return state.final >= 0


def mark_play(state: State, loser: str, rules: Rules) -> tuple[State, list[str]]:
    """The strategy loser crosses a Play Tracker circle; a full tracker resets and costs one
    Time Tracker circle (returned as a crossing due from `loser`)."""
    if in_final(state):
        return state, []
    circles = int(rules.section("play_tracker")["circles"])
    count = state.plays[index(loser)] + 1
    if count >= circles:
        return replace(state, plays=pair(state.plays, loser, 0)), [loser]
    return replace(state, plays=pair(state.plays, loser, count)), []


def default_zone(state: State, owner: str) -> str:
    """Where a player who did not say crosses: their own end zone while it has circles."""
    if state.time[index(owner)] < CIRCLES:
        return owner
    return other(owner)


def cross_out(state: State, due: list[str], written: tuple[Cross, ...], line: int,
              rules: Rules, follow_written: bool = True) -> tuple[State, list[Finding]]:
    """Cross out the circles due on a line, in the end zones the record chose.

    `due` lists the owner of each circle due (a side may owe several). Crossings the record
    wrote that are not due, or that are missing, are findings; the state follows what is due,
    using the written end zones where given.
    """
    findings: list[Finding] = []
    if in_final(state):          # every play crosses its circle by itself (P10)
        findings.extend(Finding(line, "PC-TIME-003", "no Time Tracker marks in the end of "
                                "game phase", "nothing", f"{c.owner}x{c.zone}")
                        for c in written)
        return state, findings
    remaining = list(written)
    for owner in due:
        if sum(state.time) >= 2 * CIRCLES:
            break
        choice = next((c for c in remaining if c.owner == owner), None)
        if choice is None:
            findings.append(Finding(line, "PC-TIME-002", "Time Tracker circle not crossed out",
                                    f"{owner}x{default_zone(state, owner)}", "nothing"))
            zone = default_zone(state, owner)
        else:
            remaining.remove(choice)
            zone = choice.zone
            if state.time[index(zone)] >= CIRCLES:
                findings.append(Finding(line, "PC-TIME-004", "that end zone has no circle left",
                                        f"{owner}x{other(zone)}", f"{owner}x{zone}"))
                zone = other(zone)
        state = _cross(state, owner, zone, rules)
    for extra in remaining:
        findings.append(Finding(line, "PC-TIME-003", "no Time Tracker circle is due here",
                                "nothing", f"{extra.owner}x{extra.zone}"))
    if sum(state.time) >= 2 * CIRCLES:
        state = replace(state, final=0)
    return state, findings


def _cross(state: State, owner: str, zone: str, rules: Rules) -> State:
    crossed = state.time[index(zone)]
    stars = rules.time_stars[crossed]
    state = replace(state, time=pair(state.time, zone, crossed + 1))
    return gain_bonus(state, owner, stars, rules)


def final_tick(state: State, circles: int) -> State:
    """End of game phase: each play crosses one circle (a touchdown two); seven end it."""
    if not in_final(state) or circles <= 0:
        return state
    done = min(CIRCLES, state.final + circles)
    return replace(state, final=done)


def game_over(state: State) -> bool:
    return in_final(state) and state.final >= CIRCLES
