"""Card-level lines: the cards drawn for a kick, punt, field goal or extra point.

Written ``cards: QH 5C / 7D / 3S 9H 2C 8D`` (groups split by ``/``) on the play line or on the
line after it. Checked against the rules' formulas (rules.py) and, with a ``[Seed "..."]`` tag,
against the play book: special-teams cards are drawn from the top of the freshly shuffled deck,
so they must be the first cards of ``deal/K`` (K = the play's number in the record, or
``cards deal K:``). Groups and ids: docs/notation.md (Card Bowl).
"""

from __future__ import annotations

from functools import lru_cache

from printkit_engine.cardbowl.deal import Book
from printkit_engine.cardbowl.game import DEAL
from printkit_engine.cardbowl.notation import Cards, Entry
from printkit_engine.cardbowl.state import Notes, Situation
from printkit_engine.cards import JOKERS
from printkit_engine.findings import Finding

FIELD = 100


def _text(cards: list[str]) -> str:
    return " ".join(cards) if cards else "none"


def _group(cards: Cards, i: int) -> list[str] | None:
    return cards.groups[i] if len(cards.groups) > i else None


def _cards(n: int, word: str = "card") -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _count(g: Notes, at: Entry, group: list[str], low: int, high: int, what: str) -> bool:
    """Cards drawn, not counting jokers (a drawn joker is replaced by the next card)."""
    drawn = [c for c in group if c not in JOKERS]
    if low <= len(drawn) <= high:
        return True
    # one count finding per card line: a card written in the wrong group makes two groups
    # miscounted (and every group after it shifted), one slip
    if not any(f.rule == "CB-CARD-005" for f in g.findings):
        want = str(low) if low == high else f"{low} to {high}"
        jokers = [c for c in group if c in JOKERS]
        found = _cards(len(drawn)) + (f" (not counting {' '.join(jokers)})" if jokers else "")
        g.flag(at, "CB-CARD-005", f"wrong number of cards for {what}",
               f"{want} card{'' if want == '1' else 's'}", found)
    return False


def _return(g: Notes, play: Entry, at: Entry, cards: Cards, section: str,
            received: int | None) -> None:
    """Coverage / return draws [/ open-field run]: returns - coverage (+ run) = yards."""
    coverage, returns, run = _group(cards, 1), _group(cards, 2), _group(cards, 3) or []
    if coverage is None or returns is None or play.result.ret is None:
        return
    kick = g.rules.kickoff if section == "kickoff" else g.rules.punt
    draws = kick.return_cards
    if section == "kickoff" and "RJ" in cards.groups[0] + coverage:
        # a kickoff muffed (a Red Joker among the kick or coverage cards): "Receiver
        # automatically recovers, but sacrifices one return draw (draws only 3 instead of 4)"
        draws = max(draws - 1, 0)
    # all the return draws, unless a Red Joker fumble or a touchback declared in the end zone
    # stopped them ("the receiver draws 4 Return cards"; "can still accept a touchback")
    stopped = "RJ" in returns or play.result.touchback
    ok = _count(g, at, coverage, 1, kick.coverage_cards, "the coverage draw")
    ok = _count(g, at, returns, min(1, draws) if stopped else draws, draws,
                "the return draws") and ok
    if not ok or g.rules.has_joker(coverage + returns + run):
        return
    allowed = g.rules.open_field_run.draws(returns[-1], coverage[0])
    if run and allowed <= 0:
        g.flag(at, "CB-CARD-009", "open-field run cards, but final return draw - coverage "
               f"draw allows none ({returns[-1]} - {coverage[0]})", "no open-field run",
               f"run {_text(run)}")
        return
    value = g.rules.value
    yards = sum(map(value, returns)) - value(coverage[0]) + sum(map(value, run))
    if yards != play.result.ret and not _spot_agrees(play, received, yards):
        g.flag(at, "CB-CARD-002", "return yards do not match the cards", f"{yards} yd return",
               f"{play.result.ret} yd return")


def _yard(pos: int) -> int:
    return pos if pos <= FIELD // 2 else FIELD - pos


def _spot_agrees(play: Entry, received: int | None, yards: int) -> bool:
    """The cards' return reaches the spot written ('to M') where the yards written do not:
    the written yards are the slip, found on the play line (CB-KICK-002, CB-PUNT-001)."""
    res = play.result
    if received is None or res.ret_to is None or res.ret is None:
        return False
    return _yard(received + yards) == res.ret_to != _yard(received + res.ret)


