"""`printkit render postcard refcard`: PostCard's quick-reference card, two-sided.

Both sides are the odds tables of `printkit odds postcard`, computed from
engine/postcard/rules.toml (a player's `--rules` file changes them): front, the strategy
circle, the catch by pass level and the challenge; back, field goals by spot, punts by target
and fumble recovery.
"""

from __future__ import annotations

from engine.odds import OddsTable
from engine.postcard.game import GAME
from printkit import refcard
from printkit.layout import Layout
from printkit.pdfdoc import Document
from printkit.refcard import Heading, Note, Side
from printkit.sheets import RenderOptions


def front(tables: list[OddsTable]) -> Side:
    t = partial_table(tables)
    return Side(GAME.title, "quick reference 1/2", (
        Heading("Strategy circle: a pick against a random pick"),
        refcard.odds_chart(t("strategy"), ("pick", "play", "wins", "loses", "same")),
        Heading("Catch by pass level"),
        refcard.odds_chart(t("catch"), ("level", "yards", "catch", "pressure",
                                        "catch under pressure", "intercepted"),
                           ("level", "yards", "catch", "pressure", "caught, pressed",
                            "int.")),
        Note("catch: the offense's die makes the level's catch roll; pressure: the defence's "
             "die raises the level by one; caught, pressed: caught under pressure; int.: "
             "intercepted."),
        Heading("Rushing by strategy bonus"),
        refcard.odds_chart(t("rushing"), ("bonus", "fumble", "loss 5", "stopped", "gain 5",
                                          "gain 10", "gain 15"),
                           ("bonus", "fum", "-5", "stop", "+5", "+10", "+15")),
        Note("fum: fumble; -5 / +5 / +10 / +15: yards on the rushing chart's first result."),
    ))


def back(tables: list[OddsTable]) -> Side:
    t = partial_table(tables)
    return Side(GAME.title, "quick reference 2/2", (
        Heading("Field goal by spot of the kick"),
        refcard.odds_chart(t("field-goal"), ("spot", "2d6 needed", "blocked", "made"),
                           ("spot", "2d6 good", "blocked", "made")),
        Heading("Punt by target distance"),
        refcard.odds_chart(t("punt"), ("target", "2d6 on target", "on target", "short",
                                       "long", "blocked"),
                           ("target", "2d6", "on target", "short", "long", "blkd")),
        Heading("Fumble recovery"),
        refcard.odds_chart(t("fumble"), ("recovered by", "chance", "and advanced")),
        Note("2d6: the kicker's roll inside this range is good / on target; blkd: blocked. "
             "All figures exact (printkit odds postcard)."),
    ))


def partial_table(tables: list[OddsTable]):
    return lambda key: refcard.odds_table(tables, key)


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    rules = GAME.load_rules(opts.rules_file)
    tables = GAME.odds(rules)
    refcard.render(doc, opts, layout, front(tables), back(tables),
                   GAME.title)
