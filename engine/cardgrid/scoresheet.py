"""The score sheet a passage log implies: one score line (`SIDE CODE HOME-AWAY > SPOT`) per
score of its passages, in order, as a player keeping the score sheet writes them.

The seeded bots write passage logs; the score-sheet bubble log's bench and tests take their
score sheets from here. A passage's scores are its outcome's (a try and its conversion are
two lines, a missed conversion none); the scorer of a penalty goal is the side that did not
offend; the restart is the other side at the code's grid (rules.toml `restarts`), which is
where the passage log's next passage starts.
"""

from __future__ import annotations

from printkit_engine.cardgrid.notation import Entry, leading_tags, parse, score_line
from printkit_engine.cardgrid.passage import Next, other
from printkit_engine.cardgrid.rules import Rules, load_rules


def score_lines(entries: list[Entry], rules: Rules) -> list[str]:
    """The score lines of a record's passages (its own score lines kept as written)."""
    out: list[str] = []
    for entry in entries:
        if entry.kind == "score" and entry.next is not None:
            out.append(score_line(entry.side, entry.code, entry.score, entry.next))
        if entry.kind != "passage" or entry.outcome is None:
            continue
        for code, home, away in entry.outcome.scores:
            scorer = other(entry.outcome.offender) if code == "P" else entry.side
            out.append(score_line(scorer, code, (home, away),
                                  Next(other(scorer), rules.restart(code))))
    return out


def score_sheet(text: str, rules: Rules | None = None, file: str = "<record>") -> str:
    """A record's score sheet: its leading tags, then the score lines of its passages (a
    record kept both ways gives each score once: its score lines copy its passages')."""
    rules = rules or load_rules()
    entries = parse(text, file, rules).items
    passages = any(e.kind == "passage" for e in entries)
    kept = [e for e in entries if e.kind == "passage" or (e.kind == "score" and not passages)]
    return "\n".join([*leading_tags(text), "", *score_lines(kept, rules)]) + "\n"
