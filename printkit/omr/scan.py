"""Bubble sheets read into records and verified: the library under `printkit scan SHEET...`.

The sheets of one match (same game and QR tags) make one record, in sheet order. Written:
the record (`out`, default the first file's name with `.rec`) and, beside it, a crop of the
band for every ambiguous line and every line with a finding: `RECORD-STEM.line17.png`, 17
being the line number printed on the sheet (an ambiguous header bubble: the header,
`RECORD-STEM.sheetK-header.png`). Said, in order: one line per sheet, the reader's notes (two
sheets in one picture, pages not read), each ambiguity as `FILE:LINE: ambiguous: ... (crop:
PNG)`, then the verifier's findings on the record, each with the sheet line and crop it came
from.

A match's sheets that are no whole game (a sheet missing, one given twice, the highest not
marked as the last) are refused, as `verify` and `audit` refuse them (`printkit.omr.gaps`:
the one sheet-gap rule): unreadable input, exit 2, as in `verify`. A record read that
breaks the notation gets findings, as `verify` of it does. Nothing here prints: the
command prints a `ScanResult`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import UserError
from printkit.omr import Scanned, collect, incomplete, read_files, refused
from printkit.omr.files import Opened, twice
from printkit.output import FileSet, check_writable
from printkit.text import printable
from printkit_engine import registry

if TYPE_CHECKING:
    from printkit.omr.read import SheetRead
    from printkit_engine.findings import Report


@dataclass
class ScanResult:
    """What a scan says: lines for standard output, errors (one line each: a match refused,
    a file that cannot be read) and the exit code (0 read and clean, 1 ambiguous bubbles
    or findings, 2 an error)."""

    lines: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    code: int = 0

    def error(self, message: str) -> None:
        self.errors.append(message)
        self.code = 2


def crop_png(read: SheetRead, band: int, line: int = 0) -> bytes:
    """The PNG of one line of a band (`line`: of the band), or of the header (band HEADER)."""
    import cv2

    ok, buf = cv2.imencode(".png", read.crop(band, line))
    if not ok:
        raise UserError("cannot encode a crop image")
    return buf.tobytes()


def scan_sheets(files: list[Path], out: Path | None, force: bool,
                rules: Path | None = None, first: Opened | None = None) -> ScanResult:
    """Read every file's bubble sheets (each sheet once; `first`: the first file, already
    opened) into records, verify each whole one."""
    reads = read_files(files, first)
    groups = collect(reads)
    if len(groups) > 1 and out is not None:
        raise UserError(f"--out: the files hold {len(groups)} matches; scan one at a time or "
                        "leave --out out (each record is then written beside its first sheet)")
    result = ScanResult()
    for group in groups:
        result.lines += sheet_lines(group)
    result.lines += [f"note: {printable(n, 2000)}" for n in reads.notes]
    for group in groups:
        names = list(dict.fromkeys(_file_of(name) for name, _ in group.sheets))
        if why := incomplete(group):     # named as `verify` names a run: its files
            result.error(str(refused(f"{', '.join(names)}: {why}", reads.notes)))
            continue
        first_file = files[0] if len(groups) == 1 else Path(names[0])
        _record(group, out or first_file.with_suffix(".rec"), force, rules, result)
    return result


def _file_of(name: str) -> str:
    """The file of a sheet's name (`FILE` or `FILE page N`)."""
    path, sep, number = name.rpartition(" page ")
    return path if sep and number.isdigit() else name


def sheet_lines(group: Scanned) -> list[str]:
    """`FILE: GAME sheet K: N lines read[, M ambiguous]` for each sheet read, in sheet order;
    a sheet given again: `FILE: the same sheet as FIRST (GAME sheet K): not read again`."""
    again = twice(group.sheets)
    out = []
    for name, read in sorted(group.sheets, key=lambda s: s[1].sheet.sheet):
        what = f"{group.game} sheet {read.sheet.sheet}"
        if name in again:
            out.append(f"{name}: the same sheet as {again[name]} ({what}): not read again")
            continue
        n = sum(1 for _, t in read.lines if t is not None)
        out.append(f"{name}: {what}: {n} lines read"
                   + (f", {len(read.ambiguities)} ambiguous" if read.ambiguities else ""))
    return out


class _Crops:
    """The crops written beside a record: one PNG per printed line (0: a sheet's header),
    each made once however many messages point at it."""

    def __init__(self, target: Path, files: FileSet) -> None:
        self.stem = target.with_suffix("")
        self.files = files
        self.made: dict[int, str] = {}

    def of(self, read: SheetRead, number: int) -> str:
        """The rows of printed line `number` as a PNG beside the record (0: the header of
        the sheet); its path."""
        from printkit.omr.read import HEADER

        if number:
            geo = read.geometry
            assert geo is not None
            band, line = geo.place(number - (read.sheet.sheet - 1) * geo.lines - 1)
            path, key = Path(f"{self.stem}.line{number}.png"), number
        else:
            band, line = HEADER, 0
            path = Path(f"{self.stem}.sheet{read.sheet.sheet}-header.png")
            key = -read.sheet.sheet
        if key not in self.made:
            self.made[key] = str(path)
            self.files.add(path, crop_png(read, band, line))
        return self.made[key]


def _record(group: Scanned, target: Path, force: bool, rules: Path | None,
            result: ScanResult) -> None:
    """Write one whole match's record and its crops, verify it, and say so in `result`."""
    check_writable(target, force)
    text = group.record()
    heads = text.split("\n\n", 1)[0].count("\n") + 2 if text.startswith("[") else 0
    where = {heads + k + 1: (name, read, number)
             for k, (name, read, number, _) in enumerate(group.lines())}
    files = FileSet(force)
    files.add(target, text)
    crops = _Crops(target, files)
    messages = []
    for name, read in group.sheets:
        for a in read.ambiguities:
            messages.append(f"{a.place(name)}: ambiguous: {a.what} "
                            f"(crop: {crops.of(read, a.line)})")
            result.code = max(result.code, 1)
    report = _verify(group.game, text, target, rules, result)
    findings = []
    if report is not None:
        for f in report.sorted_findings():
            line = f.format(str(target))
            if f.line in where:
                name, read, number = where[f.line]
                line += f" [{name} line {number}, crop: {crops.of(read, number)}]"
            findings.append(line)
        result.code = max(result.code, 0 if report.clean else 1)
    files.commit()
    said = list(report.notes) if report is not None else []     # e.g. a Team Skill taken
    result.lines += [printable(m, 2000) for m in messages + said + findings]
    if report is not None:
        result.lines.append(report.summary())
    result.lines.append(f"record: {target}")


def _verify(game_id: str, text: str, target: Path, rules: Path | None,
            result: ScanResult) -> Report | None:
    """The record's report; None (and an error in `result`) when the record read cannot be
    read as text at all (the kernel makes every other slip a finding): `verify` of the same
    sheets says it is unreadable, exit 2, and so does scan."""
    from printkit_engine.errors import ReadError

    game = registry.get(game_id)
    if game.verify is None:
        return None
    own = None if rules is None else game.rules(rules)   # a bad rules file: its own error
    try:
        return game.verify(text, str(target), own)
    except ReadError as exc:
        result.error(f"{exc.where()}: the record read does not parse: {exc.message}")
        return None
