"""Sheets handed back (`audit --annotate OUTDIR`): one PDF per team, as Auto Multiple Choice
hands each student their annotated scan.

A team's PDF opens with a summary page: its standing, every match of its with what became of
it (result, pending, missing, ...), and every finding on its records with the line it is on
and what to check. Then the team's own sheets: a typed record set as monospace text, every
line numbered and a line with findings boxed in red with the findings under it; a photo or a
PDF page of a bubble log placed whole (its true aspect), the band of a line with a finding
boxed in red on it (the sheet's corner markers give the page-to-picture homography, as they
do the reader), the findings on that sheet listed under it by the line printed on the sheet;
then the record as read from the sheets, set as a typed one is.

File names are made from team names (`safe_name`): letters and digits only, never a path a
record or a roster could steer. Nothing is drawn within MARGIN of the page edge; no text is
smaller than 8 pt.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont

from printkit.pdfdoc import FONT_DIR, Document
from printkit.text import printable

if TYPE_CHECKING:
    from printkit.audit import Entry
    from printkit.schedule_check import Account, Fixture
    from printkit_engine.tournament import Standing

SANS, BOLD, MONO = "DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono"
MARGIN = 36.0                 # pt: half an inch, twice the 0.25 in nothing may come nearer
SIZE = 9.0                    # the summary's text
MONO_SIZE = 8.0               # a record's lines: the floor of text a person reads
LEADING = 1.3
RED = Color(0.78, 0.1, 0.1)
GREY = Color(0.4, 0.4, 0.4)
PHOTO_PIXELS = 1600           # a photo's longer side placed on the page (about 200 dpi)
PDF_DPI = 110                 # a handed-in PDF page drawn at this to be placed
MAX_PICTURES = 40             # pages of one handed-in PDF shown (a bubble log has a few)

# what to check, by rule id: the class's own rules; a game's rule falls back to DEFAULT
CHECKS = {
    "CLASS-001": "Copy the [Seed] line from your match's play book onto the record.",
    "CLASS-002": "The seed must be the one printed on your own match's play book: check "
                 "you played from your book and copied its seed letter by letter.",
    "CLASS-003": "Write the match as your play book has it: M and its number (M7).",
    "CLASS-004": "Write both teams' names exactly as the schedule has them.",
    "CLASS-005": "Copy the match from your play book: the schedule has no such match.",
    "CLASS-006": "The record's final score and the one on the teacher's results sheet "
                 "differ: check the score with your teacher.",
}
DEFAULT = "Check this line against your play book's draw and the rules."
NO_TEAM = "Records that name no team"
NO_TEAM_FILE = "_no-team.pdf"     # '_': never a name safe_name makes of a team
STATES = {"missing": "no record handed in", "pending": "pending: its record has findings",
          "twice": "two records agree, counted once",
          "disagree": "two records disagree: counted when one is removed"}


DEVICES = {"con", "prn", "aux", "nul", *(f"{d}{n}" for d in ("com", "lpt") for n in range(10))}


def safe_name(team: str, taken: set[str]) -> str:
    """A file name for a team's PDF: the name's letters and digits (accents dropped), words
    joined by '-', at most 60 characters, 'team' when nothing is left, '-2', '-3' when
    another team made the same; never a path separator, a dot file or a device name."""
    ascii_name = unicodedata.normalize("NFKD", team).encode("ascii", "ignore").decode()
    stem = "-".join(re.findall(r"[A-Za-z0-9]+", ascii_name)).lower()[:60].strip("-") or "team"
    if stem in DEVICES:                 # CON.pdf cannot be made on Windows
        stem = f"team-{stem}"
    name, n = stem, 1
    while name in taken:
        n += 1
        name = f"{stem}-{n}"
    taken.add(name)
    return name + ".pdf"


def class_paper(schedule: Path | None) -> str | None:
    """The paper the class was printed on: its pack.pdf's first page (beside results.csv),
    letter or a4, or None when there is no pack to tell."""
    from printkit.papers import PAPERS
    from printkit.schedule_check import PACK

    pack = schedule.parent / PACK if schedule is not None else None
    if pack is None or not pack.is_file():
        return None
    try:
        import pikepdf

        with pikepdf.open(pack) as pdf:
            box = [float(v) for v in pdf.pages[0].mediabox]
    except Exception:   # noqa: BLE001 - an unreadable pack only loses the hint
        return None
    size = (box[2] - box[0], box[3] - box[1])
    for name, (w, h) in PAPERS.items():
        if abs(min(size) - w) < 2 and abs(max(size) - h) < 2:
            return name
    return None


# --- what a team gets back --------------------------------------------------------------------

@dataclass
class TeamView:
    """One team's part of the audit: its standing, its matches, its records."""

    team: str
    position: int = 0                           # in the standings, 0: not in them
    of: int = 0
    standing: Standing | None = None
    matches: list[tuple[str, str]] = field(default_factory=list)   # (line, state)
    entries: list[Entry] = field(default_factory=list)

    @property
    def name(self) -> str:
        """How the PDF names its team (the records that name none are one PDF too)."""
        return self.team or NO_TEAM

    @property
    def findings(self) -> int:
        return sum(len(e.findings) for e in self.entries)

    def counts(self) -> str:
        """The summary line: matches by what became of them, and the findings."""
        states = [state for _, state in self.matches]
        played = self.standing.played if self.standing else 0
        pending = sum(s in ("pending", "disagree") for s in states)
        missing = states.count("missing")
        n = len(self.matches)
        return (f"{n} match{'es' if n != 1 else ''}: {played} counted, {pending} pending, "
                f"{missing} missing; {self.findings} finding{'s' if self.findings != 1 else ''}")


