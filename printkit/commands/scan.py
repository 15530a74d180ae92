"""`printkit scan FILE`: read a play book's QR from a PDF, a scan or a photo, re-derive the
book from its seed and say whether the printed book is the one its seed makes.

A hand-edited book cannot keep both its seed and its checksum right, so a copy whose QR does
not re-derive is reported as MISMATCH and must not be trusted. Exit 0 match, 1 mismatch, 2
unreadable (no QR, not a play-book QR, not an image or PDF). For a PDF the printed draws are
also read back from the pages and compared, so a PDF edited with its QR left intact is caught.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from printkit.errors import UserError
from printkit.text import one_line, printable

PDF_DPI = 200            # enough for a 20 mm QR of ~41 modules (>= 3 px per module)


def _decode(image) -> list[str]:
    import zxingcpp

    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    return [r.text for r in found if r.valid]


MAX_PAGE_SIDE = 30 * 72          # points: a page up to 30 in (76 cm) a side is read
MAX_PAGES = 20_000               # more than any play book printkit makes
MAX_PIXELS = 80_000_000          # an image (a 12 000 x 6 600 photo at most)


def _kind(path: Path) -> str:
    """"pdf" or "image" from the file's first bytes; a non-regular file is refused."""
    return "pdf" if _head(path)[:5] == b"%PDF-" else "image"


def _head(path: Path) -> bytes:
    try:
        with open(path, "rb", opener=lambda p, f: os.open(p, f | os.O_NONBLOCK)) as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise UserError(f"{printable(str(path))}: cannot read: not a regular file")
            return fh.read(8)
    except IsADirectoryError:
        raise UserError(f"{printable(str(path))}: cannot read: is a directory") from None
    except OSError as exc:
        raise UserError(f"{printable(str(path))}: cannot read ({exc.strerror})") from None


def _pdf_pages(path: Path) -> Iterator:
    """Each page rasterised in turn (one in memory at a time); oversized pages and files with
    absurd page counts are refused before anything is drawn."""
    import pypdfium2 as pdfium

    name = printable(str(path))
    try:
        doc = pdfium.PdfDocument(str(path))
    except Exception as exc:   # pypdfium2 raises its own PdfiumError on broken files
        raise UserError(f"{name}: cannot read PDF ({one_line(str(exc), 80)})") from None
    try:
        if len(doc) > MAX_PAGES:
            raise UserError(f"{name}: {len(doc)} pages; printkit reads at most {MAX_PAGES}")
        for index in range(len(doc)):
            try:
                page = doc[index]
            except pdfium.PdfiumError as exc:
                raise UserError(f"{name}: cannot read page {index + 1} "
                                f"({one_line(str(exc), 80)})") from None
            try:
                w, h = page.get_size()
                if max(w, h) > MAX_PAGE_SIDE or min(w, h) <= 0:
                    raise UserError(f"{name}: page {index + 1} is {w / 72:.1f} x {h / 72:.1f} "
                                    f"in; printkit reads pages up to {MAX_PAGE_SIDE // 72} in")
                try:
                    image = page.render(scale=PDF_DPI / 72, grayscale=True).to_pil()
                except pdfium.PdfiumError as exc:
                    raise UserError(f"{name}: cannot draw page {index + 1} "
                                    f"({one_line(str(exc), 80)})") from None
            finally:
                page.close()
            yield image
    finally:
        doc.close()


def _image(path: Path):
    import warnings

    from PIL import Image, ImageOps, UnidentifiedImageError

    name = printable(str(path))
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                if im.width * im.height > MAX_PIXELS:
                    raise UserError(f"{name}: image of {im.width} x {im.height} pixels; "
                                    f"printkit reads up to {MAX_PIXELS // 1_000_000} megapixels")
                return ImageOps.exif_transpose(im).convert("L")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise UserError(f"{name}: image too large (over {MAX_PIXELS // 1_000_000} "
                        "megapixels)") from None
    except UnidentifiedImageError:
        raise UserError(f"{name}: not a PDF, PNG or JPEG file") from None
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        raise UserError(f"{name}: damaged image ({one_line(str(exc), 80)})") from None


def _images(path: Path) -> Iterator:
    """Pages of a PDF (rasterised) or the one image, as PIL images, lazily."""
    if _kind(path) == "pdf":
        yield from _pdf_pages(path)
    else:
        yield _image(path)


images = _images      # printkit.omr reads bubble sheets from the same pages


