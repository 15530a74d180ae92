"""BLOWOUT!!!'s printables."""

from printkit.sheets import Printable

PRINTABLES = (
    Printable("blowout", "cards", "blowout-cards", "cards",
              "Both players' OFFENSE, DEFENSE and SPECIAL TEAMS decks, backs for duplex",
              cards=True),
    Printable("blowout", "field", "blowout-field", "field",
              "The 100-yard field to scale with the red FIELD GOAL range lines; DOWN, YARDS "
              "TO GO, SCORE and period counters; LINE OF SCRIMMAGE and FIRST DOWN markers to "
              "cut out", rules=True),
    Printable("blowout", "drivelog", "blowout-drivelog", "play log",
              "One row per snap: both cards, yards, down & to go, ball on, score, period; "
              "Seed box and the card code legend"),
    Printable("blowout", "refcard", "blowout-refcard", "reference card",
              "Two-sided quick reference: set-up, a snap, downs, scoring and restarts, how "
              "the game ends; the decks, named cards, yards per play, field-goal odds",
              rules=True, cards=True),
    Printable("blowout", "bubblelog", "blowout-bubblelog", "bubble log",
              "The play log filled by shading bubbles (two snaps a band), read back from a "
              "scan or photo (printkit scan)"),
)
