"""The teacher's page driven in-process through its ASGI callable: every page, the class
made by the same library as `printkit classroom`, hand-ins sniffed and limited, CSRF
refusals, the audit's standings and missing matches, a restart that loses nothing."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from printkit.server import app as app_module
from printkit.server import forms
from printkit.server.app import App
from tests.helpers import run_cli
from tests.server.asgi import Client

TEAMS = "Ann\nBo\nCy\nDi\n"
# the round robin of Ann, Bo, Cy, Di as engine/tournament.py draws it (typed from the
# schedule sheet): match -> (home, away)
FIXTURES = {"M1": ("Ann", "Di"), "M2": ("Bo", "Cy"), "M3": ("Cy", "Ann"),
            "M4": ("Di", "Bo"), "M5": ("Ann", "Bo"), "M6": ("Cy", "Di")}


def _new_class(client: Client, **fields: str) -> object:
    form = {"csrf": client.token(), "game": "postcard", "teams": TEAMS,
            "format": "round-robin", "paper": "letter", **fields}
    return client.post("/classes", form)


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    """A class folder with one PostCard class of four teams, made through the page."""
    root = tmp_path_factory.mktemp("made") / "classes"
    r = _new_class(Client(App(root)))
    assert r.status == 303 and r.headers["location"] == "/classes/1"
    return root


@pytest.fixture
def root(made, tmp_path) -> Path:
    where = tmp_path / "classes"
    shutil.copytree(made, where)
    return where


@pytest.fixture
def records(root, tmp_path) -> Path:
    """A rehearsal of the class: one record per match, one with a planted slip."""
    out = tmp_path / "recs"
    r = run_cli("simulate", "postcard", "--class", root / "class-1", "--out", out,
                "--slips", "1")
    assert r.code == 0, r.stderr
    return out


def _clean(records: Path) -> list[str]:
    """The rehearsal's records without the planted slip (its answer key names it)."""
    key = list(csv.DictReader(io.StringIO((records / "answer-key.csv").read_text())))
    return [f"{m}.rec" for m in FIXTURES if f"{m}.rec" not in {k["file"] for k in key}]


def _title(pdf: bytes) -> str:
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return str(doc.docinfo.get("/Title", ""))


def _text(pdf: bytes) -> str:
    doc = pdfium.PdfDocument(pdf)
    return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))


def test_the_home_page_lists_the_class_and_offers_the_form(root):
    c = Client(App(root))
    r = c.get("/")
    assert r.status == 200
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    assert c.cookie.startswith("printkit_session=")
    assert '<a href="/classes/1">Class 1</a>' in r.text
    assert "<td>PostCard Football</td><td>4 teams</td><td>round-robin</td><td>letter</td>" \
        in r.text
    for game in ("cardbowl", "postcard", "blowout", "luckdraw", "cardgrid"):
        assert f'<option value="{game}"' in r.text
    assert "<script" not in r.text


def test_a_new_class_offers_its_printouts_and_never_its_key(root):
    c = Client(App(root))
    r = c.get("/classes/1")
    assert r.status == 200
    assert "Teams: Ann, Bo, Cy, Di." in r.text
    class_id = re.search(r"class id ([0-9A-Z]{6})\.", r.text).group(1)
    for name in ("pack.pdf", "schedule.pdf", "teacher.pdf"):
        assert f'href="/classes/1/files/{name}"' in r.text
        got = c.get(f"/classes/1/files/{name}")
        assert got.status == 200 and got.body.startswith(b"%PDF-")
        assert got.headers["content-disposition"] == \
            f'attachment; filename="class-1-{name}"'
    teacher = _text(c.get("/classes/1/files/teacher.pdf").body)
    assert class_id in teacher
    assert "Ann" in teacher and "Di" in teacher
    key = (root / "class-1" / "class.key").read_text().strip().splitlines()[-1]
    assert len(key) == 64
    for path in ("/classes/1/files/class.key", "/classes/1/files/results.csv",
                 "/classes/1/files/..%2fclass.key", "/classes/1/class.key",
                 "/class-1/class.key", "/printkit.sqlite"):
        got = c.get(path)
        assert got.status == 404, path
        assert key not in got.text
    for page in ("/", "/classes/1"):
        assert key not in c.get(page).text


