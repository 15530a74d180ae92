"""Luck of the Draw as one game object: one shuffle per drive of the cards left to deal."""

from __future__ import annotations

from printkit_engine.game import (
    BookScheme,
    Bots,
    Game,
    Lazy,
    LazyPerRules,
    Players,
    Section,
    Source,
)
from printkit_engine.luckdraw.cards import DEFAULT_PLAYERS, MAX_PLAYERS, MIN_PLAYERS
from printkit_engine.luckdraw.deal import (
    Deal,
    check_players,
    deal_from,
    deal_shape,
    remaining_cards,
)
from printkit_engine.luckdraw.ranges import RANGES
from printkit_engine.luckdraw.slips import SLIPS

ID = "luckdraw"
DRIVE = "drive"
# how to use the play book without peeking, printed in every page's header
HOWTO = (
    "Write the players' names by seat P1, P2, ... in the QB order the first QB sets; P1 is QB"
    " of drive 1 and the QB moves one seat each drive. Cut the slips apart along the dashed "
    "lines, stack them face down in drive order and turn one over when a drive begins."
)


def _labels(spec) -> list[str]:
    return [f"{DRIVE}/{k}" for k in range(1, spec.plays + 1)]


def _items(spec, label: str) -> tuple[str, ...]:
    return remaining_cards(spec.players)


def _lengths(rules) -> tuple[str, ...]:
    """The rules' game lengths (the agreed length of the game: a quarter ... a whole game)."""
    return tuple(g.key for g in rules.lengths)


def _length_share(rules, key: str) -> float:
    """The quarters a length plays over the game's four (Q1: 0.25; the whole game, overtime
    and all: 1)."""
    length = rules.length(key)
    regulation = rules.periods.index(rules.overtime)
    return min(1.0, (rules.periods.index(length.last) + 1) / regulation)


def _section(label: str) -> Section:
    k = label.split("/")[1]
    return Section("", f"{DRIVE} {k}", k)


def _describe(spec) -> str:
    shape = deal_shape(spec.players)
    drives = "drive" if spec.plays == 1 else "drives"
    return (f"{spec.plays} {drives} \u00b7 {shape.players} players \u00b7 QB holds "
            f"{shape.qb_fixed} automatic + {shape.qb_extra} dealt \u00b7 {shape.hand} cards "
            f"each \u00b7 {shape.sidelines} on the sidelines")


GAME = Game(
    id=ID,
    title="Luck of the Draw",
    blurb=f"{MIN_PLAYERS}-{MAX_PLAYERS} players, game cards",
    source=Source("\u201cLuck of the Draw\u201d Interactive Football Card Game Official Rules",
                  "not named in the text", "on-line version", "played along a televised "
                  "or radio football game"),
    book=BookScheme(
        game=ID, howto=HOWTO, kind="deal", labels=_labels, items=_items, section=_section,
        describe=_describe, default_count=24, count_name="drives",
        count_help="drives to deal (one deal per drive)",
        players=Players(MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS), deal=deal_from),
    ranges=RANGES,
    odds=LazyPerRules("printkit_engine.luckdraw.odds:tables"),
    bubbles=Lazy("printkit_engine.luckdraw.bubbles:grammar"),
    decisions=Lazy("printkit_engine.luckdraw.decisions:decision_log"),
    load_rules=Lazy("printkit_engine.luckdraw.rules:load_rules"),
    lengths=_lengths,
    length_share=_length_share,
    verify=Lazy("printkit_engine.luckdraw.verify:verify_text"),
    detect=Lazy("printkit_engine.luckdraw.notation:detect"),
    bots=Bots(slips=SLIPS, play=Lazy("printkit_engine.luckdraw.bots:play_game"),
              seed_of=Lazy("printkit_engine.luckdraw.bots:game_seed"),
              stats=Lazy("printkit_engine.luckdraw.season:game_stats")),
)


def deal(seed: str, drive: int, players: int) -> Deal:
    """The seeded deal of drive `drive` (stream ``drive/K``), as the play book prints it."""
    check_players(players)
    shuffled = GAME.book.stream(seed, f"{DRIVE}/{drive}").shuffle(remaining_cards(players))
    return deal_from(shuffled, drive, players)
