"""`printkit classroom` and `printkit audit`: a small class made, played by bots, slips
planted, audited; the expectations are typed from the records' own text."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pikepdf
import pytest

from printkit.classkey import read_key
from printkit.classroom import recipe
from printkit_engine import registry
from printkit_engine.classkey import ClassKey, decode_code
from printkit_engine.tags import tag_line
from tests.helpers import run_cli


@pytest.fixture(scope="module")
def cls(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("class")
    r = run_cli("classroom", "postcard", "--teams", "3", "--class-key", where / "class.key",
                "--out", where / "pack")
    assert r.code == 0, r.stderr
    assert "created class key" in r.stderr
    assert re.search(r"PostCard Football: class [0-9A-Z]{6}, 3 teams, 3 matches, \d+ pages",
                     r.stdout)
    return where


def _rows(cls: Path) -> list[dict]:
    return list(csv.DictReader(io.StringIO((cls / "pack" / "results.csv").read_text())))


def test_pack_files_and_results_template(cls):
    pack = cls / "pack"
    assert sorted(p.name for p in (pack / "matches").iterdir()) == [
        "match-001.pdf", "match-002.pdf", "match-003.pdf"]
    rows = _rows(cls)
    # 3 teams by the circle method: Team 1 rests first, then Team 2, then Team 3
    assert [(r["match"], r["round"], {r["home"], r["away"]}) for r in rows] == [
        ("M1", "1", {"Team 2", "Team 3"}), ("M2", "2", {"Team 1", "Team 3"}),
        ("M3", "3", {"Team 1", "Team 2"})]
    key = read_key(cls / "class.key")
    for r in rows:
        assert r["seed"] == key.seed("postcard", r["match"])
        assert decode_code(r["code"])[0] == r["match"]
        assert key.check_code("postcard", r["code"])
        assert r["home_points"] == r["away_points"] == ""
    assert (cls / "class.key").read_text().count(key.secret.hex()) == 1


def test_pack_is_duplex_safe_and_stamped(cls):
    import pdfplumber

    pdf = pikepdf.open(cls / "pack" / "pack.pdf")
    singles = [len(pikepdf.open(p).pages) for p in sorted((cls / "pack" / "matches").iterdir())]
    # each match starts on an odd page: a match of an odd page count is followed by a filler
    starts, page = [], 1
    for n in singles:
        starts.append(page)
        page += n + (n % 2)
    assert all(s % 2 == 1 for s in starts)
    assert len(pdf.pages) in (page - 1, page - 1 - singles[-1] % 2)
    rows = _rows(cls)
    with pdfplumber.open(cls / "pack" / "pack.pdf") as doc:
        for row, start in zip(rows, starts, strict=True):
            text = doc.pages[start - 1].extract_text()
            assert f"seed {row['seed']}" in text and f"code {row['code']}" in text
            assert f"{row['home']} v {row['away']}" in text
        # the drive log (second printable, on the next sheet: the board is used with it)
        # has the seed filled in its Seed box
        assert "blank on purpose" in doc.pages[starts[-1]].extract_text()
        log = doc.pages[starts[-1] + 1].extract_text()
        assert log.startswith("PostCard Football drive log") and row["seed"] in log


def test_recipe_keeps_only_what_exists():
    assert [p.sheet for p in recipe("postcard")] == ["board", "drivelog", "bubblelog", "refcard"]
    assert [p.sheet for p in recipe("blowout")] == ["field", "drivelog", "bubblelog", "refcard"]
    for game in registry.GAMES:
        names = {p.sheet for p in recipe(game)}
        assert names <= {p.sheet for p in __import__("printkit.sheets").sheets.printables(game)}


def test_never_overwrites_without_force(cls):
    r = run_cli("classroom", "postcard", "--teams", "3", "--class-key", cls / "class.key",
                "--out", cls / "pack")
    assert r.code == 2 and "file exists (use --force to overwrite)" in r.stderr


def _records(cls: Path, where: Path) -> None:
    """Bots play each match with its seed; the records carry [Match] and the teams."""
    g = registry.get("postcard")
    rules = g.rules()
    where.mkdir()
    for row in _rows(cls):
        text = g.bots.play(row["seed"], rules, date=None).text()
        text = re.sub(r'\[Home "[^"]*"\]', tag_line("Home", row["home"]), text)
        text = re.sub(r'\[Away "[^"]*"\]', tag_line("Away", row["away"]), text)
        text = text.replace("[Seed", tag_line("Match", row["match"]) + "\n[Seed", 1)
        (where / f"{row['match']}.rec").write_text(text)


def test_audit_clean_class_and_standings(cls, tmp_path):
    _records(cls, tmp_path / "recs")
    r = run_cli("audit", tmp_path / "recs", "--class-key", cls / "class.key", "--format",
                "json")
    assert r.code == 0, r.stdout + r.stderr
    data = json.loads(r.stdout)
    assert [e["status"] for e in data["records"]] == ["clean"] * 3
    assert all(e["belongs"] for e in data["records"])
    # standings computed by hand from the records' own Result tags
    played: dict[str, list[int]] = {}
    for path in sorted((tmp_path / "recs").iterdir()):
        text = path.read_text()
        home = re.search(r'\[Home "(.*)"\]', text).group(1)
        away = re.search(r'\[Away "(.*)"\]', text).group(1)
        h, a = map(int, re.search(r'\[Result "(\d+)-(\d+)"\]', text).groups())
        for team, mine, theirs in ((home, h, a), (away, a, h)):
            played.setdefault(team, []).append(2 if mine > theirs else 1 if mine == theirs
                                               else 0)
    got = {s["team"]: s["points"] for s in data["standings"]}
    assert got == {t: sum(p) for t, p in played.items()}


def test_audit_planted_slips_foreign_key_and_a_bad_file(cls, tmp_path):
    recs = tmp_path / "recs"
    _records(cls, recs)
    m1 = (recs / "M1.rec").read_text()
    score = re.search(r'\[Result "(\d+)-(\d+)"\]', m1)
    wrong = f"{score.group(1)}-{int(score.group(2)) + 1}"
    (recs / "M1.rec").write_text(m1.replace(score.group(0), f'[Result "{wrong}"]'))
    # a record made with another class's key: a clean game, but not of this class
    other = ClassKey(bytes(range(32)))
    seed = other.seed("postcard", "M2")
    g = registry.get("postcard")
    text = g.bots.play(seed, g.rules(), date=None).text()
    (recs / "M2.rec").write_text(text.replace("[Seed", '[Match "M2"]\n[Seed', 1))
    (recs / "junk.rec").write_bytes(b"\xff\xfe not a record")
    r = run_cli("audit", recs, "--class-key", cls / "class.key")
    assert r.code == 1
    lines = r.stdout.splitlines()
    result_line = next(n for n, t in enumerate(m1.splitlines(), 1) if t.startswith("[Result"))
    assert any(re.fullmatch(rf".*M1\.rec:{result_line}: PC-END-001: .*\(expected "
                            rf"{score.group(1)}-{score.group(2)}, found {wrong}\)", t)
               for t in lines)
    foreign = [t for t in lines if "M2.rec:" in t and "CLASS-002" in t]
    assert len(foreign) == 1 and f"found {seed})" in foreign[0]
    assert not [t for t in lines if "M2.rec:" in t and "PC-" in t]   # its draws are fine
    assert any("junk.rec" in t and "[unreadable, skipped]" in t for t in lines)
    assert lines[-1] == ("audit: 4 records: 1 clean, 2 with findings, 1 unreadable, 1 not "
                         "from this class")


def test_audit_csv_and_without_key(cls, tmp_path):
    _records(cls, tmp_path / "recs")
    r = run_cli("audit", tmp_path / "recs", "--format", "csv")
    assert r.code == 0
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert [(x["kind"], x["status"]) for x in rows[:3]] == [("record", "clean")] * 3
    # three teams, each in two of the three matches: a row each, no findings, none missing
    assert sorted((x["team"], x["played"], x["findings"], x["missing"]) for x in rows[3:]
                  if x["kind"] == "team") == [("Team 1", "2", "0", "0"),
                                              ("Team 2", "2", "0", "0"),
                                              ("Team 3", "2", "0", "0")]


def test_audit_bad_input(tmp_path):
    r = run_cli("audit", tmp_path / "nope")
    assert r.code == 2 and "not a directory" in r.stderr
    r = run_cli("audit", tmp_path)
    assert r.code == 2 and "no record files" in r.stderr
    (tmp_path / "k").write_text("hello\n")
    (tmp_path / "a.rec").write_text('[Game "postcard"]\n')
    r = run_cli("audit", tmp_path, "--class-key", tmp_path / "k")
    assert r.code == 2 and r.stderr.strip().endswith("k:1: not a printkit class key (expected "
                                                     "a line 'printkit-class-key 1')")


def test_parallel_matches_serial(cls, tmp_path):
    from printkit.audit import audit_files

    _records(cls, tmp_path / "recs")
    files = sorted((tmp_path / "recs").iterdir()) * 20
    key = read_key(cls / "class.key")
    one = [e.as_dict() for e in audit_files(files, key, workers=1)]
    two = [e.as_dict() for e in audit_files(files, key, workers=2)]
    assert one == two and len(one) == 60


def test_seed_table_is_made_only_for_a_record_without_a_match(cls, tmp_path, monkeypatch):
    """The class's table of every seed it can have (19,900 HMACs) is looked up only for a
    record with a seed and no [Match] tag: records that name their match never build it,
    and one that does not still finds its match through it."""
    from printkit import audit

    _records(cls, tmp_path / "recs")
    key = read_key(cls / "class.key")
    made: list[str] = []
    real = audit._known
    monkeypatch.setattr(audit, "_known", lambda secret, game: made.append(game) or
                        real(secret, game))
    files = sorted((tmp_path / "recs").iterdir())
    entries = audit.audit_files(files, key, workers=1)
    assert [(e.match, e.belongs) for e in entries] == [("M1", True), ("M2", True),
                                                       ("M3", True)]
    assert made == []
    m2 = files[1].read_text()
    files[1].write_text(re.sub(r'\[Match "M2"\]\n', "", m2))
    entries = audit.audit_files(files, key, workers=1)
    assert [(e.match, e.belongs) for e in entries] == [("M1", True), ("M2", True),
                                                       ("M3", True)]
    assert made == ["postcard"]


def test_knockout_from_a_roster_for_a_game_without_its_own_sheets(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student,team\nAnn,Falcons\nBo,Falcons\nCy,Owls\nDee,\nEd,Bears\n")
    r = run_cli("classroom", "cardgrid", "--roster", roster, "--format", "knockout",
                "--class-key", tmp_path / "k", "--out", tmp_path / "ko", "--paper", "a4")
    assert r.code == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO((tmp_path / "ko" / "results.csv").read_text())))
    # 4 teams (Falcons, Owls, Dee, Bears), a bracket of 4: 1 v 4, 2 v 3, then the final
    assert [(x["match"], x["home"], x["away"]) for x in rows] == [
        ("M1", "Falcons", "Bears"), ("M2", "Owls", "Dee"), ("M3", "Winner M1", "Winner M2")]
    import pdfplumber

    with pdfplumber.open(tmp_path / "ko" / "teacher.pdf") as doc:
        text = doc.pages[0].extract_text()
    assert "Falcons (Ann, Bo)" in text and rows[2]["code"] in text
    with pdfplumber.open(tmp_path / "ko" / "schedule.pdf") as doc:
        assert "knock-out bracket" in doc.pages[0].extract_text()
        assert all("round robin" not in p.extract_text() for p in doc.pages)


def test_classroom_bad_input(tmp_path):
    r = run_cli("classroom", "postcard", "--out", tmp_path / "x")
    assert r.code == 2 and "--teams N or --roster" in r.stderr
    r = run_cli("classroom", "chess", "--teams", "4", "--out", tmp_path / "x")
    assert r.code == 2 and "unknown game 'chess'" in r.stderr
    (tmp_path / "key").write_text("not a key\n")
    r = run_cli("classroom", "postcard", "--teams", "4", "--class-key", tmp_path / "key",
                "--out", tmp_path / "x")
    assert r.code == 2 and "key:1: not a printkit class key" in r.stderr
    assert not (tmp_path / "x").exists()


def test_match_pdfs_are_the_packs_own_pages_and_the_pack_streams_to_a_file(tmp_path):
    """Each match's PDF is its pages copied out of the combined pack: same page content
    streams, the pack's blank fillers left out, its own title; the pack written to an open
    file page by page is the same bytes as the pack made in memory; both deterministic."""
    from printkit.classroom import make_plan, render_pack
    from printkit.sheets import RenderOptions
    from printkit_engine.tournament import numbered, round_robin

    plan = make_plan("blowout", round_robin(numbered(5)), ClassKey(bytes(32)), "a4")
    one = render_pack(plan, RenderOptions(paper="a4"))
    got: dict[str, bytes] = {}
    with open(tmp_path / "pack.pdf", "w+b") as fh:
        two = render_pack(plan, RenderOptions(paper="a4"), sink=got.__setitem__, out=fh)
    assert two[0] == b"" and two[1] == {} and len(got) == 10
    assert (tmp_path / "pack.pdf").read_bytes() == one[0] and one[1] == got
    assert render_pack(plan, RenderOptions(paper="a4"))[1] == one[1]
    pack = pikepdf.open(io.BytesIO(one[0]))
    assert len(pack.pages) == one[2]
    streams = [p.Contents.read_raw_bytes() for p in pack.pages]
    at = 0
    for n in range(1, 11):
        single = pikepdf.open(io.BytesIO(got[f"match-{n:03d}"]))
        mine = [p.Contents.read_raw_bytes() for p in single.pages]
        at = streams.index(mine[0], at)
        assert streams[at:at + len(mine)] == mine
        at += len(mine)
        assert str(single.docinfo["/Title"]).startswith(f"BLOWOUT!!! M{n}: ")
        assert single.Root.ViewerPreferences.PrintScaling == "/None"
    assert at >= one[2] - 1          # every match found, in order, to the end of the pack


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_every_game_packs_its_sheets_and_book(game, tmp_path):
    """Two teams, one match: the match's PDF holds every page of each sheet of the game's
    recipe (rendered alone for the count; the bubble log with sheets for a whole game) and of
    its play book, each page stamped, and blank backs between; a sheet that cannot be shared
    as forms (Luck of the Draw's score sheet) still goes in."""
    r = run_cli("classroom", game, "--teams", "2", "--class-key", tmp_path / "k",
                "--out", tmp_path / "pack")
    assert r.code == 0, r.stderr
    import pypdfium2

    def pages(path: Path) -> list[str]:
        doc = pypdfium2.PdfDocument(path)
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]

    match = [t for t in pages(tmp_path / "pack" / "matches" / "match-001.pdf")
             if "blank on purpose" not in t]
    row = list(csv.DictReader(io.StringIO((tmp_path / "pack" / "results.csv").read_text())))[0]
    # a whole game's bubble log: typical lines over the lines of a letter sheet (PostCard's
    # decision sheet, the pack's: 70 plays over 15; BLOWOUT!!!'s: 276 rows over 42, its
    # portrait decision sheet; Card Bowl's: 183 plays and a "more" row every fifth, 219 rows
    # over 30; Luck of the Draw's: a game's 75 sheet lines as placed over 36)
    sheets = {"cardbowl": 8, "postcard": 5, "blowout": 7, "luckdraw": 3, "cardgrid": 1}[game]
    alone = 0
    for p in recipe(game):
        out = tmp_path / f"{p.sheet}.pdf"
        more = ("--sheets", str(sheets)) if p.sheet == "bubblelog" else ()
        assert run_cli("render", game, p.sheet, "--out", out, *more).code == 0
        alone += len(pages(out))
    # Luck of the Draw's score sheet, the table's running tally, a whole game's: the play
    # book's 24 drives, 3 on its first page and 9 on each more-drives page (4 pages, where
    # `render luckdraw scoresheet` draws the first page and one more)
    alone += {"luckdraw": 2}.get(game, 0)
    book = tmp_path / "book.pdf"
    assert run_cli("playbook", game, "--seed", row["seed"], "--out", book).code == 0
    assert len(match) == alone + len(pages(book))
    assert all(f"code {row['code']}" in t for t in match)
    n = len(pages(book))
    assert all(t.startswith(f"{registry.get(game).title} \u2014 play book") for t in match[-n:])


