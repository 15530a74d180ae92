"""BLOWOUT!!!'s printables."""

from printkit.sheets import Printable

PRINTABLES = (
    Printable("blowout", "cards", "blowout-cards", "cards",
              "Both players' OFFENSE, DEFENSE and SPECIAL TEAMS decks, backs for duplex",
              cards=True, sides=2, cut=("cards",),
              cut_with="a craft knife and a ruler, along the crop marks"),
    Printable("blowout", "field", "blowout-field", "field",
              "The 100-yard field to scale with the red FIELD GOAL range lines; DOWN, YARDS "
              "TO GO, SCORE and period counters; LINE OF SCRIMMAGE and FIRST DOWN markers to "
              "cut out", rules=True, parts=("field", "markers"), cut=("markers",),
              used_with=("markers", "drivelog", "bubblelog", "playbook")),
    Printable("blowout", "drivelog", "blowout-drivelog", "play log",
              "One row per snap: both cards, yards, down & to go, ball on, score, period; "
              "Seed box and the card code legend", used_with=("bubblelog", "playbook")),
    Printable("blowout", "refcard", "blowout-refcard", "reference card",
              "Two-sided quick reference: set-up, a snap, downs, scoring and restarts, how "
              "the game ends; the decks, named cards, yards per play, field-goal odds",
              rules=True, cards=True, sides=2, cut=("refcard",)),
    Printable("blowout", "bubblelog", "blowout-bubblelog", "bubble log",
              "The play log filled by shading bubbles (two snaps a band), read back from a "
              "scan or photo (printkit scan)", used_with=("playbook",)),
)

# One table's kit (`printkit kit`, printkit/kit.py): its printables in print order after the
# cover (the play book follows them), and what else the table needs besides the printout.
KIT = ("refcard", "cards", "field", "drivelog")
NEEDS = (   # each line's passage of the rules: docs/rules/blowout.md B18
    "a coin for the toss (and overtime)",
    "a pencil for the play log",
)
