"""`printkit serve` as a person starts it: a real uvicorn on a free port (port 0, printed),
driven with urllib (a cookie jar, the form's CSRF token), stopped with Ctrl-C (SIGINT: exit
130, "stopped"); then each page in a headless Chromium, screenshots kept for a look (skips when
/usr/bin/chromium is absent)."""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import run_cli

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1100,1300")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def server(tmp_path) -> Iterator[tuple[subprocess.Popen, str]]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", str(tmp_path / "cls"),
                             "--port", "0", "--no-browser"], stderr=subprocess.PIPE,
                            text=True, env=env, cwd=tmp_path)
    assert proc.stderr is not None
    line = proc.stderr.readline()
    found = re.search(r" at (http://127\.0\.0\.1:\d+/) \(Ctrl-C stops it\)", line)
    assert found, line
    try:
        yield proc, found.group(1)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def _opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def _token(opener, url: str) -> str:
    page = opener.open(url, timeout=30).read().decode()
    return re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)


def _post(opener, url: str, fields: dict[str, str]) -> str:
    data = urllib.parse.urlencode(fields).encode()
    return opener.open(urllib.request.Request(url, data), timeout=120).read().decode()


def _wait(opener, url: str, timeout: float = 120) -> dict:
    """The audit run's state once it has ended, polled as the page's refresh would."""
    end = time.monotonic() + timeout
    while (state := json.loads(opener.open(url, timeout=30).read()))["state"] in (
            "queued", "running"):
        assert time.monotonic() < end, state
        time.sleep(0.25)
    return state


def _flow(base: str, records: Path | None = None) -> None:
    """A class made, (with records) two handed in and audited, through the live server."""
    op = _opener()
    page = _post(op, base + "classes", {"csrf": _token(op, base), "game": "postcard",
                                        "teams": "Owls\nCats\nFoxes\n",
                                        "format": "round-robin", "paper": "letter"})
    assert "Teams: Owls, Cats, Foxes." in page


def test_serve_answers_refuses_a_forged_form_and_stops_on_ctrl_c(server):
    proc, base = server
    op = _opener()
    home = op.open(base, timeout=30)
    assert home.status == 200 and "New class" in home.read().decode()
    with pytest.raises(urllib.error.HTTPError) as refused:
        _post(_opener(), base + "classes", {"csrf": "0" * 64, "game": "postcard",
                                            "teams": "A\nB\n"})
    assert refused.value.code == 403
    _flow(base)
    assert '<a href="/classes/1">Class 1</a>' in op.open(base, timeout=30).read().decode()
    proc.send_signal(signal.SIGINT)
    assert proc.wait(20) == 130                  # the CLI's exit code for Ctrl-C
    rest = proc.stderr.read()
    assert rest.startswith("printkit serve: stopped\n") and "Traceback" not in rest


def test_serve_refuses_a_file_as_its_class_folder(tmp_path):
    (tmp_path / "f").write_text("x")
    r = run_cli("serve", tmp_path / "f", "--no-browser")
    assert r.code == 2
    assert r.stderr.strip().endswith(": not a directory")
    assert len(r.stderr.strip().splitlines()) == 1


@pytest.mark.skipif(not CHROMIUM.exists(), reason="headless Chromium not installed "
                                                  "(/usr/bin/chromium)")
def test_each_page_in_chromium(server, tmp_path):
    proc, base = server
    recs = tmp_path / "recs"
    _flow(base)
    r = run_cli("simulate", "postcard", "--class", tmp_path / "cls" / "class-1", "--out", recs,
                "--slips", "1")
    assert r.code == 0, r.stderr
    op = _opener()
    token = _token(op, base + "classes/1")
    boundary = "pk-live-boundary"
    body = f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{token}\r\n"
    for name in ("M1.rec", "M2.rec"):
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; "
                 f"filename=\"{name}\"\r\n\r\n{(recs / name).read_text()}\r\n")
    body += f"--{boundary}--\r\n"
    req = urllib.request.Request(base + "classes/1/handin", body.encode(), {
        "Content-Type": f"multipart/form-data; boundary={boundary}"})
    assert "2 files handed in" in op.open(req, timeout=60).read().decode()
    _post(op, base + "classes/1/audit", {"csrf": token})
    _wait(op, base + "classes/1/progress")
    page = op.open(base + "classes/1/results", timeout=30).read().decode()
    assert "2 records: " in page
    assert page.count(": no record</li>") == 1        # three teams: three matches, two in
    shots = Path(os.environ.get("PRINTKIT_SHOTS", tmp_path / "shots"))
    shots.mkdir(parents=True, exist_ok=True)
    for name, path in (("home", ""), ("class", "classes/1"), ("results", "classes/1/results")):
        shot = shots / f"serve-{name}.png"
        done = subprocess.run([str(CHROMIUM), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                               f"--screenshot={shot}", base + path],
                              capture_output=True, text=True, timeout=90)
        assert done.returncode == 0, done.stderr[-2000:]
        from PIL import Image

        with Image.open(shot) as im:
            assert im.size == (1100, 1300)
            assert len(set(im.convert("L").tobytes())) > 10      # not a blank page


