"""A fresh document's drawing so far, kept to start other documents from.

A printable whose page is mostly the same art every time (the PostCard board: field, trackers,
panels, charts; only the team names change) draws that art once per process into a fresh
document, keeps a copy of the document's state (canvas, page stream so far, forms, fonts'
subsets), and starts every later document of the same kind from a copy of that state instead
of drawing it again. A copy is the state drawing would give (the same objects, numbers and
glyph codes), so the bytes are those of drawing it: deterministic, and the same whether a
render is the first of its process or not.

What a copy leaves out: the output (the document's sink) and its metadata (title, subject),
which belong to the document that resumes; the registered fonts and their faces are shared,
not copied, and each font's per-document state (its subsets and glyph codes, which reportlab
keeps on the font, keyed by document) is copied to the new document.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.texts import Texts
from printkit.pdfstream import WRITTEN


@dataclass
class Snapshot:
    """A document's drawing state: its canvas (and reportlab document) and printkit's own
    bookkeeping of forms and batched text."""

    canvas: Canvas
    forms: set[str]
    xobjects: dict[str, str]
    texts: Texts | None


def _shared() -> dict[int, Any]:
    """deepcopy's memo of what every document shares: the registered fonts and their faces
    (megabytes, read once) and pdfstream's marker of written objects."""
    memo: dict[int, Any] = {id(WRITTEN): WRITTEN}
    for name in pdfmetrics.getRegisteredFontNames():
        font = pdfmetrics.getFont(name)
        memo[id(font)] = font
        face = getattr(font, "face", None)
        if face is not None:
            memo[id(face)] = face
    return memo


def copy_state(snap: Snapshot) -> Snapshot:
    """A copy of `snap` with a document of its own (nothing shared that drawing changes).
    The reportlab document's sink and metadata are copied as they are; the caller resuming
    from the copy gives it its own."""
    old = snap.canvas._doc
    memo = _shared()
    memo[id(old.signature)] = old.signature.copy()              # hashlib: no deepcopy
    sink = getattr(old, "_sink", None)
    if sink is not None:
        memo[id(sink)] = sink                                    # the caller replaces it
    out = copy.deepcopy(snap, memo)
    new = out.canvas._doc
    for name in pdfmetrics.getRegisteredFontNames():
        states = getattr(pdfmetrics.getFont(name), "state", None)
        if states is not None and old in states:                 # a TrueType font used so far
            states[new] = copy.deepcopy(states[old], _shared())
    return out
