"""PostCard Football as one game object: two sides' d6 streams, the rules engine, the bots."""

from __future__ import annotations

from printkit_engine.game import SIDES, BookScheme, Bots, Game, Lazy, LazyPerRules, Section, Source
from printkit_engine.postcard.ranges import RANGES
from printkit_engine.postcard.slips import SLIPS

ID = "postcard"
DICE_PER_PLAY = 6          # d6 per side per play (decision in docs/draws.md)
# how to use the play book without peeking, printed in every page's header
HOWTO = (
    "Each side's dice in the order that side rolls them: H1, H2, ... for HOME, A1, A2, ... "
    "for AWAY (a record cites H17). Give each player their own pages. Keep the page folded "
    "along the dashed lines so only the block in use shows; tick each die as you use it."
)


def _labels(spec) -> list[str]:
    return list(SIDES)


def _section(label: str) -> Section:
    return Section(label, label.upper(), label[0].upper())


def _describe(spec) -> str:
    return (f"{spec.plays} plays \u00b7 {DICE_PER_PLAY} d6 per side per play \u00b7 "
            f"{spec.plays * DICE_PER_PLAY} dice per side")


GAME = Game(
    id=ID,
    title="PostCard Football",
    blurb="dice on a printed board",
    source=Source("PostCard Football Rules", "the PostCard Football publisher (no author "
                  "named)", "rules web page", "published beside the PostCard Football card"),
    book=BookScheme(
        game=ID, howto=HOWTO, kind="dice", labels=_labels, items=lambda spec, label: None,
        section=_section, describe=_describe, default_count=50,
        count_help=f"plays' worth of d6 per side ({DICE_PER_PLAY} per play)",
        dice_per_play=DICE_PER_PLAY),
    load_rules=Lazy("printkit_engine.postcard.rules:load_rules"),
    verify=Lazy("printkit_engine.postcard.verify:verify_text"),
    bubbles=Lazy("printkit_engine.postcard.bubbles:grammar"),
    decisions=Lazy("printkit_engine.postcard.decisions:decision_log"),
    bots=Bots(slips=SLIPS, play=Lazy("printkit_engine.postcard.bots:play_game"),
              seed_of=Lazy("printkit_engine.postcard.bots:game_seed"),
              stats=Lazy("printkit_engine.postcard.season:game_stats")),
    ranges=RANGES,
    odds=LazyPerRules("printkit_engine.postcard.odds:tables"),
)
