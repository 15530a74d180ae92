"""`printkit render cardgrid bubblelog`: the passage log filled by shading bubbles, read back by
`printkit scan` (grammar: engine/cardgrid/bubbles.py; drawing and reading: printkit/omr)."""

from __future__ import annotations

from printkit.layout import Layout
from printkit.omr.fillable import draw_fillable
from printkit.omr.sheet import draw_log
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    if opts.extra.get("fillable"):
        draw_fillable(doc, opts, layout, "cardgrid")
    else:
        draw_log(doc, opts, layout, "cardgrid")
