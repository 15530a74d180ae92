"""The QR code of a bubble sheet: which game, paper and layout, which sheet of the log, and the
record's tags (seed, teams, match), so a scan alone rebuilds the record's head.

`PKBL1;postcard;letter;3fa09c21;2;Seed=demo&Home=Comets&Away=Foxes`: scheme, game, paper, the
geometry key (a hash of every bubble position; a sheet drawn with another layout is refused
rather than misread), the sheet number, then the tags URL-encoded. Pure string work.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode

SCHEME = "PKBL1"
MAX_PAYLOAD = 600            # characters: a QR of 19 mm stays readable at 150 dpi


class PayloadError(ValueError):
    pass


@dataclass(frozen=True)
class SheetId:
    game: str
    paper: str
    key: str
    sheet: int
    tags: tuple[tuple[str, str], ...] = ()

    def text(self) -> str:
        text = ";".join((SCHEME, self.game, self.paper, self.key, str(self.sheet),
                         urlencode(self.tags)))
        if len(text) > MAX_PAYLOAD:
            raise PayloadError(f"the record's tags are too long for the sheet's QR code "
                               f"({len(text)} characters, at most {MAX_PAYLOAD})")
        return text


def is_sheet(text: str) -> bool:
    return text.startswith(SCHEME + ";")


def parse(text: str) -> SheetId:
    parts = text.split(";", 5)
    if len(parts) != 6 or parts[0] != SCHEME:
        raise PayloadError("not a printkit bubble-sheet code")
    _, game, paper, key, sheet, tags = parts
    if not sheet.isdigit() or not 1 <= int(sheet) <= 999:
        raise PayloadError(f"bad sheet number {sheet[:8]!r}")
    try:
        pairs = tuple(parse_qsl(tags, keep_blank_values=True, strict_parsing=bool(tags),
                                max_num_fields=20))
    except ValueError:
        raise PayloadError("damaged tags in the bubble-sheet code") from None
    return SheetId(game, paper, key, int(sheet), pairs)