def test_a_roster_file_names_the_teams(root):
    c = Client(App(root))
    form = {"csrf": c.token(), "game": "cardgrid", "teams": "", "format": "knockout",
            "paper": "a4"}
    roster = b"First Name,Last Name\nAda,Lovelace\nAlan,Turing\nGrace,Hopper\n"
    r = c.post("/classes", form, (("roster", "class list.csv", roster),))
    assert r.status == 303 and r.headers["location"] == "/classes/2"
    page = c.get("/classes/2").text
    assert "Teams: Ada Lovelace, Alan Turing, Grace Hopper." in page
    assert "knockout, a4" in page


def test_a_bad_roster_is_one_message_and_no_class(root):
    c = Client(App(root))
    r = _new_class(c, teams="Ann,Bo\nCy,Di\n")
    assert r.status == 400
    assert 'class="error"' in r.text
    assert "team names:1: expected a header row naming a team" in r.text
    assert "Traceback" not in r.text
    assert "Ann,Bo" in r.text                  # the form keeps what was typed
    assert "/classes/2" not in c.get("/").text
    assert not (root / "class-2").exists()
    r = _new_class(c, teams="Solo\n")
    assert r.status == 400 and "team names:1: expected at least 2 teams, found 1" in r.text


def test_forms_without_the_sessions_token_are_refused(root):
    c = Client(App(root))
    token = c.token()
    other = Client(App(root))
    other.token()                                      # a session of its own
    for client, given in ((c, ""), (c, "0" * 64), (other, token)):
        r = _new_class(client, csrf=given)
        assert r.status == 403
        assert "the form&#x27;s token is missing or out of date" in r.text
    fresh = Client(App(root))                           # no session cookie at all
    r = fresh.post("/classes/1/audit", {"csrf": token}, multipart=False)
    assert r.status == 403
    r = c.post("/classes/1/handin", {"csrf": ""}, (("files", "M1.rec", b"[Game \"x\"]\n"),))
    assert r.status == 403
    assert not (root / "class-2").exists()
    assert list((root / "class-1" / "handins").iterdir()) == []


def test_a_form_from_another_site_or_host_is_refused(root):
    c = Client(App(root))
    token = c.token()
    r = c.post(
        "/classes", {"csrf": token, "game": "postcard", "teams": TEAMS,
                     "format": "round-robin", "paper": "letter"},
        extra=(("origin", "http://evil.example"),))
    assert r.status == 403 and "another site" in r.text
    assert c.get("/", host="evil.example").status == 403
    assert c.get("/", host="evil.example:8000").status == 403
    assert c.get("/", host="localhost:8000").status == 200


def test_uploads_are_sniffed_and_stored_under_generated_names(root, records):
    c = Client(App(root))
    token = c.token("/classes/1")
    record = (records / "M1.rec").read_bytes()
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64
    r = c.post("/classes/1/handin", {"csrf": token},
               (("files", "../../../etc/evil.rec", record),
                ("files", "photo.rec", png),
                ("files", "<b>bold</b>.exe", b"\x7fELF\x02\x01\x01\x00" + b"\x00" * 40)))
    assert r.status == 400
    assert "&lt;b&gt;bold&lt;/b&gt;.exe: not a photo (JPEG, PNG), PDF or typed record; not " \
           "handed in" in r.text
    assert "<b>bold</b>" not in r.text
    assert "2 files handed in" in r.text
    assert "<td>../../../etc/evil.rec</td><td>typed record</td>" in r.text
    assert "<td>photo.rec</td><td>PNG image</td>" in r.text
    stored = sorted(p.name for p in (root / "class-1" / "handins").iterdir())
    assert stored == ["h00001.rec", "h00002.png"]
    assert (root / "class-1" / "handins" / "h00001.rec").read_bytes() == record
    assert not (root.parent / "etc").exists()
    assert c.get("/").status == 200                    # the server keeps serving


