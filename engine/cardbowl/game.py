"""Card Bowl as one game object: one shuffled full deck per play, play notes, verifier, bots."""

from __future__ import annotations

import re
from pathlib import Path

from printkit_engine.cardbowl.ranges import RANGES
from printkit_engine.cardbowl.slips import SLIPS
from printkit_engine.cards import FULL_DECK
from printkit_engine.decks import deck_file, standard_deck
from printkit_engine.game import BookScheme, Bots, Game, Lazy, LazyPerRules, Section, Source

ID = "cardbowl"
DEAL = "deal"
DECKS = deck_file(ID, Path(__file__).resolve().parent)    # fails here if it is missing
# A down-and-distance line of the rules' "Example of Play Notes" (`1 & 10 @ 43`): how an
# untagged record is known to be play notes. Matched per line, so it stays linear.
_NOTES_LINE = re.compile(r"[ \t]*[1-4][ \t]*&[ \t]*(\d+|goal|G)[ \t]*@[ \t]*(own|opp)?[ \t]*\d",
                         re.I)
# how to use the play book without peeking, printed in every page's header
HOWTO = (
    "One shuffled 54-card deck per play: play 17 uses deal/17, its cards read left to right, "
    "top row first (a record cites 17.12 = play 17, card 12). Keep the book folded along the "
    "dashed lines so only the current play shows; cover the cards not yet drawn with a strip "
    "of paper and slide it along."
)


def deck() -> tuple[str, ...]:
    """The deck every play shuffles, from the game's own deck file (engine/cardbowl/decks.toml)."""
    return standard_deck(ID, DECKS, DEAL).cards


def _labels(spec) -> list[str]:
    return [f"{DEAL}/{k}" for k in range(1, spec.plays + 1)]


def _section(label: str) -> Section:
    return Section("", f"Play K uses {DEAL}/K: {len(deck())} cards, read left to right, top "
                       "row first", label.split("/")[1])


def _describe(spec) -> str:
    return f"{spec.plays} deals of {len(deck())} cards"


def detect(text: str) -> bool:
    """True for play notes written as in the rules' example (no tags needed)."""
    from printkit_engine.verify.record import split_lines

    return any(_NOTES_LINE.match(line) for line in split_lines(text))


GAME = Game(
    id=ID,
    title="Card Bowl",
    blurb=f"{len(FULL_DECK)}-card deck",
    source=Source("Card Bowl \u2014 Playing Card Football", "Scott Crawford",
                  "version 1.1.6, February 15, 2007", "www.cardbowl.org"),
    book=BookScheme(
        game=ID, howto=HOWTO, kind="cards", labels=_labels, items=lambda spec, label: deck(),
        section=_section, describe=_describe, default_count=150,
        count_help=f"deals ({DEAL}/K: one shuffled deck per play)"),
    load_rules=Lazy("printkit_engine.cardbowl.rules:load_rules"),
    verify=Lazy("printkit_engine.cardbowl.verify:verify_text"),
    bubbles=Lazy("printkit_engine.cardbowl.bubbles:grammar"),
    decisions=Lazy("printkit_engine.cardbowl.decisions:decision_log"),
    detect=detect,
    ranges=RANGES,
    odds=LazyPerRules("printkit_engine.cardbowl.odds:tables"),
    bots=Bots(slips=SLIPS, play=Lazy("printkit_engine.cardbowl.bots:play_game"),
              seed_of=Lazy("printkit_engine.cardbowl.bots:game_seed"),
              stats=Lazy("printkit_engine.cardbowl.season:game_stats"),
              claims=Lazy("printkit_engine.cardbowl.season:claims")),
)
