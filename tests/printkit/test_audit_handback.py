"""The audit hands the sheets back (issue 29): a score typed into results.csv that a clean
record contradicts is a finding; `--format csv` is a gradebook; `--annotate OUTDIR` writes one
PDF per team, its summary first, then its sheets with every finding marked at its line.

A four-team PostCard class on A4 is rehearsed (`simulate --class`) and slips are planted by
hand: a conflicting score typed into results.csv (M1), a misspelt team (M2), a wrong final
score (M3), a match never handed in (M5). Schedule (test_audit_schedule.py): M1 Team 1 v
Team 4, M2 Team 2 v Team 3, M3 Team 3 v Team 1, M4 Team 4 v Team 2, M5 Team 1 v Team 2, M6
Team 3 v Team 4."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from printkit.annotate import safe_name
from tests.helpers import Shape, check_pdf, pdf_pages, run_cli

EDGE = 18.0                      # 0.25 in: nothing nearer the page edge
A4, LETTER = (595.28, 841.89), (612.0, 792.0)


@pytest.fixture(scope="module")
def rehearsed(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("handback")
    r = run_cli("classroom", "postcard", "--teams", "4", "--paper", "a4", "--class-key",
                root / "k.key", "--out", root / "class")
    assert r.code == 0, r.stderr
    r = run_cli("simulate", "postcard", "--class", root / "class", "--out",
                root / "class" / "records")
    assert r.code == 0, r.stderr
    return root / "class"


def _copy(rehearsed: Path, where: Path) -> Path:
    """The class's results.csv and records, to plant slips in (the pack is not needed)."""
    klass = where / "class"
    shutil.copytree(rehearsed / "records", klass / "records")
    shutil.copy(rehearsed / "results.csv", klass / "results.csv")
    shutil.copy(rehearsed / "pack.pdf", klass / "pack.pdf")      # the class's paper
    return klass


def _tag(text: str, name: str) -> str:
    return re.search(rf'^\[{name} "(.*)"\]$', text, re.M).group(1)


def _line_of(text: str, start: str) -> int:
    return next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith(start))


def _type_score(klass: Path, match: str, home: int, away: int) -> str:
    """Type a score into results.csv's row of `match`; returns the row as written."""
    path = klass / "results.csv"
    lines = path.read_text().splitlines()
    n = next(k for k, t in enumerate(lines) if t.startswith(f"{match},"))
    lines[n] = re.sub(r",,$", f",{home},{away}", lines[n])
    path.write_text("\n".join(lines) + "\n")
    return lines[n]


@pytest.fixture
def planted(rehearsed, tmp_path) -> Path:
    """M1: a score typed into results.csv one point off the record's; M2: `Tema 2`; M3: its
    [Result] one point up (PC-END-001); M5: not handed in."""
    klass = _copy(rehearsed, tmp_path)
    m1 = (klass / "records" / "M1.rec").read_text()
    h, a = map(int, _tag(m1, "Result").split("-"))
    _type_score(klass, "M1", h + 1, a)
    m2 = klass / "records" / "M2.rec"
    m2.write_text(m2.read_text().replace('[Home "Team 2"]', '[Home "Tema 2"]'))
    m3 = klass / "records" / "M3.rec"
    text = m3.read_text()
    h3, a3 = map(int, _tag(text, "Result").split("-"))
    m3.write_text(text.replace(f'[Result "{h3}-{a3}"]', f'[Result "{h3 + 1}-{a3}"]'))
    (klass / "records" / "M5.rec").unlink()
    return klass


# --- results.csv: a typed score against a clean record ---------------------------------------

