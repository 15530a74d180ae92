"""Card Bowl's printables."""

from printkit.sheets import Printable
from printkit_engine.cardbowl.state import YARDS

PRINTABLES = (
    Printable("cardbowl", "field", "cardbowl-field", "field",
              f"The {YARDS}-yard field to scale: yard ticks, 5-yard lines, numbers, hash marks",
              used_with=("drivelog", "clock", "bubblelog", "playbook")),
    Printable("cardbowl", "cribbage", "cardbowl-cribbage", "cribbage board",
              "Overlay for a cribbage board (one hole a yard) and a peg board to punch"),
    Printable("cardbowl", "drivelog", "cardbowl-drivelog", "drive log",
              "Play notes: team, down & distance @ yard line, play and result, score, clock",
              rules=True, used_with=("clock", "bubblelog", "playbook")),
    Printable("cardbowl", "clock", "cardbowl-clock", "game clock",
              "A grid of the clock's intervals per quarter, timeouts, timing costs", rules=True,
              used_with=("bubblelog", "playbook")),
    Printable("cardbowl", "refcard", "cardbowl-refcard", "reference card",
              "Two-sided quick reference: card values, kicks, field goal odds by distance, "
              "penalty cards, fumble bounce", rules=True, cards=True, sides=2,
              cut=("refcard",)),
    Printable("cardbowl", "bubblelog", "cardbowl-bubblelog", "bubble log",
              "Play notes filled by shading bubbles, read back from a scan or photo "
              "(printkit scan)", used_with=("playbook",)),
)

# A classroom match's printables in print order (printkit/classroom.py); names the game does
# not have yet are skipped, so a sheet joins the pack once it exists.
PACK = ("field", "drivelog", "clock", "bubblelog", "scoresheet", "refcard")

# One table's kit (`printkit kit`, printkit/kit.py): its printables in print order after the
# cover (the play book follows them), and what else the table needs besides the printout.
KIT = ("refcard", "field", "drivelog", "clock")
NEEDS = (   # each line's passage of the rules: docs/rules/cardbowl.md C31
    "a penny (or other marker) for the ball; the penny is also the coin for the toss",
    "a pencil for the drive log and the clock sheet",
)
