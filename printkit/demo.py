"""`make demo`: render every printable that exists, on both papers, with PNG previews, and
each game's kit (printkit/kit.py) on both papers with a PNG of its cover."""

from __future__ import annotations

from pathlib import Path

from printkit import sheets
from printkit.progress import track
from printkit.renderfile import render_to_file
from printkit_engine import registry

KIT_SEED = "demo"        # a fixed seed: the demo's kits are the same bytes every run


def kits(papers: tuple[str, ...] = ("letter", "a4")) -> list[Path]:
    """Each game's kit on each paper, and its cover as PNG (the cover says what the rest is:
    a preview of every page of five kits would be most of the demo's time)."""
    from printkit.kit import default_out, render_kit
    from printkit.output import FileSet
    from printkit.preview import png_bytes, rasterise

    written = []
    jobs = [(g, p) for g in registry.GAMES for p in papers]
    for game, paper in track(jobs, "kits", total=len(jobs)):
        out = default_out(game, paper)
        kit = render_kit(game, sheets.RenderOptions(paper=paper), KIT_SEED)
        cover = out.with_name(f"{out.stem}-cover.png")
        image = next(iter(rasterise(kit.pdf)))      # the generator, dropped, closes the PDF
        with FileSet(True) as files:
            files.add(out, kit.pdf)
            files.add(cover, png_bytes(image))
        written += [out, cover]
    return written


def main() -> None:
    jobs = [(g, s, p) for g, s in sheets.available() for p in ("letter", "a4")]
    written = []
    for game, sheet, paper in track(jobs, "rendering", total=len(jobs)):
        opts = sheets.RenderOptions(paper=paper)
        written += render_to_file(game, sheet, opts, None, png=True, force=True)
    written += kits()
    print(f"demo: {len(written)} files in output/")
    for path in written:
        print(f"  {path}")


if __name__ == "__main__":
    main()