def _result(e: Entry, team: str) -> str:
    if e.points is None:
        return "clean, no score"
    mine, theirs = e.points if team == e.home else e.points[::-1]
    word = "won" if mine > theirs else "lost" if mine < theirs else "tied"
    return f"{e.home} {e.points[0]}-{e.points[1]} {e.away} ({word})"


def team_views(entries: Sequence[Entry], table: Sequence[Standing],
               accounts: Sequence[Account], fixtures: Sequence[Fixture],
               teams_of: Callable[[Entry], tuple[str, ...]]) -> list[TeamView]:
    """Every team's view, in standings order, then any team only the records name."""
    views: dict[str, TeamView] = {}
    for n, s in enumerate(table, start=1):
        views[s.team] = TeamView(s.team, n, len(table), s)
    for e in entries:
        for team in (teams_of(e) or ("",)) if e.status != "unreadable" else ():
            views.setdefault(team, TeamView(team)).entries.append(e)
    state = {a.fixture.match: a.state for a in accounts}
    for f in fixtures:
        for team in (f.home, f.away):
            if team not in views:
                continue
            clean = [e for e in views[team].entries
                     if e.match == f.match and e.status == "clean"]
            now = state.get(f.match) or ("counted" if clean else "open")
            what = STATES[now] if now in STATES else _result(clean[0], team) if clean \
                else "no record yet (a later round)"
            views[team].matches.append((f"{f.match} {f.teams}: {what}", now))
    if not fixtures:                            # no schedule: the records are the matches
        for v in views.values():
            v.matches = [(f"{e.match or e.file} {e.home} v {e.away}: "
                          + (_result(e, v.team) if e.status == "clean"
                             else STATES["pending"]),
                          "counted" if e.status == "clean" else "pending")
                         for e in v.entries]
    return list(views.values())


# --- drawing ------------------------------------------------------------------------------------

def _fonts() -> None:
    if MONO not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(MONO, str(FONT_DIR / f"{MONO}.ttf")))