def test_upload_limits_are_one_message_each(root, monkeypatch):
    c = Client(App(root))
    token = c.token("/classes/1")
    rec = b'[Game "postcard"]\n'
    many = tuple(("files", f"M{n}.rec", rec) for n in range(forms.MAX_FILES + 1))
    r = c.post("/classes/1/handin", {"csrf": token}, many)
    assert r.status == 400
    assert f"too many files in one hand-in (at most {forms.MAX_FILES})" in r.text
    monkeypatch.setattr(forms, "MAX_FILE", 100)
    r = c.post("/classes/1/handin", {"csrf": token}, (("files", "big.rec", rec * 10),))
    assert r.status == 400 and "big.rec: too big (at most 0 MB a file)" in r.text
    monkeypatch.setattr(app_module, "MAX_BODY", 1000)
    r = c.post("/classes/1/handin", {"csrf": token}, (("files", "huge.rec", rec * 100),))
    assert r.status == 413 and "the upload is too big" in r.text
    r = c.post("/classes/1/handin", {"csrf": token}, ())
    assert r.status == 400 and "no file chosen" in r.text
    r = c.request("POST", "/classes/1/handin", b"--x\r\ngarbage",
                  "multipart/form-data; boundary=x")
    assert r.status == 400 and "the upload was cut short" in r.text
    assert list((root / "class-1" / "handins").iterdir()) == []
    assert c.get("/classes/1").status == 200


def test_the_audit_shows_standings_missing_matches_duplicates_and_the_slip(root, records):
    c = Client(App(root))
    token = c.token("/classes/1")
    key = list(csv.DictReader(io.StringIO((records / "answer-key.csv").read_text())))
    slipped = key[0]["file"]
    clean = [m for m in FIXTURES if f"{m}.rec" != slipped][:2]
    files = [("files", f"{m}.rec", (records / f"{m}.rec").read_bytes()) for m in clean]
    files += [files[0], ("files", slipped, (records / slipped).read_bytes())]
    r = c.post("/classes/1/handin", {"csrf": token}, tuple(files))
    assert r.status == 200 and "4 files handed in" in r.text
    assert '<progress id="audit-progress"' in r.text and "http-equiv" not in r.text
    running = c.get("/classes/1/results").text
    assert '<progress id="audit-progress"' in running       # the hand-in started a run
    assert '<meta http-equiv="refresh" content="2">' in running
    assert "Not audited yet" not in running
    r = c.post("/classes/1/audit", {"csrf": token}, multipart=False)
    assert r.status == 303 and r.headers["location"] == "/classes/1/results"
    assert c.wait()["state"] == "done"
    page = c.get("/classes/1/results").text
    assert "<progress" not in page and "http-equiv" not in page
    assert "4 records: 3 clean, 1 with findings, 0 unreadable" in page
    first, second = clean
    h1, a1 = FIXTURES[first]
    slip_match = slipped.removesuffix(".rec")
    hs, as_ = FIXTURES[slip_match]
    assert (f"{first} {h1} v {a1}: 2 records agree, counted once ({first}.rec [h00001.rec], "
            f"{first}.rec [h00003.rec])") in page
    assert f"{slip_match} {hs} v {as_}: pending (its records have findings: {slipped} " \
           f"[h00004.rec])" in page
    missing = [m for m in FIXTURES if m not in (first, second, slip_match)]
    for m in missing:
        h, a = FIXTURES[m]
        assert f'<li class="missing">{m} {h} v {a}: no record</li>' in page
    rows = re.findall(r"<tr><td>\d+</td><td>([^<]+)</td><td>(\d+)</td>", page)
    played = {team: int(p) for team, p in rows}
    assert set(played) == {"Ann", "Bo", "Cy", "Di"}
    for team in played:
        expected = sum(team in FIXTURES[m] for m in (first, second))
        assert played[team] == expected, team
    assert f"{slipped} [h00004.rec] line {key[0]['finding_line']}: {key[0]['rule']}:" in page
    links = dict(re.findall(r'<h3>([^<]+) <a class="sheets" href="(/classes/1/sheets/'
                            r'[A-Za-z0-9_-]{16}\.pdf)">annotated sheets \(PDF\)</a></h3>', page))
    assert set(links) == {hs, as_}                  # the two teams of the slipped record
    for team, link in links.items():
        got = c.get(link)
        assert got.status == 200 and got.headers["content-type"] == "application/pdf"
        text = _text(got.body)
        assert f"{team}: sheets handed back" in _title(got.body)
        assert key[0]["rule"] in text and "h00004.rec" in text
    assert "/sheets/" not in links[hs].removeprefix("/classes/1/sheets/")
    assert page.count('class="sheets"') == 2          # the teams with findings only
    for bad in ("/classes/1/sheets/" + "A" * 16 + ".pdf", "/classes/2" + links[hs][10:],
                "/classes/1/sheets/..%2F..%2Fclass.key"):
        assert c.get(bad).status == 404, bad
    listing = c.get("/classes/1").text
    for n, m in ((1, first), (2, second), (3, first), (4, slip_match)):
        h, a = FIXTURES[m]
        assert f'<td class="read">{m} ({h} v {a})</td><td>' in listing, (n, m)
    book = c.get("/classes/1/gradebook.csv")
    assert book.status == 200 and book.headers["content-type"] == "text/csv; charset=utf-8"
    table = list(csv.DictReader(io.StringIO(book.text)))
    assert {r["match"] for r in table if r["kind"] == "match" and r["status"] == "missing"} \
        == set(missing)
    found = [r for r in table if r["kind"] == "finding"]
    assert {r["team"] for r in found} == {hs, as_}
    assert {r["rule"] for r in found} == {key[0]["rule"]}
    assert all(r["file"] == f"{slipped} [h00004.rec]" for r in found)


