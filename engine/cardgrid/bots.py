"""Seeded players of the grid game: the cards come from the play book, the bot makes the
only choices the rules leave (G11): who kicks off (the coin toss), whether to take a picture
card on grid 10 or 11 as a field goal, and whether to shuffle a half pack after a change of
possession.

Decisions come from their own generator seeded by the game's seed, so a record is the same
every time and its cards are exactly those of the play book for its Seed tag.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from printkit_engine.cardgrid import deal as decks_
from printkit_engine.cardgrid.game import ID
from printkit_engine.cardgrid.notation import passage_line
from printkit_engine.cardgrid.passage import Passage, dealer, fg_option, start, step
from printkit_engine.cardgrid.rules import Rules, load_rules
from printkit_engine.cardgrid.steps import written
from printkit_engine.played import Played

PLAYERS = ("Ann", "Ben", "Cal", "Dee", "Eli", "Fay", "Gus", "Ivy")
PASSAGES = (30, 60)             # a classroom game's length, in passages
FG_TAKE = {10: 0.4, 11: 0.6}    # how often a bot takes the field goal, by grid
SHUFFLE = 0.1                   # how often a bot shuffles its half pack when it may
MAX_SHUFFLE = 20                # the play book's default number of shuffles per side
MAX_CARDS = 200                 # a passage can never be this long (guard, not a rule)



def play_passage(p: Passage, decks: decks_.Decks, get: decks_.Shuffles, rules: Rules,
                 choose: Callable[[Passage, str], bool]
                 ) -> tuple[Passage, decks_.Decks, tuple[bool, ...]]:
    """Deal a passage to its end from the play book; `choose(passage, card)` is asked
    whether to take each field-goal option."""
    marks: list[bool] = []
    while not p.over:
        if len(p.cards) >= MAX_CARDS:
            raise RuntimeError("a passage that never ends")
        card, decks = decks_.deal(decks, dealer(p), get)
        fg = fg_option(p, card, rules) and choose(p, card)
        marks.append(fg)
        p = step(p, card, rules, fg=fg)
    return p, decks, tuple(marks)


class Source(Protocol):
    """Where a game's choices come from (G11): the bots' seeded generator (`Bots`) or a
    decision log's rows (engine/cardgrid/decisions.py `Scripted`). The one loop (`play`)
    reads `kickoff`, then for each passage asks `go_on` (False: the game is over), `fg` at
    each field-goal option, and after a change of possession `shuffle`."""

    kickoff: str

    def go_on(self, number: int) -> bool: ...

    def fg(self, p: Passage, card: str) -> bool: ...

    def shuffle(self, decks: decks_.Decks, number: int) -> tuple[str, ...]: ...


class Bots:
    """The bots' choices, from their own generator seeded by the game's seed: the players,
    the toss, the finishing time and the game's length first, then each choice in turn."""

    def __init__(self, seed: str) -> None:
        self.rng = rng = random.Random(f"{ID}-bots|{seed}")
        self.home, self.away = rng.sample(PLAYERS, 2)
        self.kickoff = rng.choice("HA")
        self.finish = f"{rng.randint(9, 15):02d}:{rng.choice((0, 15, 30, 45)):02d}"
        self.passages = rng.randint(*PASSAGES)

    def go_on(self, number: int) -> bool:
        return number <= self.passages

    def fg(self, p: Passage, card: str) -> bool:
        return self.rng.random() < FG_TAKE.get(p.grid, 0.5)

    def shuffle(self, decks: decks_.Decks, number: int) -> tuple[str, ...]:
        return tuple(s for s in "HA" if decks.at(s)[0] < MAX_SHUFFLE
                     and self.rng.random() < SHUFFLE)


def play_lines(seed: str, rules: Rules, source: Source) -> tuple[list[str], tuple[int, int]]:
    """The one loop, bots and decision logs alike: passages from the kickoff, each dealt from
    the play book with the source's field-goal choices, shuffles after a change of
    possession; the record's lines and the final score."""
    get = decks_.shuffles(seed)
    decks = decks_.Decks()
    at, score, lines = (source.kickoff, rules.field.kickoff, False), (0, 0), []
    number = 1
    while source.go_on(number):
        side, grid, scrum = at
        p, decks, marks = play_passage(start(side, grid, scrum), decks, get, rules, source.fg)
        out = p.outcome
        assert out is not None
        w = written(out, score, rules)
        if w.scores:
            score = w.scores[-1][1:]
        lines.append(passage_line(side, grid, p.cards, marks, w, out.next))
        at = (out.next.side, out.next.grid, out.next.scrum)
        if out.next.side != side:
            shuffled = source.shuffle(decks, number)
            for s in shuffled:
                decks = decks_.reshuffle(decks, s)
            if shuffled:
                lines.append("shuffle " + " ".join(shuffled))
        number += 1
    return lines, score


def play(seed: str, rules: Rules | None = None, date: str | None = None) -> Played:
    """One whole game for play-book seed `seed`."""
    rules = rules or load_rules()
    bots = Bots(seed)
    lines, score = play_lines(seed, rules, bots)
    tags = {"Game": ID, "Seed": seed, "Home": bots.home, "Away": bots.away}
    if date:
        tags["Date"] = date
    tags |= {"KickOff": bots.kickoff, "Finish": bots.finish,
             "Result": f"{score[0]}-{score[1]}"}
    return Played(seed, tags, lines, score)


def seed_of(seed: str, k: int) -> str:
    return f"{seed}-{k:04d}"
