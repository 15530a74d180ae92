"""`printkit verify RECORD...`: audit recorded games line by line (the reading and
verifying is printkit/records.py; this is the command line around it)."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printkit.errors import UserError
from printkit.text import one_line, printable
from printkit_engine.textfile import MAX_LINE

if TYPE_CHECKING:
    from printkit_engine.findings import Report


class Format(StrEnum):
    text = "text"
    json = "json"


def _safe(text: str) -> str:
    """Report lines quote the record: control characters in it are shown escaped."""
    return "\n".join(printable(line, 4 * MAX_LINE) for line in text.split("\n"))


@dataclass
class Totals:
    clean: int = 0
    with_findings: int = 0
    findings: int = 0
    unreadable: int = 0

    def add(self, report: Report) -> None:
        if report.clean:
            self.clean += 1
        else:
            self.with_findings += 1
            self.findings += len(report.findings) + report.more

    @property
    def exit_code(self) -> int:
        return 2 if self.unreadable else 1 if self.with_findings else 0

    def line(self) -> str:
        n = self.clean + self.with_findings + self.unreadable
        return (f"total: {n} record{'s' if n != 1 else ''}: {self.clean} clean, "
                f"{self.with_findings} with findings ({self.findings} finding"
                f"{'s' if self.findings != 1 else ''}), {self.unreadable} unreadable")

    def as_dict(self) -> dict[str, int]:
        return {"clean": self.clean, "with_findings": self.with_findings,
                "findings": self.findings, "unreadable": self.unreadable}


def verify(
    records: Annotated[list[Path], typer.Argument(help="Record files, or directories of them "
                                                       "(*.rec, *.txt).")],
    format: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
    rules: Annotated[Path | None, typer.Option(help="Rules TOML with your own chart values "
                                                    "(the same file given to render).")] = None,
) -> None:
    """Audit game records; exit 0 all clean, 1 findings, 2 a record could not be read."""
    from printkit import batch
    from printkit.omr.runs import units
    from printkit.records import OwnRules, check_unit, expand, games_of, preload

    files = expand(records)
    if not files:
        raise UserError(f"no record files in {', '.join(map(str, records))}")
    own = OwnRules(rules)
    if rules is not None:
        own.check(games_of(files))  # no rules file of any record's game: one error, exit 2
    todo = units(files)
    if len(todo) == 1:
        report = check_unit(todo[0], own)
        _echo_notes(report)
        typer.echo(report.to_json() if format is Format.json else _safe(report.to_text()))
        sys.exit(0 if report.clean else 1)
    if len(todo) >= batch.POOL_FROM and isinstance(todo[0], str):
        preload(Path(todo[0]), own)
    totals, reports = Totals(), []
    for outcome in batch.run(partial(check_unit, rules=own), todo):
        path, found = outcome.path, outcome.report
        if found is None:
            assert outcome.error is not None
            totals.unreadable += 1
            typer.echo(f"printkit: error: {one_line(str(outcome.error))}", err=True)
            name = path if isinstance(path, str) else ", ".join(path)
            reports.append({"file": name, "unreadable": one_line(outcome.error.message)})
            continue
        totals.add(found)
        _echo_notes(found)
        if format is Format.json:
            reports.append(json.loads(found.to_json()))
        else:
            typer.echo(_safe(found.to_text()))
    if format is Format.json:
        typer.echo(json.dumps({"records": reports, "total": totals.as_dict()}, indent=2))
    else:
        typer.echo(totals.line())
    sys.exit(totals.exit_code)


def _echo_notes(report: Report) -> None:
    """What could not be read of a record (a bubble sheet's unclear mark), said before it."""
    for note in report.notes:
        typer.echo(printable(note))


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)
