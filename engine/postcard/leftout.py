"""A line left out of a seeded record: what it may have been, from the play book's draws.

When a line cannot come where it is, or its dice are not the next draws, the record may have
left out the line before it. With a `Seed` the dice of that line are the play book's next
draws for the sides that roll (decision P24); only its choices are unknown: the strategy picks,
a kicker's numbers, a punt's distance, a try's points, a re-roll, bonuses used, and the end
zones of the Time Tracker circles it owed. Each way it may have been is played from the state
before it (the engine gives its outcome), and the line as written is tried after it: a reading
after which that line is clean is "a line left out before this one", one finding on the line
(`PC-SEQ-004`), and the record goes on from there.

The ways are tried by tiers, the plainest first (no re-roll, then a re-roll, then bonuses
used), and every reading found is kept: the lines after the next one show which it was. The
bonuses the left-out line used are not known: the reading takes them as unknown until the
record writes the bonuses held in a state (`Reading.loose`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import product

from printkit_engine.frozen import evolve
from printkit_engine.postcard.notation import Cross, Line, Roll
from printkit_engine.postcard.reading import Reading, clean_after, fits
from printkit_engine.postcard.rules import DIE, Rules
from printkit_engine.postcard.state import SCRIMMAGE, SIDES, State, index
from printkit_engine.postcard.steps import KICK_ROLLS, allowed, dice_state, roll_spec

MAX_WAYS = 1000         # ways of a left-out line tried in one tier
MAX_FOUND = 12          # readings kept (the kernel keeps the first eight of all its readings)
MAX_OWED = 3            # Time Tracker circles a left-out line may owe (a turnover TD: 3)


@dataclass(frozen=True)
class LeftOut:
    """A line the record may have left out, and the reading after it and the next line."""

    line: Line
    reading: Reading

    def text(self) -> str:
        """The left-out line as far as it is known: its action and the book's dice."""
        return " ".join([self.line.verb, *(r.text() for r in self.line.rolls)])


def _choices(state: State, verb: str, r: Reading) -> list[dict[str, object]]:
    """What a player chooses on a `verb` line here (not rolled, so not in the play book)."""
    rules = r.ctx.rules
    if verb in ("kickoff", "onside"):
        sides = (state.ball,) if state.ball else SIDES
        return [{"side": s, "picks": p} for s in sides
                for p in _by_outcome(rules, range(1, DIE + 1), keep_first=True)]
    if verb in ("rush", "pass") and _picks_due(state):
        kinds = rules.strategy.passing if verb == "pass" else rules.strategy.rushing
        return [{"picks": p} for p in _by_outcome(rules, kinds, keep_first=False)]
    if verb == "punt":            # the longest first: the kernel keeps eight readings, and
        return [{"value": t.distance}          # a punt is mostly aimed long (P14)
                for t in sorted(rules.punt.targets, key=lambda t: -t.distance)]
    if verb == "try":
        return [{"value": rules.scoring.extra_point}, {"value": rules.scoring.two_point}]
    return [{}]


def _by_outcome(rules: Rules, firsts: Iterable[int], keep_first: bool) -> list[tuple[int, int]]:
    """One pair of picks for each way they can come out on the strategy circle (a tie, or
    who wins and with how many stars): the rest of the line does not tell picks apart that
    come out the same. `keep_first`: the first number also counts on its own (a kicker's
    number places the kick)."""
    out: dict[object, tuple[int, int]] = {}
    for a in firsts:
        for b in range(1, DIE + 1):
            winner = rules.strategy_winner(a, b)
            way = None if winner is None else (winner == a, rules.strategy.stars[winner])
            out.setdefault((a if keep_first else None, way), (a, b))
    return list(out.values())


def _picks_due(state: State) -> bool:
    return (state.play is None and state.phase == SCRIMMAGE) or (
        state.play is not None and state.play.step == "snap")


