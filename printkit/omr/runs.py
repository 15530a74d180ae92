"""One match's bubble sheets as one record, whichever command is given them (`verify`,
`audit`): the files are put in units, each unit one record.

A unit is a file, or the files holding one match's bubble sheets (same game, seed and match
in their QR codes), read together in sheet order. A match's sheets that are not a whole
game (a sheet number missing, one twice, the highest not shaded "last sheet") are a unit
too, even in one file, so what is wrong is reported. Only the QR codes are read to group
the files; the bubbles are read by the unit's reader (a worker process may take it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from printkit_engine.errors import ReadError
from printkit_engine.findings import Finding, Report

SHEET_SUFFIXES = (".pdf", ".png", ".jpg", ".jpeg")   # bubble-sheet scans, photos, filled logs

Unit = str | tuple[str, ...]


def run_name(paths: tuple[Path, ...] | tuple[str, ...]) -> str:
    """How a run of sheet files is named in a report: every file, in sheet-file order."""
    return ", ".join(map(str, paths))


def units(files: list[Path]) -> list[Unit]:
    """What is checked, one record each, in the order of each unit's first file: a file
    (its name), or the files of one match's sheets (a tuple of names)."""
    sheets = [f for f in files if f.suffix.lower() in SHEET_SUFFIXES]
    if len(sheets) < 2:     # nothing to put together: the file's own reader says what is
        return [str(f) for f in files]      # wrong with its sheets, without a first reading
    from printkit.omr import sheet_runs

    run_of = {}
    for run, numbers in sheet_runs(sheets):
        whole = numbers is None or sorted(numbers) == list(range(1, len(numbers) + 1))
        if len(run) > 1 or not whole:
            run_of[run[0]] = run
    grouped = {f for run in run_of.values() for f in run}
    out: list[Unit] = []
    for f in files:
        if f in run_of:
            out.append(tuple(map(str, run_of[f])))
        elif f not in grouped:
            out.append(str(f))
    return out


def read_run(paths: tuple[Path, ...]) -> tuple[str, str, dict[int, str]]:
    """One match's sheet files read as one record: (game id, the record in sheet order,
    record line -> `FILE line N`, N the line printed on the sheet). A run that is no whole
    game (a sheet missing) is a ReadError naming the match and the sheet."""
    from printkit.errors import UserError
    from printkit.omr import record_from_sheets

    try:
        game_id, text, _notes, where = record_from_sheets(list(paths))
    except UserError as exc:
        raise ReadError(str(exc), run_name(paths)) from None
    return game_id, text, where


def sheet_place(sheet: str) -> tuple[str, str] | None:
    """(`FILE`, `N`) of a `FILE line N` sheet place, or None."""
    path, sep, number = sheet.rpartition(" line ")
    return (path, number) if sep and number.isdigit() else None


@dataclass
class RunReport(Report):
    """A run of sheet files' report: each finding names the sheet file and the line printed
    on it (`FILE:N: RULE-ID: ...`), where the player looks, then the record line it is."""

    sheets: dict[int, str] = field(default_factory=dict)    # record line -> `FILE line N`

    def finding_text(self, f: Finding) -> str:
        """`SHEET-FILE:N: RULE-ID: message (expected X, found Y) [record line L]`."""
        from dataclasses import replace

        place = sheet_place(self.sheets.get(f.line, ""))
        if place is None:
            return f.format(self.file)
        return replace(f, line=int(place[1])).format(place[0]) + f" [record line {f.line}]"

    def to_text(self) -> str:
        lines = [self.finding_text(f) for f in self.sorted_findings()]
        lines.append(self.summary())
        return "\n".join(lines)

    def to_json(self) -> str:
        import json

        data = json.loads(super().to_json())
        for f in data["findings"]:
            if f["line"] in self.sheets:
                f["sheet"] = self.sheets[f["line"]]
        return json.dumps(data, indent=2)


def run_report(report: Report, sheets: dict[int, str]) -> RunReport:
    return RunReport(report.file, report.game, report.findings, report.lines_checked,
                     report.summary_extra, report.notes, sheets=sheets)
