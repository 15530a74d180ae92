"""Reading filled drive logs back into records: bubble sheets (scans, photos, PDFs) and
fillable PDF logs.

`record_from_file(path) -> (game_id, record_text, notes)` is the one entry point `audit` and
`verify` use for a file that is not a typed record. OpenCV and numpy are imported only when an
image is actually read, so `printkit --help` stays fast.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from printkit.errors import UserError
from printkit.omr.files import (
    FileSheets,
    Opened,
    Seen,
    read_bubble_file,
    read_sheet_image,
    sheet_id_of,
)
from printkit.text import printable

__all__ = ["RUN_SUFFIXES", "FileSheets", "Opened", "Scanned", "Seen", "ambiguous", "collect",
           "gaps", "incomplete", "match_name", "named_run", "read_bubble_file", "read_files",
           "read_sheet_image", "record_from_file", "record_from_sheets", "refused", "run_key",
           "sheet_id_of", "sheet_ids", "sheet_runs"]

RUN_SUFFIXES = (".pdf", ".png", ".jpg", ".jpeg")

if TYPE_CHECKING:
    from printkit.omr.read import SheetRead


@dataclass
class Scanned:
    """Every bubble sheet read from some files, as one record per game and tags."""

    game: str
    tags: list[tuple[str, str]]
    sheets: list[tuple[str, SheetRead]] = field(default_factory=list)   # (file name, read)

    def lines(self) -> list[tuple[str, SheetRead, int, str | None]]:
        """(file, sheet, printed line number, text or None) of each record line, in sheet then
        band order: a band holding several lines (a grammar whose forms have newlines) gives
        each its own entry, all with the band's printed number."""
        out = []
        for name, read in sorted(self.sheets, key=lambda s: s[1].sheet.sheet):
            out += [(name, read, n, part) for n, t in read.lines
                    for part in (t.split("\n") if t is not None else (None,))]
        return out

    def record(self) -> str:
        """The record the sheets write; an ambiguous band is a comment line saying so (the
        verifier then finds what is missing), never a guess."""
        from printkit_engine.bubbles import record_text

        body = []
        for name, read, number, text in self.lines():
            if text is None:
                what = next(a.what for a in read.ambiguities if a.line == number)
                body.append(f"; {name} line {number}: not read: {what}")
            else:
                body.append(text)
        return record_text(self.result_tags(), body)

    def result_tags(self) -> list[tuple[str, str]]:
        """The QR's tags, the log's own (a decision sheet's `Log`, a PostCard sheet's Team
        Skills not said: `Grammar.stamp`) where the QR has no tag of that name, then the
        header's (Result), read from the sheets that shade them. A header tag the QR carries
        too (a Luck of the Draw sheet printed `--players 5`) keeps its place and the QR's
        value unless the header shades one (what the table shaded is its record)."""
        from printkit.omr.sheet import sheet_grammar

        first = self.sheets[0][1].sheet
        grammar = sheet_grammar(self.game, self.tags, first.paper, first.key)[0]
        named = {name for name, _ in self.tags}
        tags = list(self.tags) + [t for t in grammar.stamp if t[0] not in named]
        for tag, slot in grammar.header:
            value = None
            for _, read in sorted(self.sheets, key=lambda s: s[1].sheet.sheet):
                marks = read.header.get(slot.name)
                if marks:
                    text = slot.read(marks)
                    if text and text in slot.table:
                        value = text
            if tag in named:
                tags = [(k, value if k == tag and value is not None else v) for k, v in tags]
            else:
                tags.append((tag, "*" if value is None else value))
        return tags


def collect(files: list[tuple[str, SheetRead]]) -> list[Scanned]:
    """Sheets grouped into records: same game and tags (seed, teams, match)."""
    groups: dict[tuple, Scanned] = {}
    for name, read in files:
        key = (read.sheet.game, read.sheet.tags, read.sheet.key)    # one log, one record
        group = groups.setdefault(key, Scanned(read.sheet.game,
                                               [("Game", read.sheet.game),
                                                *read.sheet.tags]))
        group.sheets.append((name, read))
    return list(groups.values())


def match_name(tags: list[tuple[str, str]]) -> str:
    """`match M7 (seed S)`, `seed S` or `match M7`: how a run's sheets are named."""
    have = dict(tags)
    seed = f"seed {printable(have['Seed'], 40)}" if have.get("Seed") else ""
    if have.get("Match"):
        return f"match {printable(have['Match'], 40)}" + (f" ({seed})" if seed else "")
    return seed or "these sheets"