def test_auditing_nothing_says_so(root):
    c = Client(App(root))
    r = c.post("/classes/1/audit", {"csrf": c.token("/classes/1")}, multipart=False)
    assert r.status == 400 and "nothing handed in yet" in r.text
    assert c.get("/classes/1/gradebook.csv").status == 404


def test_a_restart_loses_nothing(root, records):
    c = Client(App(root))
    token = c.token("/classes/1")
    c.post("/classes/1/handin", {"csrf": token},
           (("files", "M2.rec", (records / "M2.rec").read_bytes()),))
    c.post("/classes/1/audit", {"csrf": token}, multipart=False)
    c.wait()
    before = c.get("/classes/1/results").text
    again = Client(App(root))                      # a new server over the same folder
    assert '<a href="/classes/1">Class 1</a>' in again.get("/").text
    assert "<td>M2.rec</td><td>typed record</td>" in again.get("/classes/1").text
    def untokened(page: str) -> str:
        return re.sub(r'name="csrf" value="[0-9a-f]{64}"', "", page)

    assert untokened(again.get("/classes/1/results").text) == untokened(before)
    assert again.get("/classes/1/gradebook.csv").status == 200


def test_unknown_pages_and_methods_and_an_internal_error(root, monkeypatch):
    c = Client(App(root))
    assert c.get("/classes/9").status == 404
    assert c.get("/nowhere").status == 404
    assert c.request("DELETE", "/classes/1").status == 405
    app = App(root)

    def broken() -> list:
        raise RuntimeError("boom")

    monkeypatch.setattr(app.store, "classes", broken)
    r = Client(app).get("/")
    assert r.status == 500
    assert "an internal error" in r.text and "boom" not in r.text
    assert "Traceback" not in r.text


