"""Seeded bots that play whole games of PostCard Football and write them in the notation.

Dice come from the play book streams (`home`, `away`; docs/draws.md), so a simulated
record with its Seed tag holds exactly the draws a printed play book for that seed shows.
Decisions (strategies, kicks, bonuses...) come from a decision source: the bots' own seeded
generator (legal, varied, sometimes bold, sometimes timid), or a table's decision log read
back (engine/postcard/decisions.py: `Scripted`). Both go through the one loop, :func:`play`,
so a decision log replays exactly as the bots would have played the same decisions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from printkit_engine.draws import Stream
from printkit_engine.frozen import evolve
from printkit_engine.game import SIDES as STREAMS
from printkit_engine.played import Played
from printkit_engine.postcard import tracker
from printkit_engine.postcard.game import GAME
from printkit_engine.postcard.notation import Cross, Line, Note, Roll
from printkit_engine.postcard.rules import DIE, Rules, load_rules
from printkit_engine.postcard.state import (
    DOWNS,
    OVER,
    SCRIMMAGE,
    SIDES,
    TOSS,
    State,
    index,
    other,
    to_goal,
)
from printkit_engine.postcard.steps import (
    KICK_ROLLS,
    StepResult,
    allowed,
    dice_state,
    roll_spec,
    step,
)
from printkit_engine.postcard.writer import format_line, format_note

MAX_LINES = 5000
SAFETY_KICKS = (35, 40, 45, 50, 55)      # the distances a bot aims a safety kick at
TEAMS = ("Hawks", "Bears", "Comets", "Otters", "Rams", "Foxes", "Pilots", "Owls")



class Source(Protocol):
    """Where a game's decisions come from (the dice never do: they are the play book's).
    The loop asks in the order the table decides: the line's action and choices, then for
    each die rolled a re-roll and bonuses, then the second pass roll, then the Time Tracker
    end zones of the circles the line owes."""

    def choose(self, state: State) -> Line:
        """The next line's action and choices (verb, kicker, number, picks), no dice."""
        ...

    def reroll(self, state: State, verb: str, side: str, first: int) -> bool:
        """Does `side` re-roll its die `first` on this line (a Team Skill re-roll)?"""
        ...

    def bonus(self, state: State, verb: str, side: str, pair: bool) -> int:
        """The Bonus Bar bonuses `side` adds to its roll on this line (0: none)."""
        ...

    def wants_again(self, state: State) -> bool:
        """After a pass's first roll: take the optional second roll?"""
        ...

    def zones(self, state: State, due: list[str]) -> tuple[Cross, ...]:
        """The end zone each circle owed on this line is crossed in."""
        ...


