"""The playing-card 'Football' grid game as one game object: each side's half-pack shuffles,
the rules data, the record notation and its verifier, the bots and the odds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.game import SIDES, BookScheme, Bots, Game, Lazy, LazyPerRules, Section, Source

if TYPE_CHECKING:
    from engine.decks import StandardDeck

ID = "cardgrid"


def half_pack(side: str) -> StandardDeck:
    """A side's half pack (engine/decks/decks.toml): home clubs+hearts, away diamonds+spades."""
    from engine.decks import standard_decks

    try:
        return standard_decks()[(ID, side)]
    except KeyError:
        raise ValueError(f"unknown {ID} side {side!r} (home or away)") from None


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
        game=ID, kind="cards", labels=_labels,
        items=lambda spec, label: half_pack(label.split("/")[0]).cards,
        section=_section, describe=lambda spec: f"{spec.plays} shuffles per half pack",
        default_count=20, count_help="shuffles per side's half pack"),
    load_rules=Lazy("engine.cardgrid.rules:load_rules"),
    verify=Lazy("engine.cardgrid.verify:verify_text"),
    detect=Lazy("engine.cardgrid.notation:detect"),
    bots=Bots(play=Lazy("engine.cardgrid.bots:play"), seed_of=Lazy("engine.cardgrid.bots:seed_of"),
              stats=Lazy("engine.cardgrid.season:game_stats")),
    odds=LazyPerRules("engine.cardgrid.odds:tables"),
    answers=Lazy("engine.cardgrid.answers:answers"),
    bubbles=Lazy("engine.cardgrid.bubbles:scores"),
)
