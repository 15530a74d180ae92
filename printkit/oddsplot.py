"""Odds tables as charts (`printkit odds GAME [QUESTION] --plot FILE.pdf|png`).

One landscape page per table: the rows along the bottom, one line per figure column (the
chances, on a 0-1 axis; a table of averages gets its own scale), Monte Carlo figures with
their 95% interval as a bar. Drawn with reportlab into a deterministic Document (same tables,
same bytes); a PNG is that page rasterised by the preview path (pypdfium2).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.pagesizes import landscape, letter

from printkit.errors import UserError
from printkit.pdfdoc import Document
from printkit_engine.odds import Figure, OddsTable

FONT, BOLD = "DejaVuSans", "DejaVuSans-Bold"
MARGIN = 54.0
COLOURS = ((0.12, 0.38, 0.70), (0.85, 0.37, 0.01), (0.17, 0.63, 0.17), (0.84, 0.15, 0.16),
           (0.58, 0.40, 0.74), (0.55, 0.34, 0.29), (0.89, 0.47, 0.76), (0.50, 0.50, 0.50),
           (0.74, 0.74, 0.13), (0.09, 0.75, 0.81))
SUFFIXES = (".pdf", ".png")


def series(t: OddsTable) -> tuple[list[str], list[tuple[str, list[Figure]]]]:
    """Row labels and the figure columns to draw: the chances when the table has any."""
    first = [next((v for v in row if isinstance(v, str)), "") for row in t.rows]
    labels = first if len(set(first)) == len(first) else [
        " ".join(v for v in row if isinstance(v, str)) for row in t.rows]
    cols = [(i, name) for i, name in enumerate(t.columns)
            if t.rows and all(isinstance(row[i], Figure) for row in t.rows)]
    lines = [(name, [f for row in t.rows if isinstance(f := row[i], Figure)]) for i, name in cols]
    chances = [(n, fs) for n, fs in lines if all(0 <= f.value <= 1 for f in fs)]
    return labels, (chances or lines)


def stacked(lines: list[tuple[str, list[Figure]]]) -> int:
    """How many leading columns are one outcome distribution (each row sums to 1, or a single
    column over the rows): those are drawn as (stacked) bars, the rest as lines over them."""
    if not lines or any(f.method != "exact" for _, fs in lines for f in fs):
        return 0
    if len(lines) <= 2 and abs(sum(f.value for f in lines[0][1]) - 1) < 1e-9:
        return 1                  # one distribution over the rows (a kickoff's landing spot)
    rows = len(lines[0][1])
    for k in range(2, len(lines) + 1):
        if all(abs(sum(lines[j][1][i].value for j in range(k)) - 1) < 1e-9
               for i in range(rows)):
            return k
    return 0


def _estimates_page(doc: Document, game: str, t: OddsTable) -> None:
    """Figures of different units (plays, points, a share): one row each, on its own scale
    from 0, the estimate as a dot and its 95% interval as a bar, the numbers beside it."""
    c = doc.canvas
    w, h = doc.width, doc.height
    labels, lines = series(t)
    figs = lines[0][1]
    c.setFont(BOLD, 14)
    c.drawString(MARGIN, h - MARGIN, f"{game}: {t.title}")
    x0, x1 = MARGIN + 200, w - MARGIN - 170
    band = min(90.0, (h - 2 * MARGIN - 80) / max(1, len(figs)))
    for i, (label, f) in enumerate(zip(labels, figs, strict=True)):
        y = h - MARGIN - 60 - band * (i + 0.5)
        low, high = f.interval or (f.value, f.value)
        top = (1.0 if high <= 1 else high * 1.15) or 1.0
        c.setFont(FONT, 10)
        c.setFillGray(0)
        c.drawString(MARGIN, y - 3, label)
        c.setStrokeGray(0.6)
        c.line(x0, y, x1, y)
        c.setFont(FONT, 7)
        for k in range(6):
            x = x0 + (x1 - x0) * k / 5
            c.line(x, y - 3, x, y + 3)
            c.drawCentredString(x, y - 12, f"{top * k / 5:.3g}")
        r, g, b = COLOURS[0]
        c.setStrokeColorRGB(r, g, b)
        c.setFillColorRGB(r, g, b)
        c.setLineWidth(3)
        c.line(x0 + (x1 - x0) * low / top, y, x0 + (x1 - x0) * high / top, y)
        c.setLineWidth(1)
        c.circle(x0 + (x1 - x0) * f.value / top, y, 4, stroke=0, fill=1)
        c.setFillGray(0)
        c.setFont(FONT, 9)
        c.drawString(x1 + 12, y - 3, f"{f.value:.3f}  [{low:.3f}, {high:.3f}]")
    c.setFont(FONT, 8)
    n = figs[0].samples if figs else 0
    c.drawString(MARGIN, MARGIN - 10, f"printkit odds {game} {t.key} \u00b7 Monte Carlo, "
                                      f"95% intervals (n={n} for the means)")
    doc.show_page()


def _page(doc: Document, game: str, t: OddsTable) -> None:
    c = doc.canvas
    w, h = doc.width, doc.height
    labels, lines = series(t)
    if len(lines) == 1 and any(f.method != "exact" for f in lines[0][1]):
        _estimates_page(doc, game, t)
        return
    bars = stacked(lines)
    top = max((f.interval[1] if f.interval else f.value) for _, fs in lines for f in fs)
    scale_top = 1.0 if top <= 1 else top * 1.1
    n = len(labels)
    rotate = n > 12 or max(c.stringWidth(x, FONT, 8) for x in labels) * n > 560
    shown = [x[:24] for x in labels]
    drop = (max(c.stringWidth(x, FONT, 8) for x in shown) * 0.72 + 12) if rotate else 14
    legend_w = 190.0
    x0, y0, x1, y1 = MARGIN + 30, MARGIN + 22 + drop, w - MARGIN - legend_w, h - MARGIN - 40
    c.setFont(BOLD, 14)
    c.drawString(MARGIN, h - MARGIN, f"{game}: {t.title}")
    c.setFont(FONT, 8)
    c.setStrokeGray(0.8)
    for k in range(11):
        y = y0 + (y1 - y0) * k / 10
        c.line(x0, y, x1, y)
        c.drawRightString(x0 - 4, y - 3, f"{scale_top * k / 10:.2f}".rstrip("0").rstrip(".")
                          or "0")
    c.setStrokeGray(0)
    step = (x1 - x0) / max(1, n)
    every = max(1, round(n / 48))
    for i, label in enumerate(shown):
        if i % every == 0:
            c.saveState()
            c.translate(x0 + step * (i + 0.5), y0 - 4)
            if rotate:
                c.rotate(45)
                c.drawRightString(0, -8, label)
            else:
                c.drawCentredString(0, -10, label)
            c.restoreState()
    c.drawString(x0, MARGIN + 4, f"across: {t.columns[0]}")

    def at(f: float) -> float:
        return y0 + (y1 - y0) * f / scale_top

    for i in range(n):
        base = 0.0
        for k in range(bars):
            r, g, b = COLOURS[k % len(COLOURS)]
            c.setFillColorRGB(r, g, b)
            v = lines[k][1][i].value
            c.rect(x0 + step * (i + 0.12), at(base), step * 0.76, at(base + v) - at(base),
                   stroke=0, fill=1)
            base += v
    for k, (name, figs) in enumerate(lines):
        r, g, b = COLOURS[k % len(COLOURS)]
        c.setStrokeColorRGB(r, g, b)
        c.setFillColorRGB(r, g, b)
        ly = y1 - 14 * k
        if k < bars:
            c.rect(x1 + 16, ly - 2, 10, 8, stroke=0, fill=1)
        else:
            c.setLineWidth(1.5)
            pts = [(x0 + step * (i + 0.5), at(f.value)) for i, f in enumerate(figs)]
            if len(pts) > 1:
                path = c.beginPath()
                path.moveTo(*pts[0])
                for p in pts[1:]:
                    path.lineTo(*p)
                c.drawPath(path, stroke=1, fill=0)
            for (x, y), f in zip(pts, figs, strict=True):
                c.circle(x, y, 1.8, stroke=0, fill=1)
                if f.interval:
                    c.line(x, at(f.interval[0]), x, at(f.interval[1]))
                    c.line(x - 3, at(f.interval[0]), x + 3, at(f.interval[0]))
                    c.line(x - 3, at(f.interval[1]), x + 3, at(f.interval[1]))
            c.line(x1 + 14, ly + 2, x1 + 28, ly + 2)
        c.setFillGray(0)
        c.setFont(FONT, 8)
        c.drawString(x1 + 32, ly - 1, name[:32])
    c.setLineWidth(1)
    c.setStrokeGray(0)
    c.line(x0, y0, x0, y1)
    c.line(x0, y0, x1, y0)
    c.setFillGray(0)
    method = "exact" if all(f.method == "exact" for _, fs in lines for f in fs) else \
        "Monte Carlo, 95% intervals shown"
    shape = (" \u00b7 bars: one outcome distribution per row" if bars > 1 else
             " \u00b7 bars: the distribution over the rows" if bars else "")
    c.setFont(FONT, 8)
    c.drawString(MARGIN, MARGIN - 10, f"printkit odds {game} {t.key} \u00b7 {method}{shape}")
    doc.show_page()


def chart_pdf(game: str, tables: Sequence[OddsTable]) -> bytes:
    drawable = [t for t in tables if series(t)[1]]
    if not drawable:
        raise UserError("--plot: nothing to chart in the tables asked for")
    doc = Document(landscape(letter), title=f"{game} odds", subject="printkit odds chart")
    for t in drawable:
        _page(doc, game, t)
    return doc.finish()


def write_chart(path: Path, game: str, tables: Sequence[OddsTable], force: bool) -> list[Path]:
    """FILE.pdf, or FILE.png (FILE-p01.png.. for several tables)."""
    from printkit.output import FileSet
    from printkit.preview import png_bytes, png_paths, rasterise

    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise UserError(f"--plot {path}: expected a .pdf or .png file name")
    pdf = chart_pdf(game, tables)
    if suffix == ".pdf":
        with FileSet(force) as files:
            files.add(path, pdf)
        return [path]
    from printkit.preview import page_count

    paths = png_paths(path, page_count(pdf))
    with FileSet(force) as files:
        for p in paths:
            files.check(p)
        for image, p in zip(rasterise(pdf), paths, strict=True):
            files.add(p, png_bytes(image))
    return paths
