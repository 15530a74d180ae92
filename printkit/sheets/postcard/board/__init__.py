"""`printkit render postcard board`: our complete PostCard Football board, true to scale.

The board is one physical size (layouts/postcard-board.toml) centred on a landscape page, so
Letter and A4 print the same board; every chart on it comes from engine/postcard rules data.
"""

from __future__ import annotations

from reportlab.lib.colors import black

from printkit.draw.text import draw_fitted
from printkit.layout import Layout
from printkit.papers import page_size
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions
from printkit.sheets.postcard.board.charts import draw_charts
from printkit.sheets.postcard.board.context import Board
from printkit.sheets.postcard.board.field import draw_field
from printkit.sheets.postcard.board.panels import draw_panels
from printkit.sheets.postcard.board.strategy import draw_strategy
from printkit_engine.postcard.rules import load_rules

# zlib level of the board's page stream: 50 KB of drawing, compressed in half reportlab's
# time (level 6) for about a tenth more bytes (issue #28)
BOARD_FLATE = 3


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    rules = load_rules(opts.rules_file)
    size = page_size(opts.paper, "landscape")
    doc.page_size(size)
    doc.flate_page(BOARD_FLATE)
    ox = (size[0] - layout.length("board.width")) / 2
    oy = (size[1] - layout.length("board.height")) / 2
    b = Board(doc, layout, rules, opts, ox, oy)
    _title(b)
    draw_field(b)
    draw_panels(b)
    draw_strategy(b)
    draw_charts(b)
    doc.check_bar(b.x("checkbar.x"), b.y("checkbar.y") - 5, b.L("checkbar.length"),
                  layout.text("checkbar.label"), b.font, b.L("board.small_size"))
    doc.show_page()


def _title(b: Board) -> None:
    c = b.c
    lay = b.layout
    c.setFillColor(black)
    top = b.oy + lay.length("board.height")
    draw_fitted(c, b.ox, top - lay.length("board.title_size"),
                f"{lay.text('board.title')}   {b.opts.home} v {b.opts.away}",
                lay.font("board.title_font"), lay.length("board.title_size"),
                lay.length("checkbar.x") - lay.length("board.title_size"))  # short of the bar
