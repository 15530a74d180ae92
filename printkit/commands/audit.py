"""`printkit audit DIR`: every record of a class checked in one run (printkit/audit.py).

Each record: clean, findings (rule breaks, or not from this class when --class-key is given)
or unreadable (reported, skipped). Then the standings from the clean results. Exit 0 all
clean, 1 any record with findings, 2 none with findings but one could not be read.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printkit.errors import UserError
from printkit.text import printable

if TYPE_CHECKING:
    from printkit.schedule_check import Bound


class Format(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"
    html = "html"


class Paper(StrEnum):
    letter = "letter"
    a4 = "a4"


def _where(file: str, finding: dict) -> str:
    """FILE:LINE of a finding: on a run of sheet files, the sheet file and its printed line
    (the JSON's "sheet": "FILE line N"), where the teacher looks for it."""
    sheet = finding.get("sheet") or ""
    path, sep, number = sheet.rpartition(" line ")
    if sep and number.isdigit():
        return f"{path}:{number}"
    return f"{file}:{finding['line']}"


def _entry_text(e) -> str:
    """One record in the text report: its findings, then its line (clean, N findings, or
    why it could not be read)."""
    from printkit.text import printable

    if e.status == "unreadable":
        return f"{e.error} [unreadable, skipped]"
    out = []
    for f in e.findings:
        line = f"{_where(e.file, f)}: {f['rule']}: {f['message']}"
        if f.get("expected") or f.get("found"):
            line += f" (expected {f['expected']}, found {f['found']})"
        if f.get("sheet"):
            line += f" [record line {f['line']}]"
        out.append(printable(line, 2000))
    what = "clean" if e.status == "clean" else f"{len(e.findings)} finding" + \
        ("s" if len(e.findings) != 1 else "")
    teams = f"{e.home} v {e.away}" if e.home else ""
    score = f"{e.points[0]}-{e.points[1]}" if e.points else ""
    parts = [f"{e.file}", f"{e.game}{' ' + e.match if e.match else ''}",
             " ".join(p for p in (teams, score) if p), what]
    out.append(printable(": ".join(p for p in parts if p), 2000))  # no teams: no empty part
    return "\n".join(out)


def _standings_text(table) -> str:
    from printkit.text import printable

    out = [f"{'#':>3}  {'team':<24} {'P':>3} {'W':>3} {'D':>3} {'L':>3} {'PF':>5} "
           f"{'PA':>5} {'Pts':>4}"]
    for n, s in enumerate(table, start=1):
        out.append(f"{n:>3}  {printable(s.team, 24)[:24]:<24} {s.played:>3} {s.won:>3} "
                   f"{s.drawn:>3} {s.lost:>3} {s.points_for:>5} {s.points_against:>5} "
                   f"{s.table_points:>4}")
    return "\n".join(out)


def _indented(text: str, by: str) -> str:
    """Every line but the first indented: a value dumped alone, placed inside an object."""
    return text.replace("\n", "\n" + by)


@contextlib.contextmanager
def _report(out: Path | None, force: bool) -> Iterator[Callable[[str], object]]:
    """Where the report is written piece by piece, each record's as it is checked: standard
    output, or a file staged beside its target and put in place at the end (removed if the
    audit fails). The pieces make exactly the text the whole report once was: on standard
    output `typer.echo` ended it with a newline, in a file nothing did."""
    if out is None:
        yield sys.stdout.write
        sys.stdout.write("\n")
        return
    from printkit.output import FileSet

    with FileSet(force) as files, files.writing(out) as fh:
        yield lambda piece: fh.write(piece.encode("utf-8"))


def audit(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="A folder of records (*.rec, "
                                                                "*.txt, any game, any mix).")],
    class_key: Annotated[Path | None, typer.Option(
        "--class-key", help="The class key: check each record's seed belongs to this class "
                            "and its match.")] = None,
    format: Annotated[Format, typer.Option("--format", help="text, json, csv or html.")]
    = Format.text,
    out: Annotated[Path | None, typer.Option(help="Write the report to this file (default "
                                                  "stdout).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the report file.")] = False,
    class_dir: Annotated[Path | None, typer.Option(
        "--class", help="The class folder `classroom` wrote (its results.csv is the "
                        "schedule); default: DIR or the folder above it, if either holds "
                        "results.csv.")] = None,
    annotate: Annotated[Path | None, typer.Option(
        "--annotate", metavar="OUTDIR", help="Also write one PDF per team to OUTDIR: a "
                                             "summary page, then its sheets with every "
                                             "finding marked.")] = None,
    paper: Annotated[Paper | None, typer.Option(
        help="Paper of the --annotate PDFs (default: the class's pack, else letter).")]
    = None,
) -> None:
    """Audit every record of a class: findings, class membership, the schedule, standings."""
    from printkit import audit as engine_audit
    from printkit.classkey import read_key
    from printkit.schedule_check import Bound, find_schedule, printouts_in, read_schedule

    if not folder.is_dir():
        raise UserError(f"{folder}: not a directory (audit takes the folder of a class's "
                        "records)")
    key = read_key(class_key) if class_key is not None else None
    printouts = printouts_in(folder)
    files = [f for f in engine_audit.files_in(folder)
             if not any(f == p or f.is_relative_to(p) for p in printouts)]
    if printouts:
        typer.echo("note: the class's own printouts are not hand-ins, left out: "
                   + ", ".join(p.name + ("/" if p.is_dir() else "") for p in printouts), err=True)
    if not files:
        raise UserError(f"{folder}: no record files (*.rec, *.txt)")
    if annotate is not None and annotate.exists() and not annotate.is_dir():
        raise UserError(f"--annotate: {printable(str(annotate))}: not a directory")
    if annotate is not None and annotate.resolve().is_relative_to(folder.resolve()):
        raise UserError(f"--annotate: {printable(str(annotate))} is inside {printable(str(folder))}"
                        ": the next audit would read the team PDFs as records; write them "
                        "beside it")
    results = find_schedule(folder, class_dir)
    teams, typed = engine_audit.read_results(results) if results else ([], [])
    bound = Bound(read_schedule(results) if results else [], typed)
    if annotate is not None:                 # the class's teams' PDFs refused before the work
        from printkit.annotate import file_names
        from printkit.output import check_writable

        for name in file_names(teams).values():
            check_writable(annotate / name, force)
    if results is None:
        typer.echo("note: no class schedule (results.csv) in the folder or the one above it: "
                   "each record's match and teams were not checked (--class CLASSDIR)",
                   err=True)
    if format is Format.html:
        entries, line, table, accounts = _html(files, key, teams, typed, out, force, bound)
    else:
        entries, line, table, accounts = _streamed(format, files, key, teams, typed, out,
                                                   force, bound, keep=annotate is not None)
    if out is not None:
        typer.echo(line)
    if format is not Format.text and out is None:
        typer.echo(line, err=True)
    if annotate is not None:
        _annotate(annotate, entries, table, accounts, bound, paper, results, force)
    sys.exit(1 if any(e.status == "findings" for e in entries)
             else 2 if any(e.status == "unreadable" for e in entries) else 0)


