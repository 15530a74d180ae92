"""The class flow as the page runs it: the same library calls as `printkit classroom` (make a
class's pack, schedule, teacher sheet and results.csv) and `printkit audit` (check the
hand-ins against the class key and the schedule, standings, the gradebook CSV).

A class lives in its own folder under the class folder (`class-N/`): its printouts, its key
(`class.key`, never served), results.csv, and `handins/` with every uploaded file under a
generated name.
"""

from __future__ import annotations

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


def make_class(folder: Path, game: str, roster: Roster, format: str, paper: str) -> Made:
    """Write a class into `folder` (new): its key, pack, schedule, teacher sheet, results.csv.
    All or nothing (printkit.output.FileSet), as `classroom` writes them."""
    from printkit.classkey import load_or_create
    from printkit.classroom import make_plan, write_class
    from printkit.output import FileSet
    from printkit.sheets import RenderOptions
    from printkit_engine import registry
    from printkit_engine.tournament import TournamentError, schedule

    if game not in registry.GAMES:
        raise FlowError(f"unknown game {game!r}")
    if format not in ("round-robin", "knockout"):
        raise FlowError(f"unknown format {format!r}")
    if paper not in ("letter", "a4"):
        raise FlowError(f"unknown paper {paper!r}")
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
            pages = write_class(files, folder, plan, RenderOptions(paper=paper), singles=False)
    except UserError as exc:
        raise FlowError(str(exc)) from None
    return Made(key.class_id, tuple(roster.teams), len(plan.matches), pages)


def audit_class(folder: Path, files: list[Path], names: dict[str, str]) -> tuple[dict, str]:
    """Audit the class's hand-ins (`files`, in hand-in order) as `printkit audit --class`
    does, in this process (synchronously): (the report the results page shows, the gradebook
    CSV). `names` maps a stored file's name to the name it was handed in as, for the page."""
    from printkit import audit as lib
    from printkit.classkey import read_key
    from printkit.gradebook import HEAD, Gradebook, csv_text
    from printkit.schedule_check import RESULTS, Bound, read_schedule

    results = folder / RESULTS
    key = read_key(folder / KEY)
    teams, typed = lib.read_results(results)
    bound = Bound(read_schedule(results), typed)
    book = Gradebook(bound.teams_of)
    rows = [HEAD]
    entries = []
    for e in map(bound.check, lib.audit_iter(files, key, workers=1)):
        rows += book.record_rows(e)
        entries.append(e)
    result = lib.class_result(entries, bound, teams, typed)
    accounts, table, people = result.accounts, result.table, result.players
    rows += book.end_rows(accounts, table, people)
    prefix = str(folder / HANDINS) + "/"

    def shown(text: str) -> str:
        """A stored file's path as the teacher knows it: the name it was handed in as."""
        for stored, original in names.items():
            text = text.replace(prefix + stored, f"{original} [{stored}]")
        return text.replace(prefix, "")

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
    return report, csv_text(tuple(shown(c) if isinstance(c, str) else c for c in r)
                            for r in rows)
