"""The pages of a scan, a photo or a PDF, as greyscale images, in bounded memory.

`printkit scan`, `verify` and `audit` read play-book QR codes and bubble sheets from what a
user hands in: any PNG or JPEG, any PDF. Whatever the file, reading it stays under a few
hundred MB and ends with one clear line when it cannot be read:

- an image is decoded at most `WORK_PIXELS` (a JPEG downscaled while decoding, by libjpeg's
  own scaling, and in grey: never the full-size colour picture); an image format that cannot
  be decoded smaller is refused when its full decode would take more than `DECODE_BYTES`;
- a PDF page is drawn at `PDF_DPI`, or less so it stays within `WORK_PIXELS`, and a page
  whose streams and decoded images come to more than `PAGE_BYTES` is refused before PDFium
  opens it (it reads a page's streams and decodes its images whole: a 30000 x 30000 image
  took 1.1 GB);
- an image too small or too thin to hold a QR code is refused (OpenCV and the QR decoder
  assert on a 1-pixel side instead).

Pages come one at a time (`pages`), so a long PDF never holds more than one in memory.
numpy, PIL and PDFium are imported only when a file is read.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.errors import UserError
from printkit.text import one_line, printable

if TYPE_CHECKING:
    import numpy as np
    import pikepdf
    import pypdfium2 as pdfium
    from PIL import Image

PDF_DPI = 200                    # enough for a 20 mm QR of ~41 modules (>= 3 px per module)
MAX_PAGE_SIDE = 30 * 72          # points: a page up to 30 in (76 cm) a side is read
MAX_PAGES = 20_000               # more than any play book printkit makes
MAX_PIXELS = 80_000_000          # an image (a 12 000 x 6 600 photo at most)
MAX_SIDE = 30_000                # pixels, an image's longer side
MIN_SIDE = 21                    # pixels: a QR code has 21 modules a side at the least
WORK_PIXELS = 16_000_000         # a page is read at most this size (a 12-MP photo in full)
DECODE_BYTES = 128_000_000       # what decoding an image whole may take (a format that
                                 # cannot be decoded smaller: PNG, a progressive JPEG)
PAGE_BYTES = 32_000_000          # what one PDF page's streams and decoded images may come to
                                 # (a Letter page scanned at 300 dpi in colour: 25 MB)


@dataclass(frozen=True)
class Page:
    """One page of a file: its number (1-based), how many the file has, its grey pixels."""

    number: int
    count: int
    gray: np.ndarray


def kind(path: Path) -> str:
    """"pdf" or "image" from the file's first bytes; a non-regular file is refused (a FIFO
    is never waited on)."""
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


def pages(path: Path) -> Iterator[Page]:
    """The file's pages in order: each page of a PDF drawn in turn, or the one image."""
    if kind(path) == "pdf":
        yield from _pdf_pages(path)
    else:
        yield Page(1, 1, image(path))
        give_back()


