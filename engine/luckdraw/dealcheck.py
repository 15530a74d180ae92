"""Checking a drive's deal once its `deal` lines are in: against the play book's slip when
the transcript has a seed, else against the dealing rules (L1-L3): equal hands, the QB's
automatic cards, no card twice, the sidelines the cards left over. With a seed, a drive
written without any deal line is the slip's deal (L17: a bubble log leaves it to the book)."""

from __future__ import annotations

from dataclasses import replace

from engine.findings import Finding
from engine.luckdraw.deal import deal_shape
from engine.luckdraw.game import deal
from engine.luckdraw.rules import Rules
from engine.luckdraw.state import DriveState, State

Result = tuple[State, list[Finding]]


def cards_text(cards: tuple[str, ...] | list[str]) -> str:
    return " ".join(cards) or "none"


def _book_deal(state: State, drive: DriveState) -> tuple[DriveState, list[Finding]]:
    """With a seed the table plays the book's slip: a hand written wrong is one finding, and
    the drive goes on with the slip's hands."""
    assert state.seed is not None
    book = deal(state.seed, drive.number, state.players)
    out = []
    for s, line in drive.hand_lines:
        written = drive.hand(s)
        if sorted(written) != sorted(book.hand(s)):
            out.append(Finding(line, "LD-DEAL-004", f"P{s}'s hand is not the play book's deal "
                               f"of drive {drive.number} (stream drive/{drive.number})",
                               cards_text(book.hand(s)), cards_text(written)))
    if drive.sidelines is not None and sorted(drive.sidelines) != sorted(book.sidelines):
        out.append(Finding(drive.sidelines_line, "LD-DEAL-004", "the sidelines are not the "
                           f"play book's for drive {drive.number}", cards_text(book.sidelines),
                           cards_text(drive.sidelines)))
    return replace(drive, hands=tuple(sorted(book.hands))), out


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
        left = [c for c in rules.cards.codes if c not in seen]
        if sorted(left) != sorted(drive.sidelines):
            out.append(Finding(drive.sidelines_line, "LD-DEAL-006", "the sidelines are the "
                               "cards nobody was dealt", cards_text(left),
                               cards_text(drive.sidelines)))
    return out


def complete_deal(state: State, rules: Rules) -> Result:
    """Check a drive's deal once all its `deal` lines are in (before its first other line)."""
    drive = state.drive
    if drive is None or drive.dealt:
        return state, []
    dealt = {s for s, _ in drive.hand_lines}
    if state.seed and not dealt and drive.sidelines is None:
        # L17: a seeded transcript may leave a whole drive's deal to the play book's slip
        drive, _ = _book_deal(state, drive)
        return replace(state, drive=replace(drive, dealt=True)), []
    out = []
    if missing := [s for s in range(1, state.players + 1) if s not in dealt]:
        out.append(Finding(drive.line, "LD-DEAL-005", f"every seat is dealt a hand in drive "
                           f"{drive.number}", f"a deal line for P{missing[0]}", "none"))
    if state.seed:
        drive, book = _book_deal(state, drive)
        out += book
    else:
        out += _shape(state, drive, rules, bool(out))
    return replace(state, drive=replace(drive, dealt=True)), out
