"""Shared test helpers: run the CLI in-process, check PDFs structurally, read them back."""

from __future__ import annotations

import contextlib
import io
import math
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pikepdf


@dataclass
class CliResult:
    code: int
    stdout: str
    stderr: str


def run_cli(*args: str, cwd: Path | None = None) -> CliResult:
    """Run `printkit ARGS` through the real entry point (error handling included)."""
    from printkit.cli import main

    out, err = io.StringIO(), io.StringIO()
    old_argv, old_cwd = sys.argv, os.getcwd()
    sys.argv = ["printkit", *map(str, args)]
    code = 0
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main()
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = old_argv
        os.chdir(old_cwd)
    return CliResult(code, out.getvalue(), err.getvalue())


def check_pdf(data: bytes | Path) -> pikepdf.Pdf:
    """Open with qpdf (pikepdf), assert no structural problems and embedded fonts only."""
    pdf = pikepdf.open(io.BytesIO(data) if isinstance(data, bytes) else data)
    problems = pdf.check_pdf_syntax()
    assert not problems, problems
    for obj in pdf.objects:             # every stream must decode (catches corrupt content)
        if isinstance(obj, pikepdf.Stream):
            obj.read_bytes()
    pdf.save(io.BytesIO())              # qpdf rewrites the whole file: any broken xref fails
    for page in pdf.pages:
        fonts = page.obj.get("/Resources", {}).get("/Font", {})
        for _, font in fonts.items():
            descendants = font.get("/DescendantFonts")
            desc = (descendants[0] if descendants else font).get("/FontDescriptor")
            assert desc is not None and any(
                k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")
            ), f"font not embedded: {font.get('/BaseFont')}"
    return pdf


def render_sheet(game: str, sheet: str, opts=None, override=None, **kw) -> bytes:
    """One printable as PDF bytes through the sheet registry (its shipped layout, or with
    `override` laid over it); `kw` are RenderOptions fields when `opts` is not given."""
    from printkit import sheets
    from printkit.layout import load_layout

    printable = sheets.get(game, sheet)
    opts = opts or sheets.RenderOptions(**kw)
    return sheets.render(printable, opts, load_layout(printable.layout, override))


PEAK_PROBE = """
import resource, sys
from printkit.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
else:
    code = 0
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
try:    # Linux: ru_maxrss keeps the forking parent's peak across exec; VmHWM is this process's
    with open("/proc/self/status") as fh:
        peak = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM")) / 1024
except (OSError, StopIteration, ValueError):
    pass
cpu = resource.getrusage(resource.RUSAGE_SELF)
print(f"PEAK {peak:.0f} {code} {cpu.ru_utime + cpu.ru_stime:.1f}", file=sys.stderr)
"""


def measured(*args: str, cwd: Path, timeout: float = 900) -> tuple[float, int, str, float]:
    """(peak resident MB, exit code, stderr before the probe's line, CPU seconds) of
    `printkit ARGS` in a fresh process (the peak from the kernel, not from Python)."""
    import subprocess

    r = subprocess.run([sys.executable, "-c", PEAK_PROBE, *args], cwd=cwd, capture_output=True,
                       text=True, env={**os.environ, "COLUMNS": "80"}, timeout=timeout)
    *said, last = r.stderr.strip().splitlines()
    _, peak, code, cpu = last.split()
    return float(peak), int(code) if code != "None" else 0, "\n".join(said), float(cpu)