def test_luckdraw_score_sheet_carries_the_match_seed(tmp_path):
    r = run_cli("classroom", "luckdraw", "--teams", "2", "--class-key", tmp_path / "k",
                "--out", tmp_path / "pack")
    assert r.code == 0, r.stderr
    seed = list(csv.DictReader(io.StringIO((tmp_path / "pack" / "results.csv").read_text())))[0][
        "seed"]
    import pdfplumber

    with pdfplumber.open(tmp_path / "pack" / "pack.pdf") as doc:
        assert f"Seed {seed}" in doc.pages[0].extract_text()


@pytest.mark.parametrize("game", list(registry.GAMES))
def test_every_page_of_a_match_names_only_its_own_teams(game, tmp_path):
    """Artwork shared between matches must not carry a team's name: a field whose end-zone
    names went into its shared form printed the first match's teams on every match's field
    (found on a 33-team Card Bowl pack: "Team 1 v Team 14" over end zones TEAM 2 and TEAM 33)."""
    import pypdfium2

    r = run_cli("classroom", game, "--teams", "4", "--class-key", tmp_path / "k",
                "--out", tmp_path / "pack")
    assert r.code == 0, r.stderr
    rows = list(csv.DictReader((tmp_path / "pack" / "results.csv").open()))
    assert len(rows) == 6
    for row in rows:
        own = {row["home"].lower(), row["away"].lower()}
        name = f"match-{int(row['match'][1:]):03d}.pdf"
        doc = pypdfium2.PdfDocument(tmp_path / "pack" / "matches" / name)
        for n in range(len(doc)):
            text = doc[n].get_textpage().get_text_range().lower()
            named = set(re.findall(r"team \d+", text))
            assert named <= own, (row["match"], n + 1, named - own)


