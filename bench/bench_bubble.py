"""Benchmark: bubble sheets read back from photographs, accuracy and speed.

Simulated PostCard games are shaded onto bubble logs (`render --from`), each sheet is
photographed badly (tests/omr/distort.py: any rotation, up to 20% perspective, 100-300 dpi,
JPEG 40/70 or none, blur, a shadow gradient, a crumpled warp) and read back. A sheet is
identical when every line reads as the sheet holds it; ambiguous when every difference is
reported as ambiguous; WRONG when a line reads as something else unreported (target: none).
Speed is sheets per second on 2 processes (decoding the image file included), beside a naive
reader measured in the same run: the page warped at twice the resolution and each bubble's
mean taken one by one, without the integral image.

Two runs: the sheets with die values (the records' Seed taken off), and the play-book sheets
(the Seed kept: no die values, two rows a band, `?` dice read back), each of SHEETS sheets.

    .venv/bin/python bench/bench_bubble.py [SHEETS]     (default 200; prints the targets)
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import printkit  # noqa: E402,F401  (first, as the CLI: one BLAS thread before numpy loads)

# isort: split
import cv2  # noqa: E402
import numpy as np  # noqa: E402

from printkit import sheets  # noqa: E402
from printkit.layout import load_layout  # noqa: E402
from printkit_engine.bubbles import for_sheet, sheet_record, split_record  # noqa: E402
from printkit_engine.postcard.bots import game_seed, play_game  # noqa: E402
from printkit_engine.postcard.bubbles import grammar  # noqa: E402
from printkit_engine.postcard.rules import load_rules  # noqa: E402
from tests.omr.distort import Distortion, distort, page_image  # noqa: E402

ACCURACY = 0.995
SPEED = 5.0


def corpus(count: int, book: bool = False) -> list[tuple[bytes, list[str | None], Distortion]]:
    """(encoded photo, the lines the sheet holds, its distortion), `count` sheets; `book`:
    the records keep their Seed, so their sheets are the play book's."""
    rules = load_rules()
    rng = random.Random(2026)
    printable = sheets.get("postcard", "bubblelog")
    layout = load_layout(printable.layout)
    from printkit.omr.geometry import sheet_geometry

    seeded = for_sheet(grammar(), {"Seed": "bench"} if book else {})
    bands = sheet_geometry(seeded, layout, "letter").lines       # lines a sheet
    out = []
    game = 0
    tmp = Path(".bench-bubble.rec")
    while len(out) < count:
        game += 1
        text = play_game(game_seed("bubble", game), rules).text()
        if not book:
            text = "".join(t for t in text.splitlines(True) if not t.startswith("[Seed "))
        tmp.write_text(text)
        pdf = sheets.render(printable, sheets.RenderOptions(extra={"from": tmp}), layout)
        want = [t for t in sheet_record(grammar(), text).split("\n\n", 1)[1].splitlines()
                if t]
        assert len(want) == len(split_record(grammar(), text)[1])
        import pypdfium2 as pdfium

        pages = len(pdfium.PdfDocument(pdf))
        per = bands
        for page in range(pages):
            if len(out) == count:
                break
            d = Distortion.random(rng)
            image = distort(page_image(pdf, page, d.dpi), d)
            ok, buf = cv2.imencode(".jpg" if d.jpeg else ".png", image,
                                   [cv2.IMWRITE_JPEG_QUALITY, 95] if d.jpeg
                                   else [cv2.IMWRITE_PNG_COMPRESSION, 1])
            out.append((buf.tobytes(), want[page * per:(page + 1) * per], d))
    tmp.unlink()
    return out


def _read(item: tuple[bytes, list, Distortion]) -> tuple[str, str]:
    from printkit.errors import UserError
    from printkit.omr import read_sheet_image, sheet_id_of

    data, want, _ = item
    gray = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    found: dict = {}
    payload = sheet_id_of(gray, found)
    if payload is None:
        return "unread", "no code found"
    try:
        read = read_sheet_image(gray, payload, "bench", found)
    except UserError as exc:
        return "unread", str(exc)
    got = [t for _, t in read.lines]
    if got == want and not read.ambiguities:
        return "identical", ""
    if len(got) == len(want) and all(g is None or g == w for g, w in zip(got, want,
                                                                          strict=True)):
        return "ambiguous", "; ".join(a.what for a in read.ambiguities)[:200]
    return "WRONG", f"{[(g, w) for g, w in zip(got, want, strict=False) if g != w][:2]}"


