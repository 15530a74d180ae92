"""`printkit audit` over a folder mixing typed records, a phone photo of a bubble sheet and a
filled fillable PDF log (issue 18): each is read into a record and verified."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2

from tests.helpers import run_cli
from tests.omr.distort import Distortion, distort, page_image
from tests.omr.test_fillable import _blank, _fill

RECORD = Path(__file__).parent / "records" / "postcard_start.rec"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "game.rec"


def test_audit_reads_photos_scans_and_filled_pdfs(tmp_path):
    folder = tmp_path / "hand-in"
    folder.mkdir()
    shutil.copy(EXAMPLE, folder / "typed.rec")
    sheet = tmp_path / "sheet.pdf"
    assert run_cli("render", "postcard", "bubblelog", "--dense", "--from", str(RECORD),
                   "--out", str(sheet)).code == 0
    shutil.copy(sheet, folder / "scan.pdf")
    # the photo: a game cut short that fits one sheet, so its sheet 1 is marked the last (a
    # photo of sheet 1 of the two above is no whole game: test_last_sheet.py)
    short = tmp_path / "short.rec"
    lines = RECORD.read_text().splitlines()
    body = [k for k, t in enumerate(lines) if t.strip() and not t.startswith(("[", ";"))]
    short.write_text("\n".join(lines[:body[10]]) + "\n")
    one = tmp_path / "one.pdf"
    assert run_cli("render", "postcard", "bubblelog", "--dense", "--from", str(short),
                   "--out", str(one)).code == 0
    photo = distort(page_image(one.read_bytes(), 0, 200), Distortion(dpi=200, angle=7.0))
    cv2.imwrite(str(folder / "photo.JPG"), photo, [cv2.IMWRITE_JPEG_QUALITY, 70])
    values = {"tag.Seed": "doc-0003", "tag.HomeSkill": "offense-rushing",
              "tag.AwaySkill": "offense-rushing",
              "L001.action": "toss", "L001.die1": "H6", "L001.die2": "A1", "L001.outcome": "H",
              "L002.action": "kickoff", "L002.kicker": "H", "L002.picks": "4v3",
              "L003.action": "run", "L003.die1": "A5", "L003.die2": "H6", "L003.outcome": "+10"}
    _fill(_blank(tmp_path), values, folder / "tablet.pdf")
    r = run_cli("audit", str(folder), "--format", "json")
    data = json.loads(r.stdout)
    status = {Path(e["file"]).name: e["status"] for e in data["records"]}
    assert status == {"typed.rec": "clean", "scan.pdf": "clean", "photo.JPG": "clean",
                      "tablet.pdf": "findings"}
    tablet = next(e for e in data["records"] if e["file"].endswith("tablet.pdf"))
    assert [(f["rule"], f["expected"], f["found"]) for f in tablet["findings"]] == [
        ("PC-RUN-001", "+5", "+10")]
    assert r.code == 1
