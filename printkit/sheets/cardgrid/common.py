"""What the grid game's sheets share: the title line, the check bars, the card legend."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from engine.cardgrid.rules import Rules
from printkit.layout import Layout
from printkit.pdfdoc import Document


def title(c: Canvas, layout: Layout, x: float, y: float, text: str) -> None:
    c.saveState()
    c.setFillColor(layout.colour("page.ink"))
    c.setFont(layout.font("page.title_font"), layout.length("page.title_size"))
    c.drawString(x, y, text)
    c.restoreState()


def check_bars(doc: Document, layout: Layout, x: float, y: float) -> float:
    """The metric and imperial check bars, one above the other; returns their height."""
    font = layout.font("page.label_font")
    size = layout.length("page.label_size")
    step = size * 2.2
    doc.check_bar(x, y + step, layout.length("checkbar.metric"),
                  layout.text("checkbar.label_metric"), font, size)
    doc.check_bar(x, y, layout.length("checkbar.imperial"),
                  layout.text("checkbar.label_imperial"), font, size)
    return step * 2


def _ranks(ranks: tuple[str, ...]) -> str:
    names = {"10": "10", "J": "Jack", "Q": "Queen", "K": "King"}
    shown = [names.get(r, r) for r in ranks]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def legend(rules: Rules) -> list[str]:
    """What each card does, every number from the rules data (docs/rules/cardgrid.md)."""
    f, t, p = rules.field, rules.tackles, rules.penalty
    fg = " or ".join(map(str, rules.field_goal.grids))
    return [
        f"Red card: the ball moves {f.red_advance} grid on. Black card: a tackle; the defender "
        "deals one card after it.",
        "Defender's card of the black card's value (pair): possession lost on the spot.",
        "A side's card of the value of its own card before it in the passage (pair): a penalty.",
        f"Tackle {t.count}: kick {t.kick_ahead} grids on (grid {t.kick_limit} at most); the "
        f"defender's card {_ranks(t.touch)} finds touch: scrum, {_ranks(rules.scrum.against_feed)}"
        " goes against the feed.",
        f"Penalty on the offender's grid 1-{p.goal_within}: goal card {_ranks(p.goal)} "
        f"({rules.points('P')}). Else kick {p.kick_ahead} on (grid {p.kick_limit} at most); "
        f"offender's {_ranks(p.no_touch)}: no touch.",
        f"{_ranks(rules.field_goal.ranks)} on grid {fg}: field goal if you choose "
        f"({rules.points('F')}).",
        f"Red card to grid {f.in_goal}: next card black = try ({rules.points('T')}), red = "
        f"dead-in-goal. Conversion ({rules.points('C')}): a card of at least the try card's "
        f"value, never a {_ranks(rules.try_.fail)}.",
        f"Restarts, by the side that did not score: {restarts(rules)}. Kick-off: grid "
        f"{f.kickoff}.",
    ]


RESTART_NAMES = (("field goal", "F"), ("penalty goal", "P"), ("dead-in-goal", "dead"),
                 ("try", "C"))


def restarts(rules: Rules) -> str:
    """'field goal, penalty goal, dead-in-goal: grid 3; try: grid 2' from rules.restarts."""
    by_grid: dict[int, list[str]] = {}
    for name, key in RESTART_NAMES:
        by_grid.setdefault(rules.restart(key), []).append(name)
    return "; ".join(f"{', '.join(names)}: grid {g}" for g, names in by_grid.items())
