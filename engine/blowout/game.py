"""BLOWOUT!!! as one game object: each side's OFFENSE, DEFENSE and SPECIAL TEAMS shuffles,
the rules data, the record notation and verifier, and the bots (all in engine/blowout/)."""

from __future__ import annotations

from printkit_engine.blowout.ranges import RANGES
from printkit_engine.blowout.slips import SLIPS
from printkit_engine.game import SIDES, BookScheme, Bots, Game, Lazy, LazyPerRules, Section, Source

ID = "blowout"
# how to use the play book without peeking, printed in every page's header
HOWTO = (
    "Each player's own decks; shuffle K is period K (quarter, half, overtime). Hands: the "
    "first 5 OFFENSE cards and the first SPECIAL TEAMS card, the first 6 DEFENSE cards; "
    "replace each card played at once with the next one of its deck. A record cites HO2.7 "
    "= home offense shuffle 2, card 7. Fold along the dashed lines and slide a cover strip."
)


def _decks():
    from printkit_engine.blowout.decks import load_decks

    return load_decks()


def _labels(spec) -> list[str]:
    from printkit_engine.blowout.decks import DECK_NAMES

    return [f"{side}/{deck}/{k}" for side in SIDES for deck in DECK_NAMES
            for k in range(1, spec.plays + 1)]


def _lengths(rules) -> tuple[str, ...]:
    """The rules' game lengths (B13: a quarter, halves, the whole game)."""
    return tuple(rules.lengths)


def _length_share(rules, name: str) -> float:
    """A length's periods over the longest length's (a quarter of four: 0.25)."""
    return rules.lengths[name].periods / max(g.periods for g in rules.lengths.values())


def _section(label: str) -> Section:
    side, deck, k = label.split("/")
    return Section(side, f"{side.upper()} \u2014 {_decks().deck(deck).title} deck",
                   f"{side[0].upper()}{deck[0].upper()}{k}")


GAME = Game(
    id=ID,
    title="BLOWOUT!!!",
    blurb="own OFFENSE, DEFENSE and SPECIAL TEAMS decks",
    source=Source("BLOWOUT!!!", "not named in the text",
                  "rules sheet (card types and ranges; no deck lists)", "a print-and-play "
                  "rules sheet"),
    book=BookScheme(
        game=ID, howto=HOWTO, kind="cards", labels=_labels,
        items=lambda spec, label: _decks().deck(label.split("/")[1]).order,
        section=_section, describe=lambda spec: f"{spec.plays} shuffles of each deck per side",
        default_count=5, count_help="shuffles of each deck per side",
        legend=Lazy("printkit_engine.blowout.legend:entries")),
    load_rules=Lazy("printkit_engine.blowout.rules:load_rules"),
    verify=Lazy("printkit_engine.blowout.verify:verify_text"),
    detect=Lazy("printkit_engine.blowout.notation:detect"),
    bots=Bots(slips=SLIPS, play=Lazy("printkit_engine.blowout.bots:play_game"),
              seed_of=Lazy("printkit_engine.blowout.bots:game_seed"),
              stats=Lazy("printkit_engine.blowout.stats:game_stats")),
    ranges=RANGES,
    odds=LazyPerRules("printkit_engine.blowout.odds:tables"),
    bubbles=Lazy("printkit_engine.blowout.bubbles:grammar"),
    decisions=Lazy("printkit_engine.blowout.decisions:decision_log"),
    lengths=_lengths,
    length_share=_length_share,
)