def find_payload(path: Path) -> str:
    """The first play-book QR payload in the file (UserError naming the file if none)."""
    from engine.draws import SCHEME

    other = None
    for image in _images(path):
        texts = _decode(image)
        ours = [t for t in texts if t.startswith(SCHEME + ";")]
        if ours:     # a whole book's code before a single slip's (a page shows both)
            return min(ours, key=lambda t: ";stream=" in t)
        other = other or next(iter(texts), None)
    if other is not None:
        raise UserError(f"{path}: the QR code found is not a printkit play book "
                        f"({printable(other, 40)!r})")
    raise UserError(f"{path}: no QR code found")


def _printed_draws(path: Path, verdict) -> tuple[bool, str]:
    """For a PDF, read the printed draws back: a PDF edited with its QR intact fails."""
    from engine.playbook import build
    from printkit.books.readback import compare

    try:
        result = compare(path, build(verdict.payload.spec))
    except Exception as exc:   # pdfminer's own errors on a damaged file
        raise UserError(f"{printable(str(path))}: cannot read the PDF's pages "
                        f"({type(exc).__name__})") from None
    if not result.checked:
        return True, "not checked (none found in the shipped layout's type sizes)"
    if result.first_difference is None:
        return True, f"checked: all {result.count} read back from the pages as re-derived"
    want, found = result.first_difference
    return False, (f"MISMATCH: the pages print {printable(found)} at {want.where} where the "
                   f"seed gives {want.token}")


def _first_code(path: Path) -> str | None:
    """The first QR payload of the file's first page (None: no code found there)."""
    for image in _images(path):
        found = _decode(image)
        return found[0] if found else None
    return None


def _is_bubble_sheet(path: Path) -> bool:
    """A bubble sheet: its code says so, or (a code too small or blurred to read in the whole
    picture) its corner markers lead to one."""
    from printkit.omr import pages, sheet_id_of
    from printkit.omr.payload import is_sheet

    code = _first_code(path)
    if code is not None:
        return is_sheet(code)

    for gray in pages(path):
        return sheet_id_of(gray) is not None
    return False


def scan(
    files: Annotated[list[Path], typer.Argument(
        help="A play-book PDF, or a PNG/JPEG scan or photo of a page; or bubble-log sheets "
             "(photos, scans, PDFs: all the sheets of a match).")],
    out: Annotated[Path | None, typer.Option(help="Bubble sheets: the record to write "
                                                  "(default: the first file's name, .rec).")]
    = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the record and crops.")]
    = False,
    rules: Annotated[Path | None, typer.Option(help="Bubble sheets: rules TOML the record is "
                                                    "verified with.")] = None,
) -> None:
    """Check a printed play book (decode its QR, re-derive its draws), or read filled bubble
    sheets into a record and verify it."""
    if len(files) > 1 or _is_bubble_sheet(files[0]):
        from printkit.omr.scan import scan_sheets

        sys.exit(scan_sheets(files, out, force, rules))
    if out is not None or rules is not None:
        raise UserError("--out and --rules are for bubble sheets; a play book is only checked")
    file = files[0]
    from engine.playbook import BookError, verify_payload

    payload = find_payload(file)
    try:
        verdict = verify_payload(payload)
    except BookError as exc:
        raise UserError(f"{file}: unreadable play-book code: {exc}") from None
    spec = verdict.payload.spec
    counts = f"{spec.count_name} {spec.plays}"
    if spec.players is not None:
        counts += f", players {spec.players}"
    if verdict.payload.stream is not None:
        counts = f"stream {verdict.payload.stream}" + (
            f", players {spec.players}" if spec.players is not None else "")
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
    if verdict.payload.stream is not None:
        typer.echo(f"stream: {verdict.payload.stream} (one slip of the book)")
        typer.echo(f"verdict: SLIP MATCH: this is {verdict.payload.stream} of the book the "
                   "seed makes")
        return
    if _kind(file) != "pdf":
        typer.echo("printed draws: not checked (a photo or scan: only its QR code is read; "
                   "compare the page with a fresh print of the same seed)")
        typer.echo("verdict: QR MATCH, printed draws not checked")
        return
    ok, said = _printed_draws(file, verdict)
    typer.echo(f"printed draws: {said}")
    if not ok:
        typer.echo("verdict: MISMATCH \u2014 this PDF was edited; do not trust it")
        sys.exit(1)
    typer.echo("verdict: MATCH: the QR and the printed draws are what the seed makes")


def register(app: typer.Typer) -> None:
    app.command("scan")(scan)