def _annotate(outdir: Path, entries, table, accounts, bound: Bound, paper: Paper | None,
              results: Path | None, force: bool) -> None:
    """One PDF per team in `outdir`, written as one set (none if one cannot be)."""
    from printkit.annotate import annotate, class_paper, team_views
    from printkit.output import FileSet

    sheet = paper.value if paper is not None else class_paper(results) or "letter"
    games = sorted({e.game for e in entries if e.game})
    title = f"Audit of {', '.join(games) or 'the records'}: sheets handed back"
    views = team_views(entries, table, accounts, bound.fixtures, bound.teams_of)
    with FileSet(force) as files:
        for name, data in annotate(views, sheet, title).items():
            files.add(outdir / name, data)
    typer.echo(f"annotated: {len(views)} team PDFs ({sheet}) in {printable(str(outdir))}",
               err=True)


def _html(files, key, teams, typed, out, force, bound: Bound) -> tuple[list, str, list, list]:
    """The HTML page: every record's findings and lines at once, so all are kept."""
    from printkit import audit as engine_audit
    from printkit import standings
    from printkit.audit_html import html_report
    from printkit.output import write_atomic

    entries = [bound.check(e) for e in engine_audit.audit_files(files, key, keep_text=True)]
    result = engine_audit.class_result(entries, bound, teams, typed)
    report = html_report(entries, result.table, result.summary, key.class_id if key else "",
                         tuple(map(str, result.accounts)), standings.html(result.players))
    if out is not None:
        write_atomic(out, report, force)
    else:
        typer.echo(report)
    return entries, result.summary, result.table, result.accounts


def _streamed(format: Format, files, key, teams, typed, out, force, bound: Bound,
              keep: bool = False) -> tuple[list, str, list, list]:
    """A text, CSV or JSON report written record by record as each is checked: only each
    record's slim entry is kept for the standings (a class of 5,000 records with findings
    once held every finding until the end), unless `keep` (the annotated PDFs need them)."""
    from printkit import audit as engine_audit
    from printkit.gradebook import HEAD, Gradebook, csv_text
    from printkit.standings import text as players_text

    entries: list = []
    book = Gradebook(bound.teams_of)
    with _report(out, force) as write:
        if format is Format.csv:
            write(csv_text([HEAD]))
        elif format is Format.json:
            write('{\n  "records": [')
        checked = engine_audit.audit_iter(files, key, keep_text=keep)
        for k, e in enumerate(map(bound.check, checked)):
            if format is Format.text:
                write(_entry_text(e) + "\n")
            elif format is Format.csv:
                write(csv_text(book.record_rows(e)))
            else:
                write(("," if k else "") + "\n    "
                      + _indented(json.dumps(e.as_dict(), indent=2), "    "))
            entries.append(e if keep else e.slim())
        result = engine_audit.class_result(entries, bound, teams, typed)
        accounts, table, people, line = (result.accounts, result.table, result.players,
                                         result.summary)
        if format is Format.text:
            matches = "".join(f"{a}\n" for a in accounts)
            write(("\n" + matches if matches else "")
                  + ("\n" + _standings_text(table) + "\n" if table else "")
                  + ("\n" + players_text(people) + "\n" if people else "") + line)
        elif format is Format.csv:
            write(csv_text(book.end_rows(accounts, table, people)))
        elif format is Format.json:
            standings = [{**s.__dict__, "points": s.table_points} for s in table]
            standings_json = ',\n  "players": ' + _indented(json.dumps(
                [p.as_dict() for p in people], indent=2), "  ")
            listed = [{"match": a.fixture.match, "teams": a.fixture.teams, "state": a.state,
                       "files": list(a.files), "text": str(a)} for a in accounts]
            write('\n  ],\n  "matches": ' + _indented(json.dumps(listed, indent=2), "  ")
                  + ',\n  "standings": ' + _indented(json.dumps(standings, indent=2), "  ")
                  + standings_json
                  + ',\n  "summary": ' + json.dumps(line) + "\n}")
    return entries, line, table, accounts


def register(app: typer.Typer) -> None:
    app.command("audit")(audit)
