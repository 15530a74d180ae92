"""One passage of play as pure steps: ``step(passage, card, rules, fg) -> passage``.

A passage starts with the side in possession on a grid and takes the dealt cards one at a
time, in the order they are dealt, whoever deals them (:func:`dealer` says who deals next).
It is over when ``outcome`` is set: what happened, what was scored and where the next
passage starts. The bots deal from the play book into it, the verifier feeds it the written
cards, the odds module enumerates over it: one reading of the rules for all three
(docs/rules/cardgrid.md G3-G12).

Grids are always in the numbering of the side in possession (1 its own end, 12 the in-goal
it attacks); the other side sees grid g as grid 13 - g (``rules.field.mirror``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from printkit_engine.cardgrid.rules import Rules
from printkit_engine.cards import is_red, rank

SIDES = ("H", "A")

# phases: who deals next and what the card does
PLAY = "play"           # the side in possession deals: red advances, black is a tackle
DEFEND = "defend"       # the defending side deals its one card after a black card
GROUND = "ground"       # a red card reached the in-goal: black grounds it, red is dead
CONVERT = "convert"     # the try's conversion card
PEN_GOAL = "pen_goal"   # a penalty on or within grid 3: the taker's goal card
PEN_TOUCH = "pen_touch"  # a penalty kick: the offender's touch card
FEED = "feed"           # after a kick found touch: the scrum feed card starts the passage


def other(side: str) -> str:
    return "A" if side == "H" else "H"


@dataclass(frozen=True)
class Next:
    """Where the next passage starts: the side in possession and its grid; `scrum` when it
    starts with a scrum feed (the kick found touch)."""

    side: str
    grid: int
    scrum: bool = False

    def text(self) -> str:
        return f"{'scrum ' if self.scrum else ''}{self.side}{self.grid}"


@dataclass(frozen=True)
class Outcome:
    """How a passage ended. `event`: lost, kick, touch, dead, against, F, T or pen; for a
    try `converted`, for a penalty the `offender` and `penalty` (P, P-, kick, notouch);
    `scores` lists (side, code) in the order scored."""

    event: str
    next: Next
    scores: tuple[tuple[str, str], ...] = ()
    converted: bool | None = None
    offender: str = ""
    penalty: str = ""


@dataclass(frozen=True)
class Passage:
    side: str                   # the side in possession
    grid: int                   # the ball, in that side's numbering
    phase: str = PLAY
    tackles: int = 0
    last_att: str | None = None     # the side in possession's previous card
    last_def: str | None = None     # the defending side's previous card
    black: str | None = None        # the black card the defender answers
    black_pen: bool = False         # that black card paired the previous one
    black_fg: bool = False          # that black card was taken as a field goal
    try_card: str | None = None
    taker: str = ""                 # penalty: the side taking it
    kick_to: int = 0                # penalty: the grid kicked to (taker's numbering)
    scores: tuple[tuple[str, str], ...] = ()
    cards: tuple[str, ...] = ()
    outcome: Outcome | None = None

    @property
    def over(self) -> bool:
        return self.outcome is not None


def replace(p: Passage, **changes: Any) -> Passage:
    """`dataclasses.replace` without re-running __init__: a passage is copied at every card,
    and the odds tables deal hundreds of thousands of them. The copy is handed to the new
    passage as its own dictionary, as engine/frozen.py's `evolve` does (one dictionary made,
    not an empty one filled twice; and not a split table, whose attribute reads CPython
    does not specialise)."""
    new = _new(Passage)
    _set(new, "__dict__", {**p.__dict__, **changes})
    return new


_new = object.__new__
_set = object.__setattr__


def _put(p: Passage, **changes: Any) -> Passage:
    """The passage :func:`step` copied for this card, changed where it is: the copy is this
    step's own until it returns, so the card's changes (often three or four, made one after
    another by the steps below) cost one copy of the passage, not one each."""
    p.__dict__.update(changes)
    return p


def start(side: str, grid: int, scrum: bool = False) -> Passage:
    return Passage(side, grid, FEED if scrum else PLAY)


def dealer(p: Passage) -> str:
    """The side that deals the next card."""
    if p.phase == DEFEND:
        return other(p.side)
    if p.phase == PEN_GOAL:
        return p.taker
    if p.phase == PEN_TOUCH:
        return other(p.taker)
    return p.side


def fg_option(p: Passage, card: str, rules: Rules) -> bool:
    """"When the ball is on grid 10 ... or grid 11 ... the in-possession player, on dealing
    a picture card, has the option of taking it as a field goal"."""
    return (p.phase in (PLAY, FEED) and p.grid in rules.field_goal.grids
            and rank(card) in rules.field_goal.ranks)


def step(p: Passage, card: str, rules: Rules, fg: bool = False) -> Passage:
    """The passage after one more card; `fg`: the field-goal option is taken on this card
    (ignored where there is no option)."""
    if p.over:
        raise ValueError("the passage is over")
    fg = fg and fg_option(p, card, rules)
    # the one copy of this step: the steps below change it in place (`_put`)
    return _STEPS[p.phase](replace(p, cards=p.cards + (card,)), card, rules, fg)


