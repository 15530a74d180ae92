"""`printkit scan SHEET...` for bubble sheets: read, write the record, verify it.

The sheets of one match (same game and QR tags) make one record, in sheet order. Written:
the record (`--out`, default the first file's name with `.rec`) and, beside it, a crop of the
band for every ambiguous line and every line with a finding: `RECORD-STEM.line17.png`, 17
being the line number printed on the sheet (an ambiguous header bubble: the header,
`RECORD-STEM.sheetK-header.png`). Printed: one line per sheet, a note for a missing sheet or
an unmarked last sheet, each ambiguity as `FILE:LINE: ambiguous: ... (crop: PNG)`, then the
verifier's findings on the record, each with the sheet line and crop it came from. Exit 0:
read and clean; 1: ambiguous bubbles or findings; 2: a file cannot be read.
"""

from __future__ import annotations

from pathlib import Path

import typer

from engine import registry
from printkit.errors import UserError
from printkit.output import FileSet, check_writable
from printkit.text import printable


def crop_png(read, band: int, line: int = 0) -> bytes:
    """The PNG of one line of a band (`line`: of the band), or of the header (band HEADER)."""
    import cv2

    ok, buf = cv2.imencode(".png", read.crop(band, line))
    if not ok:
        raise UserError("cannot encode a crop image")
    return buf.tobytes()


def scan_sheets(files: list[Path], out: Path | None, force: bool,
                rules: Path | None = None) -> int:
    """Read every file's bubble sheets into records, verify them; returns the exit code."""
    from printkit.omr import collect, read_bubble_file

    reads = []
    for path in files:
        reads += read_bubble_file(path)
    groups = collect(reads)
    if len(groups) > 1 and out is not None:
        raise UserError(f"--out: the files hold {len(groups)} matches; scan one at a time or "
                        "leave --out out (each record is then written beside its first sheet)")
    worst = 0
    for group in groups:
        first = files[0] if len(groups) == 1 else Path(group.sheets[0][0].split(" page ")[0])
        target = out or first.with_suffix(".rec")
        worst = max(worst, _one(group, target, force, rules))
    return worst


def _one(group, target: Path, force: bool, rules: Path | None) -> int:
    check_writable(target, force)
    game = registry.get(group.game)
    numbers = sorted(r.sheet.sheet for _, r in group.sheets)
    for name, read in sorted(group.sheets, key=lambda s: s[1].sheet.sheet):
        n = sum(1 for _, t in read.lines if t is not None)
        typer.echo(f"{name}: {game.id} sheet {read.sheet.sheet}: {n} lines read"
                   + (f", {len(read.ambiguities)} ambiguous" if read.ambiguities else ""))
    missing = [k for k in range(1, max(numbers) + 1) if k not in numbers]
    if missing:
        typer.echo(f"note: sheet{'s' if len(missing) > 1 else ''} "
                   f"{', '.join(map(str, missing))} not scanned: their lines are missing")
    elif not any(r.last for _, r in group.sheets if r.sheet.sheet == max(numbers)):
        typer.echo(f"note: sheet {max(numbers)} is not marked as the last: a later sheet may "
                   "be missing")
    text = group.record()
    crops: dict[int, bytes] = {}
    where: dict[int, tuple[str, object, int]] = {}       # record line -> (file, read, band)
    heads = text.split("\n\n", 1)[0].count("\n") + 2 if text.startswith("[") else 0
    for k, (name, read, number, _) in enumerate(group.lines()):
        where[heads + k + 1] = (name, read, number)
    stem = target.with_suffix("")
    files = FileSet(force)
    files.add(target, text)

    def crop(name: str, read, number: int) -> str:
        """The rows of printed line `number` as a PNG beside the record (0: the header of
        the sheet)."""
        from printkit.omr.read import HEADER

        if number:
            geo = read.geometry
            band, line = geo.place(number - (read.sheet.sheet - 1) * geo.lines - 1)
            path, key = Path(f"{stem}.line{number}.png"), number
        else:
            band, line = HEADER, 0
            path, key = Path(f"{stem}.sheet{read.sheet.sheet}-header.png"), -read.sheet.sheet
        if key not in crops:
            crops[key] = crop_png(read, band, line)
            files.add(path, crops[key])
        return str(path)

    code = 0
    messages = []
    for name, read in group.sheets:
        for a in read.ambiguities:
            messages.append(f"{a.place(name)}: ambiguous: {a.what} "
                            f"(crop: {crop(name, read, a.line)})")
            code = 1
    report = None
    if game.verify is not None:
        from engine.errors import ReadError

        try:
            report = game.verify(text, str(target), None if rules is None
                                 else game.rules(rules))
        except ReadError as exc:
            messages.append(f"{target}: the record read does not parse: {exc}")
            code = 1
    findings = []
    if report is not None:
        for f in report.sorted_findings():
            line = f.format(str(target))
            if f.line in where:
                name, read, number = where[f.line]
                line += f" [{name} line {number}, crop: {crop(name, read, number)}]"
            findings.append(line)
        code = max(code, 0 if report.clean else 1)
    files.commit()
    for m in messages:
        typer.echo(printable(m, 2000))
    for m in findings:
        typer.echo(printable(m, 2000))
    if report is not None:
        typer.echo(report.summary())
    typer.echo(f"record: {target}")
    return code
