"""Reading the bubble sheets in files: each page decoded once, its QR read once, its bubbles
read once.

`scan`, `verify` and `audit` all come through here. A page's codes are read by `page_codes`
(the corner markers first: the sheet's top strip, set upright from them, is where a small or
blurred code reads; then the whole picture, whose other codes a play book's scan wants), and
the scan command hands the page it looked at first back in (`Opened`), so no page is decoded
or searched for codes twice. A sheet whose code was met already (the same sheet in two photos
or twice in one PDF) is not read again: it is listed under both names, and the sheet-gap rule
(`printkit.omr.gaps`) says it is there twice.

What the reader has to say of a file that is no error (two sheets in one picture, pages
past a long run of pages without a sheet) is a note on the `FileSheets` it returns.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import UserError
from printkit.pages import Page, pages
from printkit.text import printable

if TYPE_CHECKING:
    import numpy as np

    from printkit.omr.payload import SheetId
    from printkit.omr.read import Markers, SheetRead

BLANK_RUN = 10          # pages in a row without a code: a file is not read further (a scan
                        # of sheets has a code on every sheet; a 10,000-page blank PDF once
                        # took 400 s to say it has none)


@dataclass
class PageCodes:
    """What the codes of one page say: its corner markers, the bubble-sheet payload (None:
    no sheet), and every QR code read in the whole picture (empty when the sheet's code was
    read from its top strip: the whole picture was then not searched)."""

    markers: Markers
    sheet: str | None
    codes: list[str] = field(default_factory=list)


def qr_texts(image: np.ndarray) -> list[str]:
    """The text of every QR code zxing-cpp reads in `image`, in its order."""
    import zxingcpp

    # zxingcpp's stub asks for BarcodeFormats; its binding converts one BarcodeFormat itself
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)  # type: ignore[arg-type]
    return [r.text for r in found if r.valid]


def page_codes(gray: np.ndarray) -> PageCodes:
    """The codes of a page: the corner markers come first (the sheet's top strip, set upright
    and enlarged from them, is where its code reads: small, fast, and a tilted or blurred
    code reads there); then the whole picture. When the quick marker pass finds no marker at
    all, the whole picture's codes are read first: a page coded as no bubble sheet is (a play
    book's) is then not searched patiently for markers it does not have (seconds a page)."""
    import cv2

    from printkit.omr.payload import is_sheet
    from printkit.omr.read import Markers, detect, header_strip, quick_pass

    quick = quick_pass(gray)
    if not quick.found:
        codes = qr_texts(gray)
        if codes and not any(is_sheet(t) for t in codes):
            return PageCodes(Markers(), None, codes)
    markers = detect(gray, quick)
    strip = header_strip(gray, markers)
    if strip is not None:
        sharpened = cv2.addWeighted(strip, 2.0, cv2.GaussianBlur(strip, (0, 0), 3), -1.0, 0)
        binary = cv2.adaptiveThreshold(sharpened, 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                                       cv2.THRESH_BINARY, 31, 5)
        for image in (strip, sharpened, binary):
            if sheet := next((t for t in qr_texts(image) if is_sheet(t)), None):
                return PageCodes(markers, sheet)
    codes = qr_texts(gray)
    return PageCodes(markers, next((t for t in codes if is_sheet(t)), None), codes)


def sheet_id_of(gray: np.ndarray, found: dict | None = None) -> str | None:
    """The bubble-sheet QR payload in an image, or None; `found` takes the markers detected,
    for the reader to reuse."""
    codes = page_codes(gray)
    if found is not None:
        found.update(codes.markers)
    return codes.sheet


@dataclass
class Opened:
    """A file being read: its first page decoded and its codes read (None: no page), the
    rest of its pages still to come. `scan` looks at the first page to tell a play book from
    a bubble sheet, then hands this on, so that page is not decoded again."""

    path: Path
    first: tuple[Page, PageCodes] | None
    rest: Iterator[Page]

    def coded(self) -> Iterator[tuple[Page, PageCodes]]:
        """Every page with its codes, the first as already read."""
        if self.first is not None:
            yield self.first
        for page in self.rest:
            yield page, page_codes(page.gray)


def open_file(path: Path) -> Opened:
    """The file with its first page read (UserError naming it when it cannot be)."""
    rest = pages(path)
    first = next(rest, None)
    return Opened(path, None if first is None else (first, page_codes(first.gray)), rest)


# -- one sheet ------------------------------------------------------------------------------

def sheet_of(payload: str, name: str) -> SheetId:
    """The sheet a bubble-sheet code names, checked against the games and papers there are
    (UserError naming the file)."""
    from printkit.omr.payload import PayloadError, parse
    from printkit_engine import registry

    try:
        sheet = parse(payload)
    except PayloadError as exc:
        raise UserError(f"{name}: {exc}") from None
    if sheet.game not in registry.GAMES or registry.get(sheet.game).bubbles is None:
        raise UserError(f"{name}: bubble sheet of an unknown game {printable(sheet.game, 20)!r}")
    if sheet.paper not in ("letter", "a4"):
        raise UserError(f"{name}: bubble sheet of an unknown paper {printable(sheet.paper, 20)!r}")
    return sheet


