"""printkit.pdfruns: a run of pages of a PDF printkit wrote, opened by qpdf without the other
pages (the classroom pack's match copies, issue 28)."""

from __future__ import annotations

import io

import pikepdf

from printkit.pdfdoc import Document
from printkit.pdfruns import index, open_run

LETTER = (612.0, 792.0)


def _pack(pages: int) -> io.BytesIO:
    """A document as a pack is written (streamed, one form shared by every page), each page
    with its number in words and a line at a height of its own."""
    out = io.BytesIO()
    doc = Document(LETTER, title="runs", subject="test", sink=out, shared_xobjects=True)
    for n in range(pages):
        name = doc.form("frame", 100, 50, lambda c: c.rect(0, 0, 100, 50))
        doc.place(name, 72, 72)
        doc.canvas.drawString(72, 700, f"page number {n + 1}")
        doc.canvas.line(72, 100 + 10 * n, 300, 100 + 10 * n)
        doc.show_page()
    doc.finish()
    return out


def test_a_run_opens_as_its_own_pages_in_order():
    pack = _pack(6)
    ix = index(pack)
    assert ix is not None and len(ix.pages) == 6
    with open_run(pack, ix, 2, 3) as run:
        assert len(run.pages) == 3
        assert run.get_warnings() == []
        lines = [p.Contents.read_bytes() for p in run.pages]
    # pages 3, 4 and 5 of the pack: their lines at 120, 130 and 140 pt
    assert [b"72 120 m 300 120 l S" in c for c in lines] == [True, False, False]
    assert [b"72 130 m 300 130 l S" in c for c in lines] == [False, True, False]
    assert [b"72 140 m 300 140 l S" in c for c in lines] == [False, False, True]


def test_a_run_lists_none_of_the_other_pages_objects():
    pack = _pack(6)
    whole = pikepdf.open(io.BytesIO(pack.getvalue()))
    ix = index(pack)
    with open_run(pack, ix, 0, 2) as run:
        # 4 pages left out, each a page and its content stream
        assert len(whole.objects) - len(run.objects) == 8
        assert run.Root.Pages.Count == 2


def test_a_copy_from_a_run_is_the_same_bytes_as_from_the_whole_file():
    pack = _pack(5)

    def copy(pages) -> bytes:
        with pikepdf.new() as one:
            one.pages.extend(pages)
            out = io.BytesIO()
            one.save(out, deterministic_id=True, compress_streams=False,
                     stream_decode_level=pikepdf.StreamDecodeLevel.none)
            return out.getvalue()

    with pikepdf.open(io.BytesIO(pack.getvalue())) as whole:
        expected = copy(whole.pages[1:4])
    with open_run(pack, index(pack), 1, 3) as run:
        assert copy(run.pages[0:3]) == expected


def test_a_file_printkit_did_not_write_is_opened_whole():
    other = pikepdf.new()
    for _ in range(3):
        other.add_blank_page()
    data = io.BytesIO()
    other.save(data, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    assert index(data) is None
    with open_run(data, None, 1, 1) as pdf:
        assert len(pdf.pages) == 3
