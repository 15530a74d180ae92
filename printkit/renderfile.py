"""One printable rendered and written to a PDF file (and PNG previews): what `printkit
render` does after reading its options, and what `make demo` does for every printable. Kept
out of printkit/commands so library code (the demo, a web page) never imports a command."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import UserError

if TYPE_CHECKING:
    from printkit.sheets import RenderOptions


# Card-sheet options (printkit/cardsheet) as RenderOptions.extra keys, and their flags.
CARD_OPTIONS = {"bleed": "--bleed", "per_page": "--per-page", "back_offset": "--back-offset",
                "calibration": "--calibration"}


def default_out(game: str, sheet: str, paper: str) -> Path:
    """`output/GAME-SHEET-PAPER.pdf`: where a printable goes when no --out is given."""
    from printkit.output import OUTPUT_DIR

    return OUTPUT_DIR / f"{game}-{sheet}-{paper}.pdf"


def render_to_file(game: str, sheet: str, opts: RenderOptions, out: Path | None,
                   png: bool, force: bool, notes: list[str] | None = None) -> list[Path]:
    """Render one printable and write it; returns the files written (PDF first), and adds
    what the drawing noted to `notes` (sheets.render). A card
    option given to a sheet of no cards, or a rules file to a sheet that uses none, is a
    one-line error before anything is drawn."""
    from printkit import sheets
    from printkit.layout import load_layout
    from printkit.output import check_writable, pdf_target
    from printkit.preview import write_pdf

    printable = sheets.get(game, sheet)
    card_opts = sorted(k for k in opts.extra if k in CARD_OPTIONS)
    if card_opts and not printable.cards:
        raise UserError(f"{CARD_OPTIONS[card_opts[0]]} is only for card sheets, not the "
                        f"{game} {sheet} sheet")
    if opts.rules_file is not None and not printable.rules:
        raise UserError(f"{opts.rules_file}: --rules is not used by the {game} {sheet} sheet")
    out = pdf_target(out) if out else default_out(game, sheet, opts.paper)
    check_writable(out, force)
    layout = load_layout(printable.layout, opts.layout_file, ink_saver=opts.ink_saver)
    return write_pdf(out, sheets.render(printable, opts, layout, notes), png, force)
