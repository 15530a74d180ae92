"""BLOWOUT!!!'s printables."""

from printkit.sheets import Printable

PRINTABLES = (
    Printable("blowout", "cards", "blowout-cards", "cards",
              "Both players' OFFENSE, DEFENSE and SPECIAL TEAMS decks, backs for duplex",
              cards=True),
)