def pdf_texts(pdf: bytes | Path, pages: range | None = None) -> list[str]:
    """Each page's text as pdfium reads it (lines joined by a newline): what a test that only
    looks for words needs, some fifty times faster than pdfplumber on a bubble sheet, whose
    thousands of ovals pdfplumber parses into objects first."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        wanted = range(len(doc)) if pages is None else pages
        return [doc[k].get_textpage().get_text_range().replace("\r\n", "\n") for k in wanted]
    finally:
        doc.close()


def coded_pages(pdf: bytes | Path) -> list[tuple[str, str]]:
    """(the QR code, the text) of each page, the one code read by zxing-cpp itself (not the
    sheet reader under test) off the page rendered at 144 dpi."""
    import pypdfium2 as pdfium
    import zxingcpp

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    out = []
    try:
        for page in doc:
            (code,) = [r.text for r in zxingcpp.read_barcodes(
                page.render(scale=2).to_pil(), formats=zxingcpp.BarcodeFormat.QRCode)]
            out.append((code, page.get_textpage().get_text_range()))
    finally:
        doc.close()
    return out


# -- geometry read back with pdfium: pdfplumber's answers without parsing every oval -----------

@dataclass(frozen=True)
class Shape:
    """A path (line, rectangle or curve) or an image, placed as pdfplumber places it: x0, x1
    from the left edge; top, bottom measured down from the top of the page (points); a path's
    box is its points' (the stroke's width not counted), an image's the box it is drawn in.
    Colours are 0-1 RGB, None where the path is not stroked (filled)."""

    kind: str                   # "rect", "line", "curve" or "image"
    x0: float
    top: float
    x1: float
    bottom: float
    stroke: tuple[float, ...] | None = None
    fill: tuple[float, ...] | None = None

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(frozen=True)
class Char:
    """One character: its text, its box (pdfium's loose box: the font's ascent to descent)
    placed as pdfplumber places it, and its size as the page shows it (the font size times
    the text's scale: pdfplumber's size for upright text; a turned character's true size,
    where pdfplumber gives its width)."""

    text: str
    x0: float
    top: float
    x1: float
    bottom: float
    size: float


class PdfPage:
    """One page of a PDF read with pdfium: words, characters, paths and images, each with
    pdfplumber's coordinates, for tests that check geometry (pdfplumber parses every oval of a
    bubble sheet into Python objects first: tens of times slower)."""

    def __init__(self, page) -> None:      # a pypdfium2 PdfPage
        self.page = page
        self.width, self.height = page.get_size()

    def text(self) -> str:
        """The page's text as pdfium reads it (lines joined by a newline)."""
        return self.page.get_textpage().get_text_range().replace("\r\n", "\n")

    def words(self) -> list:
        """Every upright word in any size, as printkit.pdfwords reads words (made as
        pdfplumber's extract_words makes them), sorted top to bottom, then left to right."""
        from printkit.pdfwords import PageWords

        reader = PageWords(())
        reader._ranges = [(0.0, float("inf"))]          # every size shown, not chosen ones
        return sorted(reader.words(self.page), key=lambda w: (round(w.top, 1), w.x0))

    def chars(self) -> list[Char]:
        """Every character but white space, its box loose (pdfium's font box)."""
        import pypdfium2.raw as raw

        textpage = self.page.get_textpage()
        matrix = raw.FS_MATRIX()
        out = []
        for i in range(textpage.count_chars()):
            ch = textpage.get_text_range(i, 1)
            if not ch or ch.isspace():
                continue
            x0, bottom, x1, top = textpage.get_charbox(i, loose=True)
            raw.FPDFText_GetMatrix(textpage.raw, i, matrix)      # forms' matrices included
            size = raw.FPDFText_GetFontSize(textpage.raw, i) * math.hypot(matrix.b, matrix.d)
            out.append(Char(ch, x0, self.height - top, x1, self.height - bottom, size))
        return out

    def shapes(self) -> list[Shape]:
        """Every path and image of the page (inside forms too, placed by their matrices)."""
        out: list[Shape] = []
        self._walk(None, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), out)
        return out

    def rects(self) -> list[Shape]:
        return [s for s in self.shapes() if s.kind == "rect"]

    def images(self) -> list[Shape]:
        return [s for s in self.shapes() if s.kind == "image"]

    def _walk(self, form, outer: tuple[float, ...], out: list[Shape]) -> None:
        import ctypes

        import pypdfium2.raw as raw

        from printkit.pdfwords import times

        owner = self.page.raw if form is None else form
        count = (raw.FPDFPage_CountObjects if form is None else raw.FPDFFormObj_CountObjects)
        get = raw.FPDFPage_GetObject if form is None else raw.FPDFFormObj_GetObject
        m = raw.FS_MATRIX()
        for k in range(count(owner)):
            obj = get(owner, k)
            kind = raw.FPDFPageObj_GetType(obj)
            if kind not in (raw.FPDF_PAGEOBJ_PATH, raw.FPDF_PAGEOBJ_IMAGE,
                            raw.FPDF_PAGEOBJ_FORM) or not raw.FPDFPageObj_GetMatrix(obj, m):
                continue
            matrix = times((m.a, m.b, m.c, m.d, m.e, m.f), outer)   # type: ignore[arg-type]
            if kind == raw.FPDF_PAGEOBJ_FORM:
                self._walk(obj, matrix, out)
            elif kind == raw.FPDF_PAGEOBJ_IMAGE:      # the unit square, placed by its matrix
                out.append(self._shape("image", _placed([(0, 0), (1, 0), (0, 1), (1, 1)],
                                                         matrix), None, None))
            else:
                subpaths: list[tuple[list[tuple[float, float]], bool]] = []
                x, y = ctypes.c_float(), ctypes.c_float()
                for s in range(raw.FPDFPath_CountSegments(obj)):
                    seg = raw.FPDFPath_GetPathSegment(obj, s)
                    raw.FPDFPathSegment_GetPoint(seg, x, y)
                    step = raw.FPDFPathSegment_GetType(seg)
                    if step == raw.FPDF_SEGMENT_MOVETO or not subpaths:
                        subpaths.append(([], False))     # pdfplumber: a shape a subpath
                    points, curved = subpaths[-1]
                    points.append((x.value, y.value))
                    if step == raw.FPDF_SEGMENT_BEZIERTO and not curved:
                        subpaths[-1] = (points, True)
                fill_mode, stroked = ctypes.c_int(), ctypes.c_int()
                raw.FPDFPath_GetDrawMode(obj, fill_mode, stroked)
                stroke = _colour(raw.FPDFPageObj_GetStrokeColor, obj) if stroked.value else None
                fill = _colour(raw.FPDFPageObj_GetFillColor, obj) if fill_mode.value else None
                for points, curved in subpaths:
                    placed = _placed(points, matrix)
                    out.append(self._shape(_path_kind(placed, curved), placed, stroke, fill))

    def _shape(self, kind: str, points: list[tuple[float, float]], stroke, fill) -> Shape:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return Shape(kind, min(xs), self.height - max(ys), max(xs), self.height - min(ys),
                     stroke, fill)


def _placed(points, matrix) -> list[tuple[float, float]]:
    a, b, c, d, e, f = matrix
    return [(a * x + c * y + e, b * x + d * y + f) for x, y in points]


def _path_kind(points: list[tuple[float, float]], curved: bool) -> str:
    """pdfplumber's kinds: two points a line; four corners of an axis-aligned box (a fifth
    closing it) a rect; anything else a curve."""
    if curved:
        return "curve"
    corners = list(dict.fromkeys((round(x, 3), round(y, 3)) for x, y in points))
    if len(corners) == 2:
        return "line"
    if len(corners) == 4 and len({x for x, _ in corners}) == 2 \
            and len({y for _, y in corners}) == 2:
        return "rect"
    return "curve"


def _colour(get, obj) -> tuple[float, ...] | None:
    import ctypes

    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not get(obj, r, g, b, a):
        return None
    return (r.value / 255, g.value / 255, b.value / 255)


@contextlib.contextmanager
def pdf_pages(pdf: bytes | Path):
    """The pages of a PDF as PdfPage readers (pdfium), the document closed after."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        yield [PdfPage(doc[k]) for k in range(len(doc))]
    finally:
        doc.close()
