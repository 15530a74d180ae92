"""Shared test helpers: run the CLI in-process, check PDFs structurally, read them back."""

from __future__ import annotations

import contextlib
import io
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

