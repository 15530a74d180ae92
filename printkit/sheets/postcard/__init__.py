"""PostCard Football's printables."""

from printkit.sheets import Printable

PRINTABLES = (
    Printable("postcard", "board", "postcard-board", "board",
              "Field, trackers, bonus bars, score keepers, strategy circle and all charts",
              rules=True, used_with=("drivelog", "bubblelog", "playbook")),
    Printable("postcard", "drivelog", "postcard-drivelog", "drive log",
              "Blank log in the record notation: action, picks, dice, outcome, marks, state",
              used_with=("bubblelog", "playbook")),
    Printable("postcard", "refcard", "postcard-refcard", "reference card",
              "Two-sided quick reference: strategy circle, catch by level, rushing, field "
              "goal, punt and fumble odds", rules=True, cards=True, sides=2,
              cut=("refcard",)),
    Printable("postcard", "bubblelog", "postcard-bubblelog", "bubble log",
              "Drive log filled by shading bubbles, read back from a scan or photo "
              "(printkit scan)", used_with=("playbook",)),
)

# A classroom match's printables in print order (printkit/classroom.py); names the game does
# not have yet are skipped, so a sheet joins the pack once it exists.
PACK = ("board", "drivelog", "bubblelog", "scoresheet", "refcard")

# One table's kit (`printkit kit`, printkit/kit.py): its printables in print order after the
# cover (the play book follows them), and what else the table needs besides the printout.
KIT = ("refcard", "board", "drivelog")
NEEDS = (   # each line's passage of the rules: docs/rules/postcard.md P26
    "two six-sided dice, one for each player, of two colours if you have them (or read the "
    "rolls from the play book)",
    "a third die for the ball, which also shows the down (a four-sided one is best), or a coin",
    "a dry erase marker and a plastic sleeve for the board, or a pencil and an eraser",
    "a pencil for the drive log",
)
