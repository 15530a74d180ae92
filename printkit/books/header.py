"""The header on every play-book page: game, seed, scheme, page x of y, how to use the book
without peeking, and the QR code that lets anyone re-derive and check the whole book."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from printkit.draw.qr import draw_qr
from printkit.draw.text import fit_line
from printkit.layout import Layout, LayoutError
from printkit.pdfdoc import Document
from printkit.units import MM

MIN_QR = 20 * MM
BODY_GAP = 3 * MM   # between the header rule and the first block


@dataclass(frozen=True)
class HeaderInfo:
    title: str        # "PostCard Football — play book"
    seed: str
    scheme: str
    summary: str      # "50 plays · 6 d6 per side per play · 600 draws"
    check: str
    payload: str
    howto: str


def fit_text(c: Canvas, text: str, font: str, size: float, width: float) -> str:
    """Shorten `text` with an ellipsis until it fits (long seeds must not run into the QR)."""
    return fit_line(text, font, size, width, floor=size)[0]


def _fixed(c: Canvas, layout: Layout, info: HeaderInfo, tag: str, widest_page: str,
           page_w: float, page_h: float) -> None:
    """Everything of the header but the page number: the same on every page of one tag."""
    margin = layout.length("page.margin")
    height = layout.length("header.height")
    qr = max(layout.length("header.qr_size"), MIN_QR)
    top = page_h - margin
    right = page_w - margin
    ink, muted = layout.colour("header.ink"), layout.colour("header.muted")
    font, bold = layout.font("header.text_font"), layout.font("header.bold_font")
    size, small = layout.length("header.text_size"), layout.length("header.small_size")
    draw_qr(c, info.payload, right - qr, top - qr, qr, layout.text("header.qr_level"))
    text_w = page_w - 2 * margin - qr - 4 * MM

    c.saveState()
    c.setFillColor(ink)
    tsize = layout.length("header.title_size")
    y = top - tsize
    right_w = c.stringWidth(widest_page, bold, size) + 4 * MM
    if tag:
        tsz = layout.length("header.tag_size")
        c.setFillColor(layout.colour(f"header.{tag.lower()}_colour"))
        c.setFont(bold, tsz)
        c.drawRightString(margin + text_w - right_w, y, tag)
        right_w += c.stringWidth(tag, bold, tsz) + 4 * MM
        c.setFillColor(ink)
    title_font = layout.font("header.title_font")
    room = text_w - right_w
    while tsize > 9 and c.stringWidth(info.title, title_font, tsize) > room:
        tsize -= 0.5     # shrink a long title before cutting it
    c.setFont(title_font, tsize)
    c.drawString(margin, y, fit_text(c, info.title, title_font, tsize, room))

    y -= size * 1.6
    c.setFont(font, size)
    scheme = f"scheme {info.scheme} \u00b7 check {info.check}"
    room = text_w - c.stringWidth(scheme, font, size) - 3 * MM      # a long seed stops short
    line = fit_text(c, f"seed: {info.seed}", bold, size, min(text_w * 0.6, room))
    c.setFont(bold, size)
    c.drawString(margin, y, line)
    c.setFont(font, size)
    c.drawRightString(margin + text_w, y, scheme)
    y -= size * 1.35
    c.drawString(margin, y, info.summary)

    c.setFillColor(muted)
    c.setFont(font, small)
    y -= small * 1.6
    for ln in simpleSplit(info.howto, font, small, text_w)[:4]:
        c.drawString(margin, y, ln)
        y -= small * 1.25
    c.restoreState()

    bottom = top - height
    c.saveState()
    c.setStrokeColor(layout.colour("header.rule"))
    c.setLineWidth(0.8)
    c.line(margin, bottom, right, bottom)
    c.restoreState()


def check_header_layout(layout: Layout) -> None:
    level = layout.text("header.qr_level")
    if level not in ("M", "Q", "H"):
        files = " / ".join(str(src.path) for src in layout.sources)
        raise LayoutError(f"{files}: key 'header.qr_level': use M, Q or H (error correction M "
                          f"or better), not {level!r}")


def draw_header(doc: Document, layout: Layout, info: HeaderInfo, tag: str, page: int,
                pages: int) -> float:
    """Draw the header (its fixed part is one form per tag for the whole book); returns the
    y where the body starts."""
    check_header_layout(layout)
    page_w, page_h = doc.width, doc.height
    widest = f"page {pages} of {pages}"
    # one form per book and tag: a class pack draws every match's book into one document,
    # and a form named by the tag alone put the first book's seed, check and code on all
    name = doc.form(f"header{tag or 'all'}-{info.check}", page_w, page_h,
                    lambda c: _fixed(c, layout, info, tag, widest, page_w, page_h))
    doc.place(name, 0, 0)
    margin = layout.length("page.margin")
    qr = max(layout.length("header.qr_size"), MIN_QR)
    text_w = page_w - 2 * margin - qr - 4 * MM
    top = page_h - margin
    doc.texts.add(layout.font("header.bold_font"), layout.length("header.text_size"),
                  layout.colour("header.ink"), margin + text_w,
                  top - layout.length("header.title_size"), f"page {page} of {pages}", "right")
    return top - layout.length("header.height") - BODY_GAP
