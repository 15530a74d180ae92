"""`printkit render postcard board`: our complete PostCard Football board, true to scale.

The board is one physical size (layouts/postcard-board.toml) centred on a landscape page, so
Letter and A4 print the same board; every chart on it comes from engine/postcard rules data.
"""

from __future__ import annotations

import threading

from reportlab.lib.colors import black

from printkit.draw.text import draw_fitted
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.pdfsnapshot import Snapshot
from printkit.sheets import RenderOptions
from printkit.sheets.postcard.board.charts import draw_charts
from printkit.sheets.postcard.board.context import Board
from printkit.sheets.postcard.board.field import draw_end_zone_names, draw_field
from printkit.sheets.postcard.board.panels import draw_panel_names, draw_panels
from printkit.sheets.postcard.board.strategy import draw_strategy
from printkit_engine.postcard.rules import Rules, load_rules

# zlib level of the board's page stream: 50 KB of drawing, compressed in half reportlab's
# time (level 6) for about a tenth more bytes (issue #28)
BOARD_FLATE = 3


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    """The board: its art (the same on every board of one layout, rules and paper) drawn
    once per process and kept (printkit.pdfsnapshot), then the team names over it."""
    rules = load_rules(opts.rules_file)
    size = page_size(opts.paper, "landscape")
    doc.page_size(size)
    ox = (size[0] - layout.length("board.width")) / 2
    oy = (size[1] - layout.length("board.height")) / 2
    b = Board(doc, layout, rules, opts, ox, oy)
    key = (opts.paper, id(layout), id(rules))
    with _ART_LOCK:                 # the teacher's server draws in threads
        kept = _ART.get(key)
    fresh = doc.fresh()
    if fresh and kept is not None and kept[0] is layout and kept[1] is rules:
        doc.resume(kept[2])
    else:
        _art(b)
        if fresh:
            snap = doc.snapshot()
            with _ART_LOCK:
                if len(_ART) >= ART_KEPT:
                    del _ART[next(iter(_ART))]
                _ART[key] = (layout, rules, snap)
    doc.drawn_first(lambda: _title(b))       # the page opens with its title, as it reads
    draw_end_zone_names(b)
    draw_panel_names(b)
    doc.flate_page(BOARD_FLATE)
    doc.show_page()


# the art of the boards drawn so far: (paper, layout, rules) -> the layout and rules (so the
# ids name them while kept) and the fresh document's state once the art was drawn
ART_KEPT = 4
_ART: dict[tuple[str, int, int], tuple[Layout, Rules, Snapshot]] = {}
_ART_LOCK = threading.Lock()


def _art(b: Board) -> None:
    """Everything on the board but the team names: field, panels, strategy, charts and the
    scale check bar."""
    draw_field(b)
    draw_panels(b)
    draw_strategy(b)
    draw_charts(b)
    b.doc.check_bar(b.x("checkbar.x"), b.y("checkbar.y") - 5, b.L("checkbar.length"),
                    b.layout.text("checkbar.label"), b.font, b.L("board.small_size"))


def _title(b: Board) -> None:
    c = b.c
    lay = b.layout
    c.setFillColor(black)
    top = b.oy + lay.length("board.height")
    draw_fitted(c, b.ox, top - lay.length("board.title_size"),
                f"{lay.text('board.title')}   {b.opts.home} v {b.opts.away}",
                lay.font("board.title_font"), lay.length("board.title_size"),
                lay.length("checkbar.x") - lay.length("board.title_size"))  # short of the bar
