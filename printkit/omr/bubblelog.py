"""The `bubblelog` printable of any game with a bubble grammar: bubbles to shade, or with
`--fillable` the same log as a PDF form. A game's printkit/sheets/<game>/bubblelog.py is one
line naming its game; everything else is the grammar (engine/<game>/bubbles.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from printkit.layout import Layout
from printkit.pdfdoc import Document

if TYPE_CHECKING:
    from printkit.sheets import RenderOptions


def bubblelog_draw(game_id: str) -> Callable[[Document, RenderOptions, Layout], None]:
    """The draw(doc, opts, layout) of `printkit render GAME bubblelog`."""

    def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
        if opts.extra.get("fillable"):
            from printkit.omr.fillable import draw_fillable

            draw_fillable(doc, opts, layout, game_id)
        else:
            from printkit.omr.sheet import draw_log

            draw_log(doc, opts, layout, game_id)

    return draw
