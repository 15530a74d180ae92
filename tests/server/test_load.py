"""30 phones hand in 5 photos each at once, over loopback, to a live `printkit serve`
(threads and urllib): nothing is lost, every file is audited, each request answers in under
1 s at the 95th percentile (asserted with room for a loaded machine; the measure is printed).

The photos are the 8 sheets of one match's filled bubble log, photographed as tests/omr does
(rendered from a rehearsed record, turned, JPEG): each phone sends 5 of them, so most are
sent by several phones, byte for byte, as a phone sends a photo twice; the audit reads each
once and the match's 8 sheets as its record. About 30 s.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from tests.helpers import run_cli

PHONES = 30
PHOTOS = 5                     # each phone's, one request each (the camera input's way)
P95 = 1.0                      # s: the bound
P95_LOADED = 3.0               # s: asserted (2 shared cores); the measure is printed
ROOT = Path(__file__).resolve().parents[2]
BOUNDARY = "pk-load-boundary"


def _photos(tmp_path: Path, klass: Path) -> list[bytes]:
    """A match's filled bubble log, each sheet a small JPEG photo (100 dpi, turned 2 deg)."""
    import cv2
    import pypdfium2 as pdfium

    from tests.omr.distort import Distortion, distort, page_image

    recs = tmp_path / "recs"
    assert run_cli("simulate", "postcard", "--class", klass, "--out", recs).code == 0
    pdf = tmp_path / "m1.pdf"
    r = run_cli("render", "postcard", "bubblelog", "--dense",
                "--from", recs / "M1.rec", "--out", pdf)
    assert r.code == 0, r.stderr
    data = pdf.read_bytes()
    out = []
    for page in range(len(pdfium.PdfDocument(data))):
        image = distort(page_image(data, page, 100), Distortion(dpi=100, angle=2.0))
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 70])
        assert ok
        out.append(jpeg.tobytes())
    return out


def _body(token: str, name: str, photo: bytes) -> bytes:
    return (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{token}\r\n"
            f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"from\"\r\n\r\nphone\r\n"
            f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"files\"; "
            f"filename=\"{name}\"\r\nContent-Type: image/jpeg\r\n\r\n").encode() \
        + photo + f"\r\n--{BOUNDARY}--\r\n".encode()


@pytest.mark.load
def test_thirty_phones_hand_in_five_photos_each_at_once(tmp_path):
    started = time.monotonic()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "printkit", "serve", str(tmp_path / "cls"),
                             "--port", "0", "--no-browser"], stderr=subprocess.PIPE,
                            text=True, env=env, cwd=tmp_path)
    try:
        assert proc.stderr is not None
        base = re.search(r" at (http://127\.0\.0\.1:\d+/) ", proc.stderr.readline())[1]
        teacher = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        home = teacher.open(base, timeout=30).read().decode()
        token = re.search(r'name="csrf" value="([0-9a-f]+)"', home)[1]
        form = urllib.parse.urlencode({"csrf": token, "game": "postcard", "teams":
                                       "Owls\nCats\n", "format": "round-robin",
                                       "paper": "letter"}).encode()
        teacher.open(urllib.request.Request(base + "classes", form), timeout=60).read()
        photos = _photos(tmp_path, tmp_path / "cls" / "class-1")
        n = len(photos)
        assert n >= PHOTOS
        times: list[float] = []
        failures: list[str] = []
        sent: dict[str, bytes] = {}
        lock = threading.Lock()
        go = threading.Barrier(PHONES)

        def phone(k: int) -> None:
            op = urllib.request.build_opener(
                urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
            try:
                page = op.open(base + "classes/1/phone", timeout=30).read().decode()
                csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page)[1]
                go.wait(60)
                for j in range(PHOTOS):
                    name = f"phone{k:02d}-IMG_{j}.jpg"
                    photo = photos[(k + j) % n]
                    req = urllib.request.Request(base + "classes/1/handin",
                                                 _body(csrf, name, photo), {
                        "Content-Type": f"multipart/form-data; boundary={BOUNDARY}"})
                    t = time.monotonic()
                    answer = op.open(req, timeout=60).read().decode()
                    with lock:
                        times.append(time.monotonic() - t)
                        sent[name] = photo
                    assert "1 file handed in" in answer, answer[-500:]
            except Exception as exc:   # noqa: BLE001 - reported below, all of them
                with lock:
                    failures.append(f"phone {k}: {type(exc).__name__}: {exc}")

        threads = [threading.Thread(target=phone, args=(k,)) for k in range(PHONES)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert not failures, failures[:3]
        uploaded = time.monotonic()
        assert len(times) == PHONES * PHOTOS
        p95 = statistics.quantiles(times, n=20)[-1]
        print(f"\n{PHONES * PHOTOS} hand-ins by {PHONES} phones at once: p95 {p95:.3f} s, "
              f"median {statistics.median(times):.3f} s, max {max(times):.3f} s")
        assert p95 < P95_LOADED, f"p95 {p95:.2f} s (the bound is {P95} s on an idle machine)"

        end = time.monotonic() + 120
        while True:                            # the teacher's page polls its progress
            state = json.loads(teacher.open(base + "classes/1/progress", timeout=30).read())
            if state["state"] not in ("queued", "running"):
                break
            assert time.monotonic() < end, state
            time.sleep(0.5)
        print(f"audited {time.monotonic() - uploaded:.1f} s after the last hand-in; "
              f"{time.monotonic() - started:.1f} s in all")
        assert state["state"] == "done", state
        page = teacher.open(base + "classes/1", timeout=30).read().decode()
        rows = re.findall(r"<tr><td>(phone\d\d-IMG_\d\.jpg)</td><td>JPEG photo</td>"
                          r'<td class="read">([^<]*)</td><td>[\d,]+ bytes</td>'
                          r"<td>(h\d{5}\.jpg)</td></tr>", page)
        assert {name for name, _, _ in rows} == set(sent)       # nothing lost
        assert len(rows) == PHONES * PHOTOS
        handins = tmp_path / "cls" / "class-1" / "handins"
        assert sorted(p.name for p in handins.iterdir()) == sorted(s for _, _, s in rows)
        for name, read, stored in rows:        # every file audited: its sheet of the log
            assert (handins / stored).read_bytes() == sent[name]
            sheet = photos.index(sent[name]) + 1
            assert re.fullmatch(rf"(the same file as phone\d\d-IMG_\d\.jpg \[h\d{{5}}\.jpg\]: )?"
                                rf"M1 sheet {sheet} of {n} \(Owls v Cats\)", read), read
        results = teacher.open(base + "classes/1/results", timeout=30).read().decode()
        assert "1 record: 1 clean, 0 with findings, 0 unreadable" in results
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
