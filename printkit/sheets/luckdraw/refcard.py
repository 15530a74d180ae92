"""`printkit render luckdraw refcard`: Luck of the Draw's quick-reference card, two-sided.

Front: the rules' Game Card Scoring Cheat Sheet, one line per card, laid out by the same
`scoring_line` the play book's deal sheets print (printkit/sheets/luckdraw/playbook.py). Back:
the Quarterback's automatic cards by number of players and where a shuffled card lands (the
`deal` table of `printkit odds luckdraw`), and the legend of the card codes. All of it from
engine/luckdraw/cards.toml and the odds computed from it.
"""

from __future__ import annotations

from printkit import refcard
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.refcard import Chart, Columns, Heading, Lines, Note, Side
from printkit.sheets import RenderOptions
from printkit.sheets.luckdraw.playbook import card_scoring
from printkit_engine.luckdraw.cards import MAX_PLAYERS, MIN_PLAYERS, CardSet, load_cards
from printkit_engine.luckdraw.game import GAME
from printkit_engine.odds import OddsTable


def cheat_sheet(cards: CardSet) -> Lines:
    return Lines(tuple((c.code, card_scoring(c)) for c in cards.cards))


def qb_chart(cards: CardSet) -> Chart:
    rows = tuple((str(n), ", ".join(cards.qb_fixed(n)) or "-")
                 for n in range(MIN_PLAYERS, MAX_PLAYERS + 1))
    return Chart(("players", "the QB always holds"), rows)


def code_legend(cards: CardSet) -> Columns:
    half = (len(cards.cards) + 1) // 2
    left = Lines(tuple((c.code, c.name) for c in cards.cards[:half]))
    right = Lines(tuple((c.code, c.name) for c in cards.cards[half:]))
    return Columns(((left,), (right,)))


def front(cards: CardSet) -> Side:
    return Side(GAME.title, "quick reference 1/2", (
        Heading("Game card scoring (the cheat sheet)"),
        cheat_sheet(cards),
        Note("each: points every time it happens; +: a bonus on top."),
    ))


def back(cards: CardSet, tables: list[OddsTable]) -> Side:
    deal = refcard.odds_table(tables, "deal")
    return Side(GAME.title, "quick reference 2/2", (
        Heading("The Quarterback's automatic cards"),
        qb_chart(cards),
        Heading("Where a shuffled card lands"),
        refcard.odds_chart(deal, ("players", "hand", "a given player (not QB)", "the QB",
                                  "sidelines"),
                           ("players", "hand", "a player", "the QB", "sidelines")),
        Note("hand: cards each player holds; the chance a given shuffled card goes to one "
             "player, to the QB, or stays on the sidelines (exact)."),
        Heading("Card codes"),
        code_legend(cards),
    ))


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    cards = load_cards()
    assert GAME.odds is not None
    refcard.render(doc, opts, layout, front(cards), back(cards, GAME.odds(None)),
                   GAME.title)
