"""The grid game's printables: the Field Grid Layout and the score sheet the rules call for
("the correct form is attached to these instructions"; the forms were not included)."""

from printkit.sheets import Printable

PRINTABLES = (
    Printable("cardgrid", "field", "cardgrid-field", "field grid",
              "The 12-grid Field Grid Layout: a marker track for each direction of play with "
              "its 5, 10 and 22 metre lines and in-goal, the tackle count, the card legend",
              rules=True, used_with=("scoresheet", "bubblelog", "playbook")),
    Printable("cardgrid", "scoresheet", "cardgrid-scoresheet", "score sheet",
              "Progressive scoring per player (F, P, T, C), restarts, the agreed finishing time",
              rules=True, used_with=("bubblelog", "playbook")),
    Printable("cardgrid", "refcard", "cardgrid-refcard", "reference card",
              "Two-sided quick reference: scoring codes and restarts, field grid landmarks, what "
              "each card does; passage odds by start grid, conversion and single-card odds",
              rules=True, cards=True, sides=2,
              cut=("refcard",)),
    Printable("cardgrid", "bubblelog", "cardgrid-bubblelog", "bubble log",
              "The passage log and score sheet filled by shading bubbles, read back from a "
              "scan or photo (printkit scan)", used_with=("playbook",)),
)

# One table's kit (`printkit kit`, printkit/kit.py): its printables in print order after the
# cover (the play book follows them), and what else the table needs besides the printout.
KIT = ("refcard", "field", "scoresheet")
NEEDS = (   # each line's passage of the rules: docs/rules/cardgrid.md G16
    "a small marker or counter for the ball on the field grid",
    "a coin for the toss",
    "a watch or an alarm clock set to the agreed finishing time",
    "a pencil for the score sheet",
)