def test_a_typed_score_that_a_clean_record_contradicts_is_a_finding(rehearsed, tmp_path):
    klass = _copy(rehearsed, tmp_path)
    rec = klass / "records" / "M1.rec"
    text = rec.read_text()
    h, a = map(int, _tag(text, "Result").split("-"))
    row = _type_score(klass, "M1", h + 1, a)
    r = run_cli("audit", "class/records", cwd=tmp_path)      # results.csv found above DIR
    assert r.code == 1
    result_line = _line_of(text, "[Result")
    assert (f"class/records/M1.rec:{result_line}: CLASS-006: results.csv line 2 ({row}) gives "
            "another score: M1 counts in no standing until the record or results.csv is "
            f"corrected (expected Team 1 {h}-{a} Team 4 (this record), found Team 1 {h + 1}-{a} "
            "Team 4)") in r.stdout.splitlines()
    assert "M1 Team 1 v Team 4: pending (its records have findings: class/records/M1.rec)" \
        in r.stdout.splitlines()
    data = json.loads(run_cli("audit", "class/records", "--class", "class", "--format",
                              "json", cwd=tmp_path).stdout)
    played = {s["team"]: s["played"] for s in data["standings"]}
    assert played == {"Team 1": 2, "Team 2": 3, "Team 3": 3, "Team 4": 2}   # M1 in neither
    m1 = next(e for e in data["records"] if e["match"] == "M1")
    assert [(f["line"], f["rule"]) for f in m1["findings"]] == [(result_line, "CLASS-006")]
    page = run_cli("audit", "class/records", "--format", "html", cwd=tmp_path).stdout
    assert "CLASS-006: results.csv line 2 (" in page


def test_a_typed_score_that_agrees_either_way_round_is_no_finding(rehearsed, tmp_path):
    klass = _copy(rehearsed, tmp_path)
    rec = klass / "records" / "M1.rec"
    text = rec.read_text()
    h, a = map(int, _tag(text, "Result").split("-"))
    # the record has the teams the other way round; results.csv the schedule's way
    rec.write_text(text.replace('[Home "Team 1"]', '[Home "Team 4"]').replace(
        '[Away "Team 4"]', '[Away "Team 1"]'))
    _type_score(klass, "M1", a, h)
    r = run_cli("audit", klass / "records", "--format", "json")
    assert r.code == 0, r.stdout
    data = json.loads(r.stdout)
    assert sum(s["played"] for s in data["standings"]) == 12     # six matches, counted once


def test_a_typed_score_counts_for_a_match_without_a_record(rehearsed, tmp_path):
    klass = _copy(rehearsed, tmp_path)
    (klass / "records" / "M6.rec").unlink()
    _type_score(klass, "M6", 21, 7)                               # Team 3 21-7 Team 4
    data = json.loads(run_cli("audit", klass / "records", "--format", "json").stdout)
    t3 = next(s for s in data["standings"] if s["team"] == "Team 3")
    assert t3["played"] == 3 and t3["points_for"] >= 21


# --- the gradebook -----------------------------------------------------------------------------

