"""PostCard Football's printables."""

from printkit.sheets import Printable

PRINTABLES = (
    Printable("postcard", "board", "postcard-board", "board",
              "Field, trackers, bonus bars, score keepers, strategy circle and all charts",
              rules=True),
    Printable("postcard", "drivelog", "postcard-drivelog", "drive log",
              "Blank log in the record notation: action, picks, dice, outcome, marks, state"),
    Printable("postcard", "bubblelog", "postcard-bubblelog", "bubble log",
              "Drive log filled by shading bubbles, read back from a scan or photo "
              "(printkit scan)"),
)