def test_photos_of_a_matchs_bubble_log_are_read_as_its_record(root, records, tmp_path):
    """Phone photos of every sheet of a match's filled bubble log (the first match the
    rehearsal planted no slip in; as many sheets as its game takes: the class key draws the
    game), handed in under camera names with a misleading suffix: kept as JPEGs under
    generated names, audited as one clean record of that match."""
    import cv2

    from tests.omr.distort import Distortion, distort, page_image

    match = _clean(records)[0].removesuffix(".rec")
    home, away = FIXTURES[match]
    sheets = tmp_path / "sheets.pdf"
    r = run_cli("render", "postcard", "bubblelog", "--dense", "--from", records / f"{match}.rec",
                "--out", sheets)
    assert r.code == 0, r.stderr
    data = sheets.read_bytes()
    photos = []
    for page in range(len(pdfium.PdfDocument(data))):
        image = distort(page_image(data, page, 200), Distortion(dpi=200, angle=3.0))
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 75])
        assert ok
        photos.append(("files", f"IMG_{page:04d}.HEIC.txt", jpeg.tobytes()))
    n = len(photos)
    assert n >= 2
    c = Client(App(root))
    token = c.token("/classes/1")
    r = c.post("/classes/1/handin", {"csrf": token}, tuple(photos))
    assert r.status == 200 and f"{n} files handed in" in r.text
    assert r.text.count("</td><td>JPEG photo</td>") == n
    assert sorted(p.name for p in (root / "class-1" / "handins").iterdir()) == [
        f"h{k:05d}.jpg" for k in range(1, n + 1)]
    seen = []                                  # the progress bar as the page polls it
    while (state := json.loads(c.get("/classes/1/progress").body))["state"] in (
            "queued", "running"):
        page = c.get("/classes/1/results").text
        if state["state"] == "running" and state["total"]:
            assert state["total"] == n and 0 <= state["done"] <= n
            bar = re.search(r'<progress id="audit-progress" value="(\d+)" max="(\d+)">', page)
            if bar:                            # the run may end between the two requests
                seen.append((int(bar[1]), int(bar[2])))
        time.sleep(0.1)
    assert state["state"] == "done" and state["done"] == n and state["total"] == n
    assert seen and all(m == n and 0 <= v <= n for v, m in seen)
    listing = c.get("/classes/1").text
    for k in range(1, n + 1):                  # each photo: its match, sheet k of n
        assert (f"<td>IMG_{k - 1:04d}.HEIC.txt</td><td>JPEG photo</td>"
                f'<td class="read">{match} sheet {k} of {n} ({home} v {away})</td>') in listing
    page = c.get("/classes/1/results").text
    shown = re.sub(r"<[^>]+>", " ", page)          # the page's words, if this fails
    assert "1 record: 1 clean, 0 with findings, 0 unreadable" in page, shown[:3000]
    row = re.search(rf"<tr><td>([^<]*)</td><td>{match}</td><td>{home} v {away}</td>"
                    r"<td>\d+-\d+</td>"
                    r'<td class="clean">clean</td></tr>', page)
    assert row, page
    assert row.group(1).startswith("IMG_0000.HEIC.txt [h00001.jpg]")
    assert f"IMG_{n - 1:04d}.HEIC.txt [h{n:05d}.jpg]" in row.group(1)
    assert f'<li class="missing">{match} ' not in page
    for m in sorted(set(FIXTURES) - {match}):
        h, a = FIXTURES[m]
        assert f'<li class="missing">{m} {h} v {a}: no record</li>' in page


def test_a_file_left_by_a_stopped_server_is_not_counted_nor_overwritten(root, records):
    """A server killed between writing a hand-in and recording it leaves a file no row names:
    the audit does not count it, and the next hand-in takes the next name."""
    handins = root / "class-1" / "handins"
    (handins / "h00001.rec").write_bytes((records / "M1.rec").read_bytes())
    c = Client(App(root))
    r = c.post("/classes/1/handin", {"csrf": c.token("/classes/1")},
               (("files", "M2.rec", (records / "M2.rec").read_bytes()),))
    assert r.status == 200 and "<td>M2.rec</td><td>typed record</td>" in r.text
    assert (handins / "h00001.rec").read_bytes() == (records / "M1.rec").read_bytes()
    assert (handins / "h00002.rec").read_bytes() == (records / "M2.rec").read_bytes()
    c.wait()
    page = c.get("/classes/1/results").text
    assert "1 record: " in page and "M1.rec" not in page
    assert '<li class="missing">M1 Ann v Di: no record</li>' in page


def test_a_luck_of_the_draw_class_shows_its_players(tmp_path):
    """Players score alone in Luck of the Draw: the results add each player's standing."""
    root = tmp_path / "classes"
    c = Client(App(root))
    r = _new_class(c, game="luckdraw", teams="Owls\nCats\n")
    assert r.status == 303
    out = tmp_path / "recs"
    assert run_cli("simulate", "luckdraw", "--class", root / "class-1", "--out", out).code == 0
    token = c.token("/classes/1")
    c.post("/classes/1/handin", {"csrf": token},
           (("files", "M1.rec", (out / "M1.rec").read_bytes()),))
    c.wait()
    page = c.get("/classes/1/results").text
    assert "1 record: 1 clean" in page
    assert "<h2>Players</h2>" in page
    players = re.findall(r"<tr><td>\d+</td><td>([^<]+)</td><td>(Owls|Cats)</td><td>1</td>",
                         page)
    assert {team for _, team in players} == {"Owls", "Cats"}
    assert len(players) >= 2


