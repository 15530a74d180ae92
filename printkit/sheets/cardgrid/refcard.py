"""`printkit render cardgrid refcard`: the grid game's quick-reference card, two-sided.

Front: the scoring codes with their points and the restart after each, the field grid's
landmarks (lines, where play starts, where each score can come from) and what every card of
a passage does -- the same card rules the field sheet's legend prints
(printkit/sheets/cardgrid/common.py). Back: the odds of `printkit odds cardgrid` -- what a
passage leads to by its start grid (Monte Carlo, its method and interval noted), the
conversion chance by try card and the single-card chances (exact) -- and the legend of the
chart's codes. Every value comes from engine/cardgrid/rules.toml (through `Rules`) or the
odds tables computed from it, so a player's `--rules` file changes the card.
"""

from __future__ import annotations

from collections.abc import Sequence

from printkit import refcard
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.refcard import Chart, Columns, Heading, Lines, Note, Side
from printkit.sheets import RenderOptions
from printkit.sheets.cardgrid.common import card_rules, conversion_rule
from printkit_engine.cardgrid.game import GAME
from printkit_engine.cardgrid.rules import Rules
from printkit_engine.odds import EXACT, Figure, OddsTable

# GAME.title is too long for the band beside "quick reference 1/2" at the 12 pt title size
TITLE = "Football (grid game)"
SHORT = None                       # ranks as J, Q, K on the card (the field sheet spells them)

# The passage table's columns on the card: (odds column, chart header, legend of the header)
PASSAGE = (("try", "try", "try"), ("converted", "conv", "try and conversion"),
           ("field goal", "FG", "field goal (every option taken)"),
           ("penalty goal", "P goal", "penalty goal, either side"),
           ("penalty", "pen", "penalty, either side"), ("lost", "lost", "possession lost"),
           ("kick", "kick", "last tackle's kick"), ("dead-in-goal", "dead", "dead-in-goal"))


# -- front --------------------------------------------------------------------------------------

def scoring_chart(rules: Rules) -> Chart:
    """Each score: code, points, and the grid the other side restarts from (G12); then the
    one restart that is no score, dead-in-goal (G10)."""
    rows = [(s.name, s.code, str(s.points), f"grid {rules.restart(s.code)}")
            for s in rules.scoring]
    rows.append(("dead-in-goal", "-", "-", f"grid {rules.restart('dead')}"))
    return Chart(("score", "code", "points", "restart on"), tuple(rows))


def landmarks(rules: Rules) -> list[int]:
    """The grids with something on them: a line, a start, a score."""
    f = rules.field
    grids = {ln.grid for ln in f.lines} | {f.kickoff, f.in_goal} | set(rules.restarts.values())
    grids |= set(rules.field_goal.grids)
    grids |= {g for g in range(1, f.grids + 1) if rules.penalty_goal(g)}
    return sorted(grids)


def _start(rules: Rules, grid: int) -> str:
    if grid == rules.field.kickoff:
        return "kick-off"
    return "restart" if grid in rules.restarts.values() else "-"


def _scores(rules: Rules, grid: int) -> str:
    """The score codes the side with the ball can make from `grid` (G7, G10, G11)."""
    codes = [code for code, here in (("F", grid in rules.field_goal.grids),
                                     ("P", rules.penalty_goal(grid)),
                                     ("T", grid == rules.field.in_goal)) if here]
    return " ".join(codes) or "-"


def grid_chart(rules: Rules) -> Chart:
    grids = landmarks(rules)
    return Chart(("grid", *map(str, grids)), (
        ("line", *(rules.field.line_at(g) or "-" for g in grids)),
        ("start", *(_start(rules, g) for g in grids)),
        ("scores", *(_scores(rules, g) for g in grids)),
    ))


def grid_note(rules: Rules) -> Note:
    f = rules.field
    return Note(f"Grid 1: the own end of the side with the ball, {f.grids}: the in-goal it "
                f"attacks. Possession changes: grid g becomes {f.grids + 1} - g (the ball "
                "stays).")


def front(rules: Rules) -> Side:
    return Side(TITLE, "quick reference 1/2", (
        Heading("Scoring: then the other side restarts"),
        scoring_chart(rules),
        Heading(f"The field grid ({rules.field.grids} grids)"),
        grid_chart(rules),
        grid_note(rules),
        Heading("A passage, card by card"),
        Lines(card_rules(rules, SHORT)),
    ))


# -- back ---------------------------------------------------------------------------------------

def method_note(table: OddsTable) -> str:
    """How the table's figures were found: 'exact', or the Monte Carlo sample size and the
    widest 95% interval (in percentage points either side)."""
    figures = [f for row in table.rows for f in row if isinstance(f, Figure)]
    if all(f.method == EXACT for f in figures):
        return "exact"
    samples = min(f.samples or 0 for f in figures if f.method != EXACT)
    spread = max((f.interval[1] - f.interval[0]) / 2 for f in figures if f.interval)
    return f"Monte Carlo: {samples} passages a grid, 95% within \u00b1{spread * 100:.0f} points"


def passage_chart(table: OddsTable) -> Chart:
    columns = tuple(c for c, _, _ in PASSAGE)
    return refcard.odds_chart(table, (table.columns[0], *columns),
                              ("start", *(h for _, h, _ in PASSAGE)))


def passage_legend() -> Columns:
    """The passage chart's headers, in two columns."""
    items = [(h, text) for _, h, text in PASSAGE if h != text]
    half = len(items) // 2
    return Columns(((Lines(tuple(items[:half])),), (Lines(tuple(items[half:])),)))


def conversion_charts(table: OddsTable, parts: int = 2) -> list[Chart]:
    """The conversion chance by try card, across: the rows in `parts` runs of columns."""
    n = len(table.rows)
    step = -(-n // parts)
    col = table.columns.index("converted")
    return [Chart(("try card", *(str(r[0]) for r in table.rows[i:i + step])),
                  (("converted", *(refcard.percent(r[col]) for r in table.rows[i:i + step])),))
            for i in range(0, n, step)]


def card_chances(table: OddsTable) -> Lines:
    col = table.columns.index("chance")
    return Lines(tuple((refcard.percent(r[col]), str(r[0])) for r in table.rows))


def back(rules: Rules, tables: Sequence[OddsTable]) -> Side:
    passage = refcard.odds_table(tables, "passage")
    conversion = refcard.odds_table(tables, "conversion")
    cards = refcard.odds_table(tables, "cards")
    return Side(TITLE, "quick reference 2/2", (
        Heading("What a passage leads to, by its start grid"),
        passage_chart(passage),
        passage_legend(),
        Note(f"{method_note(passage)}."),
        Heading(f"Try conversion by the try card ({method_note(conversion)})"),
        Lines((conversion_rule(rules, SHORT),)),
        *conversion_charts(conversion),
        Heading(f"Single cards from a full half pack ({method_note(cards)})"),
        card_chances(cards),
    ))


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    rules = GAME.rules(opts.rules_file)
    assert GAME.odds is not None
    tables = GAME.odds(rules)
    refcard.render(doc, opts, layout, front(rules), back(rules, tables), TITLE)

