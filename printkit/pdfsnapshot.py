"""A fresh document's drawing so far, kept to start other documents from.

A printable whose page is mostly the same art every time (the PostCard board: field, trackers,
panels, charts; only the team names change) draws that art once per process into a fresh
document, keeps a copy of the document's state (canvas, page stream so far, forms, fonts'
subsets), and starts every later document of the same kind from a copy of that state instead
of drawing it again. A copy is the state drawing would give (the same objects, numbers and
glyph codes), so the bytes are those of drawing it: deterministic, and the same whether a
render is the first of its process or not.

A kept snapshot is pickled once, and each copy is an unpickling (C, about a fifth of a page's
time less than a deep copy each time). Its forms (the art's XObjects, finished before the
snapshot and never changed after) are written the same in every copy, so a copy's forms
share one dict of their written bytes (printkit.pdfstream.KEPT): formatted and compressed
once per process, not once per page.

What a copy leaves out: the output (the document's sink) and its metadata (title, subject),
which belong to the document that resumes; the registered fonts and their faces are shared,
not copied, and each font's per-document state (its subsets and glyph codes, which reportlab
keeps on the font, keyed by document) is copied to the new document.
"""

from __future__ import annotations

import copy
import io
import pickle
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.texts import Texts
from printkit.pdfstream import KEPT, WRITTEN

_SIGNATURE = "signature"            # the persistent id of the document's hashlib signature


@dataclass
class Snapshot:
    """A document's drawing state: its canvas (and reportlab document) and printkit's own
    bookkeeping of forms and batched text; once kept, its pickled bytes and its forms'
    written bytes (both made the first time it is copied)."""

    canvas: Canvas
    forms: set[str]
    xobjects: dict[str, str]
    texts: Texts | None
    pickled: bytes | None = field(default=None, repr=False)
    written: dict[str, bytes] = field(default_factory=dict, repr=False)


def _shared() -> dict[int, Any]:
    """What every document shares, by id: the registered fonts and their faces (megabytes,
    read once) and pdfstream's marker of written objects."""
    memo: dict[int, Any] = {id(WRITTEN): WRITTEN}
    for name in pdfmetrics.getRegisteredFontNames():
        font = pdfmetrics.getFont(name)
        memo[id(font)] = font
        face = getattr(font, "face", None)
        if face is not None:
            memo[id(face)] = face
    return memo


def _pickled(snap: Snapshot, shared: dict[int, Any]) -> bytes:
    """The snapshot's state pickled, the shared objects and the signature by reference."""
    old = snap.canvas._doc
    sink = getattr(old, "_sink", None)
    state = Snapshot(snap.canvas, snap.forms, snap.xobjects, snap.texts)
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)

    def persistent_id(obj: object) -> object:
        if id(obj) in shared:
            return id(obj)
        if obj is old.signature:
            return _SIGNATURE
        if sink is not None and obj is sink:                     # the caller replaces it
            return ("sink",)
        return None

    pickler.persistent_id = persistent_id              # type: ignore[method-assign]
    pickler.dump(state)
    return out.getvalue()


def copy_state(snap: Snapshot) -> Snapshot:
    """A copy of `snap` with a document of its own (nothing shared that drawing changes).
    The reportlab document's sink and metadata are copied as they are; the caller resuming
    from the copy gives it its own."""
    old = snap.canvas._doc
    shared = _shared()
    if snap.pickled is None:
        snap.pickled = _pickled(snap, shared)
    sink = getattr(old, "_sink", None)
    unpickler = pickle.Unpickler(io.BytesIO(snap.pickled))

    def persistent_load(key: object) -> object:
        if key == _SIGNATURE:
            return old.signature.copy()                          # hashlib: a copy of its own
        if key == ("sink",):
            return sink
        return shared[key]                                       # type: ignore[index]

    unpickler.persistent_load = persistent_load        # type: ignore[method-assign]
    out: Snapshot = unpickler.load()
    new = out.canvas._doc
    for obj in new.idToObject.values():
        if isinstance(obj, pdfdoc.PDFFormXObject):
            setattr(obj, KEPT, snap.written)
    for name in pdfmetrics.getRegisteredFontNames():
        states = getattr(pdfmetrics.getFont(name), "state", None)
        if states is not None and old in states:                 # a TrueType font used so far
            states[new] = copy.deepcopy(states[old], dict(shared))   # a memo: grows
    return out
