"""BLOWOUT!!!'s printables."""

from printkit.sheets import Printable

PRINTABLES = (
    Printable("blowout", "cards", "blowout-cards", "cards",
              "Both players' OFFENSE, DEFENSE and SPECIAL TEAMS decks, backs for duplex",
              cards=True),
    Printable("blowout", "refcard", "blowout-refcard", "reference card",
              "Two-sided quick reference: card types, when each may be played, named cards, "
              "yards per play", cards=True),
)