def give_back() -> None:
    """Return the memory a page's reading freed to the system before the next page is drawn.
    OpenCV's worker threads allocate in their own malloc arenas, which keep what is freed:
    without this each page drew on top of the last one's leftovers (a page of a 32 MB
    image: 305 MB at the second reading, 262 with it). glibc only; elsewhere nothing."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    import ctypes
    import ctypes.util

    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):
        return None


# -- images -----------------------------------------------------------------------------------

def _bytes_per_pixel(mode: str) -> int:
    """What Pillow keeps a pixel of `mode` in: 1 byte for grey and palette, 2 for 16-bit
    grey, 4 for everything else (colour is stored as 4 bytes, not 3)."""
    if mode in ("1", "L", "P"):
        return 1
    return 2 if mode.startswith("I;16") else 4


def _too_small(name: str, w: int, h: int) -> UserError:
    return UserError(f"{name}: image of {w} x {h} pixels: too small to read (a QR code needs "
                     f"at least {MIN_SIDE} pixels a side)")


def image(path: Path) -> np.ndarray:
    """The image as grey pixels, at most WORK_PIXELS (a larger picture is scaled down, a
    JPEG while it is decoded); UserError naming the file when it cannot be read."""
    import warnings

    from PIL import Image, UnidentifiedImageError

    name = printable(str(path))
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                _check_size(im, name)
                return _decode(im, name)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise UserError(f"{name}: image too large (over {MAX_PIXELS // 1_000_000} "
                        "megapixels)") from None
    except UnidentifiedImageError:
        raise UserError(f"{name}: not a PDF, PNG or JPEG file") from None
    except (OSError, SyntaxError, ValueError, EOFError) as exc:
        raise UserError(f"{name}: damaged image ({one_line(str(exc), 80)})") from None


def _check_size(im: Image.Image, name: str) -> None:
    """Refuse, from the header alone, an image too large or too small to read."""
    w, h = im.size
    if w * h > MAX_PIXELS:
        raise UserError(f"{name}: image of {w} x {h} pixels; printkit reads up to "
                        f"{MAX_PIXELS // 1_000_000} megapixels")
    if max(w, h) > MAX_SIDE:
        raise UserError(f"{name}: image of {w} x {h} pixels; printkit reads images up to "
                        f"{MAX_SIDE:,} pixels a side")
    if min(w, h) < MIN_SIDE:
        raise _too_small(name, w, h)


def _decode(im: Image.Image, name: str) -> np.ndarray:
    """An opened image (header read, no pixels yet) decoded grey and at most WORK_PIXELS.
    The turn its EXIF orientation asks for is made last, on the small grey copy."""
    import numpy as np
    from PIL import ImageOps

    w, h = im.size
    cost = _decode_cost(im)
    if cost > DECODE_BYTES:
        raise UserError(f"{name}: {im.format or 'image'} of {w} x {h} pixels "
                        f"({_what(im)}): decoding it takes {cost // 1_000_000} MB, printkit "
                        f"decodes up to {DECODE_BYTES // 1_000_000} MB; save it as a plain "
                        "JPEG or scale it down")
    im.load()
    grey = im if im.mode == "L" else im.convert("L")
    factor = _shrink(*grey.size)
    if factor > 1:
        grey = grey.reduce(factor)
    grey = ImageOps.exif_transpose(grey)
    if min(grey.size) < MIN_SIDE:
        raise _too_small(name, w, h)
    return np.asarray(grey)


def _decode_cost(im: Image.Image) -> int:
    """Bytes decoding `im` takes. A JPEG is first set to decode grey and scaled down by
    libjpeg (`draft`) as far as WORK_PIXELS allows; but a progressive JPEG keeps every
    coefficient of the whole picture (2 bytes each, per colour component) whatever the scale
    it is decoded at. Any other format is decoded whole, in Pillow's own pixel size."""
    w, h = im.size
    if im.format != "JPEG":
        return w * h * _bytes_per_pixel(im.mode)
    components = len(im.getbands())
    factor = _shrink(w, h)
    im.draft("L", (max(1, w // factor), max(1, h // factor)))
    if _progressive(im):
        return w * h * 2 * components
    return im.size[0] * im.size[1] * _bytes_per_pixel(im.mode)


def _progressive(im: Image.Image) -> bool:
    return bool(im.info.get("progressive") or im.info.get("progression"))


def _what(im: Image.Image) -> str:
    if im.format == "JPEG" and _progressive(im):
        return "progressive"
    return "colour" if len(im.getbands()) > 1 else f"mode {im.mode}"


def _shrink(w: int, h: int) -> int:
    """The whole factor that brings w x h within WORK_PIXELS (1: it is within)."""
    k = 1
    while (w // k) * (h // k) > WORK_PIXELS:
        k += 1
    return k


# -- PDF pages --------------------------------------------------------------------------------

def _pdf_pages(path: Path) -> Iterator[Page]:
    """Each page drawn in turn (one in memory at a time); an oversized page, a page whose
    images and streams come to more than PAGE_BYTES, and a file of absurdly many pages are
    refused before anything is drawn."""
    import pikepdf
    import pypdfium2 as pdfium

    name = printable(str(path))
    try:
        doc = pdfium.PdfDocument(str(path))
    except Exception as exc:   # pypdfium2 raises its own PdfiumError on broken files
        raise UserError(f"{name}: cannot read PDF ({one_line(str(exc), 80)})") from None
    try:
        count = len(doc)
        if count > MAX_PAGES:
            raise UserError(f"{name}: {count} pages; printkit reads at most {MAX_PAGES}")
        with _structure(path, name) as pdf:
            for index in range(count):
                _check_page(pdf.pages[index] if index < len(pdf.pages) else None, name,
                            index + 1)
                yield Page(index + 1, count, _draw(doc, index, name))
                give_back()
    except pikepdf.PdfError as exc:
        raise UserError(f"{name}: cannot read PDF ({one_line(str(exc), 80)})") from None
    finally:
        doc.close()


def _structure(path: Path, name: str):
    """The PDF's objects, read by qpdf without their stream data (each page's are sized
    before PDFium loads them: PDFium reads every stream of a page whole when it opens it)."""
    import logging

    import pikepdf

    logging.getLogger("pikepdf").setLevel(logging.ERROR)     # qpdf's repairs: not the user's
    try:
        return pikepdf.open(path)
    except (pikepdf.PdfError, pikepdf.PasswordError) as exc:
        raise UserError(f"{name}: cannot read PDF ({one_line(str(exc), 80)})") from None


def _draw(doc: pdfium.PdfDocument, index: int, name: str) -> np.ndarray:
    """Page `index` as grey pixels (PDF_DPI, or less for a large page)."""
    import numpy as np
    import pypdfium2 as pdfium

    number = index + 1
    try:
        page = doc[index]
    except pdfium.PdfiumError as exc:
        raise UserError(f"{name}: cannot read page {number} ({one_line(str(exc), 80)})") \
            from None
    try:
        w, h = page.get_size()
        if max(w, h) > MAX_PAGE_SIDE or min(w, h) <= 0:
            raise UserError(f"{name}: page {number} is {w / 72:.1f} x {h / 72:.1f} in; "
                            f"printkit reads pages up to {MAX_PAGE_SIDE // 72} in")
        scale = min(PDF_DPI / 72, (WORK_PIXELS / (w * h)) ** 0.5)
        if min(w, h) * scale < MIN_SIDE:
            raise UserError(f"{name}: page {number} is {w:.1f} x {h:.1f} points: too small "
                            "to read")
        try:
            bitmap = page.render(scale=scale, grayscale=True)
        except pdfium.PdfiumError as exc:
            raise UserError(f"{name}: cannot draw page {number} "
                            f"({one_line(str(exc), 80)})") from None
        try:
            if bitmap.n_channels == 1:
                return np.array(bitmap.to_numpy(), dtype=np.uint8)   # a copy: the bitmap goes
            return np.asarray(bitmap.to_pil().convert("L"))
        finally:
            bitmap.close()
    finally:
        page.close()


# keys that lead from a page to other pages or the document, not to what the page draws
_ELSEWHERE = frozenset(("/Parent", "/P", "/Dest", "/A", "/AA", "/Popup", "/IRT", "/Next",
                        "/Prev", "/First", "/Last", "/Kids", "/B", "/Thumb", "/Metadata",
                        "/StructParents", "/PieceInfo"))
MAX_OBJECTS = 50_000            # objects one page may reach (a page of a scan: a handful)


def _check_page(page: pikepdf.Page | None, name: str, number: int) -> None:
    """Refuse a page whose streams (contents, images, forms, fonts, annotations' looks) come
    to more than PAGE_BYTES, an image counted at its decoded size: PDFium reads each stream
    whole and decodes each image whole, whatever size the page is drawn at (a 875 KB file
    holding a 30000 x 30000 image took 1.1 GB)."""
    if page is None:
        return
    total, biggest = _page_bytes(page.obj, name, number)
    if total > PAGE_BYTES:
        what = (f"an image of {biggest[0]} x {biggest[1]} pixels" if biggest
                else f"{total // 1_000_000} MB of content")
        raise UserError(f"{name}: page {number} holds {what}; printkit reads pages whose "
                        f"images and content come to at most {PAGE_BYTES // 1_000_000} MB "
                        "(a page scanned at 300 dpi in colour is about 25)")


def _page_bytes(start: pikepdf.Object, name: str,
                number: int) -> tuple[int, tuple[int, int] | None]:
    """(bytes the page's reachable streams come to, the largest image's size in pixels)."""
    import pikepdf

    containers = (pikepdf.Dictionary, pikepdf.Array, pikepdf.Stream)
    seen: set[tuple[int, int]] = set()
    stack = [start]
    total, biggest, visited = 0, None, 0
    while stack:
        obj = stack.pop()
        visited += 1
        if visited > MAX_OBJECTS:
            raise UserError(f"{name}: page {number} is made of over {MAX_OBJECTS:,} objects; "
                            "too complex to read")
        if obj.is_indirect:
            if obj.objgen in seen:
                continue
            seen.add(obj.objgen)
        if isinstance(obj, pikepdf.Stream):
            size, pixels = _stream_bytes(obj)
            total += size
            if pixels and (biggest is None or pixels[0] * pixels[1] > biggest[0] * biggest[1]):
                biggest = pixels
        if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            stack += [v for k, v in obj.items() if k not in _ELSEWHERE
                      and isinstance(v, containers)]
        elif isinstance(obj, pikepdf.Array):
            stack += [v for v in obj
                      if isinstance(v, containers)]
    return total, biggest


def _stream_bytes(stream: pikepdf.Stream) -> tuple[int, tuple[int, int] | None]:
    """A stream's bytes in memory (its data as stored; an image's, decoded), and an image's
    size in pixels."""
    stored = _number(stream.get("/Length"))
    if stream.get("/Subtype") != "/Image":
        return stored, None
    w, h = _number(stream.get("/Width")), _number(stream.get("/Height"))
    bits = max(_number(stream.get("/BitsPerComponent"), 8), 8)
    components = 1 if stream.get("/ImageMask") else _components(stream.get("/ColorSpace"))
    return max(stored, w * h * components * bits // 8), (w, h)


def _number(value: Any, default: int = 0) -> int:
    """A PDF number as a non-negative int (anything else: `default`)."""
    try:
        return max(0, int(value))
    except (TypeError, ValueError, OverflowError):
        return default


def _components(space: object) -> int:
    """Colour components of an image's colour space (4 when it cannot be told: the most)."""
    import pikepdf

    if isinstance(space, pikepdf.Array) and len(space):
        if space[0] == "/ICCBased" and len(space) > 1 and isinstance(space[1], pikepdf.Stream):
            return min(max(_number(space[1].get("/N"), 4), 1), 4)
        space = space[0]
    name = "/JPX" if space is None else str(space)     # none: JPEG 2000's own, up to 4
    return {"/DeviceGray": 1, "/CalGray": 1, "/Indexed": 1, "/Separation": 1,
            "/DeviceRGB": 3, "/CalRGB": 3, "/Lab": 3}.get(name, 4)