def test_the_csv_is_a_gradebook_of_teams_and_findings(planted):
    r = run_cli("audit", "records", "--format", "csv", cwd=planted)
    assert r.code == 1
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert list(rows[0]) == ["kind", "team", "match", "file", "line", "rule", "message",
                             "expected", "found", "status", "game", "played", "won", "lost",
                             "tied", "points_for", "points_against", "points", "findings",
                             "missing", "player", "average"]
    texts = {m: (planted / "records" / f"{m}.rec").read_text() for m in ("M1", "M2", "M3")}
    findings = [(x["team"], x["match"], x["file"], x["line"], x["rule"]) for x in rows
                if x["kind"] == "finding"]
    r1, h2, r3 = (_line_of(texts["M1"], "[Result"), _line_of(texts["M2"], "[Home"),
                  _line_of(texts["M3"], "[Result"))
    assert findings == [
        ("Team 1", "M1", "records/M1.rec", str(r1), "CLASS-006"),
        ("Team 4", "M1", "records/M1.rec", str(r1), "CLASS-006"),
        ("Team 2", "M2", "records/M2.rec", str(h2), "CLASS-004"),
        ("Team 3", "M2", "records/M2.rec", str(h2), "CLASS-004"),
        ("Team 3", "M3", "records/M3.rec", str(r3), "PC-END-001"),
        ("Team 1", "M3", "records/M3.rec", str(r3), "PC-END-001")]
    # the standings by hand from the counted records' own tags: M4 and M6
    expected: dict[str, list[int]] = {f"Team {n}": [0] * 6 for n in (1, 2, 3, 4)}
    for m in ("M4", "M6"):
        text = (planted / "records" / f"{m}.rec").read_text()
        h, a = map(int, _tag(text, "Result").split("-"))
        for team, mine, theirs in ((_tag(text, "Home"), h, a), (_tag(text, "Away"), a, h)):
            row = expected[team]
            row[0] += 1
            row[1 if mine > theirs else 2 if mine < theirs else 3] += 1
            row[4] += mine
            row[5] += theirs
    teams = {x["team"]: [int(x[k]) for k in ("played", "won", "lost", "tied", "points_for",
                                              "points_against", "findings", "missing")]
             for x in rows if x["kind"] == "team"}
    assert teams == {"Team 1": expected["Team 1"] + [2, 1], "Team 2": expected["Team 2"] + [1, 1],
                     "Team 3": expected["Team 3"] + [2, 0], "Team 4": expected["Team 4"] + [1, 0]}
    assert [(x["match"], x["status"]) for x in rows if x["kind"] == "match"] == [
        ("M1", "pending"), ("M2", "pending"), ("M3", "pending"), ("M5", "missing")]
    assert [(x["file"], x["status"]) for x in rows if x["kind"] == "record"] == [
        ("records/M4.rec", "clean"), ("records/M6.rec", "clean")]


def test_a_team_name_that_would_be_a_formula_is_shown_not_run(tmp_path):
    (tmp_path / "a.rec").write_text('[Game "postcard"]\n[Home "=1+2"]\n[Away "@B"]\n')
    rows = list(csv.reader(io.StringIO(run_cli("audit", tmp_path, "--format", "csv").stdout)))
    teams = [row[1] for row in rows if row and row[0] in ("finding", "team")]
    assert teams and set(teams) == {"'=1+2", "'@B"}


# --- the annotated PDFs ------------------------------------------------------------------------

def _text(pdf: Path, page: int) -> str:
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[page].get_textpage().get_text_range()
    finally:
        doc.close()


def _red(shape: Shape) -> bool:
    """Stroked in the audit's red, (0.78, 0.1, 0.1) (pdfium gives 0-255: within one step)."""
    return shape.stroke is not None and all(
        abs(c - want) < 0.5 / 255 + 1e-9 for c, want in zip(shape.stroke, (0.78, 0.1, 0.1),
                                                            strict=True))


def _marked_at(pdf: Path, record: str, line: int, rule: str) -> bool:
    """On the page showing `record`, line `line`'s number in the gutter, a red box around
    that line, and the rule under it."""
    with pdf_pages(pdf) as pages:
        for page in pages:
            words = page.words()
            if not words or not any(w.text == f"{record}:" for w in words[:3]):
                continue
            number = [w for w in words if w.text == str(line) and w.x1 < 60]
            if len(number) != 1:
                return False
            n = number[0]
            red = [r for r in page.rects() if _red(r)
                   and r.top <= n.top and r.bottom >= n.bottom]
            below = [w for w in words if w.text == f"{rule}:" and
                     n.bottom < w.top < n.bottom + 12]
            return len(red) == 1 and len(below) >= 1
    return False


def _inside_and_readable(pdf: Path) -> None:
    with pdf_pages(pdf) as pages:
        for page in pages:
            w, h = page.width, page.height
            chars = page.chars()
            things = (*chars, *(s for s in page.shapes() if s.kind in ("rect", "image")))
            for thing in things:
                assert thing.x0 >= EDGE and thing.x1 <= w - EDGE, (pdf, thing)
                assert thing.top >= EDGE and thing.bottom <= h - EDGE, (pdf, thing)
            assert all(c.size >= 8 - 1e-6 for c in chars), pdf