def _kickoff(g: Notes, play: Entry, at: Entry, cards: Cards) -> None:
    res, kick = play.result, cards.groups[0]
    free = play.name == "free_kick"
    if res.punt_play:
        _punt(g, play, at, cards, free=True)
        return
    if kick[:1] == ["BJ"]:
        after = _black_joker_first(g, play, at, cards)
        if after is None:
            return
        kick = after
    elif kick and res.out_of_bounds and res.ret is None:
        # only a Black Joker on the first card puts a kickoff out of bounds (C8)
        g.flag(at, "CB-CARD-001", "kick out of bounds, but the first card is no Black Joker",
               "a Black Joker first", f"{kick[0]} first")
        return
    n = g.rules.kickoff.cards
    if _count(g, at, kick, n, n, "a kickoff") and not g.rules.has_joker(kick) \
            and res.received is not None:
        spot = g.rules.kickoff_received(kick, free_kick=free)
        minus = g.rules.kickoff_subtract(free)
        if spot != res.received:
            g.flag(at, "CB-CARD-001", f"kick spot does not match the cards (value - {minus})",
                   f"to {spot}", f"to {res.received}")
    _return(g, play, at, cards, "kickoff", res.received)


def _black_joker_first(g: Notes, play: Entry, at: Entry, cards: Cards) -> list[str] | None:
    """"Black Joker on first card = Draw another card: 1-5 = Offsides on kicking team tacked
    on at end of kick; 6-K or other Joker = kick out of bounds" (C8): the card after the
    joker decides and is no kick card. Out of bounds, the kick ends there (None); offside,
    the kick cards that follow it (the kick goes on)."""
    res, kick = play.result, cards.groups[0]
    if len(kick) < 2:
        g.flag(at, "CB-CARD-005", "wrong number of cards for a kickoff (a card is drawn after "
               "a Black Joker first)", "the Black Joker and the card after it", "BJ alone")
        return None
    decider = kick[1]
    if decider not in JOKERS and g.rules.value(decider) <= g.rules.kickoff.offside_max:
        if res.out_of_bounds and res.ret is None:
            g.flag(at, "CB-CARD-001", f"the card after the Black Joker is {decider}: offside, "
                   "the kick goes on", "offside, a kick received", "out of bounds")
            return None
        return kick[2:]
    if len(kick) > 2 or any(cards.groups[1:]):
        g.flag(at, "CB-CARD-005", "wrong number of cards for a kickoff out of bounds (the "
               "card after the Black Joker ends the kick)", "2 cards, no return",
               _cards(len(cards.all)))
    elif not res.out_of_bounds or res.ret is not None:
        g.flag(at, "CB-CARD-001", f"the card after the Black Joker is {decider}: the kick is "
               "out of bounds", "out of bounds",
               f"to {res.received}" if res.received is not None else
               res.text[:30] or "no result")
    return None


def _punt(g: Notes, play: Entry, at: Entry, cards: Cards, free: bool = False) -> None:
    res, kick = play.result, cards.groups[0]
    punt = g.rules.punt
    cap = punt.max_cards
    if _count(g, at, kick, cap if free else punt.min_cards, cap, "a punt") \
            and not g.rules.has_joker(kick) and res.punt is not None:
        yards = g.rules.punt_yards(kick, free_kick=free)
        if yards != res.punt:
            g.flag(at, "CB-CARD-003", "punt yards do not match the cards "
                   f"(total + {g.rules.punt_add(free)})",
                   f"punt {yards}", f"punt {res.punt}")
    drawn = [c for c in kick if c not in JOKERS]
    returned = res.ret is not None or len(cards.groups) > 2
    if not free and len(drawn) <= punt.fair_catch_max_cards and returned:
        g.flag(at, "CB-CARD-010", f"a punt of {len(drawn)} draws is an automatic fair catch "
               f"(1 to {punt.fair_catch_max_cards} draws)", "fair catch", "a return")
        return
    start = punt.free_kick_spot if free else g.pos
    received = None if start is None or res.punt is None else FIELD - (start + res.punt)
    _return(g, play, at, cards, "punt", received)