def test_a_run_cut_short_by_a_stop_is_said_and_the_last_finished_one_shown(root, records):
    """A server stopped mid-run (its run left running in the store): the next start marks it
    cut short, shows the last finished run, and audits what no run took again."""
    from printkit.server.store import Store

    one, two = _clean(records)[:2]
    c = Client(App(root))
    token = c.token("/classes/1")
    c.post("/classes/1/handin", {"csrf": token},
           (("files", one, (records / one).read_bytes()),))
    assert c.wait()["state"] == "done"
    store = Store(root)
    run = store.start_run(1)                  # as a server killed mid-run leaves it
    assert run is not None
    store.progress(run.id, 0, 1, "read 0 of 1 files")
    again = Client(App(root))
    state = json.loads(again.get("/classes/1/progress").body)
    assert state == {"run": run.id, "state": "cut short", "done": 0, "total": 1,
                     "phase": "read 0 of 1 files",
                     "message": "the server stopped before the run ended",
                     "finished": run.id - 1}
    page = again.get("/classes/1/results").text
    assert ("The last audit run did not finish: the server stopped before the run ended. "
            "Showing the last finished audit.") in page
    assert "1 record: 1 clean" in page and "http-equiv" not in page
    run = store.start_run(1)                  # now with a hand-in no run took
    assert run is not None
    (root / "class-1" / "handins" / "h00002.rec").write_bytes((records / two).read_bytes())
    store.add_submission(1, two, "h00002.rec", "typed record", 10)
    third = Client(App(root))
    assert third.wait()["state"] == "done"
    assert "2 records: 2 clean" in third.get("/classes/1/results").text


def test_a_failed_run_is_one_message_and_the_server_goes_on(root, records):
    c = Client(App(root))
    (root / "class-1" / "results.csv").unlink()          # the class's schedule is gone
    r = c.post("/classes/1/handin", {"csrf": c.token("/classes/1")},
               (("files", "M2.rec", (records / "M2.rec").read_bytes()),))
    assert r.status == 200 and "1 file handed in; the audit runs" in r.text
    state = c.wait()
    assert state["state"] == "failed" and state["finished"] is None
    assert state["message"].startswith("the audit failed (ReadError: ")
    assert "results.csv" in state["message"] and "Traceback" not in state["message"]
    page = c.get("/classes/1/results").text
    assert "The last audit run did not finish: the audit failed (ReadError: " in page
    assert "Traceback" not in page
    assert c.get("/").status == 200


LAN = "http://192.168.7.20:8000"
PHONE = "192.168.7.31"


def _qr_text(svg: str) -> str:
    """What a QR code drawn as the page's inline SVG says: rendered, read with zxing."""
    import numpy as np
    import zxingcpp

    cells = re.findall(r"M(\d+),(\d+)H", svg)
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    image = np.full((size * 8, size * 8), 255, np.uint8)
    for x, y in cells:
        image[int(y) * 8:int(y) * 8 + 8, int(x) * 8:int(x) * 8 + 8] = 0
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1
    return found[0].text