def _rolls(state: State, verb: str, r: Reading, tier: int
           ) -> Iterator[tuple[tuple[Roll, ...], tuple[int, int]]]:
    """The rolls of a left-out `verb` line from the next draws, and the draws used after it:
    tier 0 plain dice, tier 1 with a Team Skill re-roll, tier 2 with bonuses used (each tier
    only what the tiers before it did not try)."""
    draws = r.ctx.draws
    assert draws is not None
    spec = roll_spec(dice_state(state, Line(0, verb), r.ctx.rules, r.ctx.skills), verb)
    options: list[list[tuple[Roll, int, int]]] = []        # roll, draws used, its tier
    for side, pair in spec:
        at = r.drawn[index(side)]
        stream = draws[side]
        if pair:
            options.append([(Roll(side, stream[at:at + 2], pair=True), 2, 0)])
            continue
        ways = [(Roll(side, stream[at:at + 1]), 1, 0)]
        if verb in ("rush", "pass"):
            ways.append((Roll(side, stream[at:at + 2], reroll=True), 2, 1))
        if verb not in KICK_ROLLS:
            held = state.bonus[index(side)]
            ways += [(evolve(roll, bonus=b), n, 2) for roll, n, _ in list(ways)
                     for b in range(1, held + 1)]
        options.append(ways)
    for combo in product(*options):
        if max((t for _, _, t in combo), default=0) != tier:
            continue
        if any(len(roll.dice) != n for roll, n, _ in combo):
            continue                                # past the draws the record needs
        used = list(r.drawn)
        for roll, n, _ in combo:
            used[index(roll.side)] += n
        yield tuple(roll for roll, _, _ in combo), (used[0], used[1])


def _ways(r: Reading, tier: int, then: Line) -> Iterator[tuple[Line, tuple[int, int]]]:
    """Every line that may have been left out here, in this tier, after which the dice of
    `then` are the next draws."""
    state = r.game
    draws = r.ctx.draws
    assert draws is not None
    for verb in allowed(state, r.ctx.rules):
        for rolls, drawn in _rolls(state, verb, r, tier):
            if not fits(draws, drawn, then):
                continue
            for extra in _choices(state, verb, r):
                yield Line(0, verb, rolls=rolls, **extra), drawn  # type: ignore[arg-type]


def _after(r: Reading, line: Line, drawn: tuple[int, int]) -> list[Reading]:
    """The readings after a left-out `line`: its own outcome, and the Time Tracker circles it
    owed crossed in either end zone each."""
    result = r.play(line, follow_written=False)
    owed = result.due[:MAX_OWED]
    if not owed:
        return [] if result.findings else [r.then(result.state, drawn, line)]
    out = []
    for zones in product(SIDES, repeat=len(owed)):
        marks = tuple(Cross(o, z) for o, z in zip(owed, zones, strict=True))
        marked = r.play(evolve(line, crosses=marks), follow_written=False)
        if not marked.findings:
            out.append(r.then(marked.state, drawn, line))
    return out


def left_out(r: Reading, line: Line) -> list[LeftOut]:
    """The readings in which a line left out before `line` makes it clean (none: it was
    not a line left out), the plainest ways first."""
    if r.ctx.draws is None:
        return []
    found: list[LeftOut] = []
    unknown = any(r.game.bonus)         # the left-out line may have used bonuses held
    seen: set[Reading] = set()          # readings after a left-out line, tried already
    for tier in range(3):
        for tried, (way, drawn) in enumerate(_ways(r, tier, line)):
            if tried == MAX_WAYS or len(found) == MAX_FOUND:
                break
            for after in _after(r, way, drawn):
                if after in seen:
                    continue
                seen.add(after)
                nxt = clean_after(after, line)
                if nxt is not None and unknown:
                    nxt = nxt.loosened()
                if nxt is not None and all(nxt != f.reading for f in found):
                    found.append(LeftOut(way, nxt))
    return found


__all__ = ["LeftOut", "left_out"]
