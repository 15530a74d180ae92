"""The playing-card 'Football' grid game as one game object: each side's half-pack shuffles,
the rules data, the record notation and its verifier, the bots and the odds."""

from __future__ import annotations

from pathlib import Path

from printkit_engine.cardgrid.ranges import RANGES
from printkit_engine.cardgrid.slips import SLIPS
from printkit_engine.decks import StandardDeck, deck_file, standard_deck
from printkit_engine.game import SIDES, BookScheme, Bots, Game, Lazy, LazyPerRules, Section, Source

ID = "cardgrid"
DECKS = deck_file(ID, Path(__file__).resolve().parent)    # fails here if it is missing
# how to use the play book without peeking, printed in every page's header
HOWTO = (
    "Each side's half pack (HOME clubs+hearts, AWAY diamonds+spades) as shuffle 1, 2, ... (a "
    "record cites H3.12 = home shuffle 3, card 12). Give each player their own pages; fold "
    "along the dashed lines so only the shuffle in use shows and deal by sliding a cover "
    "strip."
)


def half_pack(side: str) -> StandardDeck:
    """A side's half pack, from the game's own deck file (engine/cardgrid/decks.toml): home
    clubs+hearts, away diamonds+spades."""
    if side not in SIDES:
        raise ValueError(f"unknown {ID} side {side!r} (home or away)")
    return standard_deck(ID, DECKS, side)


def _labels(spec) -> list[str]:
    return [f"{side}/{k}" for side in SIDES for k in range(1, spec.plays + 1)]


def _section(label: str) -> Section:
    side, k = label.split("/")
    return Section(side, f"{side.upper()} \u2014 {half_pack(side).title}: one shuffle per "
                         "block, cards left to right", f"{side[0].upper()}{k}")


GAME = Game(
    id=ID,
    title="Football (playing-card grid game)",
    blurb="two half packs, 12-grid field",
    source=Source("The playing card 'Football' game", "not named in the text",
                  "instruction sheet (its field grid and score sheet were not included)",
                  "a classroom handout"),
    book=BookScheme(
        game=ID, howto=HOWTO, kind="cards", labels=_labels,
        items=lambda spec, label: half_pack(label.split("/")[0]).cards,
        section=_section, describe=lambda spec: f"{spec.plays} shuffles per half pack",
        default_count=20, count_help="shuffles per side's half pack"),
    load_rules=Lazy("printkit_engine.cardgrid.rules:load_rules"),
    verify=Lazy("printkit_engine.cardgrid.verify:verify_text"),
    detect=Lazy("printkit_engine.cardgrid.notation:detect"),
    bots=Bots(slips=SLIPS, play=Lazy("printkit_engine.cardgrid.bots:play"),
              seed_of=Lazy("printkit_engine.cardgrid.bots:seed_of"),
              stats=Lazy("printkit_engine.cardgrid.season:game_stats")),
    ranges=RANGES,
    odds=LazyPerRules("printkit_engine.cardgrid.odds:tables"),
    answers=Lazy("printkit_engine.cardgrid.answers:answers"),
    bubbles=Lazy("printkit_engine.cardgrid.bubbles:scores"),
    decisions=Lazy("printkit_engine.cardgrid.decisions:decision_log"),
)