def _naive(item: tuple[bytes, list, Distortion]) -> int:
    """The same steps, each bubble's box mean taken one at a time at twice the resolution."""
    from printkit.omr import read as omr
    from printkit.omr import sheet_id_of
    from printkit.omr.geometry import sheet_geometry
    from printkit.omr.payload import parse

    data, _, _ = item
    gray = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)
    found: dict = {}
    payload = sheet_id_of(gray, found)
    if payload is None:
        return 0
    sheet = parse(payload)
    geo = sheet_geometry(for_sheet(grammar(), sheet.tags), load_layout("postcard-bubblelog"),
                         sheet.paper)
    old = omr.SCALE
    omr.SCALE = 2 * old
    try:
        page = omr.upright(gray, omr.find_markers(gray, geo, found), geo)
        bend = omr.bend(page, geo)
        shaded = 0
        for band in range(geo.bands):
            for b in geo.bubbles:
                x = (geo.left + b.x) * omr.SCALE
                y = geo.row_y(band, b.row) * omr.SCALE
                dx, dy = bend.at(np.array(x), np.array(y))
                cx, cy = int(x + float(dx)), int(y + float(dy))
                hx = int(geo.bubble_w * omr.INNER * omr.SCALE)
                hy = int(geo.bubble_h * omr.INNER * omr.SCALE)
                shaded += 1.0 - float(page[cy - hy:cy + hy + 1, cx - hx:cx + hx + 1].mean()) > 0.5
        return shaded
    finally:
        omr.SCALE = old


def _one_thread() -> None:
    cv2.setNumThreads(1)           # one core per process: 2 processes are the 2 cores


def main(count: int = 200) -> None:
    for book in (False, True):
        run(count, book)


def run(count: int, book: bool) -> None:
    label = "play-book sheets (no die values)" if book else "sheets with die values"
    start = time.perf_counter()
    items = corpus(count, book)
    print(f"bubble corpus, {label}: {len(items)} sheets photographed in "
          f"{time.perf_counter() - start:.0f} s")
    # spawn, not fork: this process has run OpenCV and pdfium threads already
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context, initializer=_one_thread) as pool:
        list(pool.map(_read, items[:4]))                  # imports and caches warmed
        start = time.perf_counter()
        results = list(pool.map(_read, items, chunksize=4))
        elapsed = time.perf_counter() - start
        few = items[:min(len(items), 20)]
        start = time.perf_counter()
        list(pool.map(_naive, few, chunksize=2))
        naive = time.perf_counter() - start
    tally = {k: sum(1 for r, _ in results if r == k)
             for k in ("identical", "ambiguous", "unread", "WRONG")}
    share = tally["identical"] / len(items)
    print(f"bubble read: {tally['identical']}/{len(items)} identical ({share:.1%}), "
          f"{tally['ambiguous']} with every difference reported ambiguous, "
          f"{tally['unread']} unreadable (reported), {tally['WRONG']} WRONG")
    for (kind, why), (_, _, d) in zip(results, items, strict=True):
        if kind != "identical":
            print(f"  {kind}: {why}  [{d}]")
    rate = len(items) / elapsed
    print(f"bubble speed: {rate:.1f} sheets/s on 2 processes; naive reader "
          f"{len(few) / naive:.1f} sheets/s")
    print(f"target identical >= {ACCURACY:.1%}: {'met' if share >= ACCURACY else 'NOT met'}; "
          f"none wrong: {'met' if tally['WRONG'] == 0 else 'NOT met'}; "
          f">= {SPEED:.0f} sheets/s: {'met' if rate >= SPEED else 'NOT met'}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
