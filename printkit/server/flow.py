"""The class flow as the page runs it: the same library calls as `printkit classroom` (make a
class's pack, schedule, teacher sheet and results.csv) and `printkit audit` (check the
hand-ins against the class key and the schedule, standings, the gradebook CSV).

A class lives in its own folder under the class folder (`class-N/`): its printouts, its key
(`class.key`, never served), results.csv, and `handins/` with every uploaded file under a
generated name.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from printkit.errors import UserError
from printkit.schedule_check import PACK, SCHEDULE, TEACHER
from printkit_engine.errors import ReadError
from printkit_engine.roster import Roster, parse_roster

KEY = "class.key"
HANDINS = "handins"
DOWNLOADS = (PACK, SCHEDULE, TEACHER)    # what the page serves of a class (never its key)


class FlowError(ValueError):
    """Input the class flow refused: the message is shown on the page."""


def roster_from(text: str, source: str) -> Roster:
    """Team names typed one a line, or a roster file as `classroom --roster` reads them."""
    from printkit.teamnames import unprintable

    try:
        return parse_roster(text, source, unprintable)
    except ReadError as exc:
        raise FlowError(str(exc)) from None


@dataclass(frozen=True)
class Made:
    class_id: str            # the class key's id, printed on every page
    teams: tuple[str, ...]
    matches: int
    pages: int


def make_class(folder: Path, game: str, roster: Roster, format: str, paper: str,
               length: str = "", log: str = "") -> Made:
    """Write a class into `folder` (new): its key, pack, schedule, teacher sheet, results.csv.
    All or nothing (printkit.output.FileSet), as `classroom` writes them. `log`: "dense" for
    the full-line bubble log (`classroom --dense`), "" for the decision sheet."""
    from printkit.classkey import load_or_create
    from printkit.classroom import make_plan, pack_options, write_class
    from printkit.output import FileSet
    from printkit_engine import registry
    from printkit_engine.tournament import TournamentError, schedule

    if game not in registry.GAMES:
        raise FlowError(f"unknown game {game!r}")
    if format not in ("round-robin", "knockout"):
        raise FlowError(f"unknown format {format!r}")
    if paper not in ("letter", "a4"):
        raise FlowError(f"unknown paper {paper!r}")
    if log not in ("", "dense"):
        raise FlowError(f"unknown bubble log {log!r}")
    if length:
        from printkit.omr.sheet import check_length

        try:
            check_length(game, length, option="game length")
        except UserError as exc:
            raise FlowError(str(exc)) from None
    try:
        sched = schedule(format, roster.teams)
    except TournamentError as exc:
        raise FlowError(f"teams: {exc}") from None
    try:
        folder.mkdir(parents=True)
        (folder / HANDINS).mkdir()
        key, _ = load_or_create(folder / KEY)
        plan = make_plan(game, sched, key, paper, roster)
        with FileSet(False) as files:
            pages = write_class(files, folder, plan, pack_options(paper, length, log == "dense"),
                                singles=False)
    except UserError as exc:
        raise FlowError(str(exc)) from None
    return Made(key.class_id, tuple(roster.teams), len(plan.matches), pages)


MORE_SHEETS = 10          # the most next sheets one request prints (a game's worth: bounded)


def next_sheets(folder: Path, game: str, format: str, paper: str, teams: tuple[str, ...],
                length: str, log: str | None, match: str, count: str) -> tuple[str, bytes]:
    """A match's next bubble sheets for a game longer than its pack's: `count` of them,
    numbered on from the pack's last (`classroom.more_sheets`: the pack's stamp, seed, teams,
    code, table size, log and length); (a file name, the PDF). `log` None: a class made
    before the page kept its log, read off its pack."""
    from printkit.classkey import read_key
    from printkit.classroom import make_plan, more_sheets, pack_options, pack_sheets
    from printkit_engine.tournament import schedule

    if not count.isdigit() or not 1 <= int(count) <= MORE_SHEETS:
        raise FlowError(f"more sheets: 1 to {MORE_SHEETS} at a time, not {count[:10]!r}")
    plan = make_plan(game, schedule(format, teams), read_key(folder / KEY), paper)
    mp = next((m for m in plan.matches if m.match.id == match), None)
    if mp is None:
        raise FlowError(f"more sheets: no match {match[:20]!r} in this class")
    dense = (log == "dense") if log is not None else _pack_is_dense(folder / PACK)
    opts = pack_options(paper, length, dense)
    first = pack_sheets(plan, opts) + 1
    last = first + int(count) - 1
    name = f"{mp.match.id}-sheets-{first}-{last}.pdf"
    return name, more_sheets(plan, mp, opts, first, last)


def _pack_is_dense(pack: Path) -> bool:
    """Whether a class's pack prints the full-line bubble log (its first bubble sheet's title
    says "bubble log", not "bubble log (decisions)")."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pack)
    try:
        for page in doc:
            text = page.get_textpage().get_text_range()
            if "bubble log" in text:
                return "bubble log (decisions)" not in text
    finally:
        doc.close()
    return False


STORED = re.compile(r"\bh\d{5}\.(?:jpg|png|pdf|rec)\b")   # a hand-in's generated name


@dataclass(frozen=True)
class Audited:
    """What one audit run of a class found: the report the results page shows, the gradebook
    CSV, what each hand-in was read as (by its stored name) and each team's annotated PDF
    (team -> (file name, bytes))."""

    report: dict
    gradebook: str
    readings: dict[str, str]
    annotated: dict[str, tuple[str, bytes]]


Progress = Callable[[int, int, str], None]      # (files done, files, what is being done)