def read_sheet(gray: np.ndarray, sheet: SheetId, name: str,
               found: dict | None = None) -> SheetRead:
    """One sheet image whose code names `sheet`, read (UserError naming the file)."""
    from printkit.omr.read import SheetReadError, read_page
    from printkit.omr.sheet import sheet_grammar

    grammar, geo = sheet_grammar(sheet.game, sheet.tags, sheet.paper, sheet.key)
    if geo.key != sheet.key:
        raise UserError(f"{name}: this sheet was drawn with another layout or rules (code "
                        f"{printable(sheet.key, 10)}, the shipped layout is {geo.key}); print "
                        "sheets with the shipped layout to read them")
    try:
        return read_page(gray, sheet, grammar, geo, found=found or None)
    except SheetReadError as exc:
        raise UserError(f"{name}: {exc}") from None


def read_sheet_image(gray: np.ndarray, payload: str, name: str,
                     found: dict | None = None) -> SheetRead:
    """One sheet image with its QR payload, read (UserError naming the file on failure)."""
    return read_sheet(gray, sheet_of(payload, name), name, found)


# -- a file's sheets ------------------------------------------------------------------------

class FileSheets(list):
    """The sheets read from files, each `(name, SheetRead)` (`FILE`, or `FILE page N` in a
    PDF); `notes`: what the reader says of the files, one line each, naming the file."""

    notes: list[str]

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        self.notes = []


@dataclass
class Seen:
    """The sheets met so far in one reading (one command's files): a sheet's code met again
    is not read again."""

    reads: dict[SheetId, tuple[str, SheetRead]] = field(default_factory=dict)


def read_bubble_file(path: Path, opened: Opened | None = None,
                     seen: Seen | None = None) -> FileSheets:
    """Every bubble sheet in a file (the pages of a PDF, or one image), each with the name it
    is reported by (`FILE` or `FILE page N`); UserError when the file holds none. A sheet
    already in `seen` (another file, or an earlier page) is listed again with the read it
    had, not read again. After BLANK_RUN pages in a row without a sheet's code the file is
    read no further: an error when no sheet came before, else a note."""
    name = printable(str(path))
    pdf = path.suffix.lower() == ".pdf"
    seen = seen if seen is not None else Seen()
    out = FileSheets()
    blank: list[int] = []
    for page, codes in (opened or open_file(path)).coded():
        if codes.sheet is None:
            blank.append(page.number)
            if len(blank) >= BLANK_RUN and page.number < page.count:
                _stop(out, name, blank, page.count)
                break
            continue
        blank = []
        where = f"{name} page {page.number}" if pdf else name
        out.append(_read_once(page.gray, codes, where, seen))
        if codes.markers.sheets > 1:
            out.notes.append(f"{where}: {codes.markers.sheets} bubble sheets in one picture: "
                             f"only sheet {out[-1][1].sheet.sheet} is read (photograph each "
                             "sheet on its own)")
    if not out:
        raise UserError(f"{name}: no bubble-sheet code found")
    return out


def _read_once(gray: np.ndarray, codes: PageCodes, where: str,
               seen: Seen) -> tuple[str, SheetRead]:
    """(where, the sheet's read): read now, or the read its code had when met before."""
    assert codes.sheet is not None
    sheet = sheet_of(codes.sheet, where)
    if sheet not in seen.reads:
        seen.reads[sheet] = (where, read_sheet(gray, sheet, where, codes.markers))
    return where, seen.reads[sheet][1]


def _stop(out: FileSheets, name: str, blank: list[int], count: int) -> None:
    """The file read no further after a run of pages without a sheet: said, or an error when
    no sheet came before it."""
    rest = count - blank[-1]
    span = f"pages {blank[0]}-{blank[-1]} of {count:,}"
    if not out:
        raise UserError(f"{name}: no bubble-sheet code on {span}: not read further (a scan of "
                        "bubble sheets has a code on every sheet)")
    out.notes.append(f"{name}: no bubble-sheet code on {span}: the {rest:,} page"
                     f"{'s' if rest != 1 else ''} after them not read")


def twice(sheets: list[tuple[str, SheetRead]]) -> dict[str, str]:
    """Each name whose sheet was met before under another name -> that first name."""
    first: dict[int, str] = {}
    out = {}
    for name, read in sheets:
        if id(read) in first:
            out[name] = first[id(read)]
        else:
            first[id(read)] = name
    return out


# -- the codes alone (grouping files into runs) ---------------------------------------------

def sheet_ids(path: Path) -> list[SheetId]:
    """The bubble-sheet codes in a file, read from the QR codes alone (no bubble is judged):
    [] for a file with no sheet code, or one that cannot be opened (the file is then read on
    its own, and any error reported there). Stops where `read_bubble_file` does. A file
    asked about again unchanged (its size and modification time) is not read again: an
    audit groups the sheets by their codes, and the teacher's page then says what each file
    was read as, in the same process."""
    try:
        st = path.stat()
    except OSError:
        return []
    return list(_sheet_ids(str(path.resolve()), st.st_size, st.st_mtime_ns))


@lru_cache(maxsize=4096)
def _sheet_ids(path: str, size: int, mtime_ns: int) -> tuple[SheetId, ...]:
    """`sheet_ids` of the file at `path` as it is now (size and time are the cache's key)."""
    return tuple(_read_sheet_ids(Path(path)))


def _read_sheet_ids(path: Path) -> list[SheetId]:
    from printkit.omr.payload import PayloadError, parse

    out = []
    blank = 0
    try:
        for _, codes in open_file(path).coded():
            if codes.sheet is None:
                blank += 1
                if blank >= BLANK_RUN:
                    break
                continue
            blank = 0
            out.append(parse(codes.sheet))
    except (UserError, PayloadError):
        return []
    except Exception:   # noqa: BLE001 - any damaged file: read on its own, reported there
        return []
    return out