class Bots:
    """Both coaches: one seeded decision generator (a :class:`Source`)."""

    def __init__(self, seed: str, rules: Rules, skills: dict[str, str | None]) -> None:
        self.rng = random.Random(f"postcard-bots|{seed}")
        self.rules = rules
        self.skills = skills
        self.boldness = {s: self.rng.uniform(0.1, 0.9) for s in ("H", "A")}
        self.again = False

    # -- dice -------------------------------------------------------------------------------
    def reroll(self, state: State, verb: str, side: str, first: int) -> bool:
        return verb in ("rush", "pass") and first <= 2 and self._skill_fits(state, verb, side)

    def bonus(self, state: State, verb: str, side: str, pair: bool) -> int:
        held = state.bonus[index(side)]
        if pair or not held or verb in KICK_ROLLS:
            return 0
        if self.rng.random() < 0.2 * (1 + held / 4):
            return self.rng.randint(1, held)
        return 0

    def _skill_fits(self, state: State, verb: str, side: str) -> bool:
        offense = state.ball if state.play is None else state.play.offense
        role = "offense" if side == offense else "defense"
        needed = self.rules.team_skill.needed(role, verb)
        return needed is not None and self.skills.get(side) == needed

    # -- decisions --------------------------------------------------------------------------
    def choose(self, state: State) -> Line:
        options = allowed(state, self.rules)
        rng = self.rng
        verb = options[0]
        extra: dict[str, object] = {}
        if state.phase == TOSS:
            verb = "toss"
        elif verb == "kickoff":
            verb = "onside" if rng.random() < 0.05 else "kickoff"
            kicker = state.ball or rng.choice("HA")
            extra = {"side": kicker, "picks": (rng.randint(1, DIE), rng.randint(1, DIE))}
        elif state.phase == SCRIMMAGE:
            verb, extra = self._scrimmage(state)
        elif verb == "try":
            scoring = self.rules.scoring
            extra = {"value": scoring.two_point if rng.random() < 0.2 else scoring.extra_point}
        elif verb == "punt":                      # safety kick: a middling distance
            distances = [d for d in SAFETY_KICKS if self.rules.punt.target(d)]
            extra = {"value": rng.choice(distances or self._distances())}
        elif state.play is not None and state.play.step in ("snap", "fake_play"):
            verb = rng.choice(("rush", "pass"))
            if state.play.step == "snap":
                extra = {"picks": self._picks(verb)}
        elif state.play is not None and state.play.step == "receive":
            verb = self._receive(state)
        elif state.play is not None and state.play.step == "after1":
            verb = "again" if self.again else options[1]
        return Line(0, verb, **extra)  # type: ignore[arg-type]

    def _picks(self, verb: str) -> tuple[int, int]:
        strategy = self.rules.strategy
        kinds = strategy.passing if verb == "pass" else strategy.rushing
        return self.rng.choice(kinds), self.rng.randint(1, DIE)

    def _scrimmage(self, state: State) -> tuple[str, dict[str, object]]:
        rng, side = self.rng, state.ball
        yards = to_goal(side, state.spot)
        if tracker.in_final(state):
            lead = state.score[index(side)] - state.score[index(other(side))]
            if lead > 0 and rng.random() < 0.6:
                return "knee", {}
        if state.down == DOWNS:
            kick_from = yards + self.rules.field_goal.snap_back
            go_for_it = state.to_go <= 5 and rng.random() < self.boldness[side] * 0.4
            if not go_for_it:
                if rng.random() < 0.03:
                    return "fake", {}
                if self.rules.field_goal.at(kick_from) is not None and rng.random() < 0.9:
                    return "fg", {}
                return "punt", {"value": self._punt_distance(yards)}
        verb = "pass" if rng.random() < 0.35 + 0.3 * (state.to_go > 10) else "rush"
        return verb, {"picks": self._picks(verb)}

    def _distances(self) -> list[int]:
        return [t.distance for t in self.rules.punt.targets]

    def _punt_distance(self, yards: int) -> int:
        """One of the four longest targets that come down a step or more short of the goal
        line."""
        room = yards + self.rules.punt.snap_back - self.rules.field.yards_per_step
        keys = self._distances()
        keys = [k for k in keys if k <= max(keys[0], room)]
        return self.rng.choice(keys[-4:])

    def _receive(self, state: State) -> str:
        assert state.play is not None
        if not state.play.receive or self.rng.random() < 0.55:
            return "run"
        return state.play.receive

    def wants_again(self, state: State) -> bool:
        """Take the optional second pass roll? Mostly to escape a sack or throw deeper."""
        p = state.play
        assert p is not None
        if p.r1 < 0:
            self.again = p.r1 >= -5 and self.rng.random() < 0.85
        else:
            self.again = self.rng.random() < (0.6 if p.r1 <= 3 else 0.25)
        return self.again

    def zones(self, state: State, due: list[str]) -> tuple[Cross, ...]:
        return crosses(state, due, self.rules,
                       lambda owner, free: self.rng.choice(free))


def crosses(state: State, due: list[str], rules: Rules,
            pick: Callable[[str, list[str]], str]) -> tuple[Cross, ...]:
    """The Time Tracker circles crossed for the `due` owners, while any is left: `pick` names
    the end zone of each (from its owner and the zones with a circle free). The one rule both
    decision sources (the bots, a table's decision log) follow."""
    counts = list(state.time)
    circles = rules.time_tracker.circles
    out = []
    for owner in due:
        if sum(counts) >= len(SIDES) * circles:
            break
        zone = pick(owner, [z for z in SIDES if counts[index(z)] < circles])
        counts[index(zone)] += 1
        out.append(Cross(owner, zone))
    return tuple(out)