def test_lan_phones_need_the_passcode_which_the_qr_link_gives(root, records):
    teacher = Client(App(root, LAN))                   # the teacher's laptop: the loopback
    page = teacher.get("/classes/1").text
    passcode = re.search(r'<p class="passcode" id="passcode">([A-Z2-9]{8})</p>', page)[1]
    assert not set(passcode) & set("01OIL")
    assert passcode in teacher.get("/").text
    key = (root / "class-1" / "class.key").read_text().strip().splitlines()[-1]
    assert key not in page and passcode not in key
    svg = re.search(r'<svg class="qr".*?</svg>', page, re.S)[0]
    link = _qr_text(svg)
    assert link == f"{LAN}/classes/1/phone?passcode={passcode}"
    assert _qr_text(re.search(r'<svg class="qr".*?</svg>', teacher.get("/classes/1/board").text,
                              re.S)[0]) == link
    phone = Client(App(root, LAN), client=PHONE)
    host = ("192.168.7.20:8000",)
    for path in ("/", "/classes/1", "/classes/1/phone", "/classes/1/results",
                 "/classes/1/files/teacher.pdf", "/classes/1/gradebook.csv"):
        r = phone.get(path, host=host[0])
        assert r.status == 401 and "Scan the QR code on the board" in r.text, path
        assert "%PDF" not in r.text
    r = phone.get("/classes/1/phone?passcode=WRONG234", host=host[0])
    assert r.status == 401 and "that is not the passcode" in r.text
    r = phone.post("/classes/1/handin", {"csrf": "x"}, (("files", "a.rec", b"x"),),
                   host=host[0])
    assert r.status == 401
    r = phone.get(link.removeprefix(LAN), host=host[0])      # the QR code's link
    assert r.status == 303 and r.headers["location"] == "/classes/1/phone"
    assert phone.cookie.startswith("printkit_session=")     # the session the 401s gave
    page = phone.get("/classes/1/phone", host=host[0]).text
    assert 'accept="image/*" capture="environment"' in page and "<script" not in page
    for path in ("/classes/1", "/classes/1/results", "/classes/1/files/teacher.pdf",
                 "/classes/1/gradebook.csv", "/classes/1/board", "/classes/1/progress"):
        r = phone.get(path, host=host[0])
        assert r.status == 403 and "on the teacher&#x27;s laptop only" in r.text, path
    assert phone.get("/", host=host[0]).text.count('href="/classes/1/phone"') == 1
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', page)[1]
    one = _clean(records)[0]
    r = phone.post("/classes/1/handin", {"csrf": token, "from": "phone"},
                   (("files", one, (records / one).read_bytes()),), host=host[0])
    assert r.status == 200 and "1 file handed in; the audit runs" in r.text
    assert "Take a photo" in r.text and "Standings" not in r.text
    again = Client(App(root, LAN), client=PHONE)   # a restart: the phone's session kept
    again.cookie = phone.cookie
    assert again.get("/classes/1/phone", host=host[0]).status == 200
    assert teacher.wait()["state"] == "done"
    assert f"<td>{one}</td><td>typed record</td>" in teacher.get("/classes/1").text
    other = Client(App(root, LAN), client=PHONE)
    r = other.get("/classes/1/phone?passcode=" + passcode.lower()[:4] + "-"
                  + passcode.lower()[4:], host="192.168.7.20:8000")
    assert r.status == 303                           # typed in lower case, with a dash
    assert other.get("/", host="printkit.example:8000").status == 403   # a name: refused


def test_without_lan_nothing_changes(root):
    c = Client(App(root))
    page = c.get("/classes/1").text
    assert 'class="passcode"' not in page and "<svg" not in page
    assert c.get("/classes/1/board").status == 404
    assert Client(App(root), client=PHONE).get("/").status == 200   # only loopback's Host
    assert c.get("/", host="192.168.7.20:8000").status == 403


def test_a_client_giving_wrong_passcodes_waits_after_ten_a_minute(root, records):
    """Ten wrong passcodes from one address in a minute, then that address waits (429, with
    Retry-After) until the first is a minute old, even for the right passcode; another
    address is not held up; the right passcode after the wait lets it in."""
    now = [1000.0]
    app = App(root, LAN)
    app.clock = lambda: now[0]
    teacher = Client(app)
    passcode = re.search(r'<p class="passcode" id="passcode">([A-Z2-9]{8})</p>',
                         teacher.get("/classes/1").text)[1]
    host = "192.168.7.20:8000"
    guesser = Client(app, client=PHONE)
    for k in range(10):
        now[0] = 1000.0 + 3 * k                      # 1000, 1003, ... 1027
        r = guesser.get("/classes/1/phone?passcode=WRONG234", host=host)
        assert r.status == 401 and "that is not the passcode" in r.text, k
    now[0] = 1030.0
    r = guesser.get(f"/classes/1/phone?passcode={passcode}", host=host)
    assert r.status == 429 and r.headers["retry-after"] == "30"
    assert "too many wrong passcodes: try again in 30 s" in r.text
    other = Client(app, client="192.168.7.99")
    assert other.get(f"/classes/1/phone?passcode={passcode}", host=host).status == 303
    now[0] = 1059.5
    assert guesser.get(f"/classes/1/phone?passcode={passcode}", host=host).status == 429
    now[0] = 1060.0                                   # the first wrong one is a minute old
    r = guesser.get(f"/classes/1/phone?passcode={passcode}", host=host)
    assert r.status == 303 and r.headers["location"] == "/classes/1/phone"
