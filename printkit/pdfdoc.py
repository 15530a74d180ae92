"""Deterministic PDF documents: same inputs, byte-identical bytes.

reportlab's invariant mode fixes the creation date and the document id; fonts are embedded
TrueType subsets of the DejaVu fonts shipped in printkit/fonts; PrintScaling=None asks viewers
to print at 100% so measured printables stay true to scale.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printkit import __version__
from printkit.draw.texts import Texts
from printkit.pdfsnapshot import Snapshot, copy_state
from printkit.pdfstream import stream_canvas

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT_FILES = {"DejaVuSans": "DejaVuSans.ttf", "DejaVuSans-Bold": "DejaVuSans-Bold.ttf"}
CREATOR = f"printkit {__version__}"

rl_config.invariant = 1
# Streams are written as compressed binary, not ASCII85 text: a quarter fewer bytes and a
# third less time saving a page, and no less deterministic.
rl_config.useA85 = 0


def register_fonts() -> None:
    for name, file in FONT_FILES.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            font = TTFont(name, str(FONT_DIR / file))
            remember_subsets(font.face)
            pdfmetrics.registerFont(font)


SUBSETS_KEPT = 64           # subsets remembered per font (a few KB to 100 KB each)


def remember_subsets(face: Any) -> None:
    """The font program of a subset, made once per set of glyphs: every document that uses
    the same glyphs in the same order (a board drawn again, a class's copies of one sheet)
    embeds the same bytes, and making them was a tenth of a warm board's render. The
    subset is a pure function of the face and the glyph list, so a remembered one is the
    bytes making it again would give; the oldest is forgotten past SUBSETS_KEPT."""
    make = face.makeSubset
    kept: dict[tuple[int, ...], bytes] = {}

    def remembered(subset: list[int]) -> bytes:
        key = tuple(subset)
        out = kept.get(key)
        if out is None:
            out = make(subset)
            if len(kept) >= SUBSETS_KEPT:
                del kept[next(iter(kept))]
            kept[key] = out
        return out

    face.makeSubset = remembered


class Document:
    """A canvas plus the bookkeeping every printable shares (metadata, forms, page count).

    Pages are written out as they are finished (printkit.pdfstream): to `sink`, a binary file
    the caller opened (a staged output file: memory stays flat however many pages), or to
    memory, handed back by :meth:`finish`. `shared_xobjects`: every page's resources name
    the forms through one dictionary (StreamingPDFDocument.share_xobjects), for documents of
    many pages placing the same forms (play books); `flate_level`: the zlib level of page
    content streams (StreamingPDFDocument.compress_pages), reportlab's 6 when None."""

    def __init__(self, pagesize: tuple[float, float], title: str, subject: str,
                 keywords: str = "", sink: BinaryIO | None = None,
                 shared_xobjects: bool = False, flate_level: int | None = None) -> None:
        register_fonts()
        self.buffer: io.BytesIO | None = None
        if sink is None:
            sink = self.buffer = io.BytesIO()
        self.pagesize = pagesize
        self.canvas = Canvas(io.BytesIO(), pagesize=pagesize, invariant=1, pageCompression=1,
                             initialFontName="DejaVuSans")
        self._pdf = stream_canvas(self.canvas, sink)
        if shared_xobjects:             # pages name their forms through one dictionary
            self._pdf.share_xobjects()
        if flate_level is not None:     # page streams at this zlib level, not reportlab's 6
            self._pdf.compress_pages(flate_level)
        c = self.canvas
        c.setTitle(title)
        c.setSubject(subject)
        c.setCreator(CREATOR)
        c.setAuthor("printkit")
        c.setProducer(CREATOR)
        if keywords:
            c.setKeywords(keywords)
        c.setViewerPreference("PrintScaling", "None")
        self._forms: set[str] = set()
        self._xobjects: dict[str, str] = {}
        self._texts: Texts | None = None
        self.pages = 0
        # what a drawing has to tell its caller beside the pages (a bubble log's `--from`
        # notes of record parts the sheets leave off): sheets' draw() return nothing
        self.notes: list[str] = []
        self._start = (len(self._pdf.idToObject), len(self._pdf.fontMapping))

    @classmethod
    def for_sheet(cls, pagesize: tuple[float, float], printable: Any, opts: Any) -> Document:
        """The document of one registered printable: metadata names the sheet and the teams."""
        return cls(pagesize, title=f"{printable.title} ({opts.paper})",
                   subject=f"{opts.home} v {opts.away}: {printable.title}",
                   keywords=f"printkit {printable.game} {printable.sheet}")

    @property
    def width(self) -> float:
        return self.pagesize[0]

    @property
    def height(self) -> float:
        return self.pagesize[1]

    def form(self, name: str, width: float, height: float,
             draw: Callable[[Canvas], None]) -> str:
        """Define artwork once per document as a form XObject (drawn at origin 0,0)."""
        if name not in self._forms:
            c = self.canvas
            c.beginForm(name, lowerx=0, lowery=0, upperx=width, uppery=height)
            draw(c)
            c.endForm()
            self._forms.add(name)
        return name

    @property
    def texts(self) -> Texts:
        """The page's batched text (printkit.draw.texts): strings added here are set when the
        page is finished, one text object per font, size and colour for the whole page, on
        top of what the page drew."""
        if self._texts is None:
            self._texts = Texts()
        return self._texts

    def flush_texts(self) -> None:
        """Set the batched text now (show_page does; so must anything that ends a page some
        other way, such as a form standing for a page)."""
        if self._texts is not None and self._texts.pending:
            self._texts.draw(self.canvas)

    def place(self, name: str, x: float, y: float, scale: float = 1.0) -> None:
        """Draw a form at (x, y): `q 1 0 0 1 x y cm /Name Do Q`, written directly (the
        operators saveState, translate, doForm and restoreState would write, without their
        bookkeeping: a book places forms thousands of times)."""
        c = self.canvas
        xobject = self._xobjects.get(name)
        if xobject is None:
            xobject = self._xobjects[name] = f"/{c._doc.getXObjectName(name)} Do"
        c._code.extend(("q", f"{fp_str(scale, 0, 0, scale, x, y)} cm", xobject, "Q"))
        c._formsinuse.append(name)

    def check_bar(self, x: float, y: float, length: float, label: str, font: str,
                  size: float) -> None:
        """A scale check bar (printkit.draw.shapes.check_bar) as a form: the same bar on many
        pages, or on many printables of one document, is one XObject."""
        from printkit.draw.shapes import check_bar

        key = hashlib.sha256(f"{length:.4f}|{label}|{font}|{size:.3f}".encode()).hexdigest()
        below = size * 0.5                      # room for the end ticks and descenders
        width = length + 4 + self.canvas.stringWidth(label, font, size) + 1
        name = self.form(f"checkbar{key[:12]}", width, 3 * size + below,
                         lambda c: check_bar(c, 0, below, length, label, font, size=size))
        self.place(name, x, y - below)

    def fresh(self) -> bool:
        """Nothing drawn yet (no page, no stroke, no form, no font used beyond the canvas's
        first): the state a snapshot of this kind of document starts from."""
        return (self.pages == 0 and not self._in_form() and not self.canvas._code
                and not self._forms
                and not self._xobjects and (self._texts is None or not self._texts.pending)
                and (len(self._pdf.idToObject), len(self._pdf.fontMapping)) == self._start)

    def drawn_first(self, draw: Callable[[], None]) -> None:
        """Call `draw` now, its operators put before everything the page has so far (kept
        apart in q/Q): a title drawn over art resumed from a snapshot still opens the page,
        and reads first in its text (what a reader or a test takes for the page's title)."""
        code = self.canvas._code
        n = len(code)
        draw()
        code[:] = ["q", *code[n:], "Q", *code[:n]]

    def _in_form(self) -> bool:
        """Is the canvas drawing a form (a class pack capturing a printable's page), not a
        page?"""
        return self.canvas._formData is not None or bool(self.canvas._codeStack)

    def snapshot(self) -> Snapshot:
        """A copy of what is drawn so far (printkit.pdfsnapshot), to :meth:`resume` other
        fresh documents of the same kind and page size from."""
        snap = copy_state(Snapshot(self.canvas, self._forms, self._xobjects, self._texts))
        snap.canvas._doc._sink = None          # the output stays this document's
        return snap

    def resume(self, snap: Snapshot) -> None:
        """Continue from a copy of `snap` as if its drawing had been done here: this
        document keeps its own output and metadata. Only a :meth:`fresh` document resumes."""
        if not self.fresh():
            raise ValueError("resume: the document has drawing of its own")
        mine = self._pdf
        out = copy_state(snap)
        pdf = out.canvas._doc
        pdf._sink, pdf.info = mine._sink, mine.info
        self.canvas, self._pdf = out.canvas, pdf
        self._forms, self._xobjects, self._texts = out.forms, out.xobjects, out.texts

    def flate_page(self, level: int) -> None:
        """Compress the page being drawn (only it) at zlib `level`
        (StreamingPDFDocument.compress_next_page): a page that is one long stream drawn
        afresh each time (the PostCard board's 50 KB) saves half its compression time at 3
        for about a tenth more bytes; what the page shows is the same. A page being
        captured as a form (a class pack) is no page: nothing changes."""
        if not self._in_form():
            self._pdf.compress_next_page(level)

    def page_size(self, size: tuple[float, float]) -> None:
        """Set the size of the page about to be drawn (printables in one document differ)."""
        self.pagesize = size
        self.canvas.setPageSize(size)

    def show_page(self) -> None:
        """Finish the page and write it out at once (printkit.pdfstream): its content stream
        is compressed as reportlab would at save, and only its offset stays in memory."""
        self.flush_texts()
        self.canvas.showPage()
        self.pages += 1
        self._pdf.flush_page()

    def finish(self) -> bytes:
        """Close the document (a page still being drawn is shown first) and return its bytes;
        a document given a sink has written them there and returns b""."""
        if self.canvas._code or (self._texts is not None and self._texts.pending):
            self.show_page()
        self.canvas.save()
        return self.buffer.getvalue() if self.buffer is not None else b""


def probe(paper: str) -> Document:
    """A document drawn only to measure what a printable draws (its pages, a page's rows),
    then thrown away."""
    from printkit.papers import page_size

    return Document(page_size(paper), title="probe", subject="probe")
