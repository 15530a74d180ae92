"""A written log's pages for a whole game (`printkit kit`): the page drawn again as many times
as a typical game fills, and the rows one page holds, counted by drawing it on a probe page
(its header, example and legend decide what room the table has)."""

from __future__ import annotations

from collections.abc import Callable
from math import ceil

from printkit.layout import Layout
from printkit.pdfdoc import Document, probe
from printkit.sheets import RenderOptions
from printkit_engine import registry

PagesDrawn = Callable[[Document, RenderOptions, Layout], int]   # one page: the rows it holds


def typical_lines(game: str, log: str = "") -> int:
    """Record lines of a typical whole game: the game's bubble log's (`log`: one of its
    logs by name), what a written log holds a row each."""
    from printkit_engine.bubbles import log_named

    make = registry.get(game).bubbles
    assert make is not None, f"{game} has no bubble log"
    grammar = make()
    return (log_named(grammar, log) if log else grammar).typical_lines


def copies(opts: RenderOptions) -> int:
    """How many times the page is drawn (`extra["copies"]`: a kit's whole game; else once)."""
    return max(1, int(opts.extra.get("copies") or 1))


def rows_a_page(page: PagesDrawn, opts: RenderOptions, layout: Layout) -> int:
    """The rows one page holds, drawn on a probe document that is thrown away."""
    return page(probe(opts.paper), opts, layout)


def pages_for(rows: int, page: PagesDrawn, opts: RenderOptions, layout: Layout) -> int:
    """Pages a game of `rows` rows fills (at least one)."""
    return max(1, ceil(rows / rows_a_page(page, opts, layout)))


def written_log(page: PagesDrawn, game: str, log: str = "",
                ) -> tuple[Callable[[Document, RenderOptions, Layout], None],
                           Callable[[RenderOptions, Layout], int]]:
    """A written log's `draw` (its page, `copies` times) and `game_pages` (the pages a
    typical whole game fills: its record lines, `typical_lines(game, log)`, over the rows a
    page holds), from the function drawing one page and returning its rows."""

    def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
        for _ in range(copies(opts)):
            page(doc, opts, layout)

    def game_pages(opts: RenderOptions, layout: Layout) -> int:
        return pages_for(typical_lines(game, log), page, opts, layout)

    return draw, game_pages
