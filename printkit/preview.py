"""PNG previews of PDF pages (pypdfium2: no system tools needed)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

from printkit.output import write_atomic


def rasterise(pdf: bytes | Path, dpi: int = 150):
    """PIL images of every page."""
    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        return [page.render(scale=dpi / 72).to_pil() for page in doc]
    finally:
        doc.close()


def png_paths(pdf_path: Path, pages: int) -> list[Path]:
    if pages == 1:
        return [pdf_path.with_suffix(".png")]
    return [pdf_path.with_name(f"{pdf_path.stem}-p{i}.png") for i in range(1, pages + 1)]


def write_previews(pdf_bytes: bytes, pdf_path: Path, force: bool, dpi: int = 150) -> list[Path]:
    import io

    images = rasterise(pdf_bytes, dpi)
    written = []
    for image, path in zip(images, png_paths(pdf_path, len(images)), strict=True):
        buf = io.BytesIO()
        image.save(buf, format="PNG", optimize=False)
        written.append(write_atomic(path, buf.getvalue(), force))
    return written
