"""printkit.onpage reads a drawn PDF back: words reaching the 0.25 in band at the edge."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from printkit.onpage import Stray, strays
from printkit.pdfdoc import register_fonts


def _pdf(*draws) -> bytes:
    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(612, 792), invariant=1)
    for draw in draws:
        c.setFont("DejaVuSans", 10)
        draw(c)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_words_inside_the_safe_area_are_not_strays():
    pdf = _pdf(lambda c: c.drawString(18.5, 400, "inside at the left"),
               lambda c: c.drawRightString(612 - 18.5, 400, "inside at the right"))
    assert strays(pdf) == []


def test_a_word_over_an_edge_is_named_whole_with_its_page_and_side():
    def rotated(c: Canvas) -> None:
        c.translate(300, 30)
        c.rotate(90)
        c.drawCentredString(0, 0, "down over the bottom")   # ~50 pt each side of y=30

    pdf = _pdf(lambda c: c.drawString(10, 400, "left edge"),
               lambda c: c.drawString(500, 400, "inside spill-over-the-right-edge"),
               rotated)
    assert strays(pdf) == [Stray(1, "left", "left"),
                           Stray(2, "spill-over-the-right-edge", "right"),
                           Stray(3, "down", "bottom"), Stray(3, "over", "bottom")]
    assert str(strays(pdf)[1]) == ("'spill-over-the-right-edge' on page 2 runs off the right "
                                   "of the page")


def test_the_count_of_strays_is_capped():
    pdf = _pdf(*[lambda c: c.drawString(2, 400, "a b c d e f")] * 3)
    assert len(strays(pdf, limit=4)) == 4


def test_text_a_clip_path_hides_is_not_a_stray():
    """A field split over pages is one drawing clipped to each page's window: its words past
    the window have boxes over the edge but print nothing there."""
    def clipped(c: Canvas) -> None:
        p = c.beginPath()
        p.rect(100, 100, 400, 400)
        c.clipPath(p, stroke=0, fill=0)
        c.drawString(5, 300, "hidden by the clip")
        c.drawString(480, 300, "spilling out")          # clipped at x=500: still inside

    assert strays(_pdf(clipped)) == []