def test_one_pdf_per_team_summary_first_findings_marked_at_their_lines(planted, tmp_path):
    r = run_cli("audit", "records", "--annotate", "back", cwd=planted)
    assert r.code == 1
    assert r.stderr.endswith("annotated: 4 team PDFs (a4) in back\n")
    back = planted / "back"
    assert sorted(p.name for p in back.iterdir()) == ["team-1.pdf", "team-2.pdf",
                                                       "team-3.pdf", "team-4.pdf"]
    t2 = back / "team-2.pdf"
    check_pdf(t2)
    first = _text(t2, 0).splitlines()
    # Team 2: M2 pending (misspelt), M4 counted, M5 missing
    assert first[1:4] == ["Team 2", "Audit of postcard: sheets handed back",
                          "3 matches: 1 counted, 1 pending, 1 missing; 1 finding"]
    assert "M5 Team 1 v Team 2: no record handed in" in first
    assert "M2 Team 2 v Team 3: pending: its record has findings" in first
    h2 = _line_of((planted / "records" / "M2.rec").read_text(), "[Home")
    assert f"records/M2.rec, line {h2}: CLASS-004: M2 was drawn for other teams: the " \
           "record does not count in the standings (expected Team 2 v Team 3, found Tema 2 " \
           "v Team 3)" in " ".join(first)
    assert "What to check: Write both teams' names exactly as the schedule has them." in first
    assert _marked_at(t2, "records/M2.rec", h2, "CLASS-004")
    t3 = back / "team-3.pdf"
    r3 = _line_of((planted / "records" / "M3.rec").read_text(), "[Result")
    assert _marked_at(t3, "records/M3.rec", r3, "PC-END-001")
    assert not _marked_at(t3, "records/M6.rec", r3, "PC-END-001")      # a clean record
    t1 = back / "team-1.pdf"
    assert _text(t1, 0).splitlines()[3] == "3 matches: 0 counted, 2 pending, 1 missing; " \
                                           "2 findings"
    r1 = _line_of((planted / "records" / "M1.rec").read_text(), "[Result")
    assert _marked_at(t1, "records/M1.rec", r1, "CLASS-006")
    for pdf in back.iterdir():
        assert pdfium.PdfDocument(str(pdf))[0].get_size() == pytest.approx(A4, abs=0.01)
        _inside_and_readable(pdf)


def test_annotated_pdfs_are_never_overwritten_without_force_and_are_deterministic(planted):
    assert run_cli("audit", "records", "--annotate", "back", cwd=planted).code == 1
    first = {p.name: p.read_bytes() for p in (planted / "back").iterdir()}
    r = run_cli("audit", "records", "--annotate", "back", cwd=planted)
    # refused before any record is checked: no report
    assert (r.code, r.stdout, r.stderr) == (2, "", "printkit: error: back/team-1.pdf: file "
                                                   "exists (use --force to overwrite)\n")
    assert run_cli("audit", "records", "--annotate", "back", "--force", cwd=planted).code == 1
    assert {p.name: p.read_bytes() for p in (planted / "back").iterdir()} == first
    assert run_cli("audit", "records", "--annotate", "letter", "--paper", "letter",
                   cwd=planted).code == 1
    doc = pdfium.PdfDocument(str(planted / "letter" / "team-1.pdf"))
    assert doc[0].get_size() == LETTER
    (planted / "afile").write_text("")
    r = run_cli("audit", "records", "--annotate", "afile", cwd=planted)
    assert (r.code, r.stderr) == (2, "printkit: error: --annotate: afile: not a directory\n")
    r = run_cli("audit", "records", "--annotate", "records/back", cwd=planted)
    assert (r.code, r.stderr) == (2, "printkit: error: --annotate: records/back is inside "
                                     "records: the next audit would read the team PDFs as "
                                     "records; write them beside it\n")


