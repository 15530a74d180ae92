"""Every glyph on the page: a drawn PDF read back, each character's box against the page's
safe area (the house style's 0.25 in margin, which home printers cannot print into).

A sheet draws from data a person hands in (team names, layout values, rules values); a value
inside its documented range can still push text off the page. Reading the PDF back with
pdfium sees every glyph however it got there (rotated, inside a form, on a card), so one check
guards every printable; the sheet's own fitting (printkit.draw.text.fit_line) keeps names in.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.errors import UserError

if TYPE_CHECKING:
    from printkit.layout import Layout
    from printkit_engine.datafile import DataFile

SAFE = 18.0          # 0.25 in: nothing printed nearer the edge (STYLE: house margin)
TOLERANCE = 0.75     # a glyph's box may overhang its advance by a hair (italic, accents)


@dataclass(frozen=True)
class Stray:
    """A run of characters (a word) on `page` (1-based) reaching outside the safe area."""

    page: int
    text: str
    side: str            # left, right, bottom, top

    def __str__(self) -> str:
        return f"{self.text!r} on page {self.page} runs off the {self.side} of the page"


def strays(pdf: bytes, limit: int = 5) -> list[Stray]:
    """Up to `limit` words of `pdf` drawn outside the page's safe area (none: all inside)."""
    import pypdfium2 as pdfium

    found: list[Stray] = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(doc)):
            page = doc[index]
            found += _page_strays(page, index + 1, limit - len(found))
            if len(found) >= limit:
                break
    finally:
        doc.close()
    return found


def _page_strays(page: Any, number: int, limit: int) -> list[Stray]:
    """The words of one page holding a glyph outside the safe area (each word whole)."""
    width, height = page.get_size()
    text = page.get_textpage()
    if not any(_off(text.get_rect(i), width, height) for i in range(text.count_rects())):
        return []          # every run of text inside: no glyph need be looked at alone
    chars = [text.get_text_range(k, 1) for k in range(text.count_chars())]
    inked = _Ink(page, width, height)
    out: list[Stray] = []
    k = 0
    while k < len(chars) and len(out) < limit:
        box = text.get_charbox(k)
        side = "" if chars[k].isspace() else _off(box, width, height)
        if side and not inked.beyond(box):
            side = ""          # clipped away (a field split over pages): nothing printed there
        if not side:
            k += 1
            continue
        start, end = k, k
        while start > 0 and not chars[start - 1].isspace():
            start -= 1
        while end < len(chars) and not chars[end].isspace():
            end += 1
        out.append(Stray(number, "".join(chars[start:end]), side))
        k = end
    return out


class _Ink:
    """The page rendered once, when first asked (72 dpi, grey): is anything printed in the
    part of a glyph's box that lies outside the safe area? A glyph a clip path hides has a
    box but no ink."""

    def __init__(self, page: Any, width: float, height: float) -> None:
        self.page, self.width, self.height = page, width, height
        self._grey: Any = None

    def beyond(self, box: tuple[float, float, float, float]) -> bool:
        if self._grey is None:
            self._grey = self.page.render(scale=1, grayscale=True).to_numpy()
            if self._grey.ndim == 3:
                self._grey = self._grey.min(axis=2)
        import numpy as np

        rows, cols = self._grey.shape[:2]
        left, bottom, right, top = box
        x0 = max(0, int(left))                 # clamped: a box wholly past an edge is empty
        x1 = max(x0, min(cols, int(right) + 1))
        y0 = max(0, int(self.height - top))
        y1 = max(y0, min(rows, int(self.height - bottom) + 1))
        xs, ys = np.arange(x0, x1), np.arange(y0, y1)        # pixel = point at 72 dpi
        band = ((ys < SAFE) | (ys > self.height - SAFE))[:, None] | \
            ((xs < SAFE) | (xs > self.width - SAFE))[None, :]
        return bool(((self._grey[y0:y1, x0:x1] < 200) & band).any())


def _off(box: tuple[float, float, float, float], width: float, height: float) -> str:
    left, bottom, right, top = box
    if right <= left and top <= bottom:          # a glyph with no ink (a space)
        return ""
    for side, beyond in (("left", SAFE - left), ("right", right - (width - SAFE)),
                         ("bottom", SAFE - bottom), ("top", top - (height - SAFE))):
        if beyond > TOLERANCE:
            return side
    return ""


def check(pdf: bytes, layout: Layout, what: str, rules_file: Path | None = None) -> None:
    """Refuse a drawn printable with a glyph outside the page's safe area, naming the cause:
    a value of the user's layout file (on its line: sizes first, then texts, then the rest),
    else their rules file; with neither, the shipped sheet itself is wrong: a bug."""
    found = strays(pdf, limit=1)
    if not found:
        return
    where = f"{what}: {found[0]}"
    keys = sorted(_leaves(layout.sources[1:]), key=_telling)
    if keys:
        raise layout.blame([".".join(k) for k in keys],
                           f"{where} with this value (a smaller size or a shorter text "
                           f"draws it inside)")
    if rules_file is not None:
        raise UserError(f"{rules_file}: {where} with these rules values")
    raise AssertionError(f"{where} (the shipped layout)")


def _leaves(docs: list[DataFile]) -> list[tuple[str, ...]]:
    """Every key a user's layout file sets (tables walked to their values)."""
    out: list[tuple[str, ...]] = []

    def walk(node: Any, key: tuple[str, ...]) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, (*key, str(k)))
        elif key:
            out.append(key)

    for doc in docs:
        walk(doc.data, ())
    return out


def _telling(key: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """Sizes first (a bigger type is the usual overflow), then texts, then the rest."""
    name = key[-1]
    rank = 0 if name.endswith("size") else 1 if name in ("title", "text") else 2
    return rank, key
