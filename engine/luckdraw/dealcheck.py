"""Checking a drive's deal: against the play book's slip when the transcript has a seed, else
against the dealing rules (L1-L3): equal hands, the QB's automatic cards, no card twice, the
sidelines the cards left over.

With a seed the slip is fixed before the game (L17): the drive is played with the slip's
hands from its drive line on, and each deal line is checked against the slip on its own line.
Without one the hands are the deal lines'. A deal may come after the drive's first play
(Delay of Game, L18): the deal is checked once every seat has its hand (at the next line of
play) or when the drive ends, and an event written before its card's hand is a claim, checked
then.
"""

from __future__ import annotations

from functools import lru_cache

from printkit_engine.findings import Finding
from printkit_engine.frozen import evolve
from printkit_engine.luckdraw.deal import Deal, deal_shape
from printkit_engine.luckdraw.game import deal
from printkit_engine.luckdraw.rules import SIDELINES, Rules
from printkit_engine.luckdraw.state import DriveState, State, add

Result = tuple[State, list[Finding]]


def cards_text(cards: tuple[str, ...] | list[str]) -> str:
    return " ".join(cards) or "none"


@lru_cache(maxsize=64)
def book_deal(seed: str, drive: int, players: int) -> Deal:
    """The play book's slip for a drive (the same for every reading of a record)."""
    return deal(seed, drive, players)


def book_hand(state: State, drive: DriveState, seat: int, cards: tuple[str, ...],
              line: int) -> Finding | None:
    """With a seed: a deal line whose hand is not the slip's (LD-DEAL-004)."""
    assert state.seed is not None
    book = book_deal(state.seed, drive.number, state.players)
    if sorted(cards) == sorted(book.hand(seat)):
        return None
    return Finding(line, "LD-DEAL-004", f"P{seat}'s hand is not the play book's deal of drive "
                   f"{drive.number} (stream drive/{drive.number})", cards_text(book.hand(seat)),
                   cards_text(cards))


def book_sidelines(state: State, drive: DriveState, cards: tuple[str, ...],
                   line: int) -> Finding | None:
    """With a seed: a `side` line that is not the slip's sidelines (LD-DEAL-004)."""
    assert state.seed is not None
    book = book_deal(state.seed, drive.number, state.players)
    if sorted(cards) == sorted(book.sidelines):
        return None
    return Finding(line, "LD-DEAL-004", "the sidelines are not the play book's for drive "
                   f"{drive.number}", cards_text(book.sidelines), cards_text(cards))


def left_over(rules: Rules, drive: DriveState) -> list[str]:
    """The cards no deal line gave anyone."""
    held = {c for _, cards in drive.hands for c in cards}
    return [c for c in rules.cards.codes if c not in held]


def sidelines_finding(rules: Rules, drive: DriveState, cards: tuple[str, ...],
                      line: int) -> Finding | None:
    """Without a seed: a `side` line that is not the cards nobody was dealt (LD-DEAL-006)."""
    left = left_over(rules, drive)
    if sorted(left) == sorted(cards):
        return None
    return Finding(line, "LD-DEAL-006", "the sidelines are the cards nobody was dealt",
                   cards_text(left), cards_text(cards))


def _shape(state: State, drive: DriveState, rules: Rules, told: bool) -> list[Finding]:
    shape = deal_shape(state.players)
    fixed = rules.cards.qb_fixed(state.players)
    seen: dict[str, int] = {}
    out = []
    for s, line in drive.hand_lines:
        hand = drive.hand(s)
        twice = next((c for c in hand if c in seen or hand.count(c) > 1), None)
        missing = [c for c in fixed if c not in hand] if s == drive.qb else []
        if twice is not None:
            out.append(Finding(line, "LD-DEAL-003", "a card dealt twice", "each card once",
                               f"{twice} in P{seen.get(twice, s)}'s and P{s}'s hands"))
        elif len(hand) != shape.hand:
            out.append(Finding(line, "LD-DEAL-001", f"P{s} must hold as many cards as every "
                               f"other player ({state.players} players: 16 // "
                               f"{state.players} = {shape.hand})", f"{shape.hand} cards",
                               f"{len(hand)}"))
        elif missing:
            out.append(Finding(line, "LD-DEAL-002", "the QB automatically holds "
                               f"{cards_text(fixed)}", cards_text(fixed), cards_text(hand)))
        seen.update({c: s for c in hand if c not in seen})
    if not out and not told and drive.sidelines is not None:
        wrong = sidelines_finding(rules, drive, drive.sidelines, drive.sidelines_line)
        out += [wrong] if wrong else []
    return out


def seat_text(seat: int | None) -> str:
    return SIDELINES if seat is None else f"P{seat}"


def _claims(state: State, drive: DriveState) -> Result:
    """Events written before their card's hand (L18): each against the hand now written. A
    wrong one is one finding on its line, and its points move to the card's holder."""
    totals, points, out = state.rules_totals, drive.points, []
    for card, written, line, due in drive.claims:
        holder = drive.holder(card)
        if holder == written or (holder is None and written not in drive.seats_dealt):
            continue                  # as claimed, or on no hand written (never dealt)
        out.append(Finding(line, "LD-EVENT-002", f"{card} is held by {seat_text(holder)} in "
                           f"drive {drive.number}'s deal (written after this line)",
                           seat_text(holder), seat_text(written)))
        for seat, sign in ((written, -1), (holder, 1)):
            if seat is not None:
                totals, points = add(totals, seat, sign * due), add(points, seat, sign * due)
    return evolve(state, rules_totals=totals,
                   drive=evolve(drive, points=points, claims=())), out


def missing_seats(state: State, drive: DriveState) -> list[int]:
    return [s for s in range(1, state.players + 1) if s not in drive.seats_dealt]


def settle(state: State, unread: int = 0, final: bool = False) -> Result:
    """Check the drive's deal once every seat has its hand, or (`final`) when the drive ends.
    A seat never dealt is LD-DEAL-005 on the drive line (not when an unreadable line in the
    drive may be its deal line, nor for a seeded drive written without deal lines, L17)."""
    drive = state.drive
    if drive is None or drive.dealt:
        return state, []
    missing = missing_seats(state, drive)
    if missing and not final:
        return state, []             # the deal may still come (Delay of Game, L18)
    out = []
    if missing and unread <= drive.line and (drive.hand_lines or not state.seed):
        out.append(Finding(drive.line, "LD-DEAL-005", f"every seat is dealt a hand in drive "
                           f"{drive.number}", f"a deal line for P{missing[0]}", "none"))
    if state.seed is None:
        out += _shape(state, drive, state.rules, bool(missing))
        state, claims = _claims(state, drive)
        out += claims
        drive = state.drive
        assert drive is not None
    return evolve(state, drive=evolve(drive, dealt=True)), out
