"""Luck of the Draw's printables (its play book's deal slips are in playbook.py)."""

from printkit.sheets import Printable

PRINTABLES = (
    Printable("luckdraw", "cards", "luckdraw-cards", "game cards",
              "The 16 game cards: symbol (QB cards in yellow), action, points; backs for duplex",
              cards=True, sides=2, cut=("cards",),
              cut_with="a craft knife and a ruler, along the crop marks"),
    Printable("luckdraw", "scoresheet", "luckdraw-scoresheet", "score sheet",
              "Per drive: QB, each seat's cards, scoring events ticked per card, audible calls, "
              "penalties, trades, running totals; game length and tie-breakers",
              rules=True, players=True, tally=True, used_with=("bubblelog", "playbook")),
    Printable("luckdraw", "refcard", "luckdraw-refcard", "reference card",
              "Two-sided quick reference: the scoring cheat sheet, the QB's automatic cards, "
              "deal odds", cards=True, sides=2, cut=("refcard",)),
    Printable("luckdraw", "bubblelog", "luckdraw-bubblelog", "bubble log",
              "The transcript filled by shading bubbles (deals, events, audibles, totals), read "
              "back from a scan or photo (printkit scan)", used_with=("playbook",),
              players_tag=True),
)

# One table's kit (`printkit kit`, printkit/kit.py): its printables in print order after the
# cover (the play book follows them), and what else the table needs besides the printout.
KIT = ("refcard", "cards", "scoresheet")
NEEDS = (   # each line's passage of the rules: docs/rules/luckdraw.md L21
    "a football game on TV or radio to play along with",
    "a pencil for each player",
)