def _kick_at_goal(g: Notes, play: Entry, at: Entry, cards: Cards, distance: int,
                  window: int) -> None:
    """Six cards totalling the distance, or a Red Joker in the first `window` draws: "A Red
    Joker represents a blocked kick", and the kick's draws end with it (C18)."""
    kick = cards.groups[0]
    good = play.result.good
    if "RJ" in kick[:window]:
        _blocked(g, at, kick, window, good)
        return
    n = g.rules.field_goal.cards
    if not _count(g, at, kick, n, n, "a kick at goal") or good is None:
        return
    # a Black Joker, or a Red Joker after the block draws, is discarded and replaced
    total = g.rules.kick_distance([c for c in kick if c not in JOKERS])
    made = total >= distance
    if made != good:
        g.flag(at, "CB-CARD-004", f"the cards total {total} against a {distance} yd kick",
               "good" if made else "no good", "good" if good else "no good")


def _blocked(g: Notes, at: Entry, kick: list[str], window: int, good: bool | None) -> None:
    """A kick blocked by a Red Joker in its first draws: no card is drawn after it (a field
    goal goes on to the fumble rules, an extra point ends), and it is no good."""
    drawn = kick.index("RJ") + 1
    if len(kick) > drawn:
        g.flag(at, "CB-CARD-005", "wrong number of cards for a blocked kick (no draw after "
               "the Red Joker)", f"{_cards(drawn)}, the last RJ", _cards(len(kick)))
    elif good:
        g.flag(at, "CB-CARD-004", f"a Red Joker in the first {_cards(window, 'draw')} blocks "
               "the kick", "no good (blocked)", "good")


@lru_cache(maxsize=4)
def _book(seed: str) -> Book:
    """The play book's deals for `seed`, as the bots deal them (engine/cardbowl/deal.py: the
    play book's own stream's deck, about a fifth of its cost; tests hold the two equal): a
    record checks a few dozen kicks' cards against one seed."""
    return Book(seed)


def _seeded(g: Notes, at: Entry, cards: Cards, k: int) -> None:
    listed = cards.all
    if len(set(listed)) != len(listed):
        twice = sorted({c for c in listed if listed.count(c) > 1})
        g.flag(at, "CB-CARD-007", "a card drawn twice from one deck", "each card once",
               _text(twice))
        return
    if g.seed is None:
        return
    deck = _book(g.seed).deal(k)
    top = deck[: len(listed)]
    if top != listed:
        g.flag(at, "CB-CARD-006", f"cards are not the top of the play book's {DEAL}/{k}",
               _text(top), _text(listed))


def check(s: Situation, play: Entry, cards: Cards, number: int,
          line: Entry | None = None) -> tuple[Finding, ...]:
    """One cards list against its play; the findings are on the cards' own line."""
    g = Notes(s)
    _check(g, play, cards, number, line)
    if any(f.rule == "CB-CARD-005" for f in g.findings):
        # groups miscounted: the formulas read the wrong cards (a card written in the next
        # group is one slip, not a count and a total)
        return tuple(f for f in g.findings if f.rule not in _FORMULAS)
    return tuple(g.findings)


_FORMULAS = {"CB-CARD-001", "CB-CARD-002", "CB-CARD-003", "CB-CARD-004", "CB-CARD-009",
             "CB-CARD-010"}


def _check(g: Notes, play: Entry, cards: Cards, number: int, line: Entry | None) -> None:
    at = line or play
    k = cards.deal or number
    res = play.result
    if play.name in ("kickoff", "free_kick"):
        _kickoff(g, play, at, cards)
    elif play.name == "scrimmage" and res.punt_play:
        _punt(g, play, at, cards)
    elif play.name == "scrimmage" and res.field_goal:
        distance = g.rules.field_goal_distance(play.yard or 0)
        _kick_at_goal(g, play, at, cards, distance, g.rules.field_goal.block_draws(distance))
    elif play.name == "try" and not res.conversion:
        fg = g.rules.field_goal
        _kick_at_goal(g, play, at, cards, fg.extra_point_distance, fg.extra_point_block_draws)
    else:
        g.flag(at, "CB-CARD-008", "cards are checked only for kickoffs, punts, field goals "
               "and extra points", "a kick", play.name.replace("_", " "))
        return
    _seeded(g, at, cards, k)
