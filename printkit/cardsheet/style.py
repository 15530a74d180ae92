"""What a card sheet reads from its layout's [sheet] and [card] tables, and from the options.

Every card printable's layout has the same two tables (docs/layouts.md, "Card sheets"):
[card] is the card's trimmed size, [sheet] the page furniture (margins, crop marks, caption).
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import Color

from printkit.cardsheet.geometry import CardSize
from printkit.errors import UserError
from printkit.layout import Layout
from printkit.onpage import SAFE
from printkit.units import MM

MAX_OFFSET_MM = 20.0
MIN_MARK = 0.5 * MM    # the shortest crop mark the layout may leave room for


@dataclass(frozen=True)
class SheetStyle:
    margin: float          # least room between the cards (bleed included) and the paper edge
    gutter: float          # between neighbouring cards' bleed edges (0: cards touch)
    bleed: float           # how far artwork runs past the trim with --bleed
    mark_gap: float        # crop marks start this far outside the outermost bleed edge
    mark_length: float
    mark_line: float
    mark_colour: Color
    font: str
    bold_font: str
    caption_size: float
    ink: Color
    muted: Color

    @classmethod
    def from_layout(cls, layout: Layout) -> SheetStyle:
        """The [sheet] table; a margin too narrow for a crop mark outside the 0.25 in safe
        band is refused, naming the key (the marks would be cut short or lost)."""
        s = "sheet."
        margin, gap = layout.length(s + "margin"), layout.length(s + "mark_gap")
        if margin < SAFE + gap + MIN_MARK - 1e-6:
            raise UserError(f"layout sheet.margin: {margin / MM:.3g} mm leaves no room for crop "
                            f"marks outside the 0.25 in edge band (at least "
                            f"{(SAFE + gap + MIN_MARK) / MM:.3g} mm with sheet.mark_gap "
                            f"{gap / MM:g} mm)")
        return cls(layout.length(s + "margin"), layout.length(s + "gutter"),
                   layout.length(s + "bleed"), layout.length(s + "mark_gap"),
                   layout.length(s + "mark_length"), layout.length(s + "mark_line"),
                   layout.colour(s + "mark_colour"), layout.font(s + "font"),
                   layout.font(s + "bold_font"), layout.length(s + "caption_size"),
                   layout.colour(s + "ink"), layout.colour(s + "muted"))


def card_size(layout: Layout, name: str = "") -> CardSize:
    """The card's trimmed size from the layout's [card] table."""
    return CardSize(layout.length("card.width"), layout.length("card.height"), name)


@dataclass(frozen=True)
class SheetOptions:
    """The card-sheet options of `printkit render` (RenderOptions.extra), checked."""

    paper: str = "letter"
    bleed: bool = False
    per_page: int | None = None
    back_offset: tuple[float, float] = (0.0, 0.0)   # points, on the back page
    ink_saver: bool = False
    calibration: bool = False
    backs: bool = True

    @classmethod
    def from_render(cls, opts: object) -> SheetOptions:
        """From printkit.sheets.RenderOptions: paper, ink_saver and the `extra` card keys
        ("bleed", "per_page", "back_offset" as text "X,Y" in mm, "calibration", "backs")."""
        extra = getattr(opts, "extra", {}) or {}
        offset = extra.get("back_offset")
        per_page = extra.get("per_page")
        return cls(paper=getattr(opts, "paper", "letter"), bleed=bool(extra.get("bleed")),
                   per_page=int(per_page) if per_page is not None else None,
                   back_offset=parse_offset(offset) if isinstance(offset, str) else
                   tuple(v * MM for v in offset) if offset else (0.0, 0.0),
                   ink_saver=bool(getattr(opts, "ink_saver", False)),
                   calibration=bool(extra.get("calibration")),
                   backs=bool(extra.get("backs", True)))


def parse_offset(text: str) -> tuple[float, float]:
    """`--back-offset X,Y` (millimetres, e.g. "0.5,-1") in points; a one-line error else."""
    parts = text.replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p) for p in parts)
    except ValueError:
        raise UserError(f"--back-offset: expected X,Y in mm such as 0.5,-1, "
                        f"found {text!r}") from None
    if max(abs(x), abs(y)) > MAX_OFFSET_MM:
        raise UserError(f"--back-offset: expected X and Y from -{MAX_OFFSET_MM:g} to "
                        f"{MAX_OFFSET_MM:g} mm, found {text!r}")
    return x * MM, y * MM
