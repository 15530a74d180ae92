"""What each card code printed on BLOWOUT!!! cards, play books and play logs means.

Read from decks.toml: valued cards are one line per type (`R45-R100  RUN, YARDS GAINED 45 to
100`), named cards one line each (`DP-OFS  DEFENSIVE PENALTY: OFFSIDES`). The play book prints
this legend (GAME.book.legend) and the play log prints it under its header.
"""

from __future__ import annotations

from printkit_engine.blowout.decks import DECK_NAMES, Card, Decks, load_decks


def entries(decks: Decks | None = None) -> list[tuple[str, str]]:
    """(codes, meaning) for every code the decks hold, deck by deck: the valued types as
    ranges first, then the named cards; a code in two decks (CHALLENGE) once."""
    decks = decks or load_decks()
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for name in DECK_NAMES:
        valued: dict[str, list[Card]] = {}
        named: list[tuple[str, str]] = []
        for card in decks.deck(name).cards:
            if card.code in seen:
                continue
            seen.add(card.code)
            if card.yards is not None:
                valued.setdefault(card.type.key, []).append(card)
            elif card.name in ("", card.type.title):
                named.append((card.code, card.type.title))
            else:
                named.append((card.code, f"{card.type.title}: {card.name}"))
        for cards in valued.values():
            kind = cards[0].type
            low, high = sorted((abs(cards[0].yards or 0), abs(cards[-1].yards or 0)))
            out.append((f"{cards[0].code}-{cards[-1].code}",
                        f"{kind.title}, {kind.value} {low} to {high}"))
        out += named
    return out