def audit_class(folder: Path, handins: list[tuple[str, str]], paper: str,
                progress: Progress = lambda done, total, phase: None) -> Audited:
    """Audit the class's hand-ins as `printkit audit --class --annotate` does, in this
    process, from inside the class's hand-in folder (so a file is named by its stored name,
    in the report and on the annotated sheets). `handins` are (stored name, the name it was
    handed in as), in hand-in order. A photo or PDF handed in twice byte for byte is audited
    once (a sheet in two files would make its match's run unreadable); its copy is read as
    the first. `progress` hears of each file read. The annotated sheets are drawn for the
    teams with findings (the page links them there; a clean team's would only cost time)."""
    from printkit import audit as lib
    from printkit.annotate import annotate, file_names, team_views
    from printkit.classkey import read_key
    from printkit.gradebook import HEAD, Gradebook, csv_text
    from printkit.schedule_check import RESULTS, Bound, read_schedule

    names = dict(handins)
    results = folder / RESULTS
    key = read_key(folder / KEY)
    teams, typed = lib.read_results(results)
    bound = Bound(read_schedule(results), typed)
    here = folder / HANDINS
    first: dict[str, str] = {}                   # sheet copy -> the hand-in it copies
    seen: dict[bytes, str] = {}
    for stored, _ in handins:
        if Path(stored).suffix in lib.SHEETS:
            digest = hashlib.sha256((here / stored).read_bytes()).digest()
            first[stored] = seen.setdefault(digest, stored)
    files = [Path(stored) for stored, _ in handins if first.get(stored, stored) == stored]
    book = Gradebook(bound.teams_of)
    rows = [HEAD]
    entries = []
    done = 0
    progress(0, len(files), "reading the sheets' codes")
    for e in map(bound.check, lib.audit_iter(files, key, workers=1)):
        rows += book.record_rows(e)
        entries.append(e)
        done += len(e.sources)
        progress(done, len(files), f"read {done} of {len(files)} files")
    result = lib.class_result(entries, bound, teams, typed)
    accounts, table, people = result.accounts, result.table, result.players
    rows += book.end_rows(accounts, table, people)

    def shown(text: str) -> str:
        """A stored file's name as the teacher knows it: the name it was handed in as."""
        return STORED.sub(lambda m: f"{names[m[0]]} [{m[0]}]" if m[0] in names else m[0],
                          text)

    report = {
        "records": [{"file": shown(e.file), "status": e.status, "game": e.game,
                     "match": e.match, "teams": " v ".join(t for t in (e.home, e.away) if t),
                     "points": list(e.points) if e.points else None,
                     "error": shown(e.error),
                     "findings": [{"line": f["line"], "rule": f["rule"],
                                   "message": shown(f["message"]),
                                   "sheet": shown(f.get("sheet") or ""),
                                   "expected": f.get("expected") or "",
                                   "found": f.get("found") or ""} for f in e.findings],
                     "of": list(bound.teams_of(e)) if e.status != "unreadable" else []}
                    for e in entries],
        "matches": [{"match": a.fixture.match, "teams": a.fixture.teams, "state": a.state,
                     "text": shown(str(a))} for a in accounts],
        "standings": [{"team": s.team, "played": s.played, "won": s.won, "drawn": s.drawn,
                       "lost": s.lost, "for": s.points_for, "against": s.points_against,
                       "points": s.table_points} for s in table],
        "players": [p.as_dict() for p in people],
        "summary": result.summary,
    }
    readings = {stored: shown(text) for stored, text in read_as(entries).items()}
    for copy, original in first.items():
        if copy != original:
            readings[copy] = (f"the same file as {names[original]} [{original}]: "
                              + readings.get(original, ""))
    progress(len(files), len(files), "drawing the annotated sheets")
    views = team_views(entries, table, accounts, bound.fixtures, bound.teams_of)
    named = file_names([v.team for v in views])
    views = [v for v in views if v.findings]      # what the page links: a team's findings
    games = sorted({e.game for e in entries if e.game})
    title = f"Audit of {', '.join(games) or 'the records'}: sheets handed back"
    pdfs = annotate(views, paper, title)          # named among these views' teams
    drawn = file_names([v.team for v in views])
    annotated = {v.team: (named[v.team], pdfs[drawn[v.team]]) for v in views}
    return Audited(report, csv_text(tuple(shown(c) if isinstance(c, str) else c for c in r)
                                    for r in rows), readings, annotated)


def read_as(entries: list) -> dict[str, str]:
    """What each file an entry was read from was read as: its match and sheet n of m (a
    bubble sheet; m the last sheet of the match's that was handed in), its match and teams (a
    typed record), or why it was not read."""
    from printkit.audit import SHEETS
    from printkit.omr import sheet_ids

    out: dict[str, str] = {}
    for e in entries:
        teams = f"({e.home} v {e.away})" if e.home or e.away else ""
        why = f"not read: {e.error}" if e.status == "unreadable" else ""
        ids = {s: sheet_ids(Path(s)) if Path(s).suffix in SHEETS else [] for s in e.sources}
        of = max((i.sheet for found in ids.values() for i in found), default=0)
        for source, found in ids.items():
            if not found:
                out[source] = why or " ".join(p for p in (e.match, teams) if p) or "a record"
                continue
            match = e.match or dict(found[0].tags).get("Match", "")
            numbers = [i.sheet for i in found]
            n = (f"sheet {numbers[0]}" if len(numbers) == 1
                 else f"sheets {', '.join(map(str, numbers))}")
            placed = " ".join(p for p in (match, f"{n} of {of}") if p)
            out[source] = f"{placed}; {why}" if why else " ".join(p for p in (placed, teams)
                                                                  if p)
    return out
