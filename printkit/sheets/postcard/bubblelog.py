"""`printkit render postcard bubblelog`: the drive log filled by shading bubbles, read back by
`printkit scan` (grammar: engine/postcard/bubbles.py; drawing and reading: printkit/omr)."""

from __future__ import annotations

from printkit.layout import Layout
from printkit.omr.sheet import draw_log
from printkit.pdfdoc import Document
from printkit.sheets import RenderOptions


def draw(doc: Document, opts: RenderOptions, layout: Layout) -> None:
    opts.extra["notes"] = draw_log(doc, opts, layout, "postcard")
