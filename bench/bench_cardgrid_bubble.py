"""Benchmark: the grid game's bubble logs read back from photographs.

The grid game's sheets are denser than PostCard's (2.1 mm bubbles at a 2.6 mm pitch, five
cards to a row), so they get their own count. Simulated games (engine/cardgrid/bots.py) are
shaded onto bubble logs (`render --from`, letter or A4), one random page of each is
photographed badly (tests/omr/distort.py, the issue's range: any rotation, up to 20%
perspective, 100-300 dpi, JPEG, blur, shadow, a crumpled warp) and read back. A sheet is
identical when every line reads as the sheet holds it; ambiguous when what differs is
reported; WRONG when a line reads as something else unreported (target: none).

    .venv/bin/python bench/bench_cardgrid_bubble.py [SHEETS] [SEED]    (default 100, 2026)
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import printkit  # noqa: E402,F401  (first, as the CLI: one BLAS thread before numpy loads)

# isort: split
import cv2  # noqa: E402

from printkit import sheets  # noqa: E402
from printkit.layout import load_layout  # noqa: E402
from printkit.omr import read_bubble_file  # noqa: E402
from printkit.omr.geometry import sheet_geometry  # noqa: E402
from printkit_engine.bubbles import sheet_form, split_record  # noqa: E402
from printkit_engine.cardgrid.bots import play  # noqa: E402
from printkit_engine.cardgrid.bubbles import grammar  # noqa: E402
from tests.omr.distort import Distortion, distort, page_image  # noqa: E402


def one(rng: random.Random, work: Path) -> tuple[str, str]:
    """One simulated game, one random page photographed and read: (verdict, detail)."""
    import pypdfium2 as pdfium

    g = grammar()
    printable = sheets.get("cardgrid", "bubblelog")
    layout = load_layout(printable.layout)
    text = play(f"bench-{rng.randrange(1 << 30)}").text()
    record = work / "game.rec"
    record.write_text(text)
    paper = rng.choice(("letter", "a4"))
    pdf = sheets.render(printable, sheets.RenderOptions(paper=paper, extra={"from": record}),
                        layout)
    want = [sheet_form(g, line) for _, line in split_record(g, text)[1]]
    page = rng.randrange(len(pdfium.PdfDocument(pdf)))
    bands = sheet_geometry(g, layout, paper).lines
    want = want[page * bands:(page + 1) * bands]
    d = Distortion.random(rng)
    photo = work / "photo.jpg"
    cv2.imwrite(str(photo), distort(page_image(pdf, page, d.dpi), d))
    (_, read), = read_bubble_file(photo)
    got = dict(read.lines)
    first = page * bands + 1
    if [got.get(first + k) for k in range(len(want))] == want and not read.ambiguities:
        return "identical", ""
    # WRONG: a line read as something else, or a line of the sheet missing unreported; an
    # ambiguity reported on an empty band is only ambiguous
    wrong = [(got.get(first + k, "<missing>"), w) for k, w in enumerate(want)
             if (first + k) not in got or got[first + k] not in (None, w)]
    wrong += [(t, "<empty band>") for n, t in got.items() if n >= first + len(want) and t]
    if not wrong:
        return "ambiguous", f"{d}: " + "; ".join(a.what for a in read.ambiguities)[:160]
    return "WRONG", f"{d}: {wrong[:2]}"


def main(count: int = 100, seed: int = 2026) -> None:
    rng = random.Random(seed)
    counts = {"identical": 0, "ambiguous": 0, "WRONG": 0}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(count):
            verdict, detail = one(rng, Path(tmp))
            counts[verdict] += 1
            if detail:
                print(f"{verdict}: {detail}")
    took = time.perf_counter() - start
    print(f"cardgrid bubble sheets: {count} photographed and read in {took:.0f} s: "
          + ", ".join(f"{k} {v} ({v / count:.1%})" for k, v in counts.items()))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
