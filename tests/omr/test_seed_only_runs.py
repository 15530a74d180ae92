"""A Luck of the Draw table prints its sheets with a seed alone (`render luckdraw bubblelog
--seed S`: its players are no teams, a table outside a class has no match): its photos, a
sheet a photo, are one record for `verify` and `audit`, while two tables' runs printed with
one seed are never put together (no sheet number may come twice among a seed's files: each
file is then its own record, and photos of two tables mixed
are not verified, never one game made of two).

The game: tests/omr/records/luckdraw_match.rec without its Match tag (a simulated 4-player
game of 12 drives, clean), shaded on three dense play-book sheets by `render --dense --from`:
96 lines of it on them (its deal and total lines left off: tests/omr/test_verify_runs.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import cv2
import pytest

from tests.helpers import run_cli
from tests.omr.distort import page_image

MATCH = Path(__file__).resolve().parent / "records" / "luckdraw_match.rec"
CLEAN = ": luckdraw: 96 lines checked, clean; 4 players, 12 drives"


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the table's sheets as one PDF (sheets.pdf) and as photos p1-p3.png."""
    folder = tmp_path_factory.mktemp("seed-only")
    record = folder / "game.rec"
    text = MATCH.read_text()
    assert '[Match "M3"]\n' in text
    record.write_text(text.replace('[Match "M3"]\n', ""))
    pdf = folder / "sheets.pdf"
    r = run_cli("render", "luckdraw", "bubblelog", "--dense", "--from", str(record),
                "--out", str(pdf))
    assert r.code == 0, r.stderr
    data = pdf.read_bytes()
    for page in range(3):
        cv2.imwrite(str(folder / f"p{page + 1}.png"), page_image(data, page, 150))
    record.unlink()
    return folder


def test_a_table_s_photos_of_seed_only_sheets_are_one_game(table: Path) -> None:
    photos = [table / f"p{k}.png" for k in (2, 3, 1)]
    r = run_cli("verify", *map(str, photos))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[0] == ", ".join(map(str, photos)) + CLEAN


def test_two_tables_whole_runs_on_one_seed_stay_two_games(table: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "table1.pdf", tmp_path / "table2.pdf"
    shutil.copy(table / "sheets.pdf", first)
    shutil.copy(table / "sheets.pdf", second)
    r = run_cli("verify", str(first), str(second))
    assert r.code == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[:2] == [f"{first}{CLEAN}", f"{second}{CLEAN}"]


def test_two_tables_photos_on_one_seed_are_never_one_game(table: Path, tmp_path: Path) -> None:
    """Table A's photos and table B's (here the same game photographed twice), mixed: each
    sheet number comes twice, so no photo is put with another (which table a sheet 2 is of
    cannot be told from its code): each is its own record, none a whole game, none verified."""
    other = tmp_path / "b"
    other.mkdir()
    for k in (1, 2, 3):
        shutil.copy(table / f"p{k}.png", other / f"q{k}.png")
    files = [table / "p1.png", other / "q1.png", other / "q2.png", table / "p2.png",
             table / "p3.png", other / "q3.png"]
    r = run_cli("verify", *map(str, files))
    assert r.code == 2
    errors = r.stderr.splitlines()
    assert [e.split(": ", 3)[2] for e in errors] == [str(f) for f in files]
    assert all(e.endswith(": not verified") for e in errors)
    assert r.stdout.splitlines()[-1] == ("total: 6 records: 0 clean, 0 with findings "
                                         "(0 findings), 6 unreadable")