def test_serve_lan_prints_the_passcode_and_phones_need_it(tmp_path):
    """--lan: bound to every address; the teacher's 127.0.0.1 as before, the machine's own
    network address (a client that is not the loopback) asked for the passcode."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", str(tmp_path / "cls"),
                             "--port", "0", "--no-browser", "--lan"], stderr=subprocess.PIPE,
                            text=True, env=env, cwd=tmp_path)
    try:
        first, second = proc.stderr.readline(), proc.stderr.readline()
        base = re.search(r" at (http://127\.0\.0\.1:(\d+)/) \(Ctrl-C stops it\)", first)
        assert base, first
        lan = re.fullmatch(r"printkit serve: phones on the local network: (http://([\d.]+):"
                           r"(\d+))/ with the passcode ([A-Z2-9]{8}) \(each class's page shows "
                           r"its QR code\)\n", second)
        assert lan, second
        assert lan[3] == base[2]
        assert "New class" in _opener().open(base[1], timeout=30).read().decode()
        if lan[2] != "127.0.0.1":                  # a machine with a network
            with pytest.raises(urllib.error.HTTPError) as asked:
                _opener().open(lan[1] + "/", timeout=30)
            assert asked.value.code == 401
            op = _opener()
            page = op.open(f"{lan[1]}/?passcode={lan[4]}", timeout=30).read().decode()
            assert "Hand in" in page and "New class" not in page
        proc.send_signal(signal.SIGINT)
        assert proc.wait(20) == 130
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)


def _start(folder: Path, cwd: Path) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", str(folder), "--port",
                             "0", "--no-browser"], stderr=subprocess.PIPE, text=True, env=env,
                            cwd=cwd)
    assert proc.stderr is not None
    line = proc.stderr.readline()
    found = re.search(r" at http://127\.0\.0\.1:(\d+)/ \(Ctrl-C stops it\)", line)
    assert found, line
    return proc, found.group(1)


def test_a_server_killed_mid_upload_counts_no_half_written_hand_in(tmp_path):
    """SIGKILL while a photo's body is half sent, and again just after whole ones were sent:
    after each restart every hand-in the store counts has its whole file, and the one cut
    short is neither counted nor kept."""
    import http.client

    from printkit.server.store import Store

    folder = tmp_path / "cls"
    proc, port = _start(folder, tmp_path)
    base = f"http://127.0.0.1:{port}/"
    try:
        _flow(base)
    finally:
        proc.kill()
        proc.wait(10)
    photo = b"\xff\xd8\xff\xe0" + bytes(range(256)) * (6 * 4096)     # 6 MB "JPEG"
    sent: list[bytes] = []
    for attempt, cut in enumerate((0.5, 1.0, 1.0, 1.0)):
        proc, port = _start(folder, tmp_path)
        try:
            op = _opener()
            token = _token(op, f"http://127.0.0.1:{port}/classes/1")
            jar = next(h.cookiejar for h in op.handlers if hasattr(h, "cookiejar"))
            cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
            data = photo + attempt.to_bytes(2, "big")
            body = (f"--b\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{token}\r\n"
                    f"--b\r\nContent-Disposition: form-data; name=\"files\"; filename=\"p{attempt}"
                    f".jpg\"\r\n\r\n").encode() + data + b"\r\n--b--\r\n"
            conn = http.client.HTTPConnection("127.0.0.1", int(port), timeout=30)
            conn.putrequest("POST", "/classes/1/handin")
            for name, value in (("Content-Type", "multipart/form-data; boundary=b"),
                                ("Content-Length", str(len(body))), ("Cookie", cookie)):
                conn.putheader(name, value)
            conn.endheaders()
            conn.send(body[:int(len(body) * cut)])
            if cut == 1.0:
                sent.append(data)
                if attempt == 3:                    # answered: surely taken, then killed
                    assert conn.getresponse().status == 200
                else:
                    time.sleep(0.05 * (attempt - 1))   # killed while it is being taken
            else:
                time.sleep(0.3)
        finally:
            proc.kill()
            proc.wait(10)
            conn.close()
        handins = folder / "class-1" / "handins"
        rows = Store(folder).submissions(1)
        for row in rows:                            # counted: whole, as sent
            assert (handins / row.stored).read_bytes() in sent, row
            assert row.size == len(sent[0])
        assert all(r.original != "p0.jpg" for r in rows)         # the half-sent one
        kept = {p.name for p in handins.iterdir() if not p.name.startswith(".")}
        assert not any((handins / k).read_bytes()[:len(photo)] != photo for k in kept)
    proc, port = _start(folder, tmp_path)                    # a last start: pages answer
    try:
        page = _opener().open(f"http://127.0.0.1:{port}/classes/1", timeout=30).read().decode()
        rows = Store(folder).submissions(1)
        assert page.count("</td><td>JPEG photo</td>") == len(rows)
        assert "<td>p3.jpg</td><td>JPEG photo</td>" in page
        print(f"\n{len(rows)} of {len(sent)} whole hand-ins taken before the kill")
    finally:
        proc.kill()
        proc.wait(10)


def _log(rec: Path, out: Path, prefix: str) -> Path:
    """A record's filled bubble log, rendered from it."""
    pdf = out / f"{prefix}.pdf"
    r = run_cli("render", "postcard", "bubblelog", "--dense", "--from", rec, "--out", pdf)
    assert r.code == 0, r.stderr
    return pdf


