"""Bonus Bar, Play Tracker and Time Tracker bookkeeping (rules: Time Tracker, Play Tracker,
Bonus Bar, End of Game; decisions C11, P7-P10 in docs/rules/postcard.md).

Every function is pure: it takes a State and returns a new one, plus findings where the record
made a choice the rules do not allow.
"""

from __future__ import annotations

from printkit_engine.findings import Finding
from printkit_engine.frozen import evolve
from printkit_engine.postcard.notation import Cross
from printkit_engine.postcard.rules import Rules
from printkit_engine.postcard.state import SIDES, State, index, other, pair


def gain_bonus(state: State, side: str, amount: int, rules: Rules) -> State:
    """Add bonuses to a side's bar; anything past the cap is lost ("A player may NEVER have
    more than 4 stored bonus'")."""
    if amount <= 0:
        return state
    held = state.bonus[index(side)]
    return evolve(state, bonus=pair(state.bonus, side, min(rules.bonus.max, held + amount)))


def spend_bonus(state: State, side: str, amount: int) -> State:
    held = state.bonus[index(side)]
    return evolve(state, bonus=pair(state.bonus, side, max(0, held - amount)))


def in_final(state: State) -> bool:
    return state.final >= 0


def mark_play(state: State, loser: str, rules: Rules) -> tuple[State, list[str]]:
    """The strategy loser crosses a Play Tracker circle; a full tracker resets and costs one
    Time Tracker circle (returned as crossings due from `loser`)."""
    if in_final(state):
        return state, []
    count = state.plays[index(loser)] + 1
    if count >= rules.play_tracker.circles:
        due = [loser] * rules.time_tracker.play_tracker_full
        return evolve(state, plays=pair(state.plays, loser, 0)), due
    return evolve(state, plays=pair(state.plays, loser, count)), []


def default_zone(state: State, owner: str, rules: Rules) -> str:
    """Where a player who did not say crosses: their own end zone while it has circles."""
    if state.time[index(owner)] < rules.time_tracker.circles:
        return owner
    return other(owner)


def cross_out(state: State, due: list[str], written: tuple[Cross, ...], line: int,
              rules: Rules, follow_written: bool = True) -> tuple[State, list[Finding]]:
    """Cross out the circles due on a line, in the end zones the record chose.

    `due` lists the owner of each circle due (a side may owe several). Crossings the record
    wrote that are not due, or that are missing, are findings; the state follows what is due,
    using the written end zones where given.
    """
    circles = rules.time_tracker.circles
    if not due and not written and state.final < 0:     # most lines: nothing to cross
        full = sum(state.time) >= len(SIDES) * circles
        return (evolve(state, final=0) if full else state), []
    findings: list[Finding] = []
    if in_final(state):          # every play crosses its circle by itself (P10)
        findings.extend(Finding(line, "PC-TIME-003", "no Time Tracker marks in the end of "
                                "game phase", "nothing", f"{c.owner}x{c.zone}")
                        for c in written)
        return state, findings
    remaining = list(written)
    for owner in due:
        if sum(state.time) >= len(SIDES) * circles:
            break
        choice = next((c for c in remaining if c.owner == owner), None)
        if choice is None:
            findings.append(Finding(line, "PC-TIME-002", "Time Tracker circle not crossed out",
                                    f"{owner}x{default_zone(state, owner, rules)}",
                                    "nothing"))
            zone = default_zone(state, owner, rules)
        else:
            remaining.remove(choice)
            zone = choice.zone
            if state.time[index(zone)] >= circles:
                findings.append(Finding(line, "PC-TIME-004", "that end zone has no circle left",
                                        f"{owner}x{other(zone)}", f"{owner}x{zone}"))
                zone = other(zone)
        state = _cross(state, owner, zone, rules)
    for extra in remaining:
        findings.append(Finding(line, "PC-TIME-003", "no Time Tracker circle is due here",
                                "nothing", f"{extra.owner}x{extra.zone}"))
    if sum(state.time) >= len(SIDES) * circles:
        state = evolve(state, final=0)
    return state, findings


def _cross(state: State, owner: str, zone: str, rules: Rules) -> State:
    crossed = state.time[index(zone)]
    stars = rules.time_tracker.stars[crossed]
    state = evolve(state, time=pair(state.time, zone, crossed + 1))
    return gain_bonus(state, owner, stars, rules)


def final_tick(state: State, touchdown: bool, rules: Rules) -> State:
    """End of game phase: each play crosses a circle (a touchdown more); when the circles of
    one end zone are all crossed, the game is over."""
    t = rules.time_tracker
    circles = t.end_of_game_touchdown if touchdown else t.end_of_game_play
    if not in_final(state) or circles <= 0:
        return state
    done = min(t.circles, state.final + circles)
    return evolve(state, final=done)


def game_over(state: State, rules: Rules) -> bool:
    return in_final(state) and state.final >= rules.time_tracker.circles
