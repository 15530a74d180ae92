"""What the grid game's sheets share: the card legend (title and check bars:
printkit.sheets.common.heading)."""

from __future__ import annotations

from printkit_engine.cardgrid.rules import Rules

LONG_NAMES = {"J": "Jack", "Q": "Queen", "K": "King"}


def _ranks(ranks: tuple[str, ...], names: dict[str, str] | None = LONG_NAMES) -> str:
    """'10, Jack, Queen or King' (or '10, J, Q or K' with names=None)."""
    shown = [(names or {}).get(r, r) for r in ranks]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def card_rules(rules: Rules, names: dict[str, str] | None = LONG_NAMES) \
        -> tuple[tuple[str, str], ...]:
    """What each card of a passage does, as (term, text) pairs, every number from the rules
    data (docs/rules/cardgrid.md G4-G11): the field sheet's legend and the reference card's
    front. `names` spells the ranks out (None: J, Q, K)."""
    f, t, p = rules.field, rules.tackles, rules.penalty
    fg = " or ".join(map(str, rules.field_goal.grids))
    return (
        ("Red", f"the ball moves {f.red_advance} grid on."),
        ("Black", "a tackle; the defender deals one card after it."),
        ("Pair", "the defender's card has the black card's value: possession lost on the "
                 "spot (before anything else)."),
        ("Own pair", "a card of the value of its own side's card before it in the passage: "
                     "a penalty against that side (before a field goal or try)."),
        ("Penalty", f"on the offender's grid 1-{p.goal_within}: goal card "
                    f"{_ranks(p.goal, names)} ({rules.points('P')}). Else kick "
                    f"{p.kick_ahead} on (grid {p.kick_limit} at most); the offender's touch "
                    f"card {_ranks(p.no_touch, names)}: no touch."),
        (" ".join(rules.field_goal.ranks), f"on grid {fg}: a field goal "
                                           f"({rules.points('F')}) if you choose; else the "
                                           "card plays as usual."),
        (f"Tackle {t.count}", f"the last: kick {t.kick_ahead} grids on (grid {t.kick_limit} "
                              f"at most), possession changes; the defender's next card "
                              f"{_ranks(t.touch, names)} finds touch: a scrum."),
        ("Scrum", f"fed by the kick's receiver: a first card "
                  f"{_ranks(rules.scrum.against_feed, names)} goes against the feed (the "
                  "kickers keep the ball), else it starts the feeder's passage."),
        (f"Grid {f.in_goal}", f"a red card reaches it: next card black = try "
                              f"({rules.points('T')}), red = dead-in-goal."),
    )


def conversion_rule(rules: Rules, names: dict[str, str] | None = LONG_NAMES) \
        -> tuple[str, str]:
    return ("Conversion", f"the next card, of at least the try card's value (aces one), "
                          f"never a {_ranks(rules.try_.fail, names)} ({rules.points('C')}).")


def legend(rules: Rules) -> list[str]:
    """The field sheet's card legend: the card rules (the red and black card on one line), the
    conversion, then the restarts."""
    red, black, *rest = (f"{term}: {text}" for term, text in
                         (*card_rules(rules), conversion_rule(rules)))
    return [f"{red} {black}", *rest,
            f"Restarts, by the side that did not score: {restarts(rules)}. Kick-off: grid "
            f"{rules.field.kickoff}."]


RESTART_NAMES = (("field goal", "F"), ("penalty goal", "P"), ("dead-in-goal", "dead"),
                 ("try", "C"))


def restarts(rules: Rules) -> str:
    """'field goal, penalty goal, dead-in-goal: grid 3; try: grid 2' from rules.restarts."""
    by_grid: dict[int, list[str]] = {}
    for name, key in RESTART_NAMES:
        by_grid.setdefault(rules.restart(key), []).append(name)
    return "; ".join(f"{', '.join(names)}: grid {g}" for g, names in by_grid.items())
