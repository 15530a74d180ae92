"""Checking a printed play book from a PDF, a scan or a photo: the library under `printkit
scan FILE` (and anything else that checks books, a web page included).

The book's QR is read and the book re-derived from its seed: a hand-edited book cannot keep
both its seed and its checksum right, so a copy whose QR does not re-derive is a MISMATCH
and must not be trusted. For a PDF the printed draws are also read back from the pages and
compared, so a PDF edited with its QR left intact is caught. `check_book` says what it
checked as lines to print and an exit code (0 match, 1 mismatch); a file that cannot be
read, holds no QR or a foreign one is a UserError (exit 2).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import UserError
from printkit.omr.files import BLANK_RUN, Opened, qr_texts
from printkit.pages import Page, kind
from printkit.text import printable

if TYPE_CHECKING:
    from printkit_engine.playbook import Verdict


@dataclass
class BookCheck:
    """What checking a book says: the lines to print, and the exit code."""

    lines: list[str] = field(default_factory=list)
    code: int = 0


def find_payload(opened: Opened) -> str:
    """The first play-book QR payload in the file: its first page's codes as already read,
    then each further page's (UserError naming the file if none). A book carries its code on
    every page: after BLANK_RUN pages without one the file is read no further."""
    from printkit_engine.draws import SCHEME

    path = opened.path
    other = None
    for page, codes in _codes(opened):
        ours = [t for t in codes if t.startswith(SCHEME + ";")]
        if ours:     # a whole book's code before a single slip's (a page shows both)
            return min(ours, key=lambda t: ";stream=" in t)
        other = other or next(iter(codes), None)
        if BLANK_RUN <= page.number < page.count:
            if other is None:
                raise UserError(f"{printable(str(path))}: no QR code on pages 1-{page.number} "
                                f"of {page.count:,}: not read further (a play book has its "
                                "code on every page)")
            break
    if other is not None:
        raise UserError(f"{printable(str(path))}: the QR code found is not a printkit play "
                        f"book ({printable(other, 40)!r})")
    raise UserError(f"{printable(str(path))}: no QR code found")


def _codes(opened: Opened) -> Iterator[tuple[Page, list[str]]]:
    """Each page with the QR codes of its whole picture: the first page's as read when the
    file was opened, the others' read now (a play book has no corner markers to look for)."""
    if opened.first is not None:
        page, codes = opened.first
        yield page, codes.codes or ([codes.sheet] if codes.sheet else [])
    for page in opened.rest:
        yield page, qr_texts(page.gray)


def printed_draws(path: Path, verdict: Verdict) -> tuple[bool, str]:
    """For a PDF, read the printed draws back: a PDF edited with its QR intact fails."""
    from printkit.books.readback import compare
    from printkit_engine.playbook import lazy

    try:        # the seed's draws made stream by stream as the pages are read (issue 28)
        result = compare(path, lazy(verdict.payload.spec))
    except Exception as exc:   # pdfium's own errors on a damaged file
        raise UserError(f"{printable(str(path))}: cannot read the PDF's pages "
                        f"({type(exc).__name__})") from None
    if not result.checked:
        return True, "not checked (none found in the shipped layout's type sizes)"
    if result.first_difference is None:
        return True, f"checked: all {result.count} read back from the pages as re-derived"
    want, found = result.first_difference
    return False, (f"MISMATCH: the pages print {printable(found)} at {want.where} where the "
                   f"seed gives {want.token}")


def check_book(opened: Opened) -> BookCheck:
    """The file's play-book QR re-derived (and a PDF's printed draws read back)."""
    from printkit_engine.playbook import BookError, verify_payload

    path = opened.path
    payload = find_payload(opened)
    try:
        verdict = verify_payload(payload)
    except BookError as exc:
        raise UserError(f"{printable(str(path))}: unreadable play-book code: {exc}") from None
    out = BookCheck(_header(verdict))
    if not verdict.match:
        out.lines += [f"QR payload re-derived: MISMATCH ({'; '.join(_reasons(verdict))})",
                      "verdict: MISMATCH \u2014 this book was altered; do not trust it"]
        out.code = 1
        return out
    out.lines.append("QR payload re-derived: MATCH")
    if verdict.payload.stream is not None:
        out.lines += [f"stream: {verdict.payload.stream} (one slip of the book)",
                      f"verdict: SLIP MATCH: this is {verdict.payload.stream} of the book the "
                      "seed makes"]
    elif kind(path) != "pdf":
        out.lines += ["printed draws: not checked (a photo or scan: only its QR code is read; "
                      "compare the page with a fresh print of the same seed)",
                      "verdict: QR MATCH, printed draws not checked"]
    else:
        ok, said = printed_draws(path, verdict)
        out.lines.append(f"printed draws: {said}")
        out.lines.append("verdict: MATCH: the QR and the printed draws are what the seed makes"
                         if ok else "verdict: MISMATCH \u2014 this PDF was edited; do not "
                         "trust it")
        out.code = 0 if ok else 1
    return out


def _header(verdict: Verdict) -> list[str]:
    """The game, seed, counts and check code the book's QR carries."""
    spec = verdict.payload.spec
    counts = f"{spec.count_name} {spec.plays}"
    if spec.players is not None:
        counts += f", players {spec.players}"
    if verdict.payload.stream is not None:
        counts = f"stream {verdict.payload.stream}" + (
            f", players {spec.players}" if spec.players is not None else "")
    return [f"game: {spec.game}", f"seed: {printable(spec.seed)}",
            f"count: {counts}, {verdict.payload.draws} draws",
            f"check: {verdict.payload.check}"]


def _reasons(verdict: Verdict) -> list[str]:
    """Why a QR does not re-derive: its draw count, its checksum, or both."""
    reasons = []
    if verdict.payload.draws != verdict.expected_draws:
        reasons.append(f"draw count {verdict.payload.draws}, re-derived "
                       f"{verdict.expected_draws}")
    if verdict.payload.check != verdict.expected_check:
        reasons.append(f"checksum {verdict.payload.check}, re-derived "
                       f"{verdict.expected_check}")
    return reasons
