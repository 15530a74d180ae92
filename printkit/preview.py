"""PNG previews of PDF pages (pypdfium2: no system tools needed), one page at a time."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.output import FileSet

if TYPE_CHECKING:
    from PIL.Image import Image

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


def png_bytes(image: Image, dpi: int = DPI) -> bytes:
    """The image as PNG carrying its resolution, so it prints at the PDF's size."""
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, dpi=(dpi, dpi))
    return buf.getvalue()


def write_pdf(out: Path, pdf: bytes, png: bool, force: bool, dpi: int = DPI) -> list[Path]:
    """The PDF and (with `png`) a preview per page, written as one set: all or nothing."""
    with FileSet(force) as files:
        files.add(out, pdf)
        if png:
            paths = png_paths(out, page_count(pdf))
            for path in paths:
                files.check(path)
            for image, path in zip(rasterise(pdf, dpi), paths, strict=True):
                files.add(path, png_bytes(image, dpi))
    return [out, *(paths if png else [])]
