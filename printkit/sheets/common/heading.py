"""What sheets of every game share: the page title line, the match a sheet is printed for, the
100 mm / 4 in check bars and the scale stated in words (a printed sheet can be checked against a
ruler)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from printkit.draw.text import draw_fitted
from printkit.layout import Layout, load_layout
from printkit.pdfdoc import Document


def title(c: Canvas, layout: Layout, x: float, y: float, text: str,
          width: float | None = None) -> None:
    """The sheet's title at the top-left of its area (baseline at y), fitted to `width` (by
    default the page's width less `x` on both sides): long team names shrink it, then cut it
    with an ellipsis, never past the page."""
    c.saveState()
    c.setFillColor(layout.colour("page.ink"))
    room = c._pagesize[0] - 2 * x if width is None else width
    draw_fitted(c, x, y, text, layout.font("page.title_font"),
                layout.length("page.title_size"), room)
    c.restoreState()


def match_of(opts) -> str:
    """The scheduled match a sheet is printed for, "M7 (round 2)", from a classroom pack's
    options (``opts.extra["match"]``, ``["round"]``); "" for a sheet printed for no match."""
    match = str(opts.extra.get("match") or "")
    if match and opts.extra.get("round"):
        return f"{match} (round {opts.extra['round']})"
    return match


def match_teams(opts) -> str:
    """The match box of a sheet's title: "M7 (round 2): Team 3 v Team 8" in a classroom pack
    (a sheet handed in says which scheduled match it records), else "Team 3 v Team 8"."""
    teams = f"{opts.home} v {opts.away}"
    match = match_of(opts)
    return f"{match}: {teams}" if match else teams


def draw_label(c: Canvas, layout: Layout, x: float, y: float, text: str, bold: bool = False,
               size: float | None = None) -> float:
    """A label in the page's label (or bold) font at its label size unless `size` is given;
    returns its width, so a row of labels and boxes can be laid out left to right."""
    font = layout.font("page.bold_font" if bold else "page.label_font")
    size = size or layout.length("page.label_size")
    c.setFont(font, size)
    c.drawString(x, y, text)
    return c.stringWidth(text, font, size)


def stamp_strip(layout: Layout) -> float:
    """The band along the bottom edge a class pack keeps for its stamp: the layout's
    `page.stamp_strip`, or the house style's for a `[page]` of its own (`extends = false`)."""
    page = layout.data.get("page", {})
    if isinstance(page, dict) and "stamp_strip" in page:
        return layout.length("page.stamp_strip")
    return load_layout("base").length("page.stamp_strip")


def floor(layout: Layout) -> float:
    """The lowest baseline of a sheet's bottom line (its check bars, a note): its margin, or
    higher, clear of the strip a class pack keeps for its stamp (page.stamp_strip), with
    room under the line for its descenders and the bars' end ticks."""
    return max(layout.length("page.margin"),
               stamp_strip(layout) + 0.75 * layout.length("page.label_size"))


def check_bars(doc: Document, layout: Layout, x: float, y: float) -> float:
    """The metric and imperial check bars, one above the other; returns their height."""
    font = layout.font("page.label_font")
    size = layout.length("page.label_size")
    step = size * 2.2
    doc.check_bar(x, y + step, layout.length("checkbar.metric"),
                  layout.text("checkbar.label_metric"), font, size)
    doc.check_bar(x, y, layout.length("checkbar.imperial"),
                  layout.text("checkbar.label_imperial"), font, size)
    return step * 2


def scale_text(yard_points: float) -> str:
    """'1 yd = 2 mm (1:457)': the scale in words, so a reader can check a ruler against it."""
    mm = yard_points / (72 / 25.4)
    ratio = round(914.4 / mm)
    return f"scale 1 yd = {mm:g} mm (1:{ratio})"