def test_photos_of_bubble_logs_are_placed_whole_with_their_findings(tmp_path):
    from tests.omr.test_audit_runs import _photos

    folder = _photos(tmp_path, slip=True)        # 3 photos of M7, Pilots v Rams, a slip
    r = run_cli("audit", folder, "--annotate", tmp_path / "back")
    assert r.code == 1
    back = tmp_path / "back"
    assert sorted(p.name for p in back.iterdir()) == ["pilots.pdf", "rams.pdf"]
    pdf = back / "pilots.pdf"
    assert "M7 Pilots v Rams: pending: its record has findings" in _text(pdf, 0)
    assert f"{folder}/M7-p2.png, line 29: PC-RUN-001" in _text(pdf, 0).replace("\r\n", " ")
    photo = Image.open(folder / "M7-p2.png")
    with pdf_pages(pdf) as doc:
        pages = doc[1:4]                         # the three photos, each on its own page
        for page in pages:
            assert page.width > page.height      # a landscape photo on a landscape page
            (image,) = page.images()
            assert image.width / image.height == pytest.approx(
                photo.width / photo.height, rel=0.01)
        assert "line 29: PC-RUN-001" in pages[1].text()
        assert "PC-RUN-001" not in pages[0].text() + pages[2].text()
        # line 29 boxed in red on the photo of sheet 2: the box holds the printed label 29
        # (found in the PDF the photo was made from), not 28 or 30
        (image,) = pages[1].images()
        with pdf_pages(tmp_path / "sheets.pdf") as sheets:
            sheet = sheets[1]
            labels = {w.text: (w.top + w.bottom) / 2 for w in sheet.words()
                      if w.x0 < 60 and w.text in ("28", "29", "30")}
            scale = image.width / sheet.width
        (box,) = [c for c in pages[1].shapes() if c.kind == "curve" and _red(c)]
        assert not [c for p in (pages[0], pages[2]) for c in p.shapes() if _red(c)]
        at = {n: image.top + y * scale for n, y in labels.items()}
        assert box.top < at["29"] < box.bottom
        assert not box.top < at["28"] < box.bottom
        assert not box.top < at["30"] < box.bottom
        # then the record as read, the slip boxed at its record line (38)
        assert "the record as read from the sheets" in doc[4].text()
    _inside_and_readable(pdf)