# -- the steps ----------------------------------------------------------------------------------
def _end(p: Passage, event: str, nxt: Next, **extra) -> Passage:
    return _put(p, outcome=Outcome(event, nxt, p.scores, **extra))


def _feed(p: Passage, card: str, rules: Rules, fg: bool) -> Passage:
    """"this card is either a Queen or a King possession is deemed to have gone against the
    feed"; otherwise it "is used also to start the new passage of play" (G9)."""
    if rank(card) in rules.scrum.against_feed:
        return _end(p, "against", Next(other(p.side), rules.field.mirror(p.grid)))
    return _play(_put(p, phase=PLAY), card, rules, fg)


def _play(p: Passage, card: str, rules: Rules, fg: bool) -> Passage:
    pen = rules.pair(p.last_att, card)
    p = _put(p, last_att=card)
    if not is_red(card):
        return _put(p, phase=DEFEND, tackles=p.tackles + 1, black=card, black_pen=pen,
                       black_fg=fg)
    if pen:
        return _penalty(p, p.side, rules)
    if fg:
        return _score_end(p, "F", rules)
    grid = min(p.grid + rules.field.red_advance, rules.field.in_goal)
    return _put(p, grid=grid, phase=GROUND if grid == rules.field.in_goal else PLAY)


def _defend(p: Passage, card: str, rules: Rules, fg: bool) -> Passage:
    """The defender's card: a pair with the black card loses possession (first), then a
    penalty (the attacker's pair, then the defender's), then a field goal, then the last
    tackle's kick (G5, G6)."""
    pen_def = rules.pair(p.last_def, card)
    p = _put(p, last_def=card, phase=PLAY)
    if rules.pair(p.black, card):
        return _end(p, "lost", Next(other(p.side), rules.field.mirror(p.grid)))
    if p.black_pen:
        return _penalty(p, p.side, rules)
    if pen_def:
        return _penalty(p, other(p.side), rules)
    if p.black_fg:
        return _score_end(p, "F", rules)
    if p.tackles >= rules.tackles.count:
        kick = rules.tackles.kick(p.grid)
        touch = rank(card) in rules.tackles.touch
        return _end(_put(p, grid=kick), "touch" if touch else "kick",
                    Next(other(p.side), rules.field.mirror(kick), scrum=touch))
    return p


def _ground(p: Passage, card: str, rules: Rules, fg: bool) -> Passage:
    """"if the next card dealt is black the ball is deemed to have been grounded ... If that
    next card is red the ball has gone dead-in-goal"; a penalty comes first (G10)."""
    pen = rules.pair(p.last_att, card)
    p = _put(p, last_att=card)
    if pen:
        return _penalty(p, p.side, rules)
    if is_red(card):
        return _end(p, "dead", Next(other(p.side), rules.restart("dead")))
    return _put(p, phase=CONVERT, try_card=card, scores=p.scores + ((p.side, "T"),))


def _convert(p: Passage, card: str, rules: Rules, fg: bool) -> Passage:
    good = rules.converts(p.try_card or card, card)
    if good:
        p = _put(p, scores=p.scores + ((p.side, "C"),))
    return _end(p, "T", Next(other(p.side), rules.restart("C" if good else "T")),
                converted=good)


def _score_end(p: Passage, code: str, rules: Rules) -> Passage:
    p = _put(p, scores=p.scores + ((p.side, code),))
    return _end(p, code, Next(other(p.side), rules.restart(code)))


def _penalty(p: Passage, offender: str, rules: Rules) -> Passage:
    """The side that did not offend takes the penalty from where the ball is, in its own
    numbering: a goal attempt on or within the offender's grid 3, else a kick for touch."""
    taker = other(offender)
    grid = p.grid if taker == p.side else rules.field.mirror(p.grid)
    if rules.penalty_goal(grid):
        return _put(p, phase=PEN_GOAL, taker=taker, kick_to=grid)
    return _put(p, phase=PEN_TOUCH, taker=taker, kick_to=rules.penalty.kick(grid))


def _pen_goal(p: Passage, card: str, rules: Rules, fg: bool) -> Passage:
    offender = other(p.taker)
    good = rank(card) in rules.penalty.goal
    if good:
        p = _put(p, scores=p.scores + ((p.taker, "P"),))
    return _end(p, "pen", Next(offender, rules.restart("P")), offender=offender,
                penalty="P" if good else "P-")


def _pen_touch(p: Passage, card: str, rules: Rules, fg: bool) -> Passage:
    offender = other(p.taker)
    if rank(card) in rules.penalty.no_touch:
        return _end(p, "pen", Next(offender, rules.field.mirror(p.kick_to)), offender=offender,
                    penalty="notouch")
    return _end(p, "pen", Next(p.taker, p.kick_to), offender=offender, penalty="kick")


_STEPS = {PLAY: _play, DEFEND: _defend, GROUND: _ground, CONVERT: _convert,
          PEN_GOAL: _pen_goal, PEN_TOUCH: _pen_touch, FEED: _feed}
