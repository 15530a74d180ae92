"""Seeded bots that play whole games of BLOWOUT!!! and write them in the record notation.

Every card comes out of a hand the play book's shuffles dealt (decision B6), so a simulated
record with its Seed tag is checked card by card against the printed book. The coaches'
choices come from a decision source (:class:`Source`): the bots' own seeded generator (each
side weighs its cards against the other side's deck: what a RUN or PASS gains on average
against the DEFENSE deck, what a DEFENSE card holds it to; mostly takes the best card and
sometimes another, kicks on fourth down when a kick is better than going for it, and answers
with a penalty or a CHALLENGE when it pays), or a table's decision log read back
(engine/blowout/decisions.py: `Scripted`). Both go through the one loop, :func:`play`, so a
decision log replays exactly as the bots would have played the same decisions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from printkit_engine.blowout import hands as handsmod
from printkit_engine.blowout.consequence import after, restart
from printkit_engine.blowout.game import GAME as BLOWOUT
from printkit_engine.blowout.notation import LENGTH_TAG, Line
from printkit_engine.blowout.rules import Rules, load_rules
from printkit_engine.blowout.snap import REPEAT, TURNOVER, resolve
from printkit_engine.blowout.state import SIDES, State
from printkit_engine.blowout.steps import Context, begin_period, start, step, with_written
from printkit_engine.played import Played

MAX_LINES = 4000
TEAMS = ("Hawks", "Bears", "Comets", "Otters", "Rams", "Foxes", "Pilots", "Owls")



def _deck_values(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Yards on the RUN, PASS and DEFENSIVE PLAY cards of a deck (one entry per copy)."""
    def values(deck: str, kind: str) -> tuple[int, ...]:
        return tuple(abs(c.yards) for c in rules.decks.deck(deck).cards
                     if c.type.key == kind and c.yards is not None for _ in range(c.count))
    return values("offense", "run"), values("offense", "pass"), \
        values("defense", "defensive_play")


def _mean(xs) -> float:
    xs = list(xs)
    return sum(xs) / len(xs) if xs else 0.0


class Source(Protocol):
    """Where a game's decisions come from (the cards never do: every hand is the play
    book's). The loop asks in the order the table decides: who starts on OFFENSE (the coin
    toss of the game and of overtime), then each snap's OFFENSE card, DEFENSE card, and a
    response card."""

    def starts(self, state: State) -> str:
        """The side on OFFENSE at the first snap of the game or of overtime (a coin toss)."""
        ...

    def offense(self, state: State) -> tuple[str, str]:
        """(deck, code) of the card the OFFENSE leads the snap with."""
        ...

    def defense(self, state: State) -> tuple[str, str]:
        """(deck, code) of the card the DEFENSE plays on the snap."""
        ...

    def response(self, state: State, line: Line) -> tuple[str, str] | None:
        """(side, code) of a response card played after both snap cards, or None."""
        ...


class Coach:
    """Both sides' choices, from one seeded generator."""

    def __init__(self, seed: str, rules: Rules) -> None:
        self.rng = random.Random(f"blowout-bots|{seed}")
        self.rules = rules
        self.runs, self.passes, self.stops = _deck_values(rules)

    def _pick(self, scored: list[tuple[float, str, str]], lowest: bool = False
              ) -> tuple[str, str]:
        scored.sort(key=lambda t: (t[0], t[2]), reverse=not lowest)
        if len(scored) > 1 and self.rng.random() < 0.25:
            _, deck, code = self.rng.choice(scored[1:])
            return deck, code
        return scored[0][1], scored[0][2]

    def offense(self, state: State) -> tuple[str, str]:
        rules = self.rules
        options = handsmod.leads(state, rules, state.ball, "offense")
        kicks = [o for o in options if o[0] == "special"]
        plays = [o for o in options if o[0] == "offense"]
        tg, to_go = state.to_goal, state.to_go
        if kicks and state.down == rules.field.downs:
            best = max(kicks, key=lambda o: rules.yards_of("special", o[1]))
            kick = rules.yards_of("special", best[1])
            if rules.in_range(tg):
                if kick > rules.to_back_of_end_zone(tg) or not plays or to_go > 4:
                    return best
            elif not plays or to_go > 2 or self.rng.random() < 0.6:
                return best
        if not plays:
            return kicks[0]
        scored = [(self._gain(code, tg, to_go), deck, code) for deck, code in plays]
        return self._pick(scored)

    def _gain(self, code: str, tg: int, to_go: int) -> float:
        rules = self.rules
        kind = rules.kind("offense", code)
        v = rules.yards_of("offense", code)
        if kind == "run":
            return _mean(v - s for s in self.stops)
        if kind == "pass":
            back = rules.to_back_of_end_zone(tg)
            return _mean(0 if v - s > back else max(0, v - s) for s in self.stops) - 2
        return rules.yards.penalty * (0.9 if to_go <= rules.yards.penalty else 0.5)

    def defense(self, state: State) -> tuple[str, str]:
        rules, c = self.rules, self.rules.cards
        options = handsmod.leads(state, rules, state.defense, "defense")
        p_pass = 0.35 + (0.2 if state.to_go > 10 else 0.0)
        scored: list[tuple[float, str, str]] = []
        for deck, code in options:
            value: float
            if code in (c.delay_of_game, c.offsides_on_offense):
                value = rules.yards.penalty
            elif code in (c.interception, c.fumble):
                value = 35 * (p_pass if code == c.interception else 1 - p_pass)
            elif code == c.sack:
                value = p_pass * (rules.yards.sack + 10)
            else:
                stop = rules.yards_of("defense", code)
                value = -((1 - p_pass) * _mean(r - stop for r in self.runs)
                          + p_pass * _mean(max(0, p - stop) for p in self.passes))
            scored.append((value, deck, code))
        return self._pick(scored)

    def response(self, state: State, line: Line) -> tuple[str, str] | None:
        """A response card, if one pays: PASS INTERFERENCE or HOLDING against a stop, a
        CHALLENGE against a turnover, a sack or a big gain."""
        rules, c = self.rules, self.rules.cards
        if line.offense in rules.penalties or line.defense in rules.penalties:
            return None
        snap = resolve(rules, state.down, state.to_goal, line)
        held_o = state.hand(state.ball, "offense").cards
        held_d = state.hand(state.defense, "defense").cards
        bad = snap.kind == TURNOVER or snap.yards < 0 or \
            (snap.kind != REPEAT and snap.yards < 3 and state.to_go > 3)
        if bad and c.pass_interference in held_o and rules.kind("offense", line.offense) == "pass":
            return state.ball, c.pass_interference
        if bad and c.holding in held_o and rules.kind("offense", line.offense) is not None:
            return state.ball, c.holding
        if (snap.kind == TURNOVER or snap.yards <= -8) and c.challenge in held_o:
            return state.ball, c.challenge
        w = after(rules, state, snap.kind, snap.yards)
        if c.challenge in held_d and (w.event in ("td", "fg") or snap.yards >= 20):
            return state.defense, c.challenge
        return None


