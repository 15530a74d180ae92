"""Fillable PDF logs: filled programmatically (pypdf, as a tablet would), then verified."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from pypdf import PdfReader, PdfWriter

from tests.helpers import run_cli

RECORDS = Path(__file__).parent / "records"


@cache
def _blank_bytes(game: str, log: str = "") -> bytes:
    from printkit import sheets
    from tests.helpers import render_sheet

    return render_sheet(game, "bubblelog", opts=sheets.RenderOptions(
        extra={"fillable": True, "sheets": 1, "log": log}))


def _blank(tmp_path: Path, game: str = "postcard", log: str = "") -> Path:
    """A one-page blank fillable log of the game (rendered once a game and log: `log` names
    one of a game's several logs, the grid game's "passages")."""
    out = tmp_path / "blank.pdf"
    out.write_bytes(_blank_bytes(game, log))
    return out


def _fill(blank: Path, values: dict[str, str], out: Path) -> Path:
    writer = PdfWriter(clone_from=PdfReader(str(blank)))
    for page in writer.pages:
        writer.update_page_form_field_values(page, values, auto_regenerate=False)
    buf = io.BytesIO()
    writer.write(buf)
    out.write_bytes(buf.getvalue())
    return out


def test_fields_one_per_cell_and_the_game_field(tmp_path):
    fields = PdfReader(str(_blank(tmp_path))).get_fields()
    assert fields["printkit.game"]["/V"] == "postcard"
    for name in ("L001.action", "L001.die1", "L001.outcome", "L032.spot", "tag.Seed",
                 "tag.Result"):
        assert name in fields


def test_a_filled_log_verifies(tmp_path):
    values = {"tag.Seed": "doc-0003", "tag.HomeSkill": "offense-rushing",
              "tag.AwaySkill": "offense-rushing",
              "L001.action": "toss", "L001.die1": "h6", "L001.die2": "A1", "L001.outcome": "H",
              "L001.phase": "KO",
              "L002.action": "Kickoff", "L002.kicker": "H", "L002.picks": "4v3",
              "L003.action": "run", "L003.die1": "A5", "L003.die2": "H6", "L003.outcome": "+5"}
    filled = _fill(_blank(tmp_path), values, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert r.code == 0, r.stdout
    assert r.stdout == f"{filled}: postcard: 3 lines checked, clean; score 0-0, game not over\n"


def test_a_slip_in_a_cell_is_a_finding(tmp_path):
    values = {"tag.Seed": "doc-0003", "tag.HomeSkill": "offense-rushing",
              "tag.AwaySkill": "offense-rushing",
              "L001.action": "toss", "L001.die1": "H6", "L001.die2": "A1", "L001.outcome": "H",
              "L002.action": "kickoff", "L002.kicker": "H", "L002.picks": "4v3",
              "L003.action": "run", "L003.die1": "A5", "L003.die2": "H6", "L003.outcome": "+10"}
    filled = _fill(_blank(tmp_path), values, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert r.code == 1
    # the record read: tags Game, Seed, HomeSkill, AwaySkill (no Result: its cell is empty),
    # a blank line, then the log's lines: the run is record line 8
    assert r.stdout.startswith(f"{filled}:8: PC-RUN-001: ")
    assert "(expected +5, found +10)" in r.stdout.splitlines()[0]


def test_a_cell_that_is_no_token_is_reported_not_guessed(tmp_path):
    values = {"L001.action": "toss", "L001.die1": "H9", "L001.die2": "A1", "L001.outcome": "H"}
    filled = _fill(_blank(tmp_path), values, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert r.stdout.splitlines()[0] == f"{filled}:1: unreadable cell: die1 'H9'"


def test_a_cell_its_line_does_not_write_is_reported_not_dropped(tmp_path):
    # the grid game's score sheet: line 2 is a score line with a finishing time's minutes
    # filled in too; a score line has no time, so the minutes would be lost without a word
    values = {"L001.who": "H", "L001.code": "T", "L001.home": "4", "L001.away": "0",
              "L001.next": "A2",
              "L002.who": "H", "L002.code": "C", "L002.home": "6", "L002.away": "0",
              "L002.next": "A2", "L002.minutes": "40"}
    filled = _fill(_blank(tmp_path, "cardgrid"), values, tmp_path / "filled.pdf")
    r = run_cli("verify", str(filled))
    assert r.stdout.splitlines()[0] == \
        f"{filled}:2: minutes filled in, which this line does not write"