def _log_photos(pdf: Path, out: Path, prefix: str) -> list[Path]:
    """A filled bubble log's every sheet as a phone photo (JPEG)."""
    import cv2
    import pypdfium2 as pdfium

    from tests.omr.distort import Distortion, distort, page_image

    data = pdf.read_bytes()
    photos = []
    for page in range(len(pdfium.PdfDocument(data))):
        image = distort(page_image(data, page, 110), Distortion(dpi=110, angle=-2.0))
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 75])
        assert ok
        photos.append(out / f"{prefix}_{page + 1:02d}.jpg")
        photos[-1].write_bytes(jpeg.tobytes())
    return photos


@pytest.mark.skipif(not CHROMIUM.exists(), reason="headless Chromium not installed "
                                                  "(/usr/bin/chromium)")
def test_a_class_in_chromium_as_a_teacher_makes_and_audits_it(tmp_path):
    """In a real headless Chromium, driven over the DevTools protocol: make a class by its
    form, download the pack by its link, hand in phone photos of two matches' filled bubble
    logs (one with a planted slip) by the file input, watch the progress bar, then read the
    standings, the missing match and the slip from the page; a screenshot of every page."""
    import csv
    import io

    import pypdfium2 as pdfium

    from tests.server.cdp import Browser

    shots = Path(os.environ.get("PRINTKIT_SHOTS", tmp_path / "shots"))
    shots.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", str(tmp_path / "cls"),
                             "--port", "0", "--no-browser", "--lan"], stderr=subprocess.PIPE,
                            text=True, env=env, cwd=tmp_path)
    browser = None
    try:
        base = re.search(r" at (http://127\.0\.0\.1:\d+/) ", proc.stderr.readline())[1]
        passcode = re.search(r"passcode ([A-Z2-9]{8})", proc.stderr.readline())[1]
        browser = Browser(tmp_path / "profile")
        browser.go(base)
        browser.screenshot(shots / "serve-home.png")
        browser.js("document.querySelector('#game').value = 'postcard'")
        browser.type("#teams", "Owls\nCats\nFoxes\nBears\n")
        browser.click('form[action="/classes"] button[type="submit"]')
        page = browser.text()
        assert "Class 1: PostCard Football" in page
        assert "Teams: Owls, Cats, Foxes, Bears." in page and passcode in page
        browser.screenshot(shots / "serve-class-new.png")

        downloads = tmp_path / "downloads"
        downloads.mkdir()
        browser.downloads_to(downloads)
        browser.js("document.querySelector('a[href$=\"/pack.pdf\"]').click()")
        pack = downloads / "class-1-pack.pdf"
        end = time.monotonic() + 60
        while not pack.exists() and time.monotonic() < end:
            time.sleep(0.2)
        doc = pdfium.PdfDocument(pack.read_bytes())
        assert len(doc) > 3
        assert "Owls" in "".join(doc[i].get_textpage().get_text_range()
                                 for i in range(len(doc)))

        klass = tmp_path / "cls" / "class-1"
        recs = tmp_path / "recs"
        r = run_cli("simulate", "postcard", "--class", klass, "--out", recs)
        assert r.code == 0, r.stderr
        fixtures = {row["match"]: (row["home"], row["away"]) for row in
                    csv.DictReader(io.StringIO((klass / "results.csv").read_text()))}
        clean, slipped = sorted(fixtures)[:2]
        missing = [m for m in sorted(fixtures) if m not in (clean, slipped)]
        # a slip a bubble log carries: the first first down written as a second down (the
        # class's seeds are new each run, so the slip is planted by hand, not drawn)
        rec = recs / f"{slipped}.rec"
        text = rec.read_text()
        at = re.search(r"\{[HA] 1&10 ", text)
        assert at is not None
        rec.write_text(text[:at.start()] + at.group().replace("1&10", "2&10")
                       + text[at.end():])
        slip = {"rule": "PC-DOWN-001"}
        photos_dir = tmp_path / "photos"
        photos_dir.mkdir()
        logs = {slipped: _log(rec, photos_dir, f"IMG_{slipped}")}
        r = run_cli("verify", logs[slipped])
        assert r.code == 1 and "PC-DOWN-001" in r.stdout, r.stdout + r.stderr
        photos = (_log_photos(_log(recs / f"{clean}.rec", photos_dir, f"IMG_{clean}"),
                              photos_dir, f"IMG_{clean}")
                  + _log_photos(logs[slipped], photos_dir, f"IMG_{slipped}"))
        browser.go(base + "classes/1")
        browser.pick_files("#files", photos)
        browser.click('form[action="/classes/1/handin"] button[type="submit"]')
        assert f"{len(photos)} files handed in; the audit runs" in browser.text()
        browser.screenshot(shots / "serve-class-handed-in.png")

        browser.go(base + "classes/1/results")
        bar_seen = False
        end = time.monotonic() + 240
        while time.monotonic() < end:          # the page reloads itself until it is done
            try:
                state = browser.js("(() => { const p = document.getElementById("
                                   "'audit-progress'); return p ? [p.value, p.max] : null; })()")
                text = browser.text()
            except RuntimeError:                # caught mid-reload
                time.sleep(0.3)
                continue
            if state is not None:
                if not bar_seen and state[0] > 0:
                    browser.screenshot(shots / "serve-results-progress.png")
                bar_seen = bar_seen or state[0] > 0
                assert state[1] == len(photos) or state[0] == 0, state
            elif "Standings" in text:
                break
            time.sleep(0.5)
        text = browser.text()
        browser.screenshot(shots / "serve-results.png")
        assert "2 records: 1 clean, 1 with findings, 0 unreadable" in text, text[:2000]
        for m in missing:
            h, a = fixtures[m]
            assert f"{m} {h} v {a}: no record" in text
        hs, as_ = fixtures[slipped]
        assert f"{slipped} {hs} v {as_}: pending (its records have findings" in text
        standings = browser.js(
            "[...document.querySelectorAll('table')[0].rows].slice(1).map("
            "r => [...r.cells].map(c => c.innerText))")
        played = {row[1]: int(row[2]) for row in standings}
        assert played == {t: int(t in fixtures[clean])
                          for t in ("Owls", "Cats", "Foxes", "Bears")}
        assert slip["rule"] in text
        findings = browser.js("[...document.querySelectorAll('h3')].map(h => h.innerText)")
        assert findings and all(f.endswith("annotated sheets (PDF)") for f in findings)
        sheet = browser.js("document.querySelector('a.sheets').href")
        assert re.fullmatch(re.escape(base) + r"classes/1/sheets/[A-Za-z0-9_-]{16}\.pdf", sheet)

        browser.go(base + "classes/1")
        listing = browser.text()
        browser.screenshot(shots / "serve-class-read.png")
        n = sum(p.name.startswith(f"IMG_{clean}_") for p in photos)
        for k in range(1, n + 1):
            assert f"IMG_{clean}_{k:02d}.jpg\tJPEG photo\t{clean} sheet {k} of {n}" in listing
        browser.go(base + "classes/1/board")
        browser.screenshot(shots / "serve-board.png")
        browser.go(base + "classes/1/phone")
        browser.screenshot(shots / "serve-phone.png")
        assert "Take a photo" in browser.text()
    finally:
        if browser is not None:
            browser.close()
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
