""""What happens" in a grid-game play book, for the teacher (`printkit playbook cardgrid
--answers`): the passages the book's cards give when play follows one stated set of choices
(docs/rules/cardgrid.md G11): home kicks off, every field-goal option is taken, and after
every change of possession both players take their next shuffle while the book has one (G2).
The lines are in the record notation (docs/notation.md), so a class's passage log can be set
beside them.
"""

from __future__ import annotations

from printkit_engine.cardgrid import deal as decks_
from printkit_engine.cardgrid.bots import play_passage
from printkit_engine.cardgrid.notation import passage_line
from printkit_engine.cardgrid.passage import start
from printkit_engine.cardgrid.rules import load_rules
from printkit_engine.cardgrid.steps import written
from printkit_engine.game import BookSpec

PASSAGES = 40
KICKOFF = "H"


def answers(spec: BookSpec, passages: int = PASSAGES) -> list[str]:
    rules = load_rules()
    get = decks_.shuffles(spec.seed)
    decks = decks_.Decks()
    side, grid, scrum = KICKOFF, rules.field.kickoff, False
    score = (0, 0)
    lines = [f"Home kicks off on grid {grid}; every field-goal option is taken; after every "
             "change of possession both players take their next shuffle, while the book has "
             "one ('shuffle H A'). From the first choice that differs, the lines below no "
             "longer apply."]
    for n in range(1, passages + 1):
        p, decks, marks = play_passage(start(side, grid, scrum), decks, get, rules,
                                       lambda p, card: True)
        out = p.outcome
        assert out is not None                  # dealt to its end
        w = written(out, score, rules)
        if w.scores:
            score = w.scores[-1][1:]
        lines.append(f"{n}. " + passage_line(side, grid, p.cards, marks, w, out.next))
        if out.next.side != side and decks.k[0] < spec.plays:
            decks = decks_.reshuffle(decks_.reshuffle(decks, "H"), "A")
            lines[-1] += "\nshuffle H A"
        side, grid, scrum = out.next.side, out.next.grid, out.next.scrum
    lines.append(f"Score after {passages} passages: home {score[0]}, away {score[1]}.")
    return lines