def _skills(rng: random.Random, rules: Rules) -> dict[str, str | None]:
    if rng.random() < 0.5:
        return {"H": None, "A": None}
    names = rules.team_skill.names
    return {"H": rng.choice(names), "A": rng.choice(names)}


def setup(seed: str, rules: Rules) -> tuple[dict[str, str | None], str, str]:
    """The bots' Team Skills and teams for a seed (what a simulated record's tags say)."""
    rng = random.Random(f"postcard-setup|{seed}")
    skills = _skills(rng, rules)
    home, away = rng.sample(TEAMS, 2)
    return skills, home, away


def play_game(seed: str, rules: Rules | None = None, date: str | None = None) -> Played:
    """One complete game with the play book for `seed`."""
    rules = rules or load_rules()
    skills, home, away = setup(seed, rules)
    lines, state = play(seed, rules, skills, Bots(seed, rules, skills))
    tags = {"Game": GAME.id, "Seed": seed, "Home": home, "Away": away}
    if date:
        tags["Date"] = date
    if skills["H"]:
        tags["HomeSkill"] = skills["H"]
    if skills["A"]:
        tags["AwaySkill"] = skills["A"]
    tags["Result"] = f"{state.score[0]}-{state.score[1]}" if state.phase == OVER else "*"
    return Played(seed, tags, lines, state)


def play(seed: str, rules: Rules, skills: dict[str, str | None], source: Source,
         more: Callable[[State], bool] | None = None) -> tuple[list[str], State]:
    """The one loop of a whole game: each line's decisions from `source`, its dice from the
    play book for `seed`, the engine's step for what follows (no state written but where a
    play ends). Returns the record lines and the final state. `more(state)`: go on from
    this state? (a decision log that has run out of plays stops the game there)."""
    dice = {side[0].upper(): GAME.book.stream(seed, side) for side in STREAMS}
    state = State()
    lines: list[str] = []
    while state.phase != OVER and len(lines) < MAX_LINES and (more is None or more(state)):
        line = source.choose(state)
        spec = roll_spec(dice_state(state, line, rules, skills), line.verb)
        rolls = tuple(_roll(dice[side], source, state, line.verb, side, pair)
                      for side, pair in spec)
        line = evolve(line, rolls=rolls)
        first = step(state, line, rules, skills, follow_written=False)
        if line.verb == "pass" and first.state.play is not None \
                and not source.wants_again(first.state):
            line, first = _settled_pass(state, line, first, rules, skills)
        line = evolve(line, outcome=first.outcome, crosses=source.zones(state, first.due))
        result = step(state, line, rules, skills, follow_written=False)
        line = evolve(line, td=result.td, safety=result.safety)
        note = None
        if result.state.play is None and result.state.phase != TOSS:
            note = format_note(result.state)
        lines.append(format_line(line, note))
        state = result.state
    return lines, state


def _roll(stream: Stream, source: Source, state: State, verb: str, side: str,
          pair: bool) -> Roll:
    """One side's dice on a line: the book's next draws, the source's re-roll and bonus."""
    if pair:
        draws = (stream.die(), stream.die())
        return Roll(side, draws, pair=True, bonus=source.bonus(state, verb, side, pair))
    first = stream.die()
    dice: tuple[int, ...] = (first,)
    reroll = source.reroll(state, verb, side, first)
    if reroll:
        dice = (first, stream.die())
    return Roll(side, dice, reroll=reroll, bonus=source.bonus(state, verb, side, pair))


def _settled_pass(state: State, line: Line, result: StepResult, rules: Rules,
                  skills: dict[str, str | None]) -> tuple[Line, StepResult]:
    """No second roll: if the throw is already over (out of the back of the end zone), the
    pass line itself ends the play and carries the state."""
    probe = step(state, evolve(line, note=Note(down=1)), rules, skills, follow_written=False)
    if probe.state.play is None:
        line = evolve(line, note=Note(down=1))
        return line, probe
    return line, result


def simulate(seed: str, games: int, rules: Rules | None = None) -> list[Played]:
    return [play_game(game_seed(seed, k), rules) for k in range(1, games + 1)]


def game_seed(seed: str, number: int) -> str:
    return f"{seed}-{number:04d}"