def gaps(group: Scanned) -> str | None:
    """What keeps a match's sheets from being a whole game, or None: a sheet number missing
    (sheets 1 and 3, no 2), one sheet twice (two photos of it, or two sheets printed with one
    code: which is the game's cannot be told), a sheet shaded "last sheet (game over)" with
    later ones after it, or the highest sheet not shaded so (a later sheet may be missing: the
    QR carries the sheet's number, not a total). Blank sheets after the one marked as the
    last (printed for a longer game, handed in untouched) are no gap: nothing on them is read.
    Said without the match's name."""
    ends = [r.sheet.sheet for _, r in group.sheets if r.last]
    after = [r for _, r in group.sheets if ends and r.sheet.sheet > min(ends)]
    unused = {id(r) for r in after} if all(map(_blank, after)) else set()
    numbers = sorted(r.sheet.sheet for _, r in group.sheets if id(r) not in unused)
    missing = [k for k in range(1, numbers[-1] + 1) if k not in numbers]
    if missing:
        return (f"sheet{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))} "
                f"missing (sheets {', '.join(map(str, numbers))} found)")
    twice = sorted({k for k in numbers if numbers.count(k) > 1})
    if twice:
        names = [n for n, r in group.sheets if r.sheet.sheet == twice[0]]
        return f"sheet {twice[0]} is given twice ({', '.join(names)}): keep one"
    top = numbers[-1]
    early = sorted(r.sheet.sheet for _, r in group.sheets if r.last and r.sheet.sheet < top)
    if early:
        return (f"sheet {early[0]} is marked as the last, but sheet {top} follows: unshade "
                "the wrong one")
    if not any(r.last for _, r in group.sheets if r.sheet.sheet == top):
        from printkit.omr.read import LAST_DOUBT

        if any(a.what == LAST_DOUBT for _, r in group.sheets if r.sheet.sheet == top
               for a in r.ambiguities):
            return (f"sheet {top}'s \"last sheet (game over)\" bubble is half-shaded: shade it "
                    "fully if the game ended on this sheet, or rub it out")
        return f"sheet {top} is not marked as the last: a later sheet may be missing"
    return None


def _blank(read: SheetRead) -> bool:
    """Nothing shaded on the sheet: no line, no half-shaded bubble, no header bubble."""
    return not (read.lines or read.ambiguities or read.last or any(read.header.values()))


def incomplete(group: Scanned) -> str | None:
    """`match M7 (seed S): sheet 2 missing (sheets 1, 3 found): not verified`, or None for a
    whole game (see `gaps`)."""
    why = gaps(group)
    if why is None:
        return None
    return f"{match_name(group.tags)}: {why}: not verified"


def refused(why: str, notes: list[str]) -> UserError:
    """The error of a match's sheets that are no whole game, with what the reader said of
    the files (two sheets in one picture: the likely reason a sheet is missing)."""
    return UserError(why + (f" ({'; '.join(notes)})" if notes else ""))


def ambiguous(group: Scanned) -> list[str]:
    """`FILE:LINE: ambiguous: ...` of every bubble left unread in the group's sheets."""
    return [f"{a.place(n)}: ambiguous: {a.what}" for n, r in group.sheets for a in r.ambiguities]


def read_files(paths: list[Path], first: Opened | None = None) -> FileSheets:
    """Every bubble sheet in the files, in order, each sheet read once (one given twice is
    listed under both names with one read); the notes of every file. `first`: the first
    file, already opened (its first page decoded and its codes read)."""
    seen = Seen()
    out = FileSheets()
    for k, path in enumerate(paths):
        got = read_bubble_file(path, first if k == 0 else None, seen)
        out += got
        out.notes += got.notes
    return out


def record_from_file(path: Path) -> tuple[str, str, list[str]]:
    """A record from a bubble-sheet scan/photo/PDF or a filled fillable PDF log:
    (game id, record text, notes). Notes are one line each, `FILE:LINE: ...`, for what could
    not be read (ambiguous bubbles); UserError when nothing can be read."""
    from printkit.omr import fillable

    if path.suffix.lower() == ".pdf" and fillable.is_fillable(path):
        return fillable.record_from_pdf(path)
    name = printable(str(path))
    reads = read_bubble_file(path)
    groups = collect(reads)
    if len(groups) > 1:
        raise UserError(f"{name}: sheets of {len(groups)} different games or matches in one "
                        "file")
    group = groups[0]
    if why := incomplete(group):
        raise refused(f"{name}: {why}", reads.notes)
    return group.game, group.record(), reads.notes + ambiguous(group)


