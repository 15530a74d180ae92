"""Luck of the Draw as one game object: one shuffle per drive of the cards left to deal."""

from __future__ import annotations

from engine.game import BookScheme, Game, Lazy, Players, Section, Source

ID = "luckdraw"
DRIVE = "drive"


def _labels(spec) -> list[str]:
    return [f"{DRIVE}/{k}" for k in range(1, spec.plays + 1)]


def _items(spec, label: str) -> tuple[str, ...]:
    from engine.luckdraw.deal import remaining_cards

    return remaining_cards(spec.players)


def _section(label: str) -> Section:
    k = label.split("/")[1]
    return Section("", f"{DRIVE} {k}", k)


def _describe(spec) -> str:
    from engine.luckdraw.deal import deal_shape

    shape = deal_shape(spec.players)
    return (f"{spec.plays} drives \u00b7 {shape.players} players \u00b7 QB holds "
            f"{shape.qb_fixed} automatic + {shape.qb_extra} dealt \u00b7 {shape.hand} cards "
            f"each \u00b7 {shape.sidelines} on the sidelines")


def _players() -> Players:
    from engine.luckdraw.cards import MAX_PLAYERS, MIN_PLAYERS

    return Players(MIN_PLAYERS, MAX_PLAYERS, 4)


GAME = Game(
    id=ID,
    title="Luck of the Draw",
    blurb="2-8 players, 16 game cards",
    source=Source("\u201cLuck of the Draw\u201d Interactive Football Card Game Official Rules",
                  "not named in the text", "on-line version", "played along a televised "
                  "or radio football game"),
    book=BookScheme(
        game=ID, kind="deal", labels=_labels, items=_items, section=_section,
        describe=_describe, default_count=24, count_name="drives",
        count_help="drives to deal (one deal per drive)", players=_players(),
        deal=Lazy("engine.luckdraw.deal:deal_from")),
)
