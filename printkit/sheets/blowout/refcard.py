"""`printkit render blowout refcard`: BLOWOUT!!!'s quick-reference card, two-sided.

Front: every card type, the deck that holds it, its yards and when it may be played. Back:
each named card (penalties, turnovers, SACK!, CHALLENGE) with when it may be played and what
it does, and the yards-per-play odds (the `yards` table of `printkit odds blowout`). All of it
from engine/blowout/decks.toml (decisions B1-B5) and the odds computed from it.
"""

from __future__ import annotations

from engine.blowout.decks import DECK_NAMES, Decks, load_decks
from engine.blowout.game import GAME
from engine.odds import Figure, OddsTable
from printkit import refcard
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.refcard import Chart, Columns, Heading, Lines, Note, Side
from printkit.sheets import RenderOptions


def _yards(low: int | None, high: int | None) -> str:
    if low is None or high is None:
        return ""
    return f"{low} to {high}" if low < 0 else f"{low}-{high}"


def type_lines(decks: Decks) -> Lines:
    """One line per card type: deck(s), yards range and what they mean, when to play it."""
    items = []
    for t in decks.types.values():
        where = " + ".join(decks.deck(d).title for d in t.decks if d in DECK_NAMES)
        yards = f" {_yards(t.min, t.max)} {t.value.lower()}." if t.value else ""
        when = t.when or "see the cards (back)."
        items.append((t.title, f"[{where}]{yards} When: {when}"))
    return Lines(tuple(items), term_width=0)


def named_lines(decks: Decks) -> Lines:
    """The cards with a name (not yards): when each may be played and what it does."""
    seen, items = set(), []
    for name in DECK_NAMES:
        for card in decks.deck(name).cards:
            if card.yards is not None or card.code in seen:
                continue
            seen.add(card.code)
            items.append((card.code, f"{card.label}: {card.timing} {card.effect}"))
    return Lines(tuple(items))


def deck_lines(decks: Decks) -> Lines:
    """Each deck's cards: label and copies (x2 for two copies), grouped by type."""
    items = []
    for name in DECK_NAMES:
        deck = decks.deck(name)
        groups: dict[str, list[str]] = {}
        for card in deck.cards:
            groups.setdefault(card.type.title, []).append(
                card.label + (f" x{card.count}" if card.count > 1 else ""))
        items.append((deck.title, "; ".join(f"{t} {', '.join(ls)}" for t, ls in groups.items())))
    return Lines(tuple(items))


def front(decks: Decks) -> Side:
    return Side(GAME.title, "quick reference 1/2", (
        Heading("Card types and when each may be played"),
        type_lines(decks),
        Heading("What each deck holds (x2: two copies)"),
        deck_lines(decks),
    ))


def field_goal_chart(table: OddsTable) -> Columns:
    """The `field-goal` odds table with neighbouring yard lines of equal odds merged."""
    line, need, good = (table.columns.index(c) for c in ("yard line", "kick yards needed",
                                                         "good"))
    runs: list[list] = []
    for row in table.rows:
        odds = row[good]
        assert isinstance(odds, Figure)
        if runs and runs[-1][2].value == odds.value:
            runs[-1][1] = row
        else:
            runs.append([row, row, odds])
    cells = [(_yards(int(a[line]), int(b[line])) if a is not b else str(a[line]),
              _yards(int(a[need]), int(b[need])) if a is not b else str(a[need]),
              refcard.percent(f)) for a, b, f in runs]
    half = (len(cells) + 1) // 2
    head = ("yd line", "KICK YDS", "good")
    return Columns(((Chart(head, tuple(cells[:half])),), (Chart(head, tuple(cells[half:])),)))


def back(decks: Decks, tables: list[OddsTable]) -> Side:
    yards = refcard.odds_table(tables, "yards")
    return Side(GAME.title, "quick reference 2/2", (
        Heading("Named cards (code: card, when, effect)"),
        named_lines(decks),
        Heading("Yards per play"),
        refcard.odds_chart(yards, ("play", "gain", "no gain", "loss", "10+ yards"),
                           ("play", "gain", "no gain", "loss", "10+ yds")),
        Note("A random RUN or PASS card against a random DEFENSIVE PLAY (exact)."),
        Heading("Field goal: a random SPECIAL TEAMS card"),
        field_goal_chart(refcard.odds_table(tables, "field-goal")),
    ))


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    decks = load_decks()
    assert GAME.odds is not None
    refcard.render(doc, opts, layout, front(decks), back(decks, GAME.odds(None)),
                   GAME.title)