# -- one game's sheets in several files (audit) ---------------------------------------------

def sheet_ids(path: Path) -> list:
    """The bubble-sheet codes in a file, read from the QR codes alone (no bubble is judged):
    [] for a file that is no photo, scan or PDF, a fillable log, a file with no sheet code,
    or one that cannot be opened (the file is then read on its own, and any error reported
    there)."""
    from printkit.omr import fillable
    from printkit.omr.files import sheet_ids as codes_in

    if path.suffix.lower() not in RUN_SUFFIXES:
        return []
    if path.suffix.lower() == ".pdf" and fillable.is_fillable(path):
        return []
    return codes_in(path)


def run_key(ids: list) -> tuple[str, ...] | None:
    """(game, seed, match, home, away, geometry key) of a file whose sheets are all of one
    game's log and name its Seed, else None: sheets without a seed are never put together
    with another file's, nor a game's two logs (the grid game's score sheet and passage log
    of one match are two records). A class's sheets name their Match, a table's printed
    `--seed S --home H --away A` both teams; a Luck of the Draw table's (players, no teams)
    only the seed (:func:`named_run`)."""
    keys = {(i.game, *(dict(i.tags).get(t, "") for t in ("Seed", "Match", "Home", "Away")),
             i.key) for i in ids}
    if len(keys) != 1:
        return None
    key = keys.pop()
    return key if key[1] else None


def named_run(key: tuple[str, ...]) -> bool:
    """Does the key name one game (a Seed and a Match, or a Seed and both teams)? Two tables
    may print one seed alone (`--seed demo`), so files naming only a seed go together only
    when no sheet number comes twice among them (:func:`sheet_runs`)."""
    _, _, match, home, away, _ = key
    return bool(match or (home and away))


def sheet_runs(paths: list[Path]) -> list[tuple[list[Path], list[int] | None]]:
    """The files in groups, each group one record: the files holding the bubble sheets of
    one game (same game, seed and match or teams in the QR code) together, with the sheet
    numbers they hold; every other file alone (numbers None). Files naming only a seed are
    one group when no sheet number comes twice among them (one table's photos, a sheet a
    photo), else each alone: two tables' runs printed with one seed are never mixed into one
    record (a whole run in one file is still verified). Groups come in the order of their
    first file; every path is in exactly one group."""
    runs: dict[tuple, tuple[list[Path], list[int]]] = {}
    order: list[tuple | Path] = []                    # each group's key, or a file alone
    for path in paths:
        ids = sheet_ids(path)
        key = run_key(ids)
        if key is None:
            order.append(path)
        elif key in runs:
            runs[key][0].append(path)
            runs[key][1].extend(i.sheet for i in ids)
        else:
            runs[key] = ([path], [i.sheet for i in ids])
            order.append(key)
    out: list[tuple[list[Path], list[int] | None]] = []
    for item in order:
        if isinstance(item, Path):
            out.append(([item], None))
            continue
        files, numbers = runs[item]
        if named_run(item) or len(set(numbers)) == len(numbers):
            out.append((files, numbers))
        else:                                         # two tables on one seed: apart
            out.extend(([f], [i.sheet for i in sheet_ids(f)]) for f in files)
    return out


def record_from_sheets(paths: list[Path]) -> tuple[str, str, list[str], dict[int, str]]:
    """One match's bubble sheets spread over several files, read as one record in sheet
    order: (game id, record text, notes, record line -> `FILE line N`, N the line number
    printed on the sheet). A sheet number missing from the run (sheets 1 and 3, no 2), or
    one sheet in two files, is a UserError naming the match and the sheet: such a run is not
    verified, its lines would be wrongly numbered and its findings spurious."""
    reads = read_files(paths)
    groups = collect(reads)
    if len(groups) > 1:
        raise UserError("these sheets of one match carry different tags (teams, date) in "
                        "their codes: print a match's sheets in one run")
    group = groups[0]
    if why := incomplete(group):
        raise refused(why, reads.notes)
    text = group.record()
    heads = text.split("\n\n", 1)[0].count("\n") + 2 if text.startswith("[") else 0
    where = {heads + k + 1: f"{name} line {number}"
             for k, (name, _, number, _) in enumerate(group.lines())}
    return group.game, text, reads.notes + ambiguous(group), where