class Bots(Coach):
    """The bots as a decision source: the coach's choices, and the coin tosses from the
    seed's setup generator (the one that named the teams: `first` is drawn right after)."""

    def __init__(self, seed: str, rules: Rules, setup: random.Random) -> None:
        super().__init__(seed, rules)
        self.setup = setup
        self.first = setup.choice(SIDES)

    def starts(self, state: State) -> str:
        return self.setup.choice(SIDES) if state.ball else self.first


def _snap_state(state: State, ctx: Context, source: Source) -> State:
    """The state the next snap is played from: the coin toss's before the first snap, a new
    period's when one is over (overtime's first from its coin toss)."""
    if not state.ball:
        return with_written(state, restart(ctx.rules, source.starts(state), state.score))
    if handsmod.period_over(state, ctx.rules):
        k = state.period + 1
        toss = k == ctx.length.periods + 1 and not state.ot
        return begin_period(state, k, source.starts(state) if toss else state.ball, ctx)
    return state


def play(seed: str, rules: Rules, length: str, source: Source,
         more: Callable[[State], bool] | None = None) -> tuple[list[str], State]:
    """The one loop of a whole game: each snap's cards from `source`, the hands from the
    play book for `seed`, the engine's step for what follows. Returns the record lines and
    the final state. `more(state)`: go on from this state? (a decision log that has run out
    of snaps stops the game there)."""
    ctx = Context(rules, rules.length(length), seed)
    state = start(ctx)
    lines: list[str] = []
    while not state.over and len(lines) < MAX_LINES and (more is None or more(state)):
        now = _snap_state(state, ctx, source)
        _, oc = source.offense(now)
        _, dc = source.defense(now)
        line = Line(0, ctx.period_name(now.period), now.ball, oc, dc, None, 0,
                    None)  # type: ignore[arg-type]
        response = source.response(now, line)
        line = Line(0, line.period, line.side, oc, dc, response, 0, None)  # type: ignore[arg-type]
        snap = resolve(rules, now.down, now.to_goal, line)
        written = after(rules, now, snap.kind, snap.yards).state
        line = Line(len(lines) + 1, line.period, line.side, oc, dc, response, snap.yards, written)
        result = step(state, line)
        if result.findings and isinstance(source, Bots):
            raise AssertionError(f"bot line {line.text()} breaks {result.findings}")
        state = result.state
        lines.append(line.text())
    return lines, state


def play_game(seed: str, rules: Rules | None = None, date: str | None = None,
              length: str = "full") -> Played:
    """One complete game with the play book for `seed`."""
    rules = rules or load_rules()
    rng = random.Random(f"blowout-setup|{seed}")
    home, away = rng.sample(TEAMS, 2)
    lines, state = play(seed, rules, length, Bots(seed, rules, rng))
    tags = {"Game": BLOWOUT.id, "Seed": seed, "Home": home, "Away": away,
            LENGTH_TAG: length}
    if date:
        tags["Date"] = date
    tags["Result"] = f"{state.score[0]}-{state.score[1]}" if state.over else "*"
    return Played(seed, tags, lines, state)


def simulate(seed: str, games: int, rules: Rules | None = None) -> list[Played]:
    return [play_game(game_seed(seed, k), rules) for k in range(1, games + 1)]


def game_seed(seed: str, number: int) -> str:
    return f"{seed}-{number:04d}"


__all__ = ["Bots", "Played", "Source", "game_seed", "play", "play_game", "simulate"]