def _lines(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` wrapped to `width`: at spaces, and a word too long for a line cut where it
    must (a file path, a run of characters), so nothing runs past the margin."""
    out: list[str] = []
    for para in printable(text, 100_000).split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if stringWidth(trial, font, size) <= width:
                line = trial
                continue
            if line:
                out.append(line)
            while stringWidth(word, font, size) > width:
                cut = max(1, int(len(word) * width / stringWidth(word, font, size)))
                while cut > 1 and stringWidth(word[:cut], font, size) > width:
                    cut -= 1
                out.append(word[:cut])
                word = word[cut:]
            line = word
        out.append(line)
    return out


def _what(e: Entry) -> str:
    """A record's game, match and teams, as far as it names them."""
    teams = f"{e.home or '?'} v {e.away or '?'}" if e.home or e.away else ""
    return " ".join(part for part in (e.game, e.match, teams) if part)


def _finding_text(f: dict) -> str:
    text = f"{f['rule']}: {f['message']}"
    if f.get("expected") or f.get("found"):
        text += f" (expected {f.get('expected', '')}, found {f.get('found', '')})"
    return text


def _where(e: Entry, f: dict) -> tuple[str, str]:
    """(file, `line N`) where the team looks for a finding: a run of sheets' own file and
    printed line, else the record's."""
    from printkit.omr.runs import sheet_place

    if place := sheet_place(f.get("sheet") or ""):
        return place[0], f"line {place[1]}"
    return (e.sources[0] if len(e.sources) == 1 else e.file), f"line {f['line']}"


class Pages:
    """A team's PDF drawn top to bottom: text flows onto a new page when one is full."""

    def __init__(self, doc: Document, team: str, paper: str) -> None:
        self.doc, self.team, self.paper = doc, team, paper
        self.width = doc.width - 2 * MARGIN
        self.page = 0
        self.y = 0.0
        self.new_page()

    def new_page(self, orientation: str = "portrait") -> None:
        """A new page (a landscape one for a landscape photo: placed the way it reads)."""
        from printkit.papers import page_size

        if self.page:
            self.doc.show_page()
        self.doc.page_size(page_size(self.paper, orientation))
        self.width = self.doc.width - 2 * MARGIN
        self.page += 1
        c = self.doc.canvas
        c.setFont(SANS, 8)
        c.setFillColor(GREY)
        foot = f"{self.team}: handed back by printkit audit, page {self.page}"
        c.drawString(MARGIN, MARGIN - 12, _lines(foot, SANS, 8, self.width)[0])
        c.setFillColorRGB(0, 0, 0)
        self.y = self.doc.height - MARGIN

    def room(self, height: float) -> None:
        if self.y - height < MARGIN:
            self.new_page()

    def text(self, text: str, font: str = SANS, size: float = SIZE, indent: float = 0,
             color: Color | None = None) -> None:
        c = self.doc.canvas
        for line in _lines(text, font, size, self.width - indent):
            self.room(size * LEADING)
            self.y -= size * LEADING
            c.setFont(font, size)
            c.setFillColor(color or Color(0, 0, 0))
            c.drawString(MARGIN + indent, self.y + size * 0.25, line)
        c.setFillColorRGB(0, 0, 0)

    def gap(self, points: float) -> None:
        self.y -= points


def _summary(p: Pages, v: TeamView, title: str) -> None:
    p.text(v.name, BOLD, 16)
    p.text(title, SANS, 10, color=GREY)
    p.text(v.counts(), BOLD, 10)
    p.gap(6)
    p.text("Standing", BOLD, 11)
    heads = ("#", "P", "W", "L", "T", "PF", "PA", "Pts")
    s = v.standing
    values = (f"{v.position} of {v.of}", s.played, s.won, s.lost, s.drawn, s.points_for,
              s.points_against, s.table_points) if s else ("-",) + ("0",) * 7
    c, x0 = p.doc.canvas, MARGIN
    widths = (60, 34, 34, 34, 34, 42, 42, 42)
    p.room(2 * SIZE * LEADING)
    for row, font in ((heads, BOLD), (tuple(map(str, values)), SANS)):
        p.y -= SIZE * LEADING
        x = x0
        c.setFont(font, SIZE)
        for w, cell in zip(widths, row, strict=True):
            c.drawString(x, p.y + SIZE * 0.25, cell)
            x += w
    p.gap(6)
    p.text("Matches", BOLD, 11)
    for m, _state in v.matches or [("no match of this team", "")]:
        p.text(m, indent=8)
    p.gap(6)
    p.text("Findings", BOLD, 11)
    if not v.findings:
        p.text("none", indent=8)
    for e in v.entries:
        for f in e.findings:
            file, line = _where(e, f)
            p.text(f"{file}, {line}: {_finding_text(f)}", indent=8, color=RED)
            p.text("What to check: " + CHECKS.get(f["rule"], DEFAULT), indent=20)
            p.gap(2)


def _record_pages(p: Pages, e: Entry) -> None:
    """A typed record as monospace text: numbered lines, a line with findings boxed in red
    with its findings under it."""
    c = p.doc.canvas
    from printkit.audit import SHEETS

    p.new_page()
    read = " (the record as read from the sheets)" if any(
        Path(s).suffix.lower() in SHEETS for s in e.sources) else ""
    p.text(f"{e.file}: {_what(e)}{read}", BOLD, 10)
    p.gap(4)
    by_line: dict[int, list[dict]] = {}
    for f in e.findings:
        by_line.setdefault(int(f["line"]), []).append(f)
    gutter = stringWidth("0000", MONO, MONO_SIZE) + 6
    width = p.width - gutter
    step = MONO_SIZE * LEADING
    for n, line in enumerate(e.lines, start=1):
        parts = _lines(line.replace("\t", "    "), MONO, MONO_SIZE, width) or [""]
        notes = [t for f in by_line.get(n, []) for t in _lines(_finding_text(f), SANS, 8,
                                                                    width - 8)]
        p.room(step * (len(parts) + len(notes)) + 4)
        top = p.y
        c.setFillColor(GREY)
        c.setFont(MONO, MONO_SIZE)
        c.drawRightString(MARGIN + gutter - 6, p.y - step + MONO_SIZE * 0.25, str(n))
        c.setFillColorRGB(0, 0, 0)
        for part in parts:
            p.y -= step
            c.drawString(MARGIN + gutter, p.y + MONO_SIZE * 0.25, part)
        if n in by_line:
            c.setStrokeColor(RED)
            c.setLineWidth(1)
            c.rect(MARGIN + gutter - 3, p.y - 1, width + 3, top - p.y + 1, stroke=1, fill=0)
            c.setFillColor(RED)
            c.setFont(SANS, 8)
            for t in notes:
                p.y -= step
                c.drawString(MARGIN + gutter + 8, p.y + 8 * 0.25, t)
            c.setFillColorRGB(0, 0, 0)
            p.y -= 3


def _pictures(path: Path) -> Iterator[tuple[int, int, Any, str]]:
    """The pictures of a handed-in file, one at a time (a long PDF is never held whole):
    (number, how many, the picture, '') for a photo once or each PDF page, its form fields
    drawn, up to MAX_PICTURES; (1, 1, None, why) when the file cannot be shown."""
    from PIL import Image, ImageOps

    try:
        if path.suffix.lower() != ".pdf":
            with Image.open(path) as im:
                im.draft("RGB", (PHOTO_PIXELS, PHOTO_PIXELS))
                shown = ImageOps.exif_transpose(im).convert("RGB")
            shown.thumbnail((PHOTO_PIXELS, PHOTO_PIXELS))
            yield 1, 1, shown, ""
            return
        import pypdfium2 as pdfium

        doc = pdfium.PdfDocument(str(path))
    except Exception as exc:   # noqa: BLE001 - a picture that cannot be shown is said
        yield 1, 1, None, f"(the file cannot be shown: {type(exc).__name__})"
        return
    try:
        doc.init_forms()                          # a filled fillable log shows its answers
        count = min(len(doc), MAX_PICTURES)
        for k in range(count):
            try:
                page = doc[k].render(scale=PDF_DPI / 72, may_draw_forms=True).to_pil()
            except Exception as exc:   # noqa: BLE001 - one page that cannot be drawn
                yield k + 1, count, None, f"(page {k + 1} cannot be shown: " \
                                          f"{type(exc).__name__})"
                continue
            yield k + 1, count, page.convert("RGB"), ""
    finally:
        doc.close()


def _sheet_lines(e: Entry) -> dict[int, tuple[str, int]]:
    """Record line -> (sheet, line number printed on it) of every finding of a record read
    from sheets: a run's findings carry it; a single file's sheets are read again for it
    (nothing when they cannot be: the findings are then listed by record line)."""
    from printkit.omr.runs import read_run, sheet_place

    out = {}
    for f in e.findings:
        if place := sheet_place(f.get("sheet") or ""):
            out[int(f["line"])] = (place[0], int(place[1]))
    if out or len(e.sources) != 1 or not e.findings:
        return out
    try:
        where = read_run((Path(e.sources[0]),))[2]
    except Exception:   # noqa: BLE001 - a file read once already; no place, no box
        return {}
    return {n: (place[0], int(place[1])) for n, w in where.items()
            if (place := sheet_place(w))}


Corners = list[tuple[float, float]]


def _line_boxes(path: Path, wanted: set[tuple[str, int]]) -> list[tuple[tuple[int, int],
                                                                        dict[int, Corners]]]:
    """Per page of a sheet file, as the reader saw it: the picture's size in the reader's
    pixels, and for each wanted printed line its band's four corners in those pixels (the
    page-to-picture homography of the sheet's corner markers, the band from the sheet's
    geometry). A page whose markers cannot be found has no boxes."""
    import cv2
    import numpy as np

    from printkit.errors import UserError
    from printkit.omr.files import open_file, sheet_of
    from printkit.omr.read import SheetReadError, find_markers
    from printkit.omr.sheet import sheet_grammar

    out: list[tuple[tuple[int, int], dict[int, Corners]]] = []
    pdf = path.suffix.lower() == ".pdf"
    for page, codes in open_file(path).coded():
        name = f"{path} page {page.number}" if pdf else str(path)
        lines = {n for where, n in wanted if where == name}
        boxes: dict[int, Corners] = {}
        if codes.sheet is not None and lines:
            try:
                sheet = sheet_of(codes.sheet, name)
                geo = sheet_grammar(sheet.game, sheet.tags, sheet.paper, sheet.key)[1]
                to_picture = find_markers(page.gray, geo, codes.markers or None)
            except (UserError, SheetReadError):
                lines = set()
            first = (sheet.sheet - 1) * geo.lines + 1 if lines else 0
            for n in sorted(n for n in lines if 0 <= n - first < geo.lines):
                band, sub = geo.place(n - first)
                rows = geo.line_rows[sub]
                top = geo.band_top(band) + min(rows) * geo.pitch_y
                bottom = geo.band_top(band) + (max(rows) + 1) * geo.pitch_y
                left, right = geo.margin, geo.page[0] - geo.margin
                corners = np.array([[[left, top]], [[right, top]], [[right, bottom]],
                                    [[left, bottom]]], dtype=np.float32)
                boxes[n] = [(float(x), float(y)) for [[x, y]] in
                            cv2.perspectiveTransform(corners, to_picture)]
        out.append(((page.gray.shape[1], page.gray.shape[0]), boxes))
    return out


def _sheet_pages(p: Pages, e: Entry) -> None:
    """Each handed-in photo or PDF page whole, at its true aspect, each finding's line boxed
    in red on it where the sheet's markers place it, and the findings listed below."""
    from reportlab.lib.utils import ImageReader

    c = p.doc.canvas
    places = _sheet_lines(e)
    for source in e.sources:
        pdf = Path(source).suffix.lower() == ".pdf"
        try:
            boxes = _line_boxes(Path(source), set(places.values())) if places else []
        except Exception:   # noqa: BLE001 - no place found for a line: no box, the list stays
            boxes = []
        for k, count, im, failed in _pictures(Path(source)):
            name = f"{source} page {k}" if pdf else source
            mine = [(places.get(int(f["line"])), f) for f in e.findings]
            mine = [(where, f) for where, f in mine
                    if (where is not None and where[0] == name)
                    or (where is None and len(e.sources) == 1 and k == 1)]
            notes_of = [failed] if failed else []
            notes_of += [(f"line {where[1]}: " if where else f"record line {f['line']}: ")
                         + _finding_text(f) for where, f in mine]
            p.new_page("landscape" if im is not None and im.width > im.height else "portrait")
            notes = [t for n in notes_of for t in _lines(n, SANS, 8, p.width - 12)]
            head = f"{source}" + (f", page {k}" if count > 1 else "")
            p.text(f"{head}: {_what(e)}", BOLD, 10)
            below = (len(notes) + 1) * 8 * LEADING + 6 if notes else 0
            box_w, box_h = p.width, p.y - MARGIN - below - 6
            if im is not None:
                scale = min(box_w / im.width, box_h / im.height)
                w, h = im.width * scale, im.height * scale
                x, y = MARGIN + (box_w - w) / 2, p.y - 4 - h
                c.drawImage(ImageReader(im), x, y, w, h)
                c.setStrokeColor(GREY)
                c.setLineWidth(0.5)
                c.rect(x, y, w, h, stroke=1, fill=0)
                if k <= len(boxes):
                    _mark_lines(c, boxes[k - 1], [at for at, _ in mine if at], (x, y, w, h))
                p.y = y - 6
            if notes:
                c.setFillColor(RED)
                c.rect(MARGIN, p.y - 8 * LEADING * len(notes) - 2, 3,
                       8 * LEADING * len(notes), stroke=0, fill=1)     # the margin mark
                for t in notes:
                    p.text(t, SANS, 8, indent=10, color=RED)


def _mark_lines(c, page_boxes: tuple[tuple[int, int], dict[int, Corners]],
                lines: list[tuple[str, int]], placed: tuple[float, float, float, float]) -> None:
    """Each finding's line boxed in red on the placed picture (clipped to it)."""
    (pw, ph), boxes = page_boxes
    x, y, w, h = placed
    sx, sy = w / pw, h / ph
    c.saveState()
    clip = c.beginPath()
    clip.rect(x, y, w, h)
    c.clipPath(clip, stroke=0, fill=0)
    c.setStrokeColor(RED)
    c.setLineWidth(1.5)
    for n in sorted({n for _, n in lines}):
        if n not in boxes:
            continue
        pts = [(x + px * sx, y + h - py * sy) for px, py in boxes[n]]
        path = c.beginPath()
        path.moveTo(*pts[0])
        for pt in pts[1:]:
            path.lineTo(*pt)
        path.close()
        c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def team_pdf(v: TeamView, paper: str, title: str) -> bytes:
    """One team's PDF: the summary page, then its sheets."""
    from printkit.audit import SHEETS
    from printkit.papers import page_size

    _fonts()
    doc = Document(page_size(paper), title=f"{v.name}: sheets handed back",
                   subject=title, keywords="printkit audit annotate")
    p = Pages(doc, v.name, paper)
    _summary(p, v, title)
    for e in v.entries:
        if any(Path(s).suffix.lower() in SHEETS for s in e.sources):
            _sheet_pages(p, e)          # the sheets as handed in, then as the reader read them
        _record_pages(p, e)
    return doc.finish()


def file_names(teams: Sequence[str]) -> dict[str, str]:
    """Each team's PDF name (`safe_name`), given in the teams' sorted order, so a team's
    file is named the same whatever order the teams come in (the schedule's, the table's);
    the records that name no team (team "") go to NO_TEAM_FILE."""
    taken: set[str] = set()
    return {team: safe_name(team, taken) if team else NO_TEAM_FILE
            for team in sorted(set(teams))}


def annotate(views: Sequence[TeamView], paper: str, title: str) -> dict[str, bytes]:
    """Every team's PDF by its file name (`file_names`)."""
    names = file_names([v.team for v in views])
    return {names[v.team]: team_pdf(v, paper, title) for v in views}