def test_a_record_that_names_no_team_is_handed_back_too(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.rec").write_text('[Game "postcard"]\n[Seed "x"]\n\ntoss H9 A1 = H\n')
    r = run_cli("audit", "in", "--annotate", "back", cwd=tmp_path)
    assert r.code == 1
    assert sorted(p.name for p in (tmp_path / "back").iterdir()) == ["_no-team.pdf"]
    pdf = tmp_path / "back" / "_no-team.pdf"
    assert _text(pdf, 0).splitlines()[1:4] == ["Records that name no team",
                                               "Audit of postcard: sheets handed back",
                                               "1 match: 0 counted, 1 pending, 0 missing; "
                                               "3 findings"]
    assert _marked_at(pdf, "in/a.rec", 4, "PC-DRAW-001")


def test_a_single_tilted_photo_has_its_slip_boxed_by_the_line_printed_on_it(tmp_path):
    """One photo, turned 7 degrees: a finding's record line is found on the sheet again (the
    sheet's line 3 is the record's third play) and boxed there."""
    import cv2

    from tests.omr.distort import Distortion, distort, page_image

    source = Path(__file__).parents[1] / "omr" / "records" / "postcard_start.rec"
    lines = source.read_text().splitlines()
    body = [k for k, t in enumerate(lines) if t.strip() and not t.startswith(("[", ";"))]
    short = lines[:body[10]]
    assert short[body[2]] == "run A5 H6 = +5"            # the third play: the sheet's line 3
    short[body[2]] = "run A5 H6 = +10"
    (tmp_path / "short.rec").write_text("\n".join(short) + "\n")
    assert run_cli("render", "postcard", "bubblelog", "--dense", "--from", tmp_path / "short.rec",
                   "--out", tmp_path / "one.pdf").code == 0
    folder = tmp_path / "in"
    folder.mkdir()
    photo = distort(page_image((tmp_path / "one.pdf").read_bytes(), 0, 200),
                    Distortion(dpi=200, angle=7.0))
    cv2.imwrite(str(folder / "photo.jpg"), photo, [cv2.IMWRITE_JPEG_QUALITY, 80])
    r = run_cli("audit", folder, "--annotate", tmp_path / "back")
    assert r.code == 1
    home = _tag(source.read_text(), "Home")
    pdf = tmp_path / "back" / safe_name(home, set())
    with pdf_pages(pdf) as doc:
        page = doc[1]
        assert "line 3: PC-RUN-001" in page.text()
        assert len([c for c in page.shapes() if c.kind == "curve" and _red(c)]) == 1
    _inside_and_readable(pdf)


def test_file_names_come_from_team_names_made_safe():
    taken: set[str] = set()
    assert [safe_name(t, taken) for t in ("../../etc/passwd", "Équipe 1", "", "  ", "Team 1",
                                          "team-1", "CON", "a/b\\c")] == [
        "etc-passwd.pdf", "equipe-1.pdf", "team.pdf", "team-2.pdf", "team-1.pdf",
        "team-1-2.pdf", "team-con.pdf", "a-b-c.pdf"]


# --- every game --------------------------------------------------------------------------------

GAMES = ("cardbowl", "postcard", "blowout", "luckdraw", "cardgrid")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_hands_back_a_pdf_per_team_with_the_slip_marked(game, tmp_path):
    r = run_cli("classroom", game, "--teams", "3", "--class-key", tmp_path / "k.key",
                "--out", tmp_path / "class")
    assert r.code == 0, r.stderr
    assert run_cli("simulate", game, "--class", "class", "--out", "class/records",
                   cwd=tmp_path).code == 0
    rec = tmp_path / "class" / "records" / "M3.rec"
    text = rec.read_text()
    if game == "luckdraw":                 # no [Result]: a running total one point up
        total = re.search(r"^total P1 (-?\d+)", text, re.M)      # a total may be negative
        assert total
        text = (text[:total.start()] + f"total P1 {int(total.group(1)) + 1}"
                + text[total.end():])
        line = text.count("\n", 0, total.start()) + 1
    else:
        h, a = map(int, _tag(text, "Result").split("-"))
        text = text.replace(f'[Result "{h}-{a}"]', f'[Result "{h + 1}-{a}"]')
        line = _line_of(text, "[Result")
    rec.write_text(text)
    r = run_cli("audit", "class/records", "--annotate", "back", "--format", "json",
                cwd=tmp_path)
    assert r.code == 1
    m3 = next(e for e in json.loads(r.stdout)["records"] if e["match"] == "M3")
    rules = [f["rule"] for f in m3["findings"] if f["line"] == line]
    assert rules and rules[0].endswith(("-END-001", "-TOTAL-001")), m3["findings"]
    back = tmp_path / "back"
    assert sorted(p.name for p in back.iterdir()) == ["team-1.pdf", "team-2.pdf", "team-3.pdf"]
    # M3 is Team 1 v Team 2: both get the record back, marked
    for team in ("team-1.pdf", "team-2.pdf"):
        assert _marked_at(back / team, "class/records/M3.rec", line, rules[0])
    assert "class/records/M3.rec" not in _text(back / "team-3.pdf", 0)
    _inside_and_readable(back / "team-1.pdf")