def test_match_copies_come_in_runs_of_whole_matches():
    """The pack is reopened for each run of matches of at least SPLIT_PAGES pages (qpdf
    holds what it has read of an open file): whole matches in order, the last run short."""
    from printkit.classroom import Span, _runs

    spans = [Span(None, 0, n) for n in (3, 4, 2, 5, 1)]       # type: ignore[arg-type]
    assert [[s.count for s in run] for run in _runs(spans, 6)] == [[3, 4], [2, 5], [1]]
    assert [[s.count for s in run] for run in _runs(spans, 100)] == [[3, 4, 2, 5, 1]]
    assert [[s.count for s in run] for run in _runs(spans, 1)] == [[3], [4], [2], [5], [1]]
    assert list(_runs([], 6)) == []


def test_match_copies_are_the_same_bytes_whatever_the_runs(tmp_path, monkeypatch):
    """Copied from a pack opened afresh for every match, or opened once for all of them, each
    match's PDF is the same bytes (so the runs that keep memory flat change no output)."""
    import pikepdf as pike

    from printkit import classroom
    from printkit.classroom import make_plan, render_pack
    from printkit.sheets import RenderOptions
    from printkit_engine.tournament import numbered, round_robin

    plan = make_plan("postcard", round_robin(numbered(4)), ClassKey(bytes(32)), "letter")
    opened: list[int] = []
    real_open = pike.open

    def counted(*args, **kwargs):
        opened.append(1)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(pike, "open", counted)
    copies = {}
    for pages in (1, 10**9):
        monkeypatch.setattr(classroom, "SPLIT_PAGES", pages)
        opened.clear()
        got: dict[str, bytes] = {}
        with open(tmp_path / f"pack-{pages}.pdf", "w+b") as fh:
            render_pack(plan, RenderOptions(), sink=got.__setitem__, out=fh)
        copies[pages] = (got, len(opened))
    assert copies[1][1] == 6 and copies[10**9][1] == 1     # 6 matches: 6 openings, or one
    assert sorted(copies[1][0]) == [f"match-00{n}" for n in range(1, 7)]
    assert copies[1][0] == copies[10**9][0]
    assert (tmp_path / "pack-1.pdf").read_bytes() == (tmp_path / "pack-1000000000.pdf").read_bytes()
