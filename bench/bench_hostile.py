"""Benchmark: peak memory and CPU of `scan` and `verify` on the hostile files of issue 27,
each in a fresh process, beside the figure the issue measured before the fix.

Target: under 300 MB on any file the program accepts (and one line for one it refuses); a
PDF of 10,000 blank pages answered in seconds. The inputs are built as
tests/printkit/test_hostile_files.py builds them.

    .venv/bin/python bench/bench_hostile.py      (prints figures; no pass/fail; minutes)
"""

from __future__ import annotations

import sys
import tempfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.printkit.test_hostile_files import (  # noqa: E402
    _noise_jpeg,
    blank_pdf,
    bomb_pdf,
    measured,
    write_png,
)

TARGET_MB = 300
CASES = [   # (name, what the issue measured, how the file is made)
    ("one page of a 30000 x 30000 image (878 KB PDF)", "1.1 GB",
     lambda d: bomb_pdf(d / "bomb.pdf")),
    ("80-megapixel grey PNG", "578 MB", lambda d: write_png(d / "grey80.png", 10_000, 8_000)),
    ("80-megapixel colour PNG", "959 MB",
     lambda d: write_png(d / "colour80.png", 10_000, 8_000, colour=True)),
    ("32-megapixel colour PNG (the decoding limit)", "-",
     lambda d: write_png(d / "colour32.png", 6500, 4900, colour=True)),
    ("12-megapixel photo of noise", "361-409 MB",
     lambda d: _noise_jpeg(d / "noise12.jpg", 4000, 3000)),
    ("21-megapixel progressive JPEG of noise (its limit)", "-",
     lambda d: _noise_jpeg(d / "prog21.jpg", 5300, 3960, progressive=True, subsampling=0)),
    ("PDF page of a 31 MB grey image of noise (the page limit)", "-",
     lambda d: noise_page(d / "page31.pdf", 5560)),
    ("PDF of 10,000 blank pages", "scan 124 s, verify > 400 s",
     lambda d: blank_pdf(d / "blank.pdf", 10_000)),
]


def noise_page(path: Path, side: int) -> Path:
    """A PDF of one Letter page holding a `side` x `side` grey image of noise: its stream as
    large as its pixels (noise does not compress), both within the page limit."""
    import numpy as np
    import pikepdf

    pixels = np.random.default_rng(27).integers(0, 256, (side, side), dtype=np.uint8)
    pdf = pikepdf.new()
    image = pikepdf.Stream(pdf, zlib.compress(pixels.tobytes(), 1),
                           Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=side,
                           Height=side, ColorSpace=pikepdf.Name.DeviceGray, BitsPerComponent=8,
                           Filter=pikepdf.Name.FlateDecode)
    page = pdf.add_blank_page(page_size=(612, 792))
    page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
    page.Contents = pikepdf.Stream(pdf, b"q 612 0 0 792 0 0 cm /Im0 Do Q")
    pdf.save(path)
    return path


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for name, before, make in CASES:
            path = make(folder)
            for command in ("scan", "verify"):
                mb, code, said, cpu = measured(command, path.name, cwd=folder)
                said = said.splitlines()[-1] if said else ""
                print(f"{command} {name}: peak {mb:.0f} MB, {cpu:.1f} CPU s, exit {code} "
                      f"(target < {TARGET_MB} MB; before: {before})\n    {said[:150]}")
            path.unlink()


if __name__ == "__main__":
    main()
