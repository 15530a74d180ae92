"""PNG previews of PDF pages (pypdfium2: no system tools needed), one page at a time."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from printkit.output import write_atomic

DPI = 150


def rasterise(pdf: bytes | Path, dpi: int = DPI) -> Iterator:
    """PIL images of the pages, one at a time (a long book never sits in memory whole)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        for index in range(len(doc)):
            page = doc[index]
            try:
                yield page.render(scale=dpi / 72).to_pil()
            finally:
                page.close()
    finally:
        doc.close()


def page_count(pdf: bytes) -> int:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        return len(doc)
    finally:
        doc.close()


def png_paths(pdf_path: Path, pages: int) -> list[Path]:
    """NAME.png for one page; NAME-p01.png.. zero-padded to the page count, so they sort."""
    if pages == 1:
        return [pdf_path.with_suffix(".png")]
    width = max(2, len(str(pages)))
    return [pdf_path.with_name(f"{pdf_path.stem}-p{i:0{width}d}.png")
            for i in range(1, pages + 1)]


def png_bytes(image, dpi: int = DPI) -> bytes:
    """The image as PNG carrying its resolution, so it prints at the PDF's size."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, dpi=(dpi, dpi))
    return buf.getvalue()


def write_previews(pdf_bytes: bytes, pdf_path: Path, force: bool, dpi: int = DPI) -> list[Path]:
    paths = png_paths(pdf_path, page_count(pdf_bytes))
    return [write_atomic(path, png_bytes(image, dpi), force)
            for image, path in zip(rasterise(pdf_bytes, dpi), paths, strict=True)]
