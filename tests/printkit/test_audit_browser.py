"""The HTML audit report in a real browser (headless Chromium from the OS packages): it loads
with no console error, and the screenshot shows the standings and a finding's line.

Skips when /usr/bin/chromium is absent (.ci/run installs it when it runs as root)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.helpers import run_cli

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0", "--window-size=1200,1400")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="headless Chromium not installed (/usr/bin/chromium; "
                                       "apt-get install chromium)")


def _browse(page: Path, tmp: Path) -> tuple[str, Path]:
    shot = tmp / f"{page.stem}.png"
    r = subprocess.run([str(CHROMIUM), *FLAGS, f"--user-data-dir={tmp / 'profile'}",
                        f"--screenshot={shot}", page.as_uri()],
                       capture_output=True, text=True, timeout=90)
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stderr, shot


def _console(log: str) -> list[str]:
    return re.findall(r":CONSOLE[^\]]*\] (.*)", log)


def test_the_console_check_can_fail(tmp_path):
    page = tmp_path / "broken.html"
    page.write_text("<html><body><script>nosuch();</script></body></html>")
    log, _ = _browse(page, tmp_path)
    assert any("nosuch is not defined" in m for m in _console(log))


def test_report_loads_clean_and_shows_standings_and_a_finding(tmp_path):
    from PIL import Image

    recs = tmp_path / "recs"
    recs.mkdir()
    rec = ('[Game "postcard"]\n[Home "Owls"]\n[Away "Cats"]\n[Result "0-1"]\n\n'
           "toss H5 A2 = H {KO 0-0 T0/0 P0/0 B0/0}\n")
    (recs / "a.rec").write_text(rec)
    from printkit_engine import registry

    game = registry.get("postcard")
    (recs / "b.rec").write_text(game.bots.play("browser-1", game.rules(), date=None).text())
    report = tmp_path / "audit.html"
    r = run_cli("audit", recs, "--format", "html", "--out", report)
    assert r.code == 1, r.stderr
    html = report.read_text()
    assert "http://" not in html and "https://" not in html      # self-contained
    assert "PC-END-002" in html and 'id=standings' in html
    log, shot = _browse(report, tmp_path)
    assert _console(log) == []
    img = Image.open(shot).convert("RGB")
    colours = {c for _, c in img.getcolors(maxcolors=1 << 20)}
    assert (0xE8, 0xEE, 0xF4) in colours          # the standings table's header row
    assert (0xFD, 0xEC, 0xEA) in colours          # the line a finding points at
