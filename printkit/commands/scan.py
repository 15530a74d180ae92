"""`printkit scan FILE`: read a play book's QR from a PDF, a scan or a photo, re-derive the
book from its seed and say whether the printed book is the one its seed makes.

A hand-edited book cannot keep both its seed and its checksum right, so a copy whose QR does
not re-derive is reported as MISMATCH and must not be trusted. Exit 0 match, 1 mismatch, 2
unreadable (no QR, not a play-book QR, not an image or PDF). For a PDF the printed draws are
also read back from the pages and compared, so a PDF edited with its QR left intact is caught.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from engine.playbook import BookError, verify_payload
from printkit.errors import UserError
from printkit.text import printable

PDF_DPI = 200            # enough for a 20 mm QR of ~41 modules (>= 3 px per module)
IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg"}


def _decode(image) -> list[str]:
    import zxingcpp

    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return [r.text for r in found if r.valid]


def _images(path: Path):
    """Pages of a PDF (rasterised) or the one image, as PIL images, lazily."""
    data = _read(path)
    if data[:5] == b"%PDF-":
        from printkit.preview import rasterise

        try:
            yield from rasterise(data, PDF_DPI)
        except Exception as exc:   # pypdfium2 raises its own PdfiumError on broken files
            raise UserError(f"{path}: cannot read PDF ({exc})") from None
        return
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        with Image.open(path) as im:
            image = ImageOps.exif_transpose(im).convert("L")
    except (UnidentifiedImageError, OSError):
        raise UserError(f"{path}: not a PDF, PNG or JPEG file") from None
    yield image


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise UserError(f"{path}: cannot read ({exc.strerror})") from None


def find_payload(path: Path) -> str:
    """The first play-book QR payload in the file (UserError naming the file if none)."""
    from engine.draws import SCHEME

    other = None
    for image in _images(path):
        for text in _decode(image):
            if text.startswith(SCHEME + ";"):
                return text
            other = other or text
    if other is not None:
        raise UserError(f"{path}: the QR code found is not a printkit play book "
                        f"({printable(other, 40)!r})")
    raise UserError(f"{path}: no QR code found")


def _printed_draws(data: bytes, verdict) -> tuple[bool, str]:
    """For a PDF, read the printed draws back: a PDF edited with its QR intact fails."""
    from engine.playbook import build
    from printkit.books.readback import compare

    result = compare(data, build(verdict.payload.spec))
    if not result.checked:
        return True, "not checked (none found in the shipped layout's type sizes)"
    if result.first_difference is None:
        return True, f"checked: all {result.count} read back from the pages as re-derived"
    want, found = result.first_difference
    return False, (f"MISMATCH: the pages print {printable(found)} at {want.where} where the "
                   f"seed gives {want.token}")


def scan(
    file: Annotated[Path, typer.Argument(help="A play-book PDF, or a PNG/JPEG scan or photo of "
                                              "a page.")],
) -> None:
    """Check a printed play book: decode its QR and re-derive its draws."""
    payload = find_payload(file)
    try:
        verdict = verify_payload(payload)
    except BookError as exc:
        raise UserError(f"{file}: unreadable play-book code: {exc}") from None
    spec = verdict.payload.spec
    counts = f"{spec.count_name} {spec.plays}"
    if spec.players is not None:
        counts += f", players {spec.players}"
    typer.echo(f"game: {spec.game}")
    typer.echo(f"seed: {printable(spec.seed)}")
    typer.echo(f"count: {counts}, {verdict.payload.draws} draws")
    typer.echo(f"check: {verdict.payload.check}")
    if not verdict.match:
        reasons = []
        if verdict.payload.draws != verdict.expected_draws:
            reasons.append(f"draw count {verdict.payload.draws}, re-derived "
                           f"{verdict.expected_draws}")
        if verdict.payload.check != verdict.expected_check:
            reasons.append(f"checksum {verdict.payload.check}, re-derived "
                           f"{verdict.expected_check}")
        typer.echo(f"QR payload re-derived: MISMATCH ({'; '.join(reasons)})")
        typer.echo("verdict: MISMATCH \u2014 this book was altered; do not trust it")
        sys.exit(1)
    typer.echo("QR payload re-derived: MATCH")
    data = _read(file)
    if data[:5] != b"%PDF-":
        typer.echo("printed draws: not checked (a photo or scan: only its QR code is read; "
                   "compare the page with a fresh print of the same seed)")
        typer.echo("verdict: QR MATCH, printed draws not checked")
        return
    ok, said = _printed_draws(data, verdict)
    typer.echo(f"printed draws: {said}")
    if not ok:
        typer.echo("verdict: MISMATCH \u2014 this PDF was edited; do not trust it")
        sys.exit(1)
    typer.echo("verdict: MATCH: the QR and the printed draws are what the seed makes")


def register(app: typer.Typer) -> None:
    app.command("scan")(scan)
