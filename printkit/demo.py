"""`make demo`: render every printable that exists, on both papers, with PNG previews."""

from __future__ import annotations

from printkit import sheets
from printkit.progress import track
from printkit.renderfile import render_to_file


def main() -> None:
    jobs = [(g, s, p) for g, s in sheets.available() for p in ("letter", "a4")]
    written = []
    for game, sheet, paper in track(jobs, "rendering", total=len(jobs)):
        opts = sheets.RenderOptions(paper=paper)
        written += render_to_file(game, sheet, opts, None, png=True, force=True)
    print(f"demo: {len(written)} files in output/")
    for path in written:
        print(f"  {path}")


if __name__ == "__main__":
    main()
